//! A whole short game played by keyboard only, against the scripted server:
//! SAN and coordinates typed on the board, a premove (castling), an
//! ambiguous and an illegal entry that send nothing, a command through the
//! command line reached with `/`, and resigning with its confirmation
//! (Alt+R twice). Drops and promotions are typed in `ui_type_in.rs`.

use crate::common;
use common::fake_server;
use common::scripted_window;

use common::served::Served;
use common::window;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use fake_server::{Expected, Script, Step, fixture_path};
use kibitz::app::KibitzApp;
use scripted_window::{connect, live_app, logged_in, wait_for};

fn board(rows: &str, rest: &str) -> Vec<u8> {
    format!("\n\r<12> {rows} {rest}\n\rfics% ").into_bytes()
}

fn boards() -> Vec<Vec<u8>> {
    let g = "7 Me Opp";
    vec![
        // 0: the start, our move.
        board(
            "rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR",
            &format!("W -1 1 1 1 1 0 {g} 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0"),
        ),
        // 1, 2: 1. e4 e5
        board(
            "rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR",
            &format!("B 4 1 1 1 1 0 {g} -1 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0 1 0"),
        ),
        board(
            "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR",
            &format!("W 4 1 1 1 1 0 {g} 1 5 0 39 39 300 300 2 P/e7-e5 (0:01) e5 0 1 0"),
        ),
        // 3, 4: 2. Nf3 Nc6
        board(
            "rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R",
            &format!("B -1 1 1 1 1 1 {g} -1 5 0 39 39 300 300 2 N/g1-f3 (0:01) Nf3 0 1 0"),
        ),
        board(
            "r-bqkbnr pppp-ppp --n----- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R",
            &format!("W -1 1 1 1 1 2 {g} 1 5 0 39 39 300 300 3 N/b8-c6 (0:01) Nc6 0 1 0"),
        ),
        // 5, 6: 3. Bc4 Nf6
        board(
            "r-bqkbnr pppp-ppp --n----- ----p--- --B-P--- -----N-- PPPP-PPP RNBQK--R",
            &format!("B -1 1 1 1 1 3 {g} -1 5 0 39 39 300 300 3 B/f1-c4 (0:01) Bc4 0 1 0"),
        ),
        board(
            "r-bqkb-r pppp-ppp --n--n-- ----p--- --B-P--- -----N-- PPPP-PPP RNBQK--R",
            &format!("W -1 1 1 1 1 4 {g} 1 5 0 39 39 300 300 4 N/g8-f6 (0:01) Nf6 0 1 0"),
        ),
        // 7: 4. O-O (the premove)
        board(
            "r-bqkb-r pppp-ppp --n--n-- ----p--- --B-P--- -----N-- PPPP-PPP RNBQ-RK-",
            &format!("B -1 0 0 1 1 5 {g} -1 5 0 39 39 300 300 4 o-o (0:01) O-O 0 1 0"),
        ),
    ]
}

#[test]
fn a_whole_game_by_keyboard() {
    let b = boards();
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let line = |text: &str| Step::Expect(Expected::Line(text.into()));
    let mut start = b"\n\rCreating: Me (1500) Opp (1500) rated blitz 5 0\n\r{Game 7 (Me vs. Opp) Creating rated blitz match.}\n\r".to_vec();
    start.extend_from_slice(&b[0]);
    script.steps.extend([
        Step::Send(start),
        line("e2-e4"),
        Step::Send([b[1].clone(), b[2].clone()].concat()),
        line("g1-f3"),
        Step::Send([b[3].clone(), b[4].clone()].concat()),
        line("f1-c4"),
        Step::Send(b[5].clone()),
        // The premove is queued, then the user asks the time.
        line("time"),
        Step::Send(b"\n\rServer time: Mon Nov 23 2026\n\rfics% ".to_vec()),
        Step::Send(b[6].clone()),
        line("o-o"),
        Step::Send(b[7].clone()),
        line("resign"),
        Step::Send(b"\n\r{Game 7 (Me vs. Opp) Me resigns} 0-1\n\rfics% ".to_vec()),
    ]);
    let served = Served::start(vec![script]);

    let mut h = window(live_app(), [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    let ply =
        |n: usize| move |app: &KibitzApp| app.store().get(7).is_some_and(|g| g.ply() == n as u32);
    let typed = |h: &mut Harness<'_, KibitzApp>, text: &str| {
        h.event(egui::Event::Text(text.to_owned()));
        h.run_steps(1);
        h.key_press(Key::Enter);
        h.run_steps(2);
    };
    wait_for(&mut h, "login", &logged_in);
    wait_for(&mut h, "the game", &ply(0));

    typed(&mut h, "e4");
    wait_for(&mut h, "1... e5", &ply(2));
    typed(&mut h, "g1f3");
    wait_for(&mut h, "2... Nc6", &ply(4));
    typed(&mut h, "Bc4");
    wait_for(&mut h, "3. Bc4 on the board", &ply(5));

    // Not our turn: an ambiguous and an illegal premove send nothing.
    let sent_before = h.state().sent().len();
    typed(&mut h, "N");
    assert!(
        h.state()
            .view(7)
            .and_then(|v| v.type_in.message.clone())
            .is_some_and(|m| m.contains("ambiguous")),
        "{:?}",
        h.state().view(7).map(|v| &v.type_in)
    );
    h.key_press(Key::Escape);
    h.run_steps(1);
    typed(&mut h, "Qh8");
    assert!(
        h.state()
            .view(7)
            .and_then(|v| v.type_in.message.clone())
            .is_some_and(|m| m.contains("no legal move")),
    );
    h.key_press(Key::Escape);
    h.run_steps(1);
    assert_eq!(h.state().sent().len(), sent_before, "nothing sent");

    // Castling as a premove, then a command through the command line.
    typed(&mut h, "O-O");
    assert!(h.state().view(7).is_some_and(|v| !v.premoves.is_empty()));
    h.event(egui::Event::Text("/".into()));
    h.run_steps(2);
    typed(&mut h, "time");
    wait_for(&mut h, "4. O-O played as the premove", &ply(7));
    // Esc leaves the command line for the board again.
    h.key_press(Key::Escape);
    h.run_steps(2);

    // Resigning: Alt+R arms, Alt+R again resigns.
    h.key_press_modifiers(Modifiers::ALT, Key::R);
    h.run_steps(2);
    assert!(
        !h.state()
            .sent()
            .iter()
            .any(|c| c.to_line().is_ok_and(|l| l == "resign"))
    );
    h.key_press_modifiers(Modifiers::ALT, Key::R);
    h.run_steps(2);
    wait_for(&mut h, "the end", &|app| {
        app.store().get(7).is_some_and(|g| g.is_over())
    });

    let received = served.finish();
    let moves: Vec<&String> = received
        .iter()
        .filter(|l| ["e2-e4", "g1-f3", "f1-c4", "o-o", "resign", "time"].contains(&l.as_str()))
        .collect();
    assert_eq!(moves, ["e2-e4", "g1-f3", "f1-c4", "time", "o-o", "resign"]);
}
