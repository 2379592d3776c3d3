//! Engine analysis in the window, driven like a person would, with the
//! fake UCI engine: the evaluation and line under an observed board, the
//! line previewed on the board, the switch per board, and none of it in
//! the user's own live game.

use crate::common;
use common::fake_uci;

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::engine::process::EngineStatus;

use common::TempDir;

const OBSERVED: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
const AFTER_E4: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 0 0";
const AFTER_E5: &str = "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 2 P/e7-e5 (0:00) e5 0 0 0";
const OTHER_AFTER_E4: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 13 Cid Dee 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 0 0";
const FEN_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const FEN_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
const FEN_E5: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
const MINE: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";

/// A program running the fake engine in `mode`.
fn fake_engine(dir: &Path, mode: &str) -> PathBuf {
    fake_uci::fake_engine(dir, mode).0
}

fn harness(lines: &[&str], engine: &Path, on: bool) -> Harness<'static, KibitzApp> {
    let mut app = common::app_with(lines);
    app.settings_mut().analysis.engine = engine.display().to_string();
    app.settings_mut().analysis.on_by_default = on;
    common::window(app, common::SIZE)
}

/// What the fake engine was told, line by line.
fn engine_input(dir: &Path) -> Vec<String> {
    std::fs::read_to_string(dir.join("engine-input.log"))
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Frames until `done` (the engine answers on its thread); `what` names
/// what did not come, for the failure.
fn frames_until(
    h: &mut Harness<'_, KibitzApp>,
    done: impl FnMut(&Harness<'_, KibitzApp>) -> bool,
    what: impl Fn() -> String,
) {
    common::wait::frames(h, common::wait::LIMIT, done, |_| what());
}

/// Frames until the engine was told `done` (its whole input so far).
fn wait_for_input(
    h: &mut Harness<'_, KibitzApp>,
    dir: &Path,
    what: &str,
    done: impl Fn(&[String]) -> bool,
) {
    frames_until(
        h,
        |_| done(&engine_input(dir)),
        || format!("the engine was not told {what}: {:#?}", engine_input(dir)),
    );
}

/// `search` was asked for on `fen` (the line before it sets the position).
fn searched(input: &[String], fen: &str, search: &str) -> bool {
    input
        .windows(2)
        .any(|w| w[0] == format!("position fen {fen}") && w[1] == search)
}

/// Frames until `label` is on screen.
fn wait_for_label(h: &mut Harness<'_, KibitzApp>, label: &str) {
    frames_until(
        h,
        |h| h.query_by_label(label).is_some(),
        || format!("no {label:?} on screen"),
    );
}

#[test]
fn an_observed_board_shows_the_evaluation_and_previews_the_line() {
    let dir = TempDir::new("ui-analysis");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[OBSERVED], &engine, true);
    wait_for_label(&mut h, "Evaluation +0.25, depth 12");
    // The line's second White move, previewed on the board.
    h.get_by_label("Preview the engine's line to 2. Nf3")
        .click();
    h.run_steps(2);
    assert!(h.query_by_label("Board, game 12, engine line").is_some());
    // A click on the board goes back to the game.
    let board = h.get_by_label("Board, game 12, engine line").rect();
    h.hover_at(board.center());
    h.run_steps(1);
    h.drag_at(board.center());
    h.run_steps(1);
    h.drop_at(board.center());
    h.run_steps(2);
    assert!(h.query_by_label("Board, game 12, engine line").is_none());
    assert!(h.query_by_label("Board, game 12").is_some());
    // Alt+E turns this board's analysis off: no bar, no line.
    h.key_press_modifiers(Modifiers::ALT, Key::E);
    h.run_steps(2);
    assert!(h.query_by_label("Evaluation +0.25, depth 12").is_none());
    assert!(
        h.query_by_label("Preview the engine's line to 1. e4")
            .is_none()
    );
}

#[test]
fn the_tile_control_turns_analysis_on_for_one_board() {
    let dir = TempDir::new("ui-analysis-switch");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[OBSERVED], &engine, false);
    h.run_steps(3);
    assert_eq!(
        h.state().engine_status(),
        &EngineStatus::Off,
        "nothing asked for"
    );
    let board = h.get_by_label("Board, game 12").rect();
    h.hover_at(board.center());
    h.run_steps(2);
    h.get_by_label("Analysis, game 12").click();
    h.run_steps(2);
    wait_for_label(&mut h, "Evaluation +0.25, depth 12");
}

#[test]
fn no_engine_in_the_users_own_live_game() {
    let dir = TempDir::new("ui-analysis-own");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[MINE], &engine, true);
    h.run_steps(5);
    assert_eq!(h.state().engine_status(), &EngineStatus::Off);
    assert!(
        !dir.path().join("engine-input.log").exists(),
        "the engine never ran"
    );
    // Turned on by hand, the board says why there is nothing.
    h.key_press_modifiers(Modifiers::ALT, Key::E);
    h.run_steps(3);
    let note =
        "No engine in your own game while it is on (fair play); analysis comes back when it ends";
    assert!(h.query_by_label(note).is_some());
    std::thread::sleep(Duration::from_millis(300));
    h.state_mut().poll_engine();
    h.run_steps(2);
    assert_eq!(h.state().engine_status(), &EngineStatus::Off);
    assert!(
        !dir.path().join("engine-input.log").exists(),
        "the engine never ran"
    );
}

#[test]
fn a_hung_engine_does_not_stop_the_frames() {
    let dir = TempDir::new("ui-analysis-silent");
    let engine = fake_engine(dir.path(), "silent");
    let mut h = harness(&[OBSERVED], &engine, true);
    // Frames go on while the engine never answers; the row says it is starting.
    for _ in 0..30 {
        h.state_mut().poll_engine();
        h.run_steps(1);
    }
    assert!(h.query_by_label("Engine starting…").is_some());
    assert!(h.query_by_label("Board, game 12").is_some());
}

#[test]
fn analysis_follows_the_browsed_position() {
    let dir = TempDir::new("ui-analysis-browse");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[OBSERVED, AFTER_E4, AFTER_E5], &engine, true);
    // The only board: analysed continuously, at the live position.
    wait_for_input(&mut h, dir.path(), "the live position", |input| {
        searched(input, FEN_E5, "go infinite")
    });
    // One move back in the move list: that position.
    h.key_press(Key::ArrowLeft);
    h.run_steps(2);
    wait_for_input(&mut h, dir.path(), "the browsed position", |input| {
        searched(input, FEN_E4, "go infinite")
    });
    // The live search was stopped before the browsed one began.
    let input = engine_input(dir.path());
    let browsed = input
        .iter()
        .rposition(|l| *l == format!("position fen {FEN_E4}"))
        .expect("the browsed position searched");
    let live = input[..browsed]
        .iter()
        .rposition(|l| *l == format!("position fen {FEN_E5}"))
        .expect("the live position searched before");
    assert!(
        input[live..browsed].iter().any(|l| l == "stop"),
        "the live search was stopped first: {input:#?}"
    );
}

#[test]
fn the_focused_board_is_analysed_on_and_the_others_get_a_short_look() {
    let dir = TempDir::new("ui-analysis-focus");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[OBSERVED, OTHER_AFTER_E4], &engine, true);
    // No board has the keyboard yet: a short look at each.
    wait_for_input(&mut h, dir.path(), "short looks", |input| {
        searched(input, FEN_START, "go movetime 300") && searched(input, FEN_E4, "go movetime 300")
    });
    assert!(!engine_input(dir.path()).iter().any(|l| l == "go infinite"));
    // Ctrl+Tab gives game 12 the keyboard: it is analysed on.
    let ctrl = common::CTRL;
    h.key_press_modifiers(ctrl, Key::Tab);
    h.run_steps(2);
    let focused = h.state().focused().expect("a board has the keyboard");
    let fen = if focused == 12 { FEN_START } else { FEN_E4 };
    wait_for_input(&mut h, dir.path(), "continuous analysis", |input| {
        searched(input, fen, "go infinite")
    });
    // Minimized: the engine stops and is given nothing more.
    h.input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .minimized = Some(true);
    h.run_steps(2);
    wait_for_input(&mut h, dir.path(), "stop", |input| {
        input.last().is_some_and(|l| l == "stop")
    });
    for _ in 0..5 {
        h.state_mut().poll_engine();
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        engine_input(dir.path()).last().map(String::as_str),
        Some("stop")
    );
}

#[test]
fn the_users_game_is_analysed_once_it_has_ended() {
    let dir = TempDir::new("ui-analysis-ended");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[MINE], &engine, true);
    h.run_steps(3);
    assert!(!dir.path().join("engine-input.log").exists());
    let mut decoder = kibitz::protocol::decoder::StreamDecoder::new();
    let mut events = Vec::new();
    decoder.push(b"{Game 7 (Me vs. Opp) Me resigns} 0-1\n\r", &mut events);
    decoder.finish(&mut events);
    for event in &events {
        h.state_mut().apply_event(Duration::from_secs(10), event);
    }
    h.run_steps(2);
    wait_for_label(&mut h, "Evaluation +0.25, depth 12");
}

#[test]
fn alt_e_without_a_focused_board_goes_to_the_users_game() {
    let dir = TempDir::new("ui-analysis-alt-e");
    let engine = fake_engine(dir.path(), "normal");
    // Game 3 comes before the user's game 7 in the store's order.
    let observed_3 = OBSERVED.replace(" 0 12 Ann Bob ", " 0 3 Ann Bob ");
    let mut h = harness(&[&observed_3, MINE], &engine, true);
    wait_for_label(&mut h, "Evaluation +0.25, depth 12");
    assert_eq!(h.state().focused(), None);
    h.key_press_modifiers(Modifiers::ALT, Key::E);
    h.run_steps(3);
    let note =
        "No engine in your own game while it is on (fair play); analysis comes back when it ends";
    assert!(
        h.query_by_label(note).is_some(),
        "the note on the user's game"
    );
    assert!(
        h.query_by_label("Evaluation +0.25, depth 12").is_some(),
        "the observed board keeps its analysis"
    );
}

#[test]
fn a_missing_engine_is_said_under_the_board() {
    let mut h = harness(&[OBSERVED], Path::new("/nonexistent/kibitz-engine"), true);
    frames_until(
        &mut h,
        |h| {
            h.query_by_label_contains("apt-get install stockfish")
                .is_some()
        },
        || "no failure shown".to_owned(),
    );
    assert!(matches!(
        h.state().engine_status(),
        EngineStatus::Failed(message) if message.contains("/nonexistent/kibitz-engine")
    ));
}

#[test]
fn an_examined_game_is_analysed() {
    let dir = TempDir::new("ui-analysis-examined");
    let engine = fake_engine(dir.path(), "normal");
    // Relation 2: the user examines this game.
    let examined = OBSERVED.replace(" Ann Bob 0 5 0 ", " Me Bob 2 5 0 ");
    let mut h = harness(&[&examined], &engine, true);
    wait_for_label(&mut h, "Evaluation +0.25, depth 12");
}

const AFTER_BC4: &str = "<12> rnbqkbnr pppp-ppp -------- ----p--- --B-P--- -------- PPPP-PPP RNBQK-NR B -1 1 1 1 1 1 12 Ann Bob 0 5 0 39 39 300 300 2 B/f1-c4 (0:00) Bc4 0 0 0";
const FEN_NF3: &str = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

/// A move tried on a watched board makes a variation: nothing is sent,
/// the move list shows it as a branch, the engine follows it, the game goes
/// on under it (its next move in the list, the board still on the tried
/// line), and Live comes back to the game.
#[test]
fn a_move_tried_on_a_watched_board_makes_a_variation_the_engine_follows() {
    let dir = TempDir::new("ui-analysis-tried");
    let engine = fake_engine(dir.path(), "normal");
    let mut h = harness(&[OBSERVED, AFTER_E4, AFTER_E5], &engine, true);
    wait_for_input(&mut h, dir.path(), "the live position", |input| {
        searched(input, FEN_E5, "go infinite")
    });
    h.get_by_label("g1, white knight").click();
    h.run_steps(2);
    h.get_by_label("f3, empty").click();
    h.run_steps(2);
    assert!(
        common::moves_sent(h.state()).is_empty(),
        "a try, not a move"
    );
    assert_eq!(h.state().view(12).and_then(|v| v.line), Some((0, 1)));
    assert!(
        h.query_by_label("2. Nf3").is_some(),
        "the branch in the move list"
    );
    assert!(
        h.query_by_label("f3, white knight").is_some(),
        "on the board"
    );
    wait_for_input(&mut h, dir.path(), "the tried position", |input| {
        searched(input, FEN_NF3, "go infinite")
    });
    // The game goes on: its move is listed, the board stays on the line.
    for event in common::decode(format!("{AFTER_BC4}\n").as_bytes()) {
        h.state_mut().apply_event(Duration::from_secs(11), &event);
    }
    h.run_steps(2);
    let game = h.state().store().get(12).expect("the game");
    assert_eq!(game.moves.len(), 3);
    assert!(h.query_by_label("f3, white knight").is_some());
    h.get_by_label("Live").click();
    h.run_steps(2);
    assert_eq!(h.state().view(12).and_then(|v| v.line), None);
    assert!(
        h.query_by_label("c4, white bishop").is_some(),
        "the game again"
    );
}

/// Three lines asked for (the default): the engine is set to them, the
/// other two are shown over the move list, the best move is an arrow on
/// the board, and Alt+L says them all.
#[test]
fn three_engine_lines_and_the_best_move_as_an_arrow() {
    let dir = TempDir::new("ui-analysis-lines");
    let engine = fake_engine(dir.path(), "multipv");
    let mut h = harness(&[OBSERVED], &engine, true);
    assert_eq!(h.state().settings().analysis.lines, 3);
    wait_for_label(&mut h, "Line 2: +0.18, 1. d4 d5");
    assert!(h.query_by_label("Line 3: +0.10, 1. Nf3 d5").is_some());
    assert!(engine_input(dir.path()).contains(&"setoption name MultiPV value 3".to_owned()));
    let best = h.state().view(12).and_then(|v| v.analysis.best);
    assert_eq!(best, Some((shakmaty::Square::E2, shakmaty::Square::E4)));
    let arrow = egui::Color32::from_rgba_premultiplied(0, 48, 136, 150);
    assert!(common::painted(&h, arrow), "the arrow drawn");
    h.key_press_modifiers(Modifiers::ALT, Key::L);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Line 1: +0.25, 1. e4 e5 2. Nf3. Line 2: +0.18")
            .is_some(),
        "said on request"
    );
    // The arrow off in Settings: none.
    h.state_mut().settings_mut().analysis.arrow = false;
    h.run_steps(2);
    assert_eq!(h.state().view(12).and_then(|v| v.analysis.best), None);
    assert!(!common::painted(&h, arrow));
}

/// Fair play: the user's own game, while it goes on, cannot be copied,
/// set up or analysed elsewhere (a copy would take the engine); a watched
/// game can.
#[test]
fn no_copy_set_up_or_analyse_of_your_own_game_while_it_goes_on() {
    let tools = ["Copy PGN", "Copy FEN", "Analyse", "Set up…"];
    let mut h = common::window(common::app_with(&[MINE]), common::SIZE);
    h.run_steps(2);
    for tool in tools.iter().chain(&["Tools…"]) {
        assert!(h.query_by_label(tool).is_none(), "{tool} on the own game");
    }
    let mut h = common::window(common::app_with(&[OBSERVED]), common::SIZE);
    h.run_steps(2);
    // A tile too narrow for the row has them in its Tools… menu.
    if let Some(menu) = h.query_by_label("Tools…") {
        menu.click();
        h.run_steps(2);
    }
    for tool in tools {
        assert!(h.query_by_label(tool).is_some(), "{tool} on a watched game");
    }
}
