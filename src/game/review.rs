//! A review board's plan: every position of the game worked out once,
//! what the engine said of each (the results the analysis keeps, by
//! position) read into shares and judged moves (`engine/review.rs`), and
//! while "Review game" runs, the positions still to look at. Drawn by
//! `ui/analysis/review.rs`.

use shakmaty::{Color, Position};

use crate::engine::analysis::{position_key, white_share};
use crate::engine::results::Results;
use crate::engine::review::{REVIEW_DEPTH, Review};
use crate::engine::scheduler::Target;
use crate::game::Game;
use crate::game::rules::Playable;

/// A review board's review, kept between frames: whether the pass runs,
/// and the game's positions worked out once.
#[derive(Debug, Clone, Default)]
pub struct ReviewPlan {
    /// The user asked for the review pass.
    pub running: bool,
    /// The game's positions, worked out once (a review game does not
    /// change): for how many moves, and each position's slot.
    slots: Option<(usize, Vec<Slot>)>,
}

/// One position of the game, for the review.
#[derive(Debug, Clone)]
enum Slot {
    /// The engine's to look at (boxed: a position is large, and a game
    /// has many slots).
    Engine(Box<Target>),
    /// Known without the engine: a mate (0 or 1) or a draw on the board.
    Known(f32),
    /// Not a position the engine can take (a variant, a missing board).
    Unknown,
}

impl ReviewPlan {
    /// The review of `game` as far as the engine has looked (`results`);
    /// while the pass runs, the positions still to look at go into
    /// `to_look_at`. `None` for games the engine cannot take.
    pub fn review(
        &mut self,
        game: &Game,
        results: &Results,
        to_look_at: &mut Vec<Target>,
    ) -> Option<Review> {
        review_of(game, self, results, to_look_at)
    }

    /// The key the engine's look at position `index` (0: the start) is
    /// kept under; None for a mate or a draw on the board (no move to
    /// look for there) and before the first review.
    pub fn key(&self, index: usize) -> Option<&str> {
        match self.slots.as_ref()?.1.get(index)? {
            Slot::Engine(target) => Some(&target.key),
            _ => None,
        }
    }

    /// What is known of position `index` (0: the start), in words: a mate
    /// or a draw on the board, the engine's evaluation and depth, or that
    /// it was not looked at yet.
    pub fn eval_words(&self, index: usize, results: &Results) -> String {
        let slot = self.slots.as_ref().and_then(|(_, s)| s.get(index));
        match slot {
            Some(Slot::Known(share)) if *share > 0.75 => "White has mated".to_owned(),
            Some(Slot::Known(share)) if *share < 0.25 => "Black has mated".to_owned(),
            Some(Slot::Known(_)) => "Drawn".to_owned(),
            Some(Slot::Engine(target)) => match results.get(&target.key) {
                Some(analysis) => format!("{} (depth {})", analysis.eval, analysis.depth),
                None => "not looked at yet".to_owned(),
            },
            _ => String::new(),
        }
    }
}

fn review_of(
    game: &Game,
    review: &mut ReviewPlan,
    results: &Results,
    to_look_at: &mut Vec<Target>,
) -> Option<Review> {
    if review
        .slots
        .as_ref()
        .is_none_or(|(n, _)| *n != game.moves.len())
    {
        review.slots = Some((game.moves.len(), slots(game)));
    }
    let (_, slots) = review.slots.as_ref()?;
    if slots.iter().all(|s| matches!(s, Slot::Unknown)) {
        return None;
    }
    let shares = slots
        .iter()
        .map(|slot| match slot {
            Slot::Known(share) => Some(*share),
            Slot::Engine(target) => results
                .get(&target.key)
                .filter(|a| a.depth >= REVIEW_DEPTH)
                .map(|a| white_share(a.eval)),
            Slot::Unknown => None,
        })
        .collect::<Vec<_>>();
    if review.running {
        for (slot, share) in slots.iter().zip(&shares) {
            if let (Slot::Engine(target), None) = (slot, share) {
                to_look_at.push(target.as_ref().clone());
            }
        }
    }
    Some(Review::new(shares, first_mover(game)))
}

/// Who made the game's first move.
pub fn first_mover(game: &Game) -> Color {
    if game.start_ply.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

fn slots(game: &Game) -> Vec<Slot> {
    // The game's rules, and how an engine searches by them.
    let Some(rules) = game.playable().map(|p| p.rules) else {
        return Vec::new();
    };
    let Some(variant) = rules.engine_variant() else {
        return Vec::new();
    };
    let setups =
        std::iter::once(game.start.clone()).chain(game.moves.iter().map(|m| m.position.clone()));
    setups
        .map(|setup| {
            let Some(position) =
                setup.and_then(|setup| Playable::new(rules, setup).position().cloned())
            else {
                return Slot::Unknown;
            };
            match position.outcome() {
                shakmaty::Outcome::Known(shakmaty::KnownOutcome::Decisive { winner }) => {
                    Slot::Known(if winner.is_white() { 1.0 } else { 0.0 })
                }
                shakmaty::Outcome::Known(_) => Slot::Known(0.5),
                shakmaty::Outcome::Unknown => Slot::Engine(Box::new(Target {
                    board: game.number,
                    key: format!("{}{}", variant.key_prefix(), position_key(&position)),
                    position,
                    variant,
                })),
            }
        })
        .collect()
}
