//! What is drawn over a board: the result banner, why the game waits or
//! is no longer followed, a note in the top strip (a refused move, a chat
//! line, the game's note), the opponent's offers, and the tile's controls
//! (flip, analysis, maximize, window, unobserve, close).

use egui::{Align, Layout, RichText};

use crate::game::offers::PendingOffer;
use crate::game::{Game, Now};
use crate::protocol::style12::Relation;
use crate::ui::game_panel::game_view::{Action, GameView, PanelContext};
use crate::ui::game_panel::tile::TileLayout;
use crate::ui::icons::{Icon, icon_button};
use crate::ui::theme;

/// The banners and the note over a board: the result over the final
/// position (an earlier one browsed to is left clear to study), a lost
/// connection, a game no longer observed or examined; in the top strip's
/// middle, why the user's last move was not made, else a chat line of
/// the last few seconds (a kibitz; a tell while playing), else the game's
/// note.
pub(crate) fn banners_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &GameView,
    now: Now,
    layout: TileLayout,
    link_quiet: Option<&str>,
) {
    if let Some(outcome) = game
        .outcome
        .as_ref()
        .filter(|_| view.browse.is_none() && view.line.is_none())
        // A position studied (no moves, no result), or a game opened whose
        // record has no result (pasted while it went on), has no end to
        // show: "* No result" was stamped over its last position.
        .filter(|o| {
            let none = o.result == crate::protocol::message::GameResult::NoResult;
            !(none && (game.moves.is_empty() || game.is_opened()))
        })
    {
        let text = format!("{} {}", outcome.result.as_str(), outcome.text);
        result_banner_ui(ui, layout.board, &text);
    }
    let chat = view.chat.as_ref().and_then(|(line, at)| {
        let age = now.saturating_sub(*at);
        let left = crate::ui::game_panel::game_view::CHAT_ON_TILE.checked_sub(age)?;
        // Gone on time: a frame when it is due.
        ui.ctx().request_repaint_after(left);
        Some(line)
    });
    let note = view.refusal.as_ref().or(chat).or(game.note.as_ref());
    if let Some(note) = note.filter(|_| game.outcome.is_none()) {
        note_ui(ui, layout.top_strip, note);
    }
    let waiting = game.outcome.is_none();
    let observed = matches!(
        game.relation,
        Relation::Observing | Relation::ObservingExamined
    );
    let live = !game.detached && !game.is_opened() && game.relation != Relation::Isolated;
    let quiet = link_quiet
        .filter(|_| waiting && live && !game.interrupted)
        .map(capitalized);
    let banner = if game.interrupted && waiting {
        Some("Connection lost: waiting for the reconnect")
    } else if let Some(words) = quiet.as_deref() {
        Some(words)
    } else if game.detached && waiting && observed {
        Some("No longer observed")
    } else if game.detached && waiting && game.relation == Relation::Examining {
        Some("No longer examined")
    } else {
        None
    };
    if let Some(text) = banner {
        result_banner_ui(ui, layout.board, text);
    }
}

/// "No answer…" from "no answer…".
fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A note in the middle of a strip (what a player of an observed game
/// asked or answered), cut with `…` where the strip is short.
fn note_ui(ui: &mut egui::Ui, strip: egui::Rect, text: &str) {
    let middle = egui::Rect::from_center_size(
        strip.center(),
        egui::vec2(strip.width() * 0.44, strip.height()),
    );
    let mut inner = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(middle)
            .layout(Layout::centered_and_justified(egui::Direction::LeftToRight)),
    );
    // The strip's own text colour: white was unreadable on light windows.
    let note = RichText::new(text)
        .color(ui.visuals().strong_text_color())
        .italics();
    // On the strip's own ground: a long name under it ("Stockfish 15.1
    // 1500 +7") and the note were read as one garble.
    let ground = ui.painter().add(egui::Shape::Noop);
    let shown = inner.add(egui::Label::new(note).truncate());
    let width = ui.fonts_mut(|f| {
        let font = egui::TextStyle::Body.resolve(ui.style());
        f.layout_no_wrap(text.to_owned(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    let behind = egui::Rect::from_center_size(
        shown.rect.center(),
        egui::vec2((width + 12.0).min(middle.width()), strip.height()),
    );
    ui.painter().set(
        ground,
        egui::Shape::rect_filled(behind, 2.0, ui.visuals().panel_fill),
    );
}

/// The result over the finished game's last position: one line, or two
/// where a small board cannot fit the words ("ended while disconnected").
fn result_banner_ui(ui: &mut egui::Ui, board: egui::Rect, text: &str) {
    let height = (board.height() * 0.18).clamp(20.0, 40.0);
    let size = (height * 0.45).clamp(11.0, 18.0);
    let rich = RichText::new(text)
        .color(theme::BANNER_FG)
        .strong()
        .size(size);
    let mut job = std::sync::Arc::unwrap_or_clone(egui::WidgetText::from(rich).into_layout_job(
        ui.style(),
        egui::FontSelection::Default,
        Align::Center,
    ));
    let width = (board.width() - 12.0).max(1.0);
    job.wrap.max_width = width;
    job.wrap.max_rows = 2;
    job.wrap.overflow_character = Some('…');
    let text_height = ui.fonts_mut(|f| f.layout_job(job.clone())).size().y;
    let height = height.max(text_height + 6.0);
    let band = egui::Rect::from_center_size(board.center(), egui::vec2(board.width(), height));
    ui.painter()
        .rect_filled(band, 0.0, theme::BANNER_BG.gamma_multiply(0.9));
    // Centred rows, not justified ones (a justified layout spreads the
    // letters of a wrapped row across the band).
    let top = band.top() + (band.height() - text_height) / 2.0;
    let mut inner = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(egui::Rect::from_min_max(
                egui::pos2(band.left() + 6.0, top),
                egui::pos2(band.right() - 6.0, band.bottom()),
            ))
            .layout(Layout::top_down(Align::Center)),
    );
    inner.add(egui::Label::new(job).wrap());
}

/// Offers from the opponent of the own game, with Accept and Decline, over
/// the opponent's strip above the board (one offer; more reach down over
/// the board): a bar over the board's top hid half the opponent's back
/// rank.
pub(crate) fn offers_ui(
    ui: &mut egui::Ui,
    game: &Game,
    layout: TileLayout,
    cx: &PanelContext<'_>,
    actions: &mut Vec<Action>,
) {
    let opponent = game.my_color().map(|c| game.players[!c].handle.as_str());
    let offers: Vec<&PendingOffer> = cx
        .offers
        .iter()
        .filter(|o| Some(o.from.as_str()) == opponent)
        .collect();
    if offers.is_empty() {
        return;
    }
    let row = layout.top_strip.height();
    let rect = egui::Rect::from_min_size(
        layout.top_strip.min,
        egui::vec2(layout.board.width(), row * offers.len() as f32),
    );
    ui.painter()
        .rect_filled(rect, 0.0, theme::BANNER_BG.gamma_multiply(0.95));
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(egui::vec2(3.0, 0.0)))
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.spacing_mut().item_spacing.y = 0.0;
    for offer in offers {
        // On FICS a rematch is a challenge like any other.
        let words = if offer.challenge && game.is_over() {
            format!("{} offers a rematch: {}", offer.from, offer.kind)
        } else {
            format!("{} offers: {}", offer.from, offer.kind)
        };
        child.allocate_ui_with_layout(
            egui::vec2(rect.width() - 6.0, row),
            egui::Layout::left_to_right(egui::Align::Center),
            |ui| {
                // The buttons first from the right: a long offer's words
                // are shortened, never its buttons.
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .small_button("Decline")
                        .on_hover_text("Decline: Alt+N")
                        .clicked()
                    {
                        actions.push(Action::Send(offer.decline.clone()));
                    }
                    if ui
                        .small_button("Accept")
                        .on_hover_text("Accept: Alt+Y")
                        .clicked()
                    {
                        actions.push(Action::Send(offer.accept.clone()));
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        let words = RichText::new(&words).color(theme::BANNER_FG);
                        ui.add(egui::Label::new(words).truncate());
                    });
                });
            },
        );
    }
}

/// Where a tile's controls go.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ControlsPlace {
    /// Over the board's top right corner (a watched game, a review).
    BoardCorner(egui::Rect),
    /// In the strip over the board, before the clock: the user's own game
    /// going on, whose pointer is on the board all along (over the corner
    /// they hid the pieces on g8 and h8 for the whole game).
    StripBeforeClock(egui::Rect),
}

/// What the strip keeps for the clock at its right end (`1:00:00`, `0:09.9`).
const CLOCK_ROOM: f32 = 72.0;

/// The tile's controls, as small icon buttons at `place`; each one's
/// accessible name says what it does to which game.
pub(crate) fn tile_controls_ui(
    ui: &mut egui::Ui,
    place: ControlsPlace,
    game: &Game,
    view: &mut GameView,
    analysis_default: bool,
    actions: &mut Vec<Action>,
) {
    let number = game.number;
    let observing = matches!(
        game.relation,
        Relation::Observing | Relation::ObservingExamined
    ) && !game.is_over()
        && !game.detached;
    let mut controls: Vec<(Icon, String, &str)> = Vec::new();
    if observing {
        controls.push((
            Icon::Unobserve,
            format!("Unobserve game {number}"),
            "Stop observing (the board stays, marked; Fill the wall replaces it)",
        ));
    }
    let analysis_tip = if view.analysis.is_on(game, analysis_default) {
        "Hide the engine's analysis (Alt+E)"
    } else {
        "Show the engine's analysis: evaluation bar and best line (Alt+E)"
    };
    controls.extend([
        (
            Icon::Analysis,
            format!("Analysis, game {number}"),
            analysis_tip,
        ),
        (
            Icon::Flip,
            format!("Flip board, game {number}"),
            "Flip the board (Alt+F)",
        ),
        (
            Icon::Maximize,
            format!("Maximize game {number}"),
            "Show this game alone (again, or Esc: all games)",
        ),
        (
            Icon::Detach,
            format!("Detach game {number}"),
            "Show this game in a window of its own (again: dock it back)",
        ),
    ]);
    // Never the user's own game while it goes on: a click meant for the
    // promotion chooser's queen on h8 closed it, and it cannot be
    // observed back.
    if !game.is_own_live() {
        controls.push((
            Icon::Close,
            format!("Close game {number}"),
            "Close (and stop observing)",
        ));
    }
    let (button, rect) = match place {
        ControlsPlace::BoardCorner(board) => {
            let button = 22.0;
            let width = button * controls.len() as f32 + 4.0;
            let rect = egui::Rect::from_min_size(
                egui::pos2(board.max.x - width, board.min.y),
                egui::vec2(width, button + 4.0),
            );
            (button, rect.intersect(board))
        }
        ControlsPlace::StripBeforeClock(strip) => {
            let button = strip.height() - 4.0;
            let width = button * controls.len() as f32 + 4.0;
            let right = strip.max.x - CLOCK_ROOM;
            let rect = egui::Rect::from_min_size(
                egui::pos2(right - width, strip.min.y),
                egui::vec2(width, strip.height()),
            );
            (button, rect.intersect(strip))
        }
    };
    ui.painter()
        .rect_filled(rect, 4.0, ui.visuals().panel_fill.gamma_multiply(0.85));
    let mut row = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink(2.0))
            .layout(Layout::left_to_right(Align::Center)),
    );
    row.spacing_mut().item_spacing.x = 0.0;
    for (icon, name, tip) in controls {
        if icon_button(&mut row, icon, button, &name, tip).clicked() {
            match icon {
                Icon::Unobserve => actions.push(Action::Unobserve { game: number }),
                Icon::Flip => view.flipped = !view.flipped,
                Icon::Analysis => view.analysis.toggle(game, analysis_default),
                Icon::Maximize => actions.push(Action::Maximize { game: number }),
                Icon::Detach => actions.push(Action::Detach { game: number }),
                Icon::Close => actions.push(Action::Close { game: number }),
            }
        }
    }
}
