//! The evaluation graph under a review board's move list: White's share
//! of the winning chances over the game (light under the line, dark over
//! it: the line above the middle, White is better), the moves judged in the review
//! marked with dots of their colour, the position on the board marked by
//! a line. A click or a drag shows that position.

use egui::{Color32, Mesh, Pos2, Rect, Sense, Shape, Stroke, pos2};

use crate::engine::review::Review;
use crate::ui::theme;
use crate::ui::theme::judgement_color;

/// What the user did with the graph this frame.
pub struct GraphResponse {
    /// The position clicked or dragged to (0: the start, `i + 1`: after move `i`).
    pub picked: Option<usize>,
    /// The position under the pointer.
    pub hovered: Option<usize>,
    pub response: egui::Response,
}

/// A judged move's dot, in points.
const DOT_RADIUS: f32 = 3.5;

/// Draws the graph of `review` in `rect`; `current` is the position shown
/// on the board.
pub fn eval_graph_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    review: &Review,
    current: usize,
) -> GraphResponse {
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let (known, total) = review.progress();
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Image,
            true,
            format!("Evaluation graph, {known} of {total} positions"),
        )
    });
    let count = review.shares.len();
    let painter = ui.painter_at(rect);
    let colors = theme::graph_colors(ui.visuals().dark_mode);
    painter.rect_filled(rect, 2.0, colors.ground);
    // The points keep a dot's width from the edges: a judged move at a
    // mate (share 0 or 1) or at either end was cut in half by the edge.
    let plot = rect.shrink(DOT_RADIUS + 1.0);
    let x_of = |index: usize| {
        if count <= 1 {
            plot.left()
        } else {
            plot.left() + plot.width() * index as f32 / (count - 1) as f32
        }
    };
    let y_of = |share: f32| plot.bottom() - plot.height() * share.clamp(0.0, 1.0);
    // White's share under the line (light), Black's over it (dark), as
    // the evaluation bar shows one position; a mesh of quads, one per
    // segment (egui fills only convex paths).
    let mut mesh = Mesh::default();
    let points: Vec<Option<Pos2>> = review
        .shares
        .iter()
        .enumerate()
        .map(|(i, share)| share.map(|s| pos2(x_of(i), y_of(s))))
        .collect();
    for pair in points.windows(2) {
        if let (Some(a), Some(b)) = (pair[0], pair[1]) {
            let (top, bottom) = (rect.top(), rect.bottom());
            quad(
                &mut mesh,
                [a, b, pos2(b.x, bottom), pos2(a.x, bottom)],
                colors.white,
            );
            quad(
                &mut mesh,
                [pos2(a.x, top), pos2(b.x, top), b, a],
                colors.black,
            );
        }
    }
    painter.add(Shape::mesh(mesh));
    painter.hline(
        rect.x_range(),
        y_of(0.5),
        Stroke::new(1.0, Color32::from_gray(0x90)),
    );
    for run in points.split(Option::is_none) {
        let line: Vec<Pos2> = run.iter().flatten().copied().collect();
        if line.len() > 1 {
            painter.add(Shape::line(line, Stroke::new(1.5, colors.line)));
        }
    }
    // The bad moves: a dot at the position they left.
    for (index, judgement) in review.judgements.iter().enumerate() {
        if let (Some(judgement), Some(Some(at))) = (judgement, points.get(index + 1)) {
            painter.circle(
                *at,
                DOT_RADIUS,
                judgement_color(*judgement, ui.visuals().dark_mode),
                Stroke::new(1.0, Color32::BLACK),
            );
        }
    }
    let x = x_of(current.min(count.saturating_sub(1)));
    painter.vline(x, rect.y_range(), Stroke::new(1.5, theme::INACCURACY));
    let index_at = |pos: Pos2| {
        let t = ((pos.x - plot.left()) / plot.width().max(1.0)).clamp(0.0, 1.0);
        (t * count.saturating_sub(1) as f32).round() as usize
    };
    let picked = (response.clicked() || response.dragged())
        .then(|| response.interact_pointer_pos())
        .flatten()
        .map(index_at);
    let hovered = response.hover_pos().map(index_at);
    if response.hovered() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    GraphResponse {
        picked,
        hovered,
        response,
    }
}

fn quad(mesh: &mut Mesh, corners: [Pos2; 4], color: Color32) {
    triangle(mesh, [corners[0], corners[1], corners[2]], color);
    triangle(mesh, [corners[0], corners[2], corners[3]], color);
}

fn triangle(mesh: &mut Mesh, corners: [Pos2; 3], color: Color32) {
    let base = mesh.vertices.len() as u32;
    for corner in corners {
        mesh.colored_vertex(corner, color);
    }
    mesh.add_triangle(base, base + 1, base + 2);
}
