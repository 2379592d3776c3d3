//! Pieces in hand for crazyhouse and bughouse: the `<b1>` line.
//!
//! `<b1> game 52 white [NB] black [N] <- BN`
//!
//! It follows the `<12>` of its game, and comes alone (with the `<-` part)
//! when a capture or a partner's capture adds a piece. The old FICS 1.6.2
//! server builds the line in a 50-byte buffer, so when holdings are large it
//! cuts everything past 49 characters and then still appends `]` and the
//! `<-` part. Such a line parses fine but lists too few pieces, so we flag it
//! (`truncated`): the count is a lower bound, and the next `<12>` or `<b1>`
//! of the game should be trusted over it.

use serde::Serialize;

use super::seek::{Color, ParseError, number};

/// How many of each piece a side holds (saturating: the line is untrusted).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PieceCounts {
    pub pawns: u8,
    pub knights: u8,
    pub bishops: u8,
    pub rooks: u8,
    pub queens: u8,
}

impl PieceCounts {
    fn add(&mut self, piece: char) {
        let slot = match piece {
            'P' => &mut self.pawns,
            'N' => &mut self.knights,
            'B' => &mut self.bishops,
            'R' => &mut self.rooks,
            _ => &mut self.queens,
        };
        *slot = slot.saturating_add(1);
    }

    fn of(pieces: &[char]) -> PieceCounts {
        let mut counts = PieceCounts::default();
        pieces.iter().for_each(|p| counts.add(*p));
        counts
    }
}

/// The piece that was just added to a holding (`<- BN`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PassedPiece {
    /// The side whose holding received it.
    pub color: Color,
    /// `P`, `N`, `B`, `R` or `Q`.
    pub piece: char,
}

/// The pieces in hand of one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Holdings {
    pub game: u32,
    /// White's pieces in hand, as uppercase letters in the server's order.
    pub white: Vec<char>,
    /// Black's pieces in hand, as uppercase letters.
    pub black: Vec<char>,
    pub white_counts: PieceCounts,
    pub black_counts: PieceCounts,
    pub passed: Option<PassedPiece>,
    /// The line was, or may have been, cut short by the server: the holdings
    /// may miss pieces (black's first).
    pub truncated: bool,
}

const KIND: &str = "<b1>";

/// Where the old server's buffer ends: a holdings part ending exactly here
/// may have been cut.
const OLD_SERVER_CUT: usize = 49;

/// More pieces than a side could ever hold means the line is bogus.
const MAX_PIECES: usize = 64;

/// Reads a `<b1>` line. None if it is not one; an error if it starts with
/// `<b1>` but the game number, a holding or the `<-` part is bad.
pub fn parse_holdings(line: &str) -> Option<Result<Holdings, ParseError>> {
    let line = line.trim();
    let body = line.strip_prefix(KIND)?;
    if !body.is_empty() && !body.starts_with(char::is_whitespace) {
        return None;
    }
    Some(parse(line, body))
}

fn parse(line: &str, body: &str) -> Result<Holdings, ParseError> {
    let rest = body.trim_start();
    let rest = rest.strip_prefix("game").ok_or_else(|| missing_or_bad("game", "`game N`", rest))?;
    let (game_text, rest) = split_word(rest.trim_start());
    let game = number(game_text).ok_or_else(|| missing_or_bad("game", "a game number", game_text))?;

    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("white")
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix('['))
        .ok_or_else(|| missing_or_bad("white", "`white [`", rest))?;
    let (white, rest) = pieces("white", rest)?;
    let mut truncated = false;
    // Offset (from `<b1>`) of the `]` that closes the last holding read.
    let offset = |rest: &str| line.len() - rest.len();

    let (black, rest) = match rest {
        None => (Vec::new(), None),
        Some(rest) => black_part(rest.trim_start(), &mut truncated)?,
    };
    let rest = match rest {
        None => {
            truncated = true;
            ""
        }
        Some(rest) => {
            if offset(rest) == OLD_SERVER_CUT + 1 {
                truncated = true;
            }
            rest
        }
    };
    Ok(Holdings {
        game,
        white_counts: PieceCounts::of(&white),
        black_counts: PieceCounts::of(&black),
        white,
        black,
        passed: passed(rest.trim_start())?,
        truncated,
    })
}

/// Reads black's holding from `black [..]`, tolerating a cut anywhere in it.
/// Returns the pieces and what follows its `]` (None if the line ends first).
fn black_part<'a>(rest: &'a str, truncated: &mut bool) -> Result<(Vec<char>, Option<&'a str>), ParseError> {
    if let Some(after) = rest.strip_prefix("black") {
        let after = after.trim_start();
        if let Some(inside) = after.strip_prefix('[') {
            return pieces("black", inside);
        }
        // Cut between `black` and `[`: the server still appended `]`.
        *truncated = true;
        if after.is_empty() {
            return Ok((Vec::new(), None));
        }
        if let Some(after) = after.strip_prefix(']') {
            return Ok((Vec::new(), Some(after)));
        }
        return Err(ParseError::invalid(KIND, "black", "`black [`", rest));
    }
    if rest.is_empty() || rest.starts_with("<-") {
        *truncated = true;
        return Ok((Vec::new(), Some(rest)));
    }
    // Cut inside the word `black` (`bla]`).
    match rest.split_once(']') {
        Some((fragment, after)) if "black".starts_with(fragment.trim_end()) => {
            *truncated = true;
            Ok((Vec::new(), Some(after)))
        }
        _ => Err(ParseError::invalid(KIND, "black", "`black [`", rest)),
    }
}

/// Reads piece letters up to `]`; returns them and the text after the `]`,
/// or None for the rest if the line ends first (a cut line).
fn pieces<'a>(side: &'static str, text: &'a str) -> Result<(Vec<char>, Option<&'a str>), ParseError> {
    let mut found = Vec::new();
    for (at, c) in text.char_indices() {
        match c {
            ']' => return Ok((found, text.get(at + 1..))),
            'P' | 'N' | 'B' | 'R' | 'Q' | 'p' | 'n' | 'b' | 'r' | 'q' if found.len() < MAX_PIECES => {
                found.push(c.to_ascii_uppercase());
            }
            _ => return Err(ParseError::invalid(KIND, side, "at most 64 piece letters P N B R Q", text)),
        }
    }
    Ok((found, None))
}

/// Reads the optional ` <- BN` suffix.
fn passed(rest: &str) -> Result<Option<PassedPiece>, ParseError> {
    if rest.is_empty() {
        return Ok(None);
    }
    let bad = || ParseError::invalid(KIND, "<-", "`<- ` and a colour and piece like `BN`", rest);
    let code = rest.strip_prefix("<-").ok_or_else(bad)?.trim_start();
    let mut chars = code.chars();
    let (Some(color), Some(piece), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(bad());
    };
    let color = match color {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        _ => return Err(bad()),
    };
    let piece = piece.to_ascii_uppercase();
    if !matches!(piece, 'P' | 'N' | 'B' | 'R' | 'Q') {
        return Err(bad());
    }
    Ok(Some(PassedPiece { color, piece }))
}

fn split_word(text: &str) -> (&str, &str) {
    text.split_once(char::is_whitespace).unwrap_or((text, ""))
}

fn missing_or_bad(field: &'static str, expected: &str, value: &str) -> ParseError {
    if value.trim().is_empty() {
        ParseError::missing(KIND, field)
    } else {
        ParseError::invalid(KIND, field, expected, value)
    }
}
