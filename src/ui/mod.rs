//! egui only: widgets take `ui` first and end in `_ui`; they return what the
//! user did and never talk to the network.

pub mod analysis;
pub mod board;
pub mod console;
pub mod dialogs;
pub mod game_panel;
pub mod icons;
pub mod lobby;
pub mod mistakes;
pub mod moves;
pub mod my_games;
pub mod offers;
pub mod theme;
pub mod workspace;
