//! Examining games on the server, as a person does it: "Examine" on a
//! finished game of ours finds it in our history and examines it; a card's
//! history row examines that game; the examined board steps with its
//! buttons and the arrow keys (the commands go to the server, the board
//! follows the server's), takes moves for either side, and Unexamine leaves.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::net::Status;
use kibitz::protocol::command::{Command, ExamineTarget};
use kibitz::ui::board::square_rect;
use shakmaty::{Color, Square};

const OWN_GAME: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0";
const EXAMINED_START: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 2 5 0 39 39 300 300 1 none (0:00) none 0";
const EXAMINED_E4: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Me Opp 2 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0";

fn feed(h: &mut Harness<'_, KibitzApp>, text: &str) {
    common::serve(h.state_mut(), Duration::from_secs(20), text.as_bytes());
    h.run_steps(3);
}

fn sent(h: &Harness<'_, KibitzApp>) -> Vec<Command> {
    h.state().sent().iter().cloned().collect()
}

fn click(h: &mut Harness<'_, KibitzApp>, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(2);
}

#[test]
fn a_finished_game_is_examined_from_our_history_and_stepped_through() {
    let mut app = common::app_with(&[OWN_GAME, "{Game 7 (Me vs. Opp) Opp resigns} 1-0"]);
    app.apply_status(Status::LoggedIn {
        handle: "Me on test".into(),
    });
    let mut h = common::window(app, [1180.0, 820.0]);
    // The finished game offers Examine; it asks for our history, quietly.
    click(&mut h, "Examine");
    assert!(
        sent(&h).contains(&Command::History("Me".into())),
        "{:?}",
        sent(&h)
    );
    // Our history's newest row is that game: it is examined by its number.
    feed(
        &mut h,
        "History for Me:\n\r                  Opponent      Type         ECO End Date\n\r 3: - 1500 B 1500 Other         [ bu  5   0] B00 Res Wed Nov 25 07:50:00 2026\n\r 4: + 1500 W 1500 Opp           [ bu  5   0] B00 Res Wed Nov 25 07:56:31 2026\n\rfics% ",
    );
    assert!(
        sent(&h).contains(&Command::Examine(ExamineTarget::History {
            handle: "Me".into(),
            slot: 4
        })),
        "{:?}",
        sent(&h)
    );
    // The server's examined board replaces the finished one under its
    // number, with the examine buttons.
    feed(&mut h, &format!("{EXAMINED_START}\n\r"));
    assert!(
        h.state()
            .store()
            .get(7)
            .is_some_and(|g| g.is_examined_by_us())
    );
    // The examine buttons took the finished game's: they take clicks
    // half a second later (no button appears under a pointer and is hit).
    let later = h.state().now() + Duration::from_secs(1);
    h.state_mut().set_time(later);
    h.run_steps(1);
    click(&mut h, "Forward");
    assert_eq!(sent(&h).last(), Some(&Command::Forward(1)));
    feed(
        &mut h,
        &format!("{EXAMINED_E4}\n\rGame 7: Me goes forward 1 move.\n\r"),
    );
    assert!(
        h.query_by_label("e4, white pawn").is_some(),
        "the board follows"
    );
    // The arrow keys step on the server too.
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(sent(&h).last(), Some(&Command::Backward(1)));
    h.key_press(egui::Key::End);
    h.run_steps(2);
    assert_eq!(sent(&h).last(), Some(&Command::Forward(999)));
    // A move for the side to move (black here) goes to the server.
    let board = h.get_by_label("Board, game 7").rect();
    let (e7, e5) = (
        square_rect(board, Color::White, Square::E7).center(),
        square_rect(board, Color::White, Square::E5).center(),
    );
    common::drag(&mut h, e7, e5);
    assert_eq!(common::moves_sent(h.state()), ["e7-e5"]);
    // Unexamine: sent, and once the server says so the board stays, marked.
    click(&mut h, "Unexamine");
    assert_eq!(sent(&h).last(), Some(&Command::Unexamine));
    feed(&mut h, "You are no longer examining game 7.\n\r");
    assert!(h.query_by_label("Forward").is_none());
    assert!(h.query_by_label_contains("No longer examined").is_some());
}

#[test]
fn the_newest_history_game_must_be_the_one_asked_for() {
    let mut app = common::app_with(&[OWN_GAME, "{Game 7 (Me vs. Opp) Opp resigns} 1-0"]);
    app.apply_status(Status::LoggedIn {
        handle: "Me on test".into(),
    });
    let mut h = common::window(app, [1180.0, 820.0]);
    click(&mut h, "Examine");
    feed(
        &mut h,
        "History for Me:\n\r 3: - 1500 B 1500 Other         [ bu  5   0] B00 Res Wed Nov 25 07:50:00 2026\n\rfics% ",
    );
    assert!(
        !sent(&h).iter().any(|c| matches!(c, Command::Examine(_))),
        "{:?}",
        sent(&h)
    );
    assert!(
        h.query_all_by_label_contains("not the newest in your history")
            .count()
            >= 1
    );
}

#[test]
fn a_history_row_of_a_card_is_examined() {
    let mut app = common::app_with(&[]);
    app.open_profile("BotA");
    let mut h = common::window(app, [1400.0, 900.0]);
    feed(
        &mut h,
        "\n\rStatistics for BotA        On for: 1 min   Idle: 31 secs\n\r\n\rfics% ",
    );
    feed(
        &mut h,
        "History for BotA:\n\r                  Opponent      Type         ECO End Date\n\r 1: + 1882 W 1558 KibUser       [ br  5   0] A00 Res Wed Nov 25 07:56:31 2026\n\rfics% ",
    );
    click(&mut h, "Examine BotA's game 1 against KibUser");
    assert_eq!(
        sent(&h).last(),
        Some(&Command::Examine(ExamineTarget::History {
            handle: "BotA".into(),
            slot: 1
        }))
    );
}

/// A card lists the player's journal (the old FICS's, asked quietly when
/// the card opens: none of it in the console); Examine opens a slot.
#[test]
fn a_journal_row_of_a_card_is_examined() {
    let mut app = common::app_with(&[]);
    app.open_profile("KibUser");
    assert!(sent_of(&app).contains(&Command::Journal("KibUser".into())));
    let mut h = common::window(app, [1400.0, 900.0]);
    feed(
        &mut h,
        "\n\rStatistics for KibUser     On for: 1 min   Idle: 0 secs\n\r\n\rfics% ",
    );
    feed(&mut h, "Sorry, no game information available.\n\rfics% ");
    // As the old FICS wrote it (real-server/journal-kibuser.bin).
    feed(
        &mut h,
        "Journal for KibUser:\n\r   White         Rating  Black         Rating  Type         ECO End Result\n\rA: KibUser       1558    BotA          1882    [ lr  2   0] A00 Res 0-1    \n\rB: BotA          1653    KibUser       1787    [ br  5   2] C20 Mat 1-0    \n\rfics% ",
    );
    let console = common::console_lines(h.state());
    assert!(
        !console
            .iter()
            .any(|l| l.contains("Journal") || l.contains("BotA")),
        "{console:?}"
    );
    click(&mut h, "Examine KibUser's journal game B, BotA vs. KibUser");
    assert_eq!(
        sent(&h).last(),
        Some(&Command::Examine(ExamineTarget::Journal {
            handle: "KibUser".into(),
            slot: 'B'
        }))
    );
}

fn sent_of(app: &KibitzApp) -> Vec<Command> {
    app.sent().iter().cloned().collect()
}

/// Observing somebody else's examined game (relation -2) follows their
/// board and offers no examine buttons.
#[test]
fn an_examined_game_we_observe_has_no_examine_buttons() {
    let observed = EXAMINED_E4.replace(" Me Opp 2 ", " Lecturer Lecturer -2 ");
    let app = common::app_with(&[&observed]);
    let h = common::window(app, [1180.0, 820.0]);
    assert!(h.query_by_label("e4, white pawn").is_some());
    assert!(h.query_by_label("Forward").is_none());
    assert!(h.query_by_label("Unexamine").is_none());
}

fn right_button(h: &mut Harness<'_, KibitzApp>, at: egui::Pos2, pressed: bool) {
    h.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Secondary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(1);
}

/// A right drag draws an arrow, a right click a circle (again: gone); on
/// an examined board they go out as BabasChess kibitzes, and the others'
/// come in and are drawn; a new position clears them. Elsewhere a mark
/// stays on this screen.
#[test]
fn marks_on_an_examined_board_are_shared() {
    use kibitz::protocol::marks::Mark;
    let app = common::app_with(&[EXAMINED_START]);
    let mut h = common::window(app, [1180.0, 820.0]);
    let board = h.get_by_label("Board, game 7").rect();
    let at = |square| square_rect(board, Color::White, square).center();
    // Right drag e2 -> e4: an arrow.
    h.hover_at(at(Square::E2));
    h.run_steps(1);
    right_button(&mut h, at(Square::E2), true);
    h.hover_at(at(Square::E3));
    h.run_steps(1);
    h.hover_at(at(Square::E4));
    h.run_steps(1);
    right_button(&mut h, at(Square::E4), false);
    h.run_steps(2);
    assert_eq!(
        sent(&h).last(),
        Some(&Command::Kibitz("$arrow e2 e4".into()))
    );
    // Another client's circle comes in and is drawn.
    feed(&mut h, "ObsBot(----)[7] kibitzes: $circle d5\n\r");
    let marks = |h: &Harness<'_, KibitzApp>| h.state().store().get(7).unwrap().marks.clone();
    assert_eq!(
        marks(&h),
        [
            Mark::Arrow(Square::E2, Square::E4),
            Mark::Circle(Square::D5)
        ]
    );
    // A right click on it takes it away, for everybody.
    h.hover_at(at(Square::D5));
    h.run_steps(1);
    right_button(&mut h, at(Square::D5), true);
    right_button(&mut h, at(Square::D5), false);
    h.run_steps(2);
    assert_eq!(
        sent(&h).last(),
        Some(&Command::Kibitz("$uncircle d5".into()))
    );
    assert_eq!(marks(&h), [Mark::Arrow(Square::E2, Square::E4)]);
    // The position changes: the marks go.
    feed(&mut h, &format!("{EXAMINED_E4}\n\r"));
    assert!(marks(&h).is_empty());

    // On a game we only watch, a mark is ours alone: no kibitz.
    let watched = EXAMINED_START.replace(" Me Opp 2 ", " Alice Bob 0 ");
    let app = common::app_with(&[&watched]);
    let mut h = common::window(app, [1180.0, 820.0]);
    let board = h.get_by_label("Board, game 7").rect();
    let c4 = square_rect(board, Color::White, Square::C4).center();
    h.hover_at(c4);
    h.run_steps(1);
    right_button(&mut h, c4, true);
    right_button(&mut h, c4, false);
    h.run_steps(2);
    assert_eq!(
        h.state().store().get(7).unwrap().marks,
        [Mark::Circle(Square::C4)]
    );
    assert!(!sent(&h).iter().any(|c| matches!(c, Command::Kibitz(_))));
    // Nobody else's kibitz draws on it.
    feed(&mut h, "Carol(----)[7] kibitzes: $circle h1\n\r");
    assert_eq!(
        h.state().store().get(7).unwrap().marks,
        [Mark::Circle(Square::C4)]
    );
}
