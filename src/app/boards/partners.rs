//! Bughouse: a game and its partner board belong together. Playing (or
//! observing) one board of a bughouse game opens the other one too, and the
//! two are laid out side by side. The servers name the other board in
//! different ways: FatICS-style `<g1>` lines with `pt=`, the old FICS's
//! `Your partner is playing game N`, and FatICS itself only that the partner
//! joined a game: then the partner is observed by name.

use std::collections::BTreeSet;

use crate::game::GameStore;
use crate::protocol::command::ObserveTarget;
use crate::protocol::partnership::Partnership;
use crate::protocol::style12::Style12;

/// Our partner, and the partner boards asked for, not yet here.
#[derive(Debug, Default)]
pub struct Partners {
    requested: BTreeSet<u32>,
    /// Our bughouse partner, while partnered.
    partner: Option<String>,
    /// We observe our partner by name: the next board they play in is the
    /// partner board of ours.
    awaiting_partner_board: bool,
    /// The partner's last tell (who, what), shown on our board.
    said: Option<(String, String)>,
}

impl Partners {
    /// The other board of a game (named by `<g1>` or by the server's
    /// words): the board to observe, unless it is here or asked for already.
    pub fn follow(&mut self, partner_game: u32, store: &GameStore) -> Option<u32> {
        if store.get(partner_game).is_some_and(|g| !g.is_over())
            || self.requested.contains(&partner_game)
        {
            return None;
        }
        // Bounded: cleared as the boards come in.
        if self.requested.len() >= 64 {
            return None;
        }
        self.requested.insert(partner_game);
        Some(partner_game)
    }

    /// A partnership line: who our partner is, and when their game starts,
    /// what to observe to see it.
    pub fn on_partnership(
        &mut self,
        partnership: &Partnership,
        store: &GameStore,
    ) -> Option<ObserveTarget> {
        match partnership {
            Partnership::Formed { partner } => {
                self.partner = Some(partner.clone());
                None
            }
            Partnership::Ended { .. } => {
                self.partner = None;
                None
            }
            Partnership::PartnerPlaying { game: Some(game) } => {
                self.follow(*game, store).map(ObserveTarget::Game)
            }
            Partnership::PartnerPlaying { game: None } => {
                let partner = self.partner.clone()?;
                self.awaiting_partner_board = true;
                Some(ObserveTarget::Player(partner))
            }
        }
    }

    /// A board arrived: is it the partner board we observed by name?
    pub fn arrived(&mut self, board: &Style12) -> bool {
        self.requested.remove(&board.game);
        let partners = self.partner.as_deref().is_some_and(|partner| {
            board.white.eq_ignore_ascii_case(partner) || board.black.eq_ignore_ascii_case(partner)
        });
        let linked = self.awaiting_partner_board && partners;
        if linked {
            self.awaiting_partner_board = false;
        }
        linked
    }

    /// Our partner, while partnered.
    pub fn partner(&self) -> Option<&str> {
        self.partner.as_deref()
    }

    /// The partner told us `text` (the first 200 characters are kept).
    pub fn told(&mut self, from: &str, text: &str) {
        let words: String = text.chars().take(200).collect();
        self.said = Some((from.to_owned(), words));
    }

    /// The partner's last tell: who, what.
    pub fn said(&self) -> Option<(&str, &str)> {
        (self.said.as_ref()).map(|(who, what)| (who.as_str(), what.as_str()))
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
