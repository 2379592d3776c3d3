//! A player's card beside the boards: what it asks the server (finger,
//! history, journal, our adjourned games), filled by the replies, and what
//! its buttons give.

use crate::lobby::card::Profile;
use crate::lobby::friends::Friends;
use crate::protocol::command::Command;
use crate::protocol::reply::Answer;
use crate::protocol::words::is_guest_handle;
use crate::ui::lobby::profile::{ProfileAction, profile_ui};

use super::asked::Asker;
use super::part::{Cx, Part};
use super::want::Want;

#[derive(Default)]
pub struct Card {
    /// The card shown, if any.
    profile: Option<Profile>,
}

impl Card {
    /// Opens the card of `handle`: its requests, finger, history, journal
    /// (not a guest's: none kept; FatICS's refusal stays out too), and on
    /// our own card our adjourned games, to resume them from.
    pub fn open(&mut self, handle: &str, me: Option<&str>) -> Vec<Want> {
        self.profile = Some(Profile::asked(handle));
        let ask = |command| Want::Ask(Asker::Card(handle.to_owned()), command);
        let mut wants = vec![
            ask(Command::Finger(handle.to_owned())),
            ask(Command::History(handle.to_owned())),
        ];
        if !is_guest_handle(handle) {
            wants.push(ask(Command::Journal(handle.to_owned())));
        }
        let own = me.is_some_and(|me| me.eq_ignore_ascii_case(handle) && !is_guest_handle(me));
        if own {
            wants.push(ask(Command::Stored(handle.to_owned())));
        }
        wants
    }

    /// The card in its panel at the window's right (`side`: its frame):
    /// the commands it gives (a challenge and a tell go to the Match
    /// dialog and the command line).
    pub fn panel_ui(
        &mut self,
        ui: &mut egui::Ui,
        side: egui::Frame,
        me: Option<&str>,
        friends: &Friends,
    ) -> Vec<Want> {
        let Some(profile) = &self.profile else {
            return Vec::new();
        };
        let mut actions = Vec::new();
        egui::Panel::right("profile")
            .frame(side)
            .resizable(true)
            .default_size(360.0)
            // Wide enough for its table whatever the finger holds.
            .min_size(300.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("profile card")
                    .show(ui, |ui| {
                        let friend = friends.contains(&profile.handle);
                        actions = profile_ui(ui, profile, me, friend);
                    });
            });
        let mut wants = Vec::new();
        for action in actions {
            match action {
                ProfileAction::Send(command) => wants.push(Want::Send(command)),
                ProfileAction::Challenge(handle) => wants.push(Want::Challenge(handle)),
                // Their conversation's tab, ready to type in.
                ProfileAction::Tell(handle) => wants.push(Want::TalkTo(handle)),
                ProfileAction::Close => self.profile = None,
            }
        }
        wants
    }
}

/// The card hears the replies to its own requests.
impl Part for Card {
    fn on_reply(&mut self, _cx: &Cx<'_>, asker: &Asker, answer: &Answer) -> Vec<Want> {
        if let (Asker::Card(handle), Some(profile)) = (asker, &mut self.profile)
            && profile.handle.eq_ignore_ascii_case(handle)
        {
            profile.answer(answer);
        }
        Vec::new()
    }
}
