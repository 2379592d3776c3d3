//! `journal NAME`: the games a registered player kept in lettered slots
//! (the old FICS and freechess.org, `gamedb.c`'s `pjournal`; FatICS has no
//! journals):
//!
//! ```text
//! Journal for KibUser:
//!    White         Rating  Black         Rating  Type         ECO End Result
//! A: KibUser       1510    BotA          1620    [ br  5   0] C50 Mat 0-1
//! Sorry, no journal information available.
//! ```
//!
//! `examine NAME A` opens slot A.

use serde::Serialize;

use super::game_type::GameType;
use super::words::{is_handle, number};

/// A line of a `journal` reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum JournalLine {
    /// `Journal for NAME:`: the rows that follow are NAME's.
    Header {
        handle: String,
    },
    /// No journal to show: none kept (`Sorry, no journal information
    /// available.`), a guest's (`Only registered players may keep a
    /// journal.`) or a private one (`Sorry, this journal is private.`).
    NoJournal {
        why: String,
    },
    Row(JournalRow),
}

/// One game of a journal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JournalRow {
    /// The slot letter (`examine NAME A` opens it).
    pub slot: char,
    pub white: String,
    /// 0: no rating.
    pub white_rating: u32,
    pub black: String,
    pub black_rating: u32,
    pub game_type: GameType,
    pub rated: bool,
    pub private: bool,
    pub time_min: u32,
    pub increment_s: u32,
    pub eco: String,
    /// `Res`, `Mat`, `Fla`, `Agr` ... (three letters).
    pub reason: String,
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub result: String,
}

/// A journal line; None for any other line.
pub fn parse_journal_line(line: &str) -> Option<JournalLine> {
    let trimmed = line.trim_end();
    if let Some(handle) = trimmed
        .strip_prefix("Journal for ")
        .and_then(|r| r.strip_suffix(':'))
        .filter(|h| is_handle(h))
    {
        return Some(JournalLine::Header {
            handle: handle.to_owned(),
        });
    }
    if matches!(
        trimmed,
        "Sorry, no journal information available."
            | "Only registered players may keep a journal."
            | "Sorry, this journal is private."
    ) {
        return Some(JournalLine::NoJournal {
            why: trimmed.to_owned(),
        });
    }
    parse_row(trimmed).map(JournalLine::Row)
}

fn parse_row(line: &str) -> Option<JournalRow> {
    let (slot, rest) = line.split_once(": ")?;
    let mut slot_chars = slot.chars();
    let slot = slot_chars.next().filter(char::is_ascii_alphabetic)?;
    if slot_chars.next().is_some() {
        return None;
    }
    let (before, after) = rest.split_once('[')?;
    let (terms, tail) = after.split_once(']')?;
    let words: Vec<&str> = before.split_whitespace().collect();
    let [white, white_rating, black, black_rating] = words.as_slice() else {
        return None;
    };
    if !is_handle(white) || !is_handle(black) {
        return None;
    }
    // `[ br  5   0]`: private (`p` or a space), type and rated letters,
    // minutes, increment.
    let kind = terms.get(..3)?;
    let letters: Vec<char> = kind.chars().collect();
    let [private, type_letter, rated_letter] = letters.as_slice() else {
        return None;
    };
    if !matches!(private, 'p' | ' ') || !matches!(rated_letter, 'r' | 'u') {
        return None;
    }
    let terms: Vec<&str> = terms[3..].split_whitespace().collect();
    let [time, inc] = terms.as_slice() else {
        return None;
    };
    let tail: Vec<&str> = tail.split_whitespace().collect();
    let [eco, reason, result] = tail.as_slice() else {
        return None;
    };
    if eco.len() > 3 || reason.len() > 3 || !matches!(*result, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return None;
    }
    Some(JournalRow {
        slot: slot.to_ascii_uppercase(),
        white: (*white).to_owned(),
        white_rating: number(white_rating)?,
        black: (*black).to_owned(),
        black_rating: number(black_rating)?,
        game_type: GameType::from_letter(*type_letter),
        rated: *rated_letter == 'r',
        private: *private == 'p',
        time_min: number(time)?,
        increment_s: number(inc)?,
        eco: (*eco).to_owned(),
        reason: (*reason).to_owned(),
        result: (*result).to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_rows_and_no_journal() {
        assert_eq!(
            parse_journal_line("Journal for KibUser:"),
            Some(JournalLine::Header {
                handle: "KibUser".into()
            })
        );
        assert!(matches!(
            parse_journal_line("Sorry, no journal information available."),
            Some(JournalLine::NoJournal { .. })
        ));
        let Some(JournalLine::Row(row)) = parse_journal_line(
            "A: KibUser       1510    BotA          1620    [ br  5   0] C50 Mat 0-1    ",
        ) else {
            panic!("a row");
        };
        assert_eq!(row.slot, 'A');
        assert_eq!((row.white.as_str(), row.white_rating), ("KibUser", 1510));
        assert_eq!((row.black.as_str(), row.black_rating), ("BotA", 1620));
        assert_eq!(row.game_type, GameType::Blitz);
        assert!(row.rated && !row.private);
        assert_eq!((row.time_min, row.increment_s), (5, 0));
        assert_eq!((row.eco.as_str(), row.reason.as_str()), ("C50", "Mat"));
        assert_eq!(row.result, "0-1");
        let Some(JournalLine::Row(row)) = parse_journal_line(
            "B: BotB             0    KibUser          0    [psu 15  10] A00 Agr 1/2-1/2",
        ) else {
            panic!("a private unrated row");
        };
        assert!(row.private && !row.rated);
        assert_eq!(row.game_type, GameType::Standard);
    }

    #[test]
    fn other_lines_are_not_journal_lines() {
        for line in [
            "   White         Rating  Black         Rating  Type         ECO End Result",
            " 1: + 1882 W 1558 KibUser       [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
            "AB: KibUser 1510 BotA 1620 [ br  5   0] C50 Mat 0-1",
            "A: KibUser 1510 BotA 1620 [ br  5   0] C50 Mat 2-0",
            "A: KibUser 1510 BotA 1620 [ br  5   0",
            "Journal for :",
        ] {
            assert_eq!(parse_journal_line(line), None, "{line}");
        }
    }
}
