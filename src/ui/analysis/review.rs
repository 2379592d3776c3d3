//! A review board's review as the user sees it (its plan is
//! `game/review.rs`): the row that starts the "Review game" pass and tells
//! how far it is and what it found, and the evaluation graph and move-time
//! chart under the move list.

use egui::{Rect, RichText};

use shakmaty::Color;

use crate::engine::review::{Judgement, Review};
use crate::game::Game;
use crate::game::review::ReviewPlan;
use crate::ui::analysis::eval_graph::eval_graph_ui;
use crate::ui::theme;

/// The evaluation graph's height under a review's move list ...
const GRAPH_HEIGHT: std::ops::RangeInclusive<f32> = 56.0..=120.0;
/// ... which keeps at least this much for the moves.
const MOVES_ABOVE_GRAPH: f32 = 80.0;
/// The move-time chart's height, under the graph.
const TIME_CHART_HEIGHT: f32 = 30.0;

/// The evaluation graph at the bottom of the move list's `rect`, where
/// both fit: a click or drag in it browses (`browse`, as the move list's),
/// the pointer shows the position in words. Returns what is left for the
/// moves.
pub(crate) fn graph_under_moves_ui(
    ui: &mut egui::Ui,
    mut rect: egui::Rect,
    game: &Game,
    review: &Review,
    view: &ReviewPlan,
    results: &crate::engine::results::Results,
    browse: &mut Option<usize>,
) -> egui::Rect {
    if rect.height() < GRAPH_HEIGHT.start() + MOVES_ABOVE_GRAPH {
        return rect;
    }
    let height = (rect.height() * 0.3).clamp(*GRAPH_HEIGHT.start(), *GRAPH_HEIGHT.end());
    let graph = egui::Rect::from_min_max(egui::pos2(rect.left(), rect.bottom() - height), rect.max);
    rect.max.y = graph.top() - 4.0;
    let current = browse.unwrap_or(game.moves.len());
    // The moves' times under it, where the game has them.
    let timed = game.moves.iter().any(|m| m.time_taken_ms.is_some());
    let graph = if timed {
        let chart = Rect::from_min_max(
            egui::pos2(graph.left(), graph.bottom() - TIME_CHART_HEIGHT),
            graph.max,
        );
        if let Some(picked) =
            crate::ui::analysis::time_chart::time_chart_ui(ui, chart, game, current)
        {
            *browse = (picked < game.moves.len()).then_some(picked);
        }
        Rect::from_min_max(graph.min, egui::pos2(graph.right(), chart.top() - 3.0))
    } else {
        graph
    };
    let response = eval_graph_ui(ui, graph, review, current);
    if let Some(hovered) = response.hovered {
        let words = position_words(game, view, results, review, hovered);
        response.response.on_hover_text(words);
    }
    if let Some(picked) = response.picked {
        *browse = (picked < game.moves.len()).then_some(picked);
    }
    rect
}

/// A position of the game in words, for the graph's pointer: the move
/// that led there (with its judgement) and the engine's evaluation.
fn position_words(
    game: &Game,
    view: &ReviewPlan,
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
    format!("{mv}: {}", view.eval_words(index, results))
}

/// The review's row: "Review game" (the pass), its progress, then what
/// it found for each side.
pub(crate) fn review_row_ui(
    ui: &mut egui::Ui,
    review: &Review,
    view: &mut ReviewPlan,
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
                let color = theme::judgement_color(judgement, ui.visuals().dark_mode);
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
