//! The chrome as a part of the app (`app/part.rs`): the events and replies
//! it takes, the lobby's timers (the wall, the players list) and when they
//! next need a frame.

use crate::game::{Effect, Now};
use crate::protocol::event::Event;
use crate::protocol::reply::Answer;

use super::super::asked::Asker;
use super::super::part::{Cx, Part};
use super::super::wall::WallSwitches;
use super::super::want::Want;
use super::Chrome;

impl Part for Chrome {
    fn on_event(&mut self, cx: &Cx<'_>, event: &Event, _effects: &[Effect]) -> Vec<Want> {
        let mut wants = self.apply(event);
        match event {
            Event::LoginFailed { reason } => {
                self.login_failed(reason);
                wants.push(Want::LoginRefused);
            }
            Event::LoggedIn { handle, titles } => {
                wants.extend(self.logged_in(handle, titles, cx.now));
                wants.push(Want::SessionReady);
            }
            Event::TimesealRefused { .. } => {
                let server = cx.session.server();
                self.without_timeseal();
                wants.push(Want::Note(format!(
                    "{server} does not speak timeseal: reconnecting without it (remembered for this server)"
                )));
                wants.push(Want::WithoutTimeseal(server.to_owned()));
            }
            _ => {}
        }
        wants
    }

    fn on_reply(&mut self, cx: &Cx<'_>, asker: &Asker, answer: &Answer) -> Vec<Want> {
        self.answer(asker, answer);
        match (asker, answer) {
            // The wall fills from the new list.
            (Asker::Games, Answer::Games { .. }) => {
                let pending = cx.session.pending_observes().collect();
                let games = self.wall.fill(&self.lobby, cx.store, pending);
                games.into_iter().map(Want::observe).collect()
            }
            _ => Vec::new(),
        }
    }

    fn on_tick(&mut self, cx: &Cx<'_>) -> Vec<Want> {
        let logged_in = cx.session.logged_in();
        let switches = WallSwitches {
            on: self.lobby.wall.on,
            logged_in,
            lobby_open: self.lobby_open,
        };
        let mut wants = self.wall.tick(cx.now, switches, cx.store).wants();
        if logged_in && self.players_due(cx.now) {
            wants.extend(self.ask_players(cx.now));
        }
        wants
    }

    fn next_frame(&self, cx: &Cx<'_>) -> Option<Now> {
        let logged_in = cx.session.logged_in();
        let list_refresh =
            (self.wall.next_list()).filter(|_| logged_in && self.lobby_lists_wanted());
        let players = self.players_next().filter(|_| logged_in);
        [self.wall.deadline(), list_refresh, players]
            .into_iter()
            .flatten()
            .min()
    }
}
