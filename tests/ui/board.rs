//! The window as a person uses it, through egui_kittest (no display needed):
//! dragging and clicking moves, promotion, premove, clocks, the move list.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::command::Command;
use kibitz::protocol::event::Event;
use kibitz::ui::board::square_rect;
use shakmaty::{Color, Square};

const START_WHITE_TO_MOVE: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
const PROMOTION: &str = "<12> k------- ----P--- -------- -------- -------- -------- -------- ----K--- W -1 0 0 0 0 0 7 Me Opp 1 5 0 9 0 300 300 40 K/e2-e1 (0:01) Ke1 0 1 0";

fn events(bytes: &str) -> Vec<Event> {
    common::decode(bytes.as_bytes())
}

fn app_with(lines: &[&str]) -> KibitzApp {
    common::app_with(lines)
}

fn harness(app: KibitzApp) -> Harness<'static, KibitzApp> {
    let mut harness = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

/// The centre of a square of game `game`'s board on screen.
fn center(
    harness: &Harness<'_, KibitzApp>,
    game: u32,
    orientation: Color,
    square: Square,
) -> egui::Pos2 {
    let board = harness.get_by_label(&format!("Board, game {game}")).rect();
    square_rect(board, orientation, square).center()
}

fn click(harness: &mut Harness<'_, KibitzApp>, at: egui::Pos2) {
    harness.hover_at(at);
    harness.run_steps(1);
    harness.drag_at(at);
    harness.run_steps(1);
    harness.drop_at(at);
    harness.run_steps(2);
}

fn moves_sent(harness: &Harness<'_, KibitzApp>) -> Vec<String> {
    common::moves_sent(harness.state())
}

#[test]
fn dragging_e2_to_e4_sends_e2e4() {
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE]));
    let (e2, e4) = (
        center(&h, 7, Color::White, Square::E2),
        center(&h, 7, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    assert_eq!(moves_sent(&h), ["e2-e4"]);
    // The move shows at once, before the server confirms it.
    let pending = h.state().view(7).and_then(|v| v.pending.clone());
    let (_, setup) = pending.expect("shown at once");
    assert!(setup.board.piece_at(Square::E4).is_some());
    assert!(setup.board.piece_at(Square::E2).is_none());
    // The server refuses it: the board shows the server's position again.
    for event in events("Illegal move (e2e4).\n\rfics% ") {
        h.state_mut().apply_event(Duration::from_secs(11), &event);
    }
    h.run_steps(1);
    assert!(h.state().view(7).is_some_and(|v| v.pending.is_none()));
}

#[test]
fn opponent_pieces_and_illegal_squares_snap_back() {
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE]));
    let at = |h: &Harness<'_, KibitzApp>, s| center(h, 7, Color::White, s);
    let (e7, e5) = (at(&h, Square::E7), at(&h, Square::E5));
    common::drag(&mut h, e7, e5);
    let (e2, e5) = (at(&h, Square::E2), at(&h, Square::E5));
    common::drag(&mut h, e2, e5);
    let (g1, g3) = (at(&h, Square::G1), at(&h, Square::G3));
    common::drag(&mut h, g1, g3);
    assert!(moves_sent(&h).is_empty());
    assert!(h.state().view(7).is_some_and(|v| v.pending.is_none()));
}

#[test]
fn click_click_moves() {
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE]));
    let (g1, f3) = (
        center(&h, 7, Color::White, Square::G1),
        center(&h, 7, Color::White, Square::F3),
    );
    click(&mut h, g1);
    assert_eq!(
        h.state().view(7).and_then(|v| v.board.selected),
        Some(Square::G1)
    );
    click(&mut h, f3);
    assert_eq!(moves_sent(&h), ["g1-f3"]);
}

#[test]
fn promotion_chooser_and_auto_queen() {
    let mut h = harness(app_with(&[PROMOTION]));
    let (e7, e8) = (
        center(&h, 7, Color::White, Square::E7),
        center(&h, 7, Color::White, Square::E8),
    );
    common::drag(&mut h, e7, e8);
    assert!(moves_sent(&h).is_empty(), "waits for the choice");
    h.get_by_label("Promote to Knight").click();
    h.run_steps(2);
    assert_eq!(moves_sent(&h), ["e7-e8=n"]);

    let mut app = app_with(&[PROMOTION]);
    app.settings_mut().play.auto_queen = true;
    let mut h = harness(app);
    common::drag(&mut h, e7, e8);
    assert_eq!(moves_sent(&h), ["e7-e8=q"]);
}

/// The chooser from the keyboard: its letter picks the piece; Esc, or a
/// click off the chooser, sends nothing and the pawn may be moved again.
#[test]
fn the_promotion_chooser_takes_letters_and_cancels() {
    let mut h = harness(app_with(&[PROMOTION]));
    let (e7, e8, a1) = (
        center(&h, 7, Color::White, Square::E7),
        center(&h, 7, Color::White, Square::E8),
        center(&h, 7, Color::White, Square::A1),
    );
    common::drag(&mut h, e7, e8);
    // It opens with the queen's disc holding the keyboard, every choice named.
    assert!(h.get_by_label("Promote to Queen").is_focused());
    for name in ["Queen", "Knight", "Rook", "Bishop"] {
        h.get_by_label(&format!("Promote to {name}"));
    }
    assert!(
        h.query_by_label("Promote to King").is_none(),
        "no king in chess"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(moves_sent(&h).is_empty(), "Esc sends nothing");
    assert!(h.query_by_label("Promote to Queen").is_none(), "closed");

    common::drag(&mut h, e7, e8);
    click(&mut h, a1);
    assert!(moves_sent(&h).is_empty(), "a click elsewhere sends nothing");
    assert!(h.query_by_label("Promote to Queen").is_none(), "closed");

    common::drag(&mut h, e7, e8);
    h.key_press(egui::Key::R);
    h.run_steps(2);
    assert_eq!(moves_sent(&h), ["e7-e8=r"]);
}

/// In suicide a pawn may become a king: the chooser offers it, K picks it.
#[test]
fn a_suicide_pawn_may_become_a_king() {
    let app = app_with(&[
        "Creating: Me (1500) Opp (1500) rated suicide 5 0",
        "{Game 7 (Me vs. Opp) Creating rated suicide match.}",
        "<12> k------- ----P--- -------- -------- -------- -------- -------- -------- W -1 0 0 0 0 0 7 Me Opp 1 5 0 9 0 300 300 40 P/a3-a2 (0:01) a2 0 1 0",
    ]);
    let mut h = harness(app);
    let (e7, e8) = (
        center(&h, 7, Color::White, Square::E7),
        center(&h, 7, Color::White, Square::E8),
    );
    common::drag(&mut h, e7, e8);
    h.get_by_label("Promote to King");
    h.key_press(egui::Key::K);
    h.run_steps(2);
    assert_eq!(moves_sent(&h), ["e7-e8=k"]);
}

#[test]
fn a_premove_is_queued_and_sent_on_the_next_board() {
    let waiting = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let mut h = harness(app_with(&[waiting]));
    let (e2, e4) = (
        center(&h, 7, Color::White, Square::E2),
        center(&h, 7, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    assert!(moves_sent(&h).is_empty(), "not our move yet");
    assert!(h.state().view(7).is_some_and(|v| !v.premoves.is_empty()));
    // Black answers: now it is our move and the premove goes out.
    let reply = "<12> rnbqkbnr pppp-ppp -------- ----p--- -------- -------- PPPPPPPP RNBQKBNR W 4 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 298 1 P/e7-e5 (0:02) e5 0 0 0";
    for event in events(&format!("{reply}\n\r")) {
        h.state_mut().apply_event(Duration::from_secs(12), &event);
    }
    h.run_steps(2);
    assert_eq!(moves_sent(&h), ["e2-e4"]);
    assert!(h.state().view(7).is_some_and(|v| v.premoves.is_empty()));
}

/// The premove queue (a setting, off by default): several premoves,
/// numbered on the board, each planned on the position the ones before
/// make, played in order while each is legal; Esc clears them all.
#[test]
fn premoves_queue_and_go_in_order() {
    let waiting = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let mut app = app_with(&[waiting]);
    app.settings_mut().play.premove_queue = true;
    let mut h = harness(app);
    let at = |h: &Harness<'_, KibitzApp>, s| center(h, 7, Color::White, s);
    let (e2, e4, g1, f3, f1, c4) = (
        at(&h, Square::E2),
        at(&h, Square::E4),
        at(&h, Square::G1),
        at(&h, Square::F3),
        at(&h, Square::F1),
        at(&h, Square::C4),
    );
    common::drag(&mut h, e2, e4);
    common::drag(&mut h, g1, f3);
    // The bishop's way is open only after e4, queued first.
    common::drag(&mut h, f1, c4);
    assert!(moves_sent(&h).is_empty(), "not our move yet");
    let queued = |h: &Harness<'_, KibitzApp>| h.state().view(7).map_or(0, |v| v.premoves.len());
    assert_eq!(queued(&h), 3);
    let reply = |h: &mut Harness<'_, KibitzApp>, line: &str| {
        for event in events(&format!("{line}\n\r")) {
            h.state_mut().apply_event(Duration::from_secs(12), &event);
        }
        h.run_steps(2);
    };
    reply(
        &mut h,
        "<12> rnbqkbnr pppp-ppp -------- ----p--- -------- -------- PPPPPPPP RNBQKBNR W 4 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 298 1 P/e7-e5 (0:02) e5 0 0 0",
    );
    assert_eq!(moves_sent(&h), ["e2-e4"]);
    reply(
        &mut h,
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Me Opp -1 5 0 39 39 298 298 2 P/e2-e4 (0:00) e4 0 0 0",
    );
    reply(
        &mut h,
        "<12> r-bqkbnr pppp-ppp --n----- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W -1 1 1 1 1 1 7 Me Opp 1 5 0 39 39 298 296 2 N/b8-c6 (0:02) Nc6 0 0 0",
    );
    assert_eq!(moves_sent(&h), ["e2-e4", "g1-f3"]);
    assert_eq!(queued(&h), 1);
    // Esc clears what is left.
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert_eq!(queued(&h), 0);
}

/// A queued premove that is no longer legal clears the queue: the rest
/// was planned on it.
#[test]
fn an_illegal_premove_clears_the_queue() {
    let waiting = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let mut app = app_with(&[waiting]);
    app.settings_mut().play.premove_queue = true;
    let mut h = harness(app);
    let at = |h: &Harness<'_, KibitzApp>, s| center(h, 7, Color::White, s);
    let (d2, d4, e2, e4) = (
        at(&h, Square::D2),
        at(&h, Square::D4),
        at(&h, Square::E2),
        at(&h, Square::E4),
    );
    common::drag(&mut h, d2, d4);
    common::drag(&mut h, e2, e4);
    // Black's pawn stands on d3 now (a set-up): d2-d4 cannot be made.
    let blocked = "<12> rnbqkbnr ppp-pppp -------- -------- -------- ---p---- PPP-PPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 298 1 P/d7-d3 (0:02) d3 0 0 0";
    for event in events(&format!("{blocked}\n\r")) {
        h.state_mut().apply_event(Duration::from_secs(12), &event);
    }
    h.run_steps(2);
    assert!(
        moves_sent(&h).is_empty(),
        "d2-d4 is not legal: nothing sent"
    );
    assert!(h.state().view(7).is_some_and(|v| v.premoves.is_empty()));
}

#[test]
fn a_premove_is_cancelled_by_right_click() {
    let waiting = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let mut h = harness(app_with(&[waiting]));
    let (e2, e4) = (
        center(&h, 7, Color::White, Square::E2),
        center(&h, 7, Color::White, Square::E4),
    );
    common::drag(&mut h, e2, e4);
    assert!(h.state().view(7).is_some_and(|v| !v.premoves.is_empty()));
    h.get_by_label("Board, game 7").click_secondary();
    h.run_steps(2);
    assert!(h.state().view(7).is_some_and(|v| v.premoves.is_empty()));
}

#[test]
fn clocks_with_a_mocked_time() {
    // Ticking field 1: White's clock runs from t = 10 s.
    let running = "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 0 5 0 39 39 300000 15400 2 P/e7-e5 (0:02.000) e5 0 1 0";
    let mut app = app_with(&[&format!(
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 0 5 0 39 39 300000 300000 1 none (0:00.000) none 0 0 0\n\r{running}"
    )]);
    app.set_time(Duration::from_millis(11_500));
    let mut h = harness(app);
    assert!(
        h.query_by_label("White clock 4:58").is_some(),
        "running: 300 s - 1.5 s"
    );
    assert!(
        h.query_by_label("Black clock 15.4").is_some(),
        "frozen, tenths under 20 s"
    );
    h.state_mut().set_time(Duration::from_millis(312_700));
    h.run_steps(1);
    assert!(
        h.query_by_label("White clock -2.7").is_some(),
        "negative after the flag"
    );
}

#[test]
fn the_move_list_browses() {
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("real-server/end-resign-white.bin"),
    ));
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(100)));
    for event in &events {
        app.apply_event(Duration::from_secs(100), event);
    }
    let game = app.store().games().next().expect("a game").number;
    let moves: Vec<String> = app
        .store()
        .get(game)
        .expect("game")
        .moves
        .iter()
        .map(|m| m.san.clone())
        .collect();
    let mut h = harness(app);
    // Browsing counts plies: the third move's position is after 3.
    h.get_by_label(&moves[2]).click();
    h.run_steps(2);
    assert_eq!(h.state().view(game).and_then(|v| v.browse), Some(3));
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(h.state().view(game).and_then(|v| v.browse), Some(2));
    // Home is the position before the first move: White's e-pawn home.
    h.key_press(egui::Key::Home);
    h.run_steps(2);
    assert_eq!(h.state().view(game).and_then(|v| v.browse), Some(0));
    assert!(h.query_by_label("e2, white pawn").is_some());
    h.key_press(egui::Key::End);
    h.run_steps(2);
    assert_eq!(h.state().view(game).and_then(|v| v.browse), None);
    h.get_by_label(&moves[0]).click();
    h.run_steps(2);
    h.get_by_label("End").click();
    h.run_steps(2);
    assert_eq!(h.state().view(game).and_then(|v| v.browse), None);
}

#[test]
fn buttons_follow_the_relation() {
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE]));
    h.get_by_label("Draw").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Draw));
    assert!(h.query_by_label("Unobserve game 7").is_none());
    let observed = START_WHITE_TO_MOVE.replace("Me Opp 1 5", "Me Opp 0 5");
    let mut h = harness(app_with(&[&observed]));
    assert!(h.query_by_label("Resign").is_none());
    // The tile's controls show while the pointer is on it.
    let board = h.get_by_label("Board, game 7").rect().center();
    h.hover_at(board);
    h.run_steps(2);
    h.get_by_label("Unobserve game 7").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Unobserve(Some(7))));
}

#[test]
fn a_piece_in_hand_is_dropped_by_dragging_it_onto_the_board() {
    let board = "<12> rnbqkb-r pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKB-R W -1 1 1 1 1 0 9 Me Opp 1 2 0 24 24 120000 120000 4 P/d7-d5 (0:01.000) d5 0 1 0";
    let holdings = "<b1> game 9 white [N] black [N]";
    let mut app = app_with(&[board, holdings]);
    // The game type says crazyhouse (from `<g1>` on real servers).
    for event in events("<g1> 9 p=0 t=crazyhouse r=0 u=0,0 it=120,0 i=120,0 pt=0 rt=0,0 ts=0,0\n\r")
    {
        app.apply_event(Duration::from_secs(10), &event);
    }
    {
        use shakmaty::Position;
        let game = app.store().get(9).expect("game 9");
        let position = game.position().expect("a crazyhouse position");
        assert!(
            position
                .legal_moves()
                .iter()
                .any(|m| matches!(m, shakmaty::Move::Put { .. }))
        );
    }
    let mut h = harness(app);
    let knight = h.get_by_label("White Knight in hand: 1").rect().center();
    let e3 = center(&h, 9, Color::White, Square::E3);
    common::drag(&mut h, knight, e3);
    assert_eq!(moves_sent(&h), ["N@e3"]);
}

/// A move of an observed game adds a cell to its move list; that must cost
/// the one frame that shows it, not the extra frames an `egui::Button` (or a
/// re-measured `egui::Grid`) asks for the first time it is laid out.
#[test]
fn a_new_observed_move_costs_one_frame() {
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("real-server/end-resign-white.bin"),
    ));
    let last_board = events
        .iter()
        .rposition(|e| matches!(e, Event::Board(_)))
        .expect("boards");
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(100)));
    for event in &events[..last_board] {
        app.apply_event(Duration::from_secs(100), event);
    }
    let game = app.store().games().next().expect("a game").number;
    let before = app.store().get(game).expect("game").moves.len();
    let mut h = harness(app);
    h.run();
    h.state_mut()
        .apply_event(Duration::from_secs(100), &events[last_board]);
    let moves = &h.state().store().get(game).expect("game").moves;
    assert_eq!(moves.len(), before + 1, "the board adds a move");
    let san = moves.last().expect("a move").san.clone();
    assert!(h.query_by_label(&san).is_none(), "not drawn yet");
    assert_eq!(h.run(), 1, "frames drawn for one new move");
    assert!(h.query_by_label(&san).is_some(), "{san} in the move list");
}

/// "Confirm resign" (on by default): Resign takes a second click within
/// three seconds, and so does Abort in a rated game; an unrated game aborts
/// at once, and with the setting off one click resigns.
#[test]
fn resign_and_rated_abort_take_a_second_click() {
    let rated = "<g1> 7 p=0 t=blitz r=1 u=0,0 it=300,0 i=300,0 pt=0 rt=1500,1500 ts=0,0";
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE, rated]));
    assert_eq!(h.state().store().get(7).expect("game 7").rated, Some(true));
    h.get_by_label("Resign").click();
    h.run_steps(2);
    assert!(!h.state().sent().contains(&Command::Resign), "one click");
    h.get_by_label("Resign? Click again").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Resign), "second click");

    // Too late: the button is back to normal and the next click arms it again.
    h.get_by_label("Abort").click();
    h.run_steps(2);
    assert!(h.query_by_label("Abort? Click again").is_some());
    h.state_mut().set_time(Duration::from_secs(14));
    h.run_steps(2);
    assert!(h.query_by_label("Abort? Click again").is_none());
    h.get_by_label("Abort").click();
    h.run_steps(2);
    assert!(
        !h.state().sent().contains(&Command::Abort),
        "rated: armed only"
    );

    // Unrated: Abort goes at once; with the setting off, so does Resign.
    let unrated = "<g1> 7 p=0 t=blitz r=0 u=0,0 it=300,0 i=300,0 pt=0 rt=1500,1500 ts=0,0";
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE, unrated]));
    h.get_by_label("Abort").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Abort));
    h.state_mut().settings_mut().play.confirm_resign = false;
    h.get_by_label("Resign").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Resign));
}

/// What a clock's tick changes on screen, as the damage repaint sees it
/// (issue 35): with sixteen observed boards, a second later only the
/// running clocks' rectangles, a small share of the window.
#[test]
fn a_clock_tick_damages_the_clocks_only() {
    use kibitz::paint::damage::{Damage, damage};
    let mut app = common::observed_games(16);
    app.set_time(Duration::from_secs(10));
    let mut h = common::window(app, [1600.0, 1000.0]);
    h.run_steps(2);
    let before = h.output().shapes.clone();
    h.state_mut().set_time(Duration::from_secs(11));
    h.run_steps(1);
    let after = h.output().shapes.clone();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0));
    let Damage::Rects(rects) = damage(&before, &after, screen) else {
        panic!(
            "not a few rectangles: {:?}",
            damage(&before, &after, screen)
        );
    };
    let area: f32 = rects.iter().map(|r| r.area()).sum();
    assert!(!rects.is_empty());
    assert!(
        area < screen.area() * 0.05,
        "{} rects, {area} points",
        rects.len()
    );
    // Nothing changed, nothing damaged.
    h.run_steps(1);
    let again = h.output().shapes.clone();
    assert_eq!(damage(&after, &again, screen), Damage::None);
}

/// The user's own game in progress has no Close control (a click meant
/// for the promotion chooser's queen on h8 closed it, and a game one
/// plays cannot be observed back); the other controls stay.
#[test]
fn the_own_live_game_cannot_be_closed_from_its_controls() {
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE]));
    let board = h.get_by_label("Board, game 7").rect();
    h.hover_at(board.center());
    h.run_steps(2);
    assert!(h.query_by_label("Flip board, game 7").is_some());
    assert!(h.query_by_label("Close game 7").is_none());
}

/// Resign armed ("Resign? Click again") takes no more room than before:
/// the buttons after it stay where the pointer expects them.
#[test]
fn arming_resign_moves_no_other_button() {
    let mut h = harness(app_with(&[START_WHITE_TO_MOVE]));
    let abort = h.get_by_label("Abort").rect();
    h.get_by_label("Resign").click();
    h.run_steps(2);
    assert!(h.query_by_label("Resign? Click again").is_some());
    assert_eq!(h.get_by_label("Abort").rect(), abort);
}
