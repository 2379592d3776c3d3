//! "Fill the wall" against a scripted server: Kibitz asks for the games
//! list, observes the best N, and when one of them ends it observes the
//! next best one; the list it asked for stays out of the console.

mod common;
#[path = "support/fake_server.rs"]
mod fake_server;
#[path = "support/scripted_window.rs"]
mod scripted_window;

use std::time::Duration;

use fake_server::{Expected, Script, Step, fixture_path};
use scripted_window::{Served, connect, live_app, logged_in, wait_for, window};

fn listing(lines: &[&str]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for line in lines {
        bytes.extend_from_slice(format!("\n\r{line}").as_bytes());
    }
    bytes.extend_from_slice(
        format!("\n\r\n\r  {} games displayed.\n\rfics% ", lines.len()).as_bytes(),
    );
    bytes
}

fn board(game: u32, white: &str, black: &str) -> Vec<u8> {
    format!(
        "\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 {game} {white} {black} 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0\n\rfics% "
    )
    .into_bytes()
}

const GAMES: [&str; 5] = [
    "  1 1500 Alpha       1600 Bravo      [ br  5   0]   4:00 -  4:00 (39-39) W:  3",
    "  2 2100 Charlie     1200 Delta      [ br  5   0]   4:00 -  4:00 (39-39) W:  3",
    "  3 ++++ GuestA      ++++ GuestB     [ bu  5   0]   4:00 -  4:00 (39-39) W:  3",
    "  4 1900 Echo        1900 Foxtrot    [ sr 15   0]  14:00 - 14:00 (39-39) W:  3",
    "  5 2500 Golf        2400 Hotel      [ zr  3   0]   2:00 -  2:00 (39-39) W:  3",
];

#[test]
fn the_wall_observes_the_best_games_and_replaces_one_that_ends() {
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let line = |text: &str| Step::Expect(Expected::Line(text.into()));
    script.steps.extend([
        line("games"),
        Step::Send(listing(&GAMES)),
        line("observe 5"),
        line("observe 2"),
        Step::Send(board(5, "Golf", "Hotel")),
        Step::Send(board(2, "Charlie", "Delta")),
        Step::Send(b"\n\r{Game 5 (Golf vs. Hotel) Hotel resigns} 1-0\n\rfics% ".to_vec()),
        line("games"),
        Step::Send(listing(&GAMES[..4])),
        line("observe 4"),
        Step::Send(board(4, "Echo", "Foxtrot")),
    ]);
    let served = Served::start(vec![script]);

    let mut app = live_app();
    app.lobby.wall.on = true;
    app.lobby.wall.size = 2;
    let mut h = window(app, [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "the two best games", &|app| {
        app.store.get(5).is_some() && app.store.get(2).is_some()
    });
    assert!(h.state().store.get(4).is_none());
    wait_for(&mut h, "game 5 to end", &|app| {
        app.store.get(5).is_some_and(|g| g.is_over())
    });
    // The finished game stays a while with its result, then makes way.
    h.run_steps(2);
    assert!(h.state().store.get(5).is_some());
    let later = h.state().now() + Duration::from_secs(11);
    h.state_mut().set_time(later);
    wait_for(&mut h, "the next best game", &|app| {
        app.store.get(4).is_some()
    });
    assert!(h.state().store.get(5).is_none());
    assert!(h.state().store.get(2).is_some());
    // The lists Kibitz asked for are in the lobby, not in the console.
    assert_eq!(h.state().lobby.games.len(), 4);
    assert!(
        !h.state()
            .console
            .lines
            .iter()
            .any(|l| l.text.contains("games displayed") || l.text.contains("[ zr  3   0]")),
        "{:?}",
        h.state().console.lines
    );
    let received = served.finish();
    let observes: Vec<&String> = received
        .iter()
        .filter(|l| l.starts_with("observe"))
        .collect();
    assert_eq!(observes, ["observe 5", "observe 2", "observe 4"]);
}
