//! One game: names, ratings, clocks, the board, the move list, a result
//! banner and the buttons that fit the user's relation to the game. It
//! returns [`Action`]s; only UI-only state (selection, browsing, flip) is
//! changed here.

pub mod clock;
pub mod confirm;
pub mod copy_game;
pub mod examine;
pub mod game_view;
pub(crate) mod partner_row;
pub mod player_strip;
pub mod tile;

use egui::{Align, Layout, RichText};
use shakmaty::Color;

use crate::game::offers::PendingOffer;
use crate::game::{Game, Now};
use crate::protocol::command::Command;
use crate::protocol::style12::Relation;
use crate::ui::analysis::panel::{bar_and_row_ui, preview_of, shown_analysis};
use crate::ui::analysis::review::{first_mover, graph_under_moves_ui, review_of, review_row_ui};
use crate::ui::board::area::board_area_ui;
use crate::ui::game_panel::clock::TENTHS_BELOW_MS;
use crate::ui::game_panel::game_view::{Action, ButtonRow, GameView, PanelContext, TimelineBar};
use crate::ui::game_panel::player_strip::{Shown, material_of, pieces_in_hand, strip_ui};
use crate::ui::game_panel::tile::TileLayout;
use crate::ui::icons::{Icon, icon_button};
use crate::ui::moves::list::move_list_ui;
use crate::ui::theme;

/// Draws a game's tile in the space `ui` offers: the board first, a strip
/// with name, rating and clock above and below it, the own game's buttons,
/// the move list where there is room. The tile's controls (flip, maximize,
/// window, unobserve, close) appear over the board while the pointer is on
/// the tile or the tile has the focus (`focused`); a double click on the
/// tile maximizes it (again: back to all games).
pub fn game_panel_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let Some(board) = game.board.as_deref() else {
        ui.label(format!("Game {}: waiting for the board…", game.number));
        return actions;
    };
    let my_color = game.my_color();
    // Our partner's board is seen from our partner's side, as they see it.
    let partners_color = cx
        .partner
        .filter(|_| game.partner.is_some() && my_color.is_none())
        .and_then(|partner| {
            if board.white.eq_ignore_ascii_case(partner) {
                Some(Color::White)
            } else if board.black.eq_ignore_ascii_case(partner) {
                Some(Color::Black)
            } else {
                None
            }
        });
    let base = my_color.or(partners_color).unwrap_or(if board.flip {
        Color::Black
    } else {
        Color::White
    });
    let orientation = if view.flipped { !base } else { base };
    let area = ui.available_rect_before_wrap();
    let playing = game.relation.is_playing() && !game.is_over();
    let examining = game.is_examined_by_us();
    // A game we played and that is over can be examined on the server.
    let examinable = game.relation.is_playing() && game.is_over() && cx.examinable;
    let shown = shown_analysis(game, view, cx);
    // A game of the archive (or a PGN file) is reviewed with the engine.
    let review = (game.is_opened())
        .then(|| review_of(game, &mut view.review, &mut cx.analysis))
        .flatten();
    // A bughouse game of ours gets a row of partner tells under its buttons.
    let bughouse = game.partner.is_some() || game.kind.as_ref().is_some_and(|k| k.is_bughouse());
    // Two rows of partner tells under the buttons in a bughouse game.
    // A game of ours keeps its rows when it ends (Rematch and the rest
    // take the buttons' place): the board holds still under the pointer.
    let ours = game.relation.is_playing();
    let rows = match (ours, bughouse) {
        (true, false) => 1,
        (true, true) => 3,
        (false, _) if examining || review.is_some() => 1,
        (false, _) => 0,
    };
    // A review is studied: its move list (and graph) stay beside it.
    let reviewed = game.is_opened();
    // So is the user's own game: its move list stays whatever the wall holds.
    let layout = if review.is_some() || reviewed || ours {
        TileLayout::keeping_moves(area, rows, shown.is_some())
    } else {
        TileLayout::with_rows(area, rows, shown.is_some())
    };
    // Registered first, so the board and buttons drawn later take their
    // own clicks; what is left (the strips, a watched board) is the tile's.
    let tile = ui.interact(
        area,
        ui.scope_id().with(("tile", game.number)),
        egui::Sense::click(),
    );
    let hovered = ui.rect_contains_pointer(area);

    let in_hand = view.in_hand.or_else(|| pieces_in_hand(game, view.browse));
    // Drop games show their pieces in hand instead.
    let material = in_hand
        .is_none()
        .then(|| material_of(game, view.browse))
        .flatten();
    // A tile without its move list names the opening under the board.
    let opening = game
        .opening
        .filter(|_| layout.moves.is_none())
        .map(|o| o.label());
    strip_ui(
        ui,
        layout.top_strip,
        Shown {
            game,
            in_hand,
            material,
            opening: None,
        },
        !orientation,
        cx,
        &mut view.board,
        &mut actions,
    );
    if layout.board.width() >= 1.0 {
        let mut board_ui = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(layout.board)
                .id_salt(("board", game.number)),
        );
        let preview = shown.as_ref().and_then(|shown| preview_of(view, shown));
        let refused_before = view.type_in.message.clone();
        if let Some(action) = board_area_ui(
            &mut board_ui,
            game,
            view,
            cx,
            orientation,
            layout.board.width(),
            preview,
        ) {
            actions.push(action);
        }
        // What Space or Enter on a square did.
        if let Some(words) = view.board.said.take() {
            actions.push(Action::Say(words));
        }
        // A typed move refused is said, not only shown.
        if let Some(refused) = view.type_in.message.as_ref()
            && view.type_in.message != refused_before
        {
            actions.push(Action::Say(refused.clone()));
        }
    }
    if let Some(shown) = &shown {
        bar_and_row_ui(ui, layout, game, view, cx, orientation, shown);
    }
    strip_ui(
        ui,
        layout.bottom_strip,
        Shown {
            game,
            in_hand,
            material,
            opening: opening.as_deref(),
        },
        orientation,
        cx,
        &mut view.board,
        &mut actions,
    );
    // The result over the final position; an earlier one browsed to is
    // left clear to study.
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
        result_banner_ui(
            ui,
            layout.board,
            &format!("{} {}", outcome.result.as_str(), outcome.text),
        );
    }
    // News from the game's players to its observers, in the top strip's
    // middle (the pieces stay in view).
    // Why the user's last move was not made comes first, then a chat line
    // of the last few seconds (a kibitz; a tell while playing).
    let chat = view.chat.as_ref().and_then(|(line, at)| {
        let age = cx.now.saturating_sub(*at);
        let left = crate::ui::game_panel::game_view::CHAT_ON_TILE.checked_sub(age)?;
        // Gone on time: a frame when it is due.
        ui.ctx().request_repaint_after(left);
        Some(line)
    });
    let note = view.refusal.as_ref().or(chat).or(game.note.as_ref());
    if let Some(note) = note.filter(|_| game.outcome.is_none()) {
        note_ui(ui, layout.top_strip, note);
    }
    if game.interrupted && game.outcome.is_none() {
        result_banner_ui(
            ui,
            layout.board,
            "Connection lost: waiting for the reconnect",
        );
    } else if game.detached
        && game.outcome.is_none()
        && matches!(
            game.relation,
            Relation::Observing | Relation::ObservingExamined
        )
    {
        result_banner_ui(ui, layout.board, "No longer observed");
    } else if game.detached && game.outcome.is_none() && game.relation == Relation::Examining {
        result_banner_ui(ui, layout.board, "No longer examined");
    }

    if let Some(rect) = layout.buttons {
        let mut row = ui.new_child(egui::UiBuilder::new().max_rect(rect));
        // Buttons that just took another's place (Draw where Rematch was
        // clicked) wait a second before they take a click.
        let shown = match () {
            () if examining => ButtonRow::Examine,
            () if view.timeline.is_some() => ButtonRow::Timeline,
            () if review.is_some() => ButtonRow::Review,
            () if examinable => ButtonRow::AfterGame,
            () if playing => ButtonRow::Game,
            () => ButtonRow::Empty,
        };
        if !row_settled(ui, view, shown, cx.now) {
            row.disable();
            ui.ctx().request_repaint_after(BUTTONS_SETTLE);
        }
        if examining {
            if let Some(command) =
                crate::ui::game_panel::examine::examine_buttons_ui(&mut row, game.number)
            {
                actions.push(Action::Send(command));
            }
        } else if let Some(bar) = view.timeline.as_mut() {
            timeline_bar_ui(&mut row, bar);
        } else if let Some(review) = &review {
            review_row_ui(&mut row, review, &mut view.review, first_mover(game));
        } else if examinable {
            row.horizontal(|row| {
                let terms = crate::lobby::rematch::describe(game).unwrap_or_default();
                let rematch = row
                    .button("Rematch")
                    .on_hover_text(format!("The same game again: {terms} (Alt+M)"));
                if rematch.clicked() {
                    actions.push(Action::Send(Command::Rematch));
                }
                // A chess game's terms sought again, for anyone to take.
                if let Some(seek) = seek_again(game) {
                    let terms = format!(
                        "{} {} {}",
                        seek.time_min,
                        seek.increment_s,
                        if seek.rated { "rated" } else { "unrated" }
                    );
                    let again = row
                        .button("Seek again")
                        .on_hover_text(format!("Seek a game like this one: {terms}"));
                    if again.clicked() {
                        actions.push(Action::Send(Command::Seek(seek)));
                    }
                }
                let response = row
                    .button("Examine")
                    .on_hover_text("Examine this game on the server (from your history)");
                if response.clicked() {
                    actions.push(Action::Examine { game: game.number });
                }
            });
        } else if playing {
            game_buttons_ui(&mut row, game, view, cx, &mut actions);
        }
    }
    if let Some(rect) = layout.partner_row {
        let mut row = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .id_salt(("partner row", game.number)),
        );
        row.set_clip_rect(rect.intersect(ui.clip_rect()));
        crate::ui::game_panel::partner_row::partner_row_ui(&mut row, cx, &mut actions);
    }
    offers_ui(ui, game, layout, cx, &mut actions);
    if let Some(mut rect) = layout.moves {
        // A review's graph under the move list, where both fit.
        if let Some(review) = &review {
            let results = cx.analysis.results;
            rect = graph_under_moves_ui(
                ui,
                rect,
                game,
                review,
                &view.review,
                results,
                &mut view.browse,
            );
        }
        // The engine's other lines over the move list.
        if let Some((analysis, position)) = shown.as_ref().and_then(|s| s.fresh()) {
            let id = ui.scope_id().with(("engine lines", game.number));
            rect = crate::ui::analysis::engine_lines::lines_over_moves_ui(
                ui, rect, id, analysis, position,
            );
        }
        // A review: the user's own games in the position shown, over it.
        if let Some(tree) = cx.opening_tree.filter(|_| reviewed) {
            rect = crate::ui::analysis::opening_tree::tree_under_moves_ui(
                ui,
                rect,
                game,
                view,
                tree,
                &mut actions,
            );
        }
        let mut column = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .id_salt(("moves", game.number)),
        );
        let judgements = review.as_ref().map_or(&[][..], |r| &r.judgements[..]);
        actions.extend(move_list_ui(&mut column, game, view, judgements, cx.server));
    }
    // Not while the promotion chooser is open: they stood over its queen
    // (a click on it flipped the board).
    if (hovered || cx.focused == Some(game.number)) && !view.board.is_choosing_promotion() {
        let default_on = cx.analysis.default_on;
        tile_controls_ui(ui, layout.board, game, view, default_on, &mut actions);
    }
    // A double click anywhere on the tile but the own live board (where
    // clicks are moves) shows the game alone, or all games again.
    let on_own_board = playing && ui.rect_contains_pointer(layout.board);
    if tile.double_clicked() || (hovered && !on_own_board && double_clicked(ui)) {
        actions.push(Action::Maximize { game: game.number });
    }
    ui.advance_cursor_after_rect(area);
    actions
}

/// The time line of a bughouse game's two boards under review: to the
/// start, a move back, where it stands, a move on, to the end (either
/// board's moves, in the order played).
fn timeline_bar_ui(ui: &mut egui::Ui, bar: &mut TimelineBar) {
    ui.horizontal(|ui| {
        let steps = [
            ("First", "Both boards: the start (Home)", 0, bar.step > 0),
            (
                "Back",
                "Both boards: a move back (Left)",
                bar.step.saturating_sub(1),
                bar.step > 0,
            ),
        ];
        for (icon, hint, to, enabled) in steps {
            let button = ui.add_enabled(enabled, egui::Button::new(icon));
            if button.on_hover_text(hint).clicked() {
                bar.go = Some(to);
            }
        }
        ui.label(&bar.label)
            .on_hover_text("Both boards as they stood after this move");
        let on = bar.step < bar.len;
        for (icon, hint, to) in [
            ("Next", "Both boards: a move on (Right)", bar.step + 1),
            ("Last", "Both boards: the end (End)", bar.len),
        ] {
            let button = ui.add_enabled(on, egui::Button::new(icon));
            if button.on_hover_text(hint).clicked() {
                bar.go = Some(to);
            }
        }
    });
}

/// A seek with a finished chess game's terms (time, increment, rated);
/// none for a variant (its words differ from server to server) or an
/// untimed game.
fn seek_again(game: &Game) -> Option<crate::protocol::command::SeekParams> {
    let chess = game.kind.as_ref().is_none_or(|k| k.is_chess());
    let timed = game.initial_time_min > 0 || game.increment_s > 0;
    (chess && timed).then(|| crate::protocol::command::SeekParams {
        time_min: game.initial_time_min,
        increment_s: game.increment_s,
        rated: game.rated.unwrap_or(false),
        ..Default::default()
    })
}

/// Whether the button row `shown` has been where it is long enough to
/// take a click: not within [`BUTTONS_SETTLE`] of taking another row's
/// place, nor of a new game's row coming just after a click (Draw where
/// Rematch was clicked).
fn row_settled(ui: &egui::Ui, view: &mut GameView, shown: ButtonRow, now: Now) -> bool {
    // The last press of a mouse button anywhere, in the app's time.
    let pressed_id = egui::Id::NULL.with("kibitz last press");
    if ui.input(|i| i.pointer.any_pressed() || i.pointer.any_click()) {
        ui.data_mut(|d| d.insert_temp(pressed_id, now));
    }
    let pressed: Option<Now> = ui.data(|d| d.get_temp(pressed_id));
    let just_pressed = pressed.is_some_and(|at| now.saturating_sub(at) < BUTTONS_SETTLE);
    match view.buttons_shown {
        // A new tile's row takes no other's place, unless it is a new
        // game's just after a click.
        None if !(just_pressed && shown == ButtonRow::Game) => {
            view.buttons_shown = Some((shown, now.saturating_sub(BUTTONS_SETTLE)));
        }
        None => view.buttons_shown = Some((shown, now)),
        Some((before, _)) if before != shown => view.buttons_shown = Some((shown, now)),
        Some(_) => {}
    }
    let since = view.buttons_shown.map_or(now, |(_, at)| at);
    now.saturating_sub(since) >= BUTTONS_SETTLE
}

/// How long buttons that took another's place ignore clicks.
/// (Half a second was not enough: a second click 0.65 s after Rematch
/// offered a draw in the game it started.)
const BUTTONS_SETTLE: std::time::Duration = std::time::Duration::from_millis(1000);

/// Whether the primary button was double-clicked this frame.
fn double_clicked(ui: &egui::Ui) -> bool {
    ui.input(|i| {
        i.pointer
            .button_double_clicked(egui::PointerButton::Primary)
    })
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
    inner.add(egui::Label::new(note).truncate());
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
fn offers_ui(
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

/// The shortcut of each own-game button, for its tooltip.
pub fn button_shortcut(label: &str) -> Option<&'static str> {
    Some(match label {
        "Draw" => "Alt+D",
        "Resign" => "Alt+R (twice while confirmation is on)",
        "Abort" => "Alt+A",
        "Takeback" => "Alt+T",
        "Accept" => "Alt+Y",
        "Decline" => "Alt+N",
        _ => return None,
    })
}

/// The own live game's buttons. Resign (and Abort in a rated game) take a
/// second click within three seconds when "confirm resign" is on.
fn game_buttons_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    actions: &mut Vec<Action>,
) {
    use crate::ui::game_panel::confirm::Decision;
    let now = cx.now;
    ui.horizontal(|ui| {
        for (label, command) in [
            ("Draw", Command::Draw),
            ("Resign", Command::Resign),
            ("Abort", Command::Abort),
            ("Takeback", Command::Takeback(1)),
            ("Flag", Command::Flag),
        ] {
            let decision = match command {
                Command::Resign => Some(Decision::Resign),
                Command::Abort => Some(Decision::Abort),
                _ => None,
            };
            let armed = decision.is_some_and(|d| view.confirm.is_armed(d, now));
            // A button that can arm is as wide as it armed: the buttons after
            // it stayed put no more when "Resign? Click again" grew.
            let armed_text = format!("{label}? Click again");
            let width = if decision.is_some() {
                let font = egui::TextStyle::Button.resolve(ui.style());
                let text = ui.fonts_mut(|f| {
                    f.layout_no_wrap(armed_text.clone(), font, egui::Color32::WHITE)
                        .size()
                        .x
                });
                text + 2.0 * ui.spacing().button_padding.x
            } else {
                0.0
            };
            let button = if armed {
                egui::Button::new(RichText::new(armed_text).color(egui::Color32::WHITE))
                    .fill(egui::Color32::from_rgb(0xB0, 0x30, 0x30))
            } else {
                egui::Button::new(label)
            }
            .min_size(egui::vec2(width, 0.0));
            let mut response = ui.add(button);
            if let Some(keys) = button_shortcut(label) {
                response = response.on_hover_text(format!("{label}: {keys}"));
            }
            if !response.clicked() {
                continue;
            }
            let go = match decision {
                Some(decision) => {
                    let needs = decision.needs_confirmation(cx.settings.confirm_resign, game.rated);
                    view.confirm.press(decision, now, needs)
                }
                None => true,
            };
            if go {
                actions.push(Action::Send(command));
            }
        }
    });
    // The armed button turns back when its time is up, even on a still board.
    if let Some(at) = view.confirm.expires_at().filter(|&at| at > now) {
        ui.ctx().request_repaint_after(at - now);
    }
}

/// The tile's controls, as small icon buttons over the board's top right
/// corner; each one's accessible name says what it does to which game.
fn tile_controls_ui(
    ui: &mut egui::Ui,
    board: egui::Rect,
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
    let button = 22.0;
    let width = button * controls.len() as f32 + 4.0;
    let rect = egui::Rect::from_min_size(
        egui::pos2(board.max.x - width, board.min.y),
        egui::vec2(width, button + 4.0),
    )
    .intersect(board);
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

/// When the displayed clock next changes: for repaint scheduling.
pub fn next_clock_change(game: &Game, now: Now) -> Option<Now> {
    game.clock.next_visible_change(now, TENTHS_BELOW_MS)
}
