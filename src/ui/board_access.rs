//! The board for screen readers: 64 named, focusable squares that work
//! like clicks (see `accessible_squares_ui`).

use egui::{Rect, Sense};
use shakmaty::{Board, Color, File, MoveList, Rank, Role, Square};

use super::board_model::{BoardAction, BoardState, BoardView, click_square, square_rect};

/// For screen readers (only while an assistive technology asks egui for
/// the accessibility tree): the board as a grid of 64 squares, each named
/// ("e4, white knight", "e5, empty") and focusable. The arrow keys move the
/// focus between squares (egui's own focus navigation), Space or Enter on a
/// square is a click there: pick up a piece, then put it down.
#[allow(clippy::too_many_arguments)]
pub(super) fn accessible_squares_ui(
    ui: &mut egui::Ui,
    board_id: egui::Id,
    rect: Rect,
    state: &mut BoardState,
    view: &BoardView<'_>,
    moves: &MoveList,
    premove: bool,
    own: &dyn Fn(Square) -> bool,
) -> Option<BoardAction> {
    state.square_focused = false;
    let accessible = ui.ctx().accesskit_node_builder(board_id, |_| ()).is_some();
    if !accessible {
        return None;
    }
    let grid = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .accessibility_parent(board_id),
    );
    let mut action = None;
    // Rank 8 first, as the board is read, whatever its orientation.
    for rank in Rank::ALL.into_iter().rev() {
        for file in File::ALL {
            let square = Square::from_coords(file, rank);
            let cell = square_rect(rect, view.orientation, square);
            let id = board_id.with(("square", u8::from(square)));
            let response = grid.interact(cell, id, Sense::FOCUSABLE);
            let name = square_name(view.pieces, square);
            let selected = state.selected == Some(square);
            state.square_focused |= response.has_focus();
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::GridCell, true, selected, &name)
            });
            let pressed = response.has_focus()
                && grid
                    .input(|i| i.key_pressed(egui::Key::Space) || i.key_pressed(egui::Key::Enter));
            if pressed && action.is_none() {
                action = click_square(state, view, moves, premove, own, square);
            }
        }
    }
    action
}

/// "e4, white knight" or "e5, empty".
pub fn square_name(pieces: &Board, square: Square) -> String {
    match pieces.piece_at(square) {
        Some(piece) => {
            let color = if piece.color == Color::White {
                "white"
            } else {
                "black"
            };
            let role = match piece.role {
                Role::Pawn => "pawn",
                Role::Knight => "knight",
                Role::Bishop => "bishop",
                Role::Rook => "rook",
                Role::Queen => "queen",
                Role::King => "king",
            };
            format!("{square}, {color} {role}")
        }
        None => format!("{square}, empty"),
    }
}
