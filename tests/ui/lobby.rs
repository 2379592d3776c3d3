//! Many games at once and the lobby, driven through egui_kittest.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::command::{Command, ObserveTarget};
use kibitz::protocol::decoder::StreamDecoder;
use kibitz::protocol::event::Event;

fn events(bytes: &[u8]) -> Vec<Event> {
    let mut decoder = StreamDecoder::new();
    let mut out = Vec::new();
    decoder.push(bytes, &mut out);
    decoder.finish(&mut out);
    out
}

fn feed(app: &mut KibitzApp, bytes: &[u8]) {
    common::serve(app, Duration::from_secs(10), bytes);
}

fn harness(app: KibitzApp, size: [f32; 2]) -> Harness<'static, KibitzApp> {
    let mut harness = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

/// The window over `app` logged in as Me, the lobby open: Kibitz asks for
/// the games list, and the real server's three games answer it.
fn with_games_list(mut app: KibitzApp) -> Harness<'static, KibitzApp> {
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "Me".into(),
    });
    let mut h = harness(app, [1100.0, 760.0]);
    assert!(h.state().sent().contains(&Command::Games));
    feed(
        h.state_mut(),
        &common::read(&common::fixtures_dir().join("real-server/cmd-games.bin")),
    );
    h.run_steps(2);
    h
}

/// Clicks one of a tile's controls, which show while the pointer is on it.
fn click_control(h: &mut Harness<'_, KibitzApp>, label: &str, game: u32) {
    let board = h
        .get_by_label(&format!("Board, game {game}"))
        .rect()
        .center();
    h.hover_at(board);
    h.run_steps(2);
    h.get_by_label(label).click();
}

fn sixteen_games() -> KibitzApp {
    common::observed_games(16)
}

#[test]
fn sixteen_observed_games_all_show_a_board_and_clocks() {
    let app = sixteen_games();
    assert_eq!(app.store().games().count(), 16);
    let h = harness(app, [1600.0, 1000.0]);
    for game in 1..=16 {
        assert!(
            h.query_by_label(&format!("Board, game {game}")).is_some(),
            "board {game}"
        );
    }
    assert_eq!(h.query_all_by_label_contains("White clock").count(), 16);
    assert_eq!(h.query_all_by_label_contains("Black clock").count(), 16);
}

#[test]
fn closing_a_panel_unobserves_its_game() {
    let mut h = harness(sixteen_games(), [1600.0, 1000.0]);
    click_control(&mut h, "Close game 3", 3);
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Unobserve(Some(3))));
    assert!(h.state().store().get(3).is_none());
    assert!(h.query_by_label("Board, game 3").is_none());
    assert_eq!(h.state().store().games().count(), 15);
}

#[test]
fn panels_open_and_close_from_events() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    feed(
        &mut app,
        b"You are now observing game 4.\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 4 Ann Bob 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0\n\rfics% ",
    );
    let mut h = harness(app, [1100.0, 760.0]);
    assert!(h.query_by_label("Board, game 4").is_some());
    // The game ends: the panel stays, with the result.
    for event in events(b"\n\r{Game 4 (Ann vs. Bob) Bob resigns} 1-0\n\rfics% ") {
        h.state_mut().apply_event(Duration::from_secs(11), &event);
    }
    h.run_steps(2);
    assert!(h.query_by_label("Board, game 4").is_some());
    assert!(
        h.query_by_label("1-0 Bob resigns").is_some(),
        "the result banner"
    );
    click_control(&mut h, "Close game 4", 4);
    h.run_steps(2);
    assert!(h.query_by_label("Board, game 4").is_none());
    // An ended game is not unobserved: the server already dropped it.
    assert!(!h.state().sent().contains(&Command::Unobserve(Some(4))));
}

/// A double click on a row's words observes its game, as the button does
/// (a tester's double click selected a word and did nothing).
#[test]
fn a_double_click_on_a_games_row_observes_it() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "Me".into(),
    });
    // Frames 50 ms apart: two clicks within a double click's pause.
    let mut h = Harness::builder()
        .with_size([1100.0, 760.0])
        .with_step_dt(0.05)
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    h.run_steps(3);
    feed(
        h.state_mut(),
        &common::read(&common::fixtures_dir().join("real-server/cmd-games.bin")),
    );
    h.run_steps(2);
    let row = h.get_by_label_contains("BotC –").rect().center();
    h.hover_at(row);
    h.run_steps(1);
    let button = |pressed| egui::Event::PointerButton {
        pos: row,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    for pressed in [true, false, true, false] {
        h.event(button(pressed));
        h.step();
    }
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&Command::Observe(ObserveTarget::Game(2)))
    );
}

#[test]
fn the_games_list_observe_button_sends_observe() {
    // Logged in with the lobby open: Kibitz asks for the games list.
    let mut h = with_games_list(KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10))));
    assert_eq!(h.state().lobby().lists.games.len(), 3);
    h.get_by_label("Observe game 2").click();
    h.run_steps(2);
    assert!(
        h.state()
            .sent()
            .contains(&Command::Observe(ObserveTarget::Game(2)))
    );
}

/// The games list's Refresh asks for the list the lobby shows: the new
/// listing fills it (and stays out of the console, unlike a typed `games`).
#[test]
fn refresh_refills_the_games_list() {
    let mut h = with_games_list(KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10))));
    assert_eq!(h.state().lobby().lists.games.len(), 3);
    h.get_by_label("Refresh").click();
    h.run_steps(2);
    let asked = h.state().awaiting();
    assert!(
        asked.iter().any(|r| r.command == Command::Games
            && r.origin == kibitz::protocol::request::Origin::Kibitz),
        "{asked:?}"
    );
    feed(
        h.state_mut(),
        b"\n\r  7 1500 BotA        1400 BotB      [ br  5   0]   4:59 -  5:00 (39-39) W:  2\n\r\n\r  1 game displayed (of 1 in progress).\n\rfics% ",
    );
    h.run_steps(2);
    let games: Vec<u32> = h
        .state()
        .lobby()
        .lists
        .games
        .iter()
        .map(|g| g.game)
        .collect();
    assert_eq!(games, [7]);
}

#[test]
fn an_offer_shows_accept_which_accepts_it() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    feed(
        &mut app,
        b"\n\rChallenge: BotA (1720) [white] Me (1700) rated blitz 3 2.\n\r\n\r<pf> 5 w=BotA t=match p=BotA (1720) [white] Me (1700) rated blitz 3 2\n\rfics% ",
    );
    let mut h = harness(app, [1100.0, 760.0]);
    // One offer, shown once (the prose line and <pf> are the same offer),
    // its terms in words.
    assert_eq!(h.query_all_by_label("Accept").count(), 1);
    assert!(
        h.query_all_by_label("BotA offers a rated blitz game, 3 2, you play black")
            .count()
            >= 1
    );
    h.get_by_label("Accept").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Accept(Some(5))));
    assert!(h.query_by_label("Accept").is_none());
    // A withdrawn offer goes away by itself.
    feed(h.state_mut(), b"<pf> 6 w=BotC t=draw p=#\n\r");
    h.run_steps(2);
    assert!(h.query_by_label("Accept").is_some());
    feed(h.state_mut(), b"<pr> 6\n\r");
    h.run_steps(2);
    assert!(h.query_by_label("Accept").is_none());
    // So does one the server declines for the user (the old FICS: a move
    // declines a draw offer, with no <pr>).
    feed(h.state_mut(), b"\n\rBotC offers you a draw.\n\rfics% ");
    h.run_steps(2);
    assert!(h.query_by_label("Accept").is_some());
    feed(
        h.state_mut(),
        b"\n\rYou decline the draw request from BotC.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("Accept").is_none(), "the declined offer");
    // And a takeback accepted (the old FICS sends no <pr> for it either).
    feed(
        h.state_mut(),
        b"\n\rBotC would like to take back 1 half move(s).\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.query_by_label("Accept").is_some());
    feed(
        h.state_mut(),
        b"\n\rYou accept the takeback request from BotC.\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label("Accept").is_none(),
        "the accepted takeback"
    );
}

/// An observer is told of a takeback the players ask for (`Game 97: X
/// requests to take back ...`): news on that game's tile, not an offer to
/// the user to accept (a bare `accept` would answer whatever was pending).
#[test]
fn an_observed_games_takeback_request_is_news_on_its_tile() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    feed(
        &mut app,
        b"\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 97 Olaf Petra 0 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0\n\rfics% ",
    );
    let mut h = harness(app, [1100.0, 760.0]);
    feed(
        h.state_mut(),
        b"\n\rGame 97: Olaf requests to take back 1 half move(s).\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label("Olaf requests to take back 1 half move(s).")
            .is_some(),
        "the note on the tile"
    );
    assert!(h.query_by_label("Accept").is_none(), "no offer to answer");
    assert!(h.query_by_label("Decline").is_none());
    // The next move ends the news.
    feed(
        h.state_mut(),
        b"\n\r<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 97 Olaf Petra 0 5 0 39 39 300 298 1 P/e7-e5 (0:02) e5 0\n\rfics% ",
    );
    h.run_steps(2);
    assert!(
        h.query_by_label("Olaf requests to take back 1 half move(s).")
            .is_none()
    );
}

#[test]
fn maximize_detach_and_the_own_game_gets_the_largest_panel() {
    let mut app = sixteen_games();
    for game in 9..=16 {
        app.close_game(game);
    }
    // Our own game joins the observed ones.
    feed(
        &mut app,
        b"<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\r",
    );
    let mut h = harness(app, [1600.0, 1000.0]);
    let own = h.get_by_label("Board, game 42").rect().width();
    let other = h.get_by_label("Board, game 5").rect().width();
    assert!(own > 2.0 * other, "own {own} vs {other}");

    click_control(&mut h, "Maximize game 5", 5);
    h.run_steps(2);
    assert!(h.query_by_label("Board, game 42").is_none());
    let big = h.get_by_label("Board, game 5").rect().width();
    assert!(big > 2.0 * other);
    click_control(&mut h, "Maximize game 5", 5);
    h.run_steps(2);
    assert!(h.query_by_label("Board, game 42").is_some());

    // Detached: the game leaves the grid for a window of its own (embedded
    // in tests), and comes back when docked.
    click_control(&mut h, "Detach game 7", 7);
    h.run_steps(3);
    assert!(h.state().is_detached(7));
    assert_eq!(h.query_all_by_label("Board, game 7").count(), 1);
    click_control(&mut h, "Detach game 7", 7);
    h.run_steps(3);
    assert!(!h.state().is_detached(7));
    assert_eq!(h.query_all_by_label("Board, game 7").count(), 1);
}

#[test]
fn free_tiling_shows_every_game_and_follows_closing() {
    let mut app = sixteen_games();
    for game in 5..=16 {
        app.close_game(game);
    }
    app.set_free_tiling(true);
    let mut h = harness(app, [1400.0, 900.0]);
    for game in 1..=4 {
        assert!(
            h.query_by_label(&format!("Board, game {game}")).is_some(),
            "board {game}"
        );
    }
    click_control(&mut h, "Close game 2", 2);
    h.run_steps(3);
    assert!(h.query_by_label("Board, game 2").is_none());
    assert!(h.state().sent().contains(&Command::Unobserve(Some(2))));
    assert_eq!(h.query_all_by_label_contains("Board, game").count(), 3);
}

/// A new game under the number of a finished one starts afresh: the old
/// board's flip (and analysis switch) is not carried over.
#[test]
fn a_new_game_under_an_old_number_starts_with_a_fresh_board() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    feed(
        &mut app,
        b"\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 Olaf Petra 0 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0\n\rfics% \n\r{Game 7 (Olaf vs. Petra) Petra resigns} 1-0\n\rfics% ",
    );
    let mut h = harness(app, [1100.0, 760.0]);
    click_control(&mut h, "Flip board, game 7", 7);
    h.run_steps(2);
    assert!(h.state().view(7).is_some_and(|v| v.flipped));
    feed(
        h.state_mut(),
        b"You are now observing game 7.\n\rGame 7: Anna (1500) Boris (1500) rated blitz 5 0\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Anna Boris 0 5 0 39 39 300 300 1 none (0:00) none 0\n\rfics% ",
    );
    h.run_steps(2);
    assert!(h.state().view(7).is_none_or(|v| !v.flipped));
}

/// A new session starts clean: the last session's watched games (over:
/// "the session ended") and the user's own leave the screen and their
/// numbers, the games list and the players are the new server's to fill,
/// and a channel's tab closes.
#[test]
fn a_new_session_starts_clean() {
    let mut h = with_games_list(KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10))));
    feed(
        h.state_mut(),
        b"You are now observing game 4.\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 4 Ann Bob 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0\n\r\
<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\r\
{Game 42 (Me vs. Opp) Opp resigns} 1-0\n\r\
Ann(50): hello\n\rfics% ",
    );
    h.run_steps(2);
    let app = h.state_mut();
    let channel = kibitz::protocol::conversation::Conversation::Channel(50);
    assert!(
        app.console()
            .talks
            .iter()
            .any(|t| t.conversation == channel),
        "a tab for channel 50"
    );
    assert_eq!(app.lobby().lists.games.len(), 3);
    app.apply_status(kibitz::net::Status::Stopped {
        reason: "logged out".into(),
    });
    assert!(app.store().get(4).is_some_and(|g| g.is_over()));
    app.connect_to(kibitz::ui::dialogs::connect::ConnectRequest {
        server: "127.0.0.1:9".into(),
        handle: "guest".into(),
        password: None,
        timeseal: false,
        remember: false,
    });
    assert!(app.store().get(4).is_none(), "the watched game left");
    assert!(app.store().get(42).is_none(), "the user's own game too");
    assert!(app.lobby().lists.games.is_empty(), "the old games list");
    assert!(
        !app.console()
            .talks
            .iter()
            .any(|t| t.conversation == channel),
        "the channel's tab closed"
    );
}

/// The lobby keeps its width when a wider row comes into the games list
/// (long handles): the boards beside it do not move under the pointer.
#[test]
fn a_wider_games_list_does_not_move_the_boards() {
    let mut h = with_games_list(common::app_with(&[
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
    ]));
    h.run_steps(1);
    let board = h.get_by_label("Board, game 42").rect();
    h.get_by_label("Refresh").click();
    h.run_steps(2);
    feed(
        h.state_mut(),
        b" 42 2222 Mehandlewithalong  2333 Opponentlongname [ br  5   0]   5:00 -  5:00 (39-39) W:  1\n\r 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3\n\r\n\r  2 games displayed.\n\rfics% ",
    );
    h.run_steps(3);
    assert!(
        h.query_by_label("Observe game 42").is_some(),
        "the wide row is listed"
    );
    assert_eq!(h.get_by_label("Board, game 42").rect(), board);
}

/// The list holds still under the pointer: a refresh that drops a game
/// while the pointer is over the list leaves its row (greyed) where it
/// was, so the next click observes the game it was aimed at; with the
/// pointer gone the new list shows.
#[test]
fn the_games_list_holds_still_under_the_pointer() {
    let mut h = with_games_list(KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10))));
    // The list asked for again (as every 30 s), the pointer then over a row.
    h.get_by_label("Refresh").click();
    h.run_steps(2);
    let aimed = h.get_by_label("Observe game 2").rect().center();
    h.hover_at(aimed);
    h.run_steps(2);
    feed(
        h.state_mut(),
        b"\n\r  2 1500 BotG        1400 BotH      [ br  5   0]   4:59 -  5:00 (39-39) W:  2\n\r  7 1500 BotA        1400 BotB      [ br  5   0]   4:59 -  5:00 (39-39) W:  2\n\r\n\r  2 games displayed (of 2 in progress).\n\rfics% ",
    );
    h.run_steps(2);
    assert_eq!(h.state().lobby().lists.games.len(), 2, "the new list came");
    let held = h.get_by_label("Observe game 2");
    assert_eq!(
        held.rect().center(),
        aimed,
        "the row stayed under the pointer"
    );
    // Its number is another game's now (BotG - BotH): not that one either.
    assert!(held.accesskit_node().is_disabled(), "a game gone: greyed");
    assert!(h.query_by_label("Observe game 7").is_none());
    // The pointer leaves: the list is the server's.
    h.hover_at(egui::pos2(900.0, 700.0));
    h.run_steps(3);
    assert!(
        !h.get_by_label("Observe game 2")
            .accesskit_node()
            .is_disabled(),
        "BotG - BotH's game 2"
    );
    assert!(h.query_by_label("Observe game 7").is_some());
}

/// After a logout nothing of the session's people stays: the players
/// listed (their Match buttons challenged nobody) and a friend's news.
#[test]
fn a_logout_leaves_no_players_and_no_friends_news() {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "Me".into(),
    });
    feed(
        &mut app,
        b"<wa> BotB 001222 1326P1169P0P0P0P0P0P0P\n\rfics% \n\rNotification: BotB has arrived.\n\rfics% ",
    );
    assert!(app.lobby().players.get("BotB").is_some());
    let mut h = harness(app, [1100.0, 760.0]);
    assert!(h.query_by_label("Dismiss").is_some(), "the news");
    h.state_mut().apply_status(kibitz::net::Status::Stopped {
        reason: "logged out".into(),
    });
    h.run_steps(3);
    assert!(h.state().lobby().players.is_empty(), "no players listed");
    // (The live region may still say it: what was said was said.)
    assert!(h.query_by_label("Dismiss").is_none(), "no notice");
}
