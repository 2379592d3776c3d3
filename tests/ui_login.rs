//! Logging in as a newcomer does: a wrong password brings the connect form
//! back with the server's reason; the form's timeseal box follows the
//! server typed in (on for freechess.org only, like the command line); the
//! top bar keeps every button on screen from the minimum window size up.

#[path = "support/fake_server.rs"]
mod fake_server;

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fake_server::{Expected, FakeServer, Script, Step, fixture_path};
use kibitz::app::{ConnectRequest, KibitzApp, TimeSource};
use kibitz::net::Status;
use kibitz::protocol::command::Secret;

/// Serves `script` on a thread of its own; returns its address and the
/// thread (which ends when the client is done or after 15 s).
fn serve(script: Script) -> (String, std::thread::JoinHandle<Vec<String>>) {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let server = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async move {
            let server = FakeServer::start(vec![script], false)
                .await
                .expect("server");
            addr_tx.send(server.addr.to_string()).expect("addr");
            server.received(0, Duration::from_secs(15)).await
        })
    });
    (addr_rx.recv().expect("addr"), server)
}

fn harness(size: [f32; 2]) -> Harness<'static, KibitzApp> {
    let mut h = Harness::builder().with_size(size).build_ui_state(
        |ui, app: &mut KibitzApp| app.show(ui),
        KibitzApp::new(TimeSource::Real(Instant::now())),
    );
    h.run_steps(2);
    h
}

fn wait_for(h: &mut Harness<'_, KibitzApp>, what: &str, done: &dyn Fn(&KibitzApp) -> bool) {
    let started = Instant::now();
    while !done(h.state()) {
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "waiting for {what}: {:?}",
            h.state().status
        );
        h.state_mut().poll_network();
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_wrong_password_brings_the_form_back_with_the_reason() {
    let mut script = Script::from_fixture(&fixture_path(
        "real-server/registered-login-bad-password.bin",
    ))
    .expect("script");
    script.push(Step::Close);
    let (addr, server) = serve(script);
    let mut h = harness([1180.0, 820.0]);
    h.state_mut().connect_to(ConnectRequest {
        server: addr,
        handle: "BotE".into(),
        password: Some(Secret::new("wrong-password")),
        timeseal: false,
        remember: false,
    });
    wait_for(&mut h, "the login to fail", &|app| {
        app.connect.error.is_some() && app.status.is_none()
    });
    h.run_steps(2);
    assert!(h.query_by_label("Connect to a chess server").is_some());
    let error = h.state().connect.error.clone().unwrap_or_default();
    assert!(error.contains("password"), "{error}");
    assert!(h.query_by_label(&error).is_some(), "shown on the form");
    assert!(h.query_by_label("Connect").is_some(), "can try again");
    server.join().expect("server thread");
}

#[test]
fn the_timeseal_box_follows_the_server() {
    let mut h = harness([1180.0, 820.0]);
    assert!(h.state().connect.timeseal, "freechess.org: on");
    h.get_by_label("Server").click();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Server").type_text("127.0.0.1:5000");
    h.run_steps(2);
    assert_eq!(h.state().connect.server, "127.0.0.1:5000");
    assert!(!h.state().connect.timeseal, "elsewhere: off");
}

/// Every control of the top bar is inside the window, at the minimum size
/// and at the default size, with a long status text.
#[test]
fn the_top_bar_keeps_its_buttons_on_screen() {
    for size in [[480.0, 360.0], [1180.0, 820.0]] {
        let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
            .expect("script")
            .login_only();
        script.push(Step::Expect(Expected::Line("quit".into())));
        script.push(Step::Close);
        let (addr, server) = serve(script);
        let mut h = harness(size);
        h.state_mut().connect_to(ConnectRequest {
            server: addr,
            handle: "guest".into(),
            password: None,
            timeseal: false,
            remember: false,
        });
        wait_for(&mut h, "login", &|app| {
            matches!(app.status, Some(Status::LoggedIn { .. }))
        });
        h.state_mut().status = Some(Status::LoggedIn {
            handle: "AVeryLongHandleOfSeventeen on a-long-server-name.example.org:5000".into(),
        });
        h.run_steps(3);
        for label in [
            "Auto-queen",
            "Premove",
            "Auto-flag",
            "Record session",
            "Lobby",
            "Free tiling",
            "Seek…",
            "Match…",
            "Settings…",
            "Log out",
        ] {
            let rect = h.get_by_label(label).rect();
            assert!(
                rect.min.x >= 0.0
                    && rect.max.x <= size[0]
                    && rect.min.y >= 0.0
                    && rect.max.y <= size[1],
                "{label} at {rect:?} in a {size:?} window"
            );
        }
        h.get_by_label("Log out").click();
        h.run_steps(2);
        wait_for(&mut h, "the logout", &|app| {
            matches!(app.status, Some(Status::Stopped { .. }))
        });
        server.join().expect("server thread");
    }
}
