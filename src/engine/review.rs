//! A game reviewed with the engine, sans-IO: from the evaluation of each
//! position (White's share of the winning chances, 0 to 1, as the
//! evaluation bar shows it) to what each move cost its player, and the
//! moves that cost the most judged the way lichess does: a drop in the
//! mover's winning chances of 0.05, 0.10 or 0.15 of the whole (lichess's
//! 0.1, 0.2, 0.3 on its -1 to 1 scale) is an inaccuracy, a mistake or a
//! blunder. Winning chances, not centipawns: losing two pawns in a won
//! position is not a blunder, losing them at equality is.

use shakmaty::Color;

/// A position's look in a review counts once the engine is this deep on
/// it (a review look of 0.1 s already reaches it with Stockfish).
pub const REVIEW_DEPTH: u8 = 10;

/// What a move cost its player, in words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The annotation glyph (`?!`, `?`, `??`).
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    pub fn plural(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracies",
            Judgement::Mistake => "mistakes",
            Judgement::Blunder => "blunders",
        }
    }

    /// The judgement of a drop in the mover's share of `loss` (0 to 1).
    pub fn of_loss(loss: f32) -> Option<Judgement> {
        if loss >= 0.15 {
            Some(Judgement::Blunder)
        } else if loss >= 0.10 {
            Some(Judgement::Mistake)
        } else if loss >= 0.05 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// A game's review: per position White's share (`None`: not looked at
/// yet), per move its judgement.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Review {
    /// `shares[0]` is the start position, `shares[i + 1]` the one after
    /// move `i`.
    pub shares: Vec<Option<f32>>,
    /// `judgements[i]`: move `i`, judged once both positions around it
    /// are known.
    pub judgements: Vec<Option<Judgement>>,
}

impl Review {
    /// The review of a game whose first move is `first_mover`'s, from the
    /// shares of its positions (one more than its moves).
    pub fn new(shares: Vec<Option<f32>>, first_mover: Color) -> Review {
        let judgements = shares
            .windows(2)
            .enumerate()
            .map(|(index, pair)| {
                let mover = mover_of(index, first_mover);
                let (before, after) = (pair[0]?, pair[1]?);
                let loss = match mover {
                    Color::White => before - after,
                    Color::Black => after - before,
                };
                Judgement::of_loss(loss)
            })
            .collect();
        Review { shares, judgements }
    }

    /// Positions looked at, of all.
    pub fn progress(&self) -> (usize, usize) {
        let known = self.shares.iter().filter(|s| s.is_some()).count();
        (known, self.shares.len())
    }

    /// How many moves of `color`'s got `judgement`, when the game's first
    /// move is `first_mover`'s.
    pub fn count(&self, color: Color, judgement: Judgement, first_mover: Color) -> usize {
        self.judgements
            .iter()
            .enumerate()
            .filter(|(index, j)| mover_of(*index, first_mover) == color && **j == Some(judgement))
            .count()
    }
}

/// Who made move `index` of a game whose first move is `first_mover`'s.
fn mover_of(index: usize, first_mover: Color) -> Color {
    if index.is_multiple_of(2) {
        first_mover
    } else {
        !first_mover
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drop_in_the_movers_chances_is_judged_by_its_size() {
        // White keeps equality, Black drops to a lost position, White
        // gives a little back, Black gives a mistake's worth.
        let shares = vec![Some(0.5), Some(0.52), Some(0.80), Some(0.74), Some(0.86)];
        let review = Review::new(shares, Color::White);
        assert_eq!(
            review.judgements,
            [
                None,
                Some(Judgement::Blunder),
                Some(Judgement::Inaccuracy),
                Some(Judgement::Mistake)
            ]
        );
        assert_eq!(
            review.count(Color::Black, Judgement::Blunder, Color::White),
            1
        );
        assert_eq!(
            review.count(Color::White, Judgement::Blunder, Color::White),
            0
        );
        assert_eq!(review.progress(), (5, 5));
    }

    #[test]
    fn a_move_is_judged_only_when_both_positions_are_known_and_black_may_move_first() {
        let shares = vec![Some(0.5), None, Some(0.1)];
        let review = Review::new(shares, Color::Black);
        assert_eq!(review.judgements, [None, None]);
        assert_eq!(review.progress(), (2, 3));
        // Black moving first: a rise in White's share is Black's loss.
        let review = Review::new(vec![Some(0.5), Some(0.7)], Color::Black);
        assert_eq!(review.judgements, [Some(Judgement::Blunder)]);
        // A good move for the mover is never judged.
        let review = Review::new(vec![Some(0.5), Some(0.1)], Color::Black);
        assert_eq!(review.judgements, [None]);
    }
}
