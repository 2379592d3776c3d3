//! The window against the scripted server ([`Served`]): a harness at a
//! window size, a login, and waiting (in real time, with a limit) for what
//! the app shows.

use std::time::Instant;

use egui_kittest::Harness;
use kibitz::app::{ConnectRequest, KibitzApp, TimeSource};
use kibitz::protocol::command::Secret;

/// An app on the real clock (network events are stamped on it).
pub fn live_app() -> KibitzApp {
    KibitzApp::new(TimeSource::Real(Instant::now()))
}

/// Connects as `handle` (guest when `password` is None), without timeseal.
pub fn connect(h: &mut Harness<'_, KibitzApp>, addr: &str, handle: &str, password: Option<&str>) {
    h.state_mut().connect_to(ConnectRequest {
        server: addr.to_owned(),
        handle: handle.to_owned(),
        password: password.map(Secret::new),
        timeseal: false,
        remember: false,
    });
}

/// Runs frames (draining the network) until `done` holds; panics after
/// [`super::wait::LIMIT`] with `what` and the connection status.
pub fn wait_for(h: &mut Harness<'_, KibitzApp>, what: &str, done: &dyn Fn(&KibitzApp) -> bool) {
    super::wait::frames(
        h,
        super::wait::LIMIT,
        |h| done(h.state()),
        |h| format!("waiting for {what}: {:?}", h.state().status()),
    );
}

/// Logged in.
pub fn logged_in(app: &KibitzApp) -> bool {
    matches!(app.status(), Some(kibitz::net::Status::LoggedIn { .. }))
}

/// Steps that answer each of Kibitz's set-up lines with a prompt, as a real
/// server does (Kibitz sends its lines one per prompt, or one per
/// `session::PACE` without one).
pub fn setup_answered() -> Vec<super::fake_server::Step> {
    use super::fake_server::{Expected, Step};
    use kibitz::protocol::command::{Command, SetupStep, setup_sequence};
    setup_sequence()
        .into_iter()
        .flat_map(|step| {
            let line = Command::Setup(step).to_line().expect("a set-up line");
            // No block mode: the old FICS's echo of `iset block 1`.
            let answer = if step == SetupStep::Block {
                b"\n\rcom_iset: block 1\n\rfics% ".to_vec()
            } else {
                b"\n\rfics% ".to_vec()
            };
            [Step::Expect(Expected::Line(line)), Step::Send(answer)]
        })
        .collect()
}
