//! The training bots' words: freechess.org's `puzzlebot` (mates, tactics,
//! studies), `endgamebot` (endgames played out against a tablebase) and
//! `LectureBot` (lectures given on a game it examines, to its followers).
//! They make the user an examiner of a game with the position, and speak
//! in kibitzes to it (`puzzlebot(TD)(----)[127] kibitzes: ...`), or in
//! tells; this reads what such a chat line means. As a real session of
//! puzzlebot's shows (PyChess's test transcript), and as Free Chess Club
//! reads endgamebot:
//!
//! ```text
//! This is mate problem number [00655]
//! White moves and mates in 2 moves.
//! There is a better move.
//! You solved problem number [00655] in 02m01s
//! You made 1 wrong moves and needed 0 hints
//! To solve the next problem type "tell puzzlebot next". ...
//! Hello from endgamebot. "tell endgamebot hint" if you want a hint ...
//! You have a better move.
//! Thank you for playing endgamebot.
//! That concludes this lecture. If this lecture inspired you ...
//! ```

use serde::Serialize;

use super::chat::{ChatKind, ChatLine};

/// Which training bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrainingBot {
    Puzzle,
    Endgame,
    Lecture,
}

impl TrainingBot {
    pub fn handle(self) -> &'static str {
        match self {
            TrainingBot::Puzzle => "puzzlebot",
            TrainingBot::Endgame => "endgamebot",
            TrainingBot::Lecture => "LectureBot",
        }
    }

    /// The user plays on the bot's board (puzzlebot, endgamebot); a
    /// lecture is watched.
    pub fn is_interactive(self) -> bool {
        self != TrainingBot::Lecture
    }

    pub fn of_handle(handle: &str) -> Option<TrainingBot> {
        [
            TrainingBot::Puzzle,
            TrainingBot::Endgame,
            TrainingBot::Lecture,
        ]
        .into_iter()
        .find(|b| b.handle().eq_ignore_ascii_case(handle))
    }
}

/// What a training bot said.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "news", rename_all = "snake_case")]
pub enum TrainingNews {
    /// `This is mate problem number [00655]`: `kind` as said (`mate`,
    /// `tactics`, `study` ...).
    Problem { kind: String, number: String },
    /// `White moves and mates in 2 moves.`: what to do.
    Objective { text: String },
    /// The move played is not the best: the bot takes it back.
    BetterMove,
    /// `You solved problem number [00655] in 02m01s`.
    Solved { number: String, time: String },
    /// `You made 1 wrong moves and needed 0 hints`.
    Tally { wrong: u32, hints: u32 },
    /// endgamebot's greeting: an endgame begins.
    Hello,
    /// `Thank you for playing endgamebot.`, `That concludes this
    /// lecture.`: the endgame or the lecture is over.
    Over,
    /// The bot's instructions (`type "tell puzzlebot next"`): a client
    /// has buttons for them.
    HowTo,
    /// Anything else (a hint, a refusal), in its words.
    Said { text: String },
}

/// A kibitz or tell of a training bot's, read; None for anyone else's.
pub fn read(chat: &ChatLine) -> Option<(TrainingBot, TrainingNews)> {
    if !matches!(
        chat.kind,
        ChatKind::Kibitz | ChatKind::Whisper | ChatKind::Tell
    ) {
        return None;
    }
    let bot = TrainingBot::of_handle(&chat.from)?;
    Some((bot, news(chat.text.trim())))
}

fn news(text: &str) -> TrainingNews {
    if let Some(rest) = text.strip_prefix("This is ")
        && let Some((kind, number)) = rest.split_once(" problem number ")
    {
        return TrainingNews::Problem {
            kind: kind.trim().to_owned(),
            number: number.trim().trim_matches(['[', ']']).to_owned(),
        };
    }
    if let Some(rest) = text.strip_prefix("You solved problem number ")
        && let Some((number, time)) = rest.split_once(" in ")
    {
        return TrainingNews::Solved {
            number: number.trim().trim_matches(['[', ']']).to_owned(),
            time: time.trim().trim_end_matches('.').to_owned(),
        };
    }
    if let Some(rest) = text.strip_prefix("You made ") {
        let numbers: Vec<u32> = rest
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        if let [wrong, hints] = numbers.as_slice() {
            return TrainingNews::Tally {
                wrong: *wrong,
                hints: *hints,
            };
        }
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("white moves")
        || lower.starts_with("black moves")
        || lower.starts_with("white to play")
        || lower.starts_with("black to play")
        || lower.starts_with("white to move")
        || lower.starts_with("black to move")
    {
        return TrainingNews::Objective {
            text: text.to_owned(),
        };
    }
    if lower.contains("there is a better move") || lower.contains("you have a better move") {
        return TrainingNews::BetterMove;
    }
    if lower.starts_with("hello from endgamebot") {
        return TrainingNews::Hello;
    }
    if lower.starts_with("thank you for playing endgamebot")
        || lower.starts_with("that concludes this lecture")
    {
        return TrainingNews::Over;
    }
    if lower.contains("type \"tell puzzlebot") || lower.contains("type \"tell endgamebot") {
        return TrainingNews::HowTo;
    }
    TrainingNews::Said {
        text: text.chars().take(400).collect(),
    }
}

#[cfg(test)]
mod tests;
