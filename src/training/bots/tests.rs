//! A puzzle and an endgame, fed as the bots send them.

use super::*;
use crate::protocol::decoder::StreamDecoder;

fn fed(training: &mut BotTraining, lines: &[&str]) -> Vec<String> {
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    for line in lines {
        decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
    }
    decoder.finish(&mut events);
    events.iter().filter_map(|e| training.apply(e)).collect()
}

fn lines(commands: &[Command]) -> Vec<String> {
    commands
        .iter()
        .map(|c| c.to_line().expect("a line"))
        .collect()
}

#[test]
fn a_mate_in_two_solved_after_a_wrong_move_then_the_next() {
    let mut training = BotTraining::default();
    assert_eq!(
        lines(&training.start_puzzle(Puzzle::Mate(2))),
        ["set kibitz 1", "tell puzzlebot gm2"]
    );
    assert_eq!(training.session.as_ref().unwrap().standing, Standing::Asked);
    let said = fed(
        &mut training,
        &[
            "You are now observing game 127.",
            "Removing game 127 from observation list.",
            "puzzlebot has made you an examiner of game 127.",
            "puzzlebot(TD)(----)[127] kibitzes: This is mate problem number [00655]",
            "puzzlebot(TD)(----)[127] kibitzes: White moves and mates in 2 moves.",
            "puzzlebot stopped examining game 127.",
        ],
    );
    assert_eq!(
        said,
        ["mate problem 00655", "White moves and mates in 2 moves."]
    );
    let session = training.session.clone().unwrap();
    assert_eq!(session.game, Some(127));
    assert_eq!(session.standing, Standing::Going);
    assert_eq!(
        session.objective.as_deref(),
        Some("White moves and mates in 2 moves.")
    );
    fed(
        &mut training,
        &[
            "Game 127: puzzlebot backs up 1 move.",
            "puzzlebot(TD)(----)[127] kibitzes: There is a better move.",
        ],
    );
    assert_eq!(training.session.as_ref().unwrap().wrong, 1);
    assert_eq!(lines(&[training.hint().unwrap()]), ["tell puzzlebot hint"]);
    let said = fed(
        &mut training,
        &[
            "Game 127: Black checkmated 1-0",
            "puzzlebot(TD)(----)[127] kibitzes: You solved problem number [00655] in 02m01s",
            "puzzlebot(TD)(----)[127] kibitzes: You made 1 wrong moves and needed 0 hints",
            "puzzlebot(TD)(----)[127] kibitzes: To solve the next problem type \"tell puzzlebot next\".",
        ],
    );
    assert_eq!(said, ["Solved, in 2 min 1 s"]);
    let session = training.session.clone().unwrap();
    assert_eq!(session.standing_words(), "Solved in 2 min 1 s");
    assert_eq!((session.wrong, session.hints), (1, 0));
    // Next: the game is left, the bot asked; the next problem may come on
    // the same game number.
    assert_eq!(
        lines(&training.next_one()),
        ["unexamine", "tell puzzlebot next"]
    );
    fed(
        &mut training,
        &[
            "puzzlebot has made you an examiner of game 127.",
            "puzzlebot(TD)(----)[127] kibitzes: This is mate problem number [00656]",
            "puzzlebot(TD)(----)[127] kibitzes: Black moves and mates in 2 moves.",
        ],
    );
    let session = training.session.clone().unwrap();
    assert_eq!(session.problem, Some(("mate".into(), "00656".into())));
    assert_eq!(session.standing, Standing::Going);
    assert_eq!(session.wrong, 0);
    assert_eq!(session.title(), "Mate problem 00656");
    assert_eq!(
        lines(&[training.solution().unwrap()]),
        ["tell puzzlebot solve"]
    );
    assert_eq!(training.session.as_ref().unwrap().standing, Standing::Shown);
    assert_eq!(
        lines(&training.stop()),
        ["tell puzzlebot stop", "unexamine"]
    );
    assert_eq!(
        training.session.as_ref().unwrap().standing,
        Standing::Stopped
    );
}

#[test]
fn an_endgame_to_its_end_and_again() {
    let mut training = BotTraining::default();
    assert_eq!(
        lines(&training.start_endgame("kbnk")),
        ["set kibitz 1", "tell endgamebot play kbnk"]
    );
    assert_eq!(
        training.session.as_ref().unwrap().asked,
        "King, bishop and knight against king"
    );
    let said = fed(
        &mut training,
        &[
            "endgamebot has made you an examiner of game 58.",
            "endgamebot(*)(TD)(----)[58] kibitzes: Hello from endgamebot. \"tell endgamebot hint\" if you want a hint or \"back\" if you want to make a different move",
            "endgamebot(*)(TD)(----)[58] kibitzes: You have a better move.",
        ],
    );
    assert_eq!(
        said,
        [
            "King, bishop and knight against king: your move",
            "There is a better move: it was taken back."
        ]
    );
    assert_eq!(
        lines(&[training.solution().unwrap()]),
        ["tell endgamebot move"]
    );
    assert_eq!(training.session.as_ref().unwrap().standing, Standing::Going);
    assert_eq!(lines(&[training.back().unwrap()]), ["tell endgamebot back"]);
    fed(
        &mut training,
        &["endgamebot(*)(TD)(----)[58] kibitzes: Thank you for playing endgamebot."],
    );
    assert_eq!(training.session.as_ref().unwrap().standing, Standing::Over);
    assert_eq!(
        lines(&training.next_one()),
        ["unexamine", "set kibitz 1", "tell endgamebot play kbnk"]
    );
    // Another bot's or somebody's kibitz is none of the session's.
    let said = fed(
        &mut training,
        &[
            "puzzlebot(TD)(----)[127] kibitzes: There is a better move.",
            "BotA(1500)[58] kibitzes: nice",
        ],
    );
    assert!(said.is_empty());
    assert_eq!(training.session.as_ref().unwrap().wrong, 0);
}

#[test]
fn a_bot_not_on_the_server_is_said() {
    let mut training = BotTraining::default();
    training.start_endgame("kqk");
    let said = fed(
        &mut training,
        &["No player named \"endgamebot\" is online."],
    );
    assert_eq!(said, ["endgamebot is not on this server."]);
    let session = training.session.as_ref().unwrap();
    assert_eq!(session.standing, Standing::Absent);
    assert_eq!(session.standing_words(), "endgamebot is not on this server");
}

#[test]
fn a_lecture_followed_watched_to_its_end_and_stopped() {
    let mut training = BotTraining::default();
    assert_eq!(
        lines(&training.follow_lectures()),
        ["set kibitz 1", "follow LectureBot"]
    );
    let session = training.session.as_ref().unwrap();
    assert_eq!(
        session.standing_words(),
        "Following LectureBot: its next lecture shows on a board"
    );
    // A lecture watched is no problem to solve: no hint, solution, back.
    assert_eq!(training.hint(), None);
    assert_eq!(training.solution(), None);
    assert_eq!(training.back(), None);
    // As PyChess's LectureBot session has it.
    let said = fed(
        &mut training,
        &[
            "LectureBot, whom you are following, has started examining a game.",
            "You are now observing game 1.",
            "Game 1: LectureBot (0) LectureBot (0) unrated untimed 0 0",
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Henley Browne -2 0 0 39 39 0 0 1 none (0:00.000) none 0 0 0",
            "LectureBot(TD)(----)[1] kibitzes: Today: Henley against Browne.",
        ],
    );
    assert_eq!(said, ["Today: Henley against Browne."]);
    let session = training.session.as_ref().unwrap();
    assert_eq!(session.game, Some(1));
    assert_eq!(session.standing_words(), "Lecture going on");
    let said = fed(
        &mut training,
        &[
            "LectureBot(TD)(----)[1] kibitzes: That concludes this lecture. If this lecture inspired you to write your own lecture, \"finger LectureBot\" and read note 8.",
        ],
    );
    assert_eq!(said, ["The lecture is over."]);
    // The next lecture, on another game: going on again.
    fed(
        &mut training,
        &["LectureBot(TD)(----)[4] kibitzes: Welcome to another lecture."],
    );
    let session = training.session.as_ref().unwrap();
    assert_eq!(
        (session.game, &session.standing),
        (Some(4), &Standing::Going)
    );
    // Stop: follow nobody, leave its board.
    assert_eq!(lines(&training.stop()), ["follow", "unobserve 4"]);
}
