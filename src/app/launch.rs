//! How long the window takes to appear, step by step, for
//! `KIBITZ_FRAME_STATS`: the launch is marked as `main` starts, and the
//! steps of the start-up and the first frame are logged against it.

use std::sync::OnceLock;
use std::time::Instant;

static LAUNCHED: OnceLock<Instant> = OnceLock::new();

/// Marks the launch (the first thing `main` does).
pub fn mark_launch() {
    let _ = LAUNCHED.set(Instant::now());
}

/// Logs `step` with the time since the launch, when frame stats are on.
pub fn step(step: &str) {
    if !super::frame_stats::FrameStats::wanted_by_env() {
        return;
    }
    if let Some(launched) = LAUNCHED.get() {
        let ms = launched.elapsed().as_secs_f64() * 1000.0;
        tracing::info!("launch: {step} after {ms:.0} ms");
        eprintln!("kibitz: launch: {step} after {ms:.0} ms");
    }
}
