//! A player's card: what the replies to its `finger`, `history`, `journal`
//! and (on the user's own card) `stored` said: ratings per speed with RD
//! and record, online or last seen, notes, the last games, the journal, the
//! adjourned games.

use crate::protocol::adjourned::StoredGame;
use crate::protocol::finger::Finger;
use crate::protocol::history::HistoryRow;
use crate::protocol::journal::JournalRow;
use crate::protocol::reply::Answer;

/// History rows kept at most (FICS keeps ten, FatICS more).
const MAX_ROWS: usize = 100;

/// The card of one player.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub handle: String,
    pub finger: Option<Finger>,
    pub history: Vec<HistoryRow>,
    /// The history reply came (maybe without games).
    pub history_read: bool,
    /// The server knows no such player.
    pub not_found: bool,
    /// The player's adjourned games (asked for on the user's own card).
    pub stored: Vec<StoredGame>,
    /// The `stored` reply came.
    pub stored_read: bool,
    /// The games kept in the player's journal (old FICS, freechess.org).
    pub journal: Vec<JournalRow>,
}

impl Profile {
    /// A card waiting for the replies to `finger` and `history`.
    pub fn asked(handle: &str) -> Profile {
        Profile {
            handle: handle.to_owned(),
            finger: None,
            history: Vec::new(),
            history_read: false,
            not_found: false,
            stored: Vec::new(),
            stored_read: false,
            journal: Vec::new(),
        }
    }

    /// Folds in the reply to one of the card's requests (asked for this
    /// player: the old FICS does not say whose empty history it is).
    pub fn answer(&mut self, answer: &Answer) {
        match answer {
            Answer::Finger(finger) => {
                self.handle.clone_from(&finger.handle);
                self.finger = Some((**finger).clone());
            }
            Answer::History { rows, .. } => {
                self.history = rows.iter().take(MAX_ROWS).cloned().collect();
                self.history_read = true;
            }
            Answer::Stored { games, .. } => {
                self.stored = games.iter().take(MAX_ROWS).cloned().collect();
                self.stored_read = true;
            }
            Answer::Journal { rows, .. } => {
                self.journal = rows.iter().take(MAX_ROWS).cloned().collect();
            }
            Answer::NoSuchPlayer { .. } if self.finger.is_none() => self.not_found = true,
            _ => {}
        }
    }
}
