//! Everything that needs no server and no window: the fixtures decoded, the
//! store, the archive, the people and game lists, settings, the engine process,
//! the desktop entry, and the house's shape (imports, the app's parts). One
//! binary: on two cores, linking dominates the test build.

#[path = "../common/mod.rs"]
mod common;

mod adjourned;
mod app_parts;
mod archive;
mod computer_games;
mod config;
mod decode_fixtures;
mod desktop_entry;
mod engine_process;
mod journal;
mod module_graph;
mod people;
mod pgn_from_anywhere;
mod secrets;
mod store;
