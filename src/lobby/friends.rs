//! Friends: the server's notify list (`=notify` at login, `+notify`,
//! `-notify`), and the notice of a friend's arrival or game (or of an
//! adjourned game's opponent) shown above the boards.

use std::collections::BTreeMap;

use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::event::Event;

/// Friends kept at most.
const MAX_FRIENDS: usize = 1000;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Friends {
    /// By handle in lower case.
    list: BTreeMap<String, String>,
    /// The server told the list (the old FICS has none).
    pub known: bool,
}

impl Friends {
    pub fn contains(&self, handle: &str) -> bool {
        self.list.contains_key(&handle.to_ascii_lowercase())
    }

    pub fn handles(&self) -> impl Iterator<Item = &str> {
        self.list.values().map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Our `=notify` came: the friends.
    pub fn set_list(&mut self, handles: &[String]) {
        self.list = handles
            .iter()
            .take(MAX_FRIENDS)
            .map(|h| (h.to_ascii_lowercase(), h.clone()))
            .collect();
        self.known = true;
    }

    /// Folds a change of the notify list in.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::NotifyChange {
                handle,
                added: true,
            } if self.list.len() < MAX_FRIENDS => {
                self.list
                    .insert(handle.to_ascii_lowercase(), handle.clone());
            }
            Event::NotifyChange {
                handle,
                added: false,
            } => {
                self.list.remove(&handle.to_ascii_lowercase());
            }
            _ => {}
        }
    }
}

/// Something about a friend (or an adjourned game's opponent), shown above
/// the boards until dismissed or acted on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    /// What can be done from the notice (`Observe game 7`, `Resume
    /// against BotA`): a label and its command.
    pub buttons: Vec<(String, Command)>,
}

impl Notice {
    /// A friend's game, observed from the notice.
    pub fn with_game(text: String, game: Option<u32>) -> Self {
        let buttons = game
            .map(|game| {
                (
                    format!("Observe game {game}"),
                    Command::Observe(ObserveTarget::Game(game)),
                )
            })
            .into_iter()
            .collect();
        Notice { text, buttons }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_its_changes() {
        let mut friends = Friends::default();
        assert!(!friends.known);
        friends.set_list(&["BotA".into(), "BotB".into()]);
        assert!(friends.known && friends.contains("bota") && friends.len() == 2);
        friends.apply(&Event::NotifyChange {
            handle: "BotC".into(),
            added: true,
        });
        friends.apply(&Event::NotifyChange {
            handle: "BOTA".into(),
            added: false,
        });
        assert_eq!(friends.handles().collect::<Vec<_>>(), ["BotB", "BotC"]);
    }
}
