//! One game: names, ratings, clocks, the board, the move list, a result
//! banner and the buttons that fit the user's relation to the game. It
//! returns [`Action`]s; only UI-only state (selection, browsing, flip) is
//! changed here.

mod buttons;
pub mod clock;
pub mod confirm;
pub mod copy_game;
pub mod examine;
pub mod game_view;
mod over_board;
pub(crate) mod partner_row;
pub mod player_strip;
pub mod tile;

use shakmaty::Color;

use crate::engine::review::Review;
use crate::game::snapshot::Snapshot;
use crate::game::{Game, Now};
use crate::ui::analysis::panel::{
    Shown as ShownAnalysis, bar_and_row_ui, preview_of, shown_analysis,
};
use crate::ui::analysis::review::graph_under_moves_ui;
use crate::ui::board::area::board_area_ui;
use crate::ui::game_panel::clock::TENTHS_BELOW_MS;
use crate::ui::game_panel::game_view::{Action, ButtonRow, GameView, PanelContext};
use crate::ui::game_panel::player_strip::{Shown, material_of, pieces_in_hand, strip_ui};
use crate::ui::game_panel::tile::TileLayout;
use crate::ui::moves::list::move_list_ui;

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
    let orientation = seen_from(game, board, view, cx);
    let area = ui.available_rect_before_wrap();
    let plan = Plan::of(game, view, cx, area);
    // Registered first, so the board and buttons drawn later take their
    // own clicks; what is left (the strips, a watched board) is the tile's.
    let tile = ui.interact(
        area,
        ui.scope_id().with(("tile", game.number)),
        egui::Sense::click(),
    );
    let hovered = ui.rect_contains_pointer(area);
    board_and_strips_ui(ui, game, view, cx, &plan, orientation, &mut actions);
    over_board::banners_ui(
        ui,
        game,
        view,
        cx.now,
        plan.layout,
        cx.link_quiet.as_deref(),
    );
    if let Some(rect) = plan.layout.buttons {
        let row = plan.button_row(view);
        let review = plan.review.as_ref();
        buttons::row_ui(ui, rect, row, game, view, cx, review, &mut actions);
    }
    if let Some(rect) = plan.layout.partner_row {
        let mut row = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect)
                .id_salt(("partner row", game.number)),
        );
        row.set_clip_rect(rect.intersect(ui.clip_rect()));
        crate::ui::game_panel::partner_row::partner_row_ui(&mut row, cx, &mut actions);
    }
    over_board::offers_ui(ui, game, plan.layout, cx, &mut actions);
    if let Some(rect) = plan.layout.moves {
        moves_column_ui(ui, rect, game, view, cx, &plan, &mut actions);
    }
    // Not while the promotion chooser is open: they stood over its queen
    // (a click on it flipped the board).
    if (hovered || cx.focused == Some(game.number)) && !view.board.is_choosing_promotion() {
        let default_on = cx.analysis.default_on;
        // The user's own game, going on or just over (its pieces are
        // still looked at), and a game the user examines (a training
        // bot's problem, moved on all along) keep them off the squares.
        let place = if plan.playing || plan.examinable || game.is_examined_by_us() {
            over_board::ControlsPlace::StripBeforeClock(plan.layout.top_strip)
        } else {
            over_board::ControlsPlace::BoardCorner(plan.layout.board)
        };
        over_board::tile_controls_ui(ui, place, game, view, default_on, &mut actions);
    }
    // A double click anywhere on the tile but the own live board (where
    // clicks are moves) shows the game alone, or all games again.
    let on_own_board = plan.playing && ui.rect_contains_pointer(plan.layout.board);
    if tile.double_clicked() || (hovered && !on_own_board && double_clicked(ui)) {
        actions.push(Action::Maximize { game: game.number });
    }
    ui.advance_cursor_after_rect(area);
    actions
}

/// The side a board is seen from: the user's in their game, our
/// partner's on our partner's board (as they see it), else the side the
/// game asks for (a puzzle's side to move), else as the server's board
/// says; flipped if the user turned it.
fn seen_from(game: &Game, board: &Snapshot, view: &GameView, cx: &PanelContext<'_>) -> Color {
    let my_color = game.my_color();
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
    let base = my_color
        .or(partners_color)
        .or(game.seen_from)
        .unwrap_or(if board.flip {
            Color::Black
        } else {
            Color::White
        });
    if view.flipped { !base } else { base }
}

/// What a tile shows of its game this frame, and where.
struct Plan {
    /// Our live game.
    playing: bool,
    /// A game we examine on the server.
    examining: bool,
    /// A game we played and that is over can be examined on the server.
    examinable: bool,
    /// A game opened from the archive or a file (studied: its move list
    /// stays beside it, the opening tree over it).
    reviewed: bool,
    /// The engine's analysis shown on the board, if on.
    shown: Option<ShownAnalysis>,
    /// The review of a game opened, with the engine.
    review: Option<Review>,
    layout: TileLayout,
}

impl Plan {
    fn of(game: &Game, view: &mut GameView, cx: &mut PanelContext<'_>, area: egui::Rect) -> Plan {
        let examining = game.is_examined_by_us();
        let shown = shown_analysis(game, view, cx);
        let reviewed = game.is_opened();
        let review = reviewed
            .then(|| {
                let (results, to_look_at) = (cx.analysis.results, &mut cx.analysis.review);
                view.review.review(game, results, to_look_at)
            })
            .flatten();
        // A bughouse game of ours gets two rows of partner tells under its
        // buttons. A game of ours keeps its rows when it ends (Rematch and
        // the rest take the buttons' place): the board holds still under
        // the pointer.
        let bughouse =
            game.partner.is_some() || game.kind.as_ref().is_some_and(|k| k.is_bughouse());
        let ours = game.relation.is_playing();
        let rows = match (ours, bughouse) {
            (true, false) => 1,
            (true, true) => 3,
            (false, _) if examining || review.is_some() => 1,
            (false, _) => 0,
        };
        // A review is studied: its move list (and graph) stay beside it; so
        // is the user's own game, whatever the wall holds.
        let layout = if review.is_some() || reviewed || ours {
            TileLayout::keeping_moves(area, rows, shown.is_some())
        } else {
            TileLayout::with_rows(area, rows, shown.is_some())
        };
        Plan {
            playing: ours && !game.is_over(),
            examining,
            // A game against the computer's Rematch needs no server.
            examinable: ours && game.is_over() && (cx.examinable || game.is_computer()),
            reviewed,
            shown,
            review,
            layout,
        }
    }

    /// The row of buttons under the board.
    fn button_row(&self, view: &GameView) -> ButtonRow {
        match () {
            () if self.examining => ButtonRow::Examine,
            () if view.timeline.is_some() => ButtonRow::Timeline,
            () if self.review.is_some() => ButtonRow::Review,
            () if self.examinable => ButtonRow::AfterGame,
            () if self.playing => ButtonRow::Game,
            () => ButtonRow::Empty,
        }
    }
}

/// The board, the strips above and below it (the player there, pieces in
/// hand or material, the clock), and the engine's bar and row beside it.
fn board_and_strips_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
    plan: &Plan,
    orientation: Color,
    actions: &mut Vec<Action>,
) {
    let layout = plan.layout;
    let in_hand = view.in_hand.or_else(|| pieces_in_hand(game, view.browse));
    // Drop games show their pieces in hand instead.
    let material = (in_hand.is_none())
        .then(|| material_of(game, view.browse))
        .flatten();
    // A tile without its move list names the opening under the board.
    let opening = (game.opening)
        .filter(|_| layout.moves.is_none())
        .map(|o| o.label());
    let top = Shown {
        game,
        in_hand,
        material,
        opening: None,
    };
    strip_ui(
        ui,
        layout.top_strip,
        top,
        !orientation,
        cx,
        &mut view.board,
        actions,
    );
    if layout.board.width() >= 1.0 {
        let mut board_ui = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(layout.board)
                .id_salt(("board", game.number)),
        );
        let preview = (plan.shown.as_ref()).and_then(|shown| preview_of(view, shown));
        let refused_before = view.type_in.message.clone();
        let side = layout.board.width();
        let action = board_area_ui(&mut board_ui, game, view, cx, orientation, side, preview);
        actions.extend(action);
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
    if let Some(shown) = &plan.shown {
        bar_and_row_ui(ui, layout, game, view, cx, orientation, shown);
    }
    let bottom = Shown {
        game,
        in_hand,
        material,
        opening: opening.as_deref(),
    };
    strip_ui(
        ui,
        layout.bottom_strip,
        bottom,
        orientation,
        cx,
        &mut view.board,
        actions,
    );
}

/// The column beside the board: a review's graph, the engine's other
/// lines, the user's own games in the position (a review), the move list.
fn moves_column_ui(
    ui: &mut egui::Ui,
    mut rect: egui::Rect,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    plan: &Plan,
    actions: &mut Vec<Action>,
) {
    // A review's graph under the move list, where both fit.
    if let Some(review) = &plan.review {
        let results = cx.analysis.results;
        let browse = &mut view.browse;
        rect = graph_under_moves_ui(ui, rect, game, review, &view.review, results, browse);
    }
    // The engine's other lines over the move list.
    if let Some((analysis, position)) = plan.shown.as_ref().and_then(|s| s.fresh()) {
        let id = ui.scope_id().with(("engine lines", game.number));
        rect = crate::ui::analysis::engine_lines::lines_over_moves_ui(
            ui, rect, id, analysis, position,
        );
    }
    // A review: the user's own games in the position shown, over it.
    if let Some(tree) = cx.opening_tree.filter(|_| plan.reviewed) {
        rect = crate::ui::analysis::opening_tree::tree_under_moves_ui(
            ui, rect, game, view, tree, actions,
        );
    }
    let mut column = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .id_salt(("moves", game.number)),
    );
    let judgements = (plan.review.as_ref()).map_or(&[][..], |r| &r.judgements[..]);
    actions.extend(move_list_ui(&mut column, game, view, judgements, cx.server));
}

/// Whether the primary button was double-clicked this frame.
fn double_clicked(ui: &egui::Ui) -> bool {
    ui.input(|i| {
        i.pointer
            .button_double_clicked(egui::PointerButton::Primary)
    })
}

/// When the displayed clock next changes: for repaint scheduling.
pub fn next_clock_change(game: &Game, now: Now) -> Option<Now> {
    game.clock.next_visible_change(now, TENTHS_BELOW_MS)
}
