//! Engine analysis (UCI), sans-IO like the protocol core: `analysis.rs`
//! reads an engine's `info` lines into an evaluation from White's view and
//! a best line in SAN; `session.rs` is the conversation with one engine
//! process (start, options, one search at a time, stop), lines in and
//! lines out, no process or clock of its own.

pub mod analysis;
pub mod session;
