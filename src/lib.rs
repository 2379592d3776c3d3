//! Kibitz: a desktop client for FICS-style Internet Chess Servers.
//!
//! The app is a library so tests and benchmarks build the real thing; see
//! ARCHITECTURE.md for the layers.

pub mod app;
pub mod archive;
pub mod cli;
pub mod computer;
pub mod config;
pub mod console;
pub mod desktop;
pub mod engine;
pub mod game;
pub mod lobby;
pub mod local_time;
pub mod logging;
pub mod net;
pub mod notifications;
pub mod paint;
pub mod protocol;
pub mod recording;
pub mod secrets;
pub mod sound;
pub mod training;
pub mod ui;
