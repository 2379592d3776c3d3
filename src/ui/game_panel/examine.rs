//! Driving a game we examine on the server: the position is the server's,
//! so stepping through it is a command (`backward`, `forward`), not a local
//! browse; moves made on the board are sent as moves, as in a game.

use crate::protocol::command::Command;

/// Far enough to reach either end of any game in one step.
const WHOLE_GAME_PLIES: u32 = 999;

/// The buttons under an examined board, in order: label, what it sends,
/// its key.
pub const EXAMINE_BUTTONS: [(&str, Command, &str); 5] = [
    ("Start", Command::Backward(WHOLE_GAME_PLIES), "Home"),
    ("Back", Command::Backward(1), "Left arrow"),
    ("Forward", Command::Forward(1), "Right arrow"),
    ("End", Command::Forward(WHOLE_GAME_PLIES), "End"),
    ("Unexamine", Command::Unexamine, ""),
];

/// The row of buttons under a board we examine; the command of the one
/// clicked.
pub fn examine_buttons_ui(ui: &mut egui::Ui, game: u32) -> Option<Command> {
    let mut clicked = None;
    ui.horizontal(|ui| {
        for (label, command, key) in &EXAMINE_BUTTONS {
            let mut response = ui.button(*label);
            response = if key.is_empty() {
                response.on_hover_text(format!("Stop examining game {game}"))
            } else {
                response.on_hover_text(format!("{label} ({key})"))
            };
            if response.clicked() {
                clicked = Some(command.clone());
            }
        }
    });
    clicked
}

/// The keys that step through the examined board with the keyboard's focus
/// (Home, Left, Right, End; not while a square has the focus, where the
/// arrows move between squares, nor while text is typed).
pub fn examine_keys(ui: &egui::Ui, square_focused: bool) -> Option<Command> {
    if square_focused || ui.ctx().text_edit_focused() {
        return None;
    }
    let keys = [
        egui::Key::Home,
        egui::Key::ArrowLeft,
        egui::Key::ArrowRight,
        egui::Key::End,
    ];
    let pressed = ui.input(|i| keys.iter().position(|key| i.key_pressed(*key)))?;
    Some(EXAMINE_BUTTONS[pressed].1.clone())
}
