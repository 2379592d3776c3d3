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
    Hint,
    Solution,
    Back,
    Next,
    Stop,
    /// The finished session's line goes.
    Dismiss,
}

pub fn training_ui(ui: &mut egui::Ui, training: &BotTraining, online: bool) -> Vec<TrainingAction> {
    let mut out = Vec::new();
    if !online {
        ui.label("Log in to train with the server's puzzle and endgame bots.");
        return out;
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(session) = &training.session {
                session_ui(ui, session, &mut out);
                ui.separator();
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

/// The session in the tab: what it is and how it stands, with its buttons.
fn session_ui(ui: &mut egui::Ui, session: &Session, out: &mut Vec<TrainingAction>) {
    heading(ui, &title(session));
    if let Some(objective) = &session.objective {
        ui.label(RichText::new(objective).strong());
    }
    ui.label(summary(session));
    if let Some(said) = &session.last_said {
        ui.label(RichText::new(said).italics());
    }
    ui.horizontal_wrapped(|ui| buttons(ui, session, out));
}

/// The bar over the training board.
pub fn training_bar_ui(ui: &mut egui::Ui, session: &Session) -> Vec<TrainingAction> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        let objective = session.objective.clone().unwrap_or_else(|| title(session));
        ui.label(RichText::new(objective).strong().size(16.0));
        let colour = match session.standing {
            Standing::Solved { .. } | Standing::Over => ui.visuals().selection.bg_fill,
            _ => ui.visuals().text_color(),
        };
        ui.label(RichText::new(summary(session)).color(colour));
        buttons(ui, session, &mut out);
    });
    // Always a line for the bot's last words: the board under the bar
    // does not move when they come.
    let said = session.last_said.as_deref().unwrap_or(" ");
    ui.label(RichText::new(said).italics());
    out
}

fn title(session: &Session) -> String {
    match &session.problem {
        Some((kind, number)) => format!("{}: {kind} problem {number}", session.asked),
        None => session.asked.clone(),
    }
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
    button(ui, going, "Hint", "The bot's hint", TrainingAction::Hint);
    let solution = match session.bot {
        TrainingBot::Puzzle => "The bot plays the solution",
        TrainingBot::Endgame => "The bot plays the best move",
    };
    button(ui, going, "Solution", solution, TrainingAction::Solution);
    button(
        ui,
        going,
        "Back",
        "Take your last move back",
        TrainingAction::Back,
    );
    let next = match session.bot {
        TrainingBot::Puzzle => "The next problem",
        TrainingBot::Endgame => "This endgame again",
    };
    button(ui, true, "Next", next, TrainingAction::Next);
    match session.standing {
        Standing::Asked | Standing::Going => {
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
