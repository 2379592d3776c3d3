//! A game of My games reviewed with the engine (the fake one, with a score
//! for each position): "Review game" has every position looked at once,
//! the evaluation graph under the move list fills, the move that lost the
//! game is marked a blunder in the move list and counted, and a click on
//! the graph shows that position.

use crate::common;
use common::fake_uci;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, EnPassantMode, Position};

/// The scholar's mate: Black's 3... Nf6?? lets 4. Qxf7 mate.
const GAME: &str = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n\n1. e4 {[%emt 0:00:01]} e5 {[%emt 0:00:02]} 2. Qh5 Nc6 3. Bc4 Nf6 {[%emt 0:00:12]} 4. Qxf7# 1-0\n";
const SANS: [&str; 7] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
/// What the engine says of the positions before each move (the side to
/// move's view): about equal, until Nf6 lets White mate at once.
const SCORES: [&str; 7] = [
    "cp 25", "cp -30", "cp 30", "cp -20", "cp 30", "cp -40", "mate 1",
];

/// Each position's FEN up to the side to move (unique in this game), with
/// its score.
fn scores() -> Vec<(String, String)> {
    let mut position = Chess::default();
    let mut table = Vec::new();
    for (san, score) in SANS.iter().zip(SCORES) {
        let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
        let upto_turn: String = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        table.push((format!("{upto_turn} "), score.to_owned()));
        let san = san.parse::<San>().expect("SAN");
        let mv = san.to_move(&position).expect("legal");
        position = position.play(mv).expect("played");
    }
    table
}

fn frames_until(
    h: &mut Harness<'_, KibitzApp>,
    what: &str,
    done: impl Fn(&Harness<'_, KibitzApp>) -> bool,
) {
    common::wait::frames(h, Duration::from_secs(30), done, |_| what.to_owned());
}

#[test]
fn the_review_pass_fills_the_graph_and_marks_the_blunder() {
    let dir = common::TempDir::new("ui-review");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("2026-11.pgn"), GAME).unwrap();
    let (engine, log) = fake_uci::fake_engine_scoring(dir.path(), &scores());
    let mut app = common::app_with(&[]);
    app.archive_into(dir.path().to_path_buf());
    app.settings_mut().analysis.engine = engine.display().to_string();
    app.settings_mut().analysis.review_ms = 100;
    let mut h = common::window(app, [1400.0, 900.0]);
    h.get_by_label("My games").click();
    common::wait::archive_listed(&mut h);
    h.get_by_label("Open KibUser vs. BotA, 2026.11.25, 1-0")
        .click();
    h.run_steps(3);
    // Before the review: only the mate on the board is known, no engine.
    assert!(
        h.query_by_label("Evaluation graph, 1 of 8 positions")
            .is_some(),
        "the graph under the move list"
    );
    assert!(h.query_by_label("1 of 8 positions looked at").is_some());
    assert!(!log.exists(), "no engine before it is asked for");

    h.get_by_label("Review game").click();
    frames_until(&mut h, "the graph filled", |h| {
        h.query_by_label("Evaluation graph, 8 of 8 positions")
            .is_some()
    });
    h.run_steps(2);
    // Every position but the mate looked at once, for the review's time.
    let input = std::fs::read_to_string(&log).unwrap();
    let looks = input.lines().filter(|l| *l == "go movetime 100").count();
    assert_eq!(looks, 7, "{input}");
    // The move that let the mate in is the one blunder, and Black's.
    assert!(h.query_by_label("Nf6, blunder").is_some());
    assert_eq!(h.query_all_by_label_contains(", blunder").count(), 1);
    assert!(
        h.query_by_label("Black: 1 blunder, 0 mistakes, 0 inaccuracies")
            .is_some()
    );
    assert!(
        h.query_by_label("White: 0 blunders, 0 mistakes, 0 inaccuracies")
            .is_some()
    );
    assert!(h.query_by_label("Review game").is_none(), "done");

    // The move times under the graph: the long think was the blunder.
    assert!(
        h.query_by_label("Move times chart, the longest 12 (Nf6)")
            .is_some(),
        "the move-time chart"
    );
    // A click in the graph's middle shows the position there (the 5th of
    // 8: after 2... Nc6).
    h.get_by_label("Evaluation graph, 8 of 8 positions").click();
    h.run_steps(2);
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    assert_eq!(h.state().view(review).and_then(|v| v.browse), Some(4));
}
