//! Training: the server's puzzle and endgame bots (`bots.rs`), and a deck
//! of your own mistakes (`deck.rs`).

pub mod bots;
pub mod deck;
