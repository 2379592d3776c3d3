//! The lobby's Training tab: puzzlebot's problems and endgamebot's
//! endgames, one click each; and the bar over the training board: the
//! objective in words, how it stands, Hint, Solution, Back, Next, Stop.

use egui::RichText;

use crate::protocol::training::TrainingBot;
use crate::training::bots::{BotTraining, ENDGAMES, Puzzle, Session, Standing};

/// What a click asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrainingAction {
    Puzzle(Puzzle),
    Endgame(&'static str),
    /// Follow LectureBot's lectures.
    Lectures,
    /// LectureBot's notes (`finger LectureBot`): its lectures and times.
    AboutLectures,
    Hint,
    Solution,
    Back,
    Next,
    Stop,
    /// The finished session's line goes.
    Dismiss,
}

/// The tab: the bots' session going on, `deck` (Your mistakes: the
/// library's), then the bots' puzzles and endgames.
pub fn training_ui(
    ui: &mut egui::Ui,
    training: &BotTraining,
    online: bool,
    deck: impl FnOnce(&mut egui::Ui),
) -> Vec<TrainingAction> {
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if online {
                session_ui(ui, training.session.as_ref(), &mut out);
                ui.separator();
            }
            deck(ui);
            ui.separator();
            if !online {
                ui.label("Log in to train with the server's puzzle and endgame bots.");
                return;
            }
            heading(ui, "Puzzles (puzzlebot)");
            ui.horizontal_wrapped(|ui| {
                for n in 1..=4 {
                    puzzle_button(ui, Puzzle::Mate(n), &mut out);
                }
            });
            ui.horizontal_wrapped(|ui| {
                for level in 1..=4 {
                    puzzle_button(ui, Puzzle::Tactics(level), &mut out);
                }
                puzzle_button(ui, Puzzle::Study, &mut out);
            });
            ui.add_space(8.0);
            heading(ui, "Lectures (LectureBot)");
            ui.weak("LectureBot gives lectures on a game it goes through move by move.");
            ui.horizontal_wrapped(|ui| {
                if ui
                    .button("Follow its lectures")
                    .on_hover_text(
                        "follow LectureBot: each lecture shows on a board, its words over it",
                    )
                    .clicked()
                {
                    out.push(TrainingAction::Lectures);
                }
                if ui
                    .button("About LectureBot")
                    .on_hover_text("finger LectureBot: its lectures and how to ask for one")
                    .clicked()
                {
                    out.push(TrainingAction::AboutLectures);
                }
            });
            ui.add_space(8.0);
            heading(ui, "Endgames (endgamebot)");
            ui.weak("Played out against a tablebase: find the best moves.");
            for (name, words) in ENDGAMES {
                if ui
                    .button(words)
                    .on_hover_text(format!("tell endgamebot play {name}"))
                    .clicked()
                {
                    out.push(TrainingAction::Endgame(name));
                }
            }
        });
    out
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(RichText::new(text).strong().size(15.0));
}

fn puzzle_button(ui: &mut egui::Ui, puzzle: Puzzle, out: &mut Vec<TrainingAction>) {
    let label = match puzzle {
        Puzzle::Tactics(level) => format!("Tactics {level}"),
        other => other.words(),
    };
    let hover = format!(
        "{}: tell puzzlebot {}",
        puzzle.words(),
        puzzle.command_word()
    );
    if ui.button(label).on_hover_text(hover).clicked() {
        out.push(TrainingAction::Puzzle(puzzle));
    }
}

/// The session in the tab: what it is and how it stands, and Stop or
/// Close (its other buttons are over its board). Two lines, with or
/// without a session: the lists under it never move under the pointer.
fn session_ui(ui: &mut egui::Ui, session: Option<&Session>, out: &mut Vec<TrainingAction>) {
    let Some(session) = session else {
        heading(ui, "No problem on the board");
        ui.horizontal(|ui| {
            ui.weak("Pick one below: the bot sets it up on a board.");
            // As tall as the buttons of a session.
            let _ = ui.add_visible(false, egui::Button::new("Stop"));
        });
        return;
    };
    heading(ui, &session.title());
    // The button first: it stays under the pointer as the words grow.
    ui.horizontal(|ui| {
        match session.standing {
            _ if still_on(session) => {
                if ui
                    .button("Stop")
                    .on_hover_text("Stop and leave the board")
                    .clicked()
                {
                    out.push(TrainingAction::Stop);
                }
            }
            _ => {
                if ui
                    .button("Close")
                    .on_hover_text("Forget this session")
                    .clicked()
                {
                    out.push(TrainingAction::Dismiss);
                }
            }
        }
        ui.label(summary(session));
    });
}

/// The bar over the training board.
pub fn training_bar_ui(ui: &mut egui::Ui, session: &Session) -> Vec<TrainingAction> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        let objective = session.objective.clone().unwrap_or_else(|| session.title());
        ui.label(RichText::new(objective).strong().size(16.0));
        // The buttons before how it stands: they stay under the pointer
        // while its words grow ("1 wrong move · 1 hint").
        buttons(ui, session, &mut out);
        let colour = match session.standing {
            Standing::Solved { .. } | Standing::Over => ui.visuals().selection.bg_fill,
            _ => ui.visuals().text_color(),
        };
        ui.label(RichText::new(summary(session)).color(colour));
    });
    // Always a line for the bot's last words: the board under the bar
    // does not move when they come.
    let said = session.last_said.as_deref().unwrap_or(" ");
    ui.label(RichText::new(said).italics());
    out
}

/// `Your move · 1 wrong move · 0 hints`.
fn summary(session: &Session) -> String {
    let mut words = vec![session.standing_words()];
    if session.wrong > 0 {
        let s = if session.wrong == 1 { "" } else { "s" };
        words.push(format!("{} wrong move{s}", session.wrong));
    }
    if session.hints > 0 {
        let s = if session.hints == 1 { "" } else { "s" };
        words.push(format!("{} hint{s}", session.hints));
    }
    words.join(" · ")
}

fn buttons(ui: &mut egui::Ui, session: &Session, out: &mut Vec<TrainingAction>) {
    let going = session.standing == Standing::Going;
    let mut button = |ui: &mut egui::Ui, on: bool, label: &str, hover: &str, action| {
        if ui
            .add_enabled(on, egui::Button::new(label))
            .on_hover_text(hover)
            .clicked()
        {
            out.push(action);
        }
    };
    if session.bot.is_interactive() {
        problem_buttons(ui, session, going, &mut button);
    }
    match session.standing {
        _ if still_on(session) => {
            button(
                ui,
                true,
                "Stop",
                "Stop and leave the board",
                TrainingAction::Stop,
            );
        }
        _ => button(
            ui,
            true,
            "Close",
            "Forget this session",
            TrainingAction::Dismiss,
        ),
    }
}

/// Hint, Solution, Take back and Next: a puzzle's or an endgame's (a
/// lecture is watched).
fn problem_buttons(
    ui: &mut egui::Ui,
    session: &Session,
    going: bool,
    button: &mut impl FnMut(&mut egui::Ui, bool, &str, &str, TrainingAction),
) {
    button(ui, going, "Hint", "The bot's hint", TrainingAction::Hint);
    let (solution, next) = match session.bot {
        TrainingBot::Puzzle => ("The bot plays the solution", "The next problem"),
        _ => ("The bot plays the best move", "This endgame again"),
    };
    button(ui, going, "Solution", solution, TrainingAction::Solution);
    button(
        ui,
        going,
        "Take back",
        "Your last move and the bot's answer",
        TrainingAction::Back,
    );
    button(ui, true, "Next", next, TrainingAction::Next);
}

/// Whether the session goes on (Stop, not Close): a problem asked or
/// going; LectureBot still followed after a lecture ends (its next one
/// comes on a board too).
fn still_on(session: &Session) -> bool {
    match session.standing {
        Standing::Asked | Standing::Going => true,
        Standing::Over => session.bot == TrainingBot::Lecture,
        _ => false,
    }
}
