//! The board for screen readers: 64 named, focusable squares that work
//! like clicks (see `accessible_squares_ui`).

use egui::{Rect, Sense};
use shakmaty::{Board, Color, File, Move, Position, Rank, Role, Square};

use crate::ui::board::model::{BoardAction, BoardState, BoardView, click_square, square_rect};

/// For screen readers (only while an assistive technology asks egui for
/// the accessibility tree): the board as a grid of eight rows (rank 8
/// first) of eight squares, each named ("e4, white knight", "e5, empty")
/// and focusable. The arrow keys move the
/// focus between squares (egui's own focus navigation), Space or Enter on a
/// square is a click there: pick up a piece, then put it down.
#[allow(clippy::too_many_arguments)]
pub(crate) fn accessible_squares_ui(
    ui: &mut egui::Ui,
    board_id: egui::Id,
    rect: Rect,
    state: &mut BoardState,
    view: &BoardView<'_>,
    moves: &[Move],
    premove: bool,
    own: &dyn Fn(Square) -> bool,
) -> Option<BoardAction> {
    state.square_focused = false;
    let accessible = ui.ctx().accesskit_node_builder(board_id, |_| ()).is_some();
    if !accessible {
        return None;
    }
    // A grid of rows of cells: a screen reader reads a table (AT-SPI's
    // Table, UIA's Grid) with its rows, not 64 loose cells. The indices are
    // for the platforms that read them (accesskit 0.25 does not yet give
    // AT-SPI's Table interface: the square's name says where it is).
    let mut grid = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .id_salt(("squares", board_id))
            .accessibility_parent(board_id)
            .accessibility_role(egui::accesskit::Role::Grid)
            .accessibility_label("Squares, rank 8 first"),
    );
    let ctx = ui.ctx().clone();
    ctx.accesskit_node_builder(grid.unique_id(), |node| {
        node.set_row_count(8);
        node.set_column_count(8);
        node.set_bounds(accesskit_rect(rect));
    });
    let focus_to = state
        .focus_square
        .then(|| {
            view.last_move
                .map(|(_, to)| to)
                .or_else(|| view.pieces.king_of(view.orientation))
        })
        .flatten();
    state.focus_square = false;
    let focused_now = ui.memory(|m| m.focused());
    if ui.input(|i| i.key_pressed(egui::Key::Escape) || i.key_pressed(egui::Key::Tab)) {
        state.kept_square = None;
    }
    let focus_to = focus_to.or(state.kept_square.filter(|_| focused_now.is_none()));
    let mut action = None;
    let mut has_focus = None;
    // Rank 8 first, as the board is read, whatever its orientation.
    for (row_index, rank) in Rank::ALL.into_iter().rev().enumerate() {
        let row = grid.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .id_salt(("rank", row_index))
                .accessibility_role(egui::accesskit::Role::Row)
                .accessibility_label(format!("rank {}", rank.char())),
        );
        let row_rect = Rect::from_two_pos(
            square_rect(rect, view.orientation, Square::from_coords(File::A, rank)).min,
            square_rect(rect, view.orientation, Square::from_coords(File::H, rank)).max,
        );
        ctx.accesskit_node_builder(row.unique_id(), |node| {
            node.set_row_index(row_index);
            node.set_bounds(accesskit_rect(row_rect));
        });
        for (column_index, file) in File::ALL.into_iter().enumerate() {
            let square = Square::from_coords(file, rank);
            let cell = square_rect(rect, view.orientation, square);
            let id = board_id.with(("square", u8::from(square)));
            let response = row.interact(cell, id, Sense::FOCUSABLE);
            if focus_to == Some(square) {
                response.request_focus();
            }
            let name = square_name(view.pieces, square);
            let selected = state.selected == Some(square);
            if response.has_focus() {
                has_focus = Some(square);
            }
            state.square_focused |= response.has_focus();
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::GridCell, true, selected, &name)
            });
            ctx.accesskit_node_builder(id, |node| {
                node.set_row_index(row_index);
                node.set_column_index(column_index);
                node.set_selected(selected);
            });
            let pressed = response.has_focus()
                && !view.typing
                && row
                    .input(|i| i.key_pressed(egui::Key::Space) || i.key_pressed(egui::Key::Enter));
            if pressed && action.is_none() {
                let before = state.selected;
                action = click_square(state, view, moves, premove, own, square);
                state.said = keyboard_words(view, before, state.selected, action.as_ref(), &name);
            }
        }
    }
    // Kept while a square has it or nothing does; another widget takes it.
    match has_focus {
        Some(square) => state.kept_square = Some(square),
        None if focused_now.is_some() => state.kept_square = None,
        None => {}
    }
    action
}

/// What a square's Space or Enter did, for the screen reader: a piece
/// picked up or put back, a move played or queued. The piece's name is the
/// square's (`name`).
fn keyboard_words(
    view: &BoardView<'_>,
    before: Option<Square>,
    after: Option<Square>,
    action: Option<&BoardAction>,
    name: &str,
) -> Option<String> {
    let position = view.playable.and_then(|p| p.position());
    let san = |mv: &shakmaty::Move| match position {
        Some(position) if position.is_legal(*mv) => {
            shakmaty::san::San::from_move(position, *mv).to_string()
        }
        _ => coordinates(view, mv),
    };
    match (action, before, after) {
        (Some(BoardAction::Move(mv)), _, _) => Some(format!("Played {}", san(mv))),
        (Some(BoardAction::Premove(mv)), _, _) => {
            Some(format!("Premove {}", coordinates(view, mv)))
        }
        (Some(BoardAction::Refused(why)), _, _) => Some((*why).to_owned()),
        (_, None, Some(_)) => Some(format!("{name}, picked up")),
        (_, Some(from), None) => Some(format!("{from} put back")),
        (_, Some(_), Some(_)) if before != after => Some(format!("{name}, picked up instead")),
        _ => None,
    }
}

fn accesskit_rect(rect: Rect) -> egui::accesskit::Rect {
    egui::accesskit::Rect {
        x0: rect.min.x.into(),
        y0: rect.min.y.into(),
        x1: rect.max.x.into(),
        y1: rect.max.y.into(),
    }
}

/// "white knight".
pub fn piece_name(piece: shakmaty::Piece) -> String {
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
    format!("{color} {role}")
}

/// "e4, white knight" or "e5, empty".
pub fn square_name(pieces: &Board, square: Square) -> String {
    match pieces.piece_at(square) {
        Some(piece) => format!("{square}, {}", piece_name(piece)),
        None => format!("{square}, empty"),
    }
}

/// A move as its squares (`e2e4`, a castling king's landing square).
fn coordinates(view: &BoardView<'_>, mv: &Move) -> String {
    let to = crate::ui::board::model::landing(view, mv);
    match mv {
        Move::Put { role, .. } => format!("{}@{to}", role.upper_char()),
        _ => match (mv.from(), mv.promotion()) {
            (Some(from), Some(role)) => format!("{from}{to}{}", role.char()),
            (Some(from), None) => format!("{from}{to}"),
            (None, _) => to.to_string(),
        },
    }
}
