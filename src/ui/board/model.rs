//! The board's model, shared by the board widget (`board.rs`) and its
//! screen-reader grid (`access.rs`): what the board shows for a frame
//! ([`BoardView`]), its interaction state ([`BoardState`]), what the user did
//! ([`BoardAction`]), where squares are on screen, and what a click or a
//! drag from one square to another means.

use egui::{Color32, Pos2, Rect, Vec2, vec2};
use shakmaty::{Board, Color, File, Move, Piece, Rank, Role, Square};

use crate::game::rules::Playable;

use crate::ui::theme;

/// What the user did on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardAction {
    /// A legal move, to send now.
    Move(Move),
    /// A move queued for when it becomes the user's turn.
    Premove(Move),
    /// Right click or Esc: forget the premove.
    CancelPremove,
    /// A move the piece could make that the rules forbid: why ("You must
    /// capture").
    Refused(&'static str),
    /// An arrow or circle drawn with the right mouse button (toggled).
    Mark(crate::protocol::marks::Mark),
}

/// Interaction state that lives between frames.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardState {
    pub selected: Option<Square>,
    /// The square a piece is being dragged from.
    pub(crate) drag: Option<Square>,
    /// A piece in hand being dragged from the holdings strip.
    pub(crate) drag_drop: Option<Role>,
    /// Waiting for the promotion piece: (from, to, premove).
    pub(crate) promotion: Option<(Square, Square, bool)>,
    /// One of the accessible squares has the keyboard (the arrow keys
    /// move between squares, not through the moves).
    pub square_focused: bool,
    /// The board was just given the keyboard (Ctrl+Tab, or Up/Down on it):
    /// a square takes the focus at its next frame, so a screen reader
    /// lands on the board (the last move's square, else the bottom
    /// player's king).
    pub focus_square: bool,
    /// The square that had the keyboard, kept while nothing else takes it:
    /// seen live under X11, the keyboard sometimes fell from the square to
    /// the window in the user's own game (a modifier key while a move is
    /// typed; not reproduced in tests), which sends a screen reader's user
    /// off the board. Esc and Tab let go of it.
    pub(crate) kept_square: Option<Square>,
    /// What Space or Enter on a square did, in words for the screen reader
    /// ("e2, white pawn, picked up", "Played e4"), to be said by the panel.
    pub said: Option<String>,
    /// A right drag for an arrow started here.
    pub(crate) mark_from: Option<Square>,
}

impl BoardState {
    /// Whether the user did something on this board since `before` (a
    /// piece picked up or dragged, a square given the keyboard); a square
    /// losing the keyboard, or the focus Kibitz moves there itself, is not.
    pub fn engaged_since(&self, before: &BoardState) -> bool {
        let gained_square = self.square_focused && !before.square_focused;
        let rest = BoardState {
            square_focused: before.square_focused,
            focus_square: before.focus_square,
            kept_square: before.kept_square,
            ..self.clone()
        };
        gained_square || rest != *before
    }

    /// The promotion chooser is open.
    pub fn is_choosing_promotion(&self) -> bool {
        self.promotion.is_some()
    }

    /// A piece follows the pointer.
    pub fn is_dragging(&self) -> bool {
        self.drag.is_some() || self.drag_drop.is_some()
    }
}

/// The opponent's last move sliding in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slide {
    pub piece: Piece,
    pub from: Square,
    pub to: Square,
    /// 0 at the start, 1 when done.
    pub progress: f32,
}

/// How the board looks (from the settings).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardStyle {
    pub light: Color32,
    pub dark: Color32,
    pub pieces: crate::config::PieceSet,
    /// The piece's size as a fraction of its square.
    pub piece_scale: f32,
    pub coordinates: bool,
    pub targets: bool,
}

impl Default for BoardStyle {
    fn default() -> Self {
        BoardStyle::from(&crate::config::BoardSettings::default())
    }
}

impl From<&crate::config::BoardSettings> for BoardStyle {
    fn from(board: &crate::config::BoardSettings) -> Self {
        let (light, dark) = theme::board_colors(board);
        BoardStyle {
            light,
            dark,
            pieces: board.pieces,
            piece_scale: board.piece_scale.clamp(0.5, 1.0),
            coordinates: board.coordinates,
            targets: board.show_legal_targets,
        }
    }
}

/// Everything the board draws, for one frame.
pub struct BoardView<'a> {
    /// The accessible name, e.g. `Board, game 12`.
    pub label: &'a str,
    pub pieces: &'a Board,
    /// The side at the bottom.
    pub orientation: Color,
    /// The board to take moves from, under the game's rules (None: a
    /// board to look at only).
    pub playable: Option<&'a Playable>,
    /// The side the user moves, when playing.
    pub mover: Option<Color>,
    pub last_move: Option<(Option<Square>, Square)>,
    pub check: Option<Square>,
    /// The premoves queued, in order (drawn numbered where several).
    pub premoves: &'a [Move],
    pub slide: Option<Slide>,
    pub auto_queen: bool,
    pub allow_premove: bool,
    pub style: BoardStyle,
    /// Arrows and circles to draw over the pieces.
    pub marks: &'a [crate::protocol::marks::Mark],
    /// The engine's best move in the position shown, drawn as an arrow.
    pub best_move: Option<(Square, Square)>,
    /// A move is being typed: Enter is the typed move's, not a click on
    /// the focused square.
    pub typing: bool,
}

/// The board's square on screen.
pub fn square_rect(board: Rect, orientation: Color, square: Square) -> Rect {
    let size = board.width() / 8.0;
    let (file, rank) = (square.file().to_u32() as f32, square.rank().to_u32() as f32);
    let (x, y) = match orientation {
        Color::White => (file, 7.0 - rank),
        Color::Black => (7.0 - file, rank),
    };
    Rect::from_min_size(board.min + vec2(x * size, y * size), Vec2::splat(size))
}

/// The square under a point, if it is on the board.
pub fn square_at(board: Rect, orientation: Color, pos: Pos2) -> Option<Square> {
    if !board.contains(pos) {
        return None;
    }
    let size = board.width() / 8.0;
    let x = (((pos.x - board.min.x) / size) as u32).min(7);
    let y = (((pos.y - board.min.y) / size) as u32).min(7);
    let (file, rank) = match orientation {
        Color::White => (x, 7 - y),
        Color::Black => (7 - x, y),
    };
    Some(Square::from_coords(File::new(file), Rank::new(rank)))
}

/// Moves the user may make now, or queue as premoves.
pub(crate) fn moves_for(view: &BoardView<'_>) -> (Vec<Move>, bool) {
    let (Some(playable), Some(mover)) = (view.playable, view.mover) else {
        return (Vec::new(), false);
    };
    let premove = playable.turn() != mover;
    if premove && !view.allow_premove {
        return (Vec::new(), true);
    }
    (playable.moves(mover), premove)
}

/// Where a move's piece lands on this board (a castling king's square).
pub(crate) fn landing(view: &BoardView<'_>, m: &Move) -> Square {
    match view.playable {
        Some(playable) => playable.landing(m),
        None => m.to(),
    }
}

/// A click (or Space/Enter on a focused square) on `square`: selects one
/// of our pieces, or moves the selected one there.
pub(crate) fn click_square(
    state: &mut BoardState,
    view: &BoardView<'_>,
    moves: &[Move],
    premove: bool,
    own: &dyn Fn(Square) -> bool,
    square: Square,
) -> Option<BoardAction> {
    match state.selected {
        Some(from) if from != square && !matching(view, moves, from, square).is_empty() => {
            let action = attempt(state, view, moves, premove, from, square);
            state.selected = None;
            action
        }
        Some(from) if from == square => {
            state.selected = None;
            None
        }
        _ if own(square) => {
            state.selected = Some(square);
            None
        }
        // Nowhere the piece may go: the rules' reason, if they forbid it.
        Some(from) => {
            state.selected = None;
            attempt(state, view, moves, premove, from, square)
        }
        None => None,
    }
}

/// The moves that take `from` to `to`; castling also by dropping the king
/// on its rook.
pub(crate) fn matching(
    view: &BoardView<'_>,
    moves: &[Move],
    from: Square,
    to: Square,
) -> Vec<Move> {
    moves
        .iter()
        .filter(|m| m.from() == Some(from) && (m.to() == to || landing(view, m) == to))
        .cloned()
        .collect()
}

pub(crate) fn wrap(m: Move, premove: bool) -> BoardAction {
    if premove {
        BoardAction::Premove(m)
    } else {
        BoardAction::Move(m)
    }
}

/// Turns a from-to gesture into a move: one candidate is played, a
/// promotion asks (or queens), nothing legal snaps back.
pub(crate) fn attempt(
    state: &mut BoardState,
    view: &BoardView<'_>,
    moves: &[Move],
    premove: bool,
    from: Square,
    to: Square,
) -> Option<BoardAction> {
    let mut candidates = matching(view, moves, from, to);
    // A king's step and a castle that puts it on the same square (Chess960:
    // a king one square from where castling lands it): the step. Castling
    // is the king dropped on its rook, or two squares over.
    if candidates.iter().any(|m| !m.is_castle()) {
        candidates.retain(|m| !m.is_castle());
    }
    match candidates.as_slice() {
        // Forbidden by the rules, though the piece could go there: said.
        [] => view
            .playable
            .zip(view.mover)
            .and_then(|(playable, mover)| playable.why_not(mover, from, to))
            .map(BoardAction::Refused),
        [single] => Some(wrap(*single, premove)),
        several if several.iter().any(|m| m.promotion().is_none()) => {
            Some(wrap(several[0], premove))
        }
        several => {
            if view.auto_queen {
                several
                    .iter()
                    .find(|m| m.promotion() == Some(Role::Queen))
                    .cloned()
                    .map(|m| wrap(m, premove))
            } else {
                state.promotion = Some((from, to, premove));
                None
            }
        }
    }
}
