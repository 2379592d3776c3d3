//! Replies to requests Kibitz made itself (the lobby's `games` and
//! `sought`, `moves N` to complete a history, `observe N` for the wall and
//! after a reconnect) fill the lobby and the game panels, not the console. The server answers commands in the order they
//! were sent, so counting our own requests is enough to tell our replies
//! from the ones to what the user typed: a user's `games` sent after ours is
//! answered after ours, and is shown.
//!
//! A `moves` listing arrives as text lines that the decoder also reads into
//! one `MoveList` event at its end. Its lines are held back while it is
//! read and dropped when the list is complete; if the listing turns out to
//! be something else (no `MoveList` follows), they go to the console after
//! all: nothing the server says is lost.
//!
//! An `observe N` of ours is answered `You are now observing game N.` and
//! the game's header (both kept out), or refused (`There is no such game.`
//! carries no number: the refusal belongs to our oldest `observe` still
//! unanswered); a refusal is kept out and reported, so that a game that
//! ended while we were disconnected says so at once.

use std::collections::VecDeque;

use crate::protocol::adjourned::{AdjournedLine, parse_adjourned_line};
use crate::protocol::command::{Command, ListOp, ObserveTarget};
use crate::protocol::event::Event;
use crate::protocol::finger::FingerParser;
use crate::protocol::games_list::{parse_games_end, parse_games_entry};
use crate::protocol::history::{HistoryLine, parse_history_line};
use crate::protocol::journal::{JournalLine, parse_journal_line};
use crate::protocol::message::{Message, parse_message};
use crate::protocol::movelist::MoveListParser;
use crate::protocol::notify::parse_notify_header;
use crate::protocol::seek::{parse_sought_end, parse_sought_entry};
use crate::protocol::who::{parse_who_end, parse_who_line};

/// Lines of a `moves` listing held back at most (a 300-move game has
/// about 160); past that they are shown.
const HELD_LINES: usize = 1000;

/// Our own requests whose replies are still to come.
#[derive(Debug, Default)]
pub struct OwnReplies {
    games: usize,
    sought: usize,
    who: usize,
    /// Our `finger`s not answered yet, and whether one is being read.
    fingers: usize,
    in_finger: bool,
    /// Our `history`s not answered yet, and whether one is being read
    /// (it ends at the next prompt).
    histories: usize,
    in_history: bool,
    /// Our `journal`s not answered yet, and whether one is being read
    /// (it ends at the next prompt).
    journals: usize,
    in_journal: bool,
    /// Our `stored`s not answered yet, and whether one is being read
    /// (it ends at the next prompt).
    stored: usize,
    in_stored: bool,
    /// Our `=notify`s not answered yet, and whether its names line is next.
    notify_lists: usize,
    in_notify_list: bool,
    moves: usize,
    /// Our `observe N`, oldest first, not yet answered.
    observes: VecDeque<u32>,
    /// An `observe` of ours just started: its header line is ours too.
    header_of: Option<u32>,
    /// Lines of a `moves` listing of ours being read, held back.
    held: Option<Vec<String>>,
}

/// What the console gets for an event.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Console {
    /// Held lines to show first (a listing that was not one after all).
    pub release: Vec<String>,
    /// Whether the event itself is shown (false: part of our own reply).
    pub show: bool,
    /// The server refused our `observe` of this game.
    pub observe_refused: Option<u32>,
}

impl Console {
    const SHOW: Console = Console {
        release: Vec::new(),
        show: true,
        observe_refused: None,
    };
    const HIDE: Console = Console {
        release: Vec::new(),
        show: false,
        observe_refused: None,
    };
}

impl OwnReplies {
    /// Kibitz sent `command` on its own.
    pub fn asked(&mut self, command: &Command) {
        match command {
            Command::Games => self.games += 1,
            Command::Sought => self.sought += 1,
            Command::Who(_) => self.who += 1,
            Command::Finger(_) => self.fingers += 1,
            Command::History(_) => self.histories += 1,
            Command::Journal(_) => self.journals += 1,
            Command::Stored(_) => self.stored += 1,
            Command::Notify(ListOp::Show) => self.notify_lists += 1,
            Command::Moves(_) => self.moves += 1,
            Command::Observe(ObserveTarget::Game(game)) => self.observes.push_back(*game),
            _ => {}
        }
    }

    /// The games of our `observe`s not answered yet.
    pub fn pending_observes(&self) -> impl Iterator<Item = u32> + '_ {
        self.observes.iter().copied()
    }

    /// The connection is gone: what we asked on it is never answered.
    pub fn forget(&mut self) {
        *self = OwnReplies::default();
    }

    /// Whether `event`'s text belongs in the console.
    pub fn console(&mut self, event: &Event) -> Console {
        if let Some(held) = self.held.as_mut() {
            match event {
                Event::Text(text) if held.len() < HELD_LINES => {
                    held.push(text.clone());
                    return Console::HIDE;
                }
                Event::MoveList(_) => {
                    self.held = None;
                    self.moves = self.moves.saturating_sub(1);
                    return Console::HIDE;
                }
                _ => {
                    // Not a listing after all: what was held is shown.
                    self.moves = self.moves.saturating_sub(1);
                    let release = self.held.take().unwrap_or_default();
                    let rest = self.console(event);
                    return Console { release, ..rest };
                }
            }
        }
        match event {
            Event::Text(text) if self.moves > 0 && MoveListParser::start(text).is_some() => {
                self.held = Some(vec![text.clone()]);
                Console::HIDE
            }
            Event::Text(text)
                if self.games > 0
                    && (parse_games_entry(text).is_some() || parse_games_end(text).is_some()) =>
            {
                Console::HIDE
            }
            Event::Text(text)
                if self.sought > 0
                    && (parse_sought_entry(text).is_some() || parse_sought_end(text).is_some()) =>
            {
                Console::HIDE
            }
            Event::Text(text)
                if self.who > 0
                    && (parse_who_line(text).is_some() || parse_who_end(text).is_some()) =>
            {
                Console::HIDE
            }
            Event::WhoEntries(_) if self.who > 0 => Console::HIDE,
            // A finger of ours: from its header to the record at the prompt.
            Event::Text(text) if self.fingers > 0 && FingerParser::start(text).is_some() => {
                self.in_finger = true;
                Console::HIDE
            }
            Event::Text(_) if self.in_finger => Console::HIDE,
            Event::Finger(_) if self.in_finger => {
                self.in_finger = false;
                self.fingers -= 1;
                Console::HIDE
            }
            // A history of ours: its header (or "no history games"), the
            // column names and the rows, up to the prompt.
            Event::Text(text)
                if self.histories > 0
                    && matches!(
                        parse_history_line(text),
                        Some(HistoryLine::Header { .. } | HistoryLine::NoGames { .. })
                    ) =>
            {
                self.in_history = true;
                Console::HIDE
            }
            Event::Text(_) if self.in_history => Console::HIDE,
            // A journal of ours: its header, or why there is none (FatICS
            // keeps no journals: "journal: Command not found."), up to the
            // prompt.
            Event::Text(text)
                if self.journals > 0
                    && (matches!(
                        parse_journal_line(text),
                        Some(JournalLine::Header { .. } | JournalLine::NoJournal { .. })
                    ) || text == "journal: Command not found.") =>
            {
                self.in_journal = true;
                Console::HIDE
            }
            Event::Text(_) | Event::Journal(_) if self.in_journal => Console::HIDE,
            Event::Prompt(_) if self.in_journal => {
                self.in_journal = false;
                self.journals -= 1;
                Console::SHOW
            }
            // A `stored` of ours: its header (or "no adjourned games") and
            // rows, up to the prompt.
            Event::Text(text)
                if self.stored > 0
                    && matches!(
                        parse_adjourned_line(text),
                        Some(AdjournedLine::StoredHeader { .. } | AdjournedLine::NoneStored { .. })
                    ) =>
            {
                self.in_stored = true;
                Console::HIDE
            }
            Event::Text(_) | Event::Adjourned(_) if self.in_stored => Console::HIDE,
            Event::Prompt(_) if self.in_stored => {
                self.in_stored = false;
                self.stored -= 1;
                Console::SHOW
            }
            // Our `=notify`: the header, the names, the list; or the old
            // FICS's refusal.
            Event::Text(text) if self.notify_lists > 0 && parse_notify_header(text).is_some() => {
                self.in_notify_list = true;
                Console::HIDE
            }
            // Only the one line of names after it.
            Event::Text(_) if self.in_notify_list => {
                self.in_notify_list = false;
                Console::HIDE
            }
            Event::NotifyList(_) if self.notify_lists > 0 => {
                self.in_notify_list = false;
                self.notify_lists -= 1;
                Console::HIDE
            }
            Event::Text(text)
                if self.notify_lists > 0 && text == "=notify: Command has failed." =>
            {
                self.notify_lists -= 1;
                Console::HIDE
            }
            // Our finger, history and journal of a handle the server does
            // not know: one line each, in the order asked.
            Event::Text(text)
                if (self.fingers > 0 || self.histories > 0 || self.journals > 0)
                    && text.starts_with("There is no player matching") =>
            {
                if self.fingers > 0 {
                    self.fingers -= 1;
                } else if self.histories > 0 {
                    self.histories -= 1;
                } else {
                    self.journals -= 1;
                }
                Console::HIDE
            }
            Event::History(_) if self.in_history => Console::HIDE,
            Event::Prompt(_) if self.in_history => {
                self.in_history = false;
                self.histories -= 1;
                Console::SHOW
            }
            Event::WhoEnd(_) if self.who > 0 => {
                self.who -= 1;
                Console::HIDE
            }
            Event::GamesEnd(_) if self.games > 0 => {
                self.games -= 1;
                Console::HIDE
            }
            Event::SoughtEnd { .. } if self.sought > 0 => {
                self.sought -= 1;
                Console::HIDE
            }
            Event::Text(text) if !self.observes.is_empty() || self.header_of.is_some() => {
                self.observe_reply(text)
            }
            Event::Board(board) if self.observes.contains(&board.game) => {
                // Its board answers the observe even where no words came first.
                self.observes.retain(|&g| g != board.game);
                Console::SHOW
            }
            _ => Console::SHOW,
        }
    }

    /// A line that may answer one of our `observe`s.
    fn observe_reply(&mut self, text: &str) -> Console {
        match parse_message(text) {
            Some(Message::ObservationStarted { game }) if self.observes.contains(&game) => {
                self.observes.retain(|&g| g != game);
                self.header_of = Some(game);
                Console::HIDE
            }
            Some(Message::ObservationHeader { game, .. }) if self.header_of == Some(game) => {
                self.header_of = None;
                Console::HIDE
            }
            Some(Message::ObserveRefused { game, .. }) => {
                let ours = match game {
                    Some(game) => self.observes.iter().position(|&g| g == game),
                    None => (!self.observes.is_empty()).then_some(0),
                };
                match ours.and_then(|at| self.observes.remove(at)) {
                    Some(game) => Console {
                        observe_refused: Some(game),
                        ..Console::HIDE
                    },
                    None => Console::SHOW,
                }
            }
            _ => Console::SHOW,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::decoder::StreamDecoder;

    fn events(text: &str) -> Vec<Event> {
        let mut decoder = StreamDecoder::new();
        let mut out = Vec::new();
        decoder.push(text.as_bytes(), &mut out);
        decoder.finish(&mut out);
        out
    }

    /// The console's text for `text` arriving after `asked`.
    fn shown(own: &mut OwnReplies, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for event in events(text) {
            let console = own.console(&event);
            lines.extend(console.release);
            if console.show
                && let Event::Text(line) = &event
                && !line.trim().is_empty()
            {
                lines.push(line.clone());
            }
        }
        lines
    }

    const MOVES: &str = "\n\rMovelist for game 5:\n\r\n\rBotA (1720) vs. BotB (1720) --- Sun Nov 22 18:33:07 2026\n\rRated blitz match, initial time: 3 minutes, increment: 2 seconds.\n\r\n\rMove  BotA                    BotB\n\r----  ---------------------   ---------------------\n\r  1.  e4      (0:00.000)      e5      (0:00.000)\n\r      {Still in progress} *\n\rfics% ";

    #[test]
    fn our_moves_listing_stays_out_a_typed_one_is_shown() {
        let mut own = OwnReplies::default();
        own.asked(&Command::Moves(5));
        assert_eq!(shown(&mut own, MOVES), Vec::<String>::new());
        // The user's own `moves 5` afterwards: shown whole.
        let typed = shown(&mut own, MOVES);
        assert!(
            typed.iter().any(|l| l.starts_with("Movelist for game 5")),
            "{typed:?}"
        );
        assert!(
            typed.iter().any(|l| l.contains("Still in progress")),
            "{typed:?}"
        );
    }

    #[test]
    fn our_games_and_sought_replies_stay_out() {
        let mut own = OwnReplies::default();
        own.asked(&Command::Games);
        own.asked(&Command::Sought);
        let games = "\n\r  1 1720 BotA        1720 BotB       [ br  3   2]   2:59 -  3:00 (39-39) W:  2\n\r\n\r  1 games displayed.\n\rfics% ";
        assert_eq!(shown(&mut own, games), Vec::<String>::new());
        let sought = "  5 1500 BotC(C)            5   0 rated   blitz                  0-9999 m\n\r1 ad displayed.\n\rfics% ";
        assert_eq!(shown(&mut own, sought), Vec::<String>::new());
        // Nothing of ours is pending now: a typed `games` is answered.
        assert_eq!(shown(&mut own, games).len(), 2);
    }

    #[test]
    fn our_journals_stay_out_on_both_servers_a_typed_one_is_shown() {
        let mut own = OwnReplies::default();
        own.asked(&Command::Journal("KibUser".into()));
        own.asked(&Command::Journal("BotA".into()));
        let journal = "\n\rJournal for KibUser:\n\r   White         Rating  Black         Rating  Type         ECO End Result\n\rA: KibUser       1510    BotA          1620    [ br  5   0] C50 Mat 0-1    \n\rfics% ";
        assert_eq!(shown(&mut own, journal), Vec::<String>::new());
        // FatICS keeps no journals.
        let none = "journal: Command not found.\n\rfics% ";
        assert_eq!(shown(&mut own, none), Vec::<String>::new());
        assert_eq!(shown(&mut own, journal).len(), 3, "a typed journal");
    }

    #[test]
    fn our_observes_stay_out_and_a_refusal_names_its_game() {
        let mut own = OwnReplies::default();
        own.asked(&Command::Observe(ObserveTarget::Game(3)));
        own.asked(&Command::Observe(ObserveTarget::Game(4)));
        own.asked(&Command::Observe(ObserveTarget::Game(9)));
        let mut refused = Vec::new();
        let mut lines = Vec::new();
        let replies = "\n\rYou are now observing game 3.\n\rGame 3: Anna (1500) Boris (1600) rated blitz 5 0\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 3 Anna Boris 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0\n\rfics% There is no such game.\n\rfics% Sorry, game 9 is a private game.\n\rfics% ";
        for event in events(replies) {
            let console = own.console(&event);
            refused.extend(console.observe_refused);
            if console.show
                && let Event::Text(line) = &event
                && !line.trim().is_empty()
            {
                lines.push(line.clone());
            }
        }
        assert_eq!(lines, Vec::<String>::new());
        assert_eq!(refused, [4, 9]);
        // Nothing of ours pending: the user's own observe is answered in full.
        let typed = shown(&mut own, "There is no such game.\n\rfics% ");
        assert_eq!(typed, ["There is no such game."]);
        let typed = shown(&mut own, "You are now observing game 3.\n\rfics% ");
        assert_eq!(typed, ["You are now observing game 3."]);
    }

    #[test]
    fn forgotten_requests_hide_nothing() {
        let mut own = OwnReplies::default();
        own.asked(&Command::Observe(ObserveTarget::Game(3)));
        own.asked(&Command::Games);
        own.forget();
        let typed = shown(&mut own, "There is no such game.\n\rfics% ");
        assert_eq!(typed, ["There is no such game."]);
    }

    #[test]
    fn a_listing_that_is_not_one_is_shown_after_all() {
        let mut own = OwnReplies::default();
        own.asked(&Command::Moves(5));
        let lines = shown(
            &mut own,
            "Movelist for game 5:\n\rsomething else entirely\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 A B 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\r",
        );
        assert_eq!(lines[0], "Movelist for game 5:");
        assert!(lines.iter().any(|l| l == "something else entirely"));
    }
}
