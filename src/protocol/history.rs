//! `history NAME`: a player's last games, one per line (both servers):
//!
//! ```text
//! History for BotA:
//!                   Opponent      Type         ECO End Date
//!  1: + 1882 W 1558 KibUser       [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026
//! BotA has no history games.
//! ```
//!
//! A row's result is from the player's side: `+` won, `-` lost, `=` drawn.

use serde::Serialize;

use super::game_type::GameType;
use super::games_list::read_type_letters;
use super::words::{Rating, bounded, is_handle, number};

/// A line of a `history` reply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HistoryLine {
    /// `History for NAME:`: the rows that follow are NAME's.
    Header {
        handle: String,
    },
    /// `NAME has no history games.` (FatICS) or `Sorry, no game information
    /// available.` (the old FICS, which does not say whose).
    NoGames {
        handle: Option<String>,
    },
    Row(HistoryRow),
}

/// One game of a player's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HistoryRow {
    /// The slot (`examine NAME N` opens it).
    pub slot: u32,
    /// `+`, `-`, `=` from the player's side.
    pub result: char,
    pub rating: Rating,
    /// `W` or `B`: the player's colour.
    pub color: char,
    pub opponent_rating: Rating,
    pub opponent: String,
    pub game_type: GameType,
    pub rated: bool,
    pub time_min: u32,
    pub increment_s: u32,
    pub eco: String,
    /// `Res`, `Mat`, `Fla`, `Agr`, `Rep` ... (three letters).
    pub reason: String,
    /// When it ended, as the server wrote it.
    pub ended: String,
}

/// A history line; None for any other line.
pub fn parse_history_line(line: &str) -> Option<HistoryLine> {
    let trimmed = line.trim_end();
    if let Some(handle) = trimmed
        .strip_prefix("History for ")
        .and_then(|r| r.strip_suffix(':'))
        .filter(|h| is_handle(h))
    {
        return Some(HistoryLine::Header {
            handle: handle.to_owned(),
        });
    }
    if let Some(handle) = trimmed
        .strip_suffix(" has no history games.")
        .filter(|h| is_handle(h))
    {
        return Some(HistoryLine::NoGames {
            handle: Some(handle.to_owned()),
        });
    }
    if trimmed == "Sorry, no game information available." {
        return Some(HistoryLine::NoGames { handle: None });
    }
    parse_row(trimmed).map(HistoryLine::Row)
}

fn parse_row(line: &str) -> Option<HistoryRow> {
    let (slot, rest) = line.trim_start().split_once(": ")?;
    let slot = number(slot)?;
    let (before, after) = rest.split_once('[')?;
    let (terms, tail) = after.split_once(']')?;
    let words: Vec<&str> = before.split_whitespace().collect();
    let [result, rating, color, opponent_rating, opponent] = words.as_slice() else {
        return None;
    };
    let result = single(result, &['+', '-', '='])?;
    let color = single(color, &['W', 'B'])?;
    if !is_handle(opponent) {
        return None;
    }
    // `[ br  5   0]` (old FICS: type and rated letters) or `[bnr  5   0]`
    // (FatICS: speed, variant and rated letters), minutes, increment.
    let terms: Vec<&str> = terms.split_whitespace().collect();
    let [kind, time, inc] = terms.as_slice() else {
        return None;
    };
    let (game_type, rated) = read_type_letters(kind)?;
    // ECO, reason, date: where they do not read as such, the row is still
    // listed, the rest kept as its date.
    let words: Vec<&str> = tail.split_whitespace().collect();
    let (eco, reason, ended) = match words.as_slice() {
        [eco, reason, ended @ ..]
            if is_eco(eco) && reason.len() <= 3 && (1..=8).contains(&ended.len()) =>
        {
            (*eco, *reason, ended.join(" "))
        }
        [] => return None,
        _ => ("", "", bounded(tail.trim(), MAX_ENDED)),
    };
    Some(HistoryRow {
        slot,
        result,
        rating: Rating::parse(rating)?,
        color,
        opponent_rating: Rating::parse(opponent_rating)?,
        opponent: (*opponent).to_owned(),
        game_type,
        rated,
        time_min: number(time)?,
        increment_s: number(inc)?,
        eco: eco.to_owned(),
        reason: reason.to_owned(),
        ended,
    })
}

/// The longest date kept of a row that did not read whole.
const MAX_ENDED: usize = 64;

/// An ECO code: `C20`, or FatICS's with a letter after it (`C00d`, `A00k`).
fn is_eco(text: &str) -> bool {
    let bytes = text.as_bytes();
    matches!(bytes.first(), Some(b'A'..=b'E'))
        && bytes.len() >= 3
        && bytes.len() <= 4
        && bytes[1..3].iter().all(u8::is_ascii_digit)
        && bytes[3..].iter().all(u8::is_ascii_lowercase)
}

fn single(word: &str, allowed: &[char]) -> Option<char> {
    let mut chars = word.chars();
    let c = chars.next()?;
    (chars.next().is_none() && allowed.contains(&c)).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row as FatICS writes it (from the local FatICS, 2026-11-25).
    #[test]
    fn fatics_rows_have_speed_and_variant_letters() {
        let Some(HistoryLine::Row(row)) = parse_history_line(
            " 0: + ---- W ---- BotA          [bnr  5   0] B12 Res 2026-11-25 11:29 UTC",
        ) else {
            panic!("a FatICS row");
        };
        assert_eq!(row.slot, 0);
        assert_eq!(row.opponent, "BotA");
        assert_eq!(row.game_type, GameType::Blitz);
        assert!(row.rated);
        assert_eq!((row.time_min, row.increment_s), (5, 0));
        assert_eq!(row.ended, "2026-11-25 11:29 UTC");
        let Some(HistoryLine::Row(row)) = parse_history_line(
            " 3: - 1500 B 1500 BotB          [lzu  1   0] C20 Mat 2026-11-25 11:40 UTC",
        ) else {
            panic!("a FatICS crazyhouse row");
        };
        assert_eq!(row.game_type, GameType::Crazyhouse);
        assert!(!row.rated);
    }

    #[test]
    fn rows_headers_and_none() {
        assert_eq!(
            parse_history_line("History for BotA:"),
            Some(HistoryLine::Header {
                handle: "BotA".into()
            })
        );
        assert_eq!(
            parse_history_line("BotA has no history games."),
            Some(HistoryLine::NoGames {
                handle: Some("BotA".into())
            })
        );
        assert_eq!(
            parse_history_line("Sorry, no game information available."),
            Some(HistoryLine::NoGames { handle: None })
        );
        let Some(HistoryLine::Row(row)) = parse_history_line(
            " 1: + 1882 W 1558 KibUser       [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026",
        ) else {
            panic!("a row");
        };
        assert_eq!((row.slot, row.result, row.color), (1, '+', 'W'));
        assert_eq!(row.rating, Rating::established(1882));
        assert_eq!(row.opponent, "KibUser");
        assert_eq!((row.game_type, row.rated), (GameType::Blitz, true));
        assert_eq!((row.time_min, row.increment_s), (5, 0));
        assert_eq!((row.eco.as_str(), row.reason.as_str()), ("A00", "Res"));
        assert_eq!(row.ended, "Wed Nov 25 07:56:31 2026");
        let Some(HistoryLine::Row(guest)) = parse_history_line(
            "12: = ++++ B 1500 SomeoneLong   [ lu  1   0] C40 Agr 2026-11-25 08:07 UTC",
        ) else {
            panic!("a row");
        };
        assert_eq!((guest.rating, guest.rated), (Rating::Guest, false));
    }

    /// FatICS writes ECO codes with a letter (`B00l`); a row whose end does
    /// not read is still listed, with what could be read.
    #[test]
    fn rows_that_do_not_fit_exactly_are_listed() {
        let Some(HistoryLine::Row(row)) = parse_history_line(
            " 0: + ---- B ---- KibUser       [lnr  1   0] B00l Res 2026-11-25 19:32 UTC",
        ) else {
            panic!("not a row")
        };
        assert_eq!(
            (row.opponent.as_str(), row.eco.as_str()),
            ("KibUser", "B00l")
        );
        assert_eq!(row.ended, "2026-11-25 19:32 UTC");
        let Some(HistoryLine::Row(row)) = parse_history_line(
            " 3: - 1500 W 1600 BotA          [ br  5   0] ??? something unexpected here at the end",
        ) else {
            panic!("not a row")
        };
        assert_eq!((row.slot, row.eco.as_str()), (3, ""));
        assert!(row.ended.starts_with("??? something"));
    }

    #[test]
    fn prose_is_not_history() {
        for line in [
            "                  Opponent      Type         ECO End Date",
            " 1: Plays the Dutch.",
            "History for two words:",
            " 1: x 1882 W 1558 KibUser [ br  5   0] A00 Res Wed",
            " 1: + 1882 W 1558 KibUser [ bx  5   0] A00 Res Wed",
            " 1: + 1882 W 1558 KibUser [ br  5   0]",
            "Game 1: a chat line with a [bracket] in it",
        ] {
            assert_eq!(parse_history_line(line), None, "{line:?}");
        }
    }
}
