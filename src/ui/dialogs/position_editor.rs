//! A position set up by hand: a board to put pieces on and take them off
//! (a piece chosen in the palette goes where a square is clicked; a piece
//! is dragged from square to square, a right click takes it off), the side
//! to move, castling, and the FEN it makes (typed or pasted FEN loads).
//! Then analysed on a board of Kibitz's, or examined on the server
//! (`bsetup`, where the server has it).

use egui::{Color32, Rect, Sense, Vec2, pos2, vec2};
use shakmaty::fen::Fen;
use shakmaty::{
    Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Role, Setup,
    Square,
};

use crate::ui::board::access::{piece_name, square_name};
use crate::ui::board::pieces::PieceCache;

/// A square's side in the editor, in points.
const SQUARE: f32 = 40.0;

/// What the editor asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditorAction {
    /// Study the position (FEN) on a board of Kibitz's.
    Analyse(String),
    /// Examine it on the server: these commands, in order.
    Examine(Vec<String>),
    /// Play the computer from it.
    Play(String),
}

/// The editor's state: open or not, and the position being made.
#[derive(Debug, Clone)]
pub struct PositionEditor {
    pub open: bool,
    board: Board,
    turn: Color,
    /// White king side, White queen side, Black king side, Black queen side.
    castling: [bool; 4],
    /// The palette's choice: a piece to put down (None: take off).
    palette: Option<Piece>,
    /// A piece being dragged, from its square.
    dragged: Option<Square>,
    /// The FEN as typed (loaded when it reads).
    fen: String,
}

impl Default for PositionEditor {
    fn default() -> Self {
        let mut editor = PositionEditor {
            open: false,
            board: Board::default(),
            turn: Color::White,
            castling: [true; 4],
            palette: Some(Piece {
                color: Color::White,
                role: Role::Queen,
            }),
            dragged: None,
            fen: String::new(),
        };
        editor.fen = editor.fen_text();
        editor
    }
}

impl PositionEditor {
    /// Opens the editor on `fen` (the start position when None or not a
    /// position).
    pub fn open_with(&mut self, fen: Option<&str>) {
        self.open = true;
        if let Some(fen) = fen {
            self.load(fen);
        }
    }

    fn setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.board = self.board.clone();
        setup.turn = self.turn;
        let rights = [
            (0, Square::H1),
            (1, Square::A1),
            (2, Square::H8),
            (3, Square::A8),
        ];
        for (at, rook) in rights {
            if self.castling[at] {
                setup.castling_rights.add(rook);
            }
        }
        setup
    }

    /// The position as FEN (castling rights the board cannot have are
    /// left out).
    pub fn fen_text(&self) -> String {
        match self.position() {
            Ok(position) => Fen::from_position(&position, EnPassantMode::Legal).to_string(),
            Err(_) => Fen::try_from_setup(self.setup())
                .unwrap_or_else(|lossy| lossy.ignore())
                .to_string(),
        }
    }

    /// The position under the rules of chess, or why it is not one.
    pub fn position(&self) -> Result<Chess, String> {
        match Chess::from_setup(self.setup(), CastlingMode::Standard) {
            Ok(position) => Ok(position),
            Err(error) => error
                .ignore_invalid_castling_rights()
                .map_err(|e| format!("Not a position to play from: {e}")),
        }
    }

    /// Loads `fen`; false where it does not read.
    pub fn load(&mut self, fen: &str) -> bool {
        let Ok(fen) = fen.trim().parse::<Fen>() else {
            return false;
        };
        let setup = fen.into_setup();
        self.board = setup.board.clone();
        self.turn = setup.turn;
        self.castling = [Square::H1, Square::A1, Square::H8, Square::A8]
            .map(|rook| setup.castling_rights.contains(rook));
        self.fen = self.fen_text();
        true
    }

    /// Puts `piece` on `square` (None: takes off what is there).
    pub fn put(&mut self, square: Square, piece: Option<Piece>) {
        match piece {
            Some(piece) => self.board.set_piece_at(square, piece),
            None => self.board.discard_piece_at(square),
        }
        self.fen = self.fen_text();
    }

    /// The commands that set the position up on a server (`bsetup`).
    pub fn bsetup_commands(&self) -> Vec<String> {
        let fen = self.fen_text();
        let board = fen.split(' ').next().unwrap_or_default().to_owned();
        let side = |king: bool, queen: bool| match (king, queen) {
            (true, true) => "both",
            (true, false) => "kside",
            (false, true) => "qside",
            (false, false) => "none",
        };
        let rights = self
            .position()
            .map(|p| p.castles().castling_rights())
            .unwrap_or_default();
        let has = |rook: Square| rights.contains(rook);
        vec![
            "bsetup".to_owned(),
            format!("bsetup fen {board}"),
            format!(
                "bsetup tomove {}",
                if self.turn.is_white() {
                    "white"
                } else {
                    "black"
                }
            ),
            format!("bsetup wcastle {}", side(has(Square::H1), has(Square::A1))),
            format!("bsetup bcastle {}", side(has(Square::H8), has(Square::A8))),
            "bsetup done".to_owned(),
        ]
    }
}

/// The editor's window; what the user asked for. `colors`: the board's
/// light and dark squares; `server`: logged in, and whether the server
/// has `bsetup`.
pub fn position_editor_ui(
    ctx: &egui::Context,
    editor: &mut PositionEditor,
    cache: &mut PieceCache,
    colors: (Color32, Color32),
    server: (bool, bool),
) -> Option<EditorAction> {
    let mut action = None;
    let mut open = editor.open;
    egui::Window::new("Set up a position")
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                board_ui(ui, editor, cache, colors);
                ui.vertical(|ui| {
                    palette_ui(ui, editor, cache);
                    ui.separator();
                    action = controls_ui(ui, editor, server);
                });
            });
        });
    editor.open = open && action.is_none();
    action
}

fn board_ui(
    ui: &mut egui::Ui,
    editor: &mut PositionEditor,
    cache: &mut PieceCache,
    (light, dark): (Color32, Color32),
) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(SQUARE * 8.0), Sense::hover());
    let pixels = (SQUARE * ui.ctx().pixels_per_point()).round() as u32;
    let pointer = ui.input(|i| i.pointer.interact_pos());
    for square in Square::ALL {
        let (file, rank) = (u32::from(square.file()), u32::from(square.rank()));
        let at = pos2(
            rect.left() + SQUARE * file as f32,
            rect.top() + SQUARE * (7 - rank) as f32,
        );
        let cell = Rect::from_min_size(at, Vec2::splat(SQUARE));
        let id = ui.scope_id().with(("editor square", square));
        let response = ui.interact(cell, id, Sense::click_and_drag());
        let piece = editor.board.piece_at(square);
        let name = square_name(&editor.board, square);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        let fill = if (file + rank) % 2 == 0 { dark } else { light };
        let highlight = response.has_focus() || response.hovered();
        ui.painter().rect_filled(cell, 0.0, fill);
        if highlight {
            ui.painter().rect_stroke(
                cell.shrink(1.0),
                0.0,
                (2.0, ui.visuals().selection.stroke.color),
                egui::StrokeKind::Inside,
            );
        }
        if let Some(piece) = piece
            && editor.dragged != Some(square)
            && let Some((texture, uv)) = cache.get(ui.ctx(), piece, pixels)
        {
            ui.painter().image(texture, cell, uv, Color32::WHITE);
        }
        // A drag moves the piece; a click puts the palette's piece (the
        // same piece again takes it off); a right click takes it off.
        if response.drag_started() && piece.is_some() {
            editor.dragged = Some(square);
        } else if response.clicked() {
            let put = match (editor.palette, piece) {
                (Some(chosen), Some(there)) if chosen == there => None,
                (chosen, _) => chosen,
            };
            editor.put(square, put);
        } else if response.secondary_clicked() {
            editor.put(square, None);
        }
    }
    // The dragged piece follows the pointer; dropped on a square, it goes
    // there (off the board: off).
    if let Some(from) = editor.dragged {
        let piece = editor.board.piece_at(from);
        if let (Some(piece), Some(at)) = (piece, pointer)
            && let Some((texture, uv)) = cache.get(ui.ctx(), piece, pixels)
        {
            let cell = Rect::from_center_size(at, Vec2::splat(SQUARE));
            ui.painter().image(texture, cell, uv, Color32::WHITE);
        }
        if ui.input(|i| i.pointer.any_released()) {
            editor.dragged = None;
            let to = pointer.filter(|p| rect.contains(*p)).map(|p| {
                let file = ((p.x - rect.left()) / SQUARE).floor().clamp(0.0, 7.0) as u32;
                let rank = 7 - ((p.y - rect.top()) / SQUARE).floor().clamp(0.0, 7.0) as u32;
                Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank))
            });
            if to != Some(from) {
                editor.put(from, None);
                if let (Some(to), Some(piece)) = (to, piece) {
                    editor.put(to, Some(piece));
                }
            }
        }
    }
}

/// The pieces to put down, and "take off".
fn palette_ui(ui: &mut egui::Ui, editor: &mut PositionEditor, cache: &mut PieceCache) {
    let pixels = (28.0 * ui.ctx().pixels_per_point()).round() as u32;
    for color in Color::ALL {
        ui.horizontal(|ui| {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let chosen = editor.palette == Some(piece);
                let (rect, response) = ui.allocate_exact_size(vec2(30.0, 30.0), Sense::click());
                let name = format!("Put a {}", piece_name(piece));
                response.widget_info(|| {
                    egui::WidgetInfo::selected(egui::Role::RadioButton, true, chosen, &name)
                });
                // On a light square, as on a board: black pieces were
                // nearly invisible on the dark theme's panel.
                ui.painter()
                    .rect_filled(rect, 3.0, crate::ui::theme::LIGHT_SQUARE);
                if chosen {
                    let stroke = egui::Stroke::new(2.5, ui.visuals().selection.bg_fill);
                    ui.painter()
                        .rect_stroke(rect, 3.0, stroke, egui::StrokeKind::Inside);
                }
                if let Some((texture, uv)) = cache.get(ui.ctx(), piece, pixels) {
                    ui.painter()
                        .image(texture, rect.shrink(1.0), uv, Color32::WHITE);
                }
                if response.clicked() {
                    editor.palette = Some(piece);
                }
            }
        });
    }
    let off = editor.palette.is_none();
    if ui
        .selectable_label(off, "Take pieces off")
        .on_hover_text("A click on a square takes its piece off (a right click always does)")
        .clicked()
    {
        editor.palette = None;
    }
}

fn controls_ui(
    ui: &mut egui::Ui,
    editor: &mut PositionEditor,
    (online, bsetup): (bool, bool),
) -> Option<EditorAction> {
    let mut changed = false;
    ui.horizontal(|ui| {
        ui.label("To move");
        changed |= ui
            .radio_value(&mut editor.turn, Color::White, "White")
            .changed();
        changed |= ui
            .radio_value(&mut editor.turn, Color::Black, "Black")
            .changed();
    });
    ui.horizontal(|ui| {
        ui.label("Castling");
        let names = ["White O-O", "White O-O-O", "Black O-O", "Black O-O-O"];
        for (right, name) in editor.castling.iter_mut().zip(names) {
            changed |= ui.checkbox(right, name).changed();
        }
    });
    ui.horizontal(|ui| {
        if ui.button("Start position").clicked() {
            editor.load("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        }
        if ui.button("Empty board").clicked() {
            editor.board = Board::empty();
            changed = true;
        }
    });
    if changed {
        editor.fen = editor.fen_text();
    }
    let label = ui.label("FEN");
    let typed = ui
        .add(egui::TextEdit::singleline(&mut editor.fen).desired_width(460.0))
        .labelled_by(label.id);
    if typed.changed() {
        let text = editor.fen.clone();
        editor.load(&text);
        editor.fen = text;
    }
    let position = editor.position();
    if let Err(why) = &position {
        ui.colored_label(ui.visuals().warn_fg_color, why);
    }
    let mut action = None;
    ui.horizontal(|ui| {
        let playable = position.is_ok();
        if ui
            .add_enabled(playable, egui::Button::new("Analyse"))
            .on_hover_text("On a board of Kibitz's: try moves, ask the engine")
            .clicked()
        {
            action = Some(EditorAction::Analyse(editor.fen_text()));
        }
        if ui
            .add_enabled(playable, egui::Button::new("Play the computer…"))
            .on_hover_text("A game against the engine from this position, no server needed")
            .clicked()
        {
            action = Some(EditorAction::Play(editor.fen_text()));
        }
        let why_not = match (online, bsetup) {
            (false, _) => "Log in to examine it on a server",
            (true, false) => {
                "This server cannot set positions up (it has no bsetup): analyse it here"
            }
            (true, true) => "The server's own board (examine with bsetup)",
        };
        if ui
            .add_enabled(
                playable && online && bsetup,
                egui::Button::new("Examine on the server"),
            )
            .on_hover_text(why_not)
            .on_disabled_hover_text(why_not)
            .clicked()
        {
            action = Some(EditorAction::Examine(editor.bsetup_commands()));
        }
    });
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_put_and_taken_off_make_the_fen() {
        let mut editor = PositionEditor::default();
        assert_eq!(
            editor.fen_text(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        editor.board = Board::empty();
        editor.put(
            Square::E1,
            Some(Piece {
                color: Color::White,
                role: Role::King,
            }),
        );
        editor.put(
            Square::E8,
            Some(Piece {
                color: Color::Black,
                role: Role::King,
            }),
        );
        editor.put(
            Square::A7,
            Some(Piece {
                color: Color::White,
                role: Role::Pawn,
            }),
        );
        editor.turn = Color::Black;
        // Castling rights without the rooks are left out.
        assert_eq!(editor.fen_text(), "4k3/P7/8/8/8/8/8/4K3 b - - 0 1");
        assert!(editor.position().is_ok());
        editor.put(Square::E8, None);
        assert!(editor.position().is_err(), "no black king");
    }

    #[test]
    fn a_fen_loads_and_bsetup_sets_it_up() {
        let mut editor = PositionEditor::default();
        assert!(editor.load("r3k2r/8/8/8/8/8/8/4K2R b Kq - 0 1"));
        assert!(!editor.load("not a fen"));
        assert_eq!(
            editor.bsetup_commands(),
            [
                "bsetup",
                "bsetup fen r3k2r/8/8/8/8/8/8/4K2R",
                "bsetup tomove black",
                "bsetup wcastle kside",
                "bsetup bcastle qside",
                "bsetup done"
            ]
        );
    }
}
