//! A game against the computer, played as a person plays it: the dialog
//! from the top bar, moves dragged and typed on the board, the engine (the
//! fake UCI engine as an opponent) answering on its own thread, takeback,
//! the flag, and the game in the archive as the user's, the engine named
//! with its strength. No server anywhere.

use crate::common;
use common::fake_uci;

use std::path::Path;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::computer::terms::{ClockTerms, ComputerTerms, ComputerVariant, Side};
use kibitz::protocol::command::Command;
use kibitz::protocol::message::{EndReason, GameResult};
use kibitz::ui::board::square_rect;
use shakmaty::{Color, Position, Square};

use common::TempDir;

/// The first game against the computer's number.
const GAME: u32 = 9001;

fn at(s: u64) -> Duration {
    Duration::from_secs(s)
}

/// A window with no server, the fake opponent as the engine, the archive
/// in `dir`, the dialog's terms set to `terms`.
fn harness(dir: &Path, moves: &[&str], terms: ComputerTerms) -> Harness<'static, KibitzApp> {
    let (engine, _) = fake_uci::fake_opponent(dir, moves);
    let mut app = KibitzApp::new(TimeSource::Fixed(at(10)));
    app.archive_into(dir.to_path_buf());
    let settings = app.settings_mut();
    settings.analysis.engine = engine.display().to_string();
    settings.analysis.variant_engine = engine.display().to_string();
    settings.computer = terms;
    common::window(app, common::SIZE)
}

fn terms(side: Side, clock: Option<(u32, u32)>) -> ComputerTerms {
    ComputerTerms {
        side,
        clock: clock.map(|(base_s, increment_s)| ClockTerms {
            base_s,
            increment_s,
        }),
        strength: Some(1500),
        human_delay: false,
        ..ComputerTerms::default()
    }
}

/// What the fake engine was told.
fn engine_input(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("engine-input.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Opens the dialog from the lobby and presses Play, then waits for the
/// engine and the game's board.
fn play_from_the_lobby(h: &mut Harness<'_, KibitzApp>) {
    play_from(h, "Computer…");
}

/// Opens the dialog with `button` (the lobby's, the connect form's) and
/// presses Play, then waits for the engine and the game's board.
fn play_from(h: &mut Harness<'_, KibitzApp>, button: &str) {
    h.get_by_label(button).click();
    h.run_steps(3);
    h.get_by_label("Play").click();
    h.run_steps(2);
    common::wait::frames(
        h,
        common::wait::LIMIT,
        |h| h.state().store().get(GAME).is_some(),
        |h| format!("no game began: {:?}", common::console_lines(h.state())),
    );
    h.run_steps(2);
}

fn sans(h: &Harness<'_, KibitzApp>) -> Vec<String> {
    let game = h.state().store().get(GAME).expect("the game");
    game.moves.iter().map(|p| p.san.clone()).collect()
}

/// Frames until the game has `n` moves (the engine answers on its thread).
fn wait_for_moves(h: &mut Harness<'_, KibitzApp>, n: usize) {
    common::wait::frames(
        h,
        common::wait::LIMIT,
        |h| {
            h.state()
                .store()
                .get(GAME)
                .is_some_and(|g| g.moves.len() == n)
        },
        |h| format!("not {n} moves: {:?}", sans(h)),
    );
}

fn center(h: &Harness<'_, KibitzApp>, orientation: Color, square: Square) -> egui::Pos2 {
    let board = h.get_by_label(&format!("Board, game {GAME}")).rect();
    square_rect(board, orientation, square).center()
}

#[test]
fn a_whole_game_dragged_taken_back_and_lost_on_time_is_archived_as_the_users() {
    let dir = TempDir::new("computer-game");
    let mut h = harness(
        dir.path(),
        &["e7e5", "b8c6", "g8f6"],
        terms(Side::White, Some((60, 0))),
    );
    play_from_the_lobby(&mut h);
    let game = h.state().store().get(GAME).unwrap();
    assert_eq!(game.my_color(), Some(Color::White));
    assert_eq!(
        game.players.black.handle, "FakeFish 1",
        "as it names itself"
    );
    assert_eq!(game.players.black.rating.as_deref(), Some("1500"));

    // Dragged, as a hand does.
    let (e2, e4) = (
        center(&h, Color::White, Square::E2),
        center(&h, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    wait_for_moves(&mut h, 2);
    assert_eq!(sans(&h), ["e4", "e5"]);
    let input = engine_input(dir.path());
    for line in [
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Elo value 1500",
        "position startpos moves e2e4",
        "go movetime 2000",
    ] {
        assert!(input.iter().any(|l| l == line), "{line}: {input:#?}");
    }

    // Typed: the clock runs from here on.
    h.state_mut().set_time(at(20));
    h.state_mut().send(Command::Raw("takeback".to_owned()));
    h.run_steps(2);
    assert!(sans(&h).is_empty(), "both moves taken back: {:?}", sans(&h));
    let (g1, f3) = (
        center(&h, Color::White, Square::G1),
        center(&h, Color::White, Square::F3),
    );
    common::drag(&mut h, g1, f3);
    wait_for_moves(&mut h, 2);
    assert_eq!(sans(&h), ["Nf3", "Nc6"]);
    h.state_mut().set_time(at(21));
    let (d2, d4) = (
        center(&h, Color::White, Square::D2),
        center(&h, Color::White, Square::D4),
    );
    common::drag(&mut h, d2, d4);
    wait_for_moves(&mut h, 4);
    // The user's minute runs out.
    h.state_mut().set_time(at(90));
    h.run_steps(3);
    let game = h.state().store().get(GAME).unwrap();
    let outcome = game.outcome.clone().expect("over");
    assert_eq!(outcome.reason, EndReason::TimeForfeit);
    assert_eq!(outcome.result, GameResult::BlackWins);

    h.state_mut().archive_written();
    let archived = read_archive(dir.path());
    for tag in [
        "[Site \"Kibitz\"]",
        "[Black \"FakeFish 1\"]",
        "[BlackElo \"1500\"]",
        "[Result \"0-1\"]",
        "forfeits on time",
    ] {
        assert!(archived.contains(tag), "{tag}: {archived}");
    }
    assert!(archived.contains("1. Nf3"), "{archived}");

    // Reviewed from My games, its moves in the opening tree of the user's
    // games (the user never logged in: named as played).
    let me = h
        .state()
        .store()
        .get(GAME)
        .unwrap()
        .players
        .white
        .handle
        .clone();
    h.get_by_label("My games").click();
    common::wait::archive_listed(&mut h);
    h.get_by_label_contains(&format!("Open {me} vs. FakeFish 1"))
        .click();
    h.run_steps(3);
    h.key_press(egui::Key::Home);
    common::wait::frames(
        &mut h,
        common::wait::LIMIT,
        |h| h.query_by_label(&format!("In your games ({me})")).is_some(),
        |_| "no opening tree of the user's games".to_owned(),
    );
    assert!(
        h.query_by_label("Nf3: 1 game (all yours), +0 =0 -1, 0 %")
            .is_some()
    );
}

/// Every PGN the archive wrote.
fn read_archive(dir: &Path) -> String {
    let games = dir.join("games");
    let mut text = String::new();
    for entry in std::fs::read_dir(&games).expect("the archive") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "pgn") {
            text.push_str(&std::fs::read_to_string(path).expect("read"));
        }
    }
    text
}

#[test]
fn as_black_the_engine_opens_and_resigning_ends_it() {
    let dir = TempDir::new("computer-black");
    let mut h = harness(dir.path(), &["d2d4", "c2c4"], terms(Side::Black, None));
    // From the connect form (no server: the way a new player sees first).
    play_from(&mut h, "Play the computer…");
    wait_for_moves(&mut h, 1);
    assert_eq!(
        h.state().store().get(GAME).unwrap().my_color(),
        Some(Color::Black)
    );
    let (d7, d5) = (
        center(&h, Color::Black, Square::D7),
        center(&h, Color::Black, Square::D5),
    );
    common::drag(&mut h, d7, d5);
    wait_for_moves(&mut h, 3);
    assert_eq!(sans(&h), ["d4", "d5", "c4"]);
    h.state_mut().send(Command::Resign);
    h.run_steps(2);
    let outcome = h
        .state()
        .store()
        .get(GAME)
        .unwrap()
        .outcome
        .clone()
        .unwrap();
    assert_eq!(
        (outcome.reason, outcome.result),
        (EndReason::Resign, GameResult::WhiteWins)
    );
    // A rematch is the same game with the colours swapped, from its
    // button under the board (no server needed); the row settles first.
    h.run_steps(2);
    h.state_mut().set_time(at(20));
    h.run_steps(2);
    h.get_by_label("Rematch").click();
    h.run_steps(1);
    assert!(
        h.query_by_label("Seek again").is_none(),
        "no server to seek on"
    );
    common::wait::frames(
        &mut h,
        common::wait::LIMIT,
        |h| h.state().store().get(GAME + 1).is_some(),
        |_| "no rematch".to_owned(),
    );
    let rematch = h.state().store().get(GAME + 1).unwrap();
    assert_eq!(rematch.my_color(), Some(Color::White));
}

#[test]
fn crazyhouse_is_set_on_the_variant_engine() {
    let dir = TempDir::new("computer-zh");
    let mut zh = terms(Side::Black, None);
    zh.variant = ComputerVariant::Crazyhouse;
    let mut h = harness(dir.path(), &["e2e4"], zh);
    play_from_the_lobby(&mut h);
    wait_for_moves(&mut h, 1);
    let input = engine_input(dir.path());
    assert!(
        input
            .iter()
            .any(|l| l == "setoption name UCI_Variant value crazyhouse"),
        "{input:#?}"
    );
    assert!(h.state().store().get(GAME).unwrap().holdings.is_some());
}

#[test]
fn a_missing_engine_says_how_to_get_one_and_no_game_begins() {
    let mut app = KibitzApp::new(TimeSource::Fixed(at(10)));
    app.settings_mut().analysis.engine = "/nonexistent/stockfish".to_owned();
    app.settings_mut().computer = terms(Side::White, None);
    let mut h = common::window(app, common::SIZE);
    h.get_by_label("Computer…").click();
    h.run_steps(3);
    h.get_by_label("Play").click();
    common::wait::frames(
        &mut h,
        common::wait::LIMIT,
        |h| {
            common::console_lines(h.state())
                .iter()
                .any(|l| l.contains("The computer cannot play") && l.contains("stockfish"))
        },
        |h| format!("not said: {:?}", common::console_lines(h.state())),
    );
    assert!(h.state().store().get(GAME).is_none());
}

/// The board's commands name no game (as on a server): one game of the
/// user's at a time. A game on the server keeps the computer waiting; a
/// game against the computer keeps seeks and challenges from going out.
#[test]
fn one_game_of_the_users_at_a_time() {
    const MINE: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let mut app = common::app_with(&[MINE]);
    app.play_computer(&terms(Side::White, None));
    assert!(
        common::console_lines(&app)
            .iter()
            .any(|l| l.contains("Finish your game on the server first")),
        "{:?}",
        common::console_lines(&app)
    );

    let dir = TempDir::new("computer-one-game");
    let mut h = harness(dir.path(), &["e7e5"], terms(Side::White, None));
    play_from_the_lobby(&mut h);
    let before = h.state().sent().len();
    let seek = kibitz::protocol::command::SeekParams {
        time_min: 5,
        ..Default::default()
    };
    h.state_mut().send(Command::Seek(seek));
    assert_eq!(h.state().sent().len(), before, "no seek went out");
    assert!(
        common::console_lines(h.state())
            .iter()
            .any(|l| l.contains("Finish your game against the computer first"))
    );
}

/// A board shown alone (a game watched, a review) gives way when the
/// user's game against the computer begins: it began unseen behind it.
#[test]
fn the_new_game_comes_into_sight() {
    const WATCHED: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let dir = TempDir::new("computer-in-sight");
    let (engine, _) = fake_uci::fake_opponent(dir.path(), &["e7e5"]);
    let mut app = common::app_with(&[WATCHED]);
    app.settings_mut().analysis.engine = engine.display().to_string();
    app.settings_mut().computer = terms(Side::White, None);
    let mut h = common::window(app, common::SIZE);
    let board = h.get_by_label("Board, game 12").rect();
    h.hover_at(board.center());
    h.run_steps(2);
    h.get_by_label("Maximize game 12").click();
    h.run_steps(2);
    assert_eq!(h.state().maximized(), Some(12));
    play_from_the_lobby(&mut h);
    assert_eq!(h.state().maximized(), None);
    assert!(h.query_by_label(&format!("Board, game {GAME}")).is_some());
}

/// A position played from once ("play from here") is not the next game's
/// start: the dialog opens on the usual one.
#[test]
fn a_position_played_from_is_not_the_next_start() {
    let dir = TempDir::new("computer-next-start");
    let mut from_here = terms(Side::White, None);
    from_here.start =
        kibitz::computer::terms::Start::Fen("8/3r4/4k3/8/8/3RK3/8/8 w - - 0 1".to_owned());
    let mut h = harness(dir.path(), &["e7e5"], from_here);
    play_from_the_lobby(&mut h);
    let game = h.state().store().get(GAME).unwrap();
    let position = game.position().expect("a position");
    assert_eq!(position.board().occupied().count(), 32, "the usual start");
}

/// Nothing of a game is lost when the window closes during it: it ends
/// unfinished, so marked, and is archived before Kibitz exits.
#[test]
fn a_game_cut_off_by_closing_the_window_is_archived() {
    let dir = TempDir::new("computer-closed");
    let mut h = harness(dir.path(), &["e7e5"], terms(Side::White, None));
    play_from_the_lobby(&mut h);
    let (e2, e4) = (
        center(&h, Color::White, Square::E2),
        center(&h, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    wait_for_moves(&mut h, 2);
    h.state_mut().close();
    let archived = read_archive(dir.path());
    assert!(archived.contains("[Result \"*\"]"), "{archived}");
    assert!(
        archived.contains("Kibitz was closed during the game"),
        "{archived}"
    );
    assert!(archived.contains("1. e4"), "{archived}");
}

/// While the window is hidden (no ui pass, no frame), the game goes on:
/// the engine's move is played and the clocks kept by the window's logic
/// alone (it waited, its clock running, until the window came back).
#[test]
fn the_game_goes_on_while_the_window_is_hidden() {
    let dir = TempDir::new("computer-hidden");
    let mut h = harness(dir.path(), &["e7e5"], terms(Side::White, Some((60, 0))));
    play_from_the_lobby(&mut h);
    // The engine takes a second: its answer comes after the frames below.
    std::fs::write(dir.path().join("slow"), "").expect("slow");
    let (e2, e4) = (
        center(&h, Color::White, Square::E2),
        center(&h, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    assert_eq!(sans(&h), ["e4"], "still thinking");
    // No more frames: only the logic runs.
    let until = std::time::Instant::now() + common::wait::LIMIT;
    while sans(&h).len() < 2 && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
        h.state_mut().tick_computer();
    }
    assert_eq!(sans(&h), ["e4", "e5"]);
}
