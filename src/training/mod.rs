//! Training: the server's puzzle and endgame bots (`bots.rs`), and a deck
//! of your own mistakes (`deck.rs`), kept on disk (`deck_file.rs`) and
//! practised a card at a time (`practice.rs`).

pub mod bots;
pub mod deck;
pub mod deck_file;
pub mod practice;
