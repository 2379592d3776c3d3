//! What tells the user while Kibitz is not the window in front (the
//! desktop's notifications, kind by kind as set), and the low-time mark the
//! user sets: the clock turns red under it (seen in what is painted) and a
//! warning comes once.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::notifications::Note;

fn feed(h: &mut Harness<'_, KibitzApp>, text: &str) {
    let now = h.state().now();
    common::serve(h.state_mut(), now, text.as_bytes());
    h.run_steps(2);
}

fn behind(h: &mut Harness<'_, KibitzApp>, behind: bool) {
    let root = h
        .input_mut()
        .viewports
        .get_mut(&egui::ViewportId::ROOT)
        .expect("the window");
    root.focused = Some(!behind);
    h.run_steps(2);
}

fn summaries(h: &mut Harness<'_, KibitzApp>) -> Vec<String> {
    h.state_mut()
        .notes_shown()
        .into_iter()
        .map(|n: Note| n.summary)
        .collect()
}

#[test]
fn notifications_come_only_while_the_window_is_behind_and_as_set() {
    let app = common::app_with(&["**** Starting FICS session as Me ****"]);
    let mut h = common::window(app, [1180.0, 820.0]);
    // In front: nothing, whatever happens.
    feed(
        &mut h,
        "{Game 3 (Me vs. BotA) Creating unrated blitz match.}\n\r",
    );
    assert!(summaries(&mut h).is_empty());
    behind(&mut h, true);
    // Tells and friends are off by default; challenges and our game on.
    feed(&mut h, "BotB tells you: hello\n\r");
    feed(&mut h, "Notification: BotC has arrived.\n\r");
    assert!(summaries(&mut h).is_empty(), "{:?}", summaries(&mut h));
    feed(
        &mut h,
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 3 Me BotA 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 3 Me BotA -1 5 0 39 39 298 300 1 P/e2-e4 (0:02) e4 0 0 0\n\r",
    );
    // A quick answer is no news; one after a long think is.
    feed(
        &mut h,
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 3 Me BotA 1 5 0 39 39 298 299 2 P/e7-e5 (0:01) e5 0 0 0\n\r",
    );
    assert!(summaries(&mut h).is_empty(), "{:?}", summaries(&mut h));
    feed(
        &mut h,
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 3 Me BotA -1 5 0 39 39 296 299 2 N/g1-f3 (0:02) Nf3 0 0 0\n\r<12> r-bqkbnr pppp-ppp --n----- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R W -1 1 1 1 1 2 3 Me BotA 1 5 0 39 39 296 274 3 N/b8-c6 (0:25) Nc6 0 0 0\n\r",
    );
    assert_eq!(summaries(&mut h), ["BotA played Nc6"]);
    let note = h.state_mut().notes_shown().pop().expect("a note");
    assert_eq!(note.body, "after 25 s: your move");
    // Tells and friends once switched on.
    h.state_mut().settings_mut().alerts.notify_tells = true;
    h.state_mut().settings_mut().alerts.notify_friends = true;
    feed(&mut h, "BotB tells you: hello\n\r");
    feed(&mut h, "Notification: BotC has arrived.\n\r");
    assert_eq!(summaries(&mut h)[1..], ["BotB tells you", "BotC arrived"]);
    // A challenge: its terms, Accept and Decline (told once though the
    // server says it twice).
    feed(
        &mut h,
        "Challenge: BotD (1720) Me (----) rated blitz 3 2.\n\r\n\r<pf> 9 w=BotD t=match p=BotD (1720) Me (----) rated blitz 3 2\n\rfics% ",
    );
    let notes = h.state_mut().notes_shown();
    let challenge = notes.last().expect("the challenge");
    assert_eq!(challenge.summary, "BotD challenges you");
    assert_eq!(challenge.body, "a rated blitz game, 3 2");
    let labels: Vec<&str> = challenge.actions.iter().map(|(_, l)| l.as_str()).collect();
    assert_eq!(labels, ["Show", "Accept", "Decline"]);
    assert_eq!(notes.len(), 4, "once");
    // Its Accept answers it by number (the `<pf>` line's: FatICS takes no
    // `accept NAME`).
    let acted = kibitz::notifications::Acted {
        tag: challenge.tag,
        action: "accept".into(),
    };
    h.state_mut().act_on_notification(&acted);
    assert_eq!(
        h.state().sent().back(),
        Some(&kibitz::protocol::command::Command::Accept(Some(9)))
    );
    // The window raised to show the game: its start is no news to notify.
    feed(
        &mut h,
        "{Game 4 (BotD vs. Me) Creating rated blitz match.}\n\r",
    );
    assert_eq!(
        h.state_mut().notes_shown().len(),
        4,
        "{:?}",
        summaries(&mut h)
    );
    // Back in front: nothing more.
    behind(&mut h, false);
    feed(&mut h, "BotB tells you: again\n\r");
    assert_eq!(h.state_mut().notes_shown().len(), 4);
}

#[test]
fn the_low_time_mark_the_user_sets_reddens_the_clock_and_warns_once() {
    let app = common::app_with(&[
        "**** Starting FICS session as Me ****",
        "{Game 3 (Me vs. BotA) Creating unrated blitz match.}",
        // 5 0: the automatic mark is 37.5 s; our clock has 45 s.
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 3 BotA Me 1 5 0 39 39 290 45 1 P/e2-e4 (0:10) e4 0 0 0",
    ]);
    let mut h = common::window(app, [1180.0, 820.0]);
    behind(&mut h, true);
    h.run_steps(2);
    assert!(!common::painted(&h, kibitz::ui::theme::CLOCK_LOW_BG));
    assert!(
        !summaries(&mut h).iter().any(|s| s == "Low time"),
        "45 s is not low for 5 0"
    );
    h.state_mut().settings_mut().alerts.low_time_seconds = 60;
    h.run_steps(2);
    assert!(
        common::painted(&h, kibitz::ui::theme::CLOCK_LOW_BG),
        "under the mark set: red"
    );
    let lows =
        |h: &mut Harness<'_, KibitzApp>| summaries(h).iter().filter(|s| *s == "Low time").count();
    assert_eq!(lows(&mut h), 1);
    let now = h.state().now();
    h.state_mut().set_time(now + Duration::from_secs(5));
    h.run_steps(2);
    assert_eq!(lows(&mut h), 1, "once a game");
}

/// The third time a position stands in our game, Draw becomes Claim draw
/// (it says why) and claims it: the server draws at once.
#[test]
fn a_threefold_repetition_is_claimed_with_one_click() {
    let knights = [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Me BotA 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R B -1 1 1 1 1 1 1 Me BotA -1 5 0 39 39 300 300 1 N/g1-f3 (0:00) Nf3 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -----N-- PPPPPPPP RNBQKB-R W -1 1 1 1 1 2 1 Me BotA 1 5 0 39 39 300 300 2 N/g8-f6 (0:00) Nf6 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 3 1 Me BotA -1 5 0 39 39 300 300 2 N/f3-g1 (0:00) Ng1 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 4 1 Me BotA 1 5 0 39 39 300 300 3 N/f6-g8 (0:00) Ng8 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R B -1 1 1 1 1 5 1 Me BotA -1 5 0 39 39 300 300 3 N/g1-f3 (0:00) Nf3 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -----N-- PPPPPPPP RNBQKB-R W -1 1 1 1 1 6 1 Me BotA 1 5 0 39 39 300 300 4 N/g8-f6 (0:00) Nf6 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 7 1 Me BotA -1 5 0 39 39 300 300 4 N/f3-g1 (0:00) Ng1 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 8 1 Me BotA 1 5 0 39 39 300 300 5 N/f6-g8 (0:00) Ng8 0 0 0",
    ];
    let mut lines = vec!["**** Starting FICS session as Me ****"];
    lines.extend(&knights[..8]);
    let mut h = common::window(common::app_with(&lines), [1180.0, 820.0]);
    assert!(h.query_by_label("Claim draw").is_none(), "twice only");
    assert!(h.query_by_label("Draw").is_some());
    feed(&mut h, &format!("{}\n\r", knights[8]));
    h.get_by_label("Claim draw").click();
    // Only on the move: the same repetition with the opponent to move is
    // no claim (the server takes it for a draw offer).
    let theirs: Vec<String> = knights
        .iter()
        .map(|l| {
            l.replace(" Me BotA 1 ", " Me BotA x ")
                .replace(" Me BotA -1 ", " Me BotA 1 ")
                .replace(" Me BotA x ", " Me BotA -1 ")
        })
        .collect();
    let mut lines = vec!["**** Starting FICS session as Me ****"];
    lines.extend(theirs.iter().map(String::as_str));
    let mut them = common::window(common::app_with(&lines), [1180.0, 820.0]);
    them.run_steps(2);
    assert!(them.query_by_label("Claim draw").is_none());
    assert!(them.query_by_label("Draw").is_some());
    h.run_steps(2);
    assert_eq!(
        h.state().sent().back(),
        Some(&kibitz::protocol::command::Command::Draw)
    );
}

/// The old FICS sends no `<pr>` when a challenge to the user is accepted:
/// the challenge's bar goes when the game between the two begins (it
/// stayed over the new game's board).
#[test]
fn an_accepted_challenges_bar_goes_when_the_game_begins() {
    let app = common::app_with(&["**** Starting FICS session as Me ****"]);
    let mut h = common::window(app, [1180.0, 820.0]);
    feed(
        &mut h,
        "Challenge: TestUser (----) Me (----) unrated blitz 5 0.\n\rYou can \"accept\" or \"decline\", or propose different parameters.\n\rfics% ",
    );
    assert!(h.query_by_label("Accept").is_some(), "the challenge's bar");
    feed(
        &mut h,
        "Creating: TestUser (----) Me (----) unrated blitz 5 0\n\r{Game 5 (TestUser vs. Me) Creating unrated blitz match.}\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 TestUser Me -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\rfics% ",
    );
    assert!(h.query_by_label("Accept").is_none(), "gone with it");
}
