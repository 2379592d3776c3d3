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

use super::words::{Color, ParseError, number};

/// How many of each piece a side holds (saturating: the line is untrusted).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PieceCounts {
    pub pawn: u8,
    pub knight: u8,
    pub bishop: u8,
    pub rook: u8,
    pub queen: u8,
}

impl PieceCounts {
    fn add(&mut self, piece: char) {
        let slot = match piece {
            'P' => &mut self.pawn,
            'N' => &mut self.knight,
            'B' => &mut self.bishop,
            'R' => &mut self.rook,
            _ => &mut self.queen,
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

impl PieceCounts {
    /// The counts as shakmaty's pocket (no kings in hand).
    pub fn pocket(&self) -> shakmaty::ByRole<u8> {
        shakmaty::ByRole {
            pawn: self.pawn,
            knight: self.knight,
            bishop: self.bishop,
            rook: self.rook,
            queen: self.queen,
            king: 0,
        }
    }
}

impl Holdings {
    /// Both sides' pieces in hand as shakmaty's pockets.
    pub fn pockets(&self) -> shakmaty::ByColor<shakmaty::ByRole<u8>> {
        shakmaty::ByColor {
            white: self.white_counts.pocket(),
            black: self.black_counts.pocket(),
        }
    }
}

const KIND: &str = "<b1>";

/// The old server keeps only this many characters of `<b1> … black [PNB`:
/// when black's closing `]` lands exactly here, pieces may have been cut.
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
    let rest = rest
        .strip_prefix("game")
        .ok_or_else(|| missing_or_bad("game", "`game N`", rest))?;
    let (game_text, rest) = split_word(rest.trim_start());
    let game =
        number(game_text).ok_or_else(|| missing_or_bad("game", "a game number", game_text))?;

    let rest = rest.trim_start();
    let rest = rest
        .strip_prefix("white")
        .map(str::trim_start)
        .and_then(|r| r.strip_prefix('['))
        .ok_or_else(|| missing_or_bad("white", "`white [`", rest))?;
    let (white, rest) = pieces("white", rest)?;
    let mut truncated = false;
    // Where the `]` before `rest` sits, counted from `<b1>`.
    let bracket_at = |rest: &str| line.len().saturating_sub(rest.len() + 1);

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
            if bracket_at(rest) == OLD_SERVER_CUT {
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
fn black_part<'a>(
    rest: &'a str,
    truncated: &mut bool,
) -> Result<(Vec<char>, Option<&'a str>), ParseError> {
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
fn pieces<'a>(
    side: &'static str,
    text: &'a str,
) -> Result<(Vec<char>, Option<&'a str>), ParseError> {
    let mut found = Vec::new();
    for (at, c) in text.char_indices() {
        match c {
            ']' => return Ok((found, text.get(at + 1..))),
            'P' | 'N' | 'B' | 'R' | 'Q' | 'p' | 'n' | 'b' | 'r' | 'q'
                if found.len() < MAX_PIECES =>
            {
                found.push(c.to_ascii_uppercase());
            }
            _ => {
                return Err(ParseError::invalid(
                    KIND,
                    side,
                    "at most 64 piece letters P N B R Q",
                    text,
                ));
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn holdings(line: &str) -> Holdings {
        match parse_holdings(line) {
            Some(Ok(h)) => h,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn error(line: &str) -> ParseError {
        match parse_holdings(line) {
            Some(Err(e)) => e,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn pieces(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    #[test]
    fn crazyhouse_fixture_lines() {
        // crazyhouse-white.bin
        let h = holdings("<b1> game 2 white [] black []");
        assert_eq!((h.game, h.white.len(), h.black.len()), (2, 0, 0));
        assert_eq!((h.passed, h.truncated), (None, false));
        let h = holdings("<b1> game 2 white [PPPNNBB] black [PPPBQQ] <- WB");
        assert_eq!(h.white, pieces("PPPNNBB"));
        assert_eq!(h.black, pieces("PPPBQQ"));
        assert_eq!(
            h.white_counts,
            PieceCounts {
                pawn: 3,
                knight: 2,
                bishop: 2,
                rook: 0,
                queen: 0
            }
        );
        assert_eq!(h.black_counts.queen, 2);
        assert_eq!(
            h.passed,
            Some(PassedPiece {
                color: Color::White,
                piece: 'B'
            })
        );
        let h = holdings("<b1> game 2 white [] black [N] <- BN");
        assert_eq!(
            h.passed.map(|p| (p.color, p.piece)),
            Some((Color::Black, 'N'))
        );
    }

    #[test]
    fn bughouse_fixture_lines() {
        // bughouse-observer.bin (old server, uppercase for both colours)
        let h = holdings("<b1> game 1 white [P] black [PQ] <- BP");
        assert_eq!(
            (h.white.clone(), h.black.clone()),
            (pieces("P"), pieces("PQ"))
        );
        assert!(!h.truncated);
        let h = holdings("<b1> game 52 white [NB] black [N] <- BN");
        assert_eq!(h.game, 52);
    }

    #[test]
    fn lowercase_black_pieces_are_accepted() {
        let h = holdings("<b1> game 6 white [PNBBB] black [pnbrq] <- bq");
        assert_eq!(h.black, pieces("PNBRQ"));
        assert_eq!(
            h.passed.map(|p| (p.color, p.piece)),
            Some((Color::Black, 'Q'))
        );
    }

    #[test]
    fn old_server_cut_at_49_characters() {
        // bughouse.md: the black holding is cut, `]` and `<- BR` still follow.
        let h = holdings("<b1> game 2 white [PPPPPPPPPNNBRQ] black [PPPPPNN] <- BR");
        assert!(h.truncated);
        assert_eq!(h.black, pieces("PPPPPNN"));
        assert_eq!(h.passed.map(|p| p.piece), Some('R'));
        // One piece shorter cannot have been cut.
        assert!(!holdings("<b1> game 2 white [PPPPPPPPPNNBRQ] black [PPPPPN] <- BN").truncated);
        // Cut inside the white holding, or inside the word `black`.
        let white = "P".repeat(30);
        let h = holdings(&format!("<b1> game 2 white [{white}] <- BR"));
        assert!(h.truncated && h.black.is_empty());
        assert_eq!(h.white.len(), 30);
        let h = holdings(&format!(
            "<b1> game 2 white [{}] bla] <- WP",
            "P".repeat(25)
        ));
        assert!(h.truncated && h.black.is_empty());
        assert_eq!(h.passed.map(|p| p.color), Some(Color::White));
        assert!(
            holdings(&format!(
                "<b1> game 2 white [{}] black] <- WP",
                "P".repeat(22)
            ))
            .truncated
        );
    }

    #[test]
    fn line_cut_without_closing_bracket() {
        let h = holdings("<b1> game 6 white [PNBBB] black [PNB");
        assert!(h.truncated);
        assert_eq!(h.black, pieces("PNB"));
        assert!(holdings("<b1> game 6 white [PNBBB] black").truncated);
        assert!(holdings("<b1> game 6 white [PNBBB]").truncated);
        assert!(holdings("<b1> game 6 white [PN").truncated);
    }

    #[test]
    fn bad_fields_are_named() {
        assert_eq!(error("<b1>").field, "game");
        assert_eq!(error("<b1> game").field, "game");
        assert_eq!(error("<b1> game x white [] black []").field, "game");
        assert_eq!(error("<b1> match 1 white [] black []").field, "game");
        assert_eq!(error("<b1> game 1 black [] white []").field, "white");
        assert_eq!(error("<b1> game 1 white [PK] black []").field, "white");
        assert_eq!(error("<b1> game 1 white [P] black [X]").field, "black");
        assert_eq!(error("<b1> game 1 white [P] blue [P]").field, "black");
        assert_eq!(error("<b1> game 1 white [P] black xx").field, "black");
        for bad in ["<- ", "<- W", "<- WK", "<- XP", "<- WPP", "-> WP", "junk"] {
            let line = format!("<b1> game 1 white [P] black [] {bad}");
            assert_eq!(error(&line).field, "<-", "{line}");
        }
        assert_eq!(
            error(&format!("<b1> game 1 white [{}] black []", "Q".repeat(65))).field,
            "white"
        );
    }

    #[test]
    fn not_holdings_lines() {
        for line in [
            "",
            "<b1",
            "<b1>x",
            "<b2> game 1",
            "<12> x",
            "Game 1 BotA received: P -> [P]",
        ] {
            assert_eq!(parse_holdings(line), None, "{line:?}");
        }
    }

    #[test]
    fn counts_saturate() {
        let mut counts = PieceCounts::default();
        (0..300).for_each(|_| counts.add('P'));
        assert_eq!(counts.pawn, u8::MAX);
    }

    #[test]
    fn serializes() {
        let h = holdings("<b1> game 2 white [P] black [] <- WP");
        let json = serde_json::to_string(&h).expect("json");
        assert!(json.contains(r#""white":["P"]"#), "{json}");
        assert!(
            json.contains(r#""passed":{"color":"white","piece":"P"}"#),
            "{json}"
        );
    }

    proptest::proptest! {
        #[test]
        fn never_panics(line in "\\PC{0,200}") {
            let _ = parse_holdings(&line);
        }

        #[test]
        fn never_panics_on_holdingish_lines(
            rest in "( |game|white|black|\\[|\\]|<-|[PNBRQKWpnbrq]|[0-9]|é){0,60}"
        ) {
            let _ = parse_holdings(&format!("<b1> {rest}"));
        }
    }
}
