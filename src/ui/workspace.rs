//! Free tiling: the game panels in an egui_tiles tree the user rearranges
//! by dragging a panel's handle (onto another panel's edge to split, onto
//! its centre to make tabs). The tree follows the games: new games get a
//! tile, closed or detached ones lose theirs.

use egui_tiles::{Tile, TileId, Tree, UiResponse};

/// The tree of game panels; each pane is a game number.
pub struct Workspace {
    pub tree: Tree<u32>,
}

impl Default for Workspace {
    fn default() -> Self {
        Workspace {
            tree: Tree::new_grid(egui::Id::unique("kibitz games"), Vec::new()),
        }
    }
}

impl Workspace {
    /// The games that have a tile.
    pub fn games(&self) -> Vec<u32> {
        self.tree
            .tiles
            .iter()
            .filter_map(|(_, tile)| match tile {
                Tile::Pane(game) => Some(*game),
                Tile::Container(_) => None,
            })
            .collect()
    }

    /// Gives every game in `games` a tile and removes tiles of other games.
    pub fn sync(&mut self, games: &[u32]) {
        let stale: Vec<TileId> = self
            .tree
            .tiles
            .iter()
            .filter_map(|(id, tile)| match tile {
                Tile::Pane(game) if !games.contains(game) => Some(*id),
                _ => None,
            })
            .collect();
        for id in stale {
            self.tree.remove_recursively(id);
        }
        let present = self.games();
        let missing: Vec<u32> = games
            .iter()
            .copied()
            .filter(|g| !present.contains(g))
            .collect();
        if missing.is_empty() {
            return;
        }
        let root_is_container = self
            .tree
            .root
            .and_then(|root| self.tree.tiles.get(root))
            .is_some_and(|tile| matches!(tile, Tile::Container(_)));
        if !root_is_container {
            // No tree yet (or a lone pane): start a fresh grid of everything.
            self.tree = Tree::new_grid(egui::Id::unique("kibitz games"), games.to_vec());
            return;
        }
        for game in missing {
            let id = self.tree.tiles.insert_pane(game);
            if let Some(Tile::Container(root)) = self
                .tree
                .root
                .and_then(|root| self.tree.tiles.get_mut(root))
            {
                root.add_child(id);
            }
        }
    }
}

/// What a pane shows: the caller's game panel, under a drag handle.
pub struct PaneUi<'a> {
    pub show: &'a mut dyn FnMut(&mut egui::Ui, u32),
}

impl egui_tiles::Behavior<u32> for PaneUi<'_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile_id: TileId, game: &mut u32) -> UiResponse {
        let handle = ui
            .add(
                egui::Label::new(
                    egui::RichText::new(format!("game {game}: drag here to move"))
                        .small()
                        .weak(),
                )
                .sense(egui::Sense::drag()),
            )
            .on_hover_cursor(egui::CursorIcon::Grab);
        (self.show)(ui, *game);
        if handle.drag_started() {
            UiResponse::DragStarted
        } else {
            UiResponse::None
        }
    }

    fn tab_title_for_pane(&mut self, game: &u32) -> egui::WidgetText {
        format!("Game {game}").into()
    }

    fn simplification_options(&self) -> egui_tiles::SimplificationOptions {
        egui_tiles::SimplificationOptions {
            all_panes_must_have_tabs: false,
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_follows_the_games() {
        let mut workspace = Workspace::default();
        workspace.sync(&[1, 2, 3]);
        let mut games = workspace.games();
        games.sort();
        assert_eq!(games, vec![1, 2, 3]);
        workspace.sync(&[1, 3, 4]);
        let mut games = workspace.games();
        games.sort();
        assert_eq!(games, vec![1, 3, 4]);
        workspace.sync(&[]);
        assert!(workspace.games().is_empty());
        workspace.sync(&[7]);
        assert_eq!(workspace.games(), vec![7]);
    }
}
