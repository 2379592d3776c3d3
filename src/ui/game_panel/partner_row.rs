//! The row of partner tells under a bughouse game of ours.

use egui::RichText;

use crate::protocol::command::Command;
use crate::ui::game_panel::game_view::{Action, PanelContext};

/// Under a bughouse game of ours: the partner's last tell, then a button
/// for each partner tell of the settings (`ptell go`, ...), in two rows
/// (what does not fit there is cut off: the settings choose the set).
pub(crate) fn partner_row_ui(ui: &mut egui::Ui, cx: &PanelContext<'_>, actions: &mut Vec<Action>) {
    ui.horizontal_wrapped(|ui| {
        if let Some((who, what)) = cx.partner_said {
            ui.label(RichText::new(format!("{who}: {what}")).strong())
                .on_hover_text("Your partner's last tell");
        } else if let Some(partner) = cx.partner {
            ui.weak(format!("Partner: {partner}"));
        }
        let partner = cx.partner.unwrap_or("your partner");
        for text in cx.ptells {
            let response = ui
                .small_button(text)
                .on_hover_text(format!("Tell {partner}: {text}"));
            let name = format!("Tell partner: {text}");
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            if response.clicked() {
                actions.push(Action::Send(Command::PartnerTell(text.clone())));
            }
        }
    });
}
