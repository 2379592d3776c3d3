//! The two review boards of a bughouse game, stepped on one time line.
//! Each board's panel shows the time line's bar (where the game stands,
//! the last move of either board); stepping it, or browsing either
//! board's own moves, shows both boards as they stood at that moment.

use std::collections::BTreeMap;

use crate::game::timeline::{Board, Timeline};
use crate::game::{Game, GameStore};
use crate::ui::game_panel::game_view::{GameView, TimelineBar};

/// Two review boards of one bughouse game.
#[derive(Debug, Clone)]
pub struct LinkedReview {
    /// Board A's game number, board B's.
    boards: [u32; 2],
    timeline: Timeline,
    /// The time line's step shown (the number of moves of both boards).
    step: usize,
    /// Each board's `browse` as last set here: a change is the user's.
    set: [Option<usize>; 2],
}

impl LinkedReview {
    /// At the end of the game (both boards' last positions).
    pub fn new(boards: [u32; 2], timeline: Timeline) -> Self {
        let step = timeline.len();
        LinkedReview {
            boards,
            timeline,
            step,
            set: [None, None],
        }
    }

    /// Whether both boards are still there.
    pub fn open(&self, store: &GameStore) -> bool {
        self.boards.iter().all(|&n| store.get(n).is_some())
    }

    /// Before the frame: each board's bar shows the step and its move, and
    /// its pieces in hand at that step.
    pub fn show(&self, store: &GameStore, views: &mut BTreeMap<u32, GameView>) {
        let label = self.label(store);
        for (number, board) in self.boards.into_iter().zip([Board::A, Board::B]) {
            let view = views.entry(number).or_default();
            view.in_hand = self
                .timeline
                .pockets_at(self.step, board)
                .map(|p| p.map(|r| crate::game::material::hand(&r)));
            view.timeline = Some(TimelineBar {
                step: self.step,
                len: self.timeline.len(),
                label: label.clone(),
                go: None,
            });
        }
    }

    /// After the frame: the step the user went to (on a bar, or by
    /// browsing one board), both boards shown there. True if anything
    /// changed (the other board is drawn at the next frame).
    pub fn follow(&mut self, store: &GameStore, views: &mut BTreeMap<u32, GameView>) -> bool {
        let went = self
            .boards
            .iter()
            .find_map(|n| views.get_mut(n)?.timeline.as_mut()?.go.take());
        let browsed = |i: usize| views.get(&self.boards[i]).and_then(|v| v.browse);
        let step = if let Some(step) = went {
            step.min(self.timeline.len())
        } else if let Some(i) = (0..2).find(|&i| browsed(i) != self.set[i]) {
            let board = [Board::A, Board::B][i];
            let Some(game) = store.get(self.boards[i]) else {
                return false;
            };
            let plies = browsed(i).unwrap_or(game.moves.len());
            self.timeline.step_of(board, plies)
        } else {
            return false;
        };
        self.step = step;
        for (i, board) in [Board::A, Board::B].into_iter().enumerate() {
            let number = self.boards[i];
            let Some(game) = store.get(number) else {
                continue;
            };
            let plies = self.timeline.plies_at(step, board);
            let browse = (plies < game.moves.len()).then_some(plies);
            views.entry(number).or_default().browse = browse;
            self.set[i] = browse;
        }
        true
    }

    /// `23 of 61: 12a. N@f7` (the last move made, on either board).
    fn label(&self, store: &GameStore) -> String {
        let len = self.timeline.len();
        let Some(board) = self.timeline.moved_at(self.step) else {
            return format!("0 of {len}: the start");
        };
        let i = usize::from(board == Board::B);
        let game: Option<&Game> = store.get(self.boards[i]);
        let plies = self.timeline.plies_at(self.step, board);
        let Some((game, ply)) = game.zip(plies.checked_sub(1)) else {
            return format!("{} of {len}", self.step);
        };
        let san = game.moves.get(ply).map_or("", |m| m.san.as_str());
        let label = board.move_label(game.start_ply as usize + ply);
        format!("{} of {len}: {label}. {san}", self.step)
    }
}
