//! Chat in the console as a player uses it (issue 34): a tab per
//! conversation with its unread count, typing in a tab says it there.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::command::Command;

fn harness(app: KibitzApp) -> Harness<'static, KibitzApp> {
    let mut harness = Harness::builder()
        .with_size([1100.0, 760.0])
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

/// Kibitz logged in as "Me", at 10 s.
fn logged_in_as_me() -> KibitzApp {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "Me".into(),
    });
    app
}

fn lines_sent(h: &Harness<'_, KibitzApp>) -> Vec<String> {
    h.state()
        .sent()
        .iter()
        .filter_map(|c| c.to_line().ok())
        .collect()
}

#[test]
fn a_tell_opens_its_persons_tab_and_typing_there_tells_them() {
    let app = logged_in_as_me();
    let mut h = harness(app);
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"\n\rBotB tells you: are you there?\n\rfics% \n\rBotB tells you: hello?\n\rfics% \n\rAnna(50): hi all\n\rfics% ",
    );
    h.run_steps(3);
    // Her tab, with two lines unread; the channel's, with one.
    assert!(h.query_by_label("BotB, 2 unread").is_some());
    assert!(h.query_by_label("50 chat, 1 unread").is_some());
    h.get_by_label("BotB, 2 unread").click();
    h.run_steps(2);
    assert!(h.query_by_label("BotB").is_some(), "read once shown");
    // Only her lines there.
    assert!(h.query_by_label("BotB tells you: hello?").is_some());
    assert!(h.query_by_label("Anna(50): hi all").is_none());
    // Typed in her tab: a tell to her.
    h.get_by_label("Command").focus();
    h.run_steps(1);
    h.get_by_label("Command").type_text("yes, here");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(
        h.state().sent().contains(&Command::Tell {
            to: "BotB".into(),
            text: "yes, here".into()
        }),
        "{:?}",
        lines_sent(&h)
    );
    // Gone meanwhile: the server's word shows in her tab.
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"BotB is not logged in.\n\rfics% ",
    );
    h.run_steps(2);
    // (once in her tab, once in the top bar's announcement)
    assert_eq!(h.query_all_by_label("BotB is not logged in.").count(), 2);
    // The channel's tab: what is typed there goes to the channel.
    h.get_by_label("50 chat, 1 unread").click();
    h.run_steps(2);
    h.get_by_label("Command").focus();
    h.run_steps(1);
    h.get_by_label("Command").type_text("hello 50");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(lines_sent(&h).contains(&"tell 50 hello 50".to_owned()));
    // Closed, a tab comes back with the next line.
    h.get_by_label("Close BotB").click();
    h.run_steps(2);
    assert!(h.query_by_label("BotB").is_none());
    common::serve(
        h.state_mut(),
        Duration::from_secs(12),
        b"\n\rBotB tells you: bye\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("BotB, 1 unread").is_some());
}

/// Every line shows its time on the user's clock (`21:04`); a setting
/// hides them.
#[test]
fn lines_show_their_time_unless_the_setting_hides_it() {
    let mut app = logged_in_as_me();
    common::serve(
        &mut app,
        Duration::from_secs(10),
        b"\n\rBotB tells you: what time is it?\n\rfics% ",
    );
    let mut h = harness(app);
    let (hour, minute) = kibitz::local_time::now_hh_mm();
    let near = |label: &str| {
        // The minute may turn between the line and this check.
        let (h2, m2) = (
            label[..2].parse::<u32>().ok(),
            label[3..].parse::<u32>().ok(),
        );
        // (and the day around midnight)
        h2.zip(m2).is_some_and(|(h2, m2)| {
            let apart = (h2 * 60 + m2).abs_diff(hour * 60 + minute);
            apart.min(24 * 60 - apart) <= 1
        })
    };
    let times = time_labels(&h);
    assert!(times.iter().any(|t| near(t)), "{times:?}");
    h.state_mut().settings_mut().console_times = false;
    h.run_steps(2);
    assert_eq!(time_labels(&h), Vec::<String>::new());
}

/// The labels that read as a time of day (`21:04`).
fn time_labels(h: &Harness<'_, KibitzApp>) -> Vec<String> {
    h.query_all_by_label_contains(":")
        .filter_map(|n| n.accesskit_node().value())
        .filter(|l| l.len() == 5 && l.as_bytes()[2] == b':')
        .collect()
}

/// A game's kibitz shows on its board for a few seconds (the game chat
/// where the game is); a tell while playing shows on the own game's.
#[test]
fn a_kibitz_shows_on_its_board_for_a_while() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    common::serve(
        &mut app,
        Duration::from_secs(10),
        b"\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 97 Olaf Petra 0 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0\n\rfics% ",
    );
    let mut h = harness(app);
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"\n\rAnna(1800)[97] kibitzes: nice move\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("Anna: nice move").is_some(), "on the tile");
    // Gone after a while.
    h.state_mut().set_time(Duration::from_secs(30));
    h.run_steps(2);
    assert!(h.query_by_label("Anna: nice move").is_none());
}

/// The user's channels have their tabs from the start; "+" joins one, the
/// server's word opens or closes a channel's tab.
#[test]
fn channels_have_tabs_and_can_be_joined() {
    let mut app = logged_in_as_me();
    let login = kibitz::protocol::event::Event::LoggedIn {
        handle: "Me".into(),
        titles: Vec::new(),
    };
    app.apply_event(Duration::from_secs(10), &login);
    let mut h = harness(app);
    assert!(
        h.state()
            .awaiting()
            .iter()
            .any(|r| r.command == Command::Channels(None)),
        "the channel list is asked for"
    );
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"-- channel list: 2 channels --\n\r4 50\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("4 guest help").is_some());
    assert!(h.query_by_label("50 chat").is_some());
    h.get_by_label("Join a channel").click();
    h.run_steps(2);
    // The number field has the keyboard at once: typed, then Enter.
    assert!(h.get_by_label("Channel").is_focused(), "the field focused");
    h.get_by_label("Channel").type_text("53");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(lines_sent(&h).contains(&"addlist channel 53".to_owned()));
    common::serve(
        h.state_mut(),
        Duration::from_secs(12),
        b"[53] added to your channel list.\n\rfics% [4] removed from your channel list.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("53 guest chat").is_some());
    assert!(h.query_by_label("4 guest help").is_none());
}

/// A tell is said (the screen reader's live region, shown in the top bar)
/// whatever tab is shown; Ctrl+PageDown and Ctrl+PageUp move between the
/// tabs.
#[test]
fn a_tell_is_said_and_the_keyboard_moves_between_tabs() {
    let app = logged_in_as_me();
    let mut h = harness(app);
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"\n\rAnna(50): hi all\n\rfics% \n\rBotB tells you: ping\n\rfics% ",
    );
    h.run_steps(2);
    // The console's line and the announcement.
    assert_eq!(h.query_all_by_label("BotB tells you: ping").count(), 2);
    h.key_press_modifiers(common::CTRL, egui::Key::PageDown);
    h.run_steps(2);
    assert!(
        h.query_by_label("50 chat").is_some(),
        "the channel's tab, read"
    );
    assert!(
        h.query_by_label("50 chat tab, 1 unread").is_some(),
        "the tab moved to is said, with what was unread"
    );
    h.key_press_modifiers(common::CTRL, egui::Key::PageDown);
    h.run_steps(2);
    assert!(h.query_by_label("BotB").is_some(), "BotB's tab, read");
    h.key_press_modifiers(common::CTRL, egui::Key::PageUp);
    h.run_steps(2);
    assert!(h.query_by_label("Anna(50): hi all").is_some());
    // Her line is in her tab only (the live region now says the tab).
    assert!(h.query_by_label("BotB tells you: ping").is_none());
    assert!(h.query_by_label("50 chat tab").is_some());
    // A new line in the tab shown is said too (the console's row and the
    // announcement); one in a tab not shown is not.
    common::serve(
        h.state_mut(),
        Duration::from_secs(12),
        b"\n\rAnna(50): anyone for a game?\n\rfics% \n\rBotC(53): guests here\n\rfics% ",
    );
    h.run_steps(2);
    assert_eq!(
        h.query_all_by_label("Anna(50): anyone for a game?").count(),
        2
    );
    assert_eq!(h.query_all_by_label("BotC(53): guests here").count(), 0);
}

/// Messages left while the user was away are asked for at login (the
/// unread ones where the server counts them) and go to their senders'
/// tabs; the listing's lines stay out of the console's All tab.
#[test]
fn messages_left_while_away_come_into_their_senders_tabs() {
    let app = logged_in_as_me();
    let mut h = harness(app);
    // FatICS's words at login.
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"You have 2 messages (1 unread).\n\rUse \"messages u\" to view unread messages and \"clearmessages *\" to clear all.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&Command::Messages { unread: true }),
        "{:?}",
        lines_sent(&h)
    );
    common::serve(
        h.state_mut(),
        Duration::from_secs(12),
        b"Unread messages:\n\r2. TestUser at 2026-11-26 00:15 UTC: call me when you are back\n\rfics% ",
    );
    h.run_steps(3);
    assert!(h.query_by_label("TestUser, 1 unread").is_some());
    h.get_by_label("TestUser, 1 unread").click();
    h.run_steps(2);
    assert!(
        h.query_by_label(
            "TestUser left you a message (2026-11-26 00:15 UTC): call me when you are back"
        )
        .is_some()
    );
    // The old FICS counts no unread: all are asked for.
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    common::serve(
        &mut app,
        Duration::from_secs(11),
        b"You have 2 messages.\n\rfics% ",
    );
    assert!(app.sent().contains(&Command::Messages { unread: false }));
    // None waiting: nothing asked.
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    common::serve(
        &mut app,
        Duration::from_secs(11),
        b"You have 0 messages (0 unread).\n\rfics% ",
    );
    assert!(
        !app.sent()
            .iter()
            .any(|c| matches!(c, Command::Messages { .. }))
    );
}

/// A channel's tab says who is in it, a click away (each name opens its
/// card); any tab moves left or right from its menu; a channel is left
/// from its menu.
#[test]
fn who_is_in_a_channel_and_tabs_in_the_order_chosen() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "KibUser".into(),
    });
    let mut h = harness(app);
    common::serve(
        h.state_mut(),
        Duration::from_secs(11),
        b"-- channel list: 2 channels --\n\r4 50\n\rfics% ",
    );
    h.run_steps(2);
    h.get_by_label("50 chat").click();
    h.run_steps(2);
    h.get_by_label("Who is in channel 50").click();
    h.run_steps(2);
    assert!(lines_sent(&h).contains(&"inchannel 50".to_owned()));
    // FatICS's answer.
    common::serve(
        h.state_mut(),
        Duration::from_secs(12),
        b"50: KibUser TestUser\n\rThere are 2 players in channel 50.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("2 in channel 50:").is_some());
    h.get_by_label("TestUser").click();
    h.run_steps(2);
    assert!(
        lines_sent(&h).iter().any(|l| l == "finger TestUser")
            || h.state()
                .awaiting()
                .iter()
                .any(|r| r.command == Command::Finger("TestUser".into())),
        "the card asked for: {:?}",
        lines_sent(&h)
    );
    // The old FICS's words for an empty channel.
    common::serve(
        h.state_mut(),
        Duration::from_secs(13),
        b"Channel 50 is empty.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("0 in channel 50:").is_some());
    // Tabs: 4 then 50; 50 moved left comes first.
    let left = |h: &Harness<'_, KibitzApp>, name: &str| h.get_by_label(name).rect().left();
    assert!(left(&h, "4 guest help") < left(&h, "50 chat"));
    h.get_by_label("50 chat").click_secondary();
    h.run_steps(2);
    h.get_by_label("Move left").click();
    h.run_steps(2);
    assert!(left(&h, "50 chat") < left(&h, "4 guest help"));
    h.get_by_label("50 chat").click_secondary();
    h.run_steps(2);
    h.get_by_label("Leave channel 50").click();
    h.run_steps(2);
    assert!(lines_sent(&h).contains(&"sublist channel 50".to_owned()));
}

#[test]
fn a_long_line_scrolled_out_of_view_can_still_be_read_sideways() {
    // Only the rows in view are laid out, yet the console is as wide as
    // its widest line: a long line above the view keeps the sideways
    // scroll (and its bar, which no longer comes and goes as lines pass).
    let app = logged_in_as_me();
    let mut h = harness(app);
    let mut text = format!("\n\r{}", "wide ".repeat(80));
    for line in 0..30 {
        text.push_str(&format!("\n\rshort line {line}"));
    }
    text.push_str("\n\rfics% ");
    common::serve(h.state_mut(), Duration::from_secs(11), text.as_bytes());
    h.run_steps(4);
    assert!(
        h.query_by_label_contains("wide wide").is_none(),
        "scrolled out of view"
    );
    let left = |h: &Harness<'_, KibitzApp>| h.get_by_label("short line 29").rect().left();
    let before = left(&h);
    let over = h.get_by_label("short line 29").rect().center();
    h.hover_at(over);
    h.run_steps(1);
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(-400.0, 0.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(10);
    assert!(left(&h) < before - 100.0, "{} then {}", before, left(&h));
}

/// A guest's channels are forgotten by the server with the session: after
/// a reconnect the channels whose tabs are open and that the new login's
/// list lacks are joined again (quietly).
#[test]
fn channels_come_back_after_a_reconnect() {
    use kibitz::net::Status;
    let mut app = logged_in_as_me();
    let login = kibitz::protocol::event::Event::LoggedIn {
        handle: "Me".into(),
        titles: Vec::new(),
    };
    app.apply_event(Duration::from_secs(10), &login);
    common::serve(
        &mut app,
        Duration::from_secs(11),
        b"-- channel list: 2 channels --\n\r4 50\n\rfics% ",
    );
    let mut h = harness(app);
    assert!(h.query_by_label("50 chat").is_some());
    h.state_mut().apply_status(Status::RetryingIn {
        delay: Duration::from_secs(1),
        reason: "no answer from the server for 25 s".into(),
    });
    h.state_mut().apply_status(Status::LoggedIn {
        handle: "Me".into(),
    });
    h.state_mut().apply_event(Duration::from_secs(20), &login);
    common::serve(
        h.state_mut(),
        Duration::from_secs(21),
        b"-- channel list: 1 channels --\n\r4\n\rfics% ",
    );
    h.run_steps(2);
    let joins: Vec<&Command> = h
        .state()
        .sent()
        .iter()
        .filter(|c| matches!(c, Command::Channels(Some(_))))
        .collect();
    assert_eq!(joins, [&Command::Channels(Some((50, true)))]);
    assert!(h.query_by_label("50 chat").is_some(), "its tab stays");
}
