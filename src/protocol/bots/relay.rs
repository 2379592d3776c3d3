//! The `relay` bot: the tournaments freechess.org relays, and their games.
//!
//! `tell relay listtourney`:
//! ```text
//! :The following tournaments are currently in progress:
//! :12   Tata Steel Masters 2026                 Round Started
//! ```
//! `tell relay listgames [id]` (a header per tournament, its games after):
//! ```text
//! :There are 7 games in the Tata Steel Masters 2026
//! :104  Carlsen         Giri            *       C65
//! ```
//! The game number is the server's: `observe 104` shows it. The status is
//! the bot's words (`Round Started`, `Round Over`); ids and names as lichess's
//! FICS relay importer read them.

use serde::Serialize;

use super::is_handle;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RelayLine {
    /// `The following tournaments are currently in progress:`: the list
    /// of relayed tournaments follows (and replaces the one known).
    TourneysHeader,
    /// `There are no tournaments in progress.`
    NoTourneys,
    /// A relayed tournament: its id for `listgames`, its name, the round's
    /// state in the bot's words.
    Tourney {
        id: u32,
        name: String,
        status: String,
    },
    /// `There are N games in the NAME`: that tournament's games follow.
    GamesHeader { count: u32, tourney: String },
    /// A relayed game: the server's game number, its players, the result
    /// so far (`*` while it goes on) and the opening's ECO code.
    Game {
        game: u32,
        white: String,
        black: String,
        result: String,
        eco: Option<String>,
    },
    /// `There is no tournament with id N.`
    NoSuchTourney { id: u32 },
    /// Whether the user is told of relayed tournaments at login (`tell
    /// relay notify` toggles it).
    NotifyAtLogin { handle: String, on: bool },
}

pub(super) fn parse(said: &str) -> Option<RelayLine> {
    let text = said.trim();
    if text.starts_with("The following tournaments are currently in progress") {
        return Some(RelayLine::TourneysHeader);
    }
    if text.starts_with("There are no tournaments in progress") {
        return Some(RelayLine::NoTourneys);
    }
    if let Some(rest) = text.strip_prefix("There is no tournament with id ") {
        let id = rest.trim_end_matches('.').trim().parse().ok()?;
        return Some(RelayLine::NoSuchTourney { id });
    }
    if let Some(header) = games_header(text) {
        return Some(header);
    }
    if let Some(rest) = text.strip_suffix(" will be notified of relayed tournament at login.") {
        return is_handle(rest).then(|| RelayLine::NotifyAtLogin {
            handle: rest.to_owned(),
            on: true,
        });
    }
    if let Some(rest) =
        text.strip_suffix(" will no longer be notified of relayed tournament at login.")
    {
        return is_handle(rest).then(|| RelayLine::NotifyAtLogin {
            handle: rest.to_owned(),
            on: false,
        });
    }
    game_row(text).or_else(|| tourney_row(text))
}

/// `There are 7 games in the NAME` / `There is 1 game in NAME`.
fn games_header(text: &str) -> Option<RelayLine> {
    let rest = text
        .strip_prefix("There are ")
        .or_else(|| text.strip_prefix("There is "))?;
    let (count, rest) = rest.split_once(' ')?;
    let count = count.parse().ok()?;
    let rest = rest
        .strip_prefix("games in ")
        .or_else(|| rest.strip_prefix("game in "))?;
    let name = rest.strip_prefix("the ").unwrap_or(rest);
    let name = name.trim().trim_end_matches(['.', ':']).trim();
    (!name.is_empty()).then(|| RelayLine::GamesHeader {
        count,
        tourney: name.to_owned(),
    })
}

/// `104  Carlsen  Giri  *  C65`: number, two handles, a result, an ECO.
fn game_row(text: &str) -> Option<RelayLine> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [game, white, black, result, rest @ ..] = words.as_slice() else {
        return None;
    };
    if rest.len() > 1 {
        return None;
    }
    let game = game.parse().ok()?;
    if !is_handle(white) || !is_handle(black) || !is_result(result) {
        return None;
    }
    let eco = match rest.first() {
        Some(eco) if is_eco(eco) => Some((*eco).to_owned()),
        Some(_) => return None,
        None => None,
    };
    Some(RelayLine::Game {
        game,
        white: (*white).to_owned(),
        black: (*black).to_owned(),
        result: (*result).to_owned(),
        eco,
    })
}

fn is_result(word: &str) -> bool {
    matches!(word, "*" | "1-0" | "0-1" | "1/2-1/2" | "1/2" | "=")
}

/// `C65`, `A00`: a letter A-E and two digits.
fn is_eco(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1..].iter().all(u8::is_ascii_digit)
}

/// `12   Tata Steel Masters 2026     Round Started`: an id, the name, and
/// the status after two or more spaces.
fn tourney_row(text: &str) -> Option<RelayLine> {
    let (id, rest) = text.split_once(' ')?;
    let id = id.parse().ok()?;
    let rest = rest.trim();
    let (name, status) = rest.rsplit_once("  ")?;
    let (name, status) = (name.trim(), status.trim());
    if name.is_empty() || status.is_empty() || !status.starts_with("Round") {
        return None;
    }
    Some(RelayLine::Tourney {
        id,
        name: name.to_owned(),
        status: status.to_owned(),
    })
}
