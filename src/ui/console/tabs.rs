//! The console's tab bar: All, then a tab per conversation with its
//! unread count, its close button and its menu (move it left or right; a
//! channel's: who is in it, leave it), and "+" to join a channel; under it,
//! a channel tab's members.

use egui::RichText;

use crate::console::{Console, ConsoleTab};
use crate::protocol::command::Command;
use crate::protocol::conversation::Conversation;

/// All, then a tab per conversation with its unread count and a close
/// button; a tab's menu moves it, a channel's asks who is in it or leaves
/// it, and "+" joins one. The command that asks for (join, leave, who).
pub(super) fn tabs_ui(ui: &mut egui::Ui, console: &mut Console) -> Option<Command> {
    let mut show = None;
    let mut close = None;
    let mut command = None;
    let mut moved = None;
    let count = console.talks.len();
    ui.horizontal_wrapped(|ui| {
        if ui
            .selectable_label(console.tab == ConsoleTab::All, "All")
            .clicked()
        {
            show = Some(ConsoleTab::All);
        }
        for (at, talk) in console.talks.iter().enumerate() {
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
            response.context_menu(|ui| {
                if ui
                    .add_enabled(at > 0, egui::Button::new("Move left"))
                    .clicked()
                {
                    moved = Some((at, at - 1));
                    ui.close();
                }
                if ui
                    .add_enabled(at + 1 < count, egui::Button::new("Move right"))
                    .clicked()
                {
                    moved = Some((at, at + 1));
                    ui.close();
                }
                if let Conversation::Channel(number) = talk.conversation {
                    if ui.button(format!("Who is in channel {number}")).clicked() {
                        command = Some(Command::InChannel(number));
                        ui.close();
                    }
                    if ui.button(format!("Leave channel {number}")).clicked() {
                        command = Some(Command::Channels(Some((number, false))));
                        ui.close();
                    }
                }
            });
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
        // Opened: the number can be typed at once.
        let mut focus = join.clicked();
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
                    if std::mem::take(&mut focus) {
                        edit.request_focus();
                    }
                    let entered =
                        edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if (ui.button("Join").clicked() || entered)
                        && let Ok(number) = console.join_channel.trim().parse::<u32>()
                    {
                        command = Some(Command::Channels(Some((number, true))));
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
    if let Some((from, to)) = moved {
        console.talks.swap(from, to);
    }
    command.or_else(|| members_ui(ui, console))
}

/// Under a channel's tab: who is in it (as last asked, each name opening
/// its card) and the button that asks again.
fn members_ui(ui: &mut egui::Ui, console: &mut Console) -> Option<Command> {
    let ConsoleTab::Talk(Conversation::Channel(channel)) = console.tab else {
        return None;
    };
    let mut command = None;
    ui.horizontal_wrapped(|ui| {
        let label = match console.members.get(&channel) {
            None => "Who is here".to_owned(),
            Some(_) => "Again".to_owned(),
        };
        let ask = ui
            .small_button(&label)
            .on_hover_text(format!("Who is in channel {channel} (inchannel {channel})"));
        ask.widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::Role::Button,
                true,
                format!("Who is in channel {channel}"),
            )
        });
        if ask.clicked() {
            command = Some(Command::InChannel(channel));
        }
        let Some(members) = console.members.get(&channel) else {
            return;
        };
        ui.label(RichText::new(format!("{} in channel {channel}:", members.len())).weak());
        let mut card = None;
        for name in members {
            let link = ui.link(name).on_hover_text(format!("{name}'s card"));
            if link.clicked() {
                card = Some(name.clone());
            }
        }
        if card.is_some() {
            console.card_wanted = card;
        }
    });
    command
}
