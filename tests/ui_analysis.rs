//! Engine analysis in the window, driven like a person would, with the
//! fake UCI engine: the evaluation and line under an observed board, the
//! line previewed on the board, the switch per board, and none of it in
//! the user's own live game.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::engine::process::EngineStatus;

use common::TempDir;

const OBSERVED: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
const MINE: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";

/// A program running the fake engine in `mode`.
fn fake_engine(dir: &Path, mode: &str) -> PathBuf {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/fake_uci.sh");
    let program = dir.join("engine");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nexec bash '{}' {mode} '{}'\n",
            script.display(),
            dir.join("engine-input.log").display()
        ),
    )
    .expect("write engine");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    program
}

fn harness(lines: &[&str], engine: &Path, on: bool) -> Harness<'static, KibitzApp> {
    let mut app = common::app_with(lines);
    app.settings.analysis.engine = engine.display().to_string();
    app.settings.analysis.on_by_default = on;
    common::window(app)
}

/// Frames until `label` is on screen (the engine answers on its thread).
fn wait_for_label(h: &mut Harness<'_, KibitzApp>, label: &str) {
    let started = Instant::now();
    while h.query_by_label(label).is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no {label:?} on screen"
        );
        h.state_mut().poll_engine();
        h.run_steps(1);
        std::thread::sleep(Duration::from_millis(20));
    }
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
