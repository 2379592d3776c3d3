//! The window's "Record session" switch records the raw session, and the
//! recording never holds the password.

use crate::common;
use common::fake_server;

use std::time::{Duration, Instant};

use common::served::Served;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::{ConnectRequest, KibitzApp, TimeSource};
use kibitz::net::Status;
use kibitz::protocol::command::Secret;

const PASSWORD: &str = "correct-horse-battery";

#[test]
fn a_recording_made_with_the_record_switch_holds_no_password() {
    let mut script = Script::from_fixture(&fixture_path("real-server/registered-login.bin"))
        .expect("script")
        .login_only();
    script.push(Step::Expect(Expected::Line("quit".into())));
    script.push(Step::Close);
    let served = Served::start(vec![script]);
    let addr = served.addr.clone();

    let dir = std::env::temp_dir().join(format!("kibitz-ui-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = KibitzApp::new(TimeSource::Real(Instant::now()));
    app.set_recordings_dir(dir.clone());
    let mut harness = Harness::builder()
        .with_size([1100.0, 700.0])
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(2);
    // The user turns recording on, then connects with a password.
    harness.get_by_label("Record session").click();
    harness.run_steps(2);
    assert!(harness.state().recording());
    harness.state_mut().connect_to(ConnectRequest {
        server: addr,
        handle: "BotE".into(),
        password: Some(Secret::new(PASSWORD)),
        timeseal: false,
        remember: false,
    });
    common::wait::frames(
        &mut harness,
        Duration::from_secs(10),
        |h| matches!(h.state().status(), Some(Status::LoggedIn { .. })),
        |_| "no login".to_owned(),
    );
    harness.get_by_label("Log out").click();
    harness.run_steps(1);
    common::wait::until(
        &mut harness,
        Duration::from_secs(10),
        |h| matches!(h.state().status(), Some(Status::Stopped { .. })),
        |h| h.state_mut().poll_network(),
        |_| "no logout".to_owned(),
    );
    let received = served.finish();
    assert!(
        received.contains(&PASSWORD.to_owned()),
        "the server got the password"
    );

    let files: Vec<_> = std::fs::read_dir(&dir).expect("recordings dir").collect();
    assert_eq!(files.len(), 1);
    let path = files[0].as_ref().expect("entry").path();
    let bytes = std::fs::read(&path).expect("recording");
    assert!(bytes.starts_with(b"KIBITZ-RECORDING 1\n"));
    let contains = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    // It recorded the login (the server's password prompt) ...
    assert!(contains(b"password: "));
    // ... but never the password itself.
    assert!(!contains(PASSWORD.as_bytes()));
    let _ = std::fs::remove_dir_all(&dir);
}
