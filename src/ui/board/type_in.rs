//! Moves typed on the keyboard: on the board that has the keyboard (the
//! focused tile, else your own game), typing opens a small box over the
//! board's lower edge with what was typed and the legal moves that fit;
//! Enter plays the move when exactly one fits (as a premove while the
//! opponent is to move), Backspace corrects, Esc clears. An ambiguous or
//! illegal entry says so and sends nothing. Matching is
//! `game::typed_move`'s.

use egui::{Color32, RichText};

use crate::game::rules::Playable;
use crate::game::typed_move::{Typed, match_typed};
use crate::ui::board::model::BoardAction;

/// The longest entry kept (`exd8=Q+` and some slack).
const MAX_TYPED: usize = 12;
/// Moves listed while typing.
const LISTED: usize = 8;

/// One board's type-in box.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TypeIn {
    /// What was typed so far.
    pub text: String,
    /// Why the last Enter sent nothing.
    pub message: Option<String>,
}

/// Reads this frame's keys into the box: characters, Backspace, Esc,
/// Enter, which gives a move to play or to queue as the premove, the same
/// actions as the board's. `board` is the board with the user to move, `premove` whether
/// they would be premoves. Keys are only read while no text field has the
/// keyboard.
pub fn type_in_keys(
    ui: &egui::Ui,
    state: &mut TypeIn,
    board: &Playable,
    premove: bool,
) -> Option<BoardAction> {
    // A focused square of the board (a screen reader's user on it) still
    // types moves; a text field keeps its letters.
    if ui.ctx().text_edit_focused() {
        return None;
    }
    let mut entered = None;
    ui.input_mut(|input| {
        // Alt+letter is a shortcut, not a move (the letter's text may come
        // in the same frame as the chord, after Alt was let go).
        let chorded = input.events.iter().any(|e| {
            matches!(e, egui::Event::Key { pressed: true, modifiers, .. }
                if modifiers.alt || modifiers.command || modifiers.ctrl)
        });
        let typing = !chorded && !input.modifiers.alt && !input.modifiers.command;
        for event in input.events.iter().filter(|_| typing) {
            if let egui::Event::Text(text) = event {
                for c in text.chars().filter(|c| c.is_ascii_graphic()) {
                    if state.text.len() < MAX_TYPED {
                        state.text.push(c);
                        state.message = None;
                    }
                }
            }
        }
        if state.text.is_empty() && state.message.is_none() {
            return;
        }
        if input.consume_key(egui::Modifiers::NONE, egui::Key::Backspace) {
            state.text.pop();
            state.message = None;
        }
        if input.consume_key(egui::Modifiers::NONE, egui::Key::Escape) {
            *state = TypeIn::default();
        }
        if input.consume_key(egui::Modifiers::NONE, egui::Key::Enter) {
            match match_typed(board, &state.text).on_enter() {
                Ok(mv) => {
                    *state = TypeIn::default();
                    entered = Some(if premove {
                        BoardAction::Premove(mv)
                    } else {
                        BoardAction::Move(mv)
                    });
                }
                Err(message) => state.message = Some(format!("{}: {message}", state.text)),
            }
        }
    });
    entered
}

/// Draws the box over the lower edge of `board` while something is typed
/// or a message is due.
pub fn type_in_ui(
    ui: &mut egui::Ui,
    board: egui::Rect,
    state: &TypeIn,
    moves: &Playable,
    premove: bool,
) {
    if state.text.is_empty() && state.message.is_none() {
        return;
    }
    let (line, color) = match &state.message {
        Some(message) => (message.clone(), ui.visuals().error_fg_color),
        None => {
            let what = if premove { "Premove" } else { "Move" };
            let fits = match match_typed(moves, &state.text) {
                Typed::Empty => String::new(),
                Typed::Move(candidate) => format!("{}  (Enter)", candidate.san),
                Typed::Ambiguous(candidates) => {
                    let mut names: Vec<&str> = candidates
                        .iter()
                        .take(LISTED)
                        .map(|c| c.san.as_str())
                        .collect();
                    if candidates.len() > LISTED {
                        names.push("…");
                    }
                    names.join("  ")
                }
                Typed::NoMatch => "no legal move".to_owned(),
            };
            (
                format!("{what}: {}_   {fits}", state.text),
                ui.visuals().strong_text_color(),
            )
        }
    };
    let height = 24.0;
    let rect = egui::Rect::from_min_max(egui::pos2(board.min.x, board.max.y - height), board.max);
    ui.painter()
        .rect_filled(rect, 3.0, Color32::from_black_alpha(200));
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(egui::vec2(6.0, 2.0)))
            .layout(egui::Layout::left_to_right(egui::Align::Center)),
    );
    let label =
        child.add(egui::Label::new(RichText::new(&line).color(color).monospace()).truncate());
    label.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Status, true, &line));
}

/// The typed text and the moves that fit it, in words: "Nf: Nf3",
/// "N: Na3, Nc3, Nf3, Nh3", "Qh5: no legal move".
pub fn fitting_words(board: &Playable, text: &str) -> String {
    match match_typed(board, text) {
        Typed::Move(candidate) => format!("{text}: {}", candidate.san),
        Typed::Ambiguous(candidates) => {
            let names: Vec<&str> = candidates
                .iter()
                .take(LISTED)
                .map(|c| c.san.as_str())
                .collect();
            let more = candidates.len().saturating_sub(LISTED);
            if more > 0 {
                format!("{text}: {} and {more} more", names.join(", "))
            } else {
                format!("{text}: {}", names.join(", "))
            }
        }
        Typed::NoMatch => format!("{text}: no legal move"),
        Typed::Empty => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rules::Rules;

    #[test]
    fn what_is_typed_is_said_with_the_moves_that_fit() {
        let start = Playable::new(Rules::of(None, false), shakmaty::Setup::initial());
        assert_eq!(fitting_words(&start, "N"), "N: Na3, Nc3, Nf3, Nh3");
        assert_eq!(fitting_words(&start, "Nf"), "Nf: Nf3");
        assert_eq!(fitting_words(&start, "Qh5"), "Qh5: no legal move");
        assert_eq!(fitting_words(&start, "e"), "e: e3, e4");
    }
}
