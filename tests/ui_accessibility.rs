//! The board as a screen reader sees it (egui_kittest reads the AccessKit
//! tree): 64 named squares, flipped too; the arrow keys move the keyboard
//! between squares; Space picks a piece up and puts it down.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::command::Command;
use kibitz::protocol::decoder::StreamDecoder;
use kibitz::protocol::event::Event;

/// White (us) to move after 1. e4 e5.
const AFTER_E5: &str = "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 2 P/e7-e5 (0:01) e5 0 1 0";

fn harness(line: &str) -> Harness<'static, KibitzApp> {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    let mut decoder = StreamDecoder::new();
    let mut events: Vec<Event> = Vec::new();
    decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
    decoder.finish(&mut events);
    for event in &events {
        app.apply_event(Duration::from_secs(10), event);
    }
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    h.run_steps(3);
    h
}

fn focused_label(h: &Harness<'_, KibitzApp>) -> Option<String> {
    h.query_by(|node| node.is_focused())
        .and_then(|node| node.accesskit_node().label())
}

#[test]
fn sixty_four_named_squares_in_either_orientation() {
    let mut h = harness(AFTER_E5);
    let squares = h.query_all_by_role(egui::Role::GridCell).count();
    assert_eq!(squares, 64);
    for name in [
        "e4, white pawn",
        "e5, black pawn",
        "e2, empty",
        "g1, white knight",
        "e8, black king",
        "d1, white queen",
    ] {
        assert!(h.query_by_label(name).is_some(), "{name}");
    }
    // White at the bottom: a1 below a8, and left of h1.
    let a1 = h.get_by_label("a1, white rook").rect();
    let a8 = h.get_by_label("a8, black rook").rect();
    let h1 = h.get_by_label("h1, white rook").rect();
    assert!(a1.center().y > a8.center().y && a1.center().x < h1.center().x);
    // Flipped: the same names, the board turned round.
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::F);
    h.run_steps(2);
    assert!(h.state().view(7).is_some_and(|v| v.flipped));
    let a1 = h.get_by_label("a1, white rook").rect();
    let a8 = h.get_by_label("a8, black rook").rect();
    let h1 = h.get_by_label("h1, white rook").rect();
    assert!(a1.center().y < a8.center().y && a1.center().x > h1.center().x);
}

#[test]
fn arrows_move_between_squares_and_space_makes_the_move() {
    let mut h = harness(AFTER_E5);
    h.get_by_label("g1, white knight").focus();
    h.run_steps(2);
    assert_eq!(focused_label(&h).as_deref(), Some("g1, white knight"));
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    assert_eq!(
        h.state().view(7).and_then(|v| v.board.selected),
        Some(shakmaty::Square::G1)
    );
    for _ in 0..2 {
        h.key_press(egui::Key::ArrowUp);
        h.run_steps(1);
    }
    assert_eq!(focused_label(&h).as_deref(), Some("g3, empty"));
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(1);
    assert_eq!(focused_label(&h).as_deref(), Some("f3, empty"));
    h.key_press(egui::Key::Space);
    h.run_steps(2);
    let moves: Vec<String> = h
        .state()
        .sent
        .iter()
        .filter_map(|c| match c {
            Command::Move(m) => Some(m.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(moves, ["g1f3"]);
    // The arrows moved the focus, not through the move list.
    assert_eq!(h.state().view(7).and_then(|v| v.browse), None);
}
