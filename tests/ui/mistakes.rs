//! Your mistakes, as a player meets them: an archived game of the user's
//! is reviewed in the background (the fake engine scores its positions),
//! its two blunders become cards; the first is answered by a drag with a
//! move the engine did not name (it judges it: a hit), the second with
//! the game's own move typed (a miss); the deck is on disk and a new
//! window reads it back with the missed card coming back soon.

use crate::common;
use common::fake_uci;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::KibitzApp;
use kibitz::ui::board::square_rect;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{Chess, Color, EnPassantMode, Position, Square};

/// The user (White) plays 2. Qh5 and 3. Bc4, both blunders by the
/// engine's scores below; Black's 3... Nf6 lets the mate in.
const GAME: &str = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
const SANS: [&str; 7] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
/// The side to move's score before each move, and the engine's line.
const SCORES: [(&str, &str); 7] = [
    ("cp 25", "e2e4"),
    ("cp -30", "e7e5"),
    ("cp 30", "g1f3"),
    ("cp 300", "b8c6"),
    ("cp -300", "g1f3"),
    ("cp 900", "g8f6"),
    ("cp -900", "h5f7"),
];

fn scores() -> Vec<(String, String)> {
    let mut position = Chess::default();
    let mut table = Vec::new();
    for (san, (score, pv)) in SANS.iter().zip(SCORES) {
        let fen = Fen::from_position(&position, EnPassantMode::Legal).to_string();
        let upto_turn: String = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        table.push((format!("{upto_turn} "), format!("{score}|{pv}")));
        let mv = san
            .parse::<San>()
            .expect("SAN")
            .to_move(&position)
            .expect("legal");
        position = position.play(mv).expect("played");
    }
    table
}

fn app_over(dir: &std::path::Path, engine: &std::path::Path) -> KibitzApp {
    let mut app = common::app_with(&[]);
    app.apply_event(
        Duration::from_secs(1),
        &kibitz::protocol::event::Event::LoggedIn {
            handle: "KibUser".to_owned(),
            titles: Vec::new(),
        },
    );
    app.archive_into(dir.to_path_buf());
    app.keep_deck_in(dir.to_path_buf());
    app.settings_mut().analysis.engine = engine.display().to_string();
    app.settings_mut().analysis.review_ms = 100;
    app
}

fn frames_until(
    h: &mut Harness<'_, KibitzApp>,
    what: &str,
    done: impl Fn(&Harness<'_, KibitzApp>) -> bool,
) {
    common::wait::frames(h, Duration::from_secs(30), done, |_| what.to_owned());
}

fn square(h: &Harness<'_, KibitzApp>, square: Square) -> egui::Pos2 {
    let board = h.get_by_label("Board, your mistake").rect();
    square_rect(board, Color::White, square).center()
}

#[test]
fn your_blunders_become_cards_answered_and_kept() {
    let dir = common::TempDir::new("ui-mistakes");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("2026-11.pgn"), GAME).unwrap();
    let (engine, _log) = fake_uci::fake_engine_scoring(dir.path(), &scores());
    let mut h = common::window(app_over(dir.path(), &engine), [1400.0, 900.0]);
    h.get_by_label("Training").click();
    // The background review: no board wants the engine, nobody plays.
    frames_until(&mut h, "the game reviewed", |h| {
        h.query_by_label_contains("Reviewed KibUser – BotA: 2 new cards")
            .is_some()
    });
    assert!(h.query_by_label_contains("2 cards").is_some());
    h.get_by_label("Practise (2 due)").click();
    h.run_steps(3);
    assert!(
        h.query_all_by_label(
            "White to play, move 2. You made a blunder here in KibUser – BotA, 2026.11.25: find a better move."
        )
        .next()
        .is_some(),
        "the question over the card's board"
    );
    // 2. d4 instead of 2. Qh5: not the engine's Nf3, so it judges it
    // (cp 0 against best play's +30: well under a mistake's loss).
    let (d2, d4) = (square(&h, Square::D2), square(&h, Square::D4));
    common::drag(&mut h, d2, d4);
    frames_until(&mut h, "the engine's word on d4", |h| {
        h.query_all_by_label_contains("Good: d4 holds the position")
            .next()
            .is_some()
    });
    assert!(
        h.query_all_by_label(
            "Good: d4 holds the position; the engine's move is Nf3. In the game you played Qh5."
        )
        .next()
        .is_some()
    );
    h.get_by_label("Next card (1 due)").click();
    h.run_steps(3);
    // A typo first: said under the field, which keeps the keyboard.
    h.get_by_label("Your move:").click();
    h.run_steps(1);
    h.get_by_label("Your move:").type_text("Zz9");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Zz9: ").is_some(),
        "the typo said"
    );
    assert!(
        h.get_by_label("Your move:").is_focused(),
        "the field keeps the keyboard"
    );
    // Its text stays, to mend.
    for _ in 0..3 {
        h.key_press(egui::Key::Backspace);
        h.run_steps(1);
    }
    // The game's own move again, typed: a miss, said with both moves.
    h.get_by_label("Your move:").type_text("Bc4");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    // Answered: the keyboard goes on to Done (the field is gone).
    assert!(h.get_by_label("Done").is_focused());
    assert!(
        h.query_all_by_label(
            "Missed: Bc4 is the move you played in the game; the engine's move is Nf3."
        )
        .next()
        .is_some()
    );
    h.get_by_label("Done").click();
    h.run_steps(3);
    assert!(h.query_by_label("Board, your mistake").is_none(), "closed");

    // On disk: the hit put off a day, the miss back in ten minutes.
    h.state().wait_for_deck();
    let text = std::fs::read_to_string(dir.path().join("mistakes.toml")).unwrap();
    let deck = kibitz::training::deck::Deck::from_toml(&text).unwrap();
    let hits: Vec<_> = deck
        .cards
        .iter()
        .map(|c| (c.played.as_str(), c.hits, c.misses))
        .collect();
    assert_eq!(hits, [("Qh5", 1, 0), ("Bc4", 0, 1)]);
    drop(h);

    // A new window reads the deck back: nothing due, the miss soon.
    let mut h = common::window(app_over(dir.path(), &engine), [1400.0, 900.0]);
    h.get_by_label("Training").click();
    frames_until(&mut h, "the deck read back", |h| {
        h.query_by_label_contains("2 cards").is_some()
    });
    assert!(
        h.query_by_label_contains("Next card in 10 minutes")
            .is_some()
    );
    assert!(
        h.query_by_label_contains("1 of your games reviewed, 0 to go")
            .is_some()
    );
}

/// One card due, 2. Qh5 played after 1. e4 e5 (the engine's 2. Nf3).
pub(crate) const ONE_CARD: &str = r#"reviewed = ["2026-11.pgn#0"]

[[cards]]
id = "2026-11.pgn#0#2"
fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
played = "Qh5"
best = "Nf3"
judgement = "blunder"
game_key = "2026-11.pgn#0"
ply = 2
game_words = "KibUser – BotA, 2026.11.25"
white_share_permille = 530
last_move_uci = "e7e5"
due_s = 0
interval_s = 0
hits = 0
misses = 0
"#;

/// An app whose deck, kept in `dir`, is `deck`, read.
pub(crate) fn app_with_deck(dir: &common::TempDir, deck: &str) -> KibitzApp {
    std::fs::write(dir.path().join("mistakes.toml"), deck).expect("the deck");
    let mut app = common::app_with(&[]);
    app.keep_deck_in(dir.path().to_path_buf());
    app.wait_for_deck();
    app
}

/// A window over an app with [`ONE_CARD`] due, the card open. The
/// directory lives as long as the harness is used: keep it.
fn card_open(label: &str) -> (common::TempDir, Harness<'static, KibitzApp>) {
    let dir = common::TempDir::new(label);
    let mut h = common::window(app_with_deck(&dir, ONE_CARD), [1400.0, 900.0]);
    h.get_by_label("Training").click();
    h.run_steps(2);
    h.get_by_label("Practise (1 due)").click();
    h.run_steps(4);
    (dir, h)
}

/// By the keyboard alone: the card's board has the keyboard at once, on
/// the opponent's last move (e5); the arrows walk its squares; Escape lets
/// go of the board, then closes the card.
#[test]
fn a_card_by_the_keyboard() {
    let (_dir, mut h) = card_open("ui-mistakes-keys");
    assert!(
        h.get_by_label("e5, black pawn").is_focused(),
        "the last move's square"
    );
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(2);
    assert!(
        h.get_by_label("f5, empty").is_focused(),
        "the arrows walk the board"
    );
    h.key_press(egui::Key::ArrowDown);
    h.run_steps(2);
    assert!(h.get_by_label("f4, empty").is_focused());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.query_by_label("Board, your mistake").is_some(),
        "the board let go first"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(
        h.query_by_label("Board, your mistake").is_none(),
        "then the card closed"
    );
}

/// While the user plays, cards wait: Practise is off, and a card open
/// when the game began closes, still due (it would cover the board, and
/// then the game's result).
#[test]
fn cards_wait_while_you_play() {
    const PLAYING: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 1 0";
    let (_dir, mut h) = card_open("ui-mistakes-playing");
    assert!(h.query_by_label("Board, your mistake").is_some());
    // A game of the user's begins.
    for event in common::decode(format!("{PLAYING}\n\r").as_bytes()) {
        h.state_mut().apply_event(Duration::from_secs(10), &event);
    }
    h.run_steps(3);
    assert!(h.query_by_label("Board, your mistake").is_none(), "closed");
    assert!(
        h.get_by_label("Practise (1 due)")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        h.query_by_label_contains("waiting: you are playing")
            .is_some()
    );
}
