//! The board widget: drag and drop with a ghost on the origin, click-click,
//! legal-target dots, the promotion chooser (`promotion.rs`), premove, last-move and check
//! highlights, the opponent's move sliding in, and drops from a holdings
//! strip. It returns what the user did; it never talks to the server.

pub(crate) mod access;
pub(crate) mod area;
pub(crate) mod marks;
pub(crate) mod model;
pub mod piece_sets;
pub mod pieces;
pub(crate) mod promotion;
pub mod type_in;

use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, Vec2, vec2};
use shakmaty::{Color, File, Move, Piece, Rank, Role, Square};

pub use crate::ui::board::model::{
    BoardAction, BoardState, BoardStyle, BoardView, Slide, square_at, square_rect,
};
use crate::ui::board::model::{attempt, click_square, landing, matching, moves_for, wrap};
use crate::ui::board::pieces::{PieceCache, draw_piece};
use crate::ui::board::promotion::Chooser;
use crate::ui::theme;

/// The slide animation's frame interval: at most 30 frames a second.
pub const SLIDE_FRAME: std::time::Duration = std::time::Duration::from_millis(33);
/// Boards smaller than this do not slide: the move just appears (a slide
/// on a small board is hard to follow and costs frames for all).
pub const SLIDE_MIN_SIDE: f32 = 240.0;

/// Shows the board; returns what the user did.
pub fn board_ui(
    ui: &mut egui::Ui,
    state: &mut BoardState,
    view: &BoardView<'_>,
    cache: &mut PieceCache,
    side: f32,
) -> Option<BoardAction> {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::click_and_drag());
    let label = view.label.to_owned();
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label));
    let (moves, premove) = moves_for(view);
    // Any of the mover's pieces can be picked up, even one the rules keep
    // still now: put down elsewhere, the board says why it cannot go.
    let own = |square: Square| {
        view.mover.is_some() && view.pieces.color_at(square) == view.mover && !moves.is_empty()
    };
    let mut action = None;

    // Promotion chooser first: it takes the click (and is painted last,
    // over everything the board draws).
    let chooser = state
        .promotion
        .map(|(from, to, is_premove)| Chooser::new(rect, view, &moves, from, to, is_premove));
    if let Some(chooser) = &chooser {
        if let Some(choice) = chooser.input(ui, &mut state.said) {
            state.promotion = None;
            if let Some(role) = choice {
                action = matching(view, &moves, chooser.from, chooser.to)
                    .into_iter()
                    .find(|m| m.promotion() == Some(role))
                    .map(|m| wrap(m, chooser.premove));
            }
        }
    } else {
        let pointer = ui.input(|i| i.pointer.interact_pos());
        if response.drag_started_by(egui::PointerButton::Primary)
            && let Some(from) = ui
                .input(|i| i.pointer.press_origin())
                .and_then(|p| square_at(rect, view.orientation, p))
            && own(from)
        {
            state.drag = Some(from);
            state.selected = Some(from);
        }
        if response.drag_stopped()
            && let Some(from) = state.drag.take()
        {
            match pointer.and_then(|p| square_at(rect, view.orientation, p)) {
                Some(to) if to != from => {
                    action = attempt(state, view, &moves, premove, from, to);
                    state.selected = None;
                }
                // Dropped back on its square: it stays selected for a click.
                _ => {}
            }
        } else if response.clicked()
            && let Some(square) = pointer.and_then(|p| square_at(rect, view.orientation, p))
        {
            action = click_square(state, view, &moves, premove, &own, square);
        }
        if let Some(role) = state.drag_drop
            && ui.input(|i| i.pointer.any_released())
        {
            state.drag_drop = None;
            if let Some(to) = pointer.and_then(|p| square_at(rect, view.orientation, p)) {
                action = moves
                    .iter()
                    .find(|m| matches!(m, Move::Put { role: r, to: t } if *r == role && *t == to))
                    .cloned()
                    .map(|m| wrap(m, premove));
            }
        }
        // A right click forgets a selection or a premove first; otherwise
        // (and always when dragged) the right button draws marks.
        let premoved = !view.premoves.is_empty();
        let cancels = state.selected.is_some() || premoved;
        if (response.secondary_clicked() && cancels)
            || (premoved && ui.input(|i| i.key_pressed(egui::Key::Escape)))
        {
            state.selected = None;
            state.drag = None;
            if premoved {
                action = Some(BoardAction::CancelPremove);
            }
        } else if let Some(mark) =
            crate::ui::board::marks::marks_input(ui, &response, state, rect, view.orientation)
        {
            action = Some(BoardAction::Mark(mark));
        }
    }

    // The squares are there every frame, even one with a click or a drag
    // (a square that is not drawn for a frame loses the keyboard).
    if state.promotion.is_none() {
        let keyed = crate::ui::board::access::accessible_squares_ui(
            ui,
            response.id,
            rect,
            state,
            view,
            &moves,
            premove,
            &own,
        );
        action = action.or(keyed);
    }
    paint(ui, rect, state, view, &moves, cache);
    let marks = (view.marks, view.best_move);
    crate::ui::board::marks::paint_marks(ui, rect, view.orientation, marks, state);
    // The square with the keyboard is ringed: a keyboard player sees
    // where the arrows took them (the screen reader says it too).
    if state.square_focused
        && let Some(square) = state.kept_square
    {
        let cell = square_rect(rect, view.orientation, square).shrink(1.5);
        let stroke = Stroke::new((rect.width() / 160.0).max(2.5), theme::FOCUS_RING);
        ui.painter()
            .rect_stroke(cell, 0.0, stroke, egui::StrokeKind::Inside);
    }
    if let Some(chooser) = chooser.filter(|_| state.promotion.is_some()) {
        chooser.paint(ui, view, cache);
    }
    // A dragged piece moves with the pointer, whose events draw frames of
    // their own; a slide needs frames of its own, at most 30 a second.
    if view.slide.is_some() {
        ui.ctx().request_repaint_after(SLIDE_FRAME);
    }
    action
}

fn paint(
    ui: &egui::Ui,
    rect: Rect,
    state: &BoardState,
    view: &BoardView<'_>,
    moves: &[Move],
    cache: &mut PieceCache,
) {
    let painter = ui.painter_at(rect);
    let size = rect.width() / 8.0;
    let font = FontId::proportional((size * 0.2).max(8.0));
    // Squares and highlights are one mesh of plain quads: one draw call,
    // and no anti-aliasing fringe on edges that sit on whole pixels anyway.
    let mut squares = egui::Mesh::default();
    squares.add_colored_rect(rect, view.style.dark);
    for square in Square::ALL {
        let light = (square.file().to_u32() + square.rank().to_u32()) % 2 == 1;
        if light {
            squares.add_colored_rect(
                square_rect(rect, view.orientation, square),
                view.style.light,
            );
        }
    }
    let mut highlight = |square: Square, color: Color32| {
        squares.add_colored_rect(square_rect(rect, view.orientation, square), color);
    };
    if let Some((from, to)) = view.last_move {
        for square in from.into_iter().chain([to]) {
            highlight(square, theme::LAST_MOVE);
        }
    }
    for premove in view.premoves {
        for square in premove.from().into_iter().chain([premove.to()]) {
            highlight(square, theme::PREMOVE);
        }
    }
    if let Some(selected) = state.selected {
        highlight(selected, theme::SELECTED);
    }
    painter.add(egui::Shape::mesh(squares));
    if view.style.coordinates && size >= 24.0 {
        let (on_light, on_dark) = theme::coordinate_colors(view.style.light, view.style.dark);
        let (bottom_rank, left_file) = if view.orientation.is_white() {
            (Rank::First, File::A)
        } else {
            (Rank::Eighth, File::H)
        };
        for square in Square::ALL {
            let r = square_rect(rect, view.orientation, square);
            let light = (square.file().to_u32() + square.rank().to_u32()) % 2 == 1;
            let ink = if light { on_light } else { on_dark };
            if square.rank() == bottom_rank {
                let at = r.right_bottom() + vec2(-2.0, -1.0);
                painter.text(
                    at,
                    Align2::RIGHT_BOTTOM,
                    square.file().char(),
                    font.clone(),
                    ink,
                );
            }
            if square.file() == left_file {
                let at = r.left_top() + vec2(2.0, 1.0);
                painter.text(
                    at,
                    Align2::LEFT_TOP,
                    square.rank().char(),
                    font.clone(),
                    ink,
                );
            }
        }
    }
    if let Some(check) = view.check {
        let r = square_rect(rect, view.orientation, check);
        painter.circle_filled(r.center(), size * 0.5, theme::CHECK);
    }

    for square in Square::ALL {
        let Some(piece) = view.pieces.piece_at(square) else {
            continue;
        };
        let r = square_rect(rect, view.orientation, square);
        if view.slide.is_some_and(|s| s.to == square) {
            continue;
        }
        let tint = if state.drag == Some(square) {
            Color32::from_white_alpha(90) // the ghost on the origin
        } else {
            Color32::WHITE
        };
        draw_piece(
            ui,
            &painter,
            cache,
            piece,
            r.scale_from_center(view.style.piece_scale),
            tint,
        );
    }
    if let Some(slide) = view.slide {
        let from = square_rect(rect, view.orientation, slide.from);
        let to = square_rect(rect, view.orientation, slide.to);
        let t = ease(slide.progress.clamp(0.0, 1.0));
        let at = from.translate((to.min - from.min) * t);
        // The board's piece size: a piece sliding at the square's full size
        // shrank as it landed (and took a texture of its own).
        let at = at.scale_from_center(view.style.piece_scale);
        draw_piece(ui, &painter, cache, slide.piece, at, Color32::WHITE);
    }

    // Targets of the selected or dragged piece.
    if let Some(from) = state.drag.or(state.selected).filter(|_| view.style.targets) {
        for m in moves.iter().filter(|m| m.from() == Some(from)) {
            // Castling also by dropping the king on its rook: the rook is a
            // target too (ringed, as a piece one may land on).
            if m.is_castle() && m.to() != landing(view, m) {
                let r = square_rect(rect, view.orientation, m.to());
                painter.circle_stroke(
                    r.center(),
                    size * 0.44,
                    Stroke::new(size * 0.07, theme::TARGET),
                );
            }
            let target = landing(view, m);
            let r = square_rect(rect, view.orientation, target);
            if view.pieces.piece_at(target).is_some() {
                painter.circle_stroke(
                    r.center(),
                    size * 0.44,
                    Stroke::new(size * 0.07, theme::TARGET),
                );
            } else {
                painter.circle_filled(r.center(), size * 0.14, theme::TARGET);
            }
        }
    }

    // Queued premoves numbered in the order they will be played.
    if view.premoves.len() > 1 {
        let font = FontId::proportional((size * 0.22).max(9.0));
        for (i, premove) in view.premoves.iter().enumerate() {
            let r = square_rect(rect, view.orientation, landing(view, premove));
            let at = r.left_top() + vec2(size * 0.17, size * 0.17);
            painter.circle_filled(at, size * 0.15, theme::PREMOVE.to_opaque());
            let number = (i + 1).to_string();
            painter.text(
                at,
                Align2::CENTER_CENTER,
                number,
                font.clone(),
                Color32::WHITE,
            );
        }
    }

    // The dragged piece follows the pointer, on top of everything.
    let dragged = match (state.drag, state.drag_drop) {
        (Some(from), _) => view.pieces.piece_at(from),
        (None, Some(role)) => view.mover.map(|color| Piece { color, role }),
        _ => None,
    };
    if let (Some(piece), Some(pointer)) = (dragged, ui.input(|i| i.pointer.latest_pos())) {
        let r = Rect::from_center_size(pointer, Vec2::splat(size * 1.1));
        let top = ui.ctx().layer_painter(egui::LayerId::new(
            egui::Order::Tooltip,
            ui.scope_id().with("drag"),
        ));
        draw_piece(ui, &top, cache, piece, r, Color32::WHITE);
    }
}

fn ease(t: f32) -> f32 {
    // Ease-out cubic: fast start, gentle landing.
    1.0 - (1.0 - t).powi(3)
}

/// A holdings strip (pieces in hand) for drop games; dragging one onto the
/// board drops it there.
pub fn holdings_ui(
    ui: &mut egui::Ui,
    state: &mut BoardState,
    color: Color,
    counts: [u8; 5],
    draggable: bool,
    cache: &mut PieceCache,
    piece_size: f32,
) {
    ui.horizontal(|ui| {
        for (role, count) in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ]
        .into_iter()
        .zip(counts)
        {
            let (rect, response) =
                ui.allocate_exact_size(Vec2::splat(piece_size), Sense::click_and_drag());
            let name = format!("{color:?} {role:?} in hand: {count}");
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
            let tint = if count == 0 {
                Color32::from_white_alpha(60)
            } else {
                Color32::WHITE
            };
            draw_piece(ui, ui.painter(), cache, Piece { color, role }, rect, tint);
            if count > 1 {
                ui.painter().text(
                    rect.right_bottom(),
                    Align2::RIGHT_BOTTOM,
                    count.to_string(),
                    FontId::proportional(piece_size * 0.35),
                    ui.visuals().strong_text_color(),
                );
            }
            if draggable && count > 0 && response.drag_started() {
                state.drag_drop = Some(role);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    #[test]
    fn squares_and_orientation() {
        let board = Rect::from_min_size(pos2(10.0, 20.0), Vec2::splat(80.0));
        assert_eq!(
            square_rect(board, Color::White, Square::A1).min,
            pos2(10.0, 90.0)
        );
        assert_eq!(
            square_rect(board, Color::Black, Square::A1).min,
            pos2(80.0, 20.0)
        );
        for orientation in Color::ALL {
            for square in Square::ALL {
                let center = square_rect(board, orientation, square).center();
                assert_eq!(square_at(board, orientation, center), Some(square));
            }
        }
        assert_eq!(square_at(board, Color::White, pos2(0.0, 0.0)), None);
    }
}
