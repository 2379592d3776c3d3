//! Seeking and challenging from the lobby, driven through egui_kittest:
//! the seeks list and graph, the user's own seek and challenge, the Seek
//! and Match dialogs (the server's variants in words), the console's
//! history of commands.

use crate::common;

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::command::Command;

fn feed(app: &mut KibitzApp, bytes: &[u8]) {
    common::serve(app, Duration::from_secs(10), bytes);
}

#[test]
fn seeks_list_and_graph_play_a_seek() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    feed(
        &mut app,
        b"<s> 7 w=BotE ti=00 rt=1500  t=5 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r<s> 8 w=BotF ti=00 rt=1800P t=2 i=12 r=u tp=crazyhouse c=W rr=0-9999 a=t f=f\n\r<sr> 8\n\r",
    );
    assert_eq!(app.lobby().lists.seeks.len(), 1);
    let mut h = common::window(app, [1100.0, 760.0]);
    h.get_by_label_contains("Seeks (").click();
    h.run_steps(2);
    h.get_by_label("Play seek 7").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Play(7)));
    // Taken meanwhile: the server says so, and the seek leaves the list.
    feed(h.state_mut(), b"That seek is not available.\n\rfics% ");
    h.run_steps(2);
    assert!(h.state().lobby().lists.seeks.is_empty());
    assert!(h.query_by_label("Play seek 7").is_none());
}

/// The user's own seek has Withdraw, not Play (the server refuses to play
/// one's own seek: a tester's click sent `play 3` for nothing).
#[test]
fn the_users_own_seek_is_withdrawn_not_played() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "Me".into(),
    });
    feed(
        &mut app,
        b"<s> 3 w=Me ti=00 rt=1500  t=3 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f\n\r<s> 4 w=BotE ti=00 rt=1600  t=5 i=0 r=r tp=blitz c=? rr=0-9999 a=t f=f\n\r",
    );
    let mut h = common::window(app, [1100.0, 760.0]);
    h.get_by_label_contains("Seeks (").click();
    h.run_steps(2);
    assert!(h.query_by_label("Play seek 3").is_none(), "not one's own");
    assert!(h.query_by_label("Play seek 4").is_some());
    h.get_by_label("Withdraw your seek 3").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Unseek(Some(3))));
}

/// The user's challenge shows above the boards until it is answered, with
/// a Withdraw button; `pending` lists what is waiting both ways.
#[test]
fn the_users_challenge_waits_in_the_bar_and_can_be_withdrawn() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    // FatICS and freechess.org: the Issuing line, then its <pt>.
    feed(
        &mut app,
        b"Issuing: Me (1700) [white] BotA (1720) rated blitz 3 2.\n\r\n\r<pt> 7 w=BotA t=match p=Me (1700) [white] BotA (1720) rated blitz 3 2\n\rfics% ",
    );
    let mut h = common::window(app, [1100.0, 760.0]);
    let label = "Your challenge to BotA: Me (1700) [white] BotA (1720) rated blitz 3 2";
    assert_eq!(h.query_all_by_label(label).count(), 1, "one offer, once");
    h.get_by_label("Withdraw").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Withdraw(Some(7))));
    assert!(h.query_by_label(label).is_none());

    // The old FICS: no number; declined, it goes.
    feed(
        h.state_mut(),
        b"Issuing: Me (----) BotB (----) unrated blitz 5 0.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Your challenge to BotB")
            .is_some()
    );
    feed(
        h.state_mut(),
        b"\n\rBotB declines your match offer a match with these parameters:\n\rChallenge: BotB (----) Me (----) rated blitz 3 0.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Your challenge to BotB")
            .is_none()
    );
    // Its counter-offer waits for an answer, until BotB withdraws it.
    assert!(h.query_by_label("Accept").is_some());
    feed(
        h.state_mut(),
        b"\n\rBotB withdraws the match offer.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("Accept").is_none());

    // Not online: the challenge never went.
    feed(
        h.state_mut(),
        b"Issuing: Me (----) BotC (----) unrated blitz 5 0.\n\rBotC is not logged in.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Your challenge to BotC")
            .is_none()
    );

    // `pending` on freechess.org: both lists, numbered.
    feed(
        h.state_mut(),
        b"Offers to other players:\n\r\n\r  45: You are offering BotD a challenge: Me (1700) BotD (1650) unrated blitz 5 0.\n\r\n\rIf you wish to withdraw any of these offers type \"withdraw number\".\n\r\n\rOffers from other players:\n\r\n\r  43: BotE is offering a challenge: BotE (1800) Me (1700) rated blitz 2 12.\n\r\n\rIf you wish to accept any of these offers type \"accept number\".\n\rIf you wish to decline any of these offers type \"decline number\".\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Your challenge to BotD")
            .is_some()
    );
    assert!(
        h.query_all_by_label("BotE offers a rated blitz game, 2 12")
            .count()
            >= 1
    );
    h.get_by_label("Accept").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Accept(Some(43))));
    h.get_by_label("Withdraw").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Withdraw(Some(45))));
    // The list again, now empty both ways: nothing waits.
    feed(
        h.state_mut(),
        b"Offers TO other players:\n\r   You are offering BotF a draw.\n\r\n\rThere are no offers pending FROM other players.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("You offered BotF a draw").is_some());
    feed(
        h.state_mut(),
        b"There are no offers pending TO other players.\n\r\n\rThere are no offers pending FROM other players.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("Withdraw").is_none());
    assert!(h.query_by_label("Accept").is_none());
}

#[test]
fn console_history_recalls_the_last_command() {
    let app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    let mut h = common::window(app, [1100.0, 760.0]);
    h.get_by_label("Command").focus();
    h.run_steps(1);
    h.get_by_label("Command").type_text("finger BotA");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&Command::Raw("finger BotA".into()))
    );
    assert_eq!(h.state().console().input, "");
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(2);
    assert_eq!(h.state().console().input, "finger BotA");
}

#[test]
fn seek_and_match_dialogs_send_their_commands() {
    let app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    let mut h = common::window(app, [1100.0, 760.0]);
    h.get_by_label("Seek…").click();
    h.run_steps(4);
    h.get_by_label("Rated game").click();
    h.run_steps(1);
    h.get_by_label("Post the seek").click();
    h.run_steps(2);
    let lines: Vec<String> = h
        .state()
        .sent()
        .iter()
        .filter_map(|c| c.to_line().ok())
        .collect();
    assert!(lines.contains(&"seek 5 0 rated".to_owned()), "{lines:?}");
    assert!(
        h.query_by_label("Post the seek").is_none(),
        "the dialog closes"
    );

    h.get_by_label("Match…").click();
    h.run_steps(4);
    h.get_by_label("Opponent").focus();
    h.run_steps(1);
    h.get_by_label("Opponent").type_text("BotB");
    h.run_steps(1);
    h.get_by_label("Send the challenge").click();
    h.run_steps(2);
    let lines: Vec<String> = h
        .state()
        .sent()
        .iter()
        .filter_map(|c| c.to_line().ok())
        .collect();
    assert!(
        lines.contains(&"match BotB 5 0 rated".to_owned()),
        "{lines:?}"
    );
}

/// The Match dialog offers the variants the server plays, in its words:
/// FatICS takes `chess960` (it refuses `wild/fr`), the old FICS the wilds.
#[test]
fn the_match_dialog_offers_the_servers_variants_in_its_words() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    feed(
        &mut app,
        b"                   &#x2659; FatICS &#x265a;\n\rlogin: ",
    );
    let mut h = common::window(app, [1100.0, 760.0]);
    h.get_by_label("Match…").click();
    h.run_steps(4);
    h.get_by_label("Opponent").focus();
    h.run_steps(1);
    h.get_by_label("Opponent").type_text("BotB");
    h.run_steps(1);
    h.get_by_label("Variant").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("Wild 0: kings and queens reversed")
            .is_none()
    );
    h.get_by_label("Chess960 (Fischer random)").click();
    h.run_steps(2);
    h.get_by_label("Send the challenge").click();
    h.run_steps(2);
    let lines: Vec<String> = h
        .state()
        .sent()
        .iter()
        .filter_map(|c| c.to_line().ok())
        .collect();
    assert!(
        lines.contains(&"match BotB 5 0 unrated chess960".to_owned()),
        "{lines:?}"
    );
}
