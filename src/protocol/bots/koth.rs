//! King of the Hill (the TD bot's `KOTH`s): a throne per time control; the
//! king plays whoever challenges, and keeps the throne until beaten.
//!
//! ```text
//! :mamer's KOTH list:
//! :|  1 | Yes  | 5 0 r   | BotA     | 42    |
//! :Total: 1 KOTHs
//! :mamer KOTH INFO: BotA is the new king of KOTH #1, a 5 0 r!
//! :mamer KOTH INFO: BotA, the king of KOTH #1, has started a game with BotB.
//! ```
//! A list row: the id, whether anyone may claim or challenge (`Yes`), the
//! terms, the king (`-`: the throne is empty) and the king's game (`-`:
//! none). As Free Chess Club reads them.

use serde::Serialize;

use super::tourney::bot_said;
use super::{is_handle, number_after_hash, table_cells};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum KothLine {
    /// `mamer's KOTH list:`: the list follows.
    ListHeader { manager: String },
    /// A row of the list.
    Entry(KothEntry),
    /// `Total: N KOTHs`: the list's end.
    Total { count: u32 },
    /// `X is the new king of KOTH #1, a 5 0 r!` (or queen).
    NewKing { id: u32, king: String },
    /// `X, the current king of KOTH #1, ..., defended the title against Y`.
    Defended {
        id: u32,
        king: String,
        challenger: String,
    },
    /// `X abdicated as king of KOTH #1!` / `X left as king ...`.
    ThroneEmpty { id: u32, king: String },
    /// `The throne of KOTH #1, a 5 0 r, is still empty.`
    StillEmpty { id: u32 },
    /// `X, the king of KOTH #1, has started a game with Y.`
    GameStarted {
        id: u32,
        king: String,
        challenger: String,
    },
    /// `{KOTH #1 (X vs. Y) ...}`: the king's game ended.
    GameEnded { id: u32, text: String },
    /// `X, the king of KOTH #1, has a record of 3 victories, 1 loss and 0
    /// draws.`
    Record {
        id: u32,
        wins: u32,
        losses: u32,
        draws: u32,
    },
    /// `You will now be following KOTH #1.` / `You will not follow any
    /// KOTH.` (None).
    Following { id: Option<u32> },
}

/// A throne as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KothEntry {
    pub id: u32,
    pub open: bool,
    /// `5 0 r`: minutes, increment, rated.
    pub terms: String,
    pub king: Option<String>,
    /// The server's number of the king's game going on.
    pub game: Option<u32>,
}

pub(super) fn parse(said: &str) -> Option<KothLine> {
    let text = said.trim();
    if let Some(manager) = text.strip_suffix("'s KOTH list:") {
        return is_handle(manager).then(|| KothLine::ListHeader {
            manager: manager.to_owned(),
        });
    }
    if let Some(rest) = text.strip_prefix("Total: ")
        && let Some((count, "KOTHs" | "KOTH")) = rest.split_once(' ')
    {
        return Some(KothLine::Total {
            count: count.parse().ok()?,
        });
    }
    if let Some(rest) = text.strip_prefix("You ")
        && rest.contains("following KOTH #")
    {
        let (_, tail) = rest.split_once("KOTH ")?;
        let (id, _) = number_after_hash(tail)?;
        return Some(KothLine::Following { id: Some(id) });
    }
    if text == "You will not follow any KOTH." {
        return Some(KothLine::Following { id: None });
    }
    if let Some(news) = bot_said(text, "KOTH INFO: ") {
        return info(news);
    }
    // The king's record comes without the bot's name.
    if text.contains(" has a record of ") {
        return record(text);
    }
    if text.contains(", the current king of KOTH #")
        || text.contains(", the current queen of KOTH #")
    {
        return defended(text);
    }
    entry(&table_cells(text)?).map(KothLine::Entry)
}

fn info(news: &str) -> Option<KothLine> {
    if let Some(rest) = news.strip_prefix("The throne of KOTH ") {
        let (id, rest) = number_after_hash(rest)?;
        return rest
            .ends_with("is still empty.")
            .then_some(KothLine::StillEmpty { id });
    }
    if let Some(rest) = news.strip_prefix("{KOTH ") {
        let (id, _) = number_after_hash(rest)?;
        return Some(KothLine::GameEnded {
            id,
            text: news.to_owned(),
        });
    }
    let (king, rest) = news.split_once(' ')?;
    if let Some(rest) = rest
        .strip_prefix("is the new king of KOTH ")
        .or_else(|| rest.strip_prefix("is the new queen of KOTH "))
    {
        let (id, _) = number_after_hash(rest)?;
        return is_handle(king).then(|| KothLine::NewKing {
            id,
            king: king.to_owned(),
        });
    }
    for left in ["abdicated as ", "left as "] {
        if let Some(rest) = rest.strip_prefix(left) {
            let rest = rest
                .strip_prefix("king of KOTH ")
                .or_else(|| rest.strip_prefix("queen of KOTH "))?;
            let (id, _) = number_after_hash(rest)?;
            return is_handle(king).then(|| KothLine::ThroneEmpty {
                id,
                king: king.to_owned(),
            });
        }
    }
    if let Some(rest) = rest
        .strip_prefix("the king of KOTH ")
        .or_else(|| rest.strip_prefix("the queen of KOTH "))
    {
        let king = king.strip_suffix(',')?;
        let (id, rest) = number_after_hash(rest)?;
        let challenger = rest
            .strip_prefix(", has started a game with ")?
            .trim_end_matches('.');
        return (is_handle(king) && is_handle(challenger)).then(|| KothLine::GameStarted {
            id,
            king: king.to_owned(),
            challenger: challenger.to_owned(),
        });
    }
    defended(news)
}

/// `X, the current king of KOTH #1, a 5 0 r, defended the title against Y
/// and is still the king!`
fn defended(text: &str) -> Option<KothLine> {
    let (king, rest) = text.split_once(", the current ")?;
    let (_, rest) = rest.split_once("of KOTH ")?;
    let (id, rest) = number_after_hash(rest)?;
    let (_, rest) = rest.split_once("defended the title against ")?;
    let challenger = rest.split_whitespace().next()?;
    (is_handle(king) && is_handle(challenger)).then(|| KothLine::Defended {
        id,
        king: king.to_owned(),
        challenger: challenger.to_owned(),
    })
}

/// `X, the king of KOTH #1, has a record of 3 victories, 1 loss and 0
/// draws.`
fn record(text: &str) -> Option<KothLine> {
    let (_, rest) = text.split_once("of KOTH ")?;
    let (id, rest) = number_after_hash(rest)?;
    let (_, counts) = rest.split_once("has a record of ")?;
    let numbers: Vec<u32> = counts
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .filter_map(|w| w.parse().ok())
        .collect();
    let [wins, losses, draws] = numbers.as_slice() else {
        return None;
    };
    Some(KothLine::Record {
        id,
        wins: *wins,
        losses: *losses,
        draws: *draws,
    })
}

/// `| 1 | Yes | 5 0 r | BotA | 42 |`
fn entry(cells: &[&str]) -> Option<KothEntry> {
    let [id, open, terms, king, game] = cells else {
        return None;
    };
    let open = match *open {
        "Yes" => true,
        "No" => false,
        _ => return None,
    };
    let king = match *king {
        "-" => None,
        k if is_handle(k) => Some(k.to_owned()),
        _ => return None,
    };
    let game = match *game {
        "-" => None,
        g => Some(g.parse().ok()?),
    };
    Some(KothEntry {
        id: id.parse().ok()?,
        open,
        terms: (*terms).to_owned(),
        king,
        game,
    })
}
