//! "In your games": under a review board's move list, the moves the user
//! and their opponents played in the position shown, from the opening tree
//! of the user's games; a move opens the list of its games, a game opens
//! on a review board of its own.

use egui::{Rect, RichText};
use shakmaty::{CastlingMode, Chess, FromSetup};

use crate::archive::tree::OpeningTree;
use crate::game::Game;
use crate::protocol::game_type::GameType;
use crate::ui::game_panel::game_view::{Action, GameView};

/// The tree's share of the move column, and its least height.
const SHARE: f32 = 0.4;
const MIN_HEIGHT: f32 = 90.0;
/// The move list keeps at least this much above it.
const MOVES_ABOVE: f32 = 80.0;
/// A move's games listed at most (the newest).
const GAMES_LISTED: usize = 12;

/// The position `game` shows, where the tree can have it (chess).
fn shown_position(game: &Game, view: &GameView) -> Option<Chess> {
    if !game.kind.as_ref().is_none_or(GameType::is_chess) {
        return None;
    }
    // A tried line's position, else the game's shown.
    let setup = match view.line_position() {
        Some(setup) => setup.clone(),
        None => game.position_after(view.browse.unwrap_or(game.moves.len()))?,
    };
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// Draws the tree's moves at the bottom of `rect` where the position shown
/// is in the tree; returns what is left for the move list.
pub(crate) fn tree_under_moves_ui(
    ui: &mut egui::Ui,
    mut rect: Rect,
    game: &Game,
    view: &mut GameView,
    tree: &OpeningTree,
    actions: &mut Vec<Action>,
) -> Rect {
    if rect.height() < MIN_HEIGHT + MOVES_ABOVE {
        return rect;
    }
    let Some(position) = shown_position(game, view) else {
        return rect;
    };
    let branches = tree.at(&position);
    if branches.is_empty() {
        return rect;
    }
    let height = (rect.height() * SHARE).max(MIN_HEIGHT);
    let area = Rect::from_min_max(egui::pos2(rect.left(), rect.bottom() - height), rect.max);
    rect.max.y = area.top() - 4.0;
    let mut ui = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(area)
            .id_salt(("opening tree", game.number)),
    );
    ui.set_clip_rect(area.intersect(ui.clip_rect()));
    ui.label(RichText::new(format!("In your games ({})", tree.me)).strong());
    let mut played = None;
    egui::ScrollArea::vertical()
        .id_salt(("opening tree moves", game.number))
        .auto_shrink([false, false])
        .show(&mut ui, |ui| {
            for branch in branches {
                let san = branch.san(&position);
                let open = view.tree_move.as_deref() == Some(san.as_str());
                let words = branch.words(&san);
                let mut play = false;
                ui.horizontal(|ui| {
                    // The move on the board: the game's next, or a line
                    // tried (as if made on the board).
                    play = ui
                        .small_button("Play")
                        .on_hover_text(format!("{san} on this board"))
                        .clicked();
                    let row = ui
                        .selectable_label(open, &words)
                        .on_hover_text("Its games (the newest first)");
                    if row.clicked() {
                        view.tree_move = (!open).then(|| san.clone());
                    }
                });
                if play {
                    played = Some(branch.mv);
                }
                if !open {
                    continue;
                }
                ui.indent(("tree games", &san), |ui| {
                    for &id in branch.games.iter().take(GAMES_LISTED) {
                        let Some(listed) = tree.games.get(id as usize) else {
                            continue;
                        };
                        let (white, black) = listed.sides();
                        let name =
                            format!("{white} – {black} {} {}", listed.result(), listed.date());
                        if ui.link(&name).on_hover_text("Open it").clicked() {
                            actions.push(Action::OpenListed(Box::new(listed.clone())));
                        }
                    }
                    let more = branch.games.len().saturating_sub(GAMES_LISTED);
                    if more > 0 {
                        ui.label(RichText::new(format!("and {more} older")).weak());
                    }
                });
            }
        });
    if let Some(mv) = played {
        let setup = view
            .line_position()
            .cloned()
            .or_else(|| game.position_after(view.browse.unwrap_or(game.moves.len())));
        if let Some(from) = setup.and_then(|s| crate::ui::moves::try_moves::tries(game, view, &s)) {
            crate::ui::moves::try_moves::tried(game, view, &from, mv);
        }
    }
    rect
}
