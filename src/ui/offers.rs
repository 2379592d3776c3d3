//! The bar of offers over the boards' top right: offers to the user that
//! no game's panel shows (a challenge, a partnership), each with Accept and
//! Decline, and the user's own offers waiting, each with Withdraw. The
//! offers themselves are `game/offers.rs`'s.

use egui::RichText;

use crate::game::offers::Offers;

use crate::ui::game_panel::game_view::Action;

/// The bar, where there is anything in it: offers from players who are
/// not the opponents of our games shown, live or `finished` (whose offers
/// their game's panel shows: a draw, or after the game a rematch).
pub fn bar_ui(
    ui: &mut egui::Ui,
    offers: &mut Offers,
    live: &[String],
    finished: &[String],
) -> Vec<Action> {
    let waiting = offers.waiting_elsewhere(live, finished).next().is_some();
    let made = offers.made_elsewhere(live).next().is_some();
    if !waiting && !made {
        return Vec::new();
    }
    // Over the boards' top right, not rows of their own: a challenge
    // coming in pushed every board down under the pointer.
    let at = ui.max_rect().right_top() + egui::vec2(-8.0, 4.0);
    egui::Area::new(ui.scope_id().with("offers"))
        .order(egui::Order::Foreground)
        .fixed_pos(at)
        .pivot(egui::Align2::RIGHT_TOP)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style())
                .show(ui, |ui| rows_ui(ui, offers, live, finished))
                .inner
        })
        .inner
}

/// The offers' rows: each with its answers, or Withdraw.
fn rows_ui(
    ui: &mut egui::Ui,
    offers: &mut Offers,
    live: &[String],
    finished: &[String],
) -> Vec<Action> {
    let mut actions = Vec::new();
    let mut answered = None;
    for (i, offer) in offers.waiting_elsewhere(live, finished) {
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
    if let Some(i) = answered {
        offers.answered(i);
    }
    let mut withdrawn = None;
    for (i, words, to) in offers.made_elsewhere(live) {
        ui.horizontal(|ui| {
            ui.label(words);
            ui.weak("waiting");
            if ui
                .button("Withdraw")
                .on_hover_text(format!("Withdraw this offer to {to}"))
                .clicked()
            {
                withdrawn = Some(i);
            }
        });
    }
    actions.extend(withdrawn.and_then(|i| offers.withdraw(i)).map(Action::Send));
    actions
}
