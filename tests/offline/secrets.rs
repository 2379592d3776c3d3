//! Remembered logins: the password goes to the OS keyring or nowhere; the
//! settings keep only the profile.

use std::time::{Duration, Instant};

use kibitz::app::{ConnectRequest, KibitzApp, TimeSource};
use kibitz::protocol::command::Secret;

#[test]
fn remembering_works_or_says_why_and_never_touches_a_file() {
    let started = Instant::now();
    let server = "127.0.0.1:1";
    let secret = Secret::new("keyring-test-secret");
    match kibitz::secrets::remember(server, "KibitzTest", &secret) {
        Ok(()) => {
            // A keyring service runs here: the password comes back, then goes.
            let back = kibitz::secrets::recall(server, "KibitzTest").expect("recalled");
            assert_eq!(back.expose(), "keyring-test-secret");
            kibitz::secrets::forget(server, "KibitzTest");
            assert!(kibitz::secrets::recall(server, "KibitzTest").is_none());
        }
        Err(reason) => {
            // None runs (as in CI): the user is told plainly.
            assert!(reason.contains("no keyring service"), "{reason}");
            assert!(kibitz::secrets::recall(server, "KibitzTest").is_none());
        }
    }
    // Neither way may hang the UI thread.
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_remembered_login_becomes_the_profile_without_its_password() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::ZERO));
    app.enable_settings_in(
        std::env::temp_dir().join(format!("kibitz-secrets-{}", std::process::id())),
    );
    app.connect_to(ConnectRequest {
        server: "127.0.0.1:1".into(),
        handle: "KibitzTest".into(),
        password: Some(Secret::new("profile-test-secret")),
        timeseal: false,
        remember: true,
    });
    let profile = app.settings().current_server().expect("profile").clone();
    assert_eq!(profile.address, "127.0.0.1:1");
    assert_eq!(profile.handle, "KibitzTest");
    assert!(profile.remember_password);
    let saved = toml::to_string(&app.settings()).expect("toml");
    assert!(!saved.contains("profile-test-secret"));
    kibitz::secrets::forget("127.0.0.1:1", "KibitzTest");
}
