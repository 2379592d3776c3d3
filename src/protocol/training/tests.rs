//! The bots' lines as a real puzzlebot session has them (PyChess's test
//! transcript) and as Free Chess Club reads endgamebot.

use super::*;
use crate::protocol::chat::parse_chat;

fn said(line: &str) -> Option<(TrainingBot, TrainingNews)> {
    read(&parse_chat(line).expect("a chat line"))
}

fn puzzle(line: &str) -> TrainingNews {
    match said(line) {
        Some((TrainingBot::Puzzle, news)) => news,
        other => panic!("{line:?}: {other:?}"),
    }
}

#[test]
fn a_puzzle_from_start_to_solved() {
    assert_eq!(
        puzzle("puzzlebot(TD)(----)[127] kibitzes: This is mate problem number [00655]"),
        TrainingNews::Problem {
            kind: "mate".into(),
            number: "00655".into()
        }
    );
    assert_eq!(
        puzzle("puzzlebot(TD)(----)[127] kibitzes: White moves and mates in 2 moves."),
        TrainingNews::Objective {
            text: "White moves and mates in 2 moves.".into()
        }
    );
    assert_eq!(
        puzzle("puzzlebot(TD)(----)[127] kibitzes: There is a better move."),
        TrainingNews::BetterMove
    );
    assert_eq!(
        puzzle("puzzlebot(TD)(----)[127] kibitzes: You solved problem number [00655] in 02m01s"),
        TrainingNews::Solved {
            number: "00655".into(),
            time: "02m01s".into()
        }
    );
    assert_eq!(
        puzzle("puzzlebot(TD)(----)[127] kibitzes: You made 1 wrong moves and needed 0 hints"),
        TrainingNews::Tally { wrong: 1, hints: 0 }
    );
    assert_eq!(
        puzzle(
            "puzzlebot(TD)(----)[127] kibitzes: To solve the next problem type \"tell puzzlebot next\". To solve the previous problem type \"tell puzzlebot previous\""
        ),
        TrainingNews::HowTo
    );
    assert_eq!(
        puzzle("puzzlebot(TD) tells you: Your current problem has been stopped"),
        TrainingNews::Said {
            text: "Your current problem has been stopped".into()
        }
    );
}

#[test]
fn an_endgame_and_other_speakers() {
    let endgame = |line| match said(line) {
        Some((TrainingBot::Endgame, news)) => news,
        other => panic!("{line:?}: {other:?}"),
    };
    assert_eq!(
        endgame(
            "endgamebot(*)(TD)(----)[58] kibitzes: Hello from endgamebot. \"tell endgamebot hint\" if you want a hint or \"back\" if you want to make a different move"
        ),
        TrainingNews::Hello
    );
    assert_eq!(
        endgame("endgamebot(*)(TD)(----)[58] kibitzes: You have a better move."),
        TrainingNews::BetterMove
    );
    assert_eq!(
        endgame("endgamebot(*)(TD)(----)[58] kibitzes: Thank you for playing endgamebot."),
        TrainingNews::Over
    );
    // Somebody else's kibitz, and the server's word that a tell went out.
    assert_eq!(
        said("BotA(1500)[127] kibitzes: There is a better move."),
        None
    );
    assert_eq!(said("(told puzzlebot, who is examining a game)"), None);
}

#[test]
fn a_lecture_said_and_concluded() {
    // As PyChess's LectureBot session has it.
    assert_eq!(
        said(
            "LectureBot(TD)(----)[1] kibitzes: That concludes this lecture. If this lecture inspired you to write your own lecture, \"finger LectureBot\" and read note 8."
        ),
        Some((TrainingBot::Lecture, TrainingNews::Over))
    );
    assert_eq!(
        said("LectureBot(TD)(----)[1] kibitzes: Black usually answers with ...c5 here."),
        Some((
            TrainingBot::Lecture,
            TrainingNews::Said {
                text: "Black usually answers with ...c5 here.".to_owned()
            }
        ))
    );
}
