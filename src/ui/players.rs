//! The lobby's Players tab: everyone on the server with titles, ratings
//! per speed and what they are doing; sorted by any column, filtered by
//! name, rating and "free only". Filled by Kibitz's own `who b`, `who s`
//! and `who L` (the first names who is on, the others add their ratings)
//! and kept live between them by arrival and departure lines.

use std::collections::{BTreeMap, VecDeque};

use super::friends::Friends;
use crate::game::Now;
use crate::protocol::event::Event;
use crate::protocol::games_list::GamesEntry;
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

/// What the user asked of the Players tab.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerAction {
    /// Observe the game this player plays.
    Observe(String),
    /// Open the Match dialog for this player.
    Challenge(String),
    /// Open this player's card.
    Profile(String),
}

/// The status in words, with the game number when the games list has it
/// (the games list also knows a game started since the last listing).
pub fn status_text(player: &Player, games: &[GamesEntry]) -> String {
    if let Some(game) = game_of(&player.handle, games) {
        return format!("playing game {game}");
    }
    match player.status {
        PlayerStatus::Playing => "playing".to_owned(),
        PlayerStatus::Free => "free".to_owned(),
        PlayerStatus::Examining => "examining".to_owned(),
        PlayerStatus::Simul => "simul".to_owned(),
        PlayerStatus::Closed => "not open".to_owned(),
        PlayerStatus::Idle => "idle".to_owned(),
        PlayerStatus::Tournament => "in a tournament".to_owned(),
    }
}

/// The game a player plays, from the games list.
fn game_of(handle: &str, games: &[GamesEntry]) -> Option<u32> {
    games
        .iter()
        .find(|g| g.white.eq_ignore_ascii_case(handle) || g.black.eq_ignore_ascii_case(handle))
        .map(|g| g.game)
}

pub fn rating_cell(rating: Option<Rating>) -> String {
    match rating {
        // FatICS lists a registered player without a rating as 0.
        Some(Rating::Known { value: 0, .. }) => "----".to_owned(),
        Some(Rating::Known { value, .. }) => value.to_string(),
        Some(Rating::NoRating) => "----".to_owned(),
        Some(Rating::Guest) => "++++".to_owned(),
        None => "?".to_owned(),
    }
}

/// The handle with its title tags: `Kasparov(GM)`.
pub fn titled(player: &Player) -> String {
    let mut text = player.handle.clone();
    for title in &player.titles {
        text.push('(');
        text.push_str(title.tag());
        text.push(')');
    }
    text
}

/// A small button showing `text` whose accessible name (and hover text)
/// is `name`: true when clicked.
fn named_button(ui: &mut egui::Ui, text: &str, name: &str) -> bool {
    let response = ui.small_button(text).on_hover_text(name);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response.clicked()
}

/// The Players tab. `me`: the user's handle (marked); `games`: the games
/// list (to say which game a player plays).
pub fn players_ui(
    ui: &mut egui::Ui,
    players: &mut Players,
    friends: &Friends,
    me: Option<&str>,
    games: &[GamesEntry],
) -> Vec<PlayerAction> {
    let mut actions = Vec::new();
    if !friends.is_empty() {
        // The friends first, who of them is on: a click opens the card.
        ui.horizontal_wrapped(|ui| {
            ui.strong("Friends:");
            for handle in friends.handles() {
                let on = players.get(handle).is_some();
                let text = if on {
                    egui::RichText::new(handle).strong()
                } else {
                    egui::RichText::new(format!("{handle} (away)")).weak()
                };
                if ui
                    .add(egui::Label::new(text).sense(egui::Sense::click()))
                    .on_hover_text(format!("{handle}'s card"))
                    .clicked()
                {
                    actions.push(PlayerAction::Profile(handle.to_owned()));
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Name");
        ui.add(egui::TextEdit::singleline(&mut players.name_filter).desired_width(80.0))
            .labelled_by(label.id);
        let label = ui.label("Rating");
        ui.add(
            egui::DragValue::new(&mut players.min_rating)
                .range(0..=4000)
                .speed(25),
        )
        .labelled_by(label.id);
        ui.label("to");
        ui.add(
            egui::DragValue::new(&mut players.max_rating)
                .range(0..=4000)
                .speed(25),
        );
        ui.checkbox(&mut players.free_only, "Free only");
    });
    ui.separator();
    if !players.listed && players.is_empty() {
        ui.label("Nobody listed yet (the list comes at login).");
        return actions;
    }
    let shown = players.shown();
    let mut sort = None;
    let header = |ui: &mut egui::Ui, text: &str, column: Column, current: Column, desc: bool| {
        let arrow = match (current == column, desc) {
            (true, true) => " v",
            (true, false) => " ^",
            (false, _) => "",
        };
        ui.add(
            egui::Button::new(egui::RichText::new(format!("{text}{arrow}")).strong()).frame(false),
        )
        .on_hover_text("Sort by this column (again: the other way)")
        .clicked()
    };
    let rows: Vec<(String, [String; 3], String, PlayerStatus, String)> = shown
        .iter()
        .map(|p| {
            (
                titled(p),
                [
                    rating_cell(p.ratings[0]),
                    rating_cell(p.ratings[1]),
                    rating_cell(p.ratings[2]),
                ],
                status_text(p, games),
                p.status,
                p.handle.clone(),
            )
        })
        .collect();
    let (current, desc) = (players.sort, players.descending);
    egui::ScrollArea::vertical()
        .id_salt("players list")
        .show(ui, |ui| {
            egui::Grid::new("players grid")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for (text, column) in [
                        ("Player", Column::Handle),
                        ("Blitz", Column::Rating(WhoCategory::Blitz)),
                        ("Std", Column::Rating(WhoCategory::Standard)),
                        ("Light", Column::Rating(WhoCategory::Lightning)),
                        ("Status", Column::Status),
                    ] {
                        if header(ui, text, column, current, desc) {
                            sort = Some(column);
                        }
                    }
                    ui.label("");
                    ui.end_row();
                    for (name, ratings, status, kind, handle) in &rows {
                        let mine = me.is_some_and(|me| me.eq_ignore_ascii_case(handle));
                        let name_text = if mine {
                            egui::RichText::new(format!("{name} (you)")).strong()
                        } else if friends.contains(handle) {
                            egui::RichText::new(format!("{name} (friend)")).strong()
                        } else {
                            egui::RichText::new(name)
                        };
                        let response = ui
                            .add(egui::Label::new(name_text).sense(egui::Sense::click()))
                            .on_hover_text("Click: the player's card; double-click: challenge");
                        if response.double_clicked() && !mine {
                            actions.push(PlayerAction::Challenge(handle.clone()));
                        } else if response.clicked() {
                            actions.push(PlayerAction::Profile(handle.clone()));
                        }
                        for rating in ratings {
                            ui.label(rating);
                        }
                        ui.label(status);
                        ui.horizontal(|ui| {
                            // Named for the player: a screen reader (and a
                            // test) tells one row's buttons from another's.
                            let playing =
                                *kind == PlayerStatus::Playing || status.starts_with("playing");
                            if playing
                                && named_button(ui, "Observe", &format!("Observe {handle}'s game"))
                            {
                                actions.push(PlayerAction::Observe(handle.clone()));
                            }
                            if !mine && named_button(ui, "Match…", &format!("Challenge {handle}"))
                            {
                                actions.push(PlayerAction::Challenge(handle.clone()));
                            }
                        });
                        ui.end_row();
                    }
                });
        });
    if let Some(column) = sort {
        if players.sort == column {
            players.descending = !players.descending;
        } else {
            players.sort = column;
            players.descending = matches!(column, Column::Rating(_));
        }
    }
    actions
}

#[cfg(test)]
mod tests;
