//! Which board the user looks at: the focused board (the keyboard's),
//! the one shown alone, those in windows of their own, and the game
//! typed moves go to.

use super::Boards;
use crate::game::GameStore;

impl Boards {
    /// Shows the game alone, or back in the grid.
    pub fn toggle_maximized(&mut self, game: u32) {
        self.looked_at.maximized = if self.looked_at.maximized == Some(game) {
            None
        } else {
            Some(game)
        };
    }

    /// Moves the game into a window of its own, or back.
    pub fn toggle_detached(&mut self, game: u32) {
        if !self.detached.remove(&game) {
            self.detached.insert(game);
        }
    }

    /// The keyboard goes to the next (or previous) board, in the order of
    /// the games.
    pub fn focus_next(&mut self, store: &GameStore, forward: bool) {
        let numbers: Vec<u32> = store.games().map(|g| g.number).collect();
        if numbers.is_empty() {
            return;
        }
        let at = (self.looked_at.focused).and_then(|n| numbers.iter().position(|&m| m == n));
        let next = match (at, forward) {
            (None, true) => 0,
            (None, false) => numbers.len() - 1,
            (Some(i), true) => (i + 1) % numbers.len(),
            (Some(i), false) => (i + numbers.len() - 1) % numbers.len(),
        };
        self.looked_at.focused = Some(numbers[next]);
        // A screen reader lands on the board: one of its squares takes
        // the focus (where the squares are drawn for one).
        self.views
            .entry(numbers[next])
            .or_default()
            .board
            .focus_square = true;
    }

    /// Turns the board with the keyboard around.
    pub fn flip_keyboard_board(&mut self, store: &GameStore) {
        if let Some(number) = self.keyboard_board(store) {
            let view = self.views.entry(number).or_default();
            view.flipped = !view.flipped;
        }
    }

    /// The game typed moves go to: a live game of ours, the focused one
    /// first (typing while another board has the focus still plays); else
    /// a game we examine (a training bot's problem).
    pub(super) fn keyboard_game(&self, store: &GameStore) -> Option<u32> {
        let focused = self.looked_at.focused.and_then(|n| store.get(n));
        focused
            .filter(|g| g.is_own_live())
            .or_else(|| store.own_live_game())
            .or_else(|| focused.filter(|g| g.is_examined_by_us()))
            .or_else(|| store.games().find(|g| g.is_examined_by_us()))
            .map(|g| g.number)
    }
}
