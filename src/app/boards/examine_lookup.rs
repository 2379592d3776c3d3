//! "Examine" on a finished game of ours. The servers examine a game by its
//! number in a player's history (`examine NAME N`), which the game's tile
//! does not know: Kibitz asks for our history (quietly), and examines its
//! newest row when that row is the game (the same opponent); otherwise it
//! says why not.

use crate::protocol::command::{Command, ExamineTarget};
use crate::protocol::reply::Answer;

#[derive(Debug, Default)]
pub struct ExamineLookup {
    pending: Option<Pending>,
}

#[derive(Debug)]
struct Pending {
    me: String,
    opponent: String,
}

impl ExamineLookup {
    /// The user asked to examine a finished game of `me` against
    /// `opponent`: the history to ask for.
    pub fn ask(&mut self, me: &str, opponent: &str) -> Command {
        self.pending = Some(Pending {
            me: me.to_owned(),
            opponent: opponent.to_owned(),
        });
        Command::History(me.to_owned())
    }

    /// The reply to our history: the `examine` to send, or why there is
    /// none. The servers list the newest game last.
    pub fn answered(&mut self, answer: &Answer) -> Option<Result<Command, String>> {
        let pending = self.pending.take()?;
        let rows = match answer {
            Answer::History { rows, .. } => rows,
            _ => return Some(Err("Your history could not be read".to_owned())),
        };
        Some(match rows.last() {
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
            None => Err("Your history has no games yet".to_owned()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::history::{HistoryLine, parse_history_line};

    fn history(lines: &[&str]) -> Answer {
        let mut answer = Answer::Done;
        for line in lines {
            match parse_history_line(line).expect(line) {
                HistoryLine::Header { handle } => {
                    answer = Answer::History {
                        handle: Some(handle),
                        rows: Vec::new(),
                    }
                }
                HistoryLine::NoGames { handle } => {
                    answer = Answer::History {
                        handle,
                        rows: Vec::new(),
                    }
                }
                HistoryLine::Row(row) => {
                    if let Answer::History { rows, .. } = &mut answer {
                        rows.push(row);
                    }
                }
            }
        }
        answer
    }

    #[test]
    fn the_newest_row_against_the_opponent_is_examined() {
        let mut lookup = ExamineLookup::default();
        assert_eq!(
            lookup.ask("KibUser", "BotA"),
            Command::History("KibUser".into())
        );
        let answer = history(&[
            "History for KibUser:",
            " 0: - 1558 B 1882 BotA          [ lr  1   0] C40 Fla Wed Nov 25 05:20:19 2026",
            " 1: + 1882 W 1558 BotA          [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
        ]);
        assert_eq!(
            lookup.answered(&answer),
            Some(Ok(Command::Examine(ExamineTarget::History {
                handle: "KibUser".into(),
                slot: 1
            })))
        );
        // Done: the next history is nobody's business here.
        assert_eq!(lookup.answered(&answer), None);
    }

    #[test]
    fn another_opponent_or_no_games_say_why() {
        let mut lookup = ExamineLookup::default();
        lookup.ask("KibUser", "BotC");
        let answer = history(&[
            "History for KibUser:",
            " 1: + 1882 W 1558 BotA          [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
        ]);
        assert!(matches!(lookup.answered(&answer), Some(Err(_))));
        lookup.ask("KibUser", "BotC");
        let answer = history(&["Sorry, no game information available."]);
        assert!(matches!(lookup.answered(&answer), Some(Err(_))));
    }
}
