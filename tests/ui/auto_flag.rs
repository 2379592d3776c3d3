//! Auto-flag against the scripted server, on boards in whole seconds (the
//! old FICS): no claim while the dropped fraction may still be on the
//! opponent's clock, a claim once it surely is not, another a second after
//! "Your opponent is not out of time!", none after the forfeit. The same game
//! asks the player for its start, move, low-time and end sounds.

use crate::common;
use common::fake_server;
use common::scripted_window;

use std::time::Duration;

use common::served::Served;
use common::window;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::KibitzApp;
use kibitz::protocol::command::Command;
use kibitz::protocol::message::GameResult;
use kibitz::sound::{Player, Sound};
use scripted_window::{connect, live_app, logged_in, wait_for};
use shakmaty::Color;

fn board(rows: &str, rest: &str) -> Vec<u8> {
    format!("\n\r<12> {rows} {rest}\n\rfics% ").into_bytes()
}

/// The boards of 1. e4 e5 2. Nf3, a 1 0 game of guest (White) against
/// BotA: White's clock falls under 10 s before Nf3; Black, to move, has
/// 59 s and never moves.
fn boards() -> [Vec<u8>; 4] {
    let g = "7 guest BotA";
    [
        board(
            "rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR",
            &format!("W -1 1 1 1 1 0 {g} 1 1 0 39 39 60 60 1 none (0:00) none 0"),
        ),
        board(
            "rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR",
            &format!("B 4 1 1 1 1 0 {g} -1 1 0 39 39 60 60 1 P/e2-e4 (0:00) e4 0"),
        ),
        board(
            "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR",
            &format!("W 4 1 1 1 1 0 {g} 1 1 0 39 39 9 60 2 P/e7-e5 (0:00) e5 0"),
        ),
        board(
            "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R",
            &format!("B -1 1 1 1 1 1 {g} -1 1 0 39 39 8 59 2 N/g1-f3 (0:01) Nf3 0"),
        ),
    ]
}

fn flags_sent(app: &KibitzApp) -> usize {
    app.sent().iter().filter(|c| **c == Command::Flag).count()
}

#[test]
fn auto_flag_claims_again_until_the_server_agrees() {
    let b = boards();
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let line = |text: &str| Step::Expect(Expected::Line(text.into()));
    let mut start = b"\n\rCreating: guest (++++) BotA (1500) unrated lightning 1 0\n\r{Game 7 (guest vs. BotA) Creating unrated lightning match.}\n\r".to_vec();
    start.extend_from_slice(&b[0]);
    script.steps.extend([
        Step::Send(start),
        line("e2-e4"),
        Step::Send([b[1].clone(), b[2].clone()].concat()),
        line("g1-f3"),
        Step::Send(b[3].clone()),
        line("flag"),
        Step::Send(b"\n\rYour opponent is not out of time!\n\rfics% ".to_vec()),
        line("flag"),
        Step::Send(b"\n\r{Game 7 (guest vs. BotA) BotA forfeits on time} 1-0\n\rfics% ".to_vec()),
    ]);
    let served = Served::start(vec![script]);

    let mut app = live_app();
    app.settings_mut().play.auto_flag = true;
    let (player, played) = Player::recording();
    app.set_sound_player(player);
    let mut h = window(app, [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    let ply = |n: u32| move |app: &KibitzApp| app.store().get(7).is_some_and(|g| g.ply() == n);
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "the game", &ply(0));
    let mv = |uci: &str, app: &KibitzApp| {
        let game = app.store().get(7).expect("game");
        let position = game.position().expect("position");
        shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
            .expect("uci")
            .to_move(&position)
            .expect("legal")
    };
    let e4 = mv("e2e4", h.state());
    h.state_mut().play(7, e4);
    wait_for(&mut h, "1... e5", &ply(2));
    h.run_steps(2);
    let nf3 = mv("g1f3", h.state());
    h.state_mut().play(7, nf3);
    wait_for(&mut h, "2. Nf3 from the server", &|app| {
        app.store()
            .get(7)
            .is_some_and(|g| g.ply() == 3 && g.clock.running() == Some(Color::Black))
    });
    // When Black's 59 s are up by our clock: the board said whole seconds,
    // so up to a second more may be left.
    let now = h.state().now();
    let left_ms = h
        .state()
        .store()
        .get(7)
        .expect("game")
        .remaining_ms(Color::Black, now);
    let zero = now + Duration::from_millis(u64::try_from(left_ms).expect("time left"));
    let at = |h: &mut egui_kittest::Harness<'_, KibitzApp>, after_zero_ms: u64| {
        h.state_mut()
            .set_time(zero + Duration::from_millis(after_zero_ms));
        h.run_steps(2);
    };
    at(&mut h, 900);
    assert_eq!(flags_sent(h.state()), 0, "0.9 s of rounding may be left");
    at(&mut h, 1000);
    assert_eq!(flags_sent(h.state()), 1, "surely out");
    wait_for(&mut h, "the refusal", &|app| {
        app.console()
            .lines
            .iter()
            .any(|l| l.text.contains("not out of time"))
    });
    at(&mut h, 1500);
    assert_eq!(flags_sent(h.state()), 1, "at most one claim a second");
    at(&mut h, 2000);
    assert_eq!(flags_sent(h.state()), 2, "claimed again");
    wait_for(&mut h, "the forfeit", &|app| {
        app.store().get(7).is_some_and(|g| g.is_over())
    });
    let outcome = h.state().store().get(7).and_then(|g| g.outcome.clone());
    assert_eq!(outcome.map(|o| o.result), Some(GameResult::WhiteWins));
    at(&mut h, 10_000);
    assert_eq!(flags_sent(h.state()), 2, "no claim after the end");

    let played = played.lock().expect("played").clone();
    assert_eq!(played.first(), Some(&Sound::GameStart), "{played:?}");
    assert_eq!(played.last(), Some(&Sound::GameEnd), "{played:?}");
    let moves = played.iter().filter(|s| **s == Sound::Move).count();
    assert_eq!(moves, 3, "e4, e5, Nf3: {played:?}");
    assert!(played.contains(&Sound::LowTime), "{played:?}");
    served.finish();
}
