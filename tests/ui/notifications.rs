//! The desktop's notifications against a real notification service on a
//! session bus: a `dbus-daemon` of the test's own, with a service of the
//! test's own on it that records every notification and presses its
//! buttons. A challenge that comes while the window is not in front is
//! told with Accept and Decline; Accept pressed in the notification starts
//! the game; one withdrawn is closed with its challenge; back at the
//! window, the notifications shown are closed. The window in front: no
//! notification.
//!
//! The bus is found through `DBUS_SESSION_BUS_ADDRESS`, which a test must
//! not set in a running test binary (other tests read the environment): the
//! test runs itself again, alone, in a child process given the address.

use crate::common;
use common::fake_server;
use common::scripted_window;

use std::collections::HashMap;
use std::io::BufRead;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::served::Served;
use common::window;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::protocol::style12::Relation;
use scripted_window::{connect, live_app, logged_in, setup_answered, wait_for};

const CHILD: &str = "KIBITZ_NOTIFY_BUS_CHILD";
const PATH: &str = "/org/freedesktop/Notifications";

/// One `Notify` call: id, summary, body, actions (id, label, id, label...).
type Call = (u32, String, String, Vec<String>);

struct Service {
    calls: Arc<Mutex<Vec<Call>>>,
    /// The ids closed (`CloseNotification`).
    closed: Arc<Mutex<Vec<u32>>>,
}

#[zbus::interface(name = "org.freedesktop.Notifications")]
impl Service {
    fn get_capabilities(&self) -> Vec<String> {
        vec!["actions".into(), "body".into()]
    }

    fn get_server_information(&self) -> (String, String, String, String) {
        let s = |t: &str| t.to_owned();
        (s("kibitz-test"), s("Kibitz"), s("1"), s("1.2"))
    }

    #[allow(clippy::too_many_arguments)]
    fn notify(
        &self,
        _app_name: String,
        _replaces_id: u32,
        _app_icon: String,
        summary: String,
        body: String,
        actions: Vec<String>,
        _hints: HashMap<String, zbus::zvariant::OwnedValue>,
        _expire_timeout: i32,
    ) -> u32 {
        let mut calls = self.calls.lock().expect("calls");
        let id = calls.len() as u32 + 1;
        calls.push((id, summary, body, actions));
        id
    }

    fn close_notification(&self, id: u32) {
        self.closed.lock().expect("closed").push(id);
    }

    #[zbus(signal)]
    async fn action_invoked(
        emitter: &zbus::object_server::SignalEmitter<'_>,
        id: u32,
        action_key: &str,
    ) -> zbus::Result<()>;
}

#[test]
fn a_challenge_accepted_from_its_notification_starts_the_game() {
    if std::env::var_os(CHILD).is_some() {
        return on_the_bus();
    }
    let mut daemon = std::process::Command::new("dbus-daemon")
        .args(["--session", "--nofork", "--print-address=1"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("dbus-daemon (Debian: apt install dbus)");
    let mut address = String::new();
    std::io::BufReader::new(daemon.stdout.take().expect("stdout"))
        .read_line(&mut address)
        .expect("the bus address");
    let status = std::process::Command::new(std::env::current_exe().expect("this test"))
        .args([
            "notifications::a_challenge_accepted_from_its_notification_starts_the_game",
            "--exact",
            "--nocapture",
        ])
        .env("DBUS_SESSION_BUS_ADDRESS", address.trim())
        .env(CHILD, "1")
        .status()
        .expect("the child test");
    let _ = daemon.kill();
    let _ = daemon.wait();
    assert!(status.success(), "on the bus: {status}");
}

/// The child: the service on the bus, the window against a scripted server.
fn on_the_bus() {
    let calls = Arc::new(Mutex::new(Vec::<Call>::new()));
    let closed = Arc::new(Mutex::new(Vec::<u32>::new()));
    let service = Service {
        calls: calls.clone(),
        closed: closed.clone(),
    };
    let bus = zbus::blocking::connection::Builder::session()
        .and_then(|b| b.name("org.freedesktop.Notifications"))
        .and_then(|b| b.serve_at(PATH, service))
        .and_then(|b| b.build())
        .expect("the notification service on the bus");

    let login = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let mut script = login;
    script.steps.extend(setup_answered());
    script.steps.extend([
        Step::Expect(Expected::Line("challenge me".into())),
        Step::Send(b"\n\rChallenge: BotA (1720) Me (----) unrated blitz 5 0.\n\rfics% ".to_vec()),
        Step::Expect(Expected::Line("accept BotA".into())),
        Step::Send(b"\n\rCreating: BotA (1720) Me (----) unrated blitz 5 0\n\r{Game 7 (BotA vs. Me) Creating unrated blitz match.}\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 BotA Me -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\rfics% ".to_vec()),
    ]);
    let served = Served::start(vec![script]);
    let mut app = live_app();
    app.open_notifications();
    let mut h = window(app, [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    // The window in front: nothing is told.
    h.state_mut().send(kibitz::protocol::command::Command::Raw(
        "challenge me".into(),
    ));
    wait_for(&mut h, "the challenge", &|app| {
        app.console()
            .lines
            .iter()
            .any(|l| l.text.contains("Challenge: BotA"))
    });
    std::thread::sleep(Duration::from_millis(300));
    assert!(calls.lock().expect("calls").is_empty(), "told in front");
    // Now the window is behind another: the challenge again.
    let root = h
        .input_mut()
        .viewports
        .get_mut(&egui::ViewportId::ROOT)
        .expect("the window");
    root.focused = Some(false);
    h.run_steps(1);
    common::serve(
        h.state_mut(),
        Duration::from_secs(30),
        b"\n\rChallenge: BotA (1720) Me (----) unrated blitz 5 0.\n\rfics% ",
    );
    let started = Instant::now();
    let call = loop {
        if let Some(call) = calls.lock().expect("calls").first().cloned() {
            break call;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no notification"
        );
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    };
    let (id, summary, body, actions) = call;
    assert_eq!(summary, "BotA challenges you");
    assert!(body.contains("an unrated blitz game, 5 0"), "{body}");
    assert!(
        actions.windows(2).any(|a| a == ["accept", "Accept"])
            && actions.windows(2).any(|a| a == ["decline", "Decline"]),
        "{actions:?}"
    );
    // Another challenge, withdrawn before it is answered: its notification
    // goes with it.
    common::serve(
        h.state_mut(),
        Duration::from_secs(31),
        b"\n\rChallenge: BotB (1650) Me (----) unrated blitz 3 0.\n\rfics% ",
    );
    let started = Instant::now();
    let second = loop {
        if let Some(call) = calls.lock().expect("calls").get(1).cloned() {
            break call.0;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no second notification"
        );
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    };
    common::serve(
        h.state_mut(),
        Duration::from_secs(32),
        b"\n\rBotB withdraws the match offer.\n\rfics% ",
    );
    let started = Instant::now();
    while !closed.lock().expect("closed").contains(&second) {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the withdrawn one stays"
        );
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(
        !closed.lock().expect("closed").contains(&id),
        "BotA's stays"
    );
    // The user presses Accept (again until Kibitz listens: it starts to
    // once the notification is up).
    let iface = bus
        .object_server()
        .interface::<_, Service>(PATH)
        .expect("the service");
    let started = Instant::now();
    while !h
        .state()
        .sent()
        .iter()
        .any(|c| matches!(c, kibitz::protocol::command::Command::Raw(l) if l == "accept BotA"))
    {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "Accept not carried out"
        );
        zbus::block_on(Service::action_invoked(
            iface.signal_emitter(),
            id,
            "accept",
        ))
        .expect("the button pressed");
        for _ in 0..10 {
            h.run_steps(1);
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    wait_for(&mut h, "the game", &|app| {
        app.store()
            .get(7)
            .is_some_and(|g| g.relation == Relation::PlayingOpponentToMove)
    });
    // The window in front again: the notifications shown are closed.
    let root = h
        .input_mut()
        .viewports
        .get_mut(&egui::ViewportId::ROOT)
        .expect("the window");
    root.focused = Some(true);
    let started = Instant::now();
    while !closed.lock().expect("closed").contains(&id) {
        assert!(started.elapsed() < Duration::from_secs(20), "not closed");
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    }
    served.finish();
}
