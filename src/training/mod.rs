//! Training: the server's puzzle and endgame bots (`bots.rs`).

pub mod bots;
