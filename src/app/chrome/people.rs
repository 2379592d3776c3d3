//! The chrome's people: the lobby's players list (asked for while its tab
//! is shown) and a player's card (what it asks the server, what it gives).

use super::Chrome;
use crate::app::asked::Asker;
use crate::app::want::Want;
use crate::game::Now;
use crate::lobby::card::Profile;
use crate::protocol::command::Command;
use crate::protocol::words::is_guest_handle;
use crate::ui::profile::{ProfileAction, profile_ui};

impl Chrome {
    /// Asks for the players list: who is on (blitz ratings), then their
    /// standard and lightning ratings.
    pub fn ask_players(&mut self, now: Now) -> Vec<Want> {
        let ask = |category| Want::Ask(Asker::Players(category), Command::Who(category));
        let categories = crate::protocol::who::WhoCategory::ALL;
        for category in categories {
            self.lobby.players.asked(category, now);
        }
        categories.into_iter().map(ask).collect()
    }

    /// Whether the players list is due again (its tab shown, the refresh
    /// time passed).
    pub fn players_due(&self, now: Now) -> bool {
        self.players_shown() && self.lobby.players.refresh_due(now)
    }

    /// When the players list is next due, while its tab is shown.
    pub fn players_next(&self) -> Option<Now> {
        self.lobby
            .players
            .next_refresh()
            .filter(|_| self.players_shown())
    }

    /// The connection is gone: our own requests are not answered, and what
    /// the top bar last said of the session no longer holds.
    pub fn forget_asked(&mut self) {
        self.lobby.players.forget_asked();
        // The games and seeks listed were the server's: none is to be
        // observed or played now (Observe did nothing after a logout).
        self.lobby.lists = Default::default();
        self.announcement.clear();
    }

    /// The lobby shows its Players tab.
    pub fn players_shown(&self) -> bool {
        self.lobby_open && self.lobby.tab == crate::ui::lobby::Tab::Players
    }

    /// Opens the card of `handle` (Kibitz asks for its finger and history).
    /// The card's requests: finger, history, journal (not a guest's: none
    /// kept; FatICS's refusal stays out too), and on our own card our
    /// adjourned games, to resume them from.
    pub fn open_profile(&mut self, handle: &str, me: Option<&str>) -> Vec<Want> {
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

    /// The card beside the boards: the commands it gives (a challenge and
    /// a tell are handled here: the Match dialog, the command line).
    pub fn profile_ui(&mut self, ui: &mut egui::Ui, me: Option<&str>) -> Vec<Want> {
        let Some(profile) = &self.profile else {
            return Vec::new();
        };
        let mut wants = Vec::new();
        let friend = self.lobby.friends.contains(&profile.handle);
        for action in profile_ui(ui, profile, me, friend) {
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
