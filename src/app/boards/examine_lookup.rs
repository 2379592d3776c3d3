//! "Examine" on a finished game of ours. The servers examine a game by its
//! number in a player's history (`examine NAME N`), which the game's tile
//! does not know: Kibitz asks for our history (quietly), and examines its
//! newest row when that row is the game (the same opponent); otherwise it
//! says why not.

use crate::protocol::command::{Command, ExamineTarget};
use crate::protocol::event::Event;
use crate::protocol::framing::Prompt;
use crate::protocol::history::{HistoryLine, HistoryRow};

#[derive(Debug, Default)]
pub struct ExamineLookup {
    pending: Option<Pending>,
}

#[derive(Debug)]
struct Pending {
    me: String,
    opponent: String,
    /// Our history's header came: the rows that follow are ours.
    reading: bool,
    /// The newest row so far (the servers list the newest last).
    newest: Option<HistoryRow>,
}

impl ExamineLookup {
    /// The user asked to examine a finished game of `me` against
    /// `opponent`: the history to ask for.
    pub fn ask(&mut self, me: &str, opponent: &str) -> Command {
        self.pending = Some(Pending {
            me: me.to_owned(),
            opponent: opponent.to_owned(),
            reading: false,
            newest: None,
        });
        Command::History(me.to_owned())
    }

    /// One event: at the end of our history, the `examine` to send, or why
    /// there is none.
    pub fn on_event(&mut self, event: &Event) -> Option<Result<Command, String>> {
        let pending = self.pending.as_mut()?;
        match event {
            Event::History(HistoryLine::Header { handle }) => {
                pending.reading = handle.eq_ignore_ascii_case(&pending.me);
                None
            }
            Event::History(HistoryLine::Row(row)) if pending.reading => {
                pending.newest = Some(row.clone());
                None
            }
            Event::History(HistoryLine::NoGames { handle })
                if handle
                    .as_deref()
                    .is_none_or(|h| h.eq_ignore_ascii_case(&pending.me)) =>
            {
                self.pending = None;
                Some(Err("Your history has no games yet".to_owned()))
            }
            Event::Prompt(Prompt::Command) if pending.reading => {
                let pending = self.pending.take()?;
                Some(match pending.newest {
                    Some(row) if row.opponent.eq_ignore_ascii_case(&pending.opponent) => {
                        Ok(Command::Examine(ExamineTarget::History {
                            handle: pending.me,
                            slot: row.slot,
                        }))
                    }
                    Some(_) => Err(format!(
                        "The game against {} is not the newest in your history",
                        pending.opponent
                    )),
                    None => Err("Your history lists no games".to_owned()),
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::history::parse_history_line;

    fn history(lines: &[&str]) -> Vec<Event> {
        let mut events: Vec<Event> = lines
            .iter()
            .map(|l| Event::History(parse_history_line(l).expect(l)))
            .collect();
        events.push(Event::Prompt(Prompt::Command));
        events
    }

    fn run(lookup: &mut ExamineLookup, events: &[Event]) -> Option<Result<Command, String>> {
        events.iter().find_map(|e| lookup.on_event(e))
    }

    #[test]
    fn the_newest_row_against_the_opponent_is_examined() {
        let mut lookup = ExamineLookup::default();
        assert_eq!(
            lookup.ask("KibUser", "BotA"),
            Command::History("KibUser".into())
        );
        let events = history(&[
            "History for KibUser:",
            " 0: - 1558 B 1882 BotA          [ lr  1   0] C40 Fla Wed Nov 25 05:20:19 2026",
            " 1: + 1882 W 1558 BotA          [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
        ]);
        assert_eq!(
            run(&mut lookup, &events),
            Some(Ok(Command::Examine(ExamineTarget::History {
                handle: "KibUser".into(),
                slot: 1
            })))
        );
        // Done: the next history is nobody's business here.
        assert_eq!(run(&mut lookup, &events), None);
    }

    #[test]
    fn another_opponent_or_no_games_say_why() {
        let mut lookup = ExamineLookup::default();
        lookup.ask("KibUser", "BotC");
        let events = history(&[
            "History for KibUser:",
            " 1: + 1882 W 1558 BotA          [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
        ]);
        assert!(matches!(run(&mut lookup, &events), Some(Err(_))));
        lookup.ask("KibUser", "BotC");
        let events = history(&["Sorry, no game information available."]);
        assert!(matches!(run(&mut lookup, &events), Some(Err(_))));
        // Somebody else's history (a card) is not ours.
        lookup.ask("KibUser", "BotA");
        let events = history(&[
            "History for BotA:",
            " 1: - 1558 B 1882 KibUser       [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
        ]);
        assert_eq!(run(&mut lookup, &events), None);
    }
}
