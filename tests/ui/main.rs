//! The window's tests, driven as a person drives it (egui_kittest), some against
//! the scripted server. One binary: on two cores, linking dominates the test build.

#[path = "../common/mod.rs"]
mod common;

mod accessibility;
mod adjourned;
mod alerts;
mod analysis;
mod auto_flag;
mod board;
mod bughouse_review;
mod chat;
mod computer;
mod events;
mod everyday;
mod examine;
mod keyboard;
mod keyboard_game;
mod lobby;
mod login;
mod mistakes;
mod multiboard;
mod my_games;
mod notifications;
mod own_replies;
mod pixels;
mod players;
mod reconnect;
mod record;
mod review;
mod review_lines;
mod seeks;
mod sounds;
mod timeseal;
mod training;
mod type_in;
mod variants;
mod wall;
