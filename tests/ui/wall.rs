//! "Fill the wall" against a scripted server: Kibitz asks for the games
//! list, observes the best N, and when one of them ends it observes the
//! next best one; the list it asked for stays out of the console.

use crate::common;
use common::fake_server;
use common::scripted_window;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use common::served::Served;
use common::window;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::KibitzApp;
use scripted_window::{connect, live_app, logged_in, setup_answered, wait_for};

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
    let mut script = login();
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

    let mut h = wall_window(live_app(), 2, [1180.0, 820.0], &served);
    wait_for(&mut h, "the two best games", &|app| {
        app.store().get(5).is_some() && app.store().get(2).is_some()
    });
    assert!(h.state().store().get(4).is_none());
    wait_for(&mut h, "game 5 to end", &|app| {
        app.store().get(5).is_some_and(|g| g.is_over())
    });
    // The finished game stays a while with its result, then makes way.
    h.run_steps(2);
    assert!(h.state().store().get(5).is_some());
    let later = h.state().now() + Duration::from_secs(11);
    h.state_mut().set_time(later);
    wait_for(&mut h, "the next best game", &|app| {
        app.store().get(4).is_some()
    });
    assert!(h.state().store().get(5).is_none());
    assert!(h.state().store().get(2).is_some());
    // The lists Kibitz asked for are in the lobby, not in the console.
    assert_eq!(h.state().lobby().lists.games.len(), 4);
    assert!(
        !h.state()
            .console()
            .lines
            .iter()
            .any(|l| l.text.contains("games displayed") || l.text.contains("[ zr  3   0]")),
        "{:?}",
        h.state().console().lines
    );
    let received = served.finish();
    let observes: Vec<&String> = received
        .iter()
        .filter(|l| l.starts_with("observe"))
        .collect();
    assert_eq!(observes, ["observe 5", "observe 2", "observe 4"]);
}

/// A `games` line for game `game` between `white` and `black`; lower
/// numbers rate higher, so the wall takes them in number order.
fn entry(game: u32, white: &str, black: &str) -> String {
    let rating = 2400 - game * 10;
    format!(
        "{game:>3} {rating} {white:<11} {rating} {black:<10} [ br  5   0]   4:00 -  4:00 (39-39) W:  3"
    )
}

fn observed(game: u32, white: &str, black: &str) -> Vec<u8> {
    let mut bytes = format!("\n\rYou are now observing game {game}.\n\rfics% ").into_bytes();
    bytes.extend(board(game, white, black));
    bytes
}

/// Observed from the first move on (so the game has a history to archive).
fn observed_from_start(game: u32, white: &str, black: &str) -> Vec<u8> {
    let mut bytes = format!(
        "\n\rYou are now observing game {game}.\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 {game} {white} {black} 0 3 0 39 39 180 180 1 none (0:00) none 0\n\rfics% "
    )
    .into_bytes();
    bytes.extend(board(game, white, black));
    bytes
}

fn names(prefix: &str, game: u32) -> (String, String) {
    (format!("{prefix}W{game}"), format!("{prefix}B{game}"))
}

/// The old FICS's guest login, with nothing after it yet.
fn login() -> Script {
    Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only()
}

/// The client line `text`, awaited.
fn line(text: &str) -> Step {
    Step::Expect(Expected::Line(text.into()))
}

/// A live app with "Fill the wall" on for `games` games, in a window of
/// `size`, logged in to `served`.
fn wall_window(
    app: KibitzApp,
    games: usize,
    size: [f32; 2],
    served: &Served,
) -> Harness<'static, KibitzApp> {
    let mut app = app;
    app.lobby_mut().wall.on = true;
    app.lobby_mut().wall.size = games;
    let mut h = window(app, size);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    h
}

#[test]
fn after_a_server_restart_the_wall_shows_the_new_games_under_the_old_numbers() {
    let login = login();
    let listing_of = |prefix_of: &dyn Fn(u32) -> &'static str| {
        let lines: Vec<String> = (1..=16)
            .map(|n| {
                let (w, b) = names(prefix_of(n), n);
                entry(n, &w, &b)
            })
            .collect();
        listing(&lines.iter().map(String::as_str).collect::<Vec<_>>())
    };
    // Before: 16 games of "Old" players on the wall.
    let mut first = login.clone();
    first.steps.push(line("games"));
    first.steps.push(Step::Send(listing_of(&|_| "Old")));
    for n in 1..=16 {
        first.steps.push(line(&format!("observe {n}")));
    }
    for n in 1..=16 {
        let (w, b) = names("Old", n);
        first.steps.push(Step::Send(observed_from_start(n, &w, &b)));
    }
    first.steps.extend([line("drop now"), Step::Close]);
    // After the restart: games 1-8 are new games under the old numbers,
    // 9-16 are gone at first and start again a moment later.
    let mut second = login;
    second.steps.extend(setup_answered());
    for n in 1..=16 {
        second.steps.push(line(&format!("observe {n}")));
        if n <= 8 {
            let (w, b) = names("New", n);
            second.steps.push(Step::Send(observed(n, &w, &b)));
        } else {
            second
                .steps
                .push(Step::Send(b"\n\rThere is no such game.\n\rfics% ".to_vec()));
        }
    }
    second.steps.push(line("games"));
    second.steps.push(Step::Send(listing_of(&|_| "New")));
    // The gone games make way after showing why; then the list again.
    second.steps.push(line("games"));
    second.steps.push(Step::Send(listing_of(&|_| "New")));
    for n in 9..=16 {
        second.steps.push(line(&format!("observe {n}")));
    }
    for n in 9..=16 {
        let (w, b) = names("New", n);
        second.steps.push(Step::Send(observed(n, &w, &b)));
    }
    let served = Served::start(vec![first, second]);

    let archive = common::TempDir::new("ui-wall-restart");
    let mut app = live_app();
    app.archive_into(archive.path().to_path_buf());
    let mut h = wall_window(app, 16, [1600.0, 1000.0], &served);
    wait_for(&mut h, "sixteen old games", &|app| {
        (1..=16).all(|n| app.store().get(n).is_some_and(|g| g.board.is_some()))
    });
    h.state_mut()
        .send(kibitz::protocol::command::Command::Raw("drop now".into()));
    wait_for(&mut h, "the drop", &|app| !logged_in(app));
    wait_for(&mut h, "the reconnect", &logged_in);
    let reconnected = h.state().now();
    wait_for(&mut h, "the new games and the gone ones", &|app| {
        (1..=16).all(|n| {
            app.store().get(n).is_some_and(|g| {
                (n <= 8 && g.players.white.handle == format!("NewW{n}")) || (n > 8 && g.is_over())
            })
        })
    });
    // A gone game says so on its tile.
    h.run_steps(2);
    assert_eq!(
        h.query_all_by_label_contains("ended while disconnected")
            .count(),
        8
    );
    // Its banner stays a while, then the wall puts the new game there.
    let later = h.state().now() + Duration::from_secs(11);
    h.state_mut().set_time(later);
    wait_for(&mut h, "sixteen new games", &|app| {
        (1..=16).all(|n| {
            app.store()
                .get(n)
                .is_some_and(|g| g.players.white.handle == format!("NewW{n}") && !g.is_over())
        })
    });
    assert!(h.state().now() - reconnected < Duration::from_secs(12));
    h.run_steps(2);
    assert_eq!(h.state().store().games().count(), 16);
    assert_eq!(h.query_all_by_label_contains("Board, game").count(), 16);
    assert_eq!(h.query_all_by_label_contains("OldW").count(), 0);
    assert!(h.query_all_by_label_contains("NewW16").count() > 0);
    // Kibitz's own observes were answered out of the console.
    let console = &h.state().console().lines;
    assert!(
        !console
            .iter()
            .any(|l| l.text.contains("no such game") || l.text.contains("now observing")),
        "{console:?}"
    );
    // The 16 interrupted games are archived, unterminated (written off
    // the UI thread: once it is done).
    h.state_mut().archive_written();
    let pgn = std::fs::read_dir(archive.path().join("games"))
        .expect("archive dir")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("pgn"))
        .collect::<String>();
    assert_eq!(
        pgn.matches("[Termination \"unterminated\"]").count(),
        16,
        "{pgn}"
    );
    assert_eq!(
        pgn.matches("{ended while disconnected} *").count(),
        16,
        "{pgn}"
    );
    served.finish();
}

#[test]
fn an_unobserved_tile_is_marked_and_the_wall_puts_another_game_there() {
    let mut script = login();
    script.steps.extend([
        line("games"),
        Step::Send(listing(&GAMES)),
        line("observe 5"),
        line("observe 2"),
        Step::Send(observed(5, "Golf", "Hotel")),
        Step::Send(observed(2, "Charlie", "Delta")),
        line("unobserve 5"),
        Step::Send(b"\n\rRemoving game 5 from observation list.\n\rfics% ".to_vec()),
        line("games"),
        // Game 5 still goes on: the wall does not bring it back.
        Step::Send(listing(&GAMES)),
        line("observe 4"),
        Step::Send(observed(4, "Echo", "Foxtrot")),
    ]);
    let served = Served::start(vec![script]);

    let mut h = wall_window(live_app(), 2, [1180.0, 820.0], &served);
    wait_for(&mut h, "the two best games", &|app| {
        app.store().get(5).is_some() && app.store().get(2).is_some()
    });
    let board = h.get_by_label("Board, game 5").rect().center();
    h.hover_at(board);
    h.run_steps(2);
    h.get_by_label("Unobserve game 5").click();
    wait_for(&mut h, "game 5 unobserved", &|app| {
        app.store().get(5).is_some_and(|g| g.detached)
    });
    // The board stays a while, marked.
    h.run_steps(2);
    assert!(h.query_by_label_contains("No longer observed").is_some());
    let later = h.state().now() + Duration::from_secs(11);
    h.state_mut().set_time(later);
    wait_for(&mut h, "the next best game", &|app| {
        app.store().get(4).is_some()
    });
    assert!(h.state().store().get(5).is_none());
    let received = served.finish();
    let observes: Vec<&String> = received
        .iter()
        .filter(|l| l.starts_with("observe"))
        .collect();
    assert_eq!(observes, ["observe 5", "observe 2", "observe 4"]);
}

#[test]
fn two_lists_in_a_row_observe_each_game_once() {
    // Observing a game twice stops observing it on the old FICS: a second
    // list before the first observes are answered must not repeat them.
    let mut script = login();
    script.steps.extend([
        line("games"),
        Step::Send(listing(&GAMES)),
        Step::Send(listing(&GAMES)),
        line("observe 5"),
        line("observe 2"),
        Step::Send(observed(5, "Golf", "Hotel")),
        Step::Send(observed(2, "Charlie", "Delta")),
        Step::Send(listing(&GAMES)),
    ]);
    let served = Served::start(vec![script]);

    let mut h = wall_window(live_app(), 2, [1180.0, 820.0], &served);
    wait_for(&mut h, "the two best games", &|app| {
        [5, 2]
            .iter()
            .all(|&n| app.store().get(n).is_some_and(|g| g.board.is_some()))
    });
    h.run_steps(2);
    let received = served.finish();
    let observes: Vec<&String> = received
        .iter()
        .filter(|l| l.starts_with("observe"))
        .collect();
    assert_eq!(observes, ["observe 5", "observe 2"]);
}
