//! Offers to the user (draw, abort, adjourn, takeback, a match): kept from
//! the server's prose line or its `<pf>` line (one entry per offer on
//! servers that send both), dropped when answered, withdrawn (`<pr>`) or
//! when the game between the two ends. Shown in the game's panel, or in
//! the bar above the boards when no panel shows the offerer's game.

use egui::RichText;

use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::message::{Message, ProseOffer};
use crate::protocol::offer::{OfferKind, OfferLine};
use crate::ui::game_view::{Action, PendingOffer};

/// The offers waiting for an answer, oldest first; each with its server
/// id when the server gave one.
#[derive(Debug, Default)]
pub struct Offers {
    waiting: Vec<(Option<u32>, PendingOffer)>,
}

impl Offers {
    /// Folds an event in; a new offer is returned as (who, what) for the
    /// announcement.
    pub fn apply(&mut self, event: &Event) -> Option<(String, String)> {
        match event {
            Event::Message(Message::OfferReceived { from, offer }) => {
                let (kind, accept, decline) = match offer {
                    ProseOffer::Draw => ("draw", Command::Draw, Command::Decline(None)),
                    ProseOffer::Abort => ("abort", Command::Abort, Command::Decline(None)),
                    ProseOffer::Adjourn => {
                        ("adjourn", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Takeback { .. } => {
                        ("takeback", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Match { .. } => {
                        ("match", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Partner => (
                        "to be your bughouse partner",
                        Command::Partner(Some(from.clone())),
                        Command::Decline(None),
                    ),
                };
                let offer = PendingOffer {
                    from: from.clone(),
                    kind: kind.into(),
                    accept,
                    decline,
                };
                self.push(None, offer)
            }
            Event::Offer(OfferLine::From(offer)) => {
                let pending = PendingOffer {
                    from: offer.player.clone(),
                    kind: match offer.kind {
                        OfferKind::Match => format!("a match: {}", offer.params),
                        OfferKind::Partner => "to be your bughouse partner".to_owned(),
                        ref other => offer_kind_name(other),
                    },
                    accept: Command::Accept(Some(offer.id)),
                    decline: Command::Decline(Some(offer.id)),
                };
                // The prose line of the same offer came first on servers with
                // both (and was announced then).
                let before = self.waiting.len();
                self.waiting
                    .retain(|(id, o)| !(id.is_none() && o.from == pending.from));
                let new = self.waiting.len() == before;
                self.push(Some(offer.id), pending).filter(|_| new)
            }
            Event::Offer(OfferLine::Removed(id)) => {
                self.waiting.retain(|(i, _)| *i != Some(*id));
                None
            }
            _ => None,
        }
    }

    fn push(&mut self, id: Option<u32>, offer: PendingOffer) -> Option<(String, String)> {
        let said = (offer.from.clone(), offer.kind.clone());
        self.waiting.push((id, offer));
        Some(said)
    }

    /// The game between these two ended: their offers are void.
    pub fn game_ended(&mut self, white: &str, black: &str) {
        self.waiting
            .retain(|(_, o)| o.from != white && o.from != black);
    }

    /// Accepts or declines the newest offer: the command to send.
    pub fn answer_newest(&mut self, accept: bool) -> Option<Command> {
        let (_, offer) = self.waiting.pop()?;
        Some(if accept { offer.accept } else { offer.decline })
    }

    /// The offers for the game panels.
    pub fn pending(&self) -> Vec<PendingOffer> {
        self.waiting.iter().map(|(_, o)| o.clone()).collect()
    }

    /// The bar of offers from players who are not our `opponents` (whose
    /// offers the game's panel shows).
    pub fn bar_ui(&mut self, ui: &mut egui::Ui, opponents: &[String]) -> Vec<Action> {
        let mut actions = Vec::new();
        let mut answered = None;
        for (i, (_, offer)) in self.waiting.iter().enumerate() {
            if opponents.contains(&offer.from) {
                continue;
            }
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{} offers {}", offer.from, offer.kind)).strong());
                if ui.button("Accept").on_hover_text("Accept: Alt+Y").clicked() {
                    actions.push(Action::Send(offer.accept.clone()));
                    answered = Some(i);
                }
                if ui
                    .button("Decline")
                    .on_hover_text("Decline: Alt+N")
                    .clicked()
                {
                    actions.push(Action::Send(offer.decline.clone()));
                    answered = Some(i);
                }
            });
        }
        // Answered offers go at once (servers without `<pr>` never say so).
        if let Some(i) = answered {
            self.waiting.remove(i);
        }
        actions
    }
}

fn offer_kind_name(kind: &OfferKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "offer".into())
}
