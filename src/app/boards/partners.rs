//! Bughouse: a game and its partner board belong together. Observing (or
//! playing) one board of a bughouse game opens the other one too (`<g1>`
//! names it), and the two are laid out side by side.

use std::collections::BTreeSet;

use crate::game::GameStore;
use crate::protocol::gameinfo::GameInfo;

/// Partner boards asked for, not yet here.
#[derive(Debug, Default)]
pub struct Partners {
    requested: BTreeSet<u32>,
}

impl Partners {
    /// A game's `<g1>` names its partner board: the board to observe, unless
    /// it is here or asked for already.
    pub fn follow(&mut self, info: &GameInfo, store: &GameStore) -> Option<u32> {
        let partner = info.partner_game?;
        if store.get(partner).is_some_and(|g| !g.is_over()) || self.requested.contains(&partner) {
            return None;
        }
        // Bounded: cleared as the boards come in.
        if self.requested.len() >= 64 {
            return None;
        }
        self.requested.insert(partner);
        Some(partner)
    }

    /// A board of this game arrived.
    pub fn arrived(&mut self, game: u32) {
        self.requested.remove(&game);
    }
}

/// `games` in their order, but each bughouse game directly followed by its
/// partner board, so the grid shows the two side by side.
pub fn partners_together(store: &GameStore, games: &[u32]) -> Vec<u32> {
    let mut ordered = Vec::with_capacity(games.len());
    for &number in games {
        if ordered.contains(&number) {
            continue;
        }
        ordered.push(number);
        let partner = store.get(number).and_then(|g| g.partner);
        if let Some(partner) = partner.filter(|p| games.contains(p) && !ordered.contains(p)) {
            ordered.push(partner);
        }
    }
    ordered
}
