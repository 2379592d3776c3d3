//! The Training tab against a scripted server standing in for puzzlebot
//! (its lines as a real session of it has them): a problem asked with one
//! click, its objective over the board, a wrong move taken back, a hint,
//! solved, and the next problem on the same game number.

use crate::common;
use common::fake_server;
use common::scripted_window;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::training::bots::{Session, Standing};

use common::served::Served;
use common::window;
use fake_server::{Expected, Script, Step, fixture_path};
use scripted_window::{connect, live_app, logged_in, wait_for};

fn line(text: &str) -> Step {
    Step::Expect(Expected::Line(text.into()))
}

fn send(lines: &[&str]) -> Step {
    let mut bytes = Vec::new();
    for line in lines {
        bytes.extend_from_slice(format!("\n\r{line}").as_bytes());
    }
    bytes.extend_from_slice(b"\n\rfics% ");
    Step::Send(bytes)
}

/// A guest logged in on a scripted server that then plays `steps`, the
/// lobby's Training tab shown.
fn training_tab(steps: Vec<Step>) -> (Served, Harness<'static, KibitzApp>) {
    let mut script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    script.steps.extend(steps);
    let served = Served::start(vec![script]);
    let mut h = window(live_app(), [1180.0, 820.0]);
    connect(&mut h, &served.addr, "guest", None);
    wait_for(&mut h, "login", &logged_in);
    h.get_by_label("Training").click();
    h.run_steps(2);
    (served, h)
}

/// Frames until the training session is as `done` says.
fn wait_session(h: &mut Harness<'_, KibitzApp>, what: &str, done: impl Fn(&Session) -> bool) {
    wait_for(h, what, &|app| {
        app.lobby().training.session.as_ref().is_some_and(&done)
    });
}

const FIRST: &str = "<12> --kr---r pp--qppp --n-bn-- ---p---- ---P---- --N-BN-- PPQ--PPP --KR---R W -1 0 0 0 0 0 127 Trainee puzzlebot 2 0 0 0 0 0 0 1 none (0:00.000) none 0 0 0";
const SECOND: &str = "<12> r---k--r ppp--ppp --n-b--- ---pq--- ---P---- --N-B--- PPP-QPPP R---K--R B -1 0 0 0 0 0 127 puzzlebot Trainee 2 0 0 0 0 0 0 1 none (0:00.000) none 0 0 0";

#[test]
fn a_puzzle_from_one_click_to_solved_and_the_next() {
    let (served, mut h) = training_tab(vec![
        line("set kibitz 1"),
        line("tell puzzlebot gm2"),
        send(&[
            "You are now observing game 127.",
            "Game 127: Trainee (0) puzzlebot (0) unrated untimed 0 0",
            "Removing game 127 from observation list.",
            "puzzlebot has made you an examiner of game 127.",
            FIRST,
            "puzzlebot(TD)(----)[127] kibitzes: This is mate problem number [00655]",
            "puzzlebot(TD)(----)[127] kibitzes: White moves and mates in 2 moves.",
            "puzzlebot stopped examining game 127.",
        ]),
        // A wrong move, taken back by the bot.
        send(&[
            "puzzlebot is now an examiner of game 127.",
            "Game 127: puzzlebot backs up 1 move.",
            "puzzlebot(TD)(----)[127] kibitzes: There is a better move.",
            "puzzlebot stopped examining game 127.",
        ]),
        line("tell puzzlebot hint"),
        send(&["puzzlebot(TD)(----)[127] kibitzes: Look at the knight on c6."]),
        send(&[
            "Game 127: Black checkmated 1-0",
            "puzzlebot(TD)(----)[127] kibitzes: You solved problem number [00655] in 02m01s",
            "puzzlebot(TD)(----)[127] kibitzes: You made 1 wrong moves and needed 1 hints",
        ]),
        line("unexamine"),
        line("tell puzzlebot next"),
        send(&[
            "You are no longer examining game 127.",
            "puzzlebot has made you an examiner of game 127.",
            SECOND,
            "puzzlebot(TD)(----)[127] kibitzes: This is mate problem number [00656]",
            "puzzlebot(TD)(----)[127] kibitzes: Black moves and mates in 2 moves.",
        ]),
    ]);
    h.get_by_label("Mate in 2").click();
    wait_session(&mut h, "the objective", |s| s.objective.is_some());
    h.run_steps(2);
    // Over the board, and in the tab.
    assert!(
        h.query_all_by_label("White moves and mates in 2 moves.")
            .count()
            >= 1
    );
    assert!(h.state().store().get(127).is_some());
    wait_session(&mut h, "the wrong move", |s| s.wrong == 1);
    h.run_steps(2);
    // In the tab and over the board.
    assert_eq!(h.query_all_by_label("Your move · 1 wrong move").count(), 2);
    h.query_all_by_label("Hint").next().expect("Hint").click();
    wait_session(&mut h, "solved", |s| {
        s.standing_words() == "Solved in 2 min 1 s"
    });
    h.run_steps(2);
    assert!(
        h.query_all_by_label("Solved in 2 min 1 s · 1 wrong move · 1 hint")
            .count()
            >= 1
    );
    // The hint was said (its words go when the problem is solved).
    assert!(
        h.state()
            .console()
            .lines
            .iter()
            .any(|l| l.text.contains("Look at the knight on c6.")),
    );
    // The bot's words are its own tab's, not the console's only.
    assert!(
        h.state()
            .console()
            .talks
            .iter()
            .any(|t| t.conversation.title() == "puzzlebot"),
    );
    h.query_all_by_label("Next").next().expect("Next").click();
    wait_for(&mut h, "the next problem", &|app| {
        app.lobby()
            .training
            .session
            .as_ref()
            .and_then(|s| s.objective.clone())
            .is_some_and(|o| o.starts_with("Black"))
    });
    let session = h
        .state()
        .lobby()
        .training
        .session
        .clone()
        .expect("a session");
    assert_eq!(session.game, Some(127));
    assert_eq!((session.wrong, session.hints), (0, 0));
    // Black to play: the board is seen from Black's side.
    h.run_steps(2);
    let game = h.state().store().get(127).expect("the puzzle's game");
    assert_eq!(game.seen_from, Some(shakmaty::Color::Black));
    served.finish();
}

/// A lecture of LectureBot's, followed with one click, as PyChess's
/// session of it has the lines: its words over the board, over when it
/// says so, and Stop follows nobody and leaves the board.
#[test]
fn a_lecture_followed_to_its_end_and_stopped() {
    let (served, mut h) = training_tab(vec![
        line("set kibitz 1"),
        line("follow LectureBot"),
        send(&[
            "You will now be following LectureBot's games.",
            "LectureBot, whom you are following, has started examining a game.",
            "You are now observing game 1.",
            "Game 1: LectureBot (0) LectureBot (0) unrated untimed 0 0",
            "<12> rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R B -1 1 1 1 1 1 1 Henley Browne -2 0 0 39 39 0 0 1 N/g1-f3 (0:00.000) Nf3 0 0 0",
            "LectureBot(TD)(----)[1] kibitzes: Henley against Browne: White starts with Nf3.",
        ]),
        // The user asks about it meanwhile; then the lecture ends.
        line("finger LectureBot"),
        send(&["Finger of LectureBot(TD):"]),
        send(&[
            "LectureBot(TD)(----)[1] kibitzes: That concludes this lecture. If this lecture inspired you to write your own lecture, \"finger LectureBot\" and read note 8.",
        ]),
        line("follow"),
        line("unobserve 1"),
    ]);
    h.get_by_label("Follow its lectures").click();
    wait_session(&mut h, "the lecture's words", |s| s.last_said.is_some());
    h.run_steps(2);
    assert!(h.state().store().get(1).is_some(), "its board");
    // Over the board: what it is, how it stands, its words; no Hint.
    assert!(h.query_all_by_label("Lecture going on").count() >= 1);
    assert!(
        h.query_all_by_label("Henley against Browne: White starts with Nf3.")
            .count()
            >= 1
    );
    assert!(h.query_all_by_label("Hint").next().is_none());
    h.get_by_label("About LectureBot").click();
    wait_session(&mut h, "the lecture over", |s| s.standing == Standing::Over);
    // Still following (the next lecture comes on a board too): Stop
    // follows nobody and leaves the board.
    h.run_steps(2);
    assert!(
        h.query_all_by_label("Lecture over: still following LectureBot")
            .count()
            >= 1
    );
    h.query_all_by_label("Stop").next().expect("Stop").click();
    wait_session(&mut h, "stopped", |s| s.standing == Standing::Stopped);
    served.finish();
}

/// An endgame asked by name with one click, as Free Chess Club reads
/// endgamebot: its greeting is the user's move, a better move taken
/// back is counted, a hint, the end said, and Next plays it again.
#[test]
fn an_endgame_from_one_click_to_over_and_again() {
    const KRK: &str = "<12> -------- -------- -------- ----k--- -------- -------- -------- R---K--- W -1 0 0 0 0 0 58 Trainee endgamebot 2 0 0 0 0 0 0 1 none (0:00.000) none 0 0 0";
    let hello = "endgamebot(*)(TD)(----)[58] kibitzes: Hello from endgamebot. \"tell endgamebot hint\" if you want a hint or \"back\" if you want to make a different move";
    let (served, mut h) = training_tab(vec![
        line("set kibitz 1"),
        line("tell endgamebot play krk"),
        send(&[
            "endgamebot has made you an examiner of game 58.",
            KRK,
            hello,
            "endgamebot(*)(TD)(----)[58] kibitzes: You have a better move.",
        ]),
        line("tell endgamebot hint"),
        send(&["endgamebot(*)(TD)(----)[58] kibitzes: Drive the king to the edge with your rook."]),
        send(&["endgamebot(*)(TD)(----)[58] kibitzes: Thank you for playing endgamebot."]),
        line("unexamine"),
        line("set kibitz 1"),
        line("tell endgamebot play krk"),
        send(&[
            "endgamebot has made you an examiner of game 58.",
            KRK,
            hello,
        ]),
    ]);
    h.get_by_label("King and rook against king").click();
    wait_session(&mut h, "the better move", |s| s.wrong == 1);
    h.run_steps(2);
    assert!(h.state().store().get(58).is_some(), "its board");
    assert!(h.query_all_by_label("Your move · 1 wrong move").count() >= 1);
    let hint_at = h.query_all_by_label("Hint").next().expect("Hint").rect();
    h.query_all_by_label("Hint").next().expect("Hint").click();
    wait_session(&mut h, "the end", |s| s.standing == Standing::Over);
    h.run_steps(2);
    assert!(
        h.state().console().lines.iter().any(|l| l
            .text
            .contains("Drive the king to the edge with your rook.")),
        "the hint said"
    );
    assert!(h.query_all_by_label("Over · 1 wrong move · 1 hint").count() >= 1);
    // The bar's words grew; its buttons stayed where they were.
    let hint_now = h.query_all_by_label("Hint").next().expect("Hint").rect();
    assert_eq!(hint_now, hint_at, "Hint stayed under the pointer");
    h.query_all_by_label("Next").next().expect("Next").click();
    wait_session(&mut h, "the endgame again", |s| {
        s.standing == Standing::Going && s.wrong == 0
    });
    served.finish();
}
