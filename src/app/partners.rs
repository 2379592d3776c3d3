//! Bughouse: a game and its partner board belong together. Observing (or
//! playing) one board of a bughouse game opens the other one too (`<g1>`
//! names it), and the two are laid out side by side.

use super::KibitzApp;
use crate::game::GameStore;
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::gameinfo::GameInfo;

impl KibitzApp {
    /// A game's `<g1>` names its partner board: observe that one too.
    pub(super) fn follow_partner(&mut self, info: &GameInfo) {
        let Some(partner) = info.partner_game else {
            return;
        };
        if self.store.get(partner).is_some_and(|g| !g.is_over())
            || self.partners_requested.contains(&partner)
        {
            return;
        }
        // Bounded: cleared as the boards come in.
        if self.partners_requested.len() < 64 {
            self.partners_requested.insert(partner);
            self.send_quiet(Command::Observe(ObserveTarget::Game(partner)));
        }
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
