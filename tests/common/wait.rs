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

/// After My games was shown (or Reload pressed): frames until the archive,
/// read off the UI thread, is listed.
pub fn archive_listed(h: &mut Harness<'_, KibitzApp>) {
    use egui_kittest::kittest::Queryable;
    h.run_steps(2);
    frames(
        h,
        LIMIT,
        |h| {
            h.query_all_by_label_contains("Reading the archive")
                .next()
                .is_none()
        },
        |_| "the archive listed".to_owned(),
    );
    h.run_steps(2);
}
