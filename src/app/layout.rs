//! Where the game panels go: the offers bar, the automatic grid, the own
//! game's larger panel, maximize, detached windows and free tiling.

use egui::RichText;

use std::collections::BTreeMap;

use super::KibitzApp;
use crate::engine::scheduler::Target;
use crate::game::{GameStore, Now};
use crate::ui::analysis_view::AnalysisFrame;
use crate::ui::game_panel::game_panel_ui;
use crate::ui::game_view::{Action, GameView, PanelContext, PanelSettings, PendingOffer};
use crate::ui::move_list::browse_keys;
use crate::ui::tile::{Grid, TILE_MARGIN};

impl KibitzApp {
    /// Offers to the user that no game panel shows (challenges, mostly).
    pub(super) fn offers_ui(&mut self, ui: &mut egui::Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let opponents: Vec<String> = self
            .store
            .games()
            .filter(|g| !g.is_over())
            .filter_map(|g| g.my_color().map(|c| g.players[!c].handle.clone()))
            .collect();
        let mut answered = None;
        for (i, (_, offer)) in self.offers.iter().enumerate() {
            if opponents.contains(&offer.from) {
                continue;
            }
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{} offers {}", offer.from, offer.kind)).strong());
                if ui.button("Accept").on_hover_text("Accept: Alt+Y").clicked() {
                    actions.push(Action::Send(offer.accept.clone()));
                    answered = Some(i);
                }
                if ui
                    .button("Decline")
                    .on_hover_text("Decline: Alt+N")
                    .clicked()
                {
                    actions.push(Action::Send(offer.decline.clone()));
                    answered = Some(i);
                }
            });
        }
        // Answered offers go at once (servers without `<pr>` never say so).
        if let Some(i) = answered {
            self.offers.remove(i);
        }
        actions
    }

    /// The game panels; also the boards that want analysis, in drawing order.
    pub(super) fn games_ui(
        &mut self,
        ui: &mut egui::Ui,
        now: Now,
    ) -> (Vec<Action>, Vec<(u32, Target)>) {
        let all: Vec<u32> = self.store.games().map(|g| g.number).collect();
        self.detached.retain(|n| all.contains(n));
        if self.maximized.is_some_and(|n| !all.contains(&n)) {
            self.maximized = None;
        }
        let docked: Vec<u32> = all
            .iter()
            .copied()
            .filter(|n| !self.detached.contains(n))
            .collect();
        let docked = super::partners::partners_together(&self.store, &docked);
        let area = ui.available_rect_before_wrap();
        // Esc leaves the maximized game (unless it cancels a premove or a
        // selection on the board first).
        if self.maximized.is_some()
            && ui.input(|i| i.key_pressed(egui::Key::Escape))
            && self
                .views
                .values()
                .all(|v| v.premove.is_none() && v.board.selected.is_none())
        {
            self.maximized = None;
        }
        let placed = self.layout(area, &docked);
        let offers: Vec<PendingOffer> = self.offers.iter().map(|(_, o)| o.clone()).collect();
        let mut actions = Vec::new();
        let keyboard = self.keyboard_game();
        let mut cx = PanelContext {
            now,
            settings: PanelSettings::from(&self.settings),
            offers: &offers,
            cache: &mut self.cache,
            focused: self.focused,
            keyboard,
            analysis: AnalysisFrame {
                default_on: self.settings.analysis.on_by_default,
                results: &self.analyses.results,
                status: &self.analyses.status,
                wanted: Vec::new(),
            },
        };
        // Detached games live in OS windows of their own.
        for &number in &self.detached {
            let (Some(game), Some(view)) = (self.store.get(number), self.views.get_mut(&number))
            else {
                continue;
            };
            let title = format!(
                "Kibitz: game {number}, {} vs {}",
                game.players.white.handle, game.players.black.handle
            );
            let builder = egui::ViewportBuilder::default()
                .with_title(title)
                .with_inner_size([560.0, 640.0]);
            let id = egui::ViewportId::from_hash_of(("game window", number));
            ui.ctx().show_viewport_immediate(id, builder, |ui, _class| {
                egui::CentralPanel::default().show(ui, |ui| {
                    actions.extend(game_panel_ui(ui, game, view, &mut cx));
                });
                if ui.input(|i| i.viewport().close_requested()) {
                    actions.push(Action::Detach { game: number });
                }
            });
        }
        if docked.is_empty() {
            ui.centered_and_justified(|ui| {
                let text = if all.is_empty() {
                    "No games yet: pick one in the lobby, type `observe N`, or seek a game."
                } else {
                    "All games are in windows of their own."
                };
                ui.label(text);
            });
            return (actions, cx.analysis.wanted);
        }
        if self.free_tiling && self.maximized.is_none() {
            self.workspace.sync(&docked);
            let store = &self.store;
            let views = &mut self.views;
            let mut show = |ui: &mut egui::Ui, number: u32| {
                let Some(game) = store.get(number) else {
                    return;
                };
                let view = views.entry(number).or_default();
                actions.extend(game_panel_ui(ui, game, view, &mut cx));
            };
            let mut behavior = crate::ui::workspace::PaneUi { show: &mut show };
            self.workspace.tree.ui(&mut behavior, ui);
            return (actions, cx.analysis.wanted);
        }
        let overflow = placed
            .iter()
            .map(|(_, r)| r.max.y)
            .fold(area.max.y, f32::max)
            - area.max.y;
        if overflow > 0.5 {
            // More games than fit at the smallest board: the grid scrolls.
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
                    let (store, views, focused) = (&self.store, &mut self.views, &mut self.focused);
                    actions.extend(tiles_ui(ui, store, views, focused, &placed, &mut cx));
                });
        } else {
            let (store, views, focused) = (&self.store, &mut self.views, &mut self.focused);
            actions.extend(tiles_ui(ui, store, views, focused, &placed, &mut cx));
        }
        if let Some(number) = self.focused.or(docked.first().copied())
            && let (Some(game), Some(view)) = (self.store.get(number), self.views.get_mut(&number))
        {
            browse_keys(ui, game, view);
        }
        ui.allocate_space(ui.available_size());
        (actions, cx.analysis.wanted)
    }

    /// The game typed moves go to: a live game of ours, the focused one
    /// first (typing while another board has the focus still plays).
    fn keyboard_game(&self) -> Option<u32> {
        self.focused
            .and_then(|n| self.store.get(n))
            .filter(|g| g.is_own_live())
            .or_else(|| self.store.own_live_game())
            .map(|g| g.number)
    }

    /// Where each docked game goes: a maximized game alone; else the user's
    /// own live game gets the left 60 % and the rest share a grid beside it;
    /// else one grid (1, 2x1, 2x2, 3x3, 4x4 ...).
    fn layout(&self, area: egui::Rect, docked: &[u32]) -> Vec<(u32, egui::Rect)> {
        if let Some(number) = self.maximized.filter(|n| docked.contains(n)) {
            return vec![(number, area)];
        }
        let own = docked
            .iter()
            .copied()
            .find(|&n| self.store.get(n).is_some_and(|g| g.is_own_live()));
        let Some(own) = own.filter(|_| docked.len() > 1) else {
            return grid(area, docked);
        };
        let (left, right) = area.split_left_right_at_fraction(0.6);
        let others: Vec<u32> = docked.iter().copied().filter(|&n| n != own).collect();
        let mut placed = vec![(own, left)];
        placed.extend(grid(right, &others));
        placed
    }
}

/// The grid that gives `games` the largest boards in `area` (taller than
/// the area when even the smallest boards do not fit: it scrolls).
fn grid(area: egui::Rect, games: &[u32]) -> Vec<(u32, egui::Rect)> {
    if games.is_empty() {
        return Vec::new();
    }
    let grid = Grid::best(area.size(), games.len());
    games
        .iter()
        .enumerate()
        .map(|(i, &number)| (number, grid.cell_rect(area.min, i)))
        .collect()
}

/// Draws the tiles at their places; the tile last clicked or moved on
/// becomes the focused one.
fn tiles_ui(
    ui: &mut egui::Ui,
    store: &GameStore,
    views: &mut BTreeMap<u32, GameView>,
    focused: &mut Option<u32>,
    placed: &[(u32, egui::Rect)],
    cx: &mut PanelContext<'_>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    for &(number, rect) in placed {
        let Some(game) = store.get(number) else {
            continue;
        };
        if !ui.clip_rect().intersects(rect) {
            continue;
        }
        let view = views.entry(number).or_default();
        let mut child = ui.new_child(
            egui::UiBuilder::new()
                .max_rect(rect.shrink(TILE_MARGIN))
                .id_salt(("game", number)),
        );
        child.set_clip_rect(rect.intersect(ui.clip_rect()));
        let before = view.board.clone();
        actions.extend(game_panel_ui(&mut child, game, view, cx));
        if view.board != before
            || child.ui_contains_pointer() && child.input(|i| i.pointer.any_pressed())
        {
            *focused = Some(number);
        }
    }
    actions
}
