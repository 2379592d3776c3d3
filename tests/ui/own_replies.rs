//! Against a scripted server: the lobby's seeks are there right after login
//! (no Refresh), and the replies to Kibitz's own requests (`sought`, the
//! `moves N` that completes a late-joined game, set-up) stay out of the
//! console, while the same `moves` typed by the user is answered there.

use crate::common;
use common::fake_server;
use common::scripted_window;

use common::served::Served;
use common::window;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::KibitzApp;
use kibitz::protocol::command::{Command, ObserveTarget};
use scripted_window::{connect, live_app, logged_in, wait_for};

const SOUGHT: &str = "\n\r  7 1500 Alpha(C)           5   0 rated   blitz                  0-9999 m\n\r 12 ++++ GuestXYZ           2  12 unrated lightning              0-9999 \n\r 15 1800 Bravo              3   0 rated   crazyhouse             0-9999 \n\r3 ads displayed.\n\rfics% ";

/// Two answers to the set-up, as the old FICS gives them.
const STYLE_12_SET: &str = "\n\rfics% Style 12 set.\n\rfics% ";
const NO_PTIME: &str = "No such variable name ptime.\n\rfics% ";

/// Game 5 joined after three plies: Kibitz asks for its moves.
const LATE_BOARD: &str = "\n\r<12> r-bqkbnr pppp-ppp --n----- ----p--- --B-P--- -----N-- PPPP-PPP RNBQK--R B -1 1 1 1 1 3 5 Alice Bob 0 3 0 39 39 170 175 3 B/f1-c4 (0:02) Bc4 0\n\rfics% ";

const MOVES: &str = "\n\rMovelist for game 5:\n\r\n\rAlice (1500) vs. Bob (1400) --- Mon Nov 23 07:00:00 2026\n\rUnrated blitz match, initial time: 3 minutes, increment: 0 seconds.\n\r\n\rMove  Alice                   Bob\n\r----  ---------------------   ---------------------\n\r  1.  e4      (0:00.000)      e5      (0:00.000)\n\r  2.  Nf3     (0:01.000)      Nc6     (0:01.000)\n\r  3.  Bc4     (0:02.000)   \n\r      {Still in progress} *\n\rfics% ";

/// Console lines holding `what`.
fn console_has(h: &Harness<'_, KibitzApp>, what: &str) -> usize {
    h.state()
        .console()
        .lines
        .iter()
        .filter(|l| l.text.contains(what))
        .count()
}

#[test]
fn seeks_at_login_and_own_replies_out_of_the_console() {
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let line = |text: &str| Step::Expect(Expected::Line(text.into()));
    script.steps.extend([
        line("set style 12"),
        Step::Send(STYLE_12_SET.as_bytes().to_vec()),
        line("set ptime 0"),
        Step::Send(NO_PTIME.as_bytes().to_vec()),
        line("sought"),
        Step::Send(SOUGHT.as_bytes().to_vec()),
        line("observe 5"),
        Step::Send(LATE_BOARD.as_bytes().to_vec()),
        line("moves 5"),
        Step::Send(MOVES.as_bytes().to_vec()),
        // The user types the same command: this reply is theirs.
        line("moves 5"),
        Step::Send(MOVES.as_bytes().to_vec()),
    ]);
    let served = Served::start(vec![script]);

    let mut h = window(live_app(), [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "the seeks", &|app| {
        app.lobby().lists.seeks.len() == 3
    });
    // The Seeks tab lists them without a Refresh.
    h.get_by_label("Seeks (3)").click();
    h.run_steps(2);
    assert!(h.query_by_label_contains("Alpha").is_some(), "a seek row");

    h.state_mut().send(Command::Observe(ObserveTarget::Game(5)));
    wait_for(&mut h, "the history of game 5", &|app| {
        app.store().get(5).is_some_and(|g| g.moves.len() == 5)
    });
    assert_eq!(console_has(&h, "Movelist for game 5"), 0, "our own moves");
    assert_eq!(console_has(&h, "ads displayed"), 0, "our own sought");
    assert_eq!(console_has(&h, "No such variable"), 0, "a set-up reply");
    assert_eq!(console_has(&h, "Style 12 set"), 0, "a set-up reply");

    h.state_mut().send(Command::Moves(5));
    wait_for(&mut h, "the typed moves reply", &|app| {
        app.console()
            .lines
            .iter()
            .any(|l| l.text.contains("Still in progress"))
    });
    assert_eq!(
        console_has(&h, "Movelist for game 5"),
        1,
        "the user's moves"
    );
    served.finish();
}

/// Two `who` listings, told apart by one player in each.
fn who_listing(handle: &str) -> Vec<u8> {
    format!(
        "\n\r 1500 {handle:<12} 1720.Shared\n\r\n\r 2 players displayed (of 2). (*) indicates system administrator.\n\rfics% "
    )
    .into_bytes()
}

#[test]
fn a_who_typed_during_the_set_up_is_shown_and_ours_is_not() {
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let line = |text: &str| Step::Expect(Expected::Line(text.into()));
    // The old FICS answers in the order it reads: the user's `who` went
    // ahead of the set-up, Kibitz's own `who b` after it.
    script.steps.extend([
        line("who"),
        Step::Send(who_listing("Typed")),
        line("who b"),
        Step::Send(who_listing("Ours")),
    ]);
    let served = Served::start(vec![script]);
    let mut h = window(live_app(), [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    // Typed while the set-up is still going out.
    h.state_mut().send(Command::Raw("who".into()));
    wait_for(&mut h, "our players list", &|app| {
        app.lobby().players.get("Ours").is_some()
    });
    assert_eq!(console_has(&h, "Typed"), 1, "the user's listing is shown");
    assert_eq!(console_has(&h, "Ours"), 0, "ours stays out");
    assert!(
        h.state().lobby().players.get("Typed").is_none(),
        "the user's listing is not the players list"
    );
    let sent = served.finish();
    let at = |l: &str| sent.iter().position(|s| s == l).expect(l);
    assert!(at("who") < at("iset lock 1"), "{sent:?}");
}
