//! The opening tree of the user's games, built off the UI thread from the
//! archive as My games listed it (every own game's moves are read again
//! from its file), again when the list or the user changes.

use std::sync::mpsc;

use crate::archive::listed::ListedGame;
use crate::archive::tree::OpeningTree;

/// The tree, and the building of the next one.
#[derive(Debug, Default)]
pub struct OpeningTreeLoading {
    tree: Option<OpeningTree>,
    /// What the tree (or the one being built) was made from: the list's
    /// generation and the user.
    made_from: Option<(u64, String)>,
    building: Option<mpsc::Receiver<OpeningTree>>,
}

impl OpeningTreeLoading {
    /// Starts building the tree of `me`'s games among `games` (the
    /// archive's list of `generation`), unless it is built or being built.
    pub fn keep_up(&mut self, games: &[ListedGame], generation: u64, me: Option<&str>) {
        if let Some(tree) = self.building.as_ref().and_then(|rx| rx.try_recv().ok()) {
            self.tree = Some(tree);
            self.building = None;
        }
        let Some(me) = me else {
            return;
        };
        let wanted = (generation, me.to_ascii_lowercase());
        if self.made_from.as_ref() == Some(&wanted) {
            return;
        }
        // Only the user's games go to the thread (a copy of a few rows).
        let own: Vec<ListedGame> = games.iter().filter(|g| g.played_by(me)).cloned().collect();
        let me = me.to_owned();
        let (tx, rx) = mpsc::sync_channel(1);
        let spawned = std::thread::Builder::new()
            .name("kibitz-opening-tree".to_owned())
            .spawn(move || {
                let _ = tx.send(OpeningTree::build(&own, &me));
            });
        match spawned {
            Ok(_) => {
                self.building = Some(rx);
                self.made_from = Some(wanted);
            }
            Err(e) => tracing::warn!("cannot build the opening tree: {e}"),
        }
    }

    /// Whether a tree is being built.
    pub fn building(&self) -> bool {
        self.building.is_some()
    }

    /// The tree, once built (the last one while the next is built).
    pub fn tree(&self) -> Option<&OpeningTree> {
        self.tree.as_ref()
    }
}
