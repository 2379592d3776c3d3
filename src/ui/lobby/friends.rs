//! The notice above the boards (`lobby::friends::Notice`): its text, its
//! buttons, Dismiss.

use crate::lobby::friends::Notice;
use crate::protocol::command::Command;

/// What the notice asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoticeAction {
    Send(Command),
    Dismiss,
}

/// The notice's row: its text, its buttons and a close button.
pub fn notice_ui(ui: &mut egui::Ui, notice: &Notice) -> Option<NoticeAction> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(&notice.text).strong());
        for (label, command) in &notice.buttons {
            if ui.button(label).clicked() {
                action = Some(NoticeAction::Send(command.clone()));
            }
        }
        if ui.small_button("Dismiss").clicked() {
            action = Some(NoticeAction::Dismiss);
        }
    });
    action
}
