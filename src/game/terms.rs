//! The variant of a game about to be created, from the challenge that
//! creates it. The old FICS tells its players only `{Game 1 (A vs. B)
//! Creating rated wild match.}`: which wild is in the challenge
//! (`Challenge: A (1500) B (1500) rated wild 5 0 Loaded from wild/0.`,
//! the user's own `Issuing:` line, a `<pf>`/`<pt>` offer), so each
//! challenge's type is kept by the other player's handle until their game
//! begins.

use std::collections::BTreeMap;

use crate::protocol::event::Event;
use crate::protocol::game_type::GameType;
use crate::protocol::message::{Message, ProseOffer};
use crate::protocol::notice::Notice;
use crate::protocol::offer::{MatchOfferParams, OfferLine, parse_match_params};

/// Challenges remembered at most (a hostile server cannot grow the map).
const MAX_KEPT: usize = 64;

#[derive(Debug, Default)]
pub struct ChallengeTerms {
    /// By the lower-case handle of the user's would-be opponent.
    kinds: BTreeMap<String, GameType>,
}

impl ChallengeTerms {
    /// Keeps the type of a challenge to or from the user.
    pub fn apply(&mut self, event: &Event) {
        let (opponent, terms) = match event {
            Event::Notice(Notice::ChallengeIssued { to, terms }) => {
                (to.as_str(), parse_match_params(terms))
            }
            Event::Message(Message::OfferReceived {
                from,
                offer: ProseOffer::Match { text },
            }) => (from.as_str(), parse_match_params(text)),
            Event::Offer(OfferLine::From(offer) | OfferLine::To(offer)) => {
                (offer.player.as_str(), offer.match_params.clone())
            }
            _ => return,
        };
        let Some(terms) = terms else {
            return;
        };
        if self.kinds.len() >= MAX_KEPT {
            self.kinds.pop_first();
        }
        self.kinds
            .insert(opponent.to_ascii_lowercase(), kind_of(&terms));
    }

    /// The type of the challenge that made the user's game against
    /// `opponent` (taken: the next game is another challenge's).
    pub fn take(&mut self, opponent: &str) -> Option<GameType> {
        self.kinds.remove(&opponent.to_ascii_lowercase())
    }
}

/// `Loaded from wild/0` names the variant better than `wild`.
fn kind_of(terms: &MatchOfferParams) -> GameType {
    match &terms.loaded_from {
        Some(file) => GameType::parse(file),
        None => GameType::parse(&terms.game_type),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::decoder::StreamDecoder;

    fn events(text: &str) -> Vec<Event> {
        let mut decoder = StreamDecoder::new();
        let mut out = Vec::new();
        decoder.push(text.as_bytes(), &mut out);
        decoder.finish(&mut out);
        out
    }

    #[test]
    fn the_challenges_wild_is_kept_for_its_game() {
        let mut terms = ChallengeTerms::default();
        for event in events(
            "Challenge: BotA (1500) [black] KibUser (1500) rated wild 5 0 Loaded from wild/0.\n\r\
             Issuing: KibUser (1500) BotB (1500) unrated blitz chess960 3 0.\n\r",
        ) {
            terms.apply(&event);
        }
        assert_eq!(terms.take("bota"), Some(GameType::Wild("0".into())));
        assert_eq!(terms.take("BotA"), None, "taken once");
        assert_eq!(terms.take("BotB"), Some(GameType::Wild("fr".into())));
    }
}
