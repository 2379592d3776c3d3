//! The window against the scripted server: scripts served on a thread of
//! their own, a harness at a window size, a login, and waiting (in real
//! time, with a limit) for what the app shows. A test crate that uses it
//! also declares `mod fake_server` (`#[path = "support/fake_server.rs"]`).

// Each test crate uses some of these helpers only.
#![allow(dead_code)]

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use egui_kittest::Harness;
use kibitz::app::{ConnectRequest, KibitzApp, TimeSource};
use kibitz::protocol::command::Secret;

use crate::fake_server::{FakeServer, Script};

/// Scripts being served, one per connection, until [`Served::finish`].
pub struct Served {
    pub addr: String,
    done: mpsc::Sender<()>,
    thread: JoinHandle<Vec<String>>,
}

impl Served {
    pub fn start(scripts: Vec<Script>) -> Served {
        let (addr_tx, addr_rx) = mpsc::channel();
        let (done, done_rx) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let server = FakeServer::start(scripts, false).await.expect("server");
                addr_tx.send(server.addr.to_string()).expect("addr");
                // Keep serving until the test is done.
                let _ = tokio::task::spawn_blocking(move || done_rx.recv()).await;
                server.received(0, Duration::from_secs(1)).await
            })
        });
        let addr = addr_rx.recv().expect("addr");
        Served { addr, done, thread }
    }

    /// Stops serving; what the client sent on the first connection.
    pub fn finish(self) -> Vec<String> {
        let _ = self.done.send(());
        self.thread.join().expect("server thread")
    }
}

/// The window at `size`, one frame drawn.
pub fn window(app: KibitzApp, size: [f32; 2]) -> Harness<'static, KibitzApp> {
    let mut h = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    h.run_steps(1);
    h
}

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

/// Runs frames (draining the network) until `done` holds; panics after 20 s
/// with `what` and the connection status.
pub fn wait_for(h: &mut Harness<'_, KibitzApp>, what: &str, done: &dyn Fn(&KibitzApp) -> bool) {
    let started = Instant::now();
    while !done(h.state()) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "waiting for {what}: {:?}",
            h.state().status()
        );
        h.state_mut().poll_network();
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Logged in.
pub fn logged_in(app: &KibitzApp) -> bool {
    matches!(app.status(), Some(kibitz::net::Status::LoggedIn { .. }))
}

/// Steps that answer each of Kibitz's set-up lines with a prompt, as a real
/// server does (Kibitz sends its lines one per prompt, or one per
/// `session::PACE` without one).
pub fn setup_answered() -> Vec<crate::fake_server::Step> {
    use crate::fake_server::{Expected, Step};
    use kibitz::protocol::command::{Command, setup_sequence};
    setup_sequence()
        .into_iter()
        .flat_map(|step| {
            let line = Command::Setup(step).to_line().expect("a set-up line");
            [
                Step::Expect(Expected::Line(line)),
                Step::Send(b"\n\rfics% ".to_vec()),
            ]
        })
        .collect()
}
