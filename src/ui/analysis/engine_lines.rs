//! The engine's other lines (a multi-PV search of the board looked at):
//! over the move list, one row each, numbered from 2 (the best is the
//! analysis row under the board), with their evaluations; and all the
//! lines in words, for the screen reader on request.

use egui::{Rect, RichText};
use shakmaty::variant::VariantPosition;

use crate::engine::analysis::{Analysis, Eval};
use crate::ui::analysis::view::numbered_moves;

/// Moves of a line shown.
const PLIES: usize = 8;
/// A row's height, in points.
const ROW: f32 = 18.0;
/// The move list keeps at least this much under them.
const MOVES_UNDER: f32 = 80.0;

/// `Line 2: +0.22, 1. d4 d5 2. c4`.
fn words(rank: usize, eval: Eval, position: &VariantPosition, line_san: &[String]) -> String {
    let moves = numbered_moves(position, line_san, PLIES).join(" ");
    format!("Line {rank}: {eval}, {moves}")
}

/// Draws the other lines of `analysis` (of `position`) at the top of
/// `rect`; returns what is left for the move list.
pub(crate) fn lines_over_moves_ui(
    ui: &mut egui::Ui,
    mut rect: Rect,
    id: egui::Id,
    analysis: &Analysis,
    position: &VariantPosition,
) -> Rect {
    let rows = analysis.others.len();
    let height = ROW * rows as f32;
    if rows == 0 || rect.height() < height + MOVES_UNDER {
        return rect;
    }
    // Elided at what is seen of the tile (not at its edge past the
    // window's), the whole line on hover.
    let right = rect.right().min(ui.clip_rect().right());
    let area = Rect::from_min_max(rect.min, egui::pos2(right, rect.top() + height));
    rect.min.y = area.bottom() + 4.0;
    let mut child = ui.new_child(egui::UiBuilder::new().max_rect(area).id_salt(id));
    child.set_clip_rect(area.intersect(ui.clip_rect()));
    for (i, line) in analysis.others.iter().enumerate() {
        let text = words(i + 2, line.eval, position, &line.line_san);
        // Shortened, the label shows the whole line on hover by itself.
        child
            .add_sized(
                [area.width(), ROW],
                egui::Label::new(RichText::new(&text).weak()).truncate(),
            )
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
    }
    rect
}

/// The engine's lines of the position a board shows, in words (None: none
/// yet, or analysis off).
pub fn lines_words(view: &crate::ui::analysis::view::AnalysisView) -> Option<String> {
    let (analysis, position) = (view.last.as_ref()?, view.position.as_ref()?);
    Some(all_lines_words(analysis, position))
}

/// Every line of `analysis`, in words: `Line 1: +0.30, 1. e4 e5. Line 2: …`.
pub fn all_lines_words(analysis: &Analysis, position: &VariantPosition) -> String {
    std::iter::once(words(1, analysis.eval, position, &analysis.line_san))
        .chain(
            analysis
                .others
                .iter()
                .enumerate()
                .map(|(i, l)| words(i + 2, l.eval, position, &l.line_san)),
        )
        .collect::<Vec<_>>()
        .join(". ")
}
