//! The `pending` list: the offers the user made and the offers made to
//! the user, each with the number `accept`, `decline` or `withdraw` takes.
//!
//! ```text
//! Offers to other players:                                   (freechess.org)
//!
//!   45: You are offering GuestSCPB a challenge: GuestSLFT (----) GuestSCPB (----) unrated blitz 5 0.
//!
//! If you wish to withdraw any of these offers type "withdraw number".
//!
//! There are no offers pending from other players.
//!
//! Offers TO other players:                                   (the old FICS)
//!    You are offering BotB a draw.
//!
//! Offers FROM other players:
//!  1: BotB is offering rated blitz 5 0.
//! ```
//!
//! The old FICS numbers offers from others by their place in the list and
//! offers to others not at all; freechess.org numbers both by the offer's
//! id, as in `<pf>`/`<pt>`.

use serde::Serialize;

use super::offer::OfferKind;
use super::words::{bounded, is_handle, number};

/// Longest offer description kept.
const MAX_TEXT: usize = 256;

/// A line of the `pending` list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum PendingLine {
    /// A section begins: the user's own offers (`to_others`) or those made
    /// to the user; `none`: it is empty, and this is all of it.
    Section {
        to_others: bool,
        none: bool,
    },
    Row(PendingRow),
}

/// One offer in the list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PendingRow {
    /// What `accept`/`decline`/`withdraw` take (None: unnumbered).
    pub number: Option<u32>,
    /// The user made it (else the user was offered it).
    pub by_me: bool,
    /// The other party.
    pub player: String,
    pub kind: OfferKind,
    /// What is offered, as written (a match's terms).
    pub text: String,
}

/// Reads a line of the list; None for any other line.
pub fn parse_pending_line(line: &str) -> Option<PendingLine> {
    let line = line.trim();
    let section = |to_others, none| Some(PendingLine::Section { to_others, none });
    match line.to_ascii_lowercase().trim_end_matches('.') {
        "offers to other players:" => return section(true, false),
        "offers from other players:" => return section(false, false),
        "there are no offers pending to other players" => return section(true, true),
        "there are no offers pending from other players" => return section(false, true),
        _ => {}
    }
    parse_row(line).map(PendingLine::Row)
}

fn parse_row(line: &str) -> Option<PendingRow> {
    let (number, rest) = match line.split_once(": ") {
        Some((n, rest)) if n.bytes().all(|b| b.is_ascii_digit()) => (Some(number(n)?), rest),
        _ => (None, line),
    };
    let body = rest.strip_suffix('.')?;
    let (by_me, player, what) = match body.strip_prefix("You are offering ") {
        Some(rest) => {
            let (player, what) = rest.split_once(' ')?;
            (true, player, what)
        }
        None => {
            let (player, what) = body.split_once(" is offering ")?;
            // "to take back", "a draw": the words follow the name.
            (false, player, what)
        }
    };
    if !is_handle(player) {
        return None;
    }
    let (kind, text) = offered(what);
    Some(PendingRow {
        number,
        by_me,
        player: player.to_owned(),
        kind,
        text: bounded(text, MAX_TEXT),
    })
}

/// What is offered, in the servers' words.
fn offered(what: &str) -> (OfferKind, &str) {
    if let Some(terms) = what.strip_prefix("a challenge: ") {
        return (OfferKind::Match, terms);
    }
    if what.starts_with("rated ") || what.starts_with("unrated ") {
        return (OfferKind::Match, what);
    }
    let kind = match what {
        "a draw" => OfferKind::Draw,
        "to abort the game" => OfferKind::Abort,
        "an adjournment" | "to adjourn the game" => OfferKind::Adjourn,
        "to pause the clock" | "to pause the game" => OfferKind::Pause,
        "to unpause the game" => OfferKind::Unpause,
        "to switch sides" => OfferKind::Switch,
        "to be bughouse partners" | "to be your bughouse partner" => OfferKind::Partner,
        "to play a simul match" => OfferKind::Simul,
        _ if what.starts_with("to takeback ") || what.starts_with("to take back ") => {
            OfferKind::Takeback
        }
        _ => OfferKind::Other(bounded(what, MAX_TEXT)),
    };
    (kind, what)
}

#[cfg(test)]
mod tests;
