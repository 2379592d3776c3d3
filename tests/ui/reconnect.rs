//! Games keyed by number, not confused by it: the connection drops, the
//! panels stay marked with their clocks stopped; after the reconnect the
//! same game continues in its panel, another game under the same number
//! gets a new panel, a game the server no longer has says "ended while
//! disconnected" at once, one that never answers ends unseen after a while,
//! and all of these are archived unterminated.

use crate::common;
use common::fake_server;
use common::scripted_window;

use std::time::Duration;

use common::served::Served;
use common::window;
use egui_kittest::kittest::Queryable;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::net::Status;
use kibitz::protocol::command::{Command, ObserveTarget};
use scripted_window::{connect, live_app, logged_in, wait_for};

const PLIES: [&str; 3] = [
    "rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 GAME 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0",
    "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 GAME 0 3 0 39 39 180 178 2 P/e7-e5 (0:02) e5 0",
    "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 GAME 0 3 0 39 39 177 178 2 N/g1-f3 (0:03) Nf3 0",
];

/// Game `game` between `white` and `black` after ply `ply` (1..=3).
fn board(game: u32, white: &str, black: &str, ply: usize) -> Vec<u8> {
    let line = PLIES[ply - 1].replace("GAME", &format!("{game} {white} {black}"));
    format!("\n\r<12> {line}\n\rfics% ").into_bytes()
}

fn observing(game: u32) -> Vec<u8> {
    format!("\n\rYou are now observing game {game}.\n\rfics% ").into_bytes()
}

#[test]
fn a_dropped_connection_keeps_panels_and_sorts_out_the_games_after() {
    let login = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let line = |text: &str| Step::Expect(Expected::Line(text.into()));
    let mut first = login.clone();
    first.steps.extend([
        line("observe 1"),
        line("observe 2"),
        line("observe 3"),
        line("observe 4"),
        Step::Send(observing(4)),
        Step::Send(board(4, "Ivan", "Jill", 1)),
        Step::Send(board(4, "Ivan", "Jill", 2)),
        Step::Send(observing(1)),
        Step::Send(board(1, "Anna", "Boris", 1)),
        Step::Send(observing(2)),
        Step::Send(board(2, "Carl", "Dora", 1)),
        Step::Send(board(2, "Carl", "Dora", 2)),
        Step::Send(board(3, "Gina", "Hugo", 1)),
        Step::Send(board(3, "Gina", "Hugo", 2)),
        Step::Send(observing(3)),
        line("drop now"),
        Step::Close,
    ]);
    let mut second = login;
    second.steps.extend([
        line("observe 1"),
        line("observe 2"),
        line("observe 3"),
        line("observe 4"),
        // Game 1 goes on; game 2 is another game now; game 3 is gone; game
        // 4 is never answered.
        Step::Send(observing(1)),
        Step::Send(board(1, "Anna", "Boris", 3)),
        Step::Send(observing(2)),
        Step::Send(board(2, "Eric", "Fay", 1)),
        Step::Send(b"\n\rThere is no such game.\n\rfics% ".to_vec()),
    ]);
    let served = Served::start(vec![first, second]);

    let archive = common::TempDir::new("ui-reconnect");
    let mut app = live_app();
    app.archive_into(archive.path().to_path_buf());
    let mut h = window(app, [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    for game in 1..=4 {
        h.state_mut()
            .send(Command::Observe(ObserveTarget::Game(game)));
    }
    wait_for(&mut h, "four boards", &|app| {
        app.store().get(3).is_some_and(|g| g.ply() == 2) && app.store().get(4).is_some()
    });
    h.state_mut().send(Command::Raw("drop now".into()));
    wait_for(&mut h, "the drop", &|app| {
        matches!(
            app.status(),
            Some(Status::RetryingIn { .. } | Status::Connecting { .. })
        )
    });
    // Marked, clocks stopped.
    h.run_steps(2);
    for game in 1..=4 {
        let g = h.state().store().get(game).expect("the panel stays");
        assert!(g.interrupted, "game {game}");
        assert_eq!(g.clock.running(), None, "game {game}");
    }
    eprintln!(
        "boards: {}",
        h.query_all_by_label_contains("Board, game").count()
    );
    assert_eq!(
        h.query_all_by_label_contains("Connection lost").count(),
        4,
        "each panel says so"
    );
    wait_for(&mut h, "game 2's new game", &|app| {
        app.store()
            .get(2)
            .is_some_and(|g| g.players.white.handle == "Eric")
    });
    wait_for(&mut h, "game 1 to go on", &|app| {
        app.store().get(1).is_some_and(|g| g.ply() == 3)
    });
    let one = h.state().store().get(1).expect("game 1");
    assert!(!one.interrupted && !one.is_over());
    assert_eq!(one.players.white.handle, "Anna");
    // The moves missed while away are asked for, to complete the history.
    assert!(h.state().sent().contains(&Command::Moves(1)));
    // Game 3 is gone: the server said so, and the panel says it at once.
    wait_for(&mut h, "game 3 to end", &|app| {
        app.store().get(3).is_some_and(|g| g.is_over())
    });
    let three = h.state().store().get(3).expect("its panel stays");
    assert!(!three.interrupted);
    let outcome = three.outcome.as_ref().expect("an outcome");
    assert_eq!(outcome.text, "ended while disconnected");
    assert!(!outcome.seen);
    h.run_steps(2);
    assert_eq!(
        h.query_all_by_label_contains("ended while disconnected")
            .count(),
        1,
        "game 3's banner"
    );
    // The answers to Kibitz's own observes are not in the console.
    let console: Vec<&str> = h
        .state()
        .console()
        .lines
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert!(
        !console.iter().any(|l| l.contains("no such game")),
        "{console:?}"
    );
    // (Once: the user's own observe before the drop.)
    let observing_two = console
        .iter()
        .filter(|l| l.contains("now observing game 2"))
        .count();
    assert_eq!(observing_two, 1, "{console:?}");
    // Game 4 never answers: it waits for its answer (the set-up may be
    // slow), then, a minute after the login, it ended unseen.
    assert!(h.state().store().get(4).is_some_and(|g| g.interrupted));
    let now = h.state().now();
    h.state_mut().set_time(now + Duration::from_secs(16));
    h.run_steps(2);
    assert!(h.state().store().get(4).is_some_and(|g| g.interrupted));
    h.state_mut().set_time(now + Duration::from_secs(61));
    h.run_steps(2);
    let four = h.state().store().get(4).expect("its panel stays");
    assert!(four.is_over() && !four.interrupted);

    // Written off the UI thread: once it is done.
    h.state_mut().archive_written();
    let pgn = std::fs::read_dir(archive.path().join("games"))
        .expect("archive dir")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("pgn"))
        .collect::<String>();
    for (white, black, why) in [
        ("Carl", "Dora", "{ended while disconnected} *"),
        ("Gina", "Hugo", "{ended while disconnected} *"),
        ("Ivan", "Jill", "went on unseen} *"),
    ] {
        let at = pgn
            .find(&format!("[White \"{white}\"]\n[Black \"{black}\"]"))
            .unwrap_or_else(|| panic!("{white} vs {black} archived: {pgn}"));
        let game = &pgn[at..];
        let game = &game[..game.find("\n\n[").unwrap_or(game.len())];
        assert!(game.contains("[Result \"*\"]"), "{game}");
        assert!(game.contains("[Termination \"unterminated\"]"), "{game}");
        assert!(game.contains(why), "{game}");
    }
    assert!(!pgn.contains("Anna"), "game 1 is not over");
    served.finish();
}
