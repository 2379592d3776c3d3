//! A session with a training bot, as the Training tab and the bar over its
//! board show it: what was asked, the problem and its objective, the moves
//! the bot took back, hints, solved or over. Sans-IO: commands out, events
//! in (`protocol/training.rs` reads the bots' words).

use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::message::{ExaminerChange, Message};
use crate::protocol::notice::Notice;
use crate::protocol::training::{self, TrainingBot, TrainingNews};

/// puzzlebot's kinds of problem: the command's letters and words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Puzzle {
    /// Mate in N (`gm2`: mate in 2).
    Mate(u8),
    /// Tactics of a level, 1 (easy) to 4 (`gt1`).
    Tactics(u8),
    /// An endgame study (`gs`).
    Study,
}

impl Puzzle {
    pub fn command_word(self) -> String {
        match self {
            Puzzle::Mate(n) => format!("gm{n}"),
            Puzzle::Tactics(level) => format!("gt{level}"),
            Puzzle::Study => "gs".to_owned(),
        }
    }

    pub fn words(self) -> String {
        match self {
            Puzzle::Mate(n) => format!("Mate in {n}"),
            Puzzle::Tactics(level) => format!("Tactics, level {level}"),
            Puzzle::Study => "A study".to_owned(),
        }
    }
}

/// endgamebot's endgames: its name for each, and in words.
pub const ENDGAMES: [(&str, &str); 14] = [
    ("kqk", "King and queen against king"),
    ("krk", "King and rook against king"),
    ("kbbk", "King and two bishops against king"),
    ("kbnk", "King, bishop and knight against king"),
    ("kpk", "King and pawn against king"),
    ("kpkp", "King and pawn against king and pawn"),
    ("kppkp", "King and two pawns against king and pawn"),
    ("krpk", "King, rook and pawn against king"),
    ("krpkr", "King, rook and pawn against king and rook"),
    ("krkp", "King and rook against king and pawn"),
    ("krkn", "King and rook against king and knight"),
    ("kqkr", "King and queen against king and rook"),
    ("kqpkq", "King, queen and pawn against king and queen"),
    ("knnkp", "King and two knights against king and pawn"),
];

/// How a session stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Asked; the bot has not set the position up yet.
    Asked,
    /// The user's move.
    Going,
    /// Solved, in the time the bot said.
    Solved { time: String },
    /// The endgame is over (won, drawn or lost on the board).
    Over,
    /// The user stopped it.
    Stopped,
    /// The bot showed the solution.
    Shown,
    /// The bot is not on this server.
    Absent,
}

/// One session with a training bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub bot: TrainingBot,
    /// What was asked, in words (`Mate in 2`, `King and rook against king`).
    pub asked: String,
    /// The bot's command that started it (`gm2`, `play krk`): Next asks it
    /// again for an endgame.
    start_word: String,
    /// The game the bot set up for the user to examine.
    pub game: Option<u32>,
    /// `mate`, `00655`.
    pub problem: Option<(String, String)>,
    /// `White moves and mates in 2 moves.`
    pub objective: Option<String>,
    pub standing: Standing,
    /// Moves the bot took back.
    pub wrong: u32,
    pub hints: u32,
    /// The bot's last words that were none of the above (a hint ...).
    pub last_said: Option<String>,
}

/// The Training tab's state: the session going on, if any.
#[derive(Debug, Default)]
pub struct BotTraining {
    pub session: Option<Session>,
}

impl BotTraining {
    /// Asks puzzlebot for a problem. Kibitzes on: the bot speaks in them.
    pub fn start_puzzle(&mut self, puzzle: Puzzle) -> Vec<Command> {
        self.start(TrainingBot::Puzzle, puzzle.words(), puzzle.command_word())
    }

    /// Asks endgamebot for an endgame (`kbnk`).
    pub fn start_endgame(&mut self, name: &str) -> Vec<Command> {
        let words = ENDGAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map_or_else(|| name.to_owned(), |(_, w)| (*w).to_owned());
        self.start(TrainingBot::Endgame, words, format!("play {name}"))
    }

    /// Follows LectureBot: each lecture it gives is observed on a board,
    /// its words in kibitzes (`follow LectureBot`).
    pub fn follow_lectures(&mut self) -> Vec<Command> {
        self.start(
            TrainingBot::Lecture,
            "LectureBot's lectures".to_owned(),
            String::new(),
        )
    }

    fn start(&mut self, bot: TrainingBot, asked: String, word: String) -> Vec<Command> {
        let mut commands = self.leave_game();
        commands.push(Command::Raw("set kibitz 1".to_owned()));
        commands.push(match bot {
            TrainingBot::Lecture => Command::Raw(format!("follow {}", bot.handle())),
            _ => tell(bot, &word),
        });
        self.session = Some(Session {
            bot,
            asked,
            start_word: word,
            game: None,
            problem: None,
            objective: None,
            standing: Standing::Asked,
            wrong: 0,
            hints: 0,
            last_said: None,
        });
        commands
    }

    /// The game of a session going on is left first (the bots set up a
    /// new one).
    fn leave_game(&self) -> Vec<Command> {
        let going = self
            .session
            .as_ref()
            .is_some_and(|s| s.game.is_some() && s.standing != Standing::Stopped);
        match (&self.session, going) {
            // A lecture is observed, not examined.
            (
                Some(Session {
                    bot: TrainingBot::Lecture,
                    game: Some(game),
                    ..
                }),
                true,
            ) => {
                vec![Command::Raw(format!("unobserve {game}"))]
            }
            (_, true) => vec![Command::Raw("unexamine".to_owned())],
            _ => Vec::new(),
        }
    }

    pub fn hint(&mut self) -> Option<Command> {
        let session = self.session.as_mut().filter(|s| s.bot.is_interactive())?;
        session.hints += 1;
        Some(tell(session.bot, "hint"))
    }

    /// The bot plays the solution (puzzlebot `solve`) or its best move
    /// (endgamebot `move`).
    pub fn solution(&mut self) -> Option<Command> {
        let session = self.session.as_mut()?;
        let word = match session.bot {
            TrainingBot::Puzzle => {
                // The problem ends with it.
                session.standing = Standing::Shown;
                "solve"
            }
            TrainingBot::Endgame => "move",
            TrainingBot::Lecture => return None,
        };
        Some(tell(session.bot, word))
    }

    /// The next problem (puzzlebot `next`), the same endgame again.
    pub fn next_one(&mut self) -> Vec<Command> {
        let Some(session) = self.session.clone() else {
            return Vec::new();
        };
        match session.bot {
            TrainingBot::Puzzle => {
                let mut commands = self.leave_game();
                commands.push(tell(session.bot, "next"));
                self.session = Some(Session {
                    standing: Standing::Asked,
                    problem: None,
                    objective: None,
                    wrong: 0,
                    hints: 0,
                    last_said: None,
                    ..session
                });
                commands
            }
            TrainingBot::Endgame | TrainingBot::Lecture => self.start(
                session.bot,
                session.asked.clone(),
                session.start_word.clone(),
            ),
        }
    }

    /// Takes the user's last move back (the bot answers it again).
    pub fn back(&self) -> Option<Command> {
        let session = self.session.as_ref()?;
        Some(match session.bot {
            TrainingBot::Puzzle => Command::Raw("back 2".to_owned()),
            TrainingBot::Endgame => tell(session.bot, "back"),
            TrainingBot::Lecture => return None,
        })
    }

    /// Stops: the bot is told, its game left.
    pub fn stop(&mut self) -> Vec<Command> {
        let mut commands = Vec::new();
        if let Some(session) = &self.session {
            commands.push(match session.bot {
                // `follow` with no one: follow nobody.
                TrainingBot::Lecture => Command::Raw("follow".to_owned()),
                bot => tell(bot, "stop"),
            });
            commands.extend(self.leave_game());
        }
        if let Some(session) = &mut self.session {
            session.standing = Standing::Stopped;
        }
        commands
    }

    /// Closes the finished session's line in the tab.
    pub fn dismiss(&mut self) {
        self.session = None;
    }

    /// Folds an event in; the words a screen reader says of it, if any.
    pub fn apply(&mut self, event: &Event) -> Option<String> {
        let session = self.session.as_mut()?;
        match event {
            Event::Chat(chat) => {
                let (bot, news) = training::read(chat)?;
                if bot != session.bot {
                    return None;
                }
                if session.game.is_none() {
                    session.game = chat.game;
                }
                // A lecture's words: it goes on, on the game it examines
                // (the next lecture on a game of its own).
                if bot == TrainingBot::Lecture && news != TrainingNews::Over {
                    if chat.game.is_some() && session.game != chat.game {
                        session.game = chat.game;
                    }
                    if session.standing != Standing::Stopped {
                        session.standing = Standing::Going;
                    }
                }
                session.news(news, chat.game)
            }
            Event::Message(Message::Examiner {
                game,
                handle,
                change: ExaminerChange::MadeYou,
            }) if handle.eq_ignore_ascii_case(session.bot.handle()) => {
                // The bot set a position up for the user: a new one if
                // it reuses the game's number.
                session.game = Some(*game);
                if session.standing != Standing::Stopped {
                    session.standing = Standing::Going;
                }
                None
            }
            Event::Notice(Notice::NotOnline { handle })
                if handle.eq_ignore_ascii_case(session.bot.handle()) =>
            {
                session.standing = Standing::Absent;
                Some(format!("{} is not on this server.", session.bot.handle()))
            }
            Event::Message(Message::ExamineEnded { game }) if session.game == Some(*game) => {
                if matches!(session.standing, Standing::Going | Standing::Asked) {
                    session.standing = Standing::Stopped;
                }
                None
            }
            _ => None,
        }
    }
}

impl Session {
    fn news(&mut self, news: TrainingNews, game: Option<u32>) -> Option<String> {
        match news {
            TrainingNews::Problem { kind, number } => {
                // A new problem, maybe on the same game's number.
                self.problem = Some((kind.clone(), number.clone()));
                self.objective = None;
                self.standing = Standing::Going;
                self.wrong = 0;
                self.hints = 0;
                self.last_said = None;
                if game.is_some() {
                    self.game = game;
                }
                Some(format!("{kind} problem {number}"))
            }
            TrainingNews::Objective { text } => {
                self.objective = Some(text.clone());
                self.standing = Standing::Going;
                Some(text)
            }
            TrainingNews::BetterMove => {
                self.wrong += 1;
                Some("There is a better move: it was taken back.".to_owned())
            }
            TrainingNews::Solved { time, .. } => {
                let words = format!("Solved, in {}", time_words(&time));
                self.standing = Standing::Solved { time };
                // A hint's words are stale now.
                self.last_said = None;
                Some(words)
            }
            TrainingNews::Tally { wrong, hints } => {
                self.wrong = wrong;
                self.hints = hints;
                None
            }
            TrainingNews::Hello => {
                self.standing = Standing::Going;
                Some(format!("{}: your move", self.asked))
            }
            TrainingNews::Over => {
                self.standing = Standing::Over;
                Some(match self.bot {
                    TrainingBot::Lecture => "The lecture is over.".to_owned(),
                    _ => "The endgame is over.".to_owned(),
                })
            }
            TrainingNews::HowTo => None,
            TrainingNews::Said { text } => {
                self.last_said = Some(text.clone());
                Some(text)
            }
        }
    }

    /// The side the objective names (`Black moves and mates in 2`): its
    /// board is seen from there.
    pub fn side_to_play(&self) -> Option<shakmaty::Color> {
        let objective = self.objective.as_deref()?.to_ascii_lowercase();
        if objective.starts_with("white") {
            Some(shakmaty::Color::White)
        } else if objective.starts_with("black") {
            Some(shakmaty::Color::Black)
        } else {
            None
        }
    }

    /// How it stands, in words for the bar and the screen reader.
    pub fn standing_words(&self) -> String {
        match &self.standing {
            Standing::Asked if self.bot == TrainingBot::Lecture => {
                "Following LectureBot: its next lecture shows on a board".to_owned()
            }
            Standing::Asked => format!("Asking {} …", self.bot.handle()),
            Standing::Going if self.bot == TrainingBot::Lecture => "Lecture going on".to_owned(),
            Standing::Going => "Your move".to_owned(),
            Standing::Solved { time } => format!("Solved in {}", time_words(time)),
            Standing::Over if self.bot == TrainingBot::Lecture => {
                "Lecture over: still following LectureBot".to_owned()
            }
            Standing::Over => "Over".to_owned(),
            Standing::Stopped => "Stopped".to_owned(),
            Standing::Shown => "Solution shown".to_owned(),
            Standing::Absent => format!("{} is not on this server", self.bot.handle()),
        }
    }

    /// Its name: the problem's own once the bot said it (`Mate problem
    /// 00655`), else what was asked.
    pub fn title(&self) -> String {
        match &self.problem {
            Some((kind, number)) => {
                let mut kind = kind.clone();
                if let Some(first) = kind.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                format!("{kind} problem {number}")
            }
            None => self.asked.clone(),
        }
    }
}

fn tell(bot: TrainingBot, text: &str) -> Command {
    Command::tell(bot.handle(), text)
}

/// `02m01s` -> `2 min 1 s`.
fn time_words(time: &str) -> String {
    let Some((minutes, rest)) = time.split_once('m') else {
        return time.to_owned();
    };
    let seconds = rest.trim_end_matches('s');
    match (minutes.parse::<u32>(), seconds.parse::<u32>()) {
        (Ok(0), Ok(s)) => format!("{s} s"),
        (Ok(m), Ok(s)) => format!("{m} min {s} s"),
        _ => time.to_owned(),
    }
}

#[cfg(test)]
mod tests;
