//! A game of the archive, or of any PGN or BPGN file, as read back: the
//! tags a list shows and the moves to replay.

use std::path::PathBuf;
use std::sync::Arc;

/// One game of the archive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArchivedGame {
    /// The file it came from, and its place there (0: the first game).
    /// (Shared by the games of one file: a list of 100,000 holds 12.)
    pub file: Arc<PathBuf>,
    pub index: usize,
    pub white: String,
    pub black: String,
    pub white_elo: String,
    pub black_elo: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub result: String,
    /// `2026.11.25`.
    pub date: String,
    /// `FICS rated blitz game`.
    pub event: String,
    pub site: String,
    /// `300+0`.
    pub time_control: String,
    /// `Crazyhouse` ... (empty: standard chess).
    pub variant: String,
    /// `C50 Italian Game` (the `ECO` and `Opening` tags), where written.
    pub opening: String,
    /// How it ended in words (`BotA resigns`: Kibitz's own `Reason` tag).
    pub reason: String,
    /// The start position when it is not the usual one.
    pub fen: Option<String>,
    /// The moves in SAN, as written.
    pub sans: Vec<String>,
    /// The time each move took, where the record says (`[%emt]`), one
    /// entry a move.
    pub move_times_ms: Vec<Option<u64>>,
    /// Variations of the main line, one level deep: each is the moves
    /// played instead of the main line's move at this index (in SAN).
    pub variations: Vec<(usize, Vec<String>)>,
    /// A bughouse game's other board (BPGN's board B): this game is
    /// board A.
    pub other_board: Option<Box<OtherBoard>>,
    /// Every tag as written, in order (read with the moves only, at most
    /// [`MAX_TAGS`]): a game opened again is copied and exported with its
    /// own headers.
    pub tags: Vec<(String, String)>,
}

/// Tags kept of one record; a hostile file cannot grow a game past this.
pub const MAX_TAGS: usize = 64;

/// Board B of a bughouse game read from BPGN, and the order of the moves
/// of both boards.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OtherBoard {
    pub white: String,
    pub black: String,
    pub white_elo: String,
    pub black_elo: String,
    pub fen: Option<String>,
    pub sans: Vec<String>,
    /// The board of each move of the game, in the order played.
    pub order: Vec<crate::game::timeline::Board>,
}

impl ArchivedGame {
    /// The game's kind from its event (`FICS rated blitz game` → `blitz`),
    /// or the variant.
    pub fn kind(&self) -> String {
        kind_of(&self.variant, &self.event)
    }
}

/// A game's type from its `Variant` and `Event` tags: the variant where
/// it names one, else the type FICS's event names (`FICS rated wild/5
/// game`); Kibitz's archives before wild variants were told apart say
/// `Variant "Wild"`, and their event names which.
pub fn kind_of(variant: &str, event: &str) -> String {
    let words: Vec<&str> = event.split_whitespace().collect();
    // `SITE [rated|unrated] KIND game` (Kibitz writes no rating word where
    // the server said none).
    let event_kind = match words.as_slice() {
        [_, "rated" | "unrated", kind, ..] => Some(*kind),
        [_, kind, "game"] => Some(*kind),
        _ => None,
    };
    match event_kind {
        Some(kind) if variant.eq_ignore_ascii_case("wild") && kind.starts_with("wild") => {
            kind.to_owned()
        }
        _ if !variant.is_empty() => variant.to_ascii_lowercase(),
        Some(kind) => kind.to_owned(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::kind_of;

    #[test]
    fn a_games_type_from_its_tags() {
        assert_eq!(kind_of("", "FICS rated blitz game"), "blitz");
        assert_eq!(kind_of("", "127.0.0.1 wild/5 game"), "wild/5");
        assert_eq!(kind_of("", "127.0.0.1 game"), "");
        assert_eq!(
            kind_of("Crazyhouse", "FICS rated crazyhouse game"),
            "crazyhouse"
        );
        // Kibitz's archives before wild variants were told apart.
        assert_eq!(kind_of("Wild", "FICS rated wild/5 game"), "wild/5");
    }
}
