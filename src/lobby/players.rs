//! Everyone on the server, as the Players tab shows them: titles, ratings
//! per speed and what they are doing; the view's sort and filters. Filled
//! by the replies to Kibitz's own `who b`, `who s` and `who L` (the first
//! names who is on, the others add their ratings) and kept live between
//! them by arrival and departure lines.

use std::collections::{BTreeMap, VecDeque};

use crate::game::Now;
use crate::protocol::event::Event;
use crate::protocol::notice::Notice;
use crate::protocol::who::{PlayerStatus, WhoCategory, WhoEntry};
use crate::protocol::words::{Rating, Title};

/// Players kept at most (a busy freechess.org has about a thousand).
const MAX_PLAYERS: usize = 5000;
/// How often the listings are asked for again while the tab is shown
/// (arrivals and departures keep it live in between where the server
/// sends them).
pub const REFRESH: std::time::Duration = std::time::Duration::from_secs(60);
/// How soon after the last listing players who arrived since (their
/// ratings unknown: arrival lines carry none to trust) are asked about.
pub const ARRIVALS: std::time::Duration = std::time::Duration::from_secs(5);

/// One player online.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub handle: String,
    pub titles: Vec<Title>,
    /// Blitz, standard, lightning (`None`: not known yet, e.g. just arrived).
    pub ratings: [Option<Rating>; 3],
    pub status: PlayerStatus,
}

impl Player {
    pub fn rating(&self, category: WhoCategory) -> Option<Rating> {
        self.ratings[index(category)]
    }

    /// The highest known rating (the rating filter's number).
    pub fn best_rating(&self) -> Option<u32> {
        self.ratings
            .iter()
            .flatten()
            .filter_map(Rating::value)
            .max()
    }
}

fn index(category: WhoCategory) -> usize {
    match category {
        WhoCategory::Blitz => 0,
        WhoCategory::Standard => 1,
        WhoCategory::Lightning => 2,
    }
}

/// The column the list is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Handle,
    Rating(WhoCategory),
    Status,
}

/// The players list and its view (sort, filters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players {
    /// By handle in lower case (handles are case-insensitive).
    online: BTreeMap<String, Player>,
    /// Our `who` listings asked for and not complete yet, oldest first.
    asked: VecDeque<WhoCategory>,
    /// A complete blitz listing came (the list is known, not just arrivals).
    pub listed: bool,
    /// When Kibitz last asked for the listings.
    asked_at: Option<Now>,
    /// Someone arrived since the last listing (ratings not known).
    arrivals: bool,
    pub sort: Column,
    pub descending: bool,
    /// A part of the handle; empty: all.
    pub name_filter: String,
    pub min_rating: u32,
    pub max_rating: u32,
    pub free_only: bool,
}

impl Players {
    /// A new session (another server or user): nobody is known to be on;
    /// the view (sort, filters) stays.
    pub fn new_session(&mut self) {
        let view = Players {
            sort: self.sort,
            descending: self.descending,
            name_filter: std::mem::take(&mut self.name_filter),
            min_rating: self.min_rating,
            max_rating: self.max_rating,
            free_only: self.free_only,
            ..Players::default()
        };
        *self = view;
    }
}

impl Default for Players {
    fn default() -> Self {
        Players {
            online: BTreeMap::new(),
            asked: VecDeque::new(),
            listed: false,
            asked_at: None,
            arrivals: false,
            sort: Column::Rating(WhoCategory::Blitz),
            descending: true,
            name_filter: String::new(),
            min_rating: 0,
            max_rating: 4000,
            free_only: false,
        }
    }
}

impl Players {
    /// Kibitz sent `who <category>`: the next listing of ours is that one.
    pub fn asked(&mut self, category: WhoCategory, now: Now) {
        self.asked.push_back(category);
        self.asked_at = Some(now);
    }

    /// When the listings are due again (while the tab is shown): sooner
    /// when players arrived whose ratings are not known.
    /// None while a listing of ours is still on its way (its answer, not
    /// the clock, decides what comes next: no frame is needed until then).
    pub fn next_refresh(&self) -> Option<Now> {
        if !self.asked.is_empty() {
            return None;
        }
        let wait = if self.arrivals { ARRIVALS } else { REFRESH };
        self.asked_at.map(|at| at + wait)
    }

    /// Whether to ask for the listings now: never asked, or [`REFRESH`]
    /// passed (and no listing of ours still on its way).
    pub fn refresh_due(&self, now: Now) -> bool {
        self.asked.is_empty()
            && self
                .asked_at
                .is_none_or(|_| self.next_refresh().is_some_and(|at| now >= at))
    }

    /// The connection is gone: no listing of ours comes any more.
    pub fn forget_asked(&mut self) {
        self.asked.clear();
    }

    /// Players online now.
    pub fn len(&self) -> usize {
        self.online.len()
    }

    pub fn is_empty(&self) -> bool {
        self.online.is_empty()
    }

    pub fn get(&self, handle: &str) -> Option<&Player> {
        self.online.get(&handle.to_ascii_lowercase())
    }

    /// Our `who` listing of `category` came (a `who` the user typed is
    /// only shown).
    pub fn answered(&mut self, category: WhoCategory, entries: &[WhoEntry]) {
        self.unanswered(category);
        let entries = entries.iter().take(MAX_PLAYERS).cloned().collect();
        self.listing(category, entries);
    }

    /// Our `who` listing of `category` was not one (refused, cut short):
    /// it is asked again when due.
    pub fn unanswered(&mut self, category: WhoCategory) {
        if let Some(at) = self.asked.iter().position(|&c| c == category) {
            self.asked.remove(at);
        }
    }

    /// Folds an arrival or a departure in.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Presence(presence) if presence.arrived => {
                let key = presence.handle.to_ascii_lowercase();
                if self.online.len() < MAX_PLAYERS || self.online.contains_key(&key) {
                    self.arrivals |= !self.online.contains_key(&key);
                    let player = self.online.entry(key).or_insert_with(|| Player {
                        handle: presence.handle.clone(),
                        titles: presence.titles.clone(),
                        ratings: [None; 3],
                        status: PlayerStatus::Free,
                    });
                    if !presence.titles.is_empty() {
                        player.titles.clone_from(&presence.titles);
                    }
                }
            }
            Event::Presence(presence) => {
                self.online.remove(&presence.handle.to_ascii_lowercase());
            }
            // The server says so in reply to a challenge or a tell: left
            // while the list was not looking (no arrivals and departures).
            Event::Notice(Notice::NotOnline { handle }) => {
                self.online.remove(&handle.to_ascii_lowercase());
            }
            Event::Notice(Notice::NotOpen {
                handle,
                bughouse: false,
            }) => {
                if let Some(player) = self.online.get_mut(&handle.to_ascii_lowercase()) {
                    player.status = PlayerStatus::Closed;
                }
            }
            _ => {}
        }
    }

    /// A complete listing: the blitz one says who is on and what they do;
    /// the others add their category's ratings.
    fn listing(&mut self, category: WhoCategory, entries: Vec<WhoEntry>) {
        let i = index(category);
        if category == WhoCategory::Blitz {
            let mut online = BTreeMap::new();
            for entry in entries {
                let key = entry.handle.to_ascii_lowercase();
                let mut ratings = self.online.get(&key).map_or([None; 3], |p| p.ratings);
                ratings[i] = Some(entry.rating);
                let player = Player {
                    handle: entry.handle,
                    titles: entry.titles,
                    ratings,
                    status: entry.status,
                };
                online.insert(key, player);
            }
            self.online = online;
            self.listed = true;
            self.arrivals = false;
        } else {
            for entry in entries {
                if let Some(player) = self.online.get_mut(&entry.handle.to_ascii_lowercase()) {
                    player.ratings[i] = Some(entry.rating);
                }
            }
        }
    }

    /// The players the filters keep, in the sort order.
    pub fn shown(&self) -> Vec<&Player> {
        let name = self.name_filter.trim().to_ascii_lowercase();
        let mut shown: Vec<&Player> = self
            .online
            .iter()
            .filter(|(key, _)| name.is_empty() || key.contains(&name))
            .map(|(_, player)| player)
            .filter(|p| !self.free_only || p.status == PlayerStatus::Free)
            .filter(|p| {
                let unbounded = self.min_rating == 0 && self.max_rating >= 4000;
                unbounded
                    || p.best_rating()
                        .is_some_and(|r| (self.min_rating..=self.max_rating).contains(&r))
            })
            .collect();
        let rating = |p: &Player, c: WhoCategory| p.rating(c).and_then(|r| r.value());
        match self.sort {
            // Already in the order of their handles.
            Column::Handle => {}
            Column::Rating(c) => shown.sort_by_key(|p| std::cmp::Reverse(rating(p, c))),
            Column::Status => shown.sort_by_key(|p| status_order(p.status)),
        }
        let natural_descending = matches!(self.sort, Column::Rating(_));
        if self.descending != natural_descending {
            shown.reverse();
        }
        shown
    }
}

/// Free players first, then the busy, then those playing.
fn status_order(status: PlayerStatus) -> u8 {
    match status {
        PlayerStatus::Free => 0,
        PlayerStatus::Idle => 1,
        PlayerStatus::Closed => 2,
        PlayerStatus::Examining => 3,
        PlayerStatus::Playing => 4,
        PlayerStatus::Simul => 5,
        PlayerStatus::Tournament => 6,
    }
}

#[cfg(test)]
mod tests;
