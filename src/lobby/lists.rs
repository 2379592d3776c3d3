//! The lobby's lists: the games in progress (the reply to Kibitz's own
//! `games`) and the seeks (the seek stream, and the reply to its `sought`).

use std::collections::BTreeMap;

use crate::protocol::event::Event;
use crate::protocol::games_list::GamesEntry;
use crate::protocol::notice::Notice;
use crate::protocol::seek::{Seek, SeekLine};

/// A hostile server cannot grow the lists past this.
const MAX_ENTRIES: usize = 5000;

#[derive(Debug, Default)]
pub struct Lists {
    /// The last complete `games` list.
    pub games: Vec<GamesEntry>,
    /// Live seeks by index.
    pub seeks: BTreeMap<u32, Seek>,
    /// The seek the user last answered (`play N`): gone if the server says
    /// it is not available.
    played: Option<u32>,
}

impl Lists {
    /// Our `games` listing came: the games list.
    pub fn set_games(&mut self, entries: &[GamesEntry]) {
        self.games = entries.iter().take(MAX_ENTRIES).cloned().collect();
    }

    /// Our `sought` listing came: its seeks join the live ones.
    pub fn add_seeks(&mut self, seeks: &[Seek]) {
        for seek in seeks {
            self.add_seek(seek);
        }
    }

    fn add_seek(&mut self, seek: &Seek) {
        if self.seeks.len() < MAX_ENTRIES || self.seeks.contains_key(&seek.index) {
            self.seeks.insert(seek.index, seek.clone());
        }
    }

    /// The user answered seek `index`.
    pub fn playing(&mut self, index: u32) {
        self.played = Some(index);
    }

    /// Folds the seek stream in (`<s>`, `<sr>`, `<sc>`), and the server's
    /// word that the seek the user answered is gone (taken or withdrawn:
    /// servers without the seek stream never say so otherwise).
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Notice(Notice::SeekGone) => {
                if let Some(index) = self.played.take() {
                    self.seeks.remove(&index);
                }
            }
            Event::Seek(SeekLine::Clear) => self.seeks.clear(),
            Event::Seek(SeekLine::Add(seek)) => self.add_seek(seek),
            Event::Seek(SeekLine::Remove(indexes)) => {
                for index in indexes {
                    self.seeks.remove(index);
                }
            }
            _ => {}
        }
    }
}
