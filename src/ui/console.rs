//! The console as drawn: its lines, its tabs and the command line (the
//! model is `crate::console`).

use egui::RichText;

use crate::console::{Chat, Console, ConsoleLine, ConsoleTab, LineKind, mentions};
use crate::protocol::command::Command;

/// The command line's widget: a position pasted there is text to send
/// (`bsetup fen ...`), not a board to open.
pub fn command_line_id() -> egui::Id {
    egui::Id::NULL.with("console command line")
}

/// Draws the console; returns a command the user entered.
pub fn console_ui(ui: &mut egui::Ui, console: &mut Console) -> Option<Command> {
    let mut command = None;
    egui::Panel::bottom("console input").show(ui, |ui| {
        // Tab completes instead of moving the focus.
        if console.had_focus
            && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Tab))
        {
            console.complete();
        }
        let hint = match &console.tab {
            ConsoleTab::All => {
                "command (e.g. games, observe 12, seek 5 0, tell someone hi)".to_owned()
            }
            ConsoleTab::Talk(crate::protocol::conversation::Conversation::Events) => {
                "a command for the tournament bot (standings 31), or relay … for the relay bot; / sends a server command".to_owned()
            }
            ConsoleTab::Talk(conversation) => format!(
                "say to {} (a leading / sends a command)",
                conversation.title()
            ),
        };
        let edit = egui::TextEdit::singleline(&mut console.input)
            .id(command_line_id())
            .hint_text(hint)
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace);
        let response = ui.add(edit);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Command"));
        if std::mem::take(&mut console.focus_wanted) {
            response.request_focus();
        }
        if response.has_focus() {
            if ui.input(|i| i.key_pressed(egui::Key::ArrowUp)) {
                console.recall(true);
            } else if ui.input(|i| i.key_pressed(egui::Key::ArrowDown)) {
                console.recall(false);
            }
        }
        if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            command = console.submit();
            response.request_focus();
        }
        console.had_focus = response.has_focus();
    });
    // Ctrl+PageDown / Ctrl+PageUp: the next and the previous tab.
    let step = ui.input_mut(|i| {
        if i.consume_key(egui::Modifiers::COMMAND, egui::Key::PageDown) {
            1
        } else if i.consume_key(egui::Modifiers::COMMAND, egui::Key::PageUp) {
            -1
        } else {
            0
        }
    });
    if step != 0 {
        console.step_tab(step);
    }
    if let Some(asked) = tabs_ui(ui, console) {
        command = command.or(Some(asked));
    }
    // Only the rows in view are laid out: a full scrollback is 5000 lines,
    // and laying them all out costs milliseconds in every frame. Lines do
    // not wrap (the server wraps its own text), so every row has one height.
    let tab = console.tab.clone();
    let shown: Vec<&ConsoleLine> = console.lines.iter().filter(|l| tab.shows(l)).collect();
    // A scroll area that sticks to the bottom follows new rows one frame
    // late: without a second frame, a tell to an idle window would stay
    // below the view until something else drew one.
    if shown.len() != console.shown_before {
        ui.ctx().request_repaint();
    }
    let shown_now = shown.len();
    let row_height = ui.text_style_height(&egui::TextStyle::Monospace);
    // The rows are as wide as the tab's widest line, not the widest in
    // view: else the horizontal scroll bar came and went as lines scrolled
    // past, each time an animation of frames (410 at login).
    let widest_chars = shown
        .iter()
        .map(|line| {
            line.text.len()
                + if console.show_times {
                    line.time.len() + 1
                } else {
                    0
                }
        })
        .max()
        .unwrap_or(0);
    let rows_width = widest_chars as f32 * monospace_char_width(ui);
    let mut clicked = None;
    let colors = crate::ui::theme::console_colors(ui.visuals().dark_mode);
    egui::ScrollArea::both()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show_rows(ui, row_height, shown.len(), |ui, visible| {
            ui.set_min_width(rows_width);
            for line in &shown[visible] {
                let text = RichText::new(&line.text).monospace();
                let mentions_me = console
                    .me
                    .as_deref()
                    .is_some_and(|me| line.kind != LineKind::Echo && mentions(&line.text, me));
                // Not the unreadable lines' orange: a colour of its own.
                let text = if mentions_me {
                    text.strong().color(colors.mention)
                } else {
                    text
                };
                let text = match line.kind {
                    LineKind::Server => text,
                    LineKind::Chat(Chat::Tell) => text.color(colors.tell),
                    LineKind::Chat(_) => text.color(colors.chat),
                    LineKind::Unparsed => text.color(colors.unparsed),
                    LineKind::Echo => text.weak(),
                    LineKind::Note => text.italics().color(colors.note),
                    LineKind::Earlier => text.weak().italics(),
                };
                let label = egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend);
                // The time beside the line, a label of its own (the
                // line's words stay what a screen reader reads of it).
                // One row of exactly the row height (`show_rows` counts on it).
                let row = egui::vec2(ui.available_width(), row_height);
                let layout = egui::Layout::left_to_right(egui::Align::Center);
                ui.allocate_ui_with_layout(row, layout, |ui| {
                    if console.show_times {
                        ui.label(RichText::new(&line.time).monospace().weak());
                    }
                    // A chat line's speaker opens their card on a click.
                    if let LineKind::Chat(_) = line.kind
                        && let Some(speaker) = line.speaker.clone()
                    {
                        let response = ui
                            .add(label.sense(egui::Sense::click()))
                            .on_hover_text(format!("{speaker}'s card"));
                        if response.clicked() {
                            clicked = Some(speaker);
                        }
                    } else {
                        ui.add(label);
                    }
                });
            }
        });
    if clicked.is_some() {
        console.card_wanted = clicked;
    }
    console.shown_before = shown_now;
    command
}

/// The width of one character of the console's monospace font.
fn monospace_char_width(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    ui.fonts_mut(|fonts| fonts.glyph_width(&font, '0'))
}

mod tabs;

use tabs::tabs_ui;

#[cfg(test)]
mod tests;
