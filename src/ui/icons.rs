//! Small icon buttons drawn with lines, for the tile controls: egui's
//! bundled font has no symbols for them, and lines stay crisp at any size.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Vec2, pos2};

/// What an icon shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Icon {
    /// Stop observing: an eject mark.
    Unobserve,
    /// Turn the board around: two opposite arrows.
    Flip,
    /// Show alone: the four corners of a frame.
    Maximize,
    /// A window of its own: two overlapping windows.
    Detach,
    /// Close: a cross.
    Close,
    /// Engine analysis on or off: an evaluation bar, half filled.
    Analysis,
}

/// An icon button of `side` points; its accessible name is `name` and its
/// tooltip `tip`.
pub fn icon_button(
    ui: &mut egui::Ui,
    icon: Icon,
    side: f32,
    name: &str,
    tip: &str,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    let visuals = ui.style().interact(&response);
    if response.hovered() {
        ui.painter()
            .rect_filled(rect.shrink(1.0), 3.0, visuals.weak_bg_fill);
    }
    paint_icon(
        ui.painter(),
        rect.shrink(side * 0.25),
        icon,
        visuals.fg_stroke.color,
    );
    response.on_hover_text(tip)
}

fn paint_icon(painter: &egui::Painter, r: Rect, icon: Icon, color: Color32) {
    let stroke = Stroke::new(1.5, color);
    let at = |x: f32, y: f32| pos2(r.min.x + x * r.width(), r.min.y + y * r.height());
    let line = |a: Pos2, b: Pos2| painter.line_segment([a, b], stroke);
    match icon {
        Icon::Unobserve => {
            painter.add(egui::Shape::convex_polygon(
                vec![at(0.5, 0.05), at(1.0, 0.6), at(0.0, 0.6)],
                color,
                Stroke::NONE,
            ));
            painter.rect_filled(Rect::from_min_max(at(0.0, 0.78), at(1.0, 0.95)), 0.0, color);
        }
        Icon::Flip => {
            line(at(0.3, 0.0), at(0.3, 1.0));
            line(at(0.3, 0.0), at(0.05, 0.3));
            line(at(0.3, 0.0), at(0.55, 0.3));
            line(at(0.7, 1.0), at(0.7, 0.0));
            line(at(0.7, 1.0), at(0.45, 0.7));
            line(at(0.7, 1.0), at(0.95, 0.7));
        }
        Icon::Maximize => {
            for (x, y, dx, dy) in [
                (0.0, 0.0, 1.0, 1.0),
                (1.0, 0.0, -1.0, 1.0),
                (0.0, 1.0, 1.0, -1.0),
                (1.0, 1.0, -1.0, -1.0),
            ] {
                line(at(x, y), at(x + 0.35 * dx, y));
                line(at(x, y), at(x, y + 0.35 * dy));
            }
        }
        Icon::Detach => {
            painter.rect_stroke(
                Rect::from_min_max(at(0.3, 0.0), at(1.0, 0.7)),
                0.0,
                stroke,
                egui::StrokeKind::Middle,
            );
            painter.rect_stroke(
                Rect::from_min_max(at(0.0, 0.3), at(0.7, 1.0)),
                0.0,
                stroke,
                egui::StrokeKind::Middle,
            );
        }
        Icon::Analysis => {
            let bar = Rect::from_min_max(at(0.3, 0.0), at(0.7, 1.0));
            painter.rect_stroke(bar, 0.0, stroke, egui::StrokeKind::Middle);
            painter.rect_filled(Rect::from_min_max(at(0.3, 0.55), at(0.7, 1.0)), 0.0, color);
            line(at(0.1, 0.5), at(0.9, 0.5));
        }
        Icon::Close => {
            line(at(0.0, 0.0), at(1.0, 1.0));
            line(at(1.0, 0.0), at(0.0, 1.0));
        }
    }
}
