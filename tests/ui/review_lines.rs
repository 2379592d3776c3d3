//! Lines tried on a review board: moves clicked or typed make a line
//! beside the game's own, deleted, promoted into the game, copied with the
//! game to the clipboard and back, a board copied to analyse; a position
//! set up by hand analysed and examined.

use crate::common;
use crate::my_games::{game, one_game_under_review};

use egui_kittest::kittest::Queryable;

/// Moves made by clicking each piece's square, then where it goes (the
/// squares by their accessible names: "f1, white bishop", "b5, empty").
fn click_moves(h: &mut egui_kittest::Harness<'_, kibitz::app::KibitzApp>, moves: &[(&str, &str)]) {
    for (from, to) in moves {
        h.get_by_label(from).click();
        h.run_steps(2);
        h.get_by_label(to).click();
        h.run_steps(2);
    }
}

/// Moves tried on a review board: a line after the game's last move, its
/// moves clicked to in the move list, and the line deleted again; the
/// game's own moves untouched.
#[test]
fn moves_tried_on_a_review_make_a_line_that_can_be_deleted() {
    let (_dir, mut h) = one_game_under_review("my-games-tried");
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    click_moves(
        &mut h,
        &[
            ("f1, white bishop", "b5, empty"),
            ("a7, black pawn", "a6, empty"),
        ],
    );
    assert_eq!(h.state().view(review).and_then(|v| v.line), Some((0, 2)));
    assert!(h.query_by_label("3. Bb5").is_some() && h.query_by_label("a6").is_some());
    // Back to the line's first move from the move list.
    h.get_by_label("3. Bb5").click();
    h.run_steps(2);
    assert_eq!(h.state().view(review).and_then(|v| v.line), Some((0, 1)));
    assert!(h.query_by_label("a7, black pawn").is_some(), "a6 not yet");
    h.get_by_label("Delete this variation").click();
    h.run_steps(2);
    let view = h.state().view(review).expect("the review");
    assert!(view.variations.is_empty() && view.line.is_none());
    assert!(h.query_by_label("3. Bb5").is_none());
    let game = h.state().store().get(review).expect("the game");
    assert_eq!(game.moves.len(), 4, "the game's own moves as they were");
}

/// What the window last put on the clipboard.
fn copied(h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>) -> Option<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .rev()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
}

/// A game with a variation copied as PGN and pasted back opens on a board
/// of its own with the variation; a position copied as FEN and pasted opens
/// that position.
#[test]
fn a_game_with_a_variation_and_a_position_round_trip_through_the_clipboard() {
    let pgn = game(
        "2026.11.20",
        "KibUser",
        "BotA",
        "1-0",
        "1. e4 e5 2. Nf3 (2. Bc4 Nf6) 2... Nc6 3. Bb5",
    );
    let (_dir, mut h) = common::my_games(
        "my-games-clipboard",
        &[("2026-11.pgn", &pgn)],
        Some("KibUser"),
    );
    h.get_by_label("Open KibUser vs. BotA, 2026.11.20, 1-0")
        .click();
    h.run_steps(3);
    let first = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    // The file's variation is a line on the board.
    assert!(h.query_by_label("2. Bc4").is_some() && h.query_by_label("Nf6").is_some());
    h.get_by_label("Copy PGN").click();
    h.run_steps(1);
    let text = copied(&h).expect("copied");
    assert!(
        text.contains("2. Nf3 (2. Bc4 Nf6) 2... Nc6 3. Bb5"),
        "{text}"
    );
    assert!(text.contains("[White \"KibUser\"]"), "{text}");
    h.event(egui::Event::Paste(text));
    h.run_steps(3);
    let second = first + 1;
    let pasted = h.state().store().get(second).expect("the pasted game");
    assert_eq!(pasted.moves.len(), 5);
    let view = h.state().view(second).expect("its view");
    assert_eq!(view.variations.lines().len(), 1);
    assert_eq!(view.variations.lines()[0].from, 2);
    // The position after 1. e4 e5 as FEN, pasted.
    h.key_press(egui::Key::Home);
    h.run_steps(1);
    for _ in 0..2 {
        h.key_press(egui::Key::ArrowRight);
        h.run_steps(1);
    }
    assert_eq!(h.state().view(second).and_then(|v| v.browse), Some(2));
    h.get_all_by_label("Copy FEN")
        .last()
        .expect("a button")
        .click();
    h.run_steps(1);
    let fen = copied(&h).expect("copied");
    assert_eq!(
        fen,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    h.event(egui::Event::Paste(fen));
    h.run_steps(3);
    let third = h
        .state()
        .store()
        .get(second + 1)
        .expect("the pasted position");
    let board = third.board.as_deref().expect("its board");
    assert_eq!(
        board.setup.board.piece_at(shakmaty::Square::E5),
        Some(shakmaty::Piece {
            color: shakmaty::Color::Black,
            role: shakmaty::Role::Pawn
        })
    );
}

/// A line tried on a review board promoted: it becomes the game's moves,
/// the game's moves from there a line; "Analyse" opens a copy of a board
/// (its lines too) on a board of its own.
#[test]
fn a_tried_line_is_promoted_and_a_board_is_copied_to_analyse() {
    let (_dir, mut h) = one_game_under_review("my-games-promote");
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    // After 1. e4: try 1... c5 2. Nf3.
    h.get_by_label("e4").click();
    h.run_steps(2);
    click_moves(
        &mut h,
        &[
            ("c7, black pawn", "c5, empty"),
            ("g1, white knight", "f3, empty"),
        ],
    );
    assert_eq!(h.state().view(review).and_then(|v| v.line), Some((0, 2)));
    h.get_by_label("Analyse").click();
    h.run_steps(3);
    let copy = h.state().view(review + 1).expect("the copy's board");
    assert_eq!(copy.variations.lines().len(), 1, "the line came along");
    h.get_all_by_label("Promote")
        .next()
        .expect("on the first board")
        .click();
    h.run_steps(3);
    let game = h.state().store().get(review).expect("the review");
    let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "c5", "Nf3"]);
    let view = h.state().view(review).expect("its view");
    let lines = view.variations.lines();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].from, 1);
    let old: Vec<&str> = lines[0].moves.iter().map(|t| t.san.as_str()).collect();
    assert_eq!(old, ["e5", "Nf3", "Nc6"], "the game's moves, now a line");
    assert_eq!(
        game.outcome.as_ref().map(|o| o.result),
        Some(kibitz::protocol::message::GameResult::NoResult),
        "the result no longer the game's"
    );
}

/// A position set up by hand: pieces put on an empty board, then analysed
/// on a board of Kibitz's; and, logged in, examined on the server with
/// `bsetup`.
#[test]
fn a_position_set_up_by_hand_is_analysed_and_examined() {
    let mut app = common::app_with(&[]);
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "KibUser".into(),
    });
    let mut h = common::window(app, [1400.0, 900.0]);
    h.get_by_label("My games").click();
    h.run_steps(2);
    h.get_by_label("Set up a position…").click();
    h.run_steps(3);
    h.get_by_label("Empty board").click();
    h.run_steps(2);
    for (piece, square) in [
        ("Put a white king", "e1, empty"),
        ("Put a black king", "e8, empty"),
        ("Put a white queen", "d1, empty"),
    ] {
        h.get_by_label(piece).click();
        h.run_steps(1);
        h.get_by_label(square).click();
        h.run_steps(1);
    }
    h.get_by_label("Black").click();
    h.run_steps(2);
    assert!(h.query_by_label("d1, white queen").is_some());
    h.get_by_label("Examine on the server").click();
    h.run_steps(2);
    let sent: Vec<String> = h
        .state()
        .sent()
        .iter()
        .filter_map(|c| match c {
            kibitz::protocol::command::Command::Raw(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        sent,
        [
            "bsetup",
            "bsetup fen 4k3/8/8/8/8/8/8/3QK3",
            "bsetup tomove black",
            "bsetup wcastle none",
            "bsetup bcastle none",
            "bsetup done"
        ]
    );
    // Again, to analyse it at home.
    h.get_by_label("Set up a position…").click();
    h.run_steps(3);
    h.get_by_label("Analyse").click();
    h.run_steps(3);
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    let game = h.state().store().get(review).expect("a board of its own");
    let board = game.board.as_deref().expect("its board");
    assert_eq!(board.setup.board.to_string(), "4k3/8/8/8/8/8/8/3QK3");
    assert_eq!(board.setup.turn, shakmaty::Color::Black);
}

/// A move tried from the keyboard (a square focused, Space, another,
/// Space) makes a line as a click does.
#[test]
fn a_move_tried_from_the_keyboard_makes_a_line() {
    let (_dir, mut h) = one_game_under_review("my-games-tried-keys");
    for square in ["f1, white bishop", "b5, empty"] {
        h.get_by_label(square).focus();
        h.run_steps(2);
        h.key_press(egui::Key::Space);
        h.run_steps(2);
    }
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    assert_eq!(h.state().view(review).and_then(|v| v.line), Some((0, 1)));
    assert!(h.query_by_label("3. Bb5").is_some());
}
