//! `kibitz watch` end to end against a scripted server, with `--record`, and
//! the recording played back by `kibitz replay`.

use crate::common;
use common::fake_server;

use std::time::Duration;

use common::served::Served;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::cli::watch::{self, Observe, WatchOptions};
use serde_json::Value;

fn lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect()
}

fn options(server: String, observe: Observe, record: Option<std::path::PathBuf>) -> WatchOptions {
    WatchOptions {
        server,
        user: "guest".into(),
        password: None,
        observe: Some(observe),
        duration: Some(Duration::from_secs(2)),
        record,
        timeseal: false,
        archive: false,
    }
}

#[test]
fn observe_all_observes_every_listed_game_and_records_the_session() {
    // Log in as a guest, answer `games` with the old server's list, then
    // expect one `observe` per listed game and send a board for each.
    let login = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let mut script = login;
    script.push(Step::Expect(Expected::Line("games".into())));
    script.push(Step::Send(
        b"\n\r 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3\n\r 1 1882 BotA        1558 BotB       [ lu  2   0]   1:57 -  1:57 (39-39) B:  3\n\r\n\r  2 games displayed.\n\rfics% "
            .to_vec(),
    ));
    for game in [2, 1] {
        script.push(Step::Expect(Expected::Line(format!("observe {game}"))));
        script.push(Step::Send(format!(
            "You are now observing game {game}.\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 {game} W{game} B{game} 0 2 0 39 39 120 120 1 P/e2-e4 (0:00) e4 0\n\rfics% "
        ).into_bytes()));
    }
    script.push(Step::Expect(Expected::Line("quit".into())));
    script.push(Step::Close);
    let served = Served::start(vec![script]);
    let addr = served.addr.clone();
    let record = std::env::temp_dir().join(format!("kibitz-watch-{}.rec", std::process::id()));
    let mut out = Vec::new();
    watch::watch(options(addr, Observe::All, Some(record.clone())), &mut out).expect("watch");
    let received = served.finish();
    assert!(received.contains(&"observe 2".to_owned()), "{received:?}");
    assert!(received.contains(&"observe 1".to_owned()), "{received:?}");

    let out = lines(&out);
    let summary = out.last().expect("summary");
    assert_eq!(summary["type"], "summary");
    let games: Vec<u64> = summary["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["game"].as_u64().expect("number"))
        .collect();
    assert_eq!(games, vec![1, 2]);
    assert!(
        out.iter()
            .any(|l| l["type"] == "status" && l["status"] == "logged_in")
    );
    let boards = out.iter().filter(|l| l["type"] == "board").count();
    assert_eq!(boards, 2);

    // The recording replays to the same boards and the same games.
    let mut replayed = Vec::new();
    watch::replay(&record, f64::INFINITY, &mut replayed).expect("replay");
    let replayed = lines(&replayed);
    assert_eq!(
        replayed.iter().filter(|l| l["type"] == "board").count(),
        boards
    );
    let replay_summary = replayed.last().expect("summary");
    assert_eq!(replay_summary["games"].as_array().map(Vec::len), Some(2));
    for (a, b) in summary["games"]
        .as_array()
        .expect("games")
        .iter()
        .zip(replay_summary["games"].as_array().expect("games"))
    {
        assert_eq!(a["fen"], b["fen"]);
        assert_eq!(a["white"], b["white"]);
    }
    let _ = std::fs::remove_file(&record);
}

#[test]
fn a_recording_of_a_registered_login_holds_no_password() {
    let mut script = Script::from_fixture(&fixture_path("real-server/registered-login.bin"))
        .expect("script")
        .login_only();
    script.push(Step::Expect(Expected::Line("quit".into())));
    script.push(Step::Close);
    let served = Served::start(vec![script]);
    let addr = served.addr.clone();
    let record = std::env::temp_dir().join(format!("kibitz-pw-{}.rec", std::process::id()));
    let mut opts = options(addr, Observe::Games(vec![]), Some(record.clone()));
    opts.user = "BotE".into();
    opts.password = Some(kibitz::protocol::command::Secret::new(
        "hunter2-very-secret",
    ));
    opts.duration = Some(Duration::from_millis(500));
    let mut out = Vec::new();
    watch::watch(opts, &mut out).expect("watch");
    let received = served.finish();
    assert!(received.contains(&"hunter2-very-secret".to_owned()));
    let recorded = std::fs::read(&record).expect("recording");
    assert!(recorded.starts_with(b"KIBITZ-RECORDING 1\n"));
    let find = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
    assert!(!find(&recorded, b"hunter2"));
    assert!(!find(&out, b"hunter2"));
    let _ = std::fs::remove_file(&record);
}
