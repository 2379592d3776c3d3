//! Friends: the server's notify list (`=notify` at login, `+notify`,
//! `-notify`), shown at the top of the Players tab with who of them is on,
//! and the notice of a friend's arrival or game.

use std::collections::BTreeMap;

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

    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::NotifyList(handles) => {
                self.list = handles
                    .iter()
                    .take(MAX_FRIENDS)
                    .map(|h| (h.to_ascii_lowercase(), h.clone()))
                    .collect();
                self.known = true;
            }
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

/// Something about a friend, shown above the boards until dismissed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    /// A game to observe from the notice.
    pub game: Option<u32>,
}

/// What the notice asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeAction {
    Observe(u32),
    Dismiss,
}

/// The notice's row: its text, Observe (for a game) and a close button.
pub fn notice_ui(ui: &mut egui::Ui, notice: &Notice) -> Option<NoticeAction> {
    let mut action = None;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(&notice.text).strong());
        if let Some(game) = notice.game
            && ui.button(format!("Observe game {game}")).clicked()
        {
            action = Some(NoticeAction::Observe(game));
        }
        if ui.small_button("Dismiss").clicked() {
            action = Some(NoticeAction::Dismiss);
        }
    });
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_its_changes() {
        let mut friends = Friends::default();
        assert!(!friends.known);
        friends.apply(&Event::NotifyList(vec!["BotA".into(), "BotB".into()]));
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
