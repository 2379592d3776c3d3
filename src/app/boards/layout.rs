//! Where the game panels go: a maximized game alone; else the user's own
//! game (live, or just finished: the board does not jump when it ends)
//! gets the left 70 % (its board and its move list, both columns),
//! its bughouse partner's board the top of the rest
//! and the others share a grid under it; else one grid (1, 2x1, 2x2, 3x3,
//! 4x4 ...), which scrolls when even the smallest boards do not fit. Each
//! game keeps its cell while it is shown ([`Slots`]): a new game takes a
//! free cell, a closed one leaves its cell free, and the others stay put.
//! Detached games get OS windows.

use std::collections::BTreeMap;

use crate::game::{Game, GameStore};
use crate::ui::game_panel::game_panel_ui;
use crate::ui::game_panel::game_view::{Action, GameView, PanelContext};
use crate::ui::game_panel::tile::{Grid, TILE_MARGIN};

/// The grid's cells in order, each a game or free: a game keeps its cell
/// while it is shown; a new one takes the first free cell (beside its
/// bughouse partner where that one is free), else one at the end; free
/// cells at the end go.
#[derive(Debug, Default)]
pub struct Slots(Vec<Option<u32>>);

impl Slots {
    /// The cells for `games` (in the order they would be placed), the
    /// cells kept since the last frame.
    pub fn arrange(&mut self, games: &[u32], store: &GameStore) -> Vec<Option<u32>> {
        let cells = &mut self.0;
        for cell in cells.iter_mut() {
            if cell.is_some_and(|g| !games.contains(&g)) {
                *cell = None;
            }
        }
        for &game in games {
            if cells.contains(&Some(game)) {
                continue;
            }
            let partner = store.get(game).and_then(|g| g.partner);
            let beside = partner
                .and_then(|p| cells.iter().position(|c| *c == Some(p)))
                .map(|at| at + 1)
                .filter(|at| cells.get(*at).is_none_or(Option::is_none));
            match beside.or_else(|| cells.iter().position(Option::is_none)) {
                Some(at) if at < cells.len() => cells[at] = Some(game),
                _ => cells.push(Some(game)),
            }
        }
        while cells.last() == Some(&None) {
            cells.pop();
        }
        cells.clone()
    }
}

/// Where each docked game goes.
pub fn place(
    area: egui::Rect,
    docked: &[u32],
    maximized: Option<u32>,
    store: &GameStore,
    slots: &mut Slots,
) -> Vec<(u32, egui::Rect)> {
    if let Some(number) = maximized.filter(|n| docked.contains(n)) {
        return vec![(number, area)];
    }
    let own = docked
        .iter()
        .copied()
        .find(|&n| store.get(n).is_some_and(|g| g.is_own_live()))
        .or_else(|| {
            // The own game just finished keeps its place until closed.
            (docked.iter().copied())
                .filter(|&n| store.get(n).is_some_and(|g| g.relation.is_playing()))
                .max_by_key(|&n| store.get(n).map(|g| g.began))
        });
    let Some(own) = own.filter(|_| docked.len() > 1) else {
        return grid(area, &slots.arrange(docked, store));
    };
    let partner = (store.get(own).and_then(|g| g.partner)).filter(|p| docked.contains(p));
    let (left, right) = area.split_left_right_at_fraction(0.7);
    let others: Vec<u32> = (docked.iter().copied())
        .filter(|&n| n != own && Some(n) != partner)
        .collect();
    let mut placed = vec![(own, left)];
    let others = slots.arrange(&others, store);
    match partner {
        Some(partner) if others.is_empty() => placed.push((partner, right)),
        Some(partner) => {
            let (top, bottom) = right.split_top_bottom_at_fraction(0.6);
            placed.push((partner, top));
            placed.extend(grid(bottom, &others));
        }
        None => placed.extend(grid(right, &others)),
    }
    placed
}

/// The grid that gives `cells` (games and free cells) the largest boards
/// in `area` (taller than the area when even the smallest boards do not
/// fit: it scrolls).
fn grid(area: egui::Rect, cells: &[Option<u32>]) -> Vec<(u32, egui::Rect)> {
    if cells.is_empty() {
        return Vec::new();
    }
    let grid = Grid::best(area.size(), cells.len());
    cells
        .iter()
        .enumerate()
        .filter_map(|(i, cell)| cell.map(|number| (number, grid.cell_rect(area.min, i))))
        .collect()
}

/// A detached game in an OS window of its own; closing the window docks it
/// again.
pub fn window_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
) -> Vec<Action> {
    let number = game.number;
    let title = format!(
        "Kibitz: game {number}, {} vs {}",
        game.players.white.handle, game.players.black.handle
    );
    let builder = egui::ViewportBuilder::default()
        .with_title(title)
        .with_inner_size([560.0, 640.0]);
    let id = egui::ViewportId::from_hash_of(("game window", number));
    let mut actions = Vec::new();
    ui.ctx().show_viewport_immediate(id, builder, |ui, _class| {
        egui::CentralPanel::default().show(ui, |ui| {
            actions.extend(game_panel_ui(ui, game, view, cx));
        });
        if ui.input(|i| i.viewport().close_requested()) {
            actions.push(Action::Detach { game: number });
        }
    });
    actions
}

/// What the tiles draw from and write to.
pub struct Tiles<'a> {
    pub store: &'a GameStore,
    pub views: &'a mut BTreeMap<u32, GameView>,
    /// The tile last clicked or moved on becomes the focused one.
    pub focused: &'a mut Option<u32>,
}

/// The tiles at their places in `area`, scrolling when they overflow it.
pub fn grid_ui(
    ui: &mut egui::Ui,
    area: egui::Rect,
    placed: &[(u32, egui::Rect)],
    tiles: Tiles<'_>,
    cx: &mut PanelContext<'_>,
) -> Vec<Action> {
    let overflow = placed
        .iter()
        .map(|(_, r)| r.max.y)
        .fold(area.max.y, f32::max)
        - area.max.y;
    if overflow <= 0.5 {
        return tiles_ui(ui, tiles, placed, cx);
    }
    // More games than fit at the smallest board: the grid scrolls.
    let mut actions = Vec::new();
    egui::ScrollArea::vertical()
        .id_salt("game grid")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let origin = ui.cursor().min;
            let shift = origin - area.min;
            let placed: Vec<(u32, egui::Rect)> = placed
                .iter()
                .map(|&(n, r)| (n, r.translate(shift)))
                .collect();
            ui.allocate_space(egui::vec2(area.width(), area.height() + overflow));
            actions = tiles_ui(ui, tiles, &placed, cx);
        });
    actions
}

/// Draws the tiles at their places; the tile last clicked or moved on
/// becomes the focused one.
fn tiles_ui(
    ui: &mut egui::Ui,
    tiles: Tiles<'_>,
    placed: &[(u32, egui::Rect)],
    cx: &mut PanelContext<'_>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    for &(number, rect) in placed {
        let Some(game) = tiles.store.get(number) else {
            continue;
        };
        if !ui.clip_rect().intersects(rect) {
            continue;
        }
        let view = tiles.views.entry(number).or_default();
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect.shrink(TILE_MARGIN))
                .id_salt(("game", number)),
        );
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        let before = view.board.clone();
        actions.extend(game_panel_ui(&mut child, game, view, cx));
        if view.board.engaged_since(&before)
            || child.ui_contains_pointer() && child.input(|i| i.pointer.any_pressed())
        {
            *tiles.focused = Some(number);
        }
    }
    actions
}
