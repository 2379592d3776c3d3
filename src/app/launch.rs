//! How long the window takes to appear, step by step, for
//! `KIBITZ_FRAME_STATS`: the launch is marked as `main` starts, and the
//! steps of the start-up and the first frame are logged against it.

use std::sync::OnceLock;
use std::time::Instant;

static LAUNCHED: OnceLock<Instant> = OnceLock::new();

/// Whether the environment asks for frame statistics (`KIBITZ_FRAME_STATS`,
/// not empty and not 0): the launch steps and the frame counts.
pub fn stats_wanted() -> bool {
    std::env::var_os("KIBITZ_FRAME_STATS").is_some_and(|v| v != "0" && !v.is_empty())
}

/// Marks the launch (the first thing `main` does).
pub fn mark_launch() {
    let _ = LAUNCHED.set(Instant::now());
}

/// Logs `step` with the time since the launch, when frame stats are on.
pub fn step(step: &str) {
    if !stats_wanted() {
        return;
    }
    if let Some(launched) = LAUNCHED.get() {
        let ms = launched.elapsed().as_secs_f64() * 1000.0;
        tracing::info!("launch: {step} after {ms:.0} ms");
        eprintln!("kibitz: launch: {step} after {ms:.0} ms");
    }
}
