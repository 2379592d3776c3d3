//! Playing without a mouse: the shortcuts (egui_kittest, no display).

use crate::common;

use std::time::Duration;

use common::CTRL;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::KibitzApp;
use kibitz::protocol::command::Command;
use kibitz::protocol::decoder::StreamDecoder;

const MINE: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
const OBSERVED: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0";

fn harness(lines: &[&str]) -> Harness<'static, KibitzApp> {
    common::window(common::app_with(lines), common::SIZE)
}

/// A board line from the server, `secs` after the start.
fn feed_board(h: &mut Harness<'_, KibitzApp>, line: &str, secs: u64) {
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
    for event in &events {
        h.state_mut().apply_event(Duration::from_secs(secs), event);
    }
}

fn press(h: &mut Harness<'_, KibitzApp>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run_steps(2);
}

#[test]
fn ctrl_tab_moves_the_keyboard_between_boards() {
    let mut h = harness(&[MINE, OBSERVED]);
    assert_eq!(h.state().focused(), None);
    press(&mut h, CTRL, Key::Tab);
    assert_eq!(h.state().focused(), Some(7));
    press(&mut h, CTRL, Key::Tab);
    assert_eq!(h.state().focused(), Some(12));
    press(&mut h, CTRL, Key::Tab);
    assert_eq!(h.state().focused(), Some(7), "round again");
    press(&mut h, CTRL | Modifiers::SHIFT, Key::Tab);
    assert_eq!(h.state().focused(), Some(12), "backwards");
    // Alt+F flips the board with the keyboard.
    press(&mut h, Modifiers::ALT, Key::F);
    assert!(h.state().view(12).is_some_and(|v| v.flipped));
    assert!(!h.state().view(7).is_some_and(|v| v.flipped));
}

#[test]
fn game_buttons_have_shortcuts_and_resign_asks_twice() {
    let mut h = harness(&[MINE]);
    press(&mut h, Modifiers::ALT, Key::D);
    assert!(h.state().sent().contains(&Command::Draw));
    press(&mut h, Modifiers::ALT, Key::T);
    assert!(h.state().sent().contains(&Command::Takeback(1)));
    press(&mut h, Modifiers::ALT, Key::R);
    assert!(
        !h.state().sent().contains(&Command::Resign),
        "confirmation first"
    );
    assert!(
        h.query_by_label("Resign? Click again").is_some(),
        "the button says so"
    );
    press(&mut h, Modifiers::ALT, Key::R);
    assert!(h.state().sent().contains(&Command::Resign));
    // The tooltip names the keys.
    let resign = h.get_by_label("Resign");
    resign.hover();
    h.run_steps(40);
    assert!(h.query_by_label_contains("Alt+R").is_some());
}

#[test]
fn offers_are_answered_from_the_keyboard() {
    let mut h = harness(&[MINE]);
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    decoder.push(b"<pf> 6 w=Opp t=draw p=#\n\r", &mut events);
    for event in &events {
        h.state_mut().apply_event(Duration::from_secs(10), event);
    }
    h.run_steps(2);
    press(&mut h, Modifiers::ALT, Key::Y);
    assert!(h.state().sent().contains(&Command::Accept(Some(6))));
}

#[test]
fn slash_goes_to_the_command_line_without_typing_a_slash() {
    let mut h = harness(&[MINE]);
    h.event(egui::Event::Text("/".into()));
    h.run_steps(2);
    h.event(egui::Event::Text("games".into()));
    h.run_steps(2);
    let console_input = h.state().console().input.clone();
    assert_eq!(console_input, "games", "typed into the command line");
    assert!(
        h.state().view(7).is_none_or(|v| v.type_in.text.is_empty()),
        "not into the move box"
    );
}

/// Tab reaches the game's buttons (egui's focus order), and Space presses
/// the focused one.
#[test]
fn tab_reaches_the_game_buttons() {
    let mut h = harness(&[MINE]);
    let mut reached = false;
    for _ in 0..200 {
        h.key_press(Key::Tab);
        h.run_steps(1);
        if h.query_by(|n| n.is_focused() && n.label().as_deref() == Some("Draw"))
            .is_some()
        {
            reached = true;
            break;
        }
    }
    assert!(reached, "Tab never reached Draw");
    h.key_press(Key::Space);
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Draw));
}

/// What a screen reader gets (egui's AccessKit tree; the same over the real
/// bus in scripts/a11y-bus-test.sh): Ctrl+Tab puts the keyboard on a square
/// of the board (the bottom king's before any move), Up moves it, and a
/// move arriving meanwhile becomes that square's description (how Orca
/// hears it while a widget has the keyboard, on Linux).
#[test]
fn the_board_with_the_keyboard_has_a_square_in_focus_and_moves_describe_it() {
    let mut h = harness(&[OBSERVED]);
    press(&mut h, CTRL, Key::Tab);
    h.run_steps(2);
    let focused =
        |h: &Harness<'_, KibitzApp>, name: &str| h.get_by_label(name).accesskit_node().is_focused();
    assert!(focused(&h, "e1, white king"), "the king's square");
    press(&mut h, Modifiers::NONE, Key::ArrowUp);
    assert!(focused(&h, "e2, white pawn"), "Up: the square above");
    let e4 = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 12 Ann Bob 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 0 0";
    feed_board(&mut h, e4, 5);
    h.run_steps(3);
    let square = h.get_by_label("e2, empty");
    assert!(square.accesskit_node().is_focused());
    if cfg!(target_os = "linux") {
        assert_eq!(
            square.accesskit_node().description().as_deref(),
            Some("White: e4")
        );
    }
}

/// Playing by keyboard with a screen reader: the square with the keyboard
/// keeps it while a move is typed and played and the server's board comes
/// back (a square that loses it sends the screen reader to the window).
#[test]
fn a_typed_move_keeps_the_keyboard_on_the_board() {
    let mut h = harness(&[MINE]);
    press(&mut h, CTRL, Key::Tab);
    h.run_steps(2);
    let focused = |h: &Harness<'_, KibitzApp>| {
        h.query_all(egui_kittest::kittest::by().role(egui::accesskit::Role::GridCell))
            .filter(|n| n.accesskit_node().is_focused())
            .map(|n| n.accesskit_node().label().unwrap_or_default())
            .collect::<Vec<_>>()
    };
    assert_eq!(focused(&h), ["e1, white king"]);
    h.event(egui::Event::Text("e4".into()));
    h.run_steps(2);
    assert_eq!(focused(&h), ["e1, white king"], "while typing");
    press(&mut h, Modifiers::NONE, Key::Enter);
    assert!(
        h.state()
            .sent()
            .iter()
            .any(|c| format!("{c:?}").contains("to: E4")),
        "{:?}",
        h.state().sent()
    );
    assert_eq!(focused(&h), ["e1, white king"], "after Enter");
    let e4 = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 0 0";
    feed_board(&mut h, e4, 5);
    h.run_steps(5);
    assert_eq!(focused(&h), ["e1, white king"], "after the server's board");
    // The opponent's answer slides in.
    let a6 = "<12> rnbqkbnr -ppppppp p------- -------- ----P--- -------- PPPP-PPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 5 0 39 39 300 300 2 P/a7-a6 (0:00) a6 0 0 0";
    feed_board(&mut h, a6, 6);
    for _ in 0..10 {
        h.run_steps(1);
        assert_eq!(
            focused(&h),
            ["e1, white king"],
            "while the answer slides in"
        );
    }
    // The next move typed with Shift, as a keyboard sends it.
    h.event(egui::Event::Key {
        key: Key::N,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::SHIFT,
    });
    h.event(egui::Event::Text("N".into()));
    h.run_steps(3);
    assert_eq!(focused(&h), ["e1, white king"], "typing N");
    // Alt+C says the clocks; the square keeps the keyboard. (X11 also
    // gives the letter as text.)
    h.key_press(Key::Backspace);
    h.run_steps(1);
    for (pressed, text) in [(true, Some("c")), (false, None)] {
        h.event(egui::Event::Key {
            key: Key::C,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::ALT,
        });
        if let Some(text) = text {
            h.event(egui::Event::Text(text.into()));
        }
    }
    h.run_steps(3);
    assert_eq!(focused(&h), ["e1, white king"], "after Alt+C");
    assert_eq!(
        h.state().view(7).map(|v| v.type_in.text.clone()).as_deref(),
        Some(""),
        "Alt+C's letter is not a typed move"
    );
}

/// Alt shortcuts one after the other, each with its letter as text (as
/// X11 gives them): Alt+C says the clocks, Alt+R twice resigns.
#[test]
fn alt_shortcuts_in_a_row_with_their_letters() {
    let mut h = harness(&[MINE]);
    let alt = |h: &mut Harness<'_, KibitzApp>, key: Key, letter: &str| {
        h.event(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: Modifiers::ALT,
        });
        h.event(egui::Event::Text(letter.into()));
        h.event(egui::Event::Key {
            key,
            physical_key: None,
            pressed: false,
            repeat: false,
            modifiers: Modifiers::ALT,
        });
        h.run_steps(3);
    };
    alt(&mut h, Key::C, "c");
    alt(&mut h, Key::R, "r");
    assert!(!h.state().sent().contains(&Command::Resign));
    alt(&mut h, Key::R, "r");
    assert!(
        h.state().sent().contains(&Command::Resign),
        "{:?}",
        h.state().sent()
    );
    assert_eq!(
        h.state().view(7).map(|v| v.type_in.text.clone()).as_deref(),
        Some("")
    );
}
