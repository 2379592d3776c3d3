//! The piece sets in Settings: each shown as it looks (a white king and a
//! black knight on the board's own colours), one click (or Space) to choose.

use shakmaty::{Color, Piece, Role};

use crate::config::{BoardSettings, PieceSet};
use crate::ui::board::pieces::PieceCache;
use crate::ui::theme;

/// A square's side in the preview, in points.
const SQUARE_POINTS: f32 = 34.0;
/// Sets per row.
const COLUMNS: usize = 3;

/// The sets as a grid of previews; the one clicked becomes `board.pieces`.
pub fn piece_picker_ui(ui: &mut egui::Ui, board: &mut BoardSettings, cache: &mut PieceCache) {
    let (light, dark) = theme::board_colors(board);
    egui::Grid::new("piece sets")
        .spacing(egui::vec2(10.0, 6.0))
        .show(ui, |ui| {
            for (i, set) in PieceSet::ALL.into_iter().enumerate() {
                if one_set_ui(ui, set, board.pieces == set, (light, dark), cache).clicked() {
                    board.pieces = set;
                }
                if (i + 1) % COLUMNS == 0 {
                    ui.end_row();
                }
            }
        });
    ui.label(
        egui::RichText::new(format!(
            "{}: {}",
            board.pieces,
            crate::ui::board::piece_sets::credit(board.pieces)
        ))
        .small()
        .weak(),
    );
}

fn one_set_ui(
    ui: &mut egui::Ui,
    set: PieceSet,
    selected: bool,
    (light, dark): (egui::Color32, egui::Color32),
    cache: &mut PieceCache,
) -> egui::Response {
    let size = egui::vec2(SQUARE_POINTS * 2.0, SQUARE_POINTS + 16.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let name = format!("{set} pieces");
    response
        .widget_info(|| egui::WidgetInfo::selected(egui::Role::RadioButton, true, selected, &name));
    let painter = ui.painter_at(rect.expand(2.0));
    let pixels = (SQUARE_POINTS * ui.ctx().pixels_per_point()).round() as u32;
    let shown = [
        (
            light,
            Piece {
                color: Color::White,
                role: Role::King,
            },
        ),
        (
            dark,
            Piece {
                color: Color::Black,
                role: Role::Knight,
            },
        ),
    ];
    for (i, (square_color, piece)) in shown.into_iter().enumerate() {
        let square = egui::Rect::from_min_size(
            rect.min + egui::vec2(SQUARE_POINTS * i as f32, 0.0),
            egui::vec2(SQUARE_POINTS, SQUARE_POINTS),
        );
        painter.rect_filled(square, 0.0, square_color);
        if let Some((texture, uv)) = cache.get_in(ui.ctx(), set, piece, pixels) {
            painter.image(texture, square, uv, egui::Color32::WHITE);
        }
    }
    let visuals = ui.style().interact_selectable(&response, selected);
    painter.text(
        egui::pos2(rect.center().x, rect.max.y - 1.0),
        egui::Align2::CENTER_BOTTOM,
        set.label(),
        egui::FontId::proportional(12.0),
        visuals.text_color(),
    );
    if selected || response.hovered() || response.has_focus() {
        let stroke = if selected {
            egui::Stroke::new(2.0, ui.visuals().selection.bg_fill)
        } else {
            visuals.bg_stroke
        };
        painter.rect_stroke(rect.expand(1.0), 2.0, stroke, egui::StrokeKind::Outside);
    }
    response
}
