//! "Fill the wall" (TV): one action observes the N best live games from the
//! server's `games` list (best: the higher of the two ratings, then their
//! sum; the lobby's filters apply) and, while it is on, replaces each game
//! that is over for us with the next best one not yet shown, 10 s after its
//! banner went up. Over for us: it ended, it ended while we were
//! disconnected, or the user unobserved it. A finished tile never blocks a new game under its number, and a game the user
//! unobserved or closed is not picked again. The games list is also fetched
//! at login and every 30 s while the lobby is open, so the lobby is never
//! empty.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::game::{Game, GameStore, Now};
use crate::protocol::command::Command;
use crate::protocol::games_list::{GameStatus, GamesEntry};
use crate::protocol::style12::Relation;
use crate::ui::lobby::{Filter, Lobby, rating_value};

use super::asked::Asker;
use super::want::Want;

/// How often the games list is fetched while the lobby is open or the wall on.
pub const LIST_REFRESH: Duration = Duration::from_secs(30);
/// How long a finished game of the wall stays (result on the board) before
/// the next best game takes its place.
pub const LINGER: Duration = Duration::from_secs(10);
/// Games the user dismissed, remembered at most.
const DISMISSED: usize = 64;

/// The wall's state between frames.
#[derive(Debug, Default)]
pub struct Wall {
    /// Was on last frame (to notice the switch).
    was_on: bool,
    /// Finished tiles of the wall, and when each makes way.
    finished: Vec<(u32, Now)>,
    /// Games the user unobserved or closed (number, white, black), newest
    /// last: the wall does not bring them back.
    dismissed: Vec<(u32, String, String)>,
    /// When `games` was last sent by Kibitz itself.
    last_list_request: Option<Now>,
}

/// An observed game that is over for us: ended, or no longer observed.
/// Never the user's own (played by `me`), nor a board the user opened (a
/// review: also "observed", over and detached).
fn is_finished_observed(game: &Game, me: Option<&str>) -> bool {
    let ours = me.is_some_and(|me| {
        game.players.white.handle.eq_ignore_ascii_case(me)
            || game.players.black.handle.eq_ignore_ascii_case(me)
    });
    let opened = game.is_opened();
    !ours
        && !opened
        && matches!(
            game.relation,
            Relation::Observing | Relation::ObservingExamined
        )
        && (game.is_over() || game.detached)
}

/// When a finished tile makes way: after its banner (the result, "ended
/// while disconnected", "no longer observed") has been up a while.
fn makes_way_at(game: &Game, now: Now) -> Now {
    game.ended.unwrap_or(now) + LINGER
}

/// The best `want` games of `list` that pass `filter` and are not in
/// `exclude`, best first: live, public games, ordered by the higher of the
/// two ratings, then by their sum (guests and unrated count as 0).
pub fn best_games(
    list: &[GamesEntry],
    filter: &Filter,
    exclude: &BTreeSet<u32>,
    want: usize,
) -> Vec<u32> {
    let mut candidates: Vec<(u32, u32, u32)> = list
        .iter()
        .filter(|e| e.status == GameStatus::Playing && !e.private)
        .filter(|e| !exclude.contains(&e.game))
        .filter(|e| {
            let kind = e.game_type.listed_name();
            let ratings = [rating_value(&e.white_rating), rating_value(&e.black_rating)];
            filter.keeps(&kind, e.rated, &ratings)
        })
        .map(|e| {
            let (w, b) = (
                rating_value(&e.white_rating).unwrap_or(0),
                rating_value(&e.black_rating).unwrap_or(0),
            );
            (e.game, w.max(b), w + b)
        })
        .collect();
    candidates.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
    candidates.into_iter().take(want).map(|c| c.0).collect()
}

/// What the wall reads of the window each frame.
#[derive(Debug, Clone, Copy)]
pub struct WallSwitches {
    /// "Fill the wall" is on.
    pub on: bool,
    pub logged_in: bool,
    /// The lobby shows the games list.
    pub lobby_open: bool,
}

/// What the wall wants after a frame's tick.
#[derive(Debug, Default, PartialEq)]
pub struct WallStep {
    /// Ask for the games list (Kibitz's own `games`).
    pub ask_list: bool,
    /// Finished tiles whose time is up: to close.
    pub close: Vec<u32>,
}

impl WallStep {
    /// What the step wants: the games list asked for, finished tiles closed.
    pub fn wants(self) -> Vec<Want> {
        let ask = self
            .ask_list
            .then_some(Want::Ask(Asker::Games, Command::Games));
        ask.into_iter()
            .chain(self.close.into_iter().map(Want::CloseGame))
            .collect()
    }
}

impl Wall {
    /// Once a frame: the periodic list, switching the wall on, replacing
    /// finished tiles whose time is up.
    pub fn tick(&mut self, now: Now, switches: WallSwitches, store: &GameStore) -> WallStep {
        let mut step = WallStep::default();
        let on = switches.on && switches.logged_in;
        let due = self
            .last_list_request
            .is_none_or(|at| now >= at + LIST_REFRESH);
        step.ask_list =
            on && !self.was_on || switches.logged_in && (switches.lobby_open || on) && due;
        self.was_on = on;
        if !on {
            self.finished.clear();
        } else {
            // Every finished tile gets its time, however it finished (and
            // those already there when the wall is switched on).
            for game in store
                .games()
                .filter(|g| is_finished_observed(g, store.me()))
            {
                if !self.finished.iter().any(|&(n, _)| n == game.number) {
                    self.finished.push((game.number, makes_way_at(game, now)));
                }
            }
            let (done, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.finished)
                .into_iter()
                .partition(|&(_, at)| now >= at);
            self.finished = waiting;
            // Its number may hold a new game by now: that one stays.
            step.close = done
                .into_iter()
                .map(|(game, _)| game)
                .filter(|&game| {
                    store
                        .get(game)
                        .is_some_and(|g| is_finished_observed(g, store.me()))
                })
                .collect();
            step.ask_list |= !step.close.is_empty();
        }
        if step.ask_list {
            self.last_list_request = Some(now);
        }
        step
    }

    /// The connection is gone, and with it the games list: the next login
    /// asks for it at once.
    pub fn connection_lost(&mut self) {
        self.last_list_request = None;
    }

    /// The user unobserved or closed an observed game between `players`:
    /// the wall does not bring it back. True when the games list is to be
    /// asked for (closed while the wall is on: its place is filled at once).
    pub fn dismissed(
        &mut self,
        game: u32,
        players: (String, String),
        closed: bool,
        now: Now,
        on: bool,
    ) -> bool {
        self.dismissed.push((game, players.0, players.1));
        if self.dismissed.len() > DISMISSED {
            self.dismissed.remove(0);
        }
        let ask = closed && on;
        if ask {
            self.last_list_request = Some(now);
        }
        ask
    }

    /// A complete games list arrived: the games to observe to fill the
    /// wall up to its size (`pending`: our observes not answered yet).
    pub fn fill(&self, lobby: &Lobby, store: &GameStore, pending: BTreeSet<u32>) -> Vec<u32> {
        if !lobby.wall.on {
            return Vec::new();
        }
        // Our observes not answered yet count as shown: observing a game
        // twice would stop observing it on the old FICS (a toggle).
        let observed = store
            .games()
            .filter(|g| {
                matches!(g.relation, Relation::Observing)
                    && !(g.is_over() || g.detached)
                    && !pending.contains(&g.number)
            })
            .count();
        let own = store.own_live_game().is_some();
        let shown = observed + pending.len() + usize::from(own);
        let want = lobby.wall.size.saturating_sub(shown);
        // Not picked: the games on screen, finished tiles (each makes way
        // after its banner, and then its number is free) and games the user
        // dismissed while they last.
        let mut exclude: BTreeSet<u32> = pending;
        exclude.extend(store.games().map(|g| g.number));
        exclude.extend(lobby.lists.games.iter().filter_map(|e| {
            self.dismissed
                .iter()
                .any(|(n, w, b)| *n == e.game && *w == e.white && *b == e.black)
                .then_some(e.game)
        }));
        best_games(&lobby.lists.games, &lobby.filter, &exclude, want)
    }

    /// When the wall next needs a frame (a finished game to replace).
    pub fn deadline(&self) -> Option<Now> {
        self.finished.iter().map(|&(_, at)| at).min()
    }

    /// When the games list is next due, while it is kept fresh.
    pub fn next_list(&self) -> Option<Now> {
        self.last_list_request.map(|at| at + LIST_REFRESH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::games_list::parse_games_entry;

    fn list() -> Vec<GamesEntry> {
        [
            "  1 1500 Alpha       1600 Bravo      [ br  5   0]   4:00 -  4:00 (39-39) W:  3",
            "  2 2100 Charlie     1200 Delta      [ br  5   0]   4:00 -  4:00 (39-39) W:  3",
            "  3 ++++ GuestA      ++++ GuestB     [ bu  5   0]   4:00 -  4:00 (39-39) W:  3",
            "  4 1900 Echo        1900 Foxtrot    [ sr 15   0]  14:00 - 14:00 (39-39) W:  3",
            "  5 2500 Golf        2400 Hotel      [ zr  3   0]   2:00 -  2:00 (39-39) W:  3",
        ]
        .iter()
        .map(|line| parse_games_entry(line).expect("a games line"))
        .collect()
    }

    #[test]
    fn the_wall_makes_way_only_for_others_finished_games() {
        let finished = |number: u32, white: &str| {
            let mut game = Game::new(number, Now::ZERO);
            game.players.white.handle = white.into();
            game.players.black.handle = "Bravo".into();
            game.relation = Relation::Observing;
            game.detached = true;
            game
        };
        assert!(is_finished_observed(&finished(7, "Alpha"), Some("KibUser")));
        // The user's own game, whatever its last board's relation said.
        assert!(!is_finished_observed(
            &finished(7, "kibuser"),
            Some("KibUser")
        ));
        // A review board the user opened from My games.
        let mut review = finished(crate::archive::replay::FIRST_REVIEW_NUMBER, "Alpha");
        review.source = crate::game::Source::Opened;
        assert!(!is_finished_observed(&review, Some("KibUser")));
    }

    /// The list is asked for every 30 s while the lobby shows it; after a
    /// lost connection at the next login's first frame.
    #[test]
    fn the_list_is_asked_again_at_once_after_a_lost_connection() {
        let mut wall = Wall::default();
        let store = GameStore::default();
        let switches = WallSwitches {
            on: false,
            logged_in: true,
            lobby_open: true,
        };
        let s = Duration::from_secs;
        assert!(wall.tick(s(1), switches, &store).ask_list);
        assert!(!wall.tick(s(10), switches, &store).ask_list);
        wall.connection_lost();
        assert!(wall.tick(s(12), switches, &store).ask_list);
        assert!(!wall.tick(s(13), switches, &store).ask_list);
    }

    #[test]
    fn the_best_games_first() {
        let none = BTreeSet::new();
        assert_eq!(best_games(&list(), &Filter::default(), &none, 3), [5, 2, 4]);
        assert_eq!(
            best_games(&list(), &Filter::default(), &none, 10),
            [5, 2, 4, 1, 3]
        );
    }

    #[test]
    fn filters_and_shown_games_are_respected() {
        let shown = BTreeSet::from([5]);
        let all = Filter::default();
        assert_eq!(best_games(&list(), &all, &shown, 2), [2, 4]);
        let blitz = Filter {
            kind: "blitz".into(),
            ..Filter::default()
        };
        assert_eq!(best_games(&list(), &blitz, &BTreeSet::new(), 5), [2, 1, 3]);
        let strong = Filter {
            min_rating: 1800,
            rated_only: true,
            ..Filter::default()
        };
        assert_eq!(best_games(&list(), &strong, &BTreeSet::new(), 5), [5, 2, 4]);
    }
}
