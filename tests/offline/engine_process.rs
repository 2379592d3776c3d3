//! The engine process against a fake UCI engine (`common/fake_uci.sh`)
//! and, where installed, real Stockfish: start, options, position + go,
//! info lines into evaluation and line, bestmove, a crash and the restart,
//! a hung engine, a missing one.

use crate::common;
use common::fake_uci;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use kibitz::engine::analysis::{Eval, position_key};
use kibitz::engine::process::{
    ANSWER_TIMEOUT, EngineConfig, EngineHandle, EngineStatus, EngineUpdate, RESTART_PAUSE, locate,
};
use kibitz::engine::scheduler::{Plan, Target};
use kibitz::engine::session::EngineOptions;
use kibitz::engine::variant::EngineVariant;
use shakmaty::CastlingMode;
use shakmaty::fen::Fen;
use shakmaty::variant::VariantPosition;

use common::TempDir;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn target(fen: &str) -> Target {
    let fen: Fen = fen.parse().expect("fen");
    let position = VariantPosition::from_setup(
        shakmaty::variant::Variant::Chess,
        fen.into_setup(),
        CastlingMode::Standard,
    )
    .expect("position");
    Target {
        board: 1,
        key: position_key(&position),
        position,
        variant: kibitz::engine::variant::EngineVariant::CHESS,
    }
}

/// The fake engine in `mode`, and the log of what it was told.
fn fake_engine(dir: &Path, mode: &str) -> (EngineConfig, PathBuf) {
    let (program, log) = fake_uci::fake_engine(dir, mode);
    let config = EngineConfig {
        command: program.display().to_string(),
        options: EngineOptions::default(),
    };
    (config, log)
}

fn spawn() -> EngineHandle {
    EngineHandle::spawn(Arc::new(|_| {})).expect("engine thread")
}

/// Updates until `done` says so (or `within` passes: then it panics).
fn wait_for(
    engine: &EngineHandle,
    within: Duration,
    what: &str,
    mut done: impl FnMut(&EngineUpdate) -> bool,
) -> Vec<EngineUpdate> {
    // The updates seen, and whether the last one was the awaited.
    let mut seen = (Vec::new(), false);
    common::wait::until(
        &mut seen,
        within,
        |(seen, stop)| {
            while !*stop && let Some(update) = engine.try_update() {
                *stop = done(&update);
                seen.push(update);
            }
            *stop
        },
        |_| {},
        |(seen, _)| format!("no {what} in {within:?}: {seen:#?}"),
    );
    seen.0
}

/// Updates until the engine is reported failed: what it says.
fn wait_for_failure(engine: &EngineHandle, within: Duration, what: &str) -> String {
    let seen = wait_for(engine, within, what, |u| {
        matches!(u, EngineUpdate::Status(EngineStatus::Failed(_)))
    });
    match seen.last() {
        Some(EngineUpdate::Status(EngineStatus::Failed(message))) => message.clone(),
        _ => panic!("{seen:#?}"),
    }
}

fn focus(fen: &str) -> Plan {
    Plan {
        focus: Some(target(fen)),
        ..Plan::default()
    }
}

#[test]
fn the_focused_position_is_analysed_and_a_short_look_ends_with_bestmove() {
    let dir = TempDir::new("engine-normal");
    let (config, log) = fake_engine(dir.path(), "normal");
    let engine = spawn();
    engine.want(&config, focus(START));
    let start_key = target(START).key;
    let seen = wait_for(
        &engine,
        Duration::from_secs(20),
        "analysis",
        |u| matches!(u, EngineUpdate::Analysis { key, analysis } if *key == start_key && analysis.depth == 12),
    );
    assert!(
        seen.contains(&EngineUpdate::Status(EngineStatus::Ready {
            name: "FakeFish 1".into()
        })),
        "{seen:#?}"
    );
    let Some(EngineUpdate::Analysis { analysis, .. }) = seen.last() else {
        panic!("{seen:#?}");
    };
    assert_eq!(analysis.eval, Eval::Centipawns(25));
    assert_eq!(analysis.line_san, ["e4", "e5", "Nf3"]);

    // Another board's position (Black to move): a short look, from White's view.
    let e4_key = target(AFTER_E4).key;
    engine.want(
        &config,
        Plan {
            focus: None,
            others: vec![target(AFTER_E4)],
            ..Plan::default()
        },
    );
    let seen = wait_for(
        &engine,
        Duration::from_secs(20),
        "the short look",
        |u| matches!(u, EngineUpdate::Analysis { key, .. } if *key == e4_key),
    );
    let Some(EngineUpdate::Analysis { analysis, .. }) = seen.last() else {
        panic!("{seen:#?}");
    };
    assert_eq!(analysis.eval, Eval::Centipawns(-25));
    assert!(analysis.line_san.is_empty(), "e2e4 is not legal for Black");
    drop(engine);

    let said = std::fs::read_to_string(&log).expect("engine log");
    let said: Vec<&str> = said.lines().collect();
    for expected in [
        "uci",
        "setoption name Threads value 1",
        "setoption name Hash value 16",
        "isready",
        &format!("position fen {START}"),
        "go infinite",
        "stop",
        &format!("position fen {AFTER_E4}"),
        "go movetime 300",
    ] {
        assert!(said.contains(&expected), "{expected:?} not in {said:#?}");
    }
    let infinite = said.iter().position(|l| *l == "go infinite");
    let stop = said.iter().position(|l| *l == "stop");
    assert!(infinite < stop, "{said:#?}");
}

#[test]
fn a_crashed_engine_says_so_and_starts_again_on_the_next_position() {
    let dir = TempDir::new("engine-crash");
    let (config, _) = fake_engine(dir.path(), "crash-once");
    let engine = spawn();
    engine.want(&config, focus(START));
    let message = wait_for_failure(&engine, Duration::from_secs(20), "the failure");
    assert!(message.contains("stopped"), "{message}");
    // The next position, after the pause: a new engine, and analysis.
    std::thread::sleep(RESTART_PAUSE + Duration::from_millis(200));
    engine.want(&config, focus(AFTER_E4));
    let e4_key = target(AFTER_E4).key;
    let seen = wait_for(
        &engine,
        Duration::from_secs(20),
        "analysis after the restart",
        |u| matches!(u, EngineUpdate::Analysis { key, .. } if *key == e4_key),
    );
    assert!(
        seen.iter()
            .any(|u| matches!(u, EngineUpdate::Status(EngineStatus::Ready { .. }))),
        "{seen:#?}"
    );
}

#[test]
fn a_hung_engine_never_blocks_the_window_and_is_given_up() {
    let dir = TempDir::new("engine-silent");
    let (config, _) = fake_engine(dir.path(), "silent");
    let engine = spawn();
    engine.want(&config, focus(START));
    // The window's calls return at once while the engine says nothing.
    for _ in 0..100 {
        engine.want(&config, focus(START));
        let _ = engine.try_update();
    }
    let message = wait_for_failure(
        &engine,
        ANSWER_TIMEOUT + Duration::from_secs(10),
        "the hang noticed",
    );
    assert!(message.contains("did not answer"), "{message}");
}

#[test]
fn a_missing_engine_tells_how_to_get_one() {
    let engine = spawn();
    let config = EngineConfig {
        command: "/nonexistent/kibitz-test-engine".into(),
        options: EngineOptions::default(),
    };
    engine.want(&config, focus(START));
    let message = wait_for_failure(&engine, Duration::from_secs(20), "the failure");
    assert!(message.contains("apt-get install stockfish"), "{message}");
}

/// Real Stockfish (the README's test command installs it): a mate in 2.
#[test]
fn stockfish_finds_the_mate_in_two() {
    // Not skipped when missing: CI would go green without running it.
    let path = locate("stockfish")
        .expect("stockfish is not installed: the README's test command installs it (apt-get install stockfish)");
    // Légal's pattern: 1. Nf6+ gxf6 2. Bxf7#.
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let key = target(fen).key;
    let engine = spawn();
    let config = EngineConfig {
        command: path.display().to_string(),
        options: EngineOptions::default(),
    };
    engine.want(&config, focus(fen));
    let seen = wait_for(
        &engine,
        Duration::from_secs(60),
        "mate in 2",
        |u| matches!(u, EngineUpdate::Analysis { key: k, analysis } if *k == key && analysis.eval == Eval::Mate(2)),
    );
    let Some(EngineUpdate::Analysis { analysis, .. }) = seen.last() else {
        panic!("{seen:#?}");
    };
    assert_eq!(analysis.line_san.first().map(String::as_str), Some("Nf6+"));
}

/// A variant position for the plan's focus.
fn variant_target(fen: &str, variant: shakmaty::variant::Variant, engine: EngineVariant) -> Target {
    let fen: Fen = fen.parse().expect("fen");
    let mode = if engine.chess960 {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    };
    let position = VariantPosition::from_setup(variant, fen.into_setup(), mode).expect("position");
    Target {
        board: 1,
        key: format!("{}{}", engine.key_prefix(), position_key(&position)),
        position,
        variant: engine,
    }
}

/// Real Fairy-Stockfish (the README's test command installs it): a
/// crazyhouse position where White mates by a drop, and its line read
/// back with the drop in SAN.
#[test]
fn fairy_stockfish_plays_crazyhouse_drops() {
    let path = locate("fairy-stockfish").expect(
        "fairy-stockfish is not installed: the README's test command installs it (apt-get install fairy-stockfish)",
    );
    // Black's king on h8 boxed in by its rook and pawns; White has a
    // knight in hand: N@f7# smothers it.
    let fen = "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1";
    let target = variant_target(
        fen,
        shakmaty::variant::Variant::Crazyhouse,
        EngineVariant::named("crazyhouse"),
    );
    let analysis = analyse_until(&path, target, "mate in 1 by a drop", |a| {
        a.eval == Eval::Mate(1)
    });
    assert_eq!(analysis.line_san.first().map(String::as_str), Some("N@f7#"));
}

/// Real Stockfish in Chess960 mode (`UCI_Chess960`, the position's
/// castling by rook file): its line read back move by move as legal.
#[test]
fn stockfish_castles_in_fischer_random() {
    let path = locate("stockfish").expect("stockfish is installed by the README's test command");
    // King g1 beside its rook on h1, with the right to castle on that
    // side (`H`, Shredder-FEN): a position only Chess960 rules read.
    let fen = "6k1/5ppp/8/8/8/8/8/5BKR w H - 0 1";
    let target = variant_target(
        fen,
        shakmaty::variant::Variant::Chess,
        EngineVariant::CHESS960,
    );
    let analysis = analyse_until(&path, target, "an analysis at depth 12", |a| a.depth >= 12);
    // Every move of the line read back: legal in Chess960 terms.
    assert!(!analysis.line_san.is_empty(), "{analysis:?}");
}

/// The engine at `path` on `target` alone, until an analysis of it that
/// `done` accepts (or a minute: then it panics).
fn analyse_until(
    path: &Path,
    target: Target,
    what: &str,
    done: impl Fn(&kibitz::engine::analysis::Analysis) -> bool,
) -> kibitz::engine::analysis::Analysis {
    let key = target.key.clone();
    let engine = spawn();
    let config = EngineConfig {
        command: path.display().to_string(),
        options: EngineOptions::default(),
    };
    engine.want(
        &config,
        Plan {
            focus: Some(target),
            ..Plan::default()
        },
    );
    let seen = wait_for(
        &engine,
        Duration::from_secs(60),
        what,
        |u| matches!(u, EngineUpdate::Analysis { key: k, analysis } if *k == key && done(analysis)),
    );
    match seen.last() {
        Some(EngineUpdate::Analysis { analysis, .. }) => analysis.clone(),
        _ => panic!("{seen:#?}"),
    }
}

/// The strength options as the installed engines declare them: read from
/// their answer to `uci`, a rating under the floor and one on the scale
/// planned with the names and ranges they have.
#[test]
fn the_installed_engines_declare_the_strength_options_kibitz_sets() {
    use kibitz::engine::strength::{EngineLevels, plan};
    for (command, skill_low) in [("stockfish", 0), ("fairy-stockfish", -20)] {
        let path = locate(command)
            .unwrap_or_else(|| panic!("{command} is installed by the README's test command"));
        let output = std::process::Command::new(&path)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .expect("stdin")
                    .write_all(b"uci\nquit\n")?;
                child.wait_with_output()
            })
            .expect("the engine answers uci");
        let mut levels = EngineLevels::default();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            levels.read(line);
        }
        assert!(levels.limit_strength, "{command}");
        let floor = levels.floor().expect("a rating scale");
        assert_eq!(
            levels.skill.map(|(low, _)| low),
            Some(skill_low),
            "{command}"
        );
        let on_scale = plan(&levels, Some(floor + 150));
        assert!(
            on_scale
                .options
                .contains(&format!("setoption name UCI_Elo value {}", floor + 150)),
            "{command}: {on_scale:?}"
        );
        let under = plan(&levels, Some(800));
        assert!(under.depth.is_some(), "{command}: {under:?}");
    }
}

/// The installed Stockfish plays a move on the words Kibitz gives a
/// computer opponent: its strength under the floor (a depth limit) and on
/// its scale, and the game's clocks.
#[test]
fn stockfish_answers_an_opponents_turn() {
    use kibitz::engine::opponent::{Clocks, go_line};
    use kibitz::engine::strength::{EngineLevels, plan};
    use std::io::{BufRead, Write};
    let path = locate("stockfish").expect("stockfish is installed by the README's test command");
    for rating in [600, 1500] {
        let mut child = std::process::Command::new(&path)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("stockfish starts");
        let mut stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (lines_tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if lines_tx.send(line).is_err() {
                    break;
                }
            }
        });
        let next = |want: &str| -> Vec<String> {
            let mut seen = Vec::new();
            loop {
                let line = lines
                    .recv_timeout(Duration::from_secs(20))
                    .unwrap_or_else(|_| panic!("no {want:?} after {seen:?}"));
                let done = line.starts_with(want);
                seen.push(line);
                if done {
                    return seen;
                }
            }
        };
        writeln!(stdin, "uci").expect("uci");
        let mut levels = EngineLevels::default();
        for line in next("uciok") {
            levels.read(&line);
        }
        let plan = plan(&levels, Some(rating));
        for option in &plan.options {
            writeln!(stdin, "{option}").expect("option");
        }
        writeln!(stdin, "isready").expect("isready");
        next("readyok");
        // A 10 s game: the engine spends a fraction of a second.
        let clocks = Clocks {
            white_ms: 10_000,
            black_ms: 10_000,
            increment_ms: 0,
            engine_white: false,
        };
        writeln!(stdin, "position startpos moves e2e4").expect("position");
        writeln!(stdin, "{}", go_line(Some(clocks), plan.depth)).expect("go");
        let best = next("bestmove").pop().expect("bestmove");
        let mv = best.split_whitespace().nth(1).expect("a move");
        assert!(
            mv.len() >= 4 && matches!(mv.as_bytes()[1], b'7' | b'8'),
            "Black's move at {rating}: {best}"
        );
        let _ = writeln!(stdin, "quit");
        let _ = child.wait();
    }
}
