//! Variant boards played as a person plays them (issue 33): wild castling
//! from a d-file king, losers' compulsory capture said on the board, a
//! board of unknown rules still moves (the server judges); chess960
//! castling by mouse.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::ui::board::square_rect;
use shakmaty::{Color, Role, Square};

fn harness(app: KibitzApp) -> Harness<'static, KibitzApp> {
    let mut harness = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

fn center(h: &Harness<'_, KibitzApp>, orientation: Color, square: Square) -> egui::Pos2 {
    let board = h.get_by_label("Board, game 7").rect();
    square_rect(board, orientation, square).center()
}

/// The position the board shows for the move just sent, before the
/// server's board confirms it.
fn shown_at_once(h: &Harness<'_, KibitzApp>) -> shakmaty::Setup {
    let pending = h.state().view(7).and_then(|v| v.pending.clone());
    pending.expect("shown at once").1
}

/// Wild 0 as the old FICS starts it for the player of Black (no type in
/// the words: `Creating rated wild match`), after 1. e4, both of Black's
/// wings cleared for the test.
const WILD0_BLACK: &str = "<12> r--k---r pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Opp Me 1 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 1 1 0";

#[test]
fn a_d_file_king_castles_by_dragging_it_two_squares() {
    let app = common::app_with(&[
        "{Game 7 (Opp vs. Me) Creating rated wild match.}",
        WILD0_BLACK,
    ]);
    let mut h = harness(app);
    let (d8, f8) = (
        center(&h, Color::Black, Square::D8),
        center(&h, Color::Black, Square::F8),
    );
    common::drag(&mut h, d8, f8);
    // With the far rook: long castling, in the servers' words.
    assert_eq!(common::moves_sent(h.state()), ["o-o-o"]);
    let setup = shown_at_once(&h);
    assert_eq!(setup.board.role_at(Square::F8), Some(Role::King));
    assert_eq!(setup.board.role_at(Square::E8), Some(Role::Rook));
}

#[test]
fn a_wild_board_not_said_to_be_wild_is_not_dead() {
    // No words at all: the d-file king and its rights say it.
    let mut h = harness(common::app_with(&[WILD0_BLACK]));
    let (b8, a8) = (
        center(&h, Color::Black, Square::D8),
        center(&h, Color::Black, Square::A8),
    );
    // Dropping the king on its rook castles too.
    common::drag(&mut h, b8, a8);
    assert_eq!(common::moves_sent(h.state()), ["o-o"]);
}

#[test]
fn losers_says_you_must_capture_and_sends_nothing() {
    let app = common::app_with(&[
        "Creating: Me (1500) Opp (1500) rated losers 5 0",
        "{Game 7 (Me vs. Opp) Creating rated losers match.}",
        "<12> ----k--- -------- -------- ---p---- ----P--- -------- -------- ----K--- W -1 0 0 0 0 0 7 Me Opp 1 5 0 1 1 300 300 10 K/e2-e1 (0:01) Ke1 0 1 0",
    ]);
    let mut h = harness(app);
    let (e1, f1) = (
        center(&h, Color::White, Square::E1),
        center(&h, Color::White, Square::F1),
    );
    common::drag(&mut h, e1, f1);
    assert!(common::moves_sent(h.state()).is_empty());
    assert_eq!(
        h.state().view(7).and_then(|v| v.refusal.clone()).as_deref(),
        Some("You must capture")
    );
    h.run_steps(2);
    // On the board, and said (the screen reader's live region).
    assert_eq!(h.query_all_by_label("You must capture").count(), 2);
    let (e4, d5) = (
        center(&h, Color::White, Square::E4),
        center(&h, Color::White, Square::D5),
    );
    common::drag(&mut h, e4, d5);
    assert_eq!(common::moves_sent(h.state()), ["e4-d5"]);
}

#[test]
fn a_board_of_unknown_rules_moves_and_the_server_judges() {
    let app = common::app_with(&[
        "Creating: Me (1500) Opp (1500) rated kriegspiel 5 0",
        "{Game 7 (Me vs. Opp) Creating rated kriegspiel match.}",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
    ]);
    let mut h = harness(app);
    let (e2, e4) = (
        center(&h, Color::White, Square::E2),
        center(&h, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    assert_eq!(common::moves_sent(h.state()), ["e2-e4"]);
    // Refused by the server: said on the board.
    let now = std::time::Duration::from_secs(11);
    for event in common::decode(b"Illegal move (e2-e4).\n\rfics% ") {
        h.state_mut().apply_event(now, &event);
    }
    h.run_steps(2);
    assert!(h.query_by_label("The server refused e2-e4").is_some());
}

/// FatICS's chess960 as it starts a game (RBBKQNRN), White's b1 and c1
/// cleared: the king (d1) castles long by dropping it on its rook, dragged
/// or clicked; dropped on c1, where castling would also put it, it takes
/// its own step (a king's move is never mistaken for a promotion, which
/// once opened an unseen chooser and sent nothing).
const CHESS960_WHITE: &str = "<12> rbbkqnrn pppppppp -------- -------- -------- -PP----B -B-PPPPP R--KQNRN W -1 1 1 1 1 0 7 Me Opp 1 3 0 39 39 180 180 4 B/c1-h3 (0:01) Bh3 0 1 0";

fn chess960_game() -> Harness<'static, KibitzApp> {
    harness(common::app_with(&[
        "Creating: Me (----) Opp (----) unrated blitz chess960 3 0",
        "{Game 7 (Me vs. Opp) Creating unrated blitz chess960 match.}",
        CHESS960_WHITE,
    ]))
}

#[test]
fn a_chess960_king_castles_onto_its_rook_by_drag_and_by_clicks() {
    let mut h = chess960_game();
    let (d1, a1, c1) = (
        center(&h, Color::White, Square::D1),
        center(&h, Color::White, Square::A1),
        center(&h, Color::White, Square::C1),
    );
    common::drag(&mut h, d1, a1);
    assert_eq!(common::moves_sent(h.state()), ["o-o-o"]);
    let setup = shown_at_once(&h);
    assert_eq!(setup.board.role_at(Square::C1), Some(Role::King));
    assert_eq!(setup.board.role_at(Square::D1), Some(Role::Rook));

    let mut h = chess960_game();
    for at in [d1, a1] {
        h.hover_at(at);
        h.run_steps(1);
        h.drag_at(at);
        h.run_steps(1);
        h.drop_at(at);
        h.run_steps(2);
    }
    assert_eq!(common::moves_sent(h.state()), ["o-o-o"]);

    let mut h = chess960_game();
    common::drag(&mut h, d1, c1);
    assert_eq!(common::moves_sent(h.state()), ["d1-c1"]);
    assert!(h.query_by_label("Promote to Queen").is_none());
}
