//! "Watch the round": a wall of one event's games. For a relayed
//! tournament, every game the relay bot lists as going on, board 1 first;
//! for a TD bot's tournament, the games going on between its players (from
//! the server's games list). The bot's list is asked again every minute;
//! a game it lists that is not on screen is observed, so as a round's games
//! end (their results stay on their boards) the next round's take their
//! places: a finished board of the event makes way when a new game comes.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::game::{GameStore, Now};
use crate::lobby::events::{ServerEvents, TD};
use crate::protocol::command::Command;
use crate::protocol::games_list::{GameStatus, GamesEntry};
use crate::protocol::style12::Relation;

use super::asked::Asker;
use super::want::Want;

/// How often the event's games are asked for again.
pub const EVENT_REFRESH: Duration = Duration::from_secs(60);
/// Boards of one event at most (the wall's own size).
const MOST: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watched {
    Relay(u32),
    Tourney(u32),
}

#[derive(Debug)]
struct Watching {
    what: Watched,
    /// The games observed for the event, board order.
    games: Vec<u32>,
    /// Games the user closed or unobserved: not brought back.
    dismissed: BTreeSet<u32>,
    /// The event's games that were on screen before it was watched (the
    /// user observed them): they stay when watching stops.
    adopted: BTreeSet<u32>,
    next_ask: Now,
}

#[derive(Debug, Default)]
pub struct EventWall {
    watching: Option<Watching>,
}

impl EventWall {
    /// Starts watching an event (another one stops): asks for its games,
    /// and observes those already known.
    pub fn watch(
        &mut self,
        what: Watched,
        events: &mut ServerEvents,
        games_list: &[GamesEntry],
        store: &GameStore,
        now: Now,
    ) -> Vec<Want> {
        // Another event's boards make way, but those of this one too stay
        // (they were the user's own, or both events' games).
        let keep: BTreeSet<u32> = games_of(what, events, games_list).into_iter().collect();
        let old = self.watching.take();
        let mut wants = Vec::new();
        let (mut games, mut adopted) = (Vec::new(), BTreeSet::new());
        if let Some(mut old) = old {
            let (kept, closing): (Vec<u32>, Vec<u32>) =
                old.games.drain(..).partition(|g| keep.contains(g));
            wants.extend(close(&closing, &old.adopted, store));
            adopted.extend(kept.iter().filter(|g| old.adopted.contains(g)));
            games = kept;
        }
        self.watching = Some(Watching {
            what,
            games,
            dismissed: BTreeSet::new(),
            adopted,
            next_ask: now + EVENT_REFRESH,
        });
        events.watching = Some(title(what, events));
        wants.extend(asks(what, events));
        wants.extend(self.listed(events, games_list, store));
        wants
    }

    /// "Stop watching": the event's boards are unobserved and closed.
    pub fn stop(&mut self, events: &mut ServerEvents, store: &GameStore) -> Vec<Want> {
        let wants = self.close_all(store);
        self.watching = None;
        events.watching = None;
        wants
    }

    /// No game of the event is on the wall (none goes on, or none listed
    /// yet).
    pub fn is_empty(&self) -> bool {
        self.watching.as_ref().is_none_or(|w| w.games.is_empty())
    }

    /// Unobserves and closes the boards the event's wall opened.
    fn close_all(&mut self, store: &GameStore) -> Vec<Want> {
        let Some(watching) = self.watching.as_mut() else {
            return Vec::new();
        };
        let games: Vec<u32> = watching.games.drain(..).collect();
        close(&games, &watching.adopted, store)
    }

    /// The event's games are (maybe) listed anew: observes those going on
    /// that are not on screen, closing a finished board of the event for
    /// each.
    pub fn listed(
        &mut self,
        events: &ServerEvents,
        games_list: &[GamesEntry],
        store: &GameStore,
    ) -> Vec<Want> {
        let Some(watching) = &mut self.watching else {
            return Vec::new();
        };
        let going_on = games_of(watching.what, events, games_list);
        let mut finished: Vec<u32> = watching
            .games
            .iter()
            .copied()
            .filter(|n| store.get(*n).is_some_and(|g| g.is_over() || g.detached))
            .collect();
        let mut wants = Vec::new();
        for game in going_on {
            let shown = store.get(game).is_some_and(|g| {
                matches!(g.relation, Relation::Observing) && !g.is_over() && !g.detached
            });
            // Asked for and not come yet: a second observe would stop it.
            let asked = watching.games.contains(&game) && store.get(game).is_none();
            if asked || watching.dismissed.contains(&game) {
                continue;
            }
            // Observed already: one of the event's boards now (the user's
            // own, if the wall did not open it).
            if shown {
                if !watching.games.contains(&game) {
                    watching.games.push(game);
                    watching.adopted.insert(game);
                }
                continue;
            }
            if watching.games.len() - finished.len() >= MOST {
                break;
            }
            if let Some(old) = finished.pop() {
                watching.games.retain(|n| *n != old);
                wants.push(Want::CloseGame(old));
            }
            watching.games.retain(|n| *n != game);
            watching.games.push(game);
            wants.push(Want::observe(game));
        }
        wants
    }

    /// Once a frame: the event's list is asked again when due.
    pub fn tick(&mut self, events: &mut ServerEvents, now: Now) -> Vec<Want> {
        let Some(watching) = &mut self.watching else {
            return Vec::new();
        };
        if now < watching.next_ask {
            return Vec::new();
        }
        watching.next_ask = now + EVENT_REFRESH;
        asks(watching.what, events)
    }

    pub fn deadline(&self) -> Option<Now> {
        self.watching.as_ref().map(|w| w.next_ask)
    }

    /// The user closed or unobserved one of the event's games: not
    /// brought back.
    pub fn dismissed(&mut self, game: u32) {
        if let Some(w) = &mut self.watching
            && w.games.contains(&game)
        {
            w.games.retain(|n| *n != game);
            w.dismissed.insert(game);
        }
    }
}

/// The event's name, over its wall.
fn title(what: Watched, events: &ServerEvents) -> String {
    match what {
        Watched::Relay(id) => events
            .relay(id)
            .map_or_else(|| format!("Relay #{id}"), |r| r.name.clone()),
        Watched::Tourney(id) => events
            .tourney(id)
            .map_or_else(|| format!("Tourney #{id}"), |t| t.title()),
    }
}

/// The requests that list the event's games anew.
fn asks(what: Watched, events: &mut ServerEvents) -> Vec<Want> {
    match what {
        Watched::Relay(id) => vec![Want::Ask(Asker::Nobody, events.ask_games(id))],
        // Its players' games are in the server's games list; who its
        // players are, in its grid (asked while not known).
        Watched::Tourney(id) => {
            let mut wants = Vec::new();
            if events.tourney(id).is_some_and(|t| t.grid.is_empty()) {
                let grid = Command::tell(TD, &format!("standardgrid {id}"));
                wants.push(Want::Ask(Asker::Nobody, grid));
            }
            wants.push(Want::Ask(Asker::Games, Command::Games));
            wants
        }
    }
}

/// Unobserves and closes `games`, but not those the user had opened
/// (`adopted`).
fn close(games: &[u32], adopted: &BTreeSet<u32>, store: &GameStore) -> Vec<Want> {
    let mut wants = Vec::new();
    for &game in games.iter().filter(|g| !adopted.contains(g)) {
        let live = store.get(game).is_some_and(|g| {
            matches!(g.relation, Relation::Observing) && !g.is_over() && !g.detached
        });
        if live {
            wants.push(Want::Send(Command::Unobserve(Some(game))));
        }
        wants.push(Want::CloseGame(game));
    }
    wants
}

/// The event's games going on, board order (a tournament's: by its
/// players' seeds).
fn games_of(what: Watched, events: &ServerEvents, games_list: &[GamesEntry]) -> Vec<u32> {
    match what {
        Watched::Relay(id) => events
            .relay(id)
            .map(|r| {
                r.games
                    .iter()
                    .filter(|g| g.result == "*")
                    .map(|g| g.game)
                    .collect()
            })
            .unwrap_or_default(),
        Watched::Tourney(id) => {
            let Some(t) = events.tourney(id) else {
                return Vec::new();
            };
            let seed = |handle: &str| -> Option<u32> {
                let grid = t.grid.iter().map(|r| (r.seed, &r.handle));
                let players = t.player_list.iter().map(|p| (p.seed, &p.handle));
                grid.chain(players)
                    .find(|(_, h)| h.eq_ignore_ascii_case(handle))
                    .map(|(s, _)| s)
            };
            let mut games: Vec<(u32, u32)> = games_list
                .iter()
                .filter(|e| e.status == GameStatus::Playing)
                .filter_map(|e| {
                    let (w, b) = (seed(&e.white)?, seed(&e.black)?);
                    Some((w.min(b), e.game))
                })
                .collect();
            games.sort();
            games.into_iter().map(|(_, g)| g).collect()
        }
    }
}

#[cfg(test)]
mod tests;
