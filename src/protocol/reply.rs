//! A reply: everything the server said to one request, read into one value
//! and addressed to the request's id (see [`super::replies`], which
//! assembles it).

use super::adjourned::StoredGame;
use super::finger::Finger;
use super::games_list::{GamesEnd, GamesEntry};
use super::history::{HistoryLine, HistoryRow};
use super::journal::{JournalLine, JournalRow};
use super::movelist::MoveList;
use super::request::{Origin, RequestId};
use super::seek::Seek;
use super::who::WhoEntry;

/// Items kept at most in one reply (a `who` on freechess.org lists about
/// a thousand players, a `games` several hundred).
pub const MAX_ITEMS: usize = 5000;

/// The reply to one request.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub to: RequestId,
    pub origin: Origin,
    pub answer: Answer,
}

/// What a reply says, read.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Answer {
    /// A `games` listing (its end line, where it came).
    Games {
        entries: Vec<GamesEntry>,
        end: Option<GamesEnd>,
    },
    /// A `sought` listing.
    Sought(Vec<Seek>),
    /// A `who` listing.
    Who(Vec<WhoEntry>),
    Finger(Box<Finger>),
    /// A `history` listing; the old FICS does not say whose history is
    /// empty (`handle` None).
    History {
        handle: Option<String>,
        rows: Vec<HistoryRow>,
    },
    /// A `journal` listing, or why there is none (the server's words:
    /// none kept, a guest's, private; FatICS has no journals).
    Journal {
        handle: Option<String>,
        rows: Vec<JournalRow>,
        none: Option<String>,
    },
    /// A `stored` listing: the adjourned games' opponents.
    Stored {
        handle: Option<String>,
        games: Vec<StoredGame>,
    },
    /// `=notify`: the notify list.
    NotifyList(Vec<String>),
    /// `moves N`.
    Moves(Box<MoveList>),
    /// `observe N` taken: the game's board follows (or came with it).
    Observing {
        game: u32,
    },
    /// `observe N` refused (no such game, private, ...).
    ObserveRefused {
        game: u32,
        text: String,
    },
    /// The server knows no player of the name asked about.
    NoSuchPlayer {
        text: String,
    },
    /// The server does not know the command (FatICS's `journal`).
    NotFound {
        text: String,
    },
    /// Nothing Kibitz reads (the lines are the console's, or the log's).
    #[default]
    Done,
}

impl Answer {
    /// Its kind in one word (`kibitz watch`'s `reply` records).
    pub fn name(&self) -> &'static str {
        match self {
            Answer::Games { .. } => "games",
            Answer::Sought(_) => "sought",
            Answer::Who(_) => "who",
            Answer::Finger(_) => "finger",
            Answer::History { .. } => "history",
            Answer::Journal { .. } => "journal",
            Answer::Stored { .. } => "stored",
            Answer::NotifyList(_) => "notify_list",
            Answer::Moves(_) => "moves",
            Answer::Observing { .. } => "observing",
            Answer::ObserveRefused { .. } => "observe_refused",
            Answer::NoSuchPlayer { .. } => "no_such_player",
            Answer::NotFound { .. } => "not_found",
            Answer::Done => "done",
        }
    }

    /// How many entries, rows or moves it holds.
    pub fn items(&self) -> usize {
        match self {
            Answer::Games { entries, .. } => entries.len(),
            Answer::Sought(seeks) => seeks.len(),
            Answer::Who(entries) => entries.len(),
            Answer::History { rows, .. } => rows.len(),
            Answer::Journal { rows, .. } => rows.len(),
            Answer::Stored { games, .. } => games.len(),
            Answer::NotifyList(names) => names.len(),
            Answer::Moves(list) => list.moves.len(),
            Answer::Finger(_) | Answer::Observing { .. } => 1,
            _ => 0,
        }
    }

    /// An empty answer of a listing's kind.
    pub fn games() -> Answer {
        Answer::Games {
            entries: Vec::new(),
            end: None,
        }
    }

    /// Folds a `history` line in.
    pub(super) fn history_line(&mut self, line: &HistoryLine) {
        let (handle, rows) = match self {
            Answer::History { handle, rows } => (handle, rows),
            _ => {
                *self = Answer::History {
                    handle: None,
                    rows: Vec::new(),
                };
                return self.history_line(line);
            }
        };
        match line {
            HistoryLine::Header { handle: h } => *handle = Some(h.clone()),
            HistoryLine::NoGames { handle: h } => handle.clone_from(h),
            HistoryLine::Row(row) if rows.len() < MAX_ITEMS => rows.push(row.clone()),
            HistoryLine::Row(_) => {}
        }
    }

    /// Folds a `journal` line in.
    pub(super) fn journal_line(&mut self, line: &JournalLine) {
        let (handle, rows, none) = match self {
            Answer::Journal { handle, rows, none } => (handle, rows, none),
            _ => {
                *self = Answer::Journal {
                    handle: None,
                    rows: Vec::new(),
                    none: None,
                };
                return self.journal_line(line);
            }
        };
        match line {
            JournalLine::Header { handle: h } => *handle = Some(h.clone()),
            JournalLine::NoJournal { why } => *none = Some(why.clone()),
            JournalLine::Row(row) if rows.len() < MAX_ITEMS => rows.push(row.clone()),
            JournalLine::Row(_) => {}
        }
    }

    /// Adds a seek of a `sought` listing.
    pub(super) fn seek(&mut self, seek: &Seek) {
        match self {
            Answer::Sought(seeks) if seeks.len() < MAX_ITEMS => seeks.push(seek.clone()),
            Answer::Sought(_) => {}
            _ => *self = Answer::Sought(vec![seek.clone()]),
        }
    }
}
