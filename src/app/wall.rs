//! "Fill the wall" (TV): one action observes the N best live games from the
//! server's `games` list (best: the higher of the two ratings, then their
//! sum; the lobby's filters apply) and, while it is on, replaces each game
//! that ends with the next best one not yet shown. The games list is also
//! fetched at login and every 30 s while the lobby is open, so the lobby is
//! never empty.

use std::collections::BTreeSet;
use std::time::Duration;

use super::KibitzApp;
use crate::game::Now;
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::games_list::{GameStatus, GamesEntry};
use crate::protocol::style12::Relation;
use crate::ui::lobby::{Filter, rating_value};

/// How often the games list is fetched while the lobby is open or the wall on.
pub const LIST_REFRESH: Duration = Duration::from_secs(30);
/// How long a finished game of the wall stays (result on the board) before
/// the next best game takes its place.
pub const LINGER: Duration = Duration::from_secs(10);

/// The wall's state between frames.
#[derive(Debug, Default)]
pub struct Wall {
    /// Was on last frame (to notice the switch).
    was_on: bool,
    /// Ended games of the wall, and when they ended.
    ended: Vec<(u32, Now)>,
    /// When `games` was last sent by Kibitz itself.
    pub last_list_request: Option<Now>,
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
    /// ended games whose time is up.
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
        let (done, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.wall.ended)
            .into_iter()
            .partition(|&(_, at)| now >= at + LINGER);
        self.wall.ended = waiting;
        if done.is_empty() {
            return;
        }
        for (game, _) in done {
            if on {
                self.store.close(game);
                self.views.remove(&game);
            }
        }
        if on {
            self.request_games_list(now);
        }
    }

    /// A complete games list arrived: fill the wall up to its size.
    pub(super) fn fill_wall(&mut self) {
        if !self.lobby.wall.on {
            return;
        }
        let observed: BTreeSet<u32> = self
            .store
            .games()
            .filter(|g| matches!(g.relation, Relation::Observing) && !g.is_over())
            .map(|g| g.number)
            .collect();
        let own = self.store.own_live_game().is_some();
        // Lists come seconds apart (at the switch, then after an ended game
        // has lingered), so the boards of the last observes are here by now;
        // one that never came (a game just over, or private) is not counted.
        let shown = observed.len() + usize::from(own);
        let want = self.lobby.wall.size.saturating_sub(shown);
        let exclude: BTreeSet<u32> = self.store.games().map(|g| g.number).collect();
        for game in best_games(&self.lobby.games, &self.lobby.filter, &exclude, want) {
            self.send_quiet(Command::Observe(ObserveTarget::Game(game)));
        }
    }

    /// An observed game ended: with the wall on, it makes way after a while.
    pub(super) fn wall_game_ended(&mut self, game: u32, now: Now) {
        let observed = self
            .store
            .get(game)
            .is_some_and(|g| matches!(g.relation, Relation::Observing));
        if self.lobby.wall.on && observed {
            self.wall.ended.push((game, now));
        }
    }

    /// When the wall next needs a frame (a finished game to replace).
    pub(super) fn wall_deadline(&self) -> Option<Now> {
        self.wall.ended.iter().map(|&(_, at)| at + LINGER).min()
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
