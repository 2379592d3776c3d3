//! Which two observed boards are one bughouse game, found by a piece
//! passed between them. An observer is told no other way: FatICS's `<g1>`
//! names no partner board, the old FICS sends no `<g1>`. A piece taken on
//! one board goes into the holdings of the taker's partner, who plays the
//! other colour on the other board (`<b1> game 2 white [P] black [] <-
//! WP`); the server may send that line before or after the board of the
//! capture, so the capture is looked for in the board moved on last and,
//! failing that, in the next one.

use std::collections::BTreeMap;

use shakmaty::{Color, Role};

use super::game::Game;
use crate::protocol::game_type::GameType;
use crate::protocol::holdings::Holdings;
use crate::protocol::style12::VerboseMove;
use crate::protocol::words;

/// A piece passed to a board whose partner board is not known yet.
#[derive(Debug, Clone, Default)]
pub struct Passes {
    waiting: Option<Passed>,
}

#[derive(Debug, Clone, Copy)]
struct Passed {
    /// The board that received it.
    game: u32,
    /// Who took it on the other board, and what.
    taker: Color,
    role: Role,
}

impl Passes {
    /// A holdings line: the pair it shows (the receiving board and the
    /// board moved on last, if that move took the piece); else the piece is
    /// remembered for the next board.
    pub fn holdings(
        &mut self,
        holdings: &Holdings,
        games: &BTreeMap<u32, Game>,
    ) -> Option<(u32, u32)> {
        let passed = holdings.passed?;
        if !games.get(&holdings.game).is_some_and(alone) {
            return None;
        }
        let role = Role::from_char(passed.piece.to_ascii_lowercase())?;
        // White received the piece here: Black took it there.
        let taker = match passed.color {
            words::Color::White => Color::Black,
            words::Color::Black => Color::White,
        };
        let passed = Passed {
            game: holdings.game,
            taker,
            role,
        };
        let last_moved = games
            .values()
            .filter(|g| g.number != passed.game && alone(g))
            .filter_map(|g| Some((g.moves.last()?.seen?, g)))
            .max_by_key(|(seen, _)| *seen)
            .map(|(_, g)| g);
        match last_moved {
            Some(other) if took(other, passed) => {
                self.waiting = None;
                Some((passed.game, other.number))
            }
            _ => {
                self.waiting = Some(passed);
                None
            }
        }
    }

    /// A move on board `number`: the pair, if it took the piece waiting.
    pub fn moved(&mut self, number: u32, games: &BTreeMap<u32, Game>) -> Option<(u32, u32)> {
        let passed = self.waiting?;
        let game = games.get(&number)?;
        if number == passed.game || !alone(game) {
            return None;
        }
        self.waiting = None;
        let receiver = games.get(&passed.game).filter(|g| alone(g))?;
        took(game, passed).then_some((receiver.number, number))
    }
}

/// A live board that may be half of a bughouse game not yet paired:
/// with holdings, and not crazyhouse (whose pieces pass within the board).
fn alone(game: &Game) -> bool {
    let kind = match &game.kind {
        None | Some(GameType::Bughouse) => true,
        Some(GameType::Wild(which)) => which.is_empty(),
        Some(_) => false,
    };
    kind && game.partner.is_none() && !game.is_over() && game.holdings.is_some()
}

/// Whether the board's last move was the taker's capture of that piece
/// (a promoted piece passes as a pawn: any role is taken then).
fn took(game: &Game, passed: Passed) -> bool {
    let Some(board) = game.board.as_deref() else {
        return false;
    };
    if board.turn == passed.taker {
        return false;
    }
    let VerboseMove::Normal { to, .. } = board.last_move else {
        return false;
    };
    let before = match game.moves.len() {
        0 => None,
        1 => game.start.as_ref(),
        n => game.moves[n - 2].position.as_ref(),
    };
    let Some(before) = before else {
        // The position before is unknown: the SAN says a capture.
        return game.moves.last().is_some_and(|m| m.san.contains('x'));
    };
    match before.board.piece_at(to) {
        Some(piece) => {
            piece.color != passed.taker && (piece.role == passed.role || passed.role == Role::Pawn)
        }
        // En passant: a pawn taken beside the square.
        None => passed.role == Role::Pawn && game.moves.last().is_some_and(|m| m.san.contains('x')),
    }
}
