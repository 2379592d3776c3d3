//! Replies to requests Kibitz made itself (the lobby's `games` and
//! `sought`, `moves N` to complete a history) fill the lobby and the game
//! panels, not the console. The server answers commands in the order they
//! were sent, so counting our own requests is enough to tell our replies
//! from the ones to what the user typed: a user's `games` sent after ours is
//! answered after ours, and is shown.
//!
//! A `moves` listing arrives as text lines that the decoder also reads into
//! one `MoveList` event at its end. Its lines are held back while it is
//! read and dropped when the list is complete; if the listing turns out to
//! be something else (no `MoveList` follows), they go to the console after
//! all: nothing the server says is lost.

use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::games_list::{parse_games_end, parse_games_entry};
use crate::protocol::movelist::MoveListParser;
use crate::protocol::seek::{parse_sought_end, parse_sought_entry};

/// Lines of a `moves` listing held back at most (a 300-move game has
/// about 160); past that they are shown.
const HELD_LINES: usize = 1000;

/// Our own requests whose replies are still to come.
#[derive(Debug, Default)]
pub struct OwnReplies {
    games: usize,
    sought: usize,
    moves: usize,
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
}

impl Console {
    const SHOW: Console = Console {
        release: Vec::new(),
        show: true,
    };
    const HIDE: Console = Console {
        release: Vec::new(),
        show: false,
    };
}

impl OwnReplies {
    /// Kibitz sent `command` on its own.
    pub fn asked(&mut self, command: &Command) {
        match command {
            Command::Games => self.games += 1,
            Command::Sought => self.sought += 1,
            Command::Moves(_) => self.moves += 1,
            _ => {}
        }
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
                    let show = self.console(event).show;
                    return Console { release, show };
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
            Event::GamesEnd(_) if self.games > 0 => {
                self.games -= 1;
                Console::HIDE
            }
            Event::SoughtEnd { .. } if self.sought > 0 => {
                self.sought -= 1;
                Console::HIDE
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
