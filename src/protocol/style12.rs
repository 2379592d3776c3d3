//! Style 12: the one-line board the server sends after every move.
//!
//! `<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 White Black 0 3 0 39 39 180000 180000 1 P/e2-e4 (0:00.000) e4 0 0 0`
//!
//! The four published versions of the spec disagree; what the servers do
//! (`shared/protocol.md` §5): the initial time is in **minutes**, the
//! increment in seconds; remaining times are seconds, or milliseconds once
//! `iset ms 1` took effect (the time-taken field then has a fraction); times
//! can be negative; there are 31 tokens on old servers, 32 with the "clock is
//! ticking" field and 33 with the lag field, and fields may be appended in
//! future, so we parse left to right and ignore extras.

use std::fmt;

use shakmaty::{
    Bitboard, Board, ByColor, ByRole, CastlingMode, Chess, Color, EnPassantMode, File, FromSetup,
    Piece, Rank, Role, Setup, Square, fen::Fen,
};

use super::movelist::parse_time_taken;

/// Tokens after `<12>` every version of the line has.
const REQUIRED_FIELDS: usize = 30;

/// Why a `<12>` line could not be read: the field and the reason.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("style 12 field `{field}`: {reason}")]
pub struct Style12Error {
    pub field: &'static str,
    pub reason: String,
}

fn error(field: &'static str, reason: impl Into<String>) -> Style12Error {
    Style12Error {
        field,
        reason: reason.into(),
    }
}

/// What the receiving user is to this game (field 18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// -4: the starting position sent before a move list.
    MoveListStart,
    /// -3: an isolated position (`ref`, `sposition`).
    Isolated,
    /// -2: observing a game someone examines.
    ObservingExamined,
    /// -1: playing, the opponent is to move.
    PlayingOpponentToMove,
    /// 0: observing a game being played.
    Observing,
    /// 1: playing, the user is to move.
    PlayingMyMove,
    /// 2: examining.
    Examining,
}

impl Relation {
    pub fn from_code(code: i32) -> Option<Relation> {
        Some(match code {
            -4 => Relation::MoveListStart,
            -3 => Relation::Isolated,
            -2 => Relation::ObservingExamined,
            -1 => Relation::PlayingOpponentToMove,
            0 => Relation::Observing,
            1 => Relation::PlayingMyMove,
            2 => Relation::Examining,
            _ => return None,
        })
    }

    pub fn code(self) -> i32 {
        match self {
            Relation::MoveListStart => -4,
            Relation::Isolated => -3,
            Relation::ObservingExamined => -2,
            Relation::PlayingOpponentToMove => -1,
            Relation::Observing => 0,
            Relation::PlayingMyMove => 1,
            Relation::Examining => 2,
        }
    }

    pub fn is_playing(self) -> bool {
        matches!(
            self,
            Relation::PlayingMyMove | Relation::PlayingOpponentToMove
        )
    }
}

/// The unit the two remaining times were written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockUnit {
    Seconds,
    Millis,
}

/// Field 27, the time the previous move took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TimeTaken {
    /// `(m:ss)` or `(h:mm:ss)`: whole seconds.
    Seconds { ms: u64 },
    /// `(m:ss.mmm)`: the server sends milliseconds (`iset ms 1`).
    Millis { ms: u64 },
    /// A shape we do not know, kept as sent.
    Unknown(String),
}

impl TimeTaken {
    fn parse(token: &str) -> TimeTaken {
        match parse_time_taken(token) {
            Some(ms) if token.contains('.') => TimeTaken::Millis { ms },
            Some(ms) => TimeTaken::Seconds { ms },
            None => TimeTaken::Unknown(token.to_owned()),
        }
    }

    pub fn ms(&self) -> Option<u64> {
        match self {
            TimeTaken::Seconds { ms } | TimeTaken::Millis { ms } => Some(*ms),
            TimeTaken::Unknown(_) => None,
        }
    }
}

impl fmt::Display for TimeTaken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ms, fraction) = match self {
            TimeTaken::Seconds { ms } => (*ms, false),
            TimeTaken::Millis { ms } => (*ms, true),
            TimeTaken::Unknown(raw) => return f.write_str(raw),
        };
        let secs = ms / 1000;
        let (hours, minutes, seconds) = (secs / 3600, secs / 60 % 60, secs % 60);
        f.write_str("(")?;
        if hours > 0 {
            write!(f, "{hours}:{minutes:02}:{seconds:02}")?;
        } else {
            write!(f, "{minutes}:{seconds:02}")?;
        }
        if fraction {
            write!(f, ".{:03}", ms % 1000)?;
        }
        f.write_str(")")
    }
}

/// Field 26, the previous move in the server's verbose notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerboseMove {
    /// `none`: no move yet.
    None,
    /// `P/e2-e4`, `P/e7-e8=Q` (the promotion may be missing: take it from the SAN).
    Normal {
        role: Role,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    /// `P/@@-e4`.
    Drop { role: Role, to: Square },
    /// `o-o`.
    CastleShort,
    /// `o-o-o`.
    CastleLong,
    /// Something else (examined games used to send broken ones): kept as sent.
    Other(String),
}

impl VerboseMove {
    fn parse(token: &str) -> VerboseMove {
        match token {
            "none" => return VerboseMove::None,
            "o-o" | "O-O" => return VerboseMove::CastleShort,
            "o-o-o" | "O-O-O" => return VerboseMove::CastleLong,
            _ => {}
        }
        Self::parse_move(token).unwrap_or_else(|| VerboseMove::Other(token.to_owned()))
    }

    fn parse_move(token: &str) -> Option<VerboseMove> {
        let (piece, squares) = token.split_once('/')?;
        let role = role_from_str(piece)?;
        let (from, rest) = squares.split_once('-')?;
        let (to, promotion) = match rest.split_once('=') {
            Some((to, promo)) => (to, Some(role_from_str(promo)?)),
            None => (rest, None),
        };
        let to = to.parse::<Square>().ok()?;
        if from == "@@" {
            return Some(VerboseMove::Drop { role, to });
        }
        Some(VerboseMove::Normal {
            role,
            from: from.parse().ok()?,
            to,
            promotion,
        })
    }
}

impl fmt::Display for VerboseMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerboseMove::None => f.write_str("none"),
            VerboseMove::Normal {
                role,
                from,
                to,
                promotion,
            } => {
                write!(f, "{}/{from}-{to}", role.upper_char())?;
                match promotion {
                    Some(promo) => write!(f, "={}", promo.upper_char()),
                    None => Ok(()),
                }
            }
            VerboseMove::Drop { role, to } => write!(f, "{}/@@-{to}", role.upper_char()),
            VerboseMove::CastleShort => f.write_str("o-o"),
            VerboseMove::CastleLong => f.write_str("o-o-o"),
            VerboseMove::Other(raw) => f.write_str(raw),
        }
    }
}

fn role_from_str(s: &str) -> Option<Role> {
    let mut chars = s.chars();
    let role = Role::from_char(chars.next()?.to_ascii_lowercase())?;
    chars.next().is_none().then_some(role)
}

/// Castling rights of one side (fields 10-13).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CastleRights {
    pub short: bool,
    pub long: bool,
}

/// One style-12 line, every field typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style12 {
    /// Fields 0-7, always written from White's 8th rank down.
    pub board: Board,
    pub turn: Color,
    /// The file of a double pawn push on the previous move (field 9).
    pub double_push_file: Option<File>,
    pub castling: ByColor<CastleRights>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    pub game: u32,
    pub white: String,
    pub black: String,
    pub relation: Relation,
    pub initial_time_min: u32,
    pub increment_s: u32,
    pub material: ByColor<i32>,
    /// Remaining time of each side, always in ms here; negative once flagged.
    pub remaining_ms: ByColor<i64>,
    /// How the remaining times were written, so the line can be written back.
    pub clock_unit: ClockUnit,
    /// The number of the move about to be played (both sides' first move is 1).
    pub move_number: u32,
    pub last_move: VerboseMove,
    pub time_taken: TimeTaken,
    /// The previous move in SAN, `None` for `none`.
    pub last_san: Option<String>,
    /// Black at the bottom.
    pub flip: bool,
    /// Whether the clock of the side to move runs; `None` on servers without the field.
    pub ticking: Option<bool>,
    /// The lag of the previous move; `None` on servers without the field.
    pub lag_ms: Option<i64>,
}

impl Style12 {
    /// Parses a `<12>` line (with or without a space after the tag). `ms_hint`
    /// is the session's belief that `iset ms 1` is on; the line itself decides
    /// when its time-taken field shows the unit.
    pub fn parse(line: &str, ms_hint: bool) -> Result<Style12, Style12Error> {
        let body = line
            .trim_start()
            .strip_prefix("<12>")
            .ok_or_else(|| error("tag", "the line does not start with <12>"))?;
        let mut tokens = body.split_ascii_whitespace();
        let mut field = |name: &'static str| {
            tokens.next().ok_or_else(|| {
                error(
                    name,
                    format!("missing (fewer than {REQUIRED_FIELDS} fields)"),
                )
            })
        };

        let mut ranks = [""; 8];
        for rank in &mut ranks {
            *rank = field("board")?;
        }
        let board = parse_board(&ranks)?;
        let turn = match field("side to move")? {
            "W" => Color::White,
            "B" => Color::Black,
            other => return Err(error("side to move", format!("`{other}` is not W or B"))),
        };
        let double_push_file = match number::<i32>(field("double push file")?, "double push file")?
        {
            -1 => None,
            n @ 0..=7 => Some(File::new(n as u32)),
            n => return Err(error("double push file", format!("{n} is not -1 or 0-7"))),
        };
        let white_short = flag(field("white castle short")?, "white castle short")?;
        let white_long = flag(field("white castle long")?, "white castle long")?;
        let black_short = flag(field("black castle short")?, "black castle short")?;
        let black_long = flag(field("black castle long")?, "black castle long")?;
        // The old FICS sends -1 here after a takeback past the last capture
        // or pawn move (its count goes below zero): read as 0, the board
        // is good (refused, the game stayed on the taken-back move).
        let halfmove_clock =
            u32::try_from(number::<i64>(field("halfmove clock")?, "halfmove clock")?.max(0))
                .map_err(|_| error("halfmove clock", "too large"))?;
        let game = number(field("game number")?, "game number")?;
        let white = field("white name")?.to_owned();
        let black = field("black name")?.to_owned();
        let relation_code = number::<i32>(field("relation")?, "relation")?;
        let relation = Relation::from_code(relation_code)
            .ok_or_else(|| error("relation", format!("{relation_code} is not -4..=2")))?;
        let initial_time_min = number(field("initial time")?, "initial time")?;
        let increment_s = number(field("increment")?, "increment")?;
        let white_material = number(field("white material")?, "white material")?;
        let black_material = number(field("black material")?, "black material")?;
        let white_remaining = number::<i64>(field("white time")?, "white time")?;
        let black_remaining = number::<i64>(field("black time")?, "black time")?;
        let move_number = number(field("move number")?, "move number")?;
        let last_move = VerboseMove::parse(field("verbose move")?);
        let time_taken = TimeTaken::parse(field("time taken")?);
        let last_san = match field("san")? {
            "none" => None,
            san => Some(san.to_owned()),
        };
        let flip = flag(field("flip")?, "flip")?;
        let ticking = tokens.next().map(|t| flag(t, "ticking")).transpose()?;
        let lag_ms = tokens.next().map(|t| number(t, "lag")).transpose()?;

        let clock_unit = match &time_taken {
            TimeTaken::Millis { .. } => ClockUnit::Millis,
            TimeTaken::Seconds { .. } => ClockUnit::Seconds,
            TimeTaken::Unknown(_) if ms_hint => ClockUnit::Millis,
            TimeTaken::Unknown(_) => ClockUnit::Seconds,
        };
        // Seconds that do not fit in ms are no clock (a fuzzer found them).
        let to_ms = |value: i64, name: &'static str| match clock_unit {
            ClockUnit::Millis => Ok(value),
            ClockUnit::Seconds => value
                .checked_mul(1000)
                .ok_or_else(|| error(name, format!("{value} s is out of range"))),
        };
        let white_remaining = to_ms(white_remaining, "white time")?;
        let black_remaining = to_ms(black_remaining, "black time")?;

        Ok(Style12 {
            board,
            turn,
            double_push_file,
            castling: ByColor {
                white: CastleRights {
                    short: white_short,
                    long: white_long,
                },
                black: CastleRights {
                    short: black_short,
                    long: black_long,
                },
            },
            halfmove_clock,
            game,
            white,
            black,
            relation,
            initial_time_min,
            increment_s,
            material: ByColor {
                white: white_material,
                black: black_material,
            },
            remaining_ms: ByColor {
                white: white_remaining,
                black: black_remaining,
            },
            clock_unit,
            move_number,
            last_move,
            time_taken,
            last_san,
            flip,
            ticking,
            lag_ms,
        })
    }

    /// Plies played before this position, counted from the move number.
    pub fn ply(&self) -> u32 {
        self.move_number.saturating_sub(1).saturating_mul(2) + u32::from(self.turn.is_black())
    }

    /// Whether the game has a clock at all (`0 0` games are untimed).
    pub fn is_timed(&self) -> bool {
        self.initial_time_min > 0 || self.increment_s > 0
    }

    /// The position as an unchecked shakmaty [`Setup`]. Castling rights point
    /// at the outermost rook on the king's side of the back rank (right for
    /// standard chess and for Fischer random); the en-passant square is set
    /// only where the double-pushed pawn really stands, because some servers
    /// fill the field after drops.
    pub fn setup(&self) -> Setup {
        let mut castling_rights = Bitboard::EMPTY;
        for color in Color::ALL {
            let rights = self.castling[color];
            let back = color.backrank();
            let Some(king) = (self.board.king_of(color)).filter(|k| k.rank() == back) else {
                continue;
            };
            let rooks = self.board.by_piece(Piece {
                color,
                role: Role::Rook,
            }) & Bitboard::from_rank(back);
            let short = rooks.into_iter().rev().find(|r| r.file() > king.file());
            let long = rooks.into_iter().find(|r| r.file() < king.file());
            if let (true, Some(rook)) = (rights.short, short) {
                castling_rights.add(rook);
            }
            if let (true, Some(rook)) = (rights.long, long) {
                castling_rights.add(rook);
            }
        }
        Setup {
            board: self.board.clone(),
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: self.turn,
            castling_rights,
            ep_square: self.ep_square(),
            remaining_checks: None,
            halfmoves: self.halfmove_clock,
            fullmoves: std::num::NonZeroU32::new(self.move_number.max(1))
                .unwrap_or(std::num::NonZeroU32::MIN),
        }
    }

    fn ep_square(&self) -> Option<Square> {
        let file = self.double_push_file?;
        let mover = !self.turn;
        let (pawn_rank, target_rank, origin_rank) = match mover {
            Color::White => (Rank::Fourth, Rank::Third, Rank::Second),
            Color::Black => (Rank::Fifth, Rank::Sixth, Rank::Seventh),
        };
        let pawn = Square::from_coords(file, pawn_rank);
        let target = Square::from_coords(file, target_rank);
        let origin = Square::from_coords(file, origin_rank);
        let pushed = self.board.piece_at(pawn)
            == Some(Piece {
                color: mover,
                role: Role::Pawn,
            })
            && self.board.piece_at(target).is_none()
            && self.board.piece_at(origin).is_none();
        pushed.then_some(target)
    }

    /// The position as a FEN with all six fields. Where the position is
    /// legal standard chess the en-passant field follows the usual rule
    /// (only when a capture is possible); otherwise the board is written as sent.
    pub fn fen(&self) -> String {
        fen_of(self.setup())
    }
}

/// A position's FEN: for legal standard chess the en-passant field follows
/// the usual rule (only when a capture is possible); otherwise the board is
/// written as it stands.
pub fn fen_of(setup: Setup) -> String {
    match Chess::from_setup(setup.clone(), CastlingMode::Chess960) {
        Ok(position) => Fen::from_position(&position, EnPassantMode::Legal).to_string(),
        // Variant boards (bughouse, wild) are no legal standard position:
        // write them as sent, with the same en-passant rule as above
        // short of checking pins.
        Err(_) => {
            let ep_square = setup.ep_square.filter(|&target| {
                let capturers = shakmaty::attacks::pawn_attacks(!setup.turn, target)
                    & setup.board.by_piece(Piece {
                        color: setup.turn,
                        role: Role::Pawn,
                    });
                capturers.any()
            });
            Fen::try_from_setup(Setup { ep_square, ..setup })
                .unwrap_or_else(|lossy| lossy.ignore())
                .to_string()
        }
    }
}

impl fmt::Display for Style12 {
    /// Writes the line back in the server's format (`<12> ` with a space).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<12>")?;
        for rank in Rank::ALL.into_iter().rev() {
            f.write_str(" ")?;
            for file in File::ALL {
                let c = self
                    .board
                    .piece_at(Square::from_coords(file, rank))
                    .map_or('-', Piece::char);
                write!(f, "{c}")?;
            }
        }
        let bit = |b: bool| u8::from(b);
        let time = |ms: i64| match self.clock_unit {
            ClockUnit::Millis => ms,
            ClockUnit::Seconds => ms / 1000,
        };
        write!(
            f,
            " {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {}",
            if self.turn.is_white() { 'W' } else { 'B' },
            self.double_push_file
                .map_or(-1, |file| i64::from(file.to_u32())),
            bit(self.castling.white.short),
            bit(self.castling.white.long),
            bit(self.castling.black.short),
            bit(self.castling.black.long),
            self.halfmove_clock,
            self.game,
            self.white,
            self.black,
            self.relation.code(),
            self.initial_time_min,
            self.increment_s,
            self.material.white,
            self.material.black,
            time(self.remaining_ms.white),
            time(self.remaining_ms.black),
            self.move_number,
            self.last_move,
            self.time_taken,
            self.last_san.as_deref().unwrap_or("none"),
            bit(self.flip),
            // Optional trailing fields: written only when present.
            match (self.ticking, self.lag_ms) {
                (Some(t), Some(lag)) => format!("{} {lag}", bit(t)),
                (Some(t), None) => bit(t).to_string(),
                _ => String::new(),
            }
        )?;
        Ok(())
    }
}

fn parse_board(ranks: &[&str; 8]) -> Result<Board, Style12Error> {
    // Built as bitboards and checked once: this is the hot path of decoding.
    let mut by_role = ByRole::<Bitboard>::default();
    let mut by_color = ByColor::<Bitboard>::default();
    for (row, text) in ranks.iter().enumerate() {
        let bytes = text.as_bytes();
        if bytes.len() != 8 {
            return Err(error(
                "board",
                format!("rank `{text}` is not 8 squares wide"),
            ));
        }
        for (col, &byte) in bytes.iter().enumerate() {
            if byte == b'-' {
                continue;
            }
            let piece = Piece::from_char(char::from(byte))
                .ok_or_else(|| error("board", format!("`{}` is not a piece", char::from(byte))))?;
            let square = Square::new(((7 - row) * 8 + col) as u32);
            by_role[piece.role].add(square);
            by_color[piece.color].add(square);
        }
    }
    Board::try_from_bitboards(by_role, by_color).map_err(|e| error("board", e.to_string()))
}

fn number<T: std::str::FromStr>(token: &str, name: &'static str) -> Result<T, Style12Error> {
    token
        .parse()
        .map_err(|_| error(name, format!("`{token}` is not a number in range")))
}

fn flag(token: &str, name: &'static str) -> Result<bool, Style12Error> {
    match token {
        "0" => Ok(false),
        "1" => Ok(true),
        other => Err(error(name, format!("`{other}` is not 0 or 1"))),
    }
}

#[cfg(test)]
mod tests;
