//! Real games against the installed engines, through the same pieces the
//! window uses (the referee, the opponent's process, the store, the
//! archive's PGN), with no window and no server: Stockfish at 1500 in a
//! timed game of chess, Fairy-Stockfish in crazyhouse below its floor.
//! The user's side plays a simple policy (take the most, else the first
//! legal move) and resigns after a few moves.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kibitz::computer::referee::{Out, Players, Referee};
use kibitz::computer::terms::{ClockTerms, ComputerTerms, ComputerVariant, Side};
use kibitz::engine::opponent_process::{OpponentConfig, OpponentHandle};
use kibitz::engine::opponent_session::OpponentEvent;
use kibitz::engine::process::locate;
use kibitz::game::GameStore;
use kibitz::protocol::command::{Command, MoveText};
use shakmaty::{Move, Position, Role};

const GAME: u32 = 9001;
/// The engine's longest answer in these games (a minute's clock).
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// Plays `engine_moves` of the engine's moves (or to the end), then
/// resigns; returns the game's PGN.
fn play(command: &str, terms: &ComputerTerms, engine_moves: usize) -> String {
    let path = locate(command)
        .unwrap_or_else(|| panic!("{command} is installed by the README's test command"));
    let origin = Instant::now();
    let now = || origin.elapsed();
    let engine = OpponentHandle::spawn(
        OpponentConfig {
            command: path.display().to_string(),
            rating: terms.strength,
            variant: terms.variant.engine_variant(),
        },
        Arc::new(|_| {}),
    );
    let name = match wait(&engine) {
        OpponentEvent::Ready { name } => name,
        other => panic!("{command} is not ready: {other:?}"),
    };
    let players = Players {
        user: "KibUser".into(),
        engine: name,
        engine_rating: terms.strength.map_or("----".into(), |r| r.to_string()),
    };
    let (mut referee, outs) = Referee::start(GAME, terms, &players, now(), 7).expect("start");
    let mut store = GameStore::new();
    let mut thinks = Vec::new();
    let take = |outs: Vec<Out>, store: &mut GameStore, thinks: &mut Vec<_>| {
        for out in outs {
            match out {
                Out::Event(event) => {
                    store.apply(now(), &event);
                }
                Out::Think(think) => thinks.push(think),
                Out::Stop => {}
            }
        }
    };
    take(outs, &mut store, &mut thinks);
    let mut answered = 0;
    while !referee.is_over() {
        if let Some(think) = thinks.pop() {
            engine.think(think.id, think.position, think.clocks);
            let OpponentEvent::Moved { id, uci, .. } = wait(&engine) else {
                panic!("{command} failed");
            };
            let outs = referee.engine_moved(now(), id, &uci);
            take(outs, &mut store, &mut thinks);
            answered += 1;
            continue;
        }
        let command = if answered >= engine_moves {
            Command::Resign
        } else {
            let game = store.get(GAME).expect("the game");
            let position = game.position().expect("a position");
            Command::Move(text(&choose(&position)))
        };
        let outs = referee.command(now(), &command).expect("a game command");
        take(outs, &mut store, &mut thinks);
    }
    let game = store.get(GAME).expect("the game");
    let outcome = game.outcome.clone().expect("over");
    assert_ne!(
        outcome.result,
        kibitz::protocol::message::GameResult::NoResult,
        "{outcome:?}"
    );
    kibitz::archive::pgn(game, "Kibitz", kibitz::archive::UtcTime::now())
}

fn wait(engine: &OpponentHandle) -> OpponentEvent {
    let until = Instant::now() + ANSWER_WITHIN;
    while Instant::now() < until {
        if let Some(event) = engine.try_event() {
            return event;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no answer from the engine within {ANSWER_WITHIN:?}");
}

/// The user's policy: the capture of the most valuable piece, else the
/// first legal move.
fn choose(position: &impl Position) -> Move {
    let value = |role: Option<Role>| match role {
        Some(Role::Queen) => 9,
        Some(Role::Rook) => 5,
        Some(Role::Bishop | Role::Knight) => 3,
        Some(Role::Pawn) => 1,
        _ => 0,
    };
    let moves = position.legal_moves();
    moves
        .iter()
        .max_by_key(|m| value(m.capture()))
        .copied()
        .expect("a legal move")
}

fn text(mv: &Move) -> MoveText {
    match *mv {
        Move::Put { role, to } => MoveText::drop(role, to),
        Move::Castle { king, rook } if rook.file() > king.file() => MoveText::castle_short(),
        Move::Castle { .. } => MoveText::castle_long(),
        _ => MoveText::normal(mv.from().expect("from"), mv.to(), mv.promotion()),
    }
}

#[test]
fn a_timed_game_against_stockfish_at_1500() {
    let terms = ComputerTerms {
        variant: ComputerVariant::Chess,
        strength: Some(1500),
        side: Side::White,
        clock: Some(ClockTerms {
            base_s: 60,
            increment_s: 0,
        }),
        human_delay: true,
        ..ComputerTerms::default()
    };
    let pgn = play("stockfish", &terms, 8);
    assert!(pgn.contains("[Black \"Stockfish"), "{pgn}");
    assert!(pgn.contains("[BlackElo \"1500\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"60+0\"]"), "{pgn}");
    let read = kibitz::archive::read::pasted_game(&pgn).expect("the PGN reads back");
    assert_eq!(read.result, "0-1", "{pgn}");
}

#[test]
fn crazyhouse_against_fairy_stockfish_below_its_floor() {
    let terms = ComputerTerms {
        variant: ComputerVariant::Crazyhouse,
        strength: Some(900),
        side: Side::Black,
        clock: None,
        ..ComputerTerms::default()
    };
    let pgn = play("fairy-stockfish", &terms, 10);
    assert!(pgn.contains("[Variant \"Crazyhouse\"]"), "{pgn}");
    assert!(pgn.contains("[White \"Fairy-Stockfish"), "{pgn}");
}
