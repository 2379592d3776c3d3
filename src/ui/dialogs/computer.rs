//! The Play the computer dialog: strength as a rating, variant, colour,
//! clock and start, and a human-like pace on slow games. It opens on the
//! last game's terms (the settings keep them).

use crate::computer::fischer_random::STARTS;
use crate::computer::terms::{
    ClockTerms, ComputerTerms, ComputerVariant, LARGEST_INCREMENT_S, LONGEST_BASE_S, STRENGTHS,
    Side, Start,
};

/// The dialog's state: open or not, and the terms being chosen.
#[derive(Debug, Clone, Default)]
pub struct ComputerDialog {
    pub open: bool,
    terms: ComputerTerms,
    /// The fields as edited (the terms are made of them on Play).
    full_strength: bool,
    rating: u32,
    clock_on: bool,
    minutes: u32,
    increment_s: u32,
    start: StartChoice,
    fen: String,
    number: u32,
    /// The number has been offered once (518 the first time).
    number_set: bool,
}

/// Fischer random's number for chess's own start.
const CHESS_START: u32 = 518;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum StartChoice {
    #[default]
    Usual,
    Numbered,
    Fen,
}

impl ComputerDialog {
    /// Opens on `terms` (the last game's), from `fen` and in `variant`
    /// where given ("play from here").
    pub fn open_with(
        &mut self,
        terms: &ComputerTerms,
        fen: Option<String>,
        variant: Option<ComputerVariant>,
    ) {
        let mut terms = terms.clone();
        if let Some(variant) = variant {
            terms.variant = variant;
        }
        // A position played from once is not the next game's start: only
        // "play from here" starts from one.
        terms.start = match (fen, &terms.start) {
            (Some(fen), _) => Start::Fen(fen),
            (None, Start::Fen(_)) => Start::Usual,
            (None, start) => start.clone(),
        };
        self.full_strength = terms.strength.is_none();
        self.rating = terms
            .strength
            .unwrap_or(crate::computer::terms::FIRST_STRENGTH);
        self.clock_on = terms.clock.is_some();
        // Untimed last time: the minutes last typed stay offered.
        if let Some(clock) = terms.clock {
            self.minutes = clock.base_s / 60;
            self.increment_s = clock.increment_s;
        } else if self.minutes == 0 && self.increment_s == 0 {
            self.minutes = 5;
        }
        (self.start, self.fen) = match &terms.start {
            Start::Usual => (StartChoice::Usual, String::new()),
            Start::Chess960(n) => {
                self.number = *n;
                (StartChoice::Numbered, String::new())
            }
            Start::Fen(fen) => (StartChoice::Fen, fen.clone()),
        };
        if !self.number_set {
            self.number_set = true;
            if !matches!(terms.start, Start::Chess960(_)) {
                self.number = CHESS_START;
            }
        }
        self.terms = terms;
        self.open = true;
    }

    /// The terms as the fields say.
    fn chosen(&self) -> ComputerTerms {
        let mut terms = self.terms.clone();
        terms.strength = (!self.full_strength).then_some(self.rating);
        let base_s = self.minutes * 60;
        terms.clock =
            (self.clock_on && (base_s > 0 || self.increment_s > 0)).then_some(ClockTerms {
                base_s,
                increment_s: self.increment_s,
            });
        terms.start = match self.start {
            StartChoice::Usual => Start::Usual,
            StartChoice::Numbered if terms.variant == ComputerVariant::FischerRandom => {
                Start::Chess960(self.number % STARTS)
            }
            StartChoice::Numbered => Start::Usual,
            StartChoice::Fen => Start::Fen(self.fen.trim().to_owned()),
        };
        terms.sanitized()
    }
}

/// The dialog, if open: the terms of the game to play, when Play is
/// pressed.
pub fn computer_dialog_ui(
    ctx: &egui::Context,
    dialog: &mut ComputerDialog,
) -> Option<ComputerTerms> {
    if !dialog.open {
        return None;
    }
    let mut open = dialog.open;
    let mut play = None;
    egui::Window::new("Play the computer")
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::Grid::new("computer terms")
                .num_columns(2)
                .show(ui, |ui| {
                    let label = ui.label("Strength");
                    ui.horizontal(|ui| {
                        ui.add_enabled(
                            !dialog.full_strength,
                            egui::Slider::new(&mut dialog.rating, STRENGTHS)
                                .step_by(50.0)
                                .suffix(" rating"),
                        )
                        .labelled_by(label.id);
                        ui.checkbox(&mut dialog.full_strength, "Full strength");
                    });
                    ui.end_row();

                    let label = ui.label("Variant");
                    egui::ComboBox::from_id_salt("computer variant")
                        .selected_text(dialog.terms.variant.label())
                        .show_ui(ui, |ui| {
                            for variant in ComputerVariant::ALL {
                                ui.selectable_value(
                                    &mut dialog.terms.variant,
                                    variant,
                                    variant.label(),
                                );
                            }
                        })
                        .response
                        .labelled_by(label.id);
                    ui.end_row();

                    ui.label("You play");
                    ui.horizontal(|ui| {
                        ui.radio_value(&mut dialog.terms.side, Side::White, "White");
                        ui.radio_value(&mut dialog.terms.side, Side::Black, "Black");
                        ui.radio_value(&mut dialog.terms.side, Side::Random, "Random");
                    });
                    ui.end_row();

                    ui.label("Clock");
                    ui.vertical(|ui| {
                        ui.checkbox(&mut dialog.clock_on, "Timed");
                        ui.add_enabled_ui(dialog.clock_on, |ui| {
                            ui.horizontal(|ui| {
                                let label = ui.label("Minutes");
                                ui.add(
                                    egui::DragValue::new(&mut dialog.minutes)
                                        .range(0..=LONGEST_BASE_S / 60),
                                )
                                .labelled_by(label.id);
                                let label = ui.label("increment (s)");
                                ui.add(
                                    egui::DragValue::new(&mut dialog.increment_s)
                                        .range(0..=LARGEST_INCREMENT_S),
                                )
                                .labelled_by(label.id);
                            });
                        });
                        ui.checkbox(
                            &mut dialog.terms.human_delay,
                            "Human-like pace on rapid and slower games",
                        )
                        .on_hover_text(
                            "From 10 minutes a side, the computer takes a while to answer, \
                             as a person would (never so long it loses on time)",
                        );
                    });
                    ui.end_row();

                    ui.label("Start");
                    ui.vertical(|ui| {
                        let fischer = dialog.terms.variant == ComputerVariant::FischerRandom;
                        let usual = if fischer {
                            "A start drawn by lot"
                        } else {
                            "The usual start"
                        };
                        ui.radio_value(&mut dialog.start, StartChoice::Usual, usual);
                        // Every row always there (the number's for Fischer
                        // random): Play stays where it was.
                        ui.add_enabled_ui(fischer, |ui| {
                            ui.horizontal(|ui| {
                                ui.radio_value(
                                    &mut dialog.start,
                                    StartChoice::Numbered,
                                    "Start number",
                                );
                                ui.add(
                                    egui::DragValue::new(&mut dialog.number).range(0..=STARTS - 1),
                                )
                                .on_hover_text("0 to 959 (518 is chess's own start)");
                            });
                        });
                        ui.radio_value(&mut dialog.start, StartChoice::Fen, "This position (FEN)");
                        let typed = ui.add(
                            egui::TextEdit::singleline(&mut dialog.fen)
                                .hint_text("FEN")
                                .desired_width(320.0),
                        );
                        // Typing a position chooses it.
                        if typed.changed() {
                            dialog.start = StartChoice::Fen;
                        }
                    });
                    ui.end_row();
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Play").clicked() {
                    play = Some(dialog.chosen());
                }
                ui.label("The engine's evaluation stays hidden until the game ends.");
            });
        });
    dialog.open = open && play.is_none();
    if let Some(terms) = &play {
        dialog.terms = terms.clone();
    }
    play
}
