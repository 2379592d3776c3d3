//! A server that reads the timeseal hello as a login name: the window logs
//! in anyway (the network thread retries without timeseal) and remembers,
//! for that server, to go without timeseal next time.

use crate::common;
use common::fake_server;

use std::time::{Duration, Instant};

use common::served::Served;
use egui_kittest::Harness;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::{ConnectRequest, KibitzApp, TimeSource};
use kibitz::net::Status;

#[test]
fn a_refused_hello_logs_in_without_timeseal_and_is_remembered() {
    let login = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let Some(Step::Send(banner)) = login.steps.first().cloned() else {
        panic!("the transcript starts with the server's banner");
    };
    let refusing = Script {
        steps: vec![
            Step::Send(banner),
            Step::Expect(Expected::AnyPassword),
            Step::Send(
                b"\n\rSorry, names can only consist of lower and upper case letters.  Try again.\n\rlogin: "
                    .to_vec(),
            ),
            Step::Close,
        ],
    };
    let served = Served::start(vec![refusing, login]);
    let addr = served.addr.clone();

    let dir = common::TempDir::new("ui-timeseal");
    let mut app = KibitzApp::new(TimeSource::Real(Instant::now()));
    app.enable_settings_in(dir.path().to_path_buf());
    let mut harness = Harness::builder()
        .with_size([1100.0, 700.0])
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(1);
    harness.state_mut().connect_to(ConnectRequest {
        server: addr.clone(),
        handle: "guest".into(),
        password: None,
        timeseal: true,
        remember: true,
    });
    let profile_timeseal = |app: &KibitzApp| {
        app.settings()
            .servers
            .iter()
            .find(|p| p.address == addr)
            .map(|p| p.timeseal)
    };
    assert_eq!(profile_timeseal(harness.state()), Some(true));
    common::wait::frames(
        &mut harness,
        Duration::from_secs(10),
        |h| matches!(h.state().status(), Some(Status::LoggedIn { .. })),
        |h| format!("no login: {:?}", h.state().status()),
    );
    assert_eq!(profile_timeseal(harness.state()), Some(false));
    // Written to disk with the next frame.
    harness.run_steps(1);
    let saved = kibitz::config::load(dir.path()).settings;
    let saved_profile = saved.servers.iter().find(|p| p.address == addr);
    assert_eq!(saved_profile.map(|p| p.timeseal), Some(false));
    served.finish();
}
