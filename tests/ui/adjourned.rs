//! Adjourned games in the window: at login a notice names the opponents
//! online with a Resume for each (the old FICS's and FatICS's wording), an
//! opponent's arrival says so too, and a resumed game takes the place of
//! its adjourned panel and gets its whole move list.

use crate::common;

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::protocol::command::Command;

fn feed(h: &mut Harness<'_, KibitzApp>, text: &str) {
    common::serve(h.state_mut(), Duration::from_secs(20), text.as_bytes());
    h.run_steps(3);
}

/// The link dies: the connection is being made again.
fn drop_link(h: &mut Harness<'_, KibitzApp>) {
    h.state_mut().apply_status(kibitz::net::Status::RetryingIn {
        delay: Duration::from_secs(1),
        reason: "no answer from the server for 25 s".into(),
    });
}

/// The reconnect logged in again as Me.
fn log_in_again(h: &mut Harness<'_, KibitzApp>) {
    h.state_mut().apply_status(kibitz::net::Status::LoggedIn {
        handle: "Me".into(),
    });
    let now = h.state().now();
    h.state_mut().apply_event(
        now,
        &kibitz::protocol::event::Event::LoggedIn {
            handle: "Me".into(),
            titles: Vec::new(),
        },
    );
}

#[test]
fn the_login_notice_resumes_with_one_click() {
    // The old FICS: a bell, then the names on the next line.
    let app = common::app_with(&[]);
    let mut h = common::window(app, [1180.0, 820.0]);
    feed(
        &mut h,
        "1 player, who has an adjourned game with you, is online:\x07\n\rBotA  \n\rfics% ",
    );
    assert!(
        h.query_all_by_label_contains("adjourned game with BotA, who is online")
            .count()
            >= 1
    );
    h.get_by_label("Resume against BotA").click();
    h.run_steps(2);
    assert_eq!(
        h.state().sent().back(),
        Some(&Command::Resume("BotA".into()))
    );
    assert_eq!(
        Command::Resume("BotA".into()).to_line().unwrap(),
        "match BotA"
    );
    // FatICS: one line, two names; each gets a Resume.
    let app = common::app_with(&[]);
    let mut h = common::window(app, [1180.0, 820.0]);
    feed(
        &mut h,
        "2 players who have an adjourned game with you are online: BotA BotB\n\r",
    );
    assert!(h.query_by_label("Resume against BotA").is_some());
    assert!(h.query_by_label("Resume against BotB").is_some());
    // An opponent arriving later.
    feed(
        &mut h,
        "Notification: BotC, who has an adjourned game with you, has arrived.\n\r",
    );
    assert!(h.query_by_label("Resume against BotC").is_some());
}

#[test]
fn a_resumed_game_takes_the_adjourned_panel_with_all_its_moves() {
    const ADJOURNED: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 Me BotA -1 5 0 39 39 290 300 1 P/e2-e4 (0:10) e4 0";
    let app = common::app_with(&[
        ADJOURNED,
        "{Game 1 (Me vs. BotA) BotA lost connection; game adjourned} *",
    ]);
    let mut h = common::window(app, [1180.0, 820.0]);
    assert!(h.state().store().get(1).is_some_and(|g| g.is_over()));
    // Resumed under another number, at ply 3.
    feed(
        &mut h,
        "{Game 4 (Me vs. BotA) Continuing rated blitz match.}\n\r<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 4 Me BotA -1 5 0 39 39 280 290 2 N/g1-f3 (0:05) Nf3 0\n\r",
    );
    assert!(
        h.state().store().get(1).is_none(),
        "the adjourned panel gave way"
    );
    assert!(h.state().sent().contains(&Command::Moves(4)));
    feed(
        &mut h,
        "\n\rMovelist for game 4:\n\r\n\rMe (1500) vs. BotA (1500) --- Wed Nov 25 11:46 2026\n\rRated blitz match, initial time: 5 minutes, increment: 0 seconds.\n\r\n\rMove  Me                      BotA\n\r----  ---------------------   ---------------------\n\r  1.  e4      (0:10)          e5      (0:05)\n\r  2.  Nf3     (0:05)\n\r      {Still in progress} *\n\r\n\rfics% ",
    );
    let game = h.state().store().get(4).expect("the resumed game");
    let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
}

/// The user's own card asks for the stored games (quietly: no console
/// lines) and offers Resume for each; somebody else's card does not.
#[test]
fn our_own_card_lists_adjourned_games_to_resume() {
    use kibitz::net::Status;
    let mut app = common::app_with(&[]);
    app.apply_status(Status::LoggedIn {
        handle: "Me".into(),
    });
    app.open_profile("Me");
    assert!(app.sent().contains(&Command::Stored("Me".into())));
    let mut h = common::window(app, [1400.0, 900.0]);
    feed(
        &mut h,
        "\n\rStatistics for Me        On for: 1 min   Idle: 31 secs\n\r\n\rfics% Stored games for Me:\n\r    C Opponent       On Type          Str  M    ECO Date\n\r 1: W BotA            Y [bnr  5   0] 39-39 B6   B00 2026-11-25 11:46 UTC\n\rfics% ",
    );
    assert!(
        h.query_all_by_label_contains("against BotA (online)")
            .count()
            >= 1
    );
    // Every column the list gives (issue 32): colour, terms, whose move,
    // opening, date.
    assert!(
        h.query_by_label(
            "against BotA (online): you White, blitz 5 0 rated, Black to move, move 6, B00, 2026-11-25 11:46 UTC"
        )
        .is_some()
    );
    assert!(
        !h.state()
            .console()
            .lines
            .iter()
            .any(|l| l.text.contains("Stored games") || l.text.contains("BotA            Y")),
        "the reply to our own stored stays out of the console"
    );
    h.get_by_label("Resume against BotA").click();
    h.run_steps(2);
    assert_eq!(
        h.state().sent().back(),
        Some(&Command::Resume("BotA".into()))
    );
    // Another player's card: no stored games asked.
    let mut app = common::app_with(&[]);
    app.apply_status(Status::LoggedIn {
        handle: "Me".into(),
    });
    app.open_profile("BotA");
    assert!(!app.sent().iter().any(|c| matches!(c, Command::Stored(_))));
}

/// Our game when the link died: after the reconnect the server says it
/// adjourned it and the opponent is online. Kibitz resumes it by itself
/// (`match BotA`), the interrupted panel is archived as adjourned with its
/// moves and gives way to the game resumed.
#[test]
fn a_game_cut_off_by_a_dead_link_is_resumed_by_itself() {
    use kibitz::net::Status;
    use kibitz::protocol::message::EndReason;
    const PLAYING: [&str; 3] = [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Me BotA 1 5 0 39 39 300 300 1 none (0:00) none 0",
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 Me BotA -1 5 0 39 39 290 300 1 P/e2-e4 (0:10) e4 0",
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 1 Me BotA 1 5 0 39 39 290 295 2 P/e7-e5 (0:05) e5 0",
    ];
    let archive = common::TempDir::new("ui-resume");
    let mut app = common::app_with(&["**** Starting FICS session as Me ****"]);
    app.archive_into(archive.path().to_path_buf());
    app.apply_status(Status::LoggedIn {
        handle: "Me".into(),
    });
    let mut h = common::window(app, [1180.0, 820.0]);
    feed(
        &mut h,
        "Creating: Me (1500) BotA (1500) rated blitz 5 0\n\r{Game 1 (Me vs. BotA) Creating rated blitz match.}\n\r",
    );
    feed(&mut h, &format!("{}\n\r", PLAYING.join("\n\r")));
    assert_eq!(h.state().store().get(1).map(|g| g.ply()), Some(2));
    // The link dies; the reconnect logs in again.
    drop_link(&mut h);
    h.run_steps(2);
    assert!(h.state().store().get(1).is_some_and(|g| g.interrupted));
    log_in_again(&mut h);
    // The old FICS adjourned it when the second login kicked the first.
    feed(
        &mut h,
        "1 player, who has an adjourned game with you, is online:\x07\n\rBotA  \n\rfics% ",
    );
    assert!(
        h.state().sent().contains(&Command::Resume("BotA".into())),
        "{:?}",
        h.state().sent()
    );
    let cut = h
        .state()
        .store()
        .get(1)
        .expect("the panel stays till resumed");
    let outcome = cut.outcome.as_ref().expect("ended");
    assert_eq!(outcome.reason, EndReason::Adjourn);
    assert!(
        h.query_by_label("Resume against BotA").is_none(),
        "no button to press: it is done"
    );
    // The game comes back under another number.
    feed(
        &mut h,
        "{Game 4 (Me vs. BotA) Continuing rated blitz match.}\n\r<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 4 Me BotA 1 5 0 39 39 290 295 2 P/e7-e5 (0:05) e5 0\n\r",
    );
    assert!(h.state().store().get(1).is_none(), "the panel gave way");
    assert!(h.state().store().get(4).is_some_and(|g| !g.is_over()));
    assert!(!h.state().sent().contains(&Command::Abort));
    // Nothing lost: the moves before the drop are in the archive.
    h.state_mut().archive_written();
    let pgn = std::fs::read_dir(archive.path().join("games"))
        .expect("archive dir")
        .map(|e| std::fs::read_to_string(e.expect("entry").path()).expect("pgn"))
        .collect::<String>();
    assert!(
        pgn.contains("1. e4 {") && pgn.contains("1... e5 {"),
        "{pgn}"
    );
    assert!(
        pgn.contains("adjourned when the connection was lost"),
        "{pgn}"
    );
}

/// A server that cannot read its adjourned game back (the old FICS built
/// without timeseal) takes the `match BotA` for a new challenge: the new
/// game the user never asked for is said, and an abort offered.
#[test]
fn a_resume_the_server_turns_into_a_new_game_is_said_and_abort_offered() {
    use kibitz::net::Status;
    let mut app = common::app_with(&["**** Starting FICS session as Me ****"]);
    app.apply_status(Status::LoggedIn {
        handle: "Me".into(),
    });
    let mut h = common::window(app, [1180.0, 820.0]);
    feed(
        &mut h,
        "{Game 1 (Me vs. BotA) Creating unrated blitz match.}\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 Me BotA -1 5 0 39 39 290 300 1 P/e2-e4 (0:10) e4 0\n\r",
    );
    drop_link(&mut h);
    log_in_again(&mut h);
    feed(
        &mut h,
        "1 player, who has an adjourned game with you, is online:\x07\n\rBotA  \n\rfics% ",
    );
    assert!(h.state().sent().contains(&Command::Resume("BotA".into())));
    assert!(!h.state().sent().contains(&Command::Abort));
    feed(
        &mut h,
        "Issuing: Me (----) BotA (----) rated blitz 2 12.\n\rBotA accepts your challenge.\n\r{Game 1 (BotA vs. Me) Creating rated blitz match.}\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 BotA Me -1 2 12 39 39 120 120 1 none (0:00) none 0\n\r",
    );
    assert!(h.state().sent().contains(&Command::Abort));
    assert!(
        h.query_all_by_label_contains("could not resume your game with BotA")
            .count()
            >= 1
    );
}

/// The old FICS (rpblc) cannot read its adjourned games back and takes
/// `match NAME` for a new challenge: there the game cut off by a drop is
/// marked adjourned and Resume offered, never sent by itself.
#[test]
fn on_the_old_fics_resume_is_offered_not_sent() {
    use kibitz::net::Status;
    use kibitz::protocol::message::EndReason;
    let mut app = common::app_with(&[
        "Server version : rpblc-1.4.7",
        "**** Starting FICS session as Me ****",
    ]);
    app.apply_status(Status::LoggedIn {
        handle: "Me".into(),
    });
    let mut h = common::window(app, [1180.0, 820.0]);
    feed(
        &mut h,
        "{Game 1 (Me vs. BotA) Creating unrated blitz match.}\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 Me BotA -1 5 0 39 39 290 300 1 P/e2-e4 (0:10) e4 0\n\r",
    );
    drop_link(&mut h);
    log_in_again(&mut h);
    feed(
        &mut h,
        "2 players, who have an adjourned game with you, are online:\x07\n\rBotA BotA \n\rfics% ",
    );
    assert!(!h.state().sent().contains(&Command::Resume("BotA".into())));
    let outcome = h.state().store().get(1).and_then(|g| g.outcome.clone());
    assert_eq!(outcome.map(|o| o.reason), Some(EndReason::Adjourn));
    // Once, though the server names BotA for each adjourned game.
    assert_eq!(h.query_all_by_label("Resume against BotA").count(), 1);
    h.get_by_label("Resume against BotA").click();
    h.run_steps(2);
    // On the game's own terms: where this server starts a new game
    // instead, not one on its defaults.
    assert_eq!(
        h.state().sent().back(),
        Some(&Command::Raw("match BotA 5 0 unrated white".into()))
    );
}
