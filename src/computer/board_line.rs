//! A position of a game against the computer written as the server would
//! send it: a style-12 board (and a `<b1>` line for crazyhouse), so the
//! game goes through the same store, board, clocks and archive as a game
//! on a server.

use shakmaty::variant::VariantPosition;
use shakmaty::{ByColor, Color, Move, Position, Role};

use crate::protocol::holdings::{Holdings, parse_holdings};
use crate::protocol::style12::{
    CastleRights, ClockUnit, Relation, Style12, TimeTaken, VerboseMove,
};

/// What a board line says besides the position.
#[derive(Debug, Clone)]
pub struct LineFacts<'a> {
    pub game: u32,
    pub names: &'a ByColor<String>,
    /// The side the user plays.
    pub user: Color,
    pub initial_time_min: u32,
    pub increment_s: u32,
    /// Each side's time left when the line is sent.
    pub remaining_ms: ByColor<i64>,
    /// The clock of the side to move runs.
    pub ticking: bool,
    /// The move that led here, its SAN and the time it took (ms).
    pub last: Option<(Move, String, u64)>,
}

/// The style-12 board of `position`.
pub fn style12(position: &VariantPosition, facts: &LineFacts<'_>) -> Style12 {
    let setup = position.to_setup(shakmaty::EnPassantMode::Legal);
    let turn = position.turn();
    let castles = position.castles();
    let rights = |color: Color| CastleRights {
        short: castles.has(color, shakmaty::CastlingSide::KingSide),
        long: castles.has(color, shakmaty::CastlingSide::QueenSide),
    };
    let relation = if turn == facts.user {
        Relation::PlayingMyMove
    } else {
        Relation::PlayingOpponentToMove
    };
    let (last_move, last_san, time_taken) = match &facts.last {
        Some((mv, san, took_ms)) => (
            verbose(mv),
            Some(san.clone()),
            TimeTaken::Millis { ms: *took_ms },
        ),
        None => (VerboseMove::None, None, TimeTaken::Millis { ms: 0 }),
    };
    Style12 {
        board: setup.board.clone(),
        turn,
        double_push_file: double_push_file(facts.last.as_ref()),
        castling: ByColor {
            white: rights(Color::White),
            black: rights(Color::Black),
        },
        halfmove_clock: setup.halfmoves,
        game: facts.game,
        white: facts.names.white.clone(),
        black: facts.names.black.clone(),
        relation,
        initial_time_min: facts.initial_time_min,
        increment_s: facts.increment_s,
        material: ByColor {
            white: material(position, Color::White),
            black: material(position, Color::Black),
        },
        remaining_ms: facts.remaining_ms,
        clock_unit: ClockUnit::Millis,
        move_number: setup.fullmoves.get(),
        last_move,
        time_taken,
        last_san,
        flip: facts.user == Color::Black,
        ticking: Some(facts.ticking),
        lag_ms: Some(0),
    }
}

/// The pieces in hand of a crazyhouse position (None in other variants).
pub fn holdings(position: &VariantPosition, game: u32) -> Option<Holdings> {
    let pockets = position.pockets()?;
    let hand = |color: Color| -> String {
        let mut letters = String::new();
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            for _ in 0..pockets[color][role] {
                letters.push(role.upper_char());
            }
        }
        letters
    };
    let line = format!(
        "<b1> game {game} white [{}] black [{}]",
        hand(Color::White),
        hand(Color::Black)
    );
    parse_holdings(&line)?.ok()
}

/// Material as style 12 counts it (pawn 1, minor 3, rook 5, queen 9),
/// pieces in hand included.
pub fn material(position: &VariantPosition, color: Color) -> i32 {
    let pocket = position.pockets().map(|pockets| &pockets[color]);
    crate::game::material::of(position.board(), pocket, color)
}

/// The move in the server's verbose words (`P/e2-e4`, `o-o`, `P/@@-e4`).
fn verbose(mv: &Move) -> VerboseMove {
    match *mv {
        Move::Castle { king, rook } => {
            if rook.file() > king.file() {
                VerboseMove::CastleShort
            } else {
                VerboseMove::CastleLong
            }
        }
        Move::Put { role, to } => VerboseMove::Drop { role, to },
        Move::Normal {
            role,
            from,
            to,
            promotion,
            ..
        } => VerboseMove::Normal {
            role,
            from,
            to,
            promotion,
        },
        Move::EnPassant { from, to } => VerboseMove::Normal {
            role: Role::Pawn,
            from,
            to,
            promotion: None,
        },
    }
}

/// Field 9: the file of a pawn's double push that led here.
fn double_push_file(last: Option<&(Move, String, u64)>) -> Option<shakmaty::File> {
    let (mv, _, _) = last?;
    match *mv {
        Move::Normal {
            role: Role::Pawn,
            from,
            to,
            ..
        } if from.rank().distance(to.rank()) == 2 => Some(from.file()),
        _ => None,
    }
}
