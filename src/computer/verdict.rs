//! What the rules and the engine say of a position in a game against
//! the computer: whether the game is over by its variant's rules (mate,
//! stalemate, material, a variant's own win, threefold repetition, fifty
//! moves), and whether the engine takes a draw offered.

use shakmaty::fen::Fen;
use shakmaty::variant::VariantPosition;
use shakmaty::{ByColor, Color, EnPassantMode, KnownOutcome, Outcome, Position};

use super::terms::ComputerVariant;
use crate::protocol::message::{EndReason, GameResult};

/// The engine accepts a draw when its own view of the position is this
/// bad for it (centipawns) ...
const ACCEPT_DRAW_LOSING_CP: i32 = -150;
/// ... or this close to level after this many plies ...
const ACCEPT_DRAW_LEVEL_CP: i32 = 25;
const ACCEPT_DRAW_LEVEL_AFTER_PLIES: usize = 60;
/// ... or with this many pieces left on the board (kings included).
const ACCEPT_DRAW_LEVEL_PIECES: usize = 6;

/// The game's end by the rules after its last position (`positions`:
/// every position of the game, the start first), in the server's words.
pub fn by_rules(
    positions: &[VariantPosition],
    names: &ByColor<String>,
    variant: ComputerVariant,
) -> Option<(EndReason, String, GameResult)> {
    let position = positions.last()?;
    let name = |color: Color| names[color].clone();
    Some(match position.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => {
            if position.is_checkmate() {
                let text = format!("{} checkmated", name(!winner));
                (EndReason::Checkmate, text, result_for(Some(winner)))
            } else {
                let text = format!("{} wins by the rules of {}", name(winner), variant.label());
                (EndReason::Other, text, result_for(Some(winner)))
            }
        }
        Outcome::Known(KnownOutcome::Draw) => {
            if position.is_stalemate() {
                let text = "Game drawn by stalemate".to_owned();
                (EndReason::Stalemate, text, GameResult::Draw)
            } else if position.is_insufficient_material() {
                let text = "Neither player has mating material".to_owned();
                (EndReason::InsufficientMaterial, text, GameResult::Draw)
            } else {
                let text = format!("Game drawn by the rules of {}", variant.label());
                (EndReason::Other, text, GameResult::Draw)
            }
        }
        Outcome::Unknown if repeated_thrice(positions) => {
            let text = "Game drawn by repetition".to_owned();
            (EndReason::Repetition, text, GameResult::Draw)
        }
        Outcome::Unknown if position.halfmoves() >= 100 => {
            let text = "Game drawn by the 50 move rule".to_owned();
            (EndReason::FiftyMove, text, GameResult::Draw)
        }
        Outcome::Unknown => return None,
    })
}

/// The last position stood three times, the same side to move.
fn repeated_thrice(positions: &[VariantPosition]) -> bool {
    let key = |p: &VariantPosition| {
        let fen = Fen::from_position(p, EnPassantMode::Legal).to_string();
        // Without the move counters.
        fen.rsplitn(3, ' ').nth(2).unwrap_or_default().to_owned()
    };
    let Some(now) = positions.last().map(key) else {
        return false;
    };
    positions.iter().filter(|p| key(p) == now).count() >= 3
}

/// Whether the engine takes a draw offered in `position`, `plies` into
/// the game, its last evaluation `score_cp` (its own side's; None: it has
/// not searched the position yet).
pub fn takes_draw(position: &VariantPosition, score_cp: Option<i32>, plies: usize) -> bool {
    if position.has_insufficient_material(Color::White)
        && position.has_insufficient_material(Color::Black)
    {
        return true;
    }
    let bare = position.board().occupied().count() <= ACCEPT_DRAW_LEVEL_PIECES;
    match score_cp {
        Some(cp) if cp <= ACCEPT_DRAW_LOSING_CP => true,
        Some(cp) => {
            let long = plies >= ACCEPT_DRAW_LEVEL_AFTER_PLIES;
            cp.abs() <= ACCEPT_DRAW_LEVEL_CP && (long || bare)
        }
        // Not searched yet (a position just set up): a bare board of
        // even material is taken as level.
        None => {
            bare && super::board_line::material(position, Color::White)
                == super::board_line::material(position, Color::Black)
        }
    }
}

/// The result when `winner` won (None: a draw).
pub fn result_for(winner: Option<Color>) -> GameResult {
    match winner {
        Some(Color::White) => GameResult::WhiteWins,
        Some(Color::Black) => GameResult::BlackWins,
        None => GameResult::Draw,
    }
}
