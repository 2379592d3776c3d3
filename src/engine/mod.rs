//! Engine analysis (UCI). The core is sans-IO like the protocol's:
//! `analysis.rs` reads an engine's `info` lines into an evaluation from
//! White's view and a best line in SAN; `session.rs` is the conversation
//! with one engine (start, options, one search at a time, stop), lines in
//! and lines out; `scheduler.rs` decides which board's position the one
//! engine looks at; `review.rs` judges a game's moves from the evaluations
//! of its positions. `process.rs` runs the engine program on a thread of
//! its own and is the only part that does IO. `variant.rs`: the rules a
//! search is by (chess, Chess960, a variant engine's `UCI_Variant`).

pub mod analysis;
pub mod info;
pub mod opponent;
pub mod opponent_process;
pub mod opponent_session;
pub mod process;
pub mod results;
pub mod review;
pub mod scheduler;
pub mod session;
pub mod strength;
pub mod variant;
