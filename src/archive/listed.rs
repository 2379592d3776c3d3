//! A game as My games lists it: where it is (its file, its place there)
//! and the few tags a row shows and a search reads, in one allocation. A
//! list of 100,000 games holds no moves and no more than it shows; the
//! game itself is read again when it is opened ([`super::read::with_moves`]).

use std::path::PathBuf;
use std::sync::Arc;

use super::record::ArchivedGame;

/// The tags kept, in this order, in `fields`.
const WHITE: usize = 0;
const BLACK: usize = 1;
const WHITE_ELO: usize = 2;
const BLACK_ELO: usize = 3;
const RESULT: usize = 4;
const DATE: usize = 5;
const EVENT: usize = 6;
const TIME_CONTROL: usize = 7;
const VARIANT: usize = 8;
const OPENING: usize = 9;
/// How many.
const FIELDS: usize = 10;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedGame {
    pub file: Arc<PathBuf>,
    /// Its place in the file (0: the first game).
    pub index: u32,
    /// The tags above, joined by tabs (tags hold none: the PGN reader
    /// keeps a tag's value on one line; tabs in it are made spaces).
    fields: Box<str>,
    /// A bughouse game's board B players (White, Black).
    partners: Option<Box<(String, String)>>,
}

impl ListedGame {
    pub fn of(game: &ArchivedGame) -> ListedGame {
        let fields = [
            &game.white,
            &game.black,
            &game.white_elo,
            &game.black_elo,
            &game.result,
            &game.date,
            &game.event,
            &game.time_control,
            &game.variant,
            &game.opening,
        ]
        .map(|f| clean(f))
        .join("\t");
        ListedGame {
            file: Arc::clone(&game.file),
            index: u32::try_from(game.index).unwrap_or(u32::MAX),
            fields: fields.into_boxed_str(),
            partners: game
                .other_board
                .as_deref()
                .map(|b| Box::new((clean(&b.white), clean(&b.black)))),
        }
    }

    /// The game as a line of the games index: its place, its tags, `b`
    /// and the board-B players for bughouse (empty otherwise).
    pub(super) fn row(&self) -> String {
        let (bughouse, white_b, black_b) = self
            .partners
            .as_deref()
            .map_or(("", "", ""), |(w, b)| ("b", w.as_str(), b.as_str()));
        format!(
            "{}\t{}\t{bughouse}\t{white_b}\t{black_b}",
            self.index, self.fields
        )
    }

    /// A line of the games index read back (None: not one).
    pub(super) fn from_row(file: Arc<PathBuf>, row: &str) -> Option<ListedGame> {
        let mut parts: Vec<&str> = row.split('\t').collect();
        if parts.len() != 1 + FIELDS + 3 {
            return None;
        }
        let black_b = parts.pop()?;
        let white_b = parts.pop()?;
        let bughouse = parts.pop()? == "b";
        let index = parts.first()?.parse().ok()?;
        let partners = bughouse.then(|| Box::new((white_b.to_owned(), black_b.to_owned())));
        Some(ListedGame {
            file,
            index,
            fields: parts[1..].join("\t").into_boxed_str(),
            partners,
        })
    }

    /// Whether `white` and `black` (as a file has them) are this game's.
    /// The game as a message names it: `Anna vs. Bob (2026.11.25)`.
    pub fn named(&self) -> String {
        let (white, black) = self.sides();
        format!("{white} vs. {black} ({})", self.date())
    }

    pub fn same_players(&self, white: &str, black: &str) -> bool {
        clean(white) == self.white() && clean(black) == self.black()
    }

    fn field(&self, at: usize) -> &str {
        self.fields.split('\t').nth(at).unwrap_or("")
    }

    pub fn white(&self) -> &str {
        self.field(WHITE)
    }
    pub fn black(&self) -> &str {
        self.field(BLACK)
    }
    pub fn white_elo(&self) -> &str {
        self.field(WHITE_ELO)
    }
    pub fn black_elo(&self) -> &str {
        self.field(BLACK_ELO)
    }
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub fn result(&self) -> &str {
        self.field(RESULT)
    }
    /// `2026.11.25`.
    pub fn date(&self) -> &str {
        self.field(DATE)
    }
    /// `300+0`, `-` (empty where the file says nothing).
    pub fn time_control(&self) -> &str {
        self.field(TIME_CONTROL)
    }
    /// `Crazyhouse`, ... (empty: standard chess).
    pub fn variant(&self) -> &str {
        self.field(VARIANT)
    }
    /// `C50 Italian Game`, where written.
    pub fn opening(&self) -> &str {
        self.field(OPENING)
    }

    /// The memory its tags take besides the struct, in bytes.
    pub fn heap_bytes(&self) -> usize {
        self.fields.len()
            + self.partners.as_deref().map_or(0, |(w, b)| {
                std::mem::size_of::<(String, String)>() + w.len() + b.len()
            })
    }

    /// Whether this is a bughouse game of two boards.
    pub fn is_bughouse(&self) -> bool {
        self.partners.is_some()
    }

    /// The game's kind from its event (`FICS rated blitz game` → `blitz`),
    /// or the variant.
    pub fn kind(&self) -> String {
        super::record::kind_of(self.field(VARIANT), self.field(EVENT))
    }

    /// The two sides as a list names them: White and Black, or a bughouse
    /// game's teams (board A's White with board B's Black, against board
    /// A's Black with board B's White).
    pub fn sides(&self) -> (String, String) {
        match self.partners.as_deref() {
            Some((white_b, black_b)) => (
                format!("{} & {black_b}", self.white()),
                format!("{} & {white_b}", self.black()),
            ),
            None => (self.white().to_owned(), self.black().to_owned()),
        }
    }

    /// Whether `handle` played it (any case; either board of bughouse).
    pub fn played_by(&self, handle: &str) -> bool {
        let partners = self
            .partners
            .as_deref()
            .map(|(w, b)| [w.as_str(), b.as_str()]);
        [self.white(), self.black()]
            .into_iter()
            .chain(partners.into_iter().flatten())
            .any(|h| h.eq_ignore_ascii_case(handle))
    }

    /// Whether `text` (any case) is in one of the tags kept: players,
    /// ratings, result, date, event, time control, variant, opening (or a
    /// bughouse game's board B players).
    pub fn matches(&self, text: &str) -> bool {
        self.contains_lowercase(&text.trim().to_ascii_lowercase())
    }

    /// As `matches`, `needle` already trimmed and in lower case: a search
    /// of 100,000 games calls this for each, without allocating.
    pub fn contains_lowercase(&self, needle: &str) -> bool {
        let partners = self.partners.as_deref();
        needle.is_empty()
            || contains(&self.fields, needle)
            || partners.is_some_and(|(w, b)| contains(w, needle) || contains(b, needle))
            // The time control as a list shows it (`3 0`, FICS's words),
            // where it reads as the record's `180+0`.
            // (only a needle like one: digits and a space; no allocation
            // a game for the others).
            || (needle.starts_with(|c: char| c.is_ascii_digit())
                && needle.contains(' ')
                && self.fics_time().is_some_and(|t| contains(&t, needle)))
    }

    /// The time control as FICS says it, `3 0` for `180+0`; None where the
    /// record has none in seconds.
    pub fn fics_time(&self) -> Option<String> {
        let (base, increment) = self.time_control().split_once('+')?;
        let minutes = base.parse::<u32>().ok()? / 60;
        Some(format!("{minutes} {increment}"))
    }
}

/// Whether `needle` (lower case) is in `haystack`, any case. (A tab in
/// `haystack` is never matched: a needle holds none.)
fn contains(haystack: &str, needle: &str) -> bool {
    let (haystack, needle) = (haystack.as_bytes(), needle.as_bytes());
    let Some(&first) = needle.first() else {
        return true;
    };
    let upper = first.to_ascii_uppercase();
    haystack.len() >= needle.len()
        && haystack[..=haystack.len() - needle.len()]
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == first || **b == upper)
            .any(|(at, _)| haystack[at..at + needle.len()].eq_ignore_ascii_case(needle))
}

/// A tag as a list keeps it: a control character (a tab, a line break)
/// is a space, so a row of the index stays one row of its fields.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::record::OtherBoard;

    #[test]
    fn a_search_finds_the_time_control_as_fics_says_it() {
        let game = ListedGame::of(&ArchivedGame {
            white: "KibUser".into(),
            black: "BotA".into(),
            time_control: "180+2".into(),
            ..ArchivedGame::default()
        });
        assert_eq!(game.fics_time().as_deref(), Some("3 2"));
        assert!(game.matches("3 2") && game.matches("180+2") && !game.matches("5 0"));
    }

    #[test]
    fn a_listed_game_keeps_what_a_row_shows_and_a_search_reads() {
        let game = ArchivedGame {
            white: "KibUser".into(),
            black: "BotA".into(),
            result: "1-0".into(),
            date: "2026.11.25".into(),
            event: "FICS rated blitz game".into(),
            time_control: "300+0".into(),
            opening: "C50 Italian Game".into(),
            sans: vec!["e4".into(); 80],
            ..ArchivedGame::default()
        };
        let listed = ListedGame::of(&game);
        assert_eq!((listed.white(), listed.black()), ("KibUser", "BotA"));
        assert_eq!(listed.kind(), "blitz");
        assert_eq!(listed.time_control(), "300+0");
        assert!(listed.matches("italian") && listed.matches("bota") && !listed.matches("BotC"));
        assert!(listed.played_by("kibuser") && !listed.played_by("BotC"));
        let bughouse = ListedGame::of(&ArchivedGame {
            other_board: Some(Box::new(OtherBoard {
                white: "BotD".into(),
                black: "BotC".into(),
                ..OtherBoard::default()
            })),
            ..game
        });
        assert_eq!(
            bughouse.sides(),
            ("KibUser & BotC".to_owned(), "BotA & BotD".to_owned())
        );
        assert!(bughouse.played_by("BotC") && bughouse.matches("botd"));
        // Through the index and back: the same, bughouse flag and all,
        // even with a tab or a line break in a name.
        let odd = ListedGame::of(&ArchivedGame {
            white: "Kib\tUser".into(),
            other_board: Some(Box::new(OtherBoard::default())),
            ..ArchivedGame::default()
        });
        let back = ListedGame::from_row(Arc::clone(&odd.file), &odd.row()).expect("one row");
        assert_eq!(back, odd);
        assert!(back.is_bughouse() && back.white() == "Kib User");
        assert!(back.same_players("Kib\tUser", ""));
    }
}
