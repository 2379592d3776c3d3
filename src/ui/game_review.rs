//! A review board's review: every position of the game with what the
//! engine said of it (the results the analysis keeps, by position), the
//! moves judged (`engine/review.rs`), the "Review game" pass that asks the
//! engine for a look at every position not known yet, and the row that
//! starts it and tells how far it is and what it found.

use egui::RichText;
use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{CastlingMode, Color, Position};

use super::analysis_view::AnalysisFrame;
use super::theme;
use crate::engine::analysis::{position_key, white_share};
use crate::engine::review::{Judgement, REVIEW_DEPTH, Review};
use crate::engine::scheduler::Target;
use crate::game::Game;

/// A review board's review state, kept between frames.
#[derive(Debug, Clone, Default)]
pub struct ReviewView {
    /// The user asked for the review pass.
    pub running: bool,
    /// The game's positions, worked out once (a review game does not
    /// change): for how many moves, and each position's slot.
    slots: Option<(usize, Vec<Slot>)>,
}

/// One position of the game, for the review.
#[derive(Debug, Clone)]
enum Slot {
    /// The engine's to look at.
    Engine(Target),
    /// Known without the engine: a mate (0 or 1) or a draw on the board.
    Known(f32),
    /// Not a position the engine can take (a variant, a missing board).
    Unknown,
}

/// The review of `game` as far as the engine has looked; while the pass
/// runs, the positions still to look at go into `analysis`'s review list.
/// `None` for games that are not standard chess.
pub(super) fn review_of(
    game: &Game,
    review: &mut ReviewView,
    analysis: &mut AnalysisFrame<'_>,
) -> Option<Review> {
    if review
        .slots
        .as_ref()
        .is_none_or(|(n, _)| *n != game.moves.len())
    {
        review.slots = Some((game.moves.len(), slots(game)));
    }
    let (_, slots) = review.slots.as_ref()?;
    if slots.iter().all(|s| matches!(s, Slot::Unknown)) {
        return None;
    }
    let results = analysis.results;
    let shares = slots
        .iter()
        .map(|slot| match slot {
            Slot::Known(share) => Some(*share),
            Slot::Engine(target) => results
                .get(&target.key)
                .filter(|a| a.depth >= REVIEW_DEPTH)
                .map(|a| white_share(a.eval)),
            Slot::Unknown => None,
        })
        .collect::<Vec<_>>();
    if review.running {
        for (slot, share) in slots.iter().zip(&shares) {
            if let (Slot::Engine(target), None) = (slot, share) {
                analysis.review.push(target.clone());
            }
        }
    }
    Some(Review::new(shares, first_mover(game)))
}

/// Who made the game's first move.
pub(super) fn first_mover(game: &Game) -> Color {
    if game.start_ply.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

fn slots(game: &Game) -> Vec<Slot> {
    let plain = matches!(
        game.kind.as_deref(),
        None | Some("" | "lightning" | "blitz" | "standard" | "untimed")
    ) && game.holdings.is_none();
    if !plain {
        return Vec::new();
    }
    let setups =
        std::iter::once(game.start.clone()).chain(game.moves.iter().map(|m| m.position.clone()));
    setups
        .map(|setup| {
            let Some(position) = setup.and_then(|setup| {
                VariantPosition::from_setup(Variant::Chess, setup, CastlingMode::Standard).ok()
            }) else {
                return Slot::Unknown;
            };
            match position.outcome() {
                shakmaty::Outcome::Known(shakmaty::KnownOutcome::Decisive { winner }) => {
                    Slot::Known(if winner.is_white() { 1.0 } else { 0.0 })
                }
                shakmaty::Outcome::Known(_) => Slot::Known(0.5),
                shakmaty::Outcome::Unknown => Slot::Engine(Target {
                    board: game.number,
                    key: position_key(&position),
                    position,
                }),
            }
        })
        .collect()
}

/// A position of the game in words, for the graph's pointer: the move
/// that led there (with its judgement) and the engine's evaluation.
pub(super) fn position_words(
    game: &Game,
    view: &ReviewView,
    results: &crate::engine::results::Results,
    review: &Review,
    index: usize,
) -> String {
    let mv = match index
        .checked_sub(1)
        .and_then(|i| game.moves.get(i).map(|m| (i, m)))
    {
        None => "Start".to_owned(),
        Some((i, m)) => {
            let ply = game.start_ply as usize + i;
            let dots = if ply.is_multiple_of(2) { "." } else { "..." };
            let glyph = review
                .judgements
                .get(i)
                .copied()
                .flatten()
                .map_or("", Judgement::glyph);
            format!("{}{dots} {}{glyph}", ply / 2 + 1, m.san)
        }
    };
    let slot = view.slots.as_ref().and_then(|(_, s)| s.get(index));
    let eval = match slot {
        Some(Slot::Known(share)) if *share > 0.75 => "White has mated".to_owned(),
        Some(Slot::Known(share)) if *share < 0.25 => "Black has mated".to_owned(),
        Some(Slot::Known(_)) => "Drawn".to_owned(),
        Some(Slot::Engine(target)) => match results.get(&target.key) {
            Some(analysis) => format!("{} (depth {})", analysis.eval, analysis.depth),
            None => "not looked at yet".to_owned(),
        },
        _ => String::new(),
    };
    format!("{mv}: {eval}")
}

/// The colour of a judgement's glyph (lichess's).
pub fn judgement_color(judgement: Judgement) -> egui::Color32 {
    match judgement {
        Judgement::Inaccuracy => theme::INACCURACY,
        Judgement::Mistake => theme::MISTAKE,
        Judgement::Blunder => theme::BLUNDER,
    }
}

/// The review's row: "Review game" (the pass), its progress, then what
/// it found for each side.
pub(super) fn review_row_ui(
    ui: &mut egui::Ui,
    review: &Review,
    view: &mut ReviewView,
    first: Color,
) {
    let (known, total) = review.progress();
    ui.horizontal(|ui| {
        let done = known == total;
        if !view.running && !done {
            let response = ui
                .button("Review game")
                .on_hover_text("A short engine look at every position (Settings, Analysis: time per position), to fill the graph and mark the worst moves");
            if response.clicked() {
                view.running = true;
            }
        } else if view.running && !done && ui.button("Stop review").clicked() {
            view.running = false;
        }
        if !done {
            ui.label(RichText::new(format!("{known} of {total} positions looked at")).weak());
            return;
        }
        for color in [Color::White, Color::Black] {
            let side = if color.is_white() { "White" } else { "Black" };
            let counts = [Judgement::Blunder, Judgement::Mistake, Judgement::Inaccuracy]
                .map(|j| (j, review.count(color, j, first)));
            let words = counts
                .iter()
                .map(|(j, n)| format!("{n} {}", if *n == 1 { j.name() } else { j.plural() }))
                .collect::<Vec<_>>()
                .join(", ");
            // Glyphs on screen, words for the screen reader and the pointer.
            let mut job = egui::text::LayoutJob::default();
            let font = egui::TextStyle::Body.resolve(ui.style());
            let text = ui.visuals().text_color();
            job.append(&format!("{side} "), 0.0, egui::TextFormat::simple(font.clone(), text));
            for (judgement, n) in counts {
                let color = judgement_color(judgement);
                let glyphs = format!("{n}{} ", judgement.glyph());
                job.append(&glyphs, 0.0, egui::TextFormat::simple(font.clone(), color));
            }
            let summary = format!("{side}: {words}");
            let response = ui.label(job);
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Label, true, summary.as_str())
            });
            response.on_hover_text(summary.as_str());
            ui.add_space(6.0);
        }
    });
}
