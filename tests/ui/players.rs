//! The lobby's Players tab against a scripted server: filled at login from
//! Kibitz's own `who b`, `who s`, `who L` (none of it in the console), kept
//! live by arrivals and departures, and a challenge opens the Match dialog
//! for that player.

use crate::common;
use common::fake_server;
use common::scripted_window;

use common::served::Served;
use common::window;
use egui_kittest::kittest::Queryable;
use fake_server::{Expected, Script, Step, fixture_path};
use scripted_window::{connect, live_app, logged_in, wait_for};

fn send(text: &str) -> Step {
    Step::Send(text.as_bytes().to_vec())
}

fn line(text: &str) -> Step {
    Step::Expect(Expected::Line(text.into()))
}

/// A guest's login on the old FICS, then what a test adds.
fn guest_login() -> Script {
    Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only()
}

#[test]
fn the_players_tab_fills_at_login_and_follows_arrivals() {
    let mut script = guest_login();
    script.steps.extend([
        line("who b"),
        send(
            "\n\r\n\r1882 BotA     ++++^RndA     1500:Carol\n\r2100^Dave(GM)\n\r\n\r 4 players displayed (of 4). (*) indicates system administrator.\n\rfics% ",
        ),
        line("who s"),
        send("\n\r1700 BotA     2300^Dave(GM)\n\r\n\r 2 players displayed (of 4). (*) indicates system administrator.\n\rfics% "),
        line("who L"),
        send("\n\r1558 BotA\n\r\n\r 1 players displayed (of 4). (*) indicates system administrator.\n\rfics% "),
        line("arrivals"),
        send("\n\r<wa> Erin 001222 1326P1169P0P0P0P0P0P0P\n\rfics% \n\r<wd> RndA\n\rfics% "),
    ]);
    let served = Served::start(vec![script]);

    let mut h = window(live_app(), [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "the players", &|app| {
        app.lobby()
            .players
            .get("BotA")
            .is_some_and(|p| p.ratings.iter().all(Option::is_some))
    });
    h.get_by_label("Players (4)").click();
    h.run_steps(2);
    for name in ["BotA", "Carol", "Dave(GM)", "RndA"] {
        assert!(h.query_by_label(name).is_some(), "{name} listed");
    }
    assert_eq!(
        h.query_all_by_label("playing").count(),
        2,
        "RndA and Dave play"
    );
    let console =
        |h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>| common::console_lines(h.state());
    let lines = console(&h);
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("players displayed") || l.contains("BotA")),
        "the listings stay out of the console: {lines:?}"
    );

    // Arrivals and departures (`iset pin`): Erin comes, RndA goes.
    h.state_mut()
        .send(kibitz::protocol::command::Command::Raw("arrivals".into()));
    wait_for(&mut h, "Erin's arrival", &|app| {
        app.lobby().players.get("Erin").is_some() && app.lobby().players.get("RndA").is_none()
    });
    h.run_steps(2);
    assert!(h.query_by_label("Erin").is_some());
    assert!(h.query_by_label("RndA").is_none());
    assert!(!console(&h).iter().any(|l| l.contains("<wa>")));

    // Challenge Carol from her row: the Match dialog opens for her.
    h.get_by_label("Challenge Carol").click();
    h.run_steps(3);
    assert!(h.query_by_label_contains("Challenge a player").is_some());
    let opponent_field = h
        .query_all_by_role(egui::accesskit::Role::TextInput)
        .any(|n| n.value().as_deref() == Some("Carol"));
    assert!(opponent_field, "the dialog's opponent field says Carol");
    served.finish();
}

const FINGER: &str = "\n\rStatistics for Bob        On for: 12 mins   Idle: 0 secs\n\r\n\r         rating     RD     win   loss   draw  total   best\n\rBlitz     1734    80.2     40     30     10     80   1801 (01-Oct-2026)\n\rStandard  ----    350.0      0      0      0      0\n\r\n\r 1: Likes the Najdorf.\n\rfics% ";

const HISTORY: &str = "\n\rHistory for Bob:\n\r                  Opponent      Type         ECO End Date\n\r 0: + 1734 W 1650 Carol         [ br  5   0] B90 Mat Wed Nov 25 07:56:31 2026\n\r 1: - 1730 B 1902 Dave          [ br  3   0] C65 Res Wed Nov 25 08:06:02 2026\n\rfics% ";

const BOARD: &str = "\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 5 Alice Bob 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0\n\rfics% ";

#[test]
fn a_name_on_a_board_opens_the_players_card() {
    let mut script = guest_login();
    script.steps.extend([
        line("sought"),
        send(BOARD),
        line("finger Bob"),
        send(FINGER),
        line("history Bob"),
        send(HISTORY),
    ]);
    let served = Served::start(vec![script]);

    let mut h = window(live_app(), [1280.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "the board", &|app| app.store().get(5).is_some());
    h.run_steps(2);
    h.get_by_label("Bob").click();
    wait_for(&mut h, "the card", &|app| {
        app.sent()
            .contains(&kibitz::protocol::command::Command::History("Bob".into()))
    });
    for _ in 0..50 {
        h.run_steps(1);
        h.state_mut().poll_network();
        if h.query_by_label("Likes the Najdorf.").is_some()
            && h.query_by_label("Carol 1650").is_some()
        {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        h.query_by_label("Online for 12 mins, idle 0 secs")
            .is_some()
    );
    assert!(h.query_by_label("1734").is_some(), "the blitz rating");
    assert!(h.query_by_label("40 / 30 / 10").is_some(), "the record");
    assert!(h.query_by_label("Likes the Najdorf.").is_some(), "the note");
    assert!(
        h.query_by_label("Carol 1650").is_some(),
        "a game of the history"
    );
    assert!(h.query_by_label("Dave 1902").is_some(), "the other one");
    let console = common::console_lines(h.state());
    assert!(
        !console.iter().any(|l| l.contains("Statistics for")
            || l.contains("History for")
            || l.contains("Najdorf")),
        "the replies stay out of the console: {console:?}"
    );
    served.finish();
}

#[test]
fn a_friends_arrival_is_told_once_and_their_game_is_one_click_away() {
    let mut script = guest_login();
    script.steps.extend([
        line("sought"),
        // FatICS sends both for a friend: the pin line and the notification.
        send("\n\r<wa> BotB 001222 1326P1169P0P0P0P0P0P0P\n\rfics% \n\rNotification: BotB has arrived.\n\rfics% "),
        line("game news"),
        send("\n\rGame notification: BotB (1500) vs. BotC (1400) rated blitz 5 0: Game 7\n\rfics% "),
        line("observe 7"),
    ]);
    let served = Served::start(vec![script]);

    let mut app = live_app();
    let (player, played) = kibitz::sound::Player::recording();
    app.set_sound_player(player);
    let mut h = window(app, [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "BotB's arrival", &|app| {
        app.lobby().players.get("BotB").is_some()
    });
    h.run_steps(3);
    assert_eq!(
        h.query_all_by_label("BotB arrived").count(),
        2,
        "the notice and the live region"
    );
    let tells = |played: &kibitz::sound::Played| {
        played
            .lock()
            .expect("played")
            .iter()
            .filter(|s| **s == kibitz::sound::Sound::Tell)
            .count()
    };
    assert_eq!(tells(&played), 1, "one sound for one arrival");

    h.state_mut()
        .send(kibitz::protocol::command::Command::Raw("game news".into()));
    for _ in 0..100 {
        h.state_mut().poll_network();
        h.run_steps(1);
        if h.query_by_label("Observe game 7").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(
        h.query_all_by_label_contains("BotB vs. BotC started game 7")
            .count(),
        2,
        "the notice and the live region"
    );
    assert_eq!(tells(&played), 2);
    h.get_by_label("Observe game 7").click();
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&kibitz::protocol::command::Command::Observe(
                kibitz::protocol::command::ObserveTarget::Game(7)
            ))
    );
    assert!(
        h.query_by_label("Observe game 7").is_none(),
        "the notice goes"
    );
    served.finish();
}

#[test]
fn a_bughouse_game_of_ours_has_partner_tell_buttons() {
    const BOARD: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me Opp 1 3 0 39 39 180 180 1 none (0:00) none 0 0 0";
    const INFO: &str =
        "<g1> 7 p=0 t=bughouse r=0 u=0,0 it=180,0 i=180,0 pt=8 rt=1500,1500 ts=1,1 m=2 n=0";
    let app = common::app_with(&[INFO, BOARD, "Partner (your partner) tells you: need N"]);
    let mut h = window(app, [1180.0, 820.0]);
    assert!(
        h.query_by_label("Partner: need N").is_some(),
        "the partner's tell"
    );
    h.get_by_label("Tell partner: go").click();
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&kibitz::protocol::command::Command::PartnerTell(
                "go".into()
            )),
        "{:?}",
        h.state().sent()
    );
    // A game that is not bughouse has none.
    let plain = common::app_with(&[BOARD]);
    let h = window(plain, [1180.0, 820.0]);
    assert!(h.query_by_label("Tell partner: go").is_none());
}

/// The old FICS's bughouse, as it says it: the partnership, our game
/// (`wild`, holdings from the second board on), `Your partner is playing
/// game 2`: the partner board is observed, the two are linked, our board
/// takes drops, and the partner row names the partner.
#[test]
fn old_fics_bughouse_opens_the_partners_board_and_takes_drops() {
    use kibitz::protocol::command::{Command, ObserveTarget};
    const OURS: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Me BotC 1 5 0 39 39 300 300 1 none (0:00) none 0";
    const THEIRS: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 2 BotD BotA 0 5 0 39 39 300 300 1 none (0:00) none 0";
    let app = common::app_with(&[
        "You agree to be BotA's partner.",
        "{Game 1 (Me vs. BotC) Creating unrated wild match.}",
        OURS,
        "Your partner is playing game 2 (BotD vs. BotA).",
    ]);
    assert!(
        app.sent()
            .contains(&Command::Observe(ObserveTarget::Game(2))),
        "{:?}",
        app.sent()
    );
    let ours = app.store().get(1).expect("our game");
    assert_eq!(ours.partner, Some(2));
    assert_eq!(
        ours.playable().map(|p| p.rules),
        Some(kibitz::game::rules::Rules::Known(
            shakmaty::variant::Variant::Crazyhouse,
            shakmaty::CastlingMode::Standard
        )),
        "a `wild` game with a partner board is bughouse"
    );
    let mut h = window(app, [1180.0, 820.0]);
    assert!(
        h.query_by_label("Partner: BotA").is_some(),
        "the partner row"
    );
    assert!(h.query_by_label("Tell partner: go").is_some());
    // The partner board comes, linked back to ours.
    for event in common::decode(format!("{THEIRS}\n\r").as_bytes()) {
        h.state_mut()
            .apply_event(std::time::Duration::from_secs(11), &event);
    }
    h.run_steps(2);
    assert_eq!(h.state().store().get(2).and_then(|g| g.partner), Some(1));
    // Our partner plays black there: their board is seen from black's side
    // (a1 above a8), ours from white's.
    let rightmost = |h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>, name: &str| {
        h.query_all_by_label(name)
            .map(|node| node.rect())
            .max_by(|a, b| a.center().x.total_cmp(&b.center().x))
            .expect(name)
    };
    let leftmost = |h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>, name: &str| {
        h.query_all_by_label(name)
            .map(|node| node.rect())
            .min_by(|a, b| a.center().x.total_cmp(&b.center().x))
            .expect(name)
    };
    let (a1, a8) = (
        rightmost(&h, "a1, white rook"),
        rightmost(&h, "a8, black rook"),
    );
    assert!(
        a1.center().y < a8.center().y,
        "the partner's board, black below"
    );
    let (a1, a8) = (
        leftmost(&h, "a1, white rook"),
        leftmost(&h, "a8, black rook"),
    );
    assert!(a1.center().y > a8.center().y, "our board, white below");
}

/// FatICS says only that the partner joined a game (and `pt=0`): the
/// partner is observed by name, and the board that comes is linked.
#[test]
fn fatics_bughouse_observes_the_partner_by_name() {
    use kibitz::protocol::command::{Command, ObserveTarget};
    const INFO: &str =
        "<g1> 4 p=0 t=bughouse r=0 u=0,0 it=180,0 i=180,0 pt=0 rt=1500,1500 ts=1,1 m=2 n=0";
    const OURS: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 4 Me BotC 1 3 0 39 39 180 180 1 none (0:00) none 0";
    const THEIRS: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 BotD BotA 0 3 0 39 39 180 180 1 none (0:00) none 0";
    let mut app = common::app_with(&[
        "BotA agrees to be your partner.",
        INFO,
        OURS,
        "Your partner has joined a game with BotD.",
    ]);
    assert!(
        app.sent()
            .contains(&Command::Observe(ObserveTarget::Player("BotA".into()))),
        "{:?}",
        app.sent()
    );
    for event in common::decode(format!("{THEIRS}\n\r").as_bytes()) {
        app.apply_event(std::time::Duration::from_secs(11), &event);
    }
    assert_eq!(app.store().get(4).and_then(|g| g.partner), Some(5));
    assert_eq!(app.store().get(5).and_then(|g| g.partner), Some(4));
    // Once the partnership ends, nobody is observed by name any more.
    let app = common::app_with(&[
        "BotA agrees to be your partner.",
        "Your partner has ended partnership.",
        "Your partner has joined a game with BotD.",
    ]);
    assert!(
        !app.sent()
            .iter()
            .any(|c| matches!(c, Command::Observe(ObserveTarget::Player(_)))),
        "{:?}",
        app.sent()
    );
}

#[test]
fn a_partnership_offer_is_an_offer() {
    let app = common::app_with(&[
        "BotB offers to be your bughouse partner; type \"partner BotB\" to accept.",
    ]);
    let mut h = window(app, [1180.0, 820.0]);
    // The offers bar (and the live region) say it.
    assert!(
        h.query_all_by_label_contains("BotB offers to be your bughouse partner")
            .count()
            >= 1
    );
    h.get_by_label("Accept").click();
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&kibitz::protocol::command::Command::Partner(Some(
                "BotB".into()
            )))
    );
}

#[test]
fn a_card_from_the_console_and_from_a_seek() {
    use kibitz::protocol::command::Command;
    let mut app = common::app_with(&["BotB tells you: a game?"]);
    // Logged in: Kibitz asks for the seeks; the server lists one.
    let now = std::time::Duration::from_secs(10);
    app.apply_event(
        now,
        &kibitz::protocol::event::Event::LoggedIn {
            handle: "Me".into(),
            titles: Vec::new(),
        },
    );
    common::serve(
        &mut app,
        now,
        b"  7 1500 Alpha(C)           5   0 rated   blitz                  0-9999 m\n\r1 ad displayed.\n\rfics% ",
    );
    let mut h = window(app, [1180.0, 820.0]);
    // The console's line (the top bar says the tell too).
    h.get_all_by_label("BotB tells you: a game?")
        .last()
        .expect("the line")
        .click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Finger("BotB".into())));
    assert!(h.state().sent().contains(&Command::History("BotB".into())));
    h.get_by_label("Seeks (1)").click();
    h.run_steps(2);
    h.get_by_label("1500 Alpha").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Finger("Alpha".into())));
}

/// `... has arrived and isn't on your notify list.`: the player has the
/// user on their list, not the user them. No friend: no notice, no sound;
/// a friend's arrival still has both.
#[test]
fn an_arrival_off_our_list_is_no_friends() {
    let app =
        common::app_with(&["Notification: Stranger has arrived and isn't on your notify list."]);
    let mut h = window(app, [1180.0, 820.0]);
    h.run_steps(2);
    assert!(
        h.state().lobby().players.get("Stranger").is_some(),
        "listed as on"
    );
    assert_eq!(h.query_all_by_label("Stranger arrived").count(), 0);
    let friend = common::app_with(&["Notification: BotB has arrived."]);
    let mut h = window(friend, [1180.0, 820.0]);
    h.run_steps(2);
    assert!(h.query_all_by_label("BotB arrived").count() >= 1);
}
