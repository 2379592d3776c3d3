//! egui only: widgets take `ui` first and end in `_ui`; they return what the
//! user did and never talk to the network.

pub mod analysis_view;
pub mod board;
mod board_access;
mod board_marks;
mod board_model;
pub mod clock;
pub mod confirm;
pub mod connect;
pub mod console;
pub mod dialogs;
mod eval_graph;
pub mod examine;
pub mod friends;
pub mod game_panel;
pub mod game_review;
pub mod game_view;
pub mod icons;
pub mod lobby;
pub mod move_list;
pub mod my_games;
pub mod opening_tree;
mod panel_analysis;
mod partner_row;
pub mod piece_picker;
pub mod piece_sets;
pub mod pieces;
pub mod player_strip;
pub mod players;
pub mod profile;
pub mod settings;
pub mod theme;
pub mod tile;
pub mod time_chart;
pub mod type_in;
pub mod workspace;
