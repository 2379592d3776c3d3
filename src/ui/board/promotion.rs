//! The promotion chooser: the pieces a pawn may become (queen, knight,
//! rook, bishop, and a king in suicide), each a disc in the promotion
//! square's column toward the board's inside, in the board's own piece
//! set, over a shaded board. A click on one, or its letter (Q N R B K),
//! promotes to it; Esc or a click anywhere else cancels and sends nothing.
//! The queen's disc takes the keyboard when it opens, so a screen reader
//! says the choice (each disc is a button, "Promote to Knight").

use egui::{Align2, Color32, FontId, Id, Key, Rect, Sense, vec2};
use shakmaty::{Color, Move, Piece, Role, Square};

use crate::ui::board::model::{BoardView, matching, square_rect};
use crate::ui::board::pieces::{PieceCache, draw_piece};

/// The order the choices stand in, from the promotion square inward.
const ORDER: [Role; 5] = [
    Role::Queen,
    Role::Knight,
    Role::Rook,
    Role::Bishop,
    Role::King,
];

/// A promotion waiting for the player's choice.
pub(crate) struct Chooser {
    pub from: Square,
    pub to: Square,
    pub premove: bool,
    board: Rect,
    /// Each piece on offer and its disc's square on screen.
    choices: Vec<(Role, Rect)>,
    color: Color,
}

impl Chooser {
    /// The choices the rules allow for the pawn going `from` -> `to`.
    pub fn new(
        board: Rect,
        view: &BoardView<'_>,
        moves: &[Move],
        from: Square,
        to: Square,
        premove: bool,
    ) -> Chooser {
        let promotions = matching(view, moves, from, to);
        let mut roles: Vec<Role> = ORDER
            .into_iter()
            .filter(|role| promotions.iter().any(|m| m.promotion() == Some(*role)))
            .collect();
        if roles.is_empty() {
            roles = ORDER[..4].to_vec();
        }
        let size = board.width() / 8.0;
        let first = square_rect(board, view.orientation, to);
        // Toward the board's inside: down from the top edge, up from the
        // bottom one.
        let step = if first.min.y - board.min.y < 1.0 {
            size
        } else {
            -size
        };
        let choices = roles
            .into_iter()
            .enumerate()
            .map(|(i, role)| (role, first.translate(vec2(0.0, step * i as f32))))
            .collect();
        Chooser {
            from,
            to,
            premove,
            board,
            choices,
            color: view.mover.unwrap_or(Color::White),
        }
    }

    fn id(ui: &egui::Ui, i: usize) -> Id {
        ui.scope_id().with(("promotion", i))
    }

    /// What the player did this frame: `Some(Some(role))` chose,
    /// `Some(None)` cancelled, `None` still choosing. As it opens, the
    /// choices go to `said`, for the screen reader.
    pub fn input(&self, ui: &egui::Ui, said: &mut Option<String>) -> Option<Option<Role>> {
        let opened = ui.scope_id().with("promotion open");
        let first_frame =
            ui.data(|d| d.get_temp::<(Square, Square)>(opened)) != Some((self.from, self.to));
        if first_frame {
            let names: Vec<String> = self
                .choices
                .iter()
                .map(|(role, _)| format!("{role:?} {}", role.upper_char()))
                .collect();
            *said = Some(format!("Promote to: {}. Escape cancels", names.join(", ")));
        }
        let mut choice = None;
        for (i, (role, rect)) in self.choices.iter().enumerate() {
            let response = ui.interact(*rect, Self::id(ui, i), Sense::click());
            let name = format!("Promote to {role:?}");
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            if i == 0 && first_frame {
                response.request_focus();
            }
            if response.clicked() {
                choice = Some(*role);
            }
        }
        ui.data_mut(|d| d.insert_temp(opened, (self.from, self.to)));
        // The letters, unless a text field has the keyboard (a move or a
        // tell being typed).
        if choice.is_none() && !ui.ctx().text_edit_focused() {
            choice = self.choices.iter().map(|(role, _)| *role).find(|role| {
                ui.input(|i| {
                    !i.modifiers.command && !i.modifiers.alt && i.key_pressed(key_of(*role))
                })
            });
        }
        if let Some(role) = choice {
            ui.data_mut(|d| d.remove::<(Square, Square)>(opened));
            return Some(Some(role));
        }
        let escaped = ui.input(|i| i.key_pressed(Key::Escape));
        let clicked_elsewhere = ui.input(|i| {
            i.pointer.any_click()
                && i.pointer
                    .interact_pos()
                    .is_some_and(|p| !self.choices.iter().any(|(_, r)| r.contains(p)))
        });
        if escaped || clicked_elsewhere {
            ui.data_mut(|d| d.remove::<(Square, Square)>(opened));
            return Some(None);
        }
        None
    }

    /// Painted after everything else the board draws: the board shaded,
    /// the discs and their pieces on it, each with its letter.
    pub fn paint(&self, ui: &egui::Ui, view: &BoardView<'_>, cache: &mut PieceCache) {
        let painter = ui.painter_at(self.board);
        painter.rect_filled(self.board, 0.0, Color32::from_black_alpha(150));
        let pointer = ui.input(|i| i.pointer.hover_pos());
        let focused = ui.memory(|m| m.focused());
        let size = self.board.width() / 8.0;
        for (i, (role, rect)) in self.choices.iter().enumerate() {
            let lit = pointer.is_some_and(|p| rect.contains(p)) || focused == Some(Self::id(ui, i));
            let fill = if lit {
                Color32::WHITE
            } else {
                Color32::from_gray(215)
            };
            painter.circle_filled(rect.center(), size * 0.48, fill);
            if lit {
                painter.circle_stroke(
                    rect.center(),
                    size * 0.46,
                    egui::Stroke::new((size * 0.05).max(1.5), crate::ui::theme::PREMOVE),
                );
            }
            let piece = Piece {
                color: self.color,
                role: *role,
            };
            let inner = rect.scale_from_center(view.style.piece_scale.min(0.9));
            draw_piece(ui, &painter, cache, piece, inner, Color32::WHITE);
            if size >= 32.0 {
                painter.text(
                    rect.right_bottom() + vec2(-3.0, -2.0),
                    Align2::RIGHT_BOTTOM,
                    role.upper_char(),
                    FontId::proportional((size * 0.2).max(9.0)),
                    Color32::from_gray(40),
                );
            }
        }
    }
}

fn key_of(role: Role) -> Key {
    match role {
        Role::Queen => Key::Q,
        Role::Knight => Key::N,
        Role::Rook => Key::R,
        Role::Bishop => Key::B,
        Role::King => Key::K,
        Role::Pawn => Key::P,
    }
}
