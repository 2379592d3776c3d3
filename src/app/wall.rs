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

use super::KibitzApp;
use crate::game::{Game, Now};
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::games_list::{GameStatus, GamesEntry};
use crate::protocol::style12::Relation;
use crate::ui::lobby::{Filter, rating_value};

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
    pub last_list_request: Option<Now>,
}

/// An observed game that is over for us: ended, or no longer observed.
fn is_finished_observed(game: &Game) -> bool {
    matches!(
        game.relation,
        Relation::Observing | Relation::ObservingExamined
    ) && (game.is_over() || game.detached)
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
            let kind = format!("{:?}", e.game_type).to_ascii_lowercase();
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

impl KibitzApp {
    /// Asks for the games list, keeping the reply out of the console.
    pub(super) fn request_games_list(&mut self, now: Now) {
        self.wall.last_list_request = Some(now);
        self.send_quiet(Command::Games);
    }

    /// Once a frame: the periodic list, switching the wall on, replacing
    /// finished tiles whose time is up.
    pub(super) fn wall_tick(&mut self, now: Now) {
        let logged_in = matches!(self.status, Some(crate::net::Status::LoggedIn { .. }));
        let on = self.lobby.wall.on && logged_in;
        if on && !self.wall.was_on {
            self.request_games_list(now);
        }
        self.wall.was_on = on;
        let due = self
            .wall
            .last_list_request
            .is_none_or(|at| now >= at + LIST_REFRESH);
        if logged_in && (self.lobby_open || on) && due {
            self.request_games_list(now);
        }
        if !on {
            self.wall.finished.clear();
            return;
        }
        // Every finished tile gets its time, however it finished (and
        // those already there when the wall is switched on).
        for game in self.store.games().filter(|g| is_finished_observed(g)) {
            if !self.wall.finished.iter().any(|&(n, _)| n == game.number) {
                self.wall
                    .finished
                    .push((game.number, makes_way_at(game, now)));
            }
        }
        let (done, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.wall.finished)
            .into_iter()
            .partition(|&(_, at)| now >= at);
        self.wall.finished = waiting;
        let mut closed = false;
        for (game, _) in done {
            // Its number may hold a new game by now: that one stays.
            if self.store.get(game).is_some_and(is_finished_observed) {
                self.store.close(game);
                self.views.remove(&game);
                closed = true;
            }
        }
        if closed {
            self.request_games_list(now);
        }
    }

    /// The user unobserved or closed an observed game: the wall does not
    /// bring it back, and (closed) its place is filled at once.
    pub(super) fn wall_dismissed(&mut self, game: u32, closed: bool, now: Now) {
        let Some(g) = self.store.get(game) else {
            return;
        };
        let players = (
            g.players.white.handle.clone(),
            g.players.black.handle.clone(),
        );
        self.wall.dismissed.push((game, players.0, players.1));
        if self.wall.dismissed.len() > DISMISSED {
            self.wall.dismissed.remove(0);
        }
        if closed && self.lobby.wall.on {
            self.request_games_list(now);
        }
    }

    /// A complete games list arrived: fill the wall up to its size.
    pub(super) fn fill_wall(&mut self) {
        if !self.lobby.wall.on {
            return;
        }
        // Our observes not answered yet count as shown: observing a game
        // twice would stop observing it on the old FICS (a toggle).
        let pending: BTreeSet<u32> = self.own_replies.pending_observes().collect();
        let observed = self
            .store
            .games()
            .filter(|g| {
                matches!(g.relation, Relation::Observing)
                    && !is_finished_observed(g)
                    && !pending.contains(&g.number)
            })
            .count();
        let own = self.store.own_live_game().is_some();
        let shown = observed + pending.len() + usize::from(own);
        let want = self.lobby.wall.size.saturating_sub(shown);
        // Not picked: the games on screen, finished tiles (each makes way
        // after its banner, and then its number is free) and games the user
        // dismissed while they last.
        let mut exclude: BTreeSet<u32> = pending;
        exclude.extend(self.store.games().map(|g| g.number));
        exclude.extend(self.lobby.games.iter().filter_map(|e| {
            self.wall
                .dismissed
                .iter()
                .any(|(n, w, b)| *n == e.game && *w == e.white && *b == e.black)
                .then_some(e.game)
        }));
        for game in best_games(&self.lobby.games, &self.lobby.filter, &exclude, want) {
            self.send_quiet(Command::Observe(ObserveTarget::Game(game)));
        }
    }

    /// When the wall next needs a frame (a finished game to replace).
    pub(super) fn wall_deadline(&self) -> Option<Now> {
        self.wall.finished.iter().map(|&(_, at)| at).min()
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
