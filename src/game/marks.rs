//! A board's arrows and circles: drawn by the user with the right mouse
//! button, and on an examined board also received from the others as
//! kibitzes (`protocol/marks.rs`).

use super::game::Game;
use crate::protocol::marks::{Mark, MarkChange};

/// More marks than anybody draws; a flood of mark kibitzes stops here.
const MAX_MARKS: usize = 64;

impl Game {
    /// A mark kibitz (or our own change).
    pub fn apply_mark(&mut self, change: MarkChange) {
        match change {
            MarkChange::Add(mark) => {
                if !self.marks.contains(&mark) && self.marks.len() < MAX_MARKS {
                    self.marks.push(mark);
                }
            }
            MarkChange::Remove(mark) => self.marks.retain(|m| *m != mark),
            MarkChange::ClearAll => self.marks.clear(),
        }
    }

    /// The user drew `mark`: a new one is added, the same one again takes
    /// it away (as on lichess). The change made.
    pub fn toggle_mark(&mut self, mark: Mark) -> MarkChange {
        let change = if self.marks.contains(&mark) {
            MarkChange::Remove(mark)
        } else {
            MarkChange::Add(mark)
        };
        self.apply_mark(change);
        change
    }

    /// Marks here are seen by the others: an examined board (ours or one
    /// we observe), where they go out as kibitzes.
    pub fn shares_marks(&self) -> bool {
        use crate::protocol::style12::Relation;
        matches!(
            self.relation,
            Relation::Examining | Relation::ObservingExamined
        ) && !self.detached
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Now;
    use shakmaty::Square;

    #[test]
    fn toggled_applied_bounded() {
        let mut game = Game::new(1, Now::ZERO);
        let arrow = Mark::Arrow(Square::E2, Square::E4);
        assert_eq!(game.toggle_mark(arrow), MarkChange::Add(arrow));
        assert_eq!(game.marks, [arrow]);
        assert_eq!(game.toggle_mark(arrow), MarkChange::Remove(arrow));
        assert!(game.marks.is_empty());
        for square in Square::ALL {
            game.apply_mark(MarkChange::Add(Mark::Circle(square)));
        }
        game.apply_mark(MarkChange::Add(arrow));
        assert_eq!(game.marks.len(), MAX_MARKS);
        game.apply_mark(MarkChange::ClearAll);
        assert!(game.marks.is_empty());
    }
}
