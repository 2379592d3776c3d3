//! A game as its latest board shows it, built once: the position (a
//! shakmaty `Setup`), whose move, the clocks, the last move
//! and its time. Built from the server's style-12 record, or by a replay of
//! a PGN game; none of the wire's encodings (clock units, material counts,
//! time formats) are kept.

use shakmaty::{ByColor, Color, Setup};

use crate::protocol::style12::{ClockUnit, Relation, Style12, VerboseMove, fen_of};

#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    /// The position (castling by the rooks' squares; the en-passant square
    /// only where a pawn can take).
    pub setup: Setup,
    /// Half-moves since the start position (0: White to move at move 1).
    pub ply: u32,
    pub turn: Color,
    /// The game's number on the server (a review board's above them).
    pub game: u32,
    pub white: String,
    pub black: String,
    /// Whose board it is to us: playing, observing, examining.
    pub relation: Relation,
    pub initial_time_min: u32,
    pub increment_s: u32,
    /// Each side's time as the board says it.
    pub remaining_ms: ByColor<i64>,
    /// The clocks come in whole seconds (old servers): no tenths to show.
    pub whole_seconds: bool,
    /// The server says whether a clock runs (modern servers); `None`: it
    /// does not say.
    pub ticking: Option<bool>,
    pub last_move: VerboseMove,
    pub last_san: Option<String>,
    /// The last move's time, where the board says it.
    pub time_taken_ms: Option<u64>,
    /// Black at the bottom.
    pub flip: bool,
    /// The mover's lag, where the server says it.
    pub lag_ms: Option<i64>,
}

impl Snapshot {
    /// What a style-12 board says.
    pub fn from_style12(board: &Style12) -> Snapshot {
        Snapshot {
            setup: board.setup(),
            ply: board.ply(),
            turn: board.turn,
            game: board.game,
            white: board.white.clone(),
            black: board.black.clone(),
            relation: board.relation,
            initial_time_min: board.initial_time_min,
            increment_s: board.increment_s,
            remaining_ms: board.remaining_ms,
            whole_seconds: board.clock_unit == ClockUnit::Seconds,
            ticking: board.ticking,
            last_move: board.last_move.clone(),
            last_san: board.last_san.clone(),
            time_taken_ms: board.time_taken.ms(),
            flip: board.flip,
            lag_ms: board.lag_ms,
        }
    }

    /// The position's FEN (written when asked: `kibitz watch`'s summary).
    pub fn fen(&self) -> String {
        fen_of(self.setup.clone())
    }

    /// Whether the game has a clock at all (`0 0` games are untimed).
    pub fn is_timed(&self) -> bool {
        self.initial_time_min > 0 || self.increment_s > 0
    }
}
