//! The board as a screen reader sees it (egui_kittest reads the AccessKit
//! tree): 64 named squares, flipped too; the arrow keys move the keyboard
//! between squares; Space picks a piece up and puts it down.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::KibitzApp;
use kibitz::protocol::command::Command;
use kibitz::protocol::decoder::StreamDecoder;
use kibitz::protocol::event::Event;

/// White (us) to move after 1. e4 e5.
const AFTER_E5: &str = "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 2 P/e7-e5 (0:01) e5 0 1 0";

fn harness(line: &str) -> Harness<'static, KibitzApp> {
    common::window(common::app_with(&[line]), common::SIZE)
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
    assert_eq!(common::moves_sent(h.state()), ["g1-f3"]);
    // The arrows moved the focus, not through the move list.
    assert_eq!(h.state().view(7).and_then(|v| v.browse), None);
}

const BEFORE_MATE: &str = "<12> rnbqkbnr pppp-ppp -------- ----p--- ------P- -----P-- PPPPP--P RNBQKBNR B 6 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 2 P/g2-g4 (0:01) g4 0 1 0";
const MATE: &str = "<12> rnb-kbnr pppp-ppp -------- ----p--- ------Pq -----P-- PPPPP--P RNBQKBNR W -1 1 1 1 1 1 7 Me Opp 1 5 0 39 39 300 299 3 Q/d8-h4 (0:01) Qh4# 0 1 0";

fn feed(h: &mut Harness<'_, KibitzApp>, text: &str) {
    let mut decoder = StreamDecoder::new();
    let mut events: Vec<Event> = Vec::new();
    decoder.push(format!("{text}\n\r").as_bytes(), &mut events);
    decoder.finish(&mut events);
    for event in &events {
        h.state_mut().apply_event(Duration::from_secs(10), event);
    }
    h.run_steps(2);
}

/// The live region's text, as a screen reader gets it.
fn announced(h: &Harness<'_, KibitzApp>) -> Option<String> {
    h.query_by_role(egui::Role::Status)
        .and_then(|node| node.accesskit_node().label())
}

#[test]
fn the_opponents_move_the_end_and_the_clocks_are_announced() {
    let mut h = harness(BEFORE_MATE);
    feed(&mut h, MATE);
    assert_eq!(announced(&h).as_deref(), Some("Black: queen h4, checkmate"));
    if cfg!(target_os = "linux") {
        // With the keyboard nowhere, the window's description: Orca 43
        // speaks that, and ignores announcement events.
        let window = h.root().accesskit_node().description();
        assert_eq!(window.as_deref(), Some("Black: queen h4, checkmate"));
    } else {
        let live = h
            .query_by_role(egui::Role::Status)
            .map(|node| node.accesskit_node().live());
        assert_eq!(live, Some(egui::accesskit::Live::Polite), "a live region");
    }
    feed(&mut h, "{Game 7 (Me vs. Opp) Me checkmated} 0-1");
    assert_eq!(
        announced(&h).as_deref(),
        Some("Game 7 over: Me checkmated, 0-1")
    );
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::C);
    h.run_steps(2);
    let clocks = announced(&h).unwrap_or_default();
    assert!(
        clocks.starts_with("White Me 5:00, Black Opp 4:59"),
        "{clocks}"
    );
}

#[test]
fn an_observed_board_is_announced_only_with_the_keyboard() {
    // An observed game: its moves are not announced unless its board has
    // the keyboard.
    let observed = BEFORE_MATE.replace(" Me Opp -1 ", " Ann Bob 0 ");
    let mut h = harness(&observed);
    feed(&mut h, &MATE.replace(" Me Opp 1 ", " Ann Bob 0 "));
    assert_eq!(announced(&h), None);
    // With the keyboard on it (Ctrl+Tab), the next move is.
    let ctrl = common::CTRL;
    h.key_press_modifiers(ctrl, egui::Key::Tab);
    h.run_steps(2);
    let next = "<12> rnb-kbnr pppp-ppp -------- ----p--- ------Pq -----P-- PPPPPK-P RNBQ-BNR B -1 0 0 1 1 2 7 Ann Bob 0 5 0 39 39 299 299 3 K/e1-f2 (0:01) Kf2+ 0 1 0";
    feed(&mut h, next);
    assert_eq!(announced(&h).as_deref(), Some("White: king f2, check"));
}

/// The screen reader's words: on Linux the window's description (the
/// keyboard nowhere), elsewhere the live region.
fn said(h: &Harness<'_, KibitzApp>) -> Option<String> {
    if cfg!(target_os = "linux") {
        h.root().accesskit_node().description()
    } else {
        announced(h)
    }
}

/// A command typed in the console: the first lines of the server's answer
/// are said (a blind player hears them without going to the console), up
/// to the prompt after them; two things said in one frame are both heard.
#[test]
fn the_answer_to_a_typed_command_is_said() {
    let mut h = harness(BEFORE_MATE);
    h.state_mut().send(Command::Raw("observe 1".into()));
    feed(&mut h, "There is no such game.\n\rfics% ");
    assert_eq!(said(&h).as_deref(), Some("There is no such game."));
    // Lines after the answer's prompt are not.
    feed(&mut h, "Foo(50): hello all\n\rfics% ");
    assert_eq!(said(&h).as_deref(), Some("There is no such game."));
    // An answer of two lines, said together.
    h.state_mut().send(Command::Raw("observe 3".into()));
    feed(
        &mut h,
        "You are now observing game 3.\n\rGame 3: RndA (++++) RndB (++++) unrated blitz 5 0\n\rfics% ",
    );
    assert_eq!(
        said(&h).as_deref(),
        Some("You are now observing game 3. Game 3: RndA (++++) RndB (++++) unrated blitz 5 0")
    );
}
