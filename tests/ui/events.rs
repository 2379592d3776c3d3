//! The Events tab against a scripted server standing in for the relay and
//! tournament bots (their qtells written from the formats they print on
//! freechess.org): the lists asked for when the tab opens, Join, and
//! "Watch the round", whose wall observes the round's games, keeps its
//! finished boards, and takes in the next round's games as the relay bot
//! lists them.

use crate::common;
use common::fake_server;
use common::scripted_window;

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use common::served::Served;
use common::window;
use fake_server::{Expected, Script, Step, fixture_path};
use scripted_window::{connect, live_app, logged_in, wait_for};

fn line(text: &str) -> Step {
    Step::Expect(Expected::Line(text.into()))
}

/// A bot's qtell: its lines, then the prompt.
fn qtell(lines: &[&str]) -> Step {
    let mut bytes = Vec::new();
    for line in lines {
        bytes.extend_from_slice(format!("\n\r{line}").as_bytes());
    }
    bytes.extend_from_slice(b"\n\rfics% ");
    Step::Send(bytes)
}

fn board(game: u32, white: &str, black: &str) -> Step {
    Step::Send(
        format!(
            "\n\rYou are now observing game {game}.\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 {game} {white} {black} 0 90 30 39 39 5400 5400 1 P/e2-e4 (0:00) e4 0\n\rfics% "
        )
        .into_bytes(),
    )
}

#[test]
fn the_events_tab_lists_joins_and_watches_a_round() {
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    script.steps.extend([
        line("tell relay listtourney"),
        line("tell relay listgames"),
        line("tell mamer listtourneys"),
        line("tell mamer listkoths"),
        line("tell mamer variables"),
        qtell(&[
            ":The following tournaments are currently in progress:",
            ":12   Tata Steel Masters 2026                 Round Started",
        ]),
        qtell(&[
            ":There are 3 games in the Tata Steel Masters 2026",
            ":104  Carlsen         Giri            *       C65",
            ":105  Anand           Nakamura        1-0     B90",
            ":106  Firouzja        Gukesh          *       D37",
        ]),
        qtell(&[
            ":mamer's tourney list:",
            r":| 31 | +open<  | mamer   | 5 0 r SS\5     | 2026.1128.2200 |",
            ":Listed: 1 tourneys",
        ]),
        qtell(&[
            ":mamer's KOTH list:",
            ":|  1 | Yes  | 5 0 r   | BotA     | -     |",
            ":Total: 1 KOTHs",
        ]),
        qtell(&[
            ":Variable settings of GuestXYZW:",
            ":TourneyInfo:      On",
            ":Language:         English",
        ]),
        line("tell mamer join 31"),
        qtell(&[":You have joined tourney #31."]),
        line("tell relay listgames 12"),
        line("observe 104"),
        line("observe 106"),
        board(104, "Carlsen", "Giri"),
        board(106, "Firouzja", "Gukesh"),
        Step::Send(b"\n\r{Game 104 (Carlsen vs. Giri) Giri resigns} 1-0\n\rfics% ".to_vec()),
        // A minute on: the bot lists the round anew, with the next game.
        line("tell relay listgames 12"),
        qtell(&[
            ":There are 2 games in the Tata Steel Masters 2026",
            ":106  Firouzja        Gukesh          *       D37",
            ":110  Carlsen         Anand           *       C42",
        ]),
        line("observe 110"),
        board(110, "Carlsen", "Anand"),
    ]);
    let served = Served::start(vec![script]);
    let mut h = window(live_app(), [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);

    h.get_by_label("Events").click();
    wait_for(&mut h, "the events listed", &|app| {
        let events = &app.lobby().events;
        events.relays.first().is_some_and(|r| r.games.len() == 3)
            && events.tourneys.len() == 1
            && events.koths.len() == 1
    });
    h.run_steps(2);
    h.get_by_label("Tata Steel Masters 2026");
    h.get_by_label("King: BotA");
    // The bot's own setting, read back.
    assert_eq!(h.state().lobby().events.tourney_info, Some(true));
    h.get_by_label("Join").click();
    wait_for(&mut h, "joined", &|app| {
        app.lobby().events.joined().is_some()
    });
    h.run_steps(2);
    h.get_by_label("Leave");
    assert!(h.query_by_label("Join").is_none());

    h.get_by_label("Watch the round").click();
    wait_for(&mut h, "the round's games", &|app| {
        app.store().get(104).is_some() && app.store().get(106).is_some()
    });
    // The finished game (105) is not observed; the event's name is over
    // the wall.
    assert!(h.state().store().get(105).is_none());
    h.run_steps(2);
    assert!(h.query_all_by_label("Tata Steel Masters 2026").count() >= 2);
    wait_for(&mut h, "game 104 to end", &|app| {
        app.store().get(104).is_some_and(|g| g.is_over())
    });
    let later = h.state().now() + Duration::from_secs(61);
    h.state_mut().set_time(later);
    wait_for(&mut h, "the next game", &|app| {
        app.store().get(110).is_some()
    });
    // The next game took the finished one's place.
    assert!(h.state().store().get(104).is_none());
    assert!(h.state().store().get(106).is_some());
    // Stop watching: the event's boards are unobserved and closed.
    h.run_steps(2);
    h.get_by_label("Stop watching").click();
    wait_for(&mut h, "the event's boards to close", &|app| {
        app.store().get(106).is_none() && app.store().get(110).is_none()
    });
    let received = served.finish();
    for game in [106, 110] {
        let unobserve = format!("unobserve {game}");
        assert!(received.contains(&unobserve), "{received:?}");
    }
    let observes: Vec<&String> = received
        .iter()
        .filter(|l| l.starts_with("observe"))
        .collect();
    assert_eq!(observes, ["observe 104", "observe 106", "observe 110"]);
}
