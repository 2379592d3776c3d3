//! How the app starts: where its "now" comes from, and what to do at once
//! (connect, observe, replay a recording, play the computer).

use std::time::Instant;

use crate::game::Now;
use crate::recording::Chunk;
use crate::ui::dialogs::connect::ConnectRequest;

/// Where the app's "now" comes from.
#[derive(Debug, Clone, Copy)]
pub enum TimeSource {
    /// Time since this instant (the network thread stamps events on the same clock).
    Real(Instant),
    /// A fixed time, for tests.
    Fixed(Now),
}

/// How to start.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// Connect at once (from `--server/--user`).
    pub connect: Option<ConnectRequest>,
    /// Games to observe once logged in.
    pub observe: Vec<u32>,
    /// Show a recording instead of connecting.
    pub replay: Option<(Vec<Chunk>, f64)>,
    /// Show only the first N games of the recording.
    pub replay_games: Option<usize>,
    /// Play the computer at once, on the last game's terms (`--computer`).
    pub computer: bool,
}
