//! The Seek and Match dialogs: a game offer to everyone, or to one player.

pub mod computer;
pub mod connect;
pub mod piece_picker;
pub mod position_editor;
pub mod settings;

use shakmaty::Color;

use crate::lobby::server::VariantChoice;
use crate::protocol::command::{Command, MatchParams, SeekParams};

/// What both dialogs ask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTerms {
    pub time_min: u32,
    pub increment_s: u32,
    pub rated: bool,
    pub color: Option<Color>,
    /// Empty: standard chess.
    pub variant: String,
}

impl Default for GameTerms {
    fn default() -> Self {
        GameTerms {
            time_min: 5,
            increment_s: 0,
            rated: false,
            color: None,
            variant: String::new(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Dialogs {
    pub seek_open: bool,
    pub match_open: bool,
    pub terms: GameTerms,
    pub min_rating: u32,
    pub max_rating: u32,
    pub opponent: String,
}

fn terms_ui(ui: &mut egui::Ui, terms: &mut GameTerms, variants: &[VariantChoice], salt: &str) {
    egui::Grid::new(("terms", salt))
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label("Minutes");
            ui.add(egui::DragValue::new(&mut terms.time_min).range(0..=180))
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label("Increment (s)");
            ui.add(egui::DragValue::new(&mut terms.increment_s).range(0..=60))
                .labelled_by(label.id);
            ui.end_row();
            ui.label("Colour");
            ui.horizontal(|ui| {
                ui.radio_value(&mut terms.color, None, "Any");
                ui.radio_value(&mut terms.color, Some(Color::White), "White");
                ui.radio_value(&mut terms.color, Some(Color::Black), "Black");
            });
            ui.end_row();
            let label = ui.label("Variant");
            // A variant this server does not play (chosen on another): chess.
            if !variants.iter().any(|(v, _)| *v == terms.variant) {
                terms.variant.clear();
            }
            let current = variants
                .iter()
                .find(|(v, _)| *v == terms.variant)
                .map_or("Standard", |(_, name)| name);
            egui::ComboBox::from_id_salt(("variant", salt))
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (value, name) in variants {
                        ui.selectable_value(&mut terms.variant, (*value).to_owned(), *name);
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            ui.label("");
            ui.checkbox(&mut terms.rated, "Rated game");
            ui.end_row();
        });
}

fn variant(terms: &GameTerms) -> Option<String> {
    (!terms.variant.is_empty()).then(|| terms.variant.clone())
}

/// Shows the open dialogs; returns the command to send when one is
/// confirmed. `variants`: what the connected server plays, in its words.
pub fn dialogs_ui(
    ctx: &egui::Context,
    dialogs: &mut Dialogs,
    variants: &[VariantChoice],
) -> Option<Command> {
    let mut command = None;
    let mut seek_open = dialogs.seek_open;
    egui::Window::new("Seek a game")
        .open(&mut seek_open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            terms_ui(ui, &mut dialogs.terms, variants, "seek");
            ui.horizontal(|ui| {
                let label = ui.label("Opponent rating");
                ui.add(egui::DragValue::new(&mut dialogs.min_rating).range(0..=9999))
                    .labelled_by(label.id);
                ui.label("to");
                if dialogs.max_rating == 0 {
                    dialogs.max_rating = 9999;
                }
                ui.add(egui::DragValue::new(&mut dialogs.max_rating).range(0..=9999));
            });
            if ui.button("Post the seek").clicked() {
                let terms = &dialogs.terms;
                let range = (dialogs.min_rating > 0 || dialogs.max_rating < 9999).then_some((
                    dialogs.min_rating,
                    dialogs.max_rating.max(dialogs.min_rating),
                ));
                command = Some(Command::Seek(SeekParams {
                    time_min: terms.time_min,
                    increment_s: terms.increment_s,
                    rated: terms.rated,
                    color: terms.color,
                    variant: variant(terms),
                    rating_range: range,
                    ..SeekParams::default()
                }));
            }
        });
    dialogs.seek_open = seek_open && command.is_none();

    let mut match_open = dialogs.match_open;
    let mut matched = false;
    egui::Window::new("Challenge a player")
        .open(&mut match_open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Opponent");
                ui.text_edit_singleline(&mut dialogs.opponent)
                    .labelled_by(label.id);
            });
            terms_ui(ui, &mut dialogs.terms, variants, "match");
            let ready = !dialogs.opponent.trim().is_empty();
            if ui
                .add_enabled(ready, egui::Button::new("Send the challenge"))
                .clicked()
            {
                let terms = &dialogs.terms;
                command = Some(Command::Match(MatchParams {
                    handle: dialogs.opponent.trim().to_owned(),
                    time_min: Some(terms.time_min),
                    increment_s: Some(terms.increment_s),
                    rated: terms.rated,
                    color: terms.color,
                    variant: variant(terms),
                }));
                matched = true;
            }
        });
    dialogs.match_open = match_open && !matched;
    command
}
