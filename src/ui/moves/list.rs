//! The move list of a tile: SAN in rows of two, painted by hand and laid
//! out only where visible (a new move costs one frame); a click shows that
//! position, the arrow keys, Home and End step, "Live" (a finished game: "End") returns.

use egui::RichText;

use crate::engine::review::Judgement;
use crate::game::Game;
use crate::ui::analysis::time_chart::move_time;
use crate::ui::game_panel::game_view::{Action, GameView};
use crate::ui::moves::rows::move_rows;
use crate::ui::moves::variation_rows::{ListRow, line_row_ui, with_lines};
use crate::ui::theme::judgement_color;

/// The SAN move list; a click shows that position, arrows step, "Live" (a
/// finished game: "End") returns. `judgements` (a review's, by move; may be
/// empty) mark the moves that cost the most.
pub fn move_list_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    judgements: &[Option<Judgement>],
    server: &str,
) -> Option<Action> {
    let mut action = None;
    ui.horizontal(|ui| {
        let live = view.browse.is_none() && view.line.is_none();
        // Back to the position now: the live one, or a finished game's end.
        let label = if game.is_over() { "End" } else { "Live" };
        if ui.add_enabled(!live, egui::Button::new(label)).clicked() {
            view.browse = None;
            view.line = None;
        }
        if game.incomplete {
            ui.label(RichText::new("(earlier moves missing)").weak());
        }
        // The opening reached (the name of the last position in the list).
        if let Some(opening) = game.opening {
            // Shortened, it shows the whole name on hover by itself.
            ui.add(egui::Label::new(RichText::new(opening.label()).weak()).truncate());
        }
    });
    // The game out (PGN, FEN) and a copy to study; none of it from the
    // user's own game while it goes on (fair play: a copy would take the
    // engine): there the row keeps its place, empty, so that the move
    // list stays where it is when the game ends and the tools come (it
    // moved down a row).
    ui.scope(|ui| {
        if game.is_own_live() {
            ui.set_invisible();
        }
        // Where the row does not fit (a narrow tile cut "Set up…" to
        // "S"), the same tools in a menu.
        // The row's width as last laid out (the same words every frame).
        let measured = ui.scope_id().with(("tools row width", game.number));
        let needed: Option<f32> = ui.data(|d| d.get_temp(measured));
        let tools = |ui: &mut egui::Ui, action: &mut Option<Action>| {
            crate::ui::game_panel::copy_game::copy_buttons_ui(ui, game, view, server);
            if ui
                .small_button("Analyse")
                .on_hover_text("This game on a board of its own, to try moves on (a copy)")
                .clicked()
            {
                *action = Some(Action::Analyse { game: game.number });
            }
            if ui
                .small_button("Set up…")
                .on_hover_text("This position in the editor: pieces on and off by hand")
                .clicked()
            {
                *action = crate::ui::game_panel::copy_game::fen_text(game, view).map(Action::SetUp);
            }
            if ui
                .small_button("Play…")
                .on_hover_text("Play the computer from the position shown")
                .clicked()
            {
                *action = crate::ui::game_panel::copy_game::fen_text(game, view).map(|fen| {
                    Action::PlayFrom {
                        game: game.number,
                        fen,
                    }
                });
            }
        };
        if needed.is_none_or(|width| ui.available_width() >= width) {
            let row = ui.horizontal(|ui| tools(ui, &mut action)).response;
            ui.data_mut(|d| d.insert_temp(measured, row.rect.width()));
        } else {
            ui.menu_button("Tools…", |ui| tools(ui, &mut action))
                .response
                .on_hover_text("Copy PGN, Copy FEN, Analyse, Set up…, Play…");
        }
    });
    // Rows of fixed size, laid out by hand and only where visible: an
    // `egui::Grid` re-measures its columns when a move is added and asks for
    // two more frames each time, and a long game would be laid out whole.
    let row_height =
        ui.text_style_height(&egui::TextStyle::Body) + 2.0 * ui.spacing().button_padding.y;
    let number_width = text_width(ui, "888.");
    // Room for the move's time where the game has them.
    let timed = game.moves.iter().any(|m| m.time_taken_ms.is_some());
    let san_width = text_width(ui, "Qxe8=Q+").max(text_width(ui, "O-O-O+"))
        + 2.0 * ui.spacing().button_padding.x
        + if judgements.is_empty() {
            0.0
        } else {
            text_width(ui, "??")
        }
        + if timed { text_width(ui, "8:88") } else { 0.0 };
    let rows = with_lines(move_rows(game.start_ply, game.moves.len()), view);
    let mut scroll = egui::ScrollArea::vertical()
        .id_salt(("moves", game.number))
        .auto_shrink([false, false])
        .stick_to_bottom(view.browse.is_none());
    // A position browsed to another way than a click here: its move's row
    // in the middle of the list.
    if view.browse != view.listed {
        view.listed = view.browse;
        let pitch = row_height + ui.spacing().item_spacing.y;
        // Exactly within the content: an offset past it would be held
        // back a frame later, the rows jumping meanwhile.
        let view_height = ui.available_height();
        let bottom =
            (rows.len() as f32 * pitch - ui.spacing().item_spacing.y - view_height).max(0.0);
        let offset = match view.browse.map(|plies| plies.checked_sub(1)) {
            // The live position (or the end): the bottom.
            None => Some(bottom),
            Some(at) => at
                .and_then(|i| {
                    rows.iter().position(|r| {
                        matches!(r, ListRow::Moves(r) if r.white == Some(i) || r.black == Some(i))
                    })
                })
                .map(|row| row as f32 * pitch - view_height / 2.0),
        };
        if let Some(offset) = offset {
            scroll = scroll.vertical_scroll_offset(offset.clamp(0.0, bottom));
        }
    }
    scroll.show_rows(ui, row_height, rows.len(), |ui, visible| {
        for row in &rows[visible] {
            let row = match *row {
                ListRow::Moves(row) => row,
                ListRow::Line { line, first } => {
                    let moves = game.moves.len();
                    let promotable = game.is_opened();
                    let row = (line, first);
                    if line_row_ui(ui, game.start_ply, moves, view, row, promotable) {
                        action = Some(Action::Promote {
                            game: game.number,
                            line,
                        });
                    }
                    continue;
                }
            };
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 4.0;
                let size = egui::vec2(number_width, row_height);
                ui.allocate_ui_with_layout(
                    size,
                    egui::Layout::left_to_right(egui::Align::Center),
                    |ui| {
                        ui.label(format!("{}.", row.number));
                        // The whole width, so the moves line up after
                        // "9." and "10." alike.
                        ui.allocate_space(ui.available_size());
                    },
                );
                for cell in [row.white, row.black] {
                    let size = egui::vec2(san_width, row_height);
                    ui.allocate_ui_with_layout(
                        size,
                        egui::Layout::left_to_right(egui::Align::Center),
                        |ui| match cell {
                            Some(index) => {
                                let current = view.line.is_none()
                                    && view
                                        .browse
                                        .map_or(index + 1 == game.moves.len(), |b| b == index + 1);
                                let san = &game.moves[index].san;
                                let judged = judgements.get(index).copied().flatten();
                                let took = game.moves[index].time_taken_ms;
                                if move_cell(ui, san, judged, current, took).clicked() {
                                    view.line = None;
                                    view.browse =
                                        (index + 1 != game.moves.len()).then_some(index + 1);
                                }
                            }
                            None if row.white.is_none() => {
                                ui.label("…");
                            }
                            None => {}
                        },
                    );
                }
            });
        }
    });
    action
}

/// One move of the move list, painted by hand and clickable. An
/// `egui::Button` (or selectable label) asks for two extra frames the first
/// time it is shown, which a new move would cost on every board.
fn move_cell(
    ui: &mut egui::Ui,
    san: &str,
    judged: Option<Judgement>,
    current: bool,
    took_ms: Option<u64>,
) -> egui::Response {
    let size = ui.available_size();
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    response.widget_info(|| {
        let label = match judged {
            Some(judgement) => format!("{san}, {}", judgement.name()),
            None => san.to_owned(),
        };
        egui::WidgetInfo::selected(egui::Role::Button, true, current, label)
    });
    let visuals = ui.visuals();
    let (fill, color) = if current {
        (visuals.selection.bg_fill, visuals.selection.stroke.color)
    } else if response.hovered() {
        (
            visuals.widgets.hovered.weak_bg_fill,
            visuals.widgets.hovered.text_color(),
        )
    } else {
        (egui::Color32::TRANSPARENT, visuals.text_color())
    };
    let painter = ui.painter();
    if fill != egui::Color32::TRANSPARENT {
        painter.rect_filled(rect, visuals.widgets.inactive.corner_radius, fill);
    }
    let font = egui::TextStyle::Body.resolve(ui.style());
    let at = egui::pos2(rect.left() + ui.spacing().button_padding.x, rect.center().y);
    let drawn = painter.text(at, egui::Align2::LEFT_CENTER, san, font.clone(), color);
    if let Some(judgement) = judged {
        let at = egui::pos2(drawn.right() + 1.0, rect.center().y);
        let glyph = judgement.glyph();
        painter.text(
            at,
            egui::Align2::LEFT_CENTER,
            glyph,
            font,
            judgement_color(judgement, ui.visuals().dark_mode),
        );
    }
    // The time it took: small, at the cell's right (over its fill); said
    // as its description.
    if let Some(ms) = took_ms {
        let words = format!("{} seconds", format_seconds(ms));
        ui.ctx()
            .accesskit_node_builder(response.id, |node| node.set_description(words));
        let small = egui::TextStyle::Small.resolve(ui.style());
        let at = egui::pos2(rect.right() - 2.0, rect.center().y);
        let color = ui.visuals().weak_text_color();
        ui.painter()
            .text(at, egui::Align2::RIGHT_CENTER, move_time(ms), small, color);
    }
    if response.hovered() {
        ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
    }
    response
}

/// Seconds in words for the screen reader (`3.2`, `65`).
fn format_seconds(ms: u64) -> String {
    if ms < 10_000 {
        format!("{}.{}", ms / 1000, ms % 1000 / 100)
    } else {
        (ms / 1000).to_string()
    }
}

/// The width of `text` in the body font.
fn text_width(ui: &egui::Ui, text: &str) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    ui.fonts_mut(|fonts| fonts.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE))
        .size()
        .x
}

/// Steps through the history with the keyboard: Left/Right, Home (the
/// position before the first move), End; on a bughouse review board,
/// through both boards' moves.
pub fn browse_keys(ui: &egui::Ui, game: &Game, view: &mut GameView) {
    if view.board.square_focused {
        return;
    }
    let (left, right, home, end) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowLeft),
            i.key_pressed(egui::Key::ArrowRight),
            i.key_pressed(egui::Key::Home),
            i.key_pressed(egui::Key::End),
        )
    });
    // Two bughouse boards under review step their one time line.
    if let Some(bar) = view.timeline.as_mut() {
        let to = if left {
            bar.step.checked_sub(1)
        } else if right {
            Some((bar.step + 1).min(bar.len))
        } else if home {
            Some(0)
        } else if end {
            Some(bar.len)
        } else {
            None
        };
        bar.go = to.or(bar.go);
        return;
    }
    let last = game.moves.len();
    // In a tried line: Left and Right step along it (back past its first
    // move to the game's position it left); Home and End leave it.
    if view.line.is_some() {
        let at = view.at(last);
        if left {
            view.go(view.variations.back(at), last);
        } else if right {
            view.go(view.variations.forward(at), last);
        } else if home || end {
            view.line = None;
            view.browse = home.then_some(0).filter(|_| last > 0);
        }
        return;
    }
    if last == 0 {
        return;
    }
    let at = view.browse.unwrap_or(last);
    let target = if left {
        Some(at.saturating_sub(1))
    } else if right {
        Some((at + 1).min(last))
    } else if home {
        Some(0)
    } else if end {
        Some(last)
    } else {
        return;
    };
    view.browse = target.filter(|&t| t != last);
}
