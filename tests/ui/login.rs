//! Logging in as a newcomer does: a wrong password brings the connect form
//! back with the server's reason; the form's timeseal box follows the
//! server typed in (on for freechess.org only, like the command line); the
//! top bar keeps every button on screen from the minimum window size up.

use crate::common;
use common::fake_server;
use common::scripted_window;

use common::served::Served;
use common::window;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::KibitzApp;
use kibitz::net::Status;
use scripted_window::{connect, live_app, logged_in, wait_for};

fn harness(size: [f32; 2]) -> Harness<'static, KibitzApp> {
    let mut h = window(live_app(), size);
    h.run_steps(1);
    h
}

#[test]
fn a_wrong_password_brings_the_form_back_with_the_reason() {
    let mut script = Script::from_fixture(&fixture_path(
        "real-server/registered-login-bad-password.bin",
    ))
    .expect("script");
    script.push(Step::Close);
    let served = Served::start(vec![script]);
    let mut h = harness([1180.0, 820.0]);
    connect(&mut h, &served.addr, "BotE", Some("wrong-password"));
    wait_for(&mut h, "the login to fail", &|app| {
        app.connect_form().error.is_some() && app.status().is_none()
    });
    h.run_steps(2);
    assert!(h.query_by_label("Connect to a chess server").is_some());
    let error = h.state().connect_form().error.clone().unwrap_or_default();
    assert!(error.contains("password"), "{error}");
    assert!(h.query_by_label(&error).is_some(), "shown on the form");
    assert!(h.query_by_label("Connect").is_some(), "can try again");
    served.finish();
}

#[test]
fn the_timeseal_box_follows_the_server() {
    let mut h = harness([1180.0, 820.0]);
    assert!(h.state().connect_form().timeseal, "freechess.org: on");
    h.get_by_label("Server").click();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Server").type_text("127.0.0.1:5000");
    h.run_steps(2);
    assert_eq!(h.state().connect_form().server, "127.0.0.1:5000");
    assert!(!h.state().connect_form().timeseal, "elsewhere: off");
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
        let served = Served::start(vec![script]);
        let mut h = harness(size);
        h.run_steps(2);
        // The form is on screen: no Connect… in the bar leading to it.
        assert!(h.query_by_label("Connect…").is_none());
        let before: std::collections::HashMap<&str, egui::Rect> =
            ["Auto-queen", "Lobby", "Settings…"]
                .into_iter()
                .map(|label| (label, h.get_by_label(label).rect()))
                .collect();
        connect(&mut h, &served.addr, "guest", None);
        wait_for(&mut h, "login", &logged_in);
        h.state_mut().apply_status(Status::LoggedIn {
            handle: "AVeryLongHandleOfSeventeen on a-long-server-name.example.org:5000".into(),
        });
        h.run_steps(3);
        // Each control where it was before the login (the status text's
        // place is one width, whatever it says).
        let moved: Vec<&str> = ["Auto-queen", "Lobby", "Settings…"]
            .into_iter()
            .filter(|label| h.get_by_label(label).rect() != before[*label])
            .collect();
        assert!(
            moved.is_empty(),
            "{moved:?} moved at the login in a {size:?} window"
        );
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
            matches!(app.status(), Some(Status::Stopped { .. }))
        });
        served.finish();
    }
}
