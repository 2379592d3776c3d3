//! The one way a test waits for what another thread does (the network
//! thread, the engine, a scripted server): look, and between two looks take
//! a step (a frame, a drain) and a short sleep; past the limit, fail
//! saying what did not come.

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use kibitz::app::KibitzApp;

/// How long a test waits for anything by default: far longer than any
/// answer takes, even on a loaded machine.
pub const LIMIT: Duration = Duration::from_secs(20);
/// The pause between two looks.
const PAUSE: Duration = Duration::from_millis(20);

/// Steps `state` until `done` holds; panics after `limit` with `what`.
pub fn until<S: ?Sized>(
    state: &mut S,
    limit: Duration,
    mut done: impl FnMut(&mut S) -> bool,
    mut step: impl FnMut(&mut S),
    what: impl Fn(&S) -> String,
) {
    let started = Instant::now();
    while !done(state) {
        assert!(started.elapsed() < limit, "{}", what(state));
        step(state);
        std::thread::sleep(PAUSE);
    }
}

/// Frames of the window (each drains the network and the engine) until
/// `done` holds; panics after `limit` with `what`.
pub fn frames(
    h: &mut Harness<'_, KibitzApp>,
    limit: Duration,
    mut done: impl FnMut(&Harness<'_, KibitzApp>) -> bool,
    what: impl Fn(&Harness<'_, KibitzApp>) -> String,
) {
    until(
        h,
        limit,
        |h| done(h),
        |h| {
            h.state_mut().poll_network();
            h.state_mut().poll_engine();
            h.run_steps(1);
        },
        what,
    );
}
