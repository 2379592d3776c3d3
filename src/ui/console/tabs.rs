//! The console's tab bar: All, then a tab per conversation with its
//! unread count, its close button and (a channel's) its leave menu, and
//! "+" to join a channel.

use egui::RichText;

use super::{Console, ConsoleTab};
use crate::protocol::conversation::Conversation;

/// A conversation's tab: opened by its first line, closed by the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Talk {
    pub conversation: Conversation,
    /// Lines since the tab was last shown.
    pub unread: u32,
}

/// All, then a tab per conversation with its unread count and a close
/// button; a channel's tab leaves the channel from its menu, and "+"
/// joins one. The channel to join or leave (true: join).
pub(super) fn tabs_ui(ui: &mut egui::Ui, console: &mut Console) -> Option<(u32, bool)> {
    let mut show = None;
    let mut close = None;
    let mut channel = None;
    ui.horizontal_wrapped(|ui| {
        if ui
            .selectable_label(console.tab == ConsoleTab::All, "All")
            .clicked()
        {
            show = Some(ConsoleTab::All);
        }
        for talk in &console.talks {
            let tab = ConsoleTab::Talk(talk.conversation.clone());
            let title = talk.conversation.title();
            let name = match talk.unread {
                0 => title.clone(),
                n => format!("{title} ({n})"),
            };
            let text = if talk.unread > 0 {
                RichText::new(&name).strong()
            } else {
                RichText::new(&name)
            };
            let response = ui.selectable_label(console.tab == tab, text);
            let unread = talk.unread;
            response.widget_info(|| {
                let said = match unread {
                    0 => title.clone(),
                    1 => format!("{title}, 1 unread"),
                    n => format!("{title}, {n} unread"),
                };
                egui::WidgetInfo::selected(egui::Role::Tab, true, console.tab == tab, said)
            });
            if response.clicked() {
                show = Some(tab);
            }
            if let Conversation::Channel(number) = talk.conversation {
                response.context_menu(|ui| {
                    if ui.button(format!("Leave channel {number}")).clicked() {
                        channel = Some((number, false));
                        ui.close();
                    }
                });
            }
            let close_button = ui.small_button("×").on_hover_text(format!("Close {title}"));
            close_button.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, format!("Close {title}"))
            });
            if close_button.clicked() {
                close = Some(talk.conversation.clone());
            }
        }
        // Join a channel: its number, then Enter or Join.
        let join = ui
            .small_button("+")
            .on_hover_text("Join a channel (tell N, shout ... as usual)");
        join.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Join a channel"));
        // A click in its text field must not close it.
        egui::Popup::menu(&join)
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
            .show(|ui| {
                ui.horizontal(|ui| {
                    let label = ui.label("Channel");
                    let edit = ui
                        .add(
                            egui::TextEdit::singleline(&mut console.join_channel)
                                .desired_width(40.0),
                        )
                        .labelled_by(label.id);
                    let entered =
                        edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if (ui.button("Join").clicked() || entered)
                        && let Ok(number) = console.join_channel.trim().parse::<u32>()
                    {
                        channel = Some((number, true));
                        console.join_channel.clear();
                        ui.close();
                    }
                });
            });
    });
    if let Some(tab) = show {
        console.show_tab(tab);
    }
    if let Some(conversation) = close {
        console.close_tab(&conversation);
    }
    channel
}
