//! The two boards of a bughouse game on one time line: which board each
//! move of the game was made on, in the order they were played. A board
//! alone makes no sense in bughouse (its drops came from the other one),
//! so the archive writes both boards' moves in this order (BPGN) and the
//! review steps through them together.

use shakmaty::{ByColor, ByRole};

use super::game::Game;

/// One of the two boards of a bughouse game. `A` is the first named (the
/// user's own, when they played), `B` its partner board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Board {
    A,
    B,
}

impl Board {
    pub fn other(self) -> Board {
        match self {
            Board::A => Board::B,
            Board::B => Board::A,
        }
    }

    /// `A` or `B`, as BPGN writes it.
    pub fn letter(self) -> char {
        match self {
            Board::A => 'A',
            Board::B => 'B',
        }
    }

    /// The move at half-move `ply` (0: White's first) of this board, as
    /// BPGN numbers it: `12A` (White's 12th), `12a` (Black's).
    pub fn move_label(self, ply: usize) -> String {
        let letter = if ply.is_multiple_of(2) {
            self.letter()
        } else {
            self.letter().to_ascii_lowercase()
        };
        format!("{}{letter}", ply / 2 + 1)
    }
}

/// The plies of both boards in the order played: each entry is the board
/// the next move was made on. Step `t` of the time line shows each board
/// after as many of its moves as are among the first `t` entries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Timeline {
    order: Vec<Board>,
    /// Both boards' pieces in hand at each step (0: the start), where a
    /// replay knew them: a board's own positions cannot tell, since the
    /// partner's captures fill its hand between its moves.
    pockets: Vec<[ByColor<ByRole<u8>>; 2]>,
}

impl Timeline {
    pub fn new(order: Vec<Board>) -> Timeline {
        Timeline {
            order,
            pockets: Vec::new(),
        }
    }

    /// With both boards' pieces in hand at each step.
    pub fn with_pockets(self, pockets: Vec<[ByColor<ByRole<u8>>; 2]>) -> Timeline {
        Timeline { pockets, ..self }
    }

    /// `board`'s pieces in hand at step `step`, where known.
    pub fn pockets_at(&self, step: usize, board: Board) -> Option<ByColor<ByRole<u8>>> {
        let both = self.pockets.get(step)?;
        Some(both[usize::from(board == Board::B)])
    }

    /// The moves of two live boards in the order played: in the order
    /// Kibitz saw them arrive where it saw both (the server sends them as
    /// they are made); else by the time each board's clocks had run when
    /// the move was made (both boards start together; the server's time
    /// per move counts, so a history filled by `moves N` sorts too). A
    /// move without a time counts none; at one instant, board A's first.
    pub fn of(a: &Game, b: &Game) -> Timeline {
        let elapsed_ms = |game: &Game| -> Vec<u64> {
            game.moves
                .iter()
                .scan(0u64, |sum, ply| {
                    *sum = sum.saturating_add(ply.time_taken_ms.unwrap_or(0));
                    Some(*sum)
                })
                .collect()
        };
        let (a_ms, b_ms) = (elapsed_ms(a), elapsed_ms(b));
        let (mut i, mut j) = (0, 0);
        let mut order = Vec::with_capacity(a_ms.len() + b_ms.len());
        while i < a_ms.len() || j < b_ms.len() {
            let a_next = j >= b_ms.len()
                || (i < a_ms.len()
                    && match (a.moves[i].seen, b.moves[j].seen) {
                        (Some(a_seen), Some(b_seen)) => a_seen < b_seen,
                        _ => a_ms[i] <= b_ms[j],
                    });
            if a_next {
                order.push(Board::A);
                i += 1;
            } else {
                order.push(Board::B);
                j += 1;
            }
        }
        Timeline {
            order,
            pockets: Vec::new(),
        }
    }

    /// The number of moves of both boards.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The boards, move by move.
    pub fn order(&self) -> &[Board] {
        &self.order
    }

    /// How many moves `board` has made by step `step`.
    pub fn plies_at(&self, step: usize, board: Board) -> usize {
        self.order[..step.min(self.order.len())]
            .iter()
            .filter(|&&b| b == board)
            .count()
    }

    /// The step that shows `board` after `plies` of its moves: just after
    /// its `plies`-th move (the other board as it stood then), or the
    /// start for 0.
    pub fn step_of(&self, board: Board, plies: usize) -> usize {
        if plies == 0 {
            return 0;
        }
        let mut seen = 0;
        for (step, &b) in self.order.iter().enumerate() {
            if b == board {
                seen += 1;
                if seen == plies {
                    return step + 1;
                }
            }
        }
        self.order.len()
    }

    /// The board moved on at step `step` (its last move shown), if any.
    pub fn moved_at(&self, step: usize) -> Option<Board> {
        step.checked_sub(1).and_then(|i| self.order.get(i)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::clock::Now;
    use crate::game::game::Ply;

    fn game(times_s: &[u64]) -> Game {
        let mut game = Game::new(1, Now::ZERO);
        game.moves = times_s
            .iter()
            .map(|s| Ply {
                san: "e4".into(),
                time_taken_ms: Some(s * 1000),
                position: None,
                seen: None,
            })
            .collect();
        game
    }

    #[test]
    fn moves_of_two_boards_go_by_the_time_their_clocks_ran() {
        // A: moves at 1 s, 3 s, 10 s; B: at 2 s, 4 s.
        let timeline = Timeline::of(&game(&[1, 2, 7]), &game(&[2, 2]));
        use Board::{A, B};
        assert_eq!(timeline.order(), [A, B, A, B, A]);
        assert_eq!((timeline.plies_at(3, A), timeline.plies_at(3, B)), (2, 1));
        // A's second move is step 3; B's second, step 4.
        assert_eq!(timeline.step_of(A, 2), 3);
        assert_eq!(timeline.step_of(B, 2), 4);
        assert_eq!(timeline.step_of(B, 0), 0);
        assert_eq!(timeline.moved_at(4), Some(B));
        assert_eq!(timeline.moved_at(0), None);
    }

    #[test]
    fn moves_seen_arrive_go_in_that_order_whatever_their_times() {
        // Whole seconds: A's and B's moves all took 1 s; B's first move
        // arrived before A's.
        let (mut a, mut b) = (game(&[1, 1]), game(&[1]));
        a.moves[0].seen = Some(2);
        a.moves[1].seen = Some(3);
        b.moves[0].seen = Some(1);
        use Board::{A, B};
        assert_eq!(Timeline::of(&a, &b).order(), [B, A, A]);
    }

    #[test]
    fn a_board_without_moves_or_times_keeps_its_order() {
        let mut a = game(&[1, 1]);
        a.moves.iter_mut().for_each(|m| m.time_taken_ms = None);
        let timeline = Timeline::of(&a, &game(&[]));
        assert_eq!(timeline.order(), [Board::A, Board::A]);
        assert_eq!(timeline.plies_at(99, Board::A), 2);
        assert_eq!(timeline.step_of(Board::A, 5), 2);
    }
}
