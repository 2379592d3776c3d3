//! The lobby's model: the lists it shows, its tab and filters, the wall's
//! switch, the players and friends (drawn by `ui/lobby.rs`).

use crate::lobby::events::ServerEvents;
use crate::lobby::friends::Friends;
use crate::lobby::lists::Lists;
use crate::lobby::players::Players;
use crate::protocol::games_list::GamesEntry;
use crate::protocol::words::Rating;
use crate::training::bots::BotTraining;

/// The lobby's state: the lists it shows, its tab and filters, the wall's
/// switch, the players, the friends (My games is the library's:
/// `app/library.rs`).
#[derive(Debug, Default)]
pub struct Lobby {
    /// The games and seeks lists.
    pub lists: Lists,
    pub filter: Filter,
    pub tab: Tab,
    /// "Fill the wall": the N best games observed and kept up to date.
    pub wall: WallSwitch,
    /// Everyone on the server (the Players tab).
    pub players: Players,
    /// The user's friends (the notify list).
    pub friends: Friends,
    /// Relays, tournaments, King of the Hill (the Events tab).
    pub events: ServerEvents,
    /// A session with the server's puzzle or endgame bot (the Training
    /// tab, and the bar over its board).
    pub training: BotTraining,
    /// The games list as it was when the pointer came over it: kept while
    /// the pointer stays (the refresh every 30 s dropped ended games and
    /// moved the rows up under it: a click observed another game).
    pub held_games: Option<Vec<GamesEntry>>,
    /// The pointer was over the games list last frame.
    pub games_hovered: bool,
}

/// The wall's switch and size, as the user set them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WallSwitch {
    pub on: bool,
    /// How many games the wall shows.
    pub size: usize,
}

impl Default for WallSwitch {
    fn default() -> Self {
        WallSwitch {
            on: false,
            size: 16,
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Games,
    Seeks,
    Graph,
    Players,
    Events,
    Training,
    MyGames,
}

/// Filters for both lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// A substring of the type (`blitz`, `crazy` ...); empty: all.
    pub kind: String,
    pub rated_only: bool,
    pub min_rating: u32,
}

/// The number behind a rating, for sorting and the graph.
pub fn rating_value(rating: &Rating) -> Option<u32> {
    match rating {
        Rating::Known { value, .. } => Some(*value),
        Rating::NoRating | Rating::Guest => None,
    }
}

impl Filter {
    pub fn keeps(&self, kind: &str, rated: bool, ratings: &[Option<u32>]) -> bool {
        let kind_ok = self.kind.is_empty() || kind.contains(&self.kind.to_ascii_lowercase());
        let rating_ok =
            self.min_rating == 0 || ratings.iter().flatten().any(|&r| r >= self.min_rating);
        kind_ok && (rated || !self.rated_only) && rating_ok
    }
}

/// Expected game length in seconds (40 moves), the seek graph's x axis.
pub fn expected_seconds(time_min: u32, increment_s: u32) -> u32 {
    time_min * 60 + increment_s * 40
}
