//! Arrows and circles drawn on the board with the right mouse button, the
//! lichess way: a right click on a square rings it, a right drag from one
//! square to another draws an arrow (the same again takes it away); while
//! dragging, the arrow follows the pointer.

use egui::{Color32, PointerButton, Pos2, Rect, Response, Stroke};
use shakmaty::{Color, Square};

use crate::protocol::marks::Mark;
use crate::ui::board::model::{BoardState, square_at, square_rect};

/// Lichess's green, see-through enough to show the piece under it.
const MARK_COLOR: Color32 = Color32::from_rgba_premultiplied(21, 120, 27, 170);
/// The engine's best move: blue, apart from the players' green marks.
const BEST_MOVE_COLOR: Color32 = Color32::from_rgba_premultiplied(0, 48, 136, 150);

/// A right click or a right drag that made a mark.
pub fn marks_input(
    ui: &egui::Ui,
    response: &Response,
    state: &mut BoardState,
    rect: Rect,
    orientation: Color,
) -> Option<Mark> {
    let at = |pos: Option<Pos2>| pos.and_then(|p| square_at(rect, orientation, p));
    if response.drag_started_by(PointerButton::Secondary) {
        state.mark_from = at(ui.input(|i| i.pointer.press_origin()));
    }
    if response.drag_stopped_by(PointerButton::Secondary) {
        let from = state.mark_from.take()?;
        let to = at(ui.input(|i| i.pointer.interact_pos()))?;
        return Some(if to == from {
            Mark::Circle(from)
        } else {
            Mark::Arrow(from, to)
        });
    }
    if response.secondary_clicked() {
        return at(ui.input(|i| i.pointer.interact_pos())).map(Mark::Circle);
    }
    None
}

/// The marks, the engine's `best` move, and the arrow being drawn.
pub fn paint_marks(
    ui: &egui::Ui,
    rect: Rect,
    orientation: Color,
    (marks, best): (&[Mark], Option<(Square, Square)>),
    state: &BoardState,
) {
    let painter = ui.painter_at(rect);
    let size = rect.width() / 8.0;
    let center = |square: Square| square_rect(rect, orientation, square).center();
    if let Some((from, to)) = best.filter(|(from, to)| from != to) {
        arrow(&painter, center(from), center(to), size, BEST_MOVE_COLOR);
    }
    for mark in marks {
        match *mark {
            Mark::Circle(at) => {
                painter.circle_stroke(
                    center(at),
                    size * 0.45,
                    Stroke::new(size * 0.08, MARK_COLOR),
                );
            }
            Mark::Arrow(from, to) => arrow(&painter, center(from), center(to), size, MARK_COLOR),
        }
    }
    if let Some(from) = state.mark_from
        && let Some(pointer) = ui.input(|i| i.pointer.interact_pos())
        && let Some(to) = square_at(rect, orientation, pointer).filter(|&to| to != from)
    {
        arrow(&painter, center(from), center(to), size, MARK_COLOR);
    }
}

/// A shaft and a head, ending short of the target square's centre.
fn arrow(painter: &egui::Painter, from: Pos2, to: Pos2, size: f32, color: Color32) {
    let direction = (to - from).normalized();
    let head_length = size * 0.4;
    let tip = to - direction * size * 0.15;
    let base = tip - direction * head_length;
    let normal = egui::vec2(-direction.y, direction.x);
    painter.line_segment([from, base], Stroke::new(size * 0.16, color));
    painter.add(egui::Shape::convex_polygon(
        vec![
            tip,
            base + normal * head_length * 0.6,
            base - normal * head_length * 0.6,
        ],
        color,
        Stroke::NONE,
    ));
}
