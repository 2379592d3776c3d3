//! Playing by keyboard: typing a move on the board of your game, as a
//! person does (egui_kittest, no display): SAN, coordinates, castling, a
//! promotion, a crazyhouse drop, a premove; an ambiguous and an illegal
//! entry show a message and send nothing.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;

const START: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
/// Black to move after 1. e4: our moves would be premoves.
const AFTER_E4: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0 1 0";
const CASTLE: &str = "<12> r---k--r -------- -------- -------- -------- -------- -------- R---K--R W -1 1 1 1 1 0 7 Me Opp 1 5 0 20 20 300 300 20 none (0:00) none 0 0 0";
const PROMOTE: &str = "<12> -------- ----P--- -------- -------- -------- -------- k------- ----K--- W -1 0 0 0 0 0 7 Me Opp 1 5 0 9 0 300 300 40 K/d1-e1 (0:01) Ke1 0 1 0";
/// Both rooks reach d1.
const ROOKS: &str = "<12> ----k--- -------- -------- -------- -------- -------- ----K--- R------R W -1 0 0 0 0 0 7 Me Opp 1 5 0 10 0 300 300 30 none (0:00) none 0 0 0";

fn harness(lines: &[&str]) -> Harness<'static, KibitzApp> {
    common::window(common::app_with(lines), common::SIZE)
}

fn type_keys(h: &mut Harness<'_, KibitzApp>, text: &str) {
    h.event(egui::Event::Text(text.to_owned()));
    h.run_steps(1);
}

fn enter(h: &mut Harness<'_, KibitzApp>) {
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
}

fn moves_sent(h: &Harness<'_, KibitzApp>) -> Vec<String> {
    common::moves_sent(h.state())
}

#[test]
fn san_with_its_candidates_then_enter() {
    let mut h = harness(&[START]);
    type_keys(&mut h, "N");
    assert!(
        h.query_by_label_contains("Move: N_").is_some(),
        "the box shows what was typed"
    );
    assert!(
        h.query_by_label_contains("Nc3").is_some(),
        "candidates listed"
    );
    type_keys(&mut h, "f3");
    enter(&mut h);
    assert_eq!(moves_sent(&h), ["g1-f3"]);
    assert!(
        h.query_by_label_contains("Move: ").is_none(),
        "the box closes"
    );
}

#[test]
fn coordinates_and_backspace() {
    let mut h = harness(&[START]);
    type_keys(&mut h, "e2e5");
    h.key_press(egui::Key::Backspace);
    h.run_steps(1);
    type_keys(&mut h, "4");
    enter(&mut h);
    assert_eq!(moves_sent(&h), ["e2-e4"]);
}

#[test]
fn ambiguous_and_illegal_entries_send_nothing() {
    let mut h = harness(&[ROOKS]);
    type_keys(&mut h, "Rd1");
    enter(&mut h);
    assert!(moves_sent(&h).is_empty());
    assert!(
        // On the box, and said (the live region).
        h.query_all_by_label_contains("ambiguous: Rad1, Rhd1")
            .count()
            >= 1
            || h.query_all_by_label_contains("ambiguous: Rhd1, Rad1")
                .count()
                >= 1,
        "the message names both"
    );
    h.key_press(egui::Key::Escape);
    h.run_steps(1);
    type_keys(&mut h, "Qd4");
    enter(&mut h);
    assert!(moves_sent(&h).is_empty());
    assert!(
        h.query_all_by_label_contains("no legal move matches")
            .count()
            >= 1
    );
    // Correcting it: Esc clears, the right move goes.
    h.key_press(egui::Key::Escape);
    h.run_steps(1);
    type_keys(&mut h, "Rad1");
    enter(&mut h);
    assert_eq!(moves_sent(&h), ["a1-d1"]);
}

#[test]
fn castling_promotion_and_premove() {
    let mut h = harness(&[CASTLE]);
    type_keys(&mut h, "O-O-O");
    enter(&mut h);
    assert_eq!(moves_sent(&h), ["o-o-o"]);

    let mut h = harness(&[PROMOTE]);
    type_keys(&mut h, "e8=N");
    enter(&mut h);
    assert_eq!(moves_sent(&h), ["e7-e8=n"]);

    let mut h = harness(&[AFTER_E4]);
    type_keys(&mut h, "Nf3");
    assert!(h.query_by_label_contains("Premove: Nf3").is_some());
    enter(&mut h);
    assert!(moves_sent(&h).is_empty(), "not our turn: queued");
    assert!(h.state().view(7).is_some_and(|v| !v.premoves.is_empty()));
}

#[test]
fn a_drop_in_crazyhouse() {
    let board = "<12> rnbqkb-r pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKB-R W -1 1 1 1 1 0 9 Me Opp 1 2 0 24 24 120000 120000 4 P/d7-d5 (0:01.000) d5 0 1 0";
    let mut h = harness(&[
        board,
        "<b1> game 9 white [N] black [N]",
        "<g1> 9 p=0 t=crazyhouse r=0 u=0,0 it=120,0 i=120,0 pt=0 rt=0,0 ts=0,0",
    ]);
    type_keys(&mut h, "N@f3");
    enter(&mut h);
    assert_eq!(moves_sent(&h), ["N@f3"]);
}

#[test]
fn typing_is_off_when_the_setting_is() {
    let mut h = harness(&[START]);
    h.state_mut().settings_mut().play.type_in = false;
    h.run_steps(1);
    type_keys(&mut h, "e4");
    enter(&mut h);
    assert!(moves_sent(&h).is_empty());
}
