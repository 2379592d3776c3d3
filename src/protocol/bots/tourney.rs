//! The TD bots' tournaments (`mamer`; `td` is freechess.org's alias for
//! `tell mamer`): the list, their news, joining, players and standings.
//!
//! ```text
//! :mamer's tourney list:
//! :+----+---------+---------+----------------+----------------+
//! :| 12 | +open<  | mamer   | 5 0 r SS\5     | 2026.1128.2200 |
//! :Listed: 1 tourneys
//! :mamer TOURNEY INFO: *** The Nightly 5 0 at 22:00 ***
//! :Tourney #12, a 5 0 rated blitz Swiss, has been opened!
//! :mamer TOURNEY #12 UPDATE: BotA has joined tourney #12 (seed: 1, score: 0); 3 players now!
//! :Tourney #12's standard grid:
//! :|  1 | +BotA(1500)   | +2w =3b       |
//! ```
//! In the list, `+` before the status: the user may join; `>`: the user
//! is in it; `<` after it: it runs now. A grid cell is a result (`+`, `=`,
//! `-`), the opponent's seed and the colour (`w`/`b`), or `bye`. As Free
//! Chess Club reads them.

use serde::Serialize;

use super::{is_handle, number_after_hash, table_cells};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TourneyLine {
    /// `mamer's tourney list:`: the list follows (and replaces the one
    /// known).
    ListHeader { manager: String },
    /// A row of the list.
    Entry(TourneyEntry),
    /// `Listed: N tourneys` (or players): a list's end.
    Listed { count: u32 },
    /// `mamer TOURNEY INFO: *** NAME ***`: the name of the tournament the
    /// next line opens.
    Title { name: String },
    /// `Tourney #12, a 5 0 rated blitz Swiss, has been opened!`: players
    /// may join.
    Opened { id: u32, what: String },
    /// `mamer TOURNEY #12 UPDATE: ...`: news of a tournament.
    Update { id: u32, update: TourneyUpdate },
    /// `mamer TOURNEY INFO: Tourney #12 has been aborted!`
    Aborted { id: u32 },
    /// `You have joined tourney #12.`
    YouJoined { id: u32 },
    /// `You withdrew from tourney #12.`
    YouWithdrew { id: u32 },
    /// `You are now observing tourney #12.` (true) / `no longer` (false).
    Observing { id: u32, on: bool },
    /// `Tourney #12's player list:`: players follow.
    PlayersHeader { id: u32 },
    /// A row of the player list.
    Player(TourneyPlayer),
    /// `Tourney #12's standard grid:`: the standings follow.
    GridHeader { id: u32 },
    /// A row of the grid: a player's results round by round.
    GridRow(GridRow),
    /// `Your TourneyInfo variable has been set to On.`: one of the user's
    /// settings with the bot (`TourneyInfo`: be told when a tournament
    /// opens).
    Variable { name: String, value: String },
}

/// A tournament as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TourneyEntry {
    pub id: u32,
    /// `open`, `started`, `closed`, `done` ...: the bot's word.
    pub status: String,
    /// The user may join it now.
    pub joinable: bool,
    /// The user is in it.
    pub joined: bool,
    /// It runs now.
    pub running: bool,
    /// The bot (or person) who manages it.
    pub manager: String,
    /// Its terms in the bot's words: `5 0 r SS\5` (minutes, increment,
    /// rated, Swiss, rounds).
    pub terms: String,
    /// When it starts (or started), server time, `YYYY.MMDD.HHMM`.
    pub starts: Option<String>,
}

/// News of one tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "update", rename_all = "snake_case")]
pub enum TourneyUpdate {
    Joined {
        handle: String,
        players: u32,
    },
    Withdrew {
        handle: String,
        players: u32,
    },
    Started,
    Closed,
    Ended,
    /// Any other news, in the bot's words.
    Said {
        text: String,
    },
}

/// A row of a tournament's player list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TourneyPlayer {
    pub seed: u32,
    pub handle: String,
    pub rating: String,
    /// `playing`, `waiting`, `gone` ...: the bot's word.
    pub status: String,
}

/// A row of a tournament's standings grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GridRow {
    pub seed: u32,
    pub handle: String,
    pub rating: String,
    pub rounds: Vec<RoundResult>,
    /// Points times two (a draw is 1).
    pub score_halves: u32,
}

/// One round of a player's in the grid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundResult {
    /// `+` won, `=` drawn, `-` lost; other marks (a game going on) as
    /// written.
    pub result: char,
    /// The opponent's seed; None for a bye.
    pub opponent_seed: Option<u32>,
    /// Played with White; None for a bye.
    pub white: Option<bool>,
}

/// The TD bot's settings of a player's that its `variables` lists and a
/// client acts on.
const TD_VARIABLES: [&str; 4] = ["TourneyInfo", "TourneyUpdates", "KOTHInfo", "Tourney"];

pub(super) fn parse(said: &str) -> Option<TourneyLine> {
    let text = said.trim();
    if let Some(manager) = text.strip_suffix("'s tourney list:") {
        return is_handle(manager).then(|| TourneyLine::ListHeader {
            manager: manager.to_owned(),
        });
    }
    if let Some(rest) = text.strip_prefix("Listed:") {
        let count = rest.split_whitespace().next()?.parse().ok()?;
        return Some(TourneyLine::Listed { count });
    }
    if let Some(news) = bot_said(text, "TOURNEY INFO: ") {
        return tourney_info(news);
    }
    if let Some(rest) = bot_said(text, "TOURNEY ")
        && let Some((id, rest)) = number_after_hash(rest)
        && let Some(news) = rest.strip_prefix(" UPDATE: ")
    {
        return Some(TourneyLine::Update {
            id,
            update: update(news),
        });
    }
    if let Some(rest) = text.strip_prefix("Tourney ")
        && let Some((id, rest)) = number_after_hash(rest)
    {
        return match rest {
            "'s player list:" => Some(TourneyLine::PlayersHeader { id }),
            "'s standard grid:" => Some(TourneyLine::GridHeader { id }),
            _ => rest
                .strip_prefix(", ")
                .and_then(|r| r.strip_suffix(", has been opened!"))
                .map(|what| TourneyLine::Opened {
                    id,
                    what: what.trim_start_matches("a ").to_owned(),
                }),
        };
    }
    if let Some((name, value)) = text
        .strip_prefix("Your ")
        .and_then(|r| r.split_once(" variable has been set to "))
    {
        let value = value.trim_end_matches('.');
        let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric());
        return (word(name) && word(value)).then(|| TourneyLine::Variable {
            name: name.to_owned(),
            value: value.to_owned(),
        });
    }
    // A row of `variables`: `TourneyInfo:      On`.
    if let Some((name, value)) = text.split_once(':')
        && TD_VARIABLES.contains(&name)
        && let [value] = value.split_whitespace().collect::<Vec<_>>().as_slice()
    {
        return Some(TourneyLine::Variable {
            name: name.to_owned(),
            value: (*value).to_owned(),
        });
    }
    if let Some(id) = hash_sentence(text, "You have joined tourney ") {
        return Some(TourneyLine::YouJoined { id });
    }
    if let Some(id) = hash_sentence(text, "You withdrew from tourney ") {
        return Some(TourneyLine::YouWithdrew { id });
    }
    if let Some(id) = hash_sentence(text, "You are now observing tourney ") {
        return Some(TourneyLine::Observing { id, on: true });
    }
    if let Some(id) = hash_sentence(text, "You are no longer observing tourney ") {
        return Some(TourneyLine::Observing { id, on: false });
    }
    let cells = table_cells(text)?;
    entry(&cells)
        .map(TourneyLine::Entry)
        .or_else(|| grid_row(&cells).map(TourneyLine::GridRow))
        .or_else(|| player(&cells).map(TourneyLine::Player))
}

/// `mamer TOURNEY INFO: ...` -> `...` for any bot's handle.
pub(super) fn bot_said<'a>(text: &'a str, tag: &str) -> Option<&'a str> {
    let (bot, rest) = text.split_once(' ')?;
    if !is_handle(bot) {
        return None;
    }
    rest.strip_prefix(tag)
}

/// `You have joined tourney #12.` -> 12.
fn hash_sentence(text: &str, prefix: &str) -> Option<u32> {
    let (id, rest) = number_after_hash(text.strip_prefix(prefix)?)?;
    matches!(rest, "." | "" | "!").then_some(id)
}

fn tourney_info(news: &str) -> Option<TourneyLine> {
    if let Some(name) = news
        .strip_prefix("*** ")
        .and_then(|n| n.strip_suffix(" ***"))
    {
        return Some(TourneyLine::Title {
            name: name.trim().to_owned(),
        });
    }
    let (id, rest) = number_after_hash(news.strip_prefix("Tourney ")?)?;
    (rest == " has been aborted!").then_some(TourneyLine::Aborted { id })
}

fn update(news: &str) -> TourneyUpdate {
    let news = news.trim();
    let said = || TourneyUpdate::Said {
        text: news.to_owned(),
    };
    if news == "The tourney has ended." {
        return TourneyUpdate::Ended;
    }
    if news.ends_with(" has started!") {
        return TourneyUpdate::Started;
    }
    if news.ends_with(" has been closed!") {
        return TourneyUpdate::Closed;
    }
    let players = |rest: &str| -> Option<u32> {
        let (_, count) = rest.rsplit_once("; ")?;
        count.split_whitespace().next()?.parse().ok()
    };
    if let Some((handle, rest)) = news.split_once(" has joined tourney #")
        && is_handle(handle)
        && let Some(players) = players(rest)
    {
        return TourneyUpdate::Joined {
            handle: handle.to_owned(),
            players,
        };
    }
    if let Some((handle, rest)) = news.split_once(" withdrew from tourney #")
        && is_handle(handle)
        && let Some(players) = players(rest)
    {
        return TourneyUpdate::Withdrew {
            handle: handle.to_owned(),
            players,
        };
    }
    said()
}

/// `| 12 | +open< | mamer | 5 0 r SS\5 | 2026.1128.2200 |`
fn entry(cells: &[&str]) -> Option<TourneyEntry> {
    let [id, status, manager, terms, date] = cells else {
        return None;
    };
    let id = id.parse().ok()?;
    let joined = status.starts_with('>');
    let joinable = status.starts_with('+');
    let bare = status.trim_start_matches(['>', '+']);
    let running = bare.ends_with('<');
    let word = bare.trim_end_matches(['<', '*']);
    if word.is_empty() || !word.chars().all(|c| c.is_ascii_alphabetic()) || !is_handle(manager) {
        return None;
    }
    let starts = (!date.starts_with('-') && is_date(date)).then(|| (*date).to_owned());
    if starts.is_none() && !date.chars().all(|c| c == '-') {
        return None;
    }
    Some(TourneyEntry {
        id,
        status: word.to_owned(),
        joinable,
        joined,
        running,
        manager: (*manager).to_owned(),
        terms: (*terms).to_owned(),
        starts,
    })
}

/// `2026.1128.2200`
fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 14
        && b[4] == b'.'
        && b[9] == b'.'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 9 || c.is_ascii_digit())
}

/// `+BotA(1500)` / `-GMKasparov(GM)(2800)`: a mark, the handle (titles
/// dropped), the rating.
fn marked_player(cell: &str) -> Option<(String, String)> {
    let mut chars = cell.chars();
    let mark = chars.next()?;
    if mark.is_ascii_alphanumeric() || mark.is_whitespace() {
        return None;
    }
    let rest = chars.as_str();
    let (before, rating) = rest.strip_suffix(')')?.rsplit_once('(')?;
    let handle = before.split('(').next()?;
    let rating_ok = !rating.is_empty()
        && rating
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '+');
    (is_handle(handle) && rating_ok).then(|| (handle.to_owned(), rating.to_owned()))
}

/// `|  1 | +BotA(1500) | +2w =3b -bye |`
fn grid_row(cells: &[&str]) -> Option<GridRow> {
    let [seed, player, results] = cells else {
        return None;
    };
    let seed = seed.parse().ok()?;
    let (handle, rating) = marked_player(player)?;
    let rounds = results
        .split_whitespace()
        .map(round_result)
        .collect::<Option<Vec<_>>>()?;
    let score_halves = rounds
        .iter()
        .map(|r| match r.result {
            '+' => 2,
            '=' => 1,
            _ => 0,
        })
        .sum();
    Some(GridRow {
        seed,
        handle,
        rating,
        rounds,
        score_halves,
    })
}

fn round_result(cell: &str) -> Option<RoundResult> {
    let mut chars = cell.chars();
    let result = chars.next().filter(|c| !c.is_ascii_alphanumeric())?;
    let rest = chars.as_str();
    if rest == "bye" {
        return Some(RoundResult {
            result,
            opponent_seed: None,
            white: None,
        });
    }
    let (seed, colour) = rest.split_at(rest.len().checked_sub(1)?);
    let white = match colour {
        "w" => true,
        "b" => false,
        _ => return None,
    };
    Some(RoundResult {
        result,
        opponent_seed: Some(seed.parse().ok()?),
        white: Some(white),
    })
}

/// `|  1 | +BotA(1500) | +playing |`
fn player(cells: &[&str]) -> Option<TourneyPlayer> {
    let [seed, player, status, ..] = cells else {
        return None;
    };
    let seed = seed.parse().ok()?;
    let (handle, rating) = marked_player(player)?;
    let status = status.trim_start_matches(|c: char| !c.is_ascii_alphanumeric());
    if status.is_empty() || !status.chars().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some(TourneyPlayer {
        seed,
        handle,
        rating,
        status: status.to_owned(),
    })
}
