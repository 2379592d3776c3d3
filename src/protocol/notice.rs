//! What the server says back when the user asked for something it will
//! not do, or confirms a setting, and what it tells a follower:
//!
//! ```text
//! BotA is not logged in.                         (freechess.org: match, tell)
//! No user named "BotA" is logged in.             (the old FICS)
//! No player named "BotA" is online.              (FatICS)
//! Your last opponent, BotA, is not logged in.    (rematch)
//! That seek is not available.                    (play N: taken or withdrawn)
//! You are already offering an identical match to BotA.
//! BotA is not open for bughouse.
//! BotA is not open to match requests.            (FatICS)
//! Player "BotA" is not open to match requests.   (the old FICS)
//! Promotion piece set to KNIGHT.
//! BotA, whom you are following, has started a game with BotB.
//! BotA's partner, BotC, whom you are following, has started a game with BotD.
//! BotA, whom you are following, has started examining a game.
//! BotA, whose games you were following, has logged out.
//! ```
//!
//! And the user's own challenge, issued and gone:
//!
//! ```text
//! Issuing: KibUser (1500) [white] BotA (1720) rated blitz 3 2.
//! Updating match request to: KibUser (1500) BotA (1720) rated blitz 5 0.
//! Challenge to BotA withdrawn.                   (FatICS)
//! Withdrawing your match offer to BotA.          (FatICS's withdraw)
//! You withdraw the match offer to BotA.          (the old FICS)
//! BotA, whom you were challenging, has departed.
//! BotA, whom you were challenging, has joined a match with BotB.
//! BotA, whom you were challenging, has become unavailable for matches.
//! BotA withdraws the match offer.                (an offer to the user)
//! ```
//!
//! And an offer to the user that the server declined for them (a move
//! declines a draw offer and a takeback request on the old FICS), or that
//! they answered:
//!
//! ```text
//! You decline the draw request from BotA.         (the old FICS)
//! Declining the takeback request from BotA.       (FatICS)
//! You accept the takeback request from BotA.      (the old FICS)
//! Accepting the takeback request from BotA.       (FatICS)
//! ```
//!
//! Every line is matched whole: a tell quoting one cannot fake it.

use serde::Serialize;

mod utility;

use super::offer::parse_match_params;
use super::words::{bounded, is_handle};

/// Longest challenge terms kept.
const MAX_TERMS: usize = 256;

/// A reply or notice the client acts on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Notice {
    /// The player named is not online (a challenge, a tell, an observe by
    /// name, a rematch).
    NotOnline { handle: String },
    /// `play N`: the seek was taken or withdrawn meanwhile.
    SeekGone,
    /// The same challenge to this player is already waiting.
    IdenticalMatch { handle: String },
    /// The player takes no challenges (`bughouse`: no bughouse ones).
    NotOpen { handle: String, bughouse: bool },
    /// `promote`: what a pawn reaching the last rank becomes when the move
    /// does not say.
    PromotionPiece { piece: PromotionPiece },
    /// News of the player we follow (`follow X`).
    Following { handle: String, news: FollowNews },
    /// The user's challenge went out (or its terms changed): `to` is
    /// challenged on `terms` (as written).
    ChallengeIssued { to: String, terms: String },
    /// The user's challenge to this player is off (withdrawn, the player
    /// left or began another game).
    ChallengeOff { to: String },
    /// A player withdrew an offer to the user (`what`: `match`, `draw`,
    /// `abort`, ...).
    OfferWithdrawn { by: String, what: String },
    /// An offer from this player is answered: accepted or declined by the
    /// user, or declined by the server for them (a move declines a draw
    /// offer); `what` as in [`Notice::OfferWithdrawn`].
    OfferAnswered { from: String, what: String },
    /// `ping`'s round trip: least, mean, most, in microseconds.
    PingTimes {
        min_us: u32,
        avg_us: u32,
        max_us: u32,
    },
    /// A line of `date`: `clock` is `local`, `server` or `gmt`.
    ServerTime { clock: String, time: String },
    /// A player became open for matches (`availinfo`), with their ratings.
    Available {
        handle: String,
        ratings: Vec<utility::KindRating>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionPiece {
    Queen,
    Rook,
    Bishop,
    Knight,
    /// Suicide chess lets a pawn become a king.
    King,
}

/// What the followed player did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FollowNews {
    /// Started a game (its board follows: the server observes it for us);
    /// `partner`: it is the followed player's bughouse partner's game.
    StartedGame {
        opponent: String,
        partner: Option<String>,
    },
    StartedExamining,
    LoggedOut,
}

/// Reads one line; None if it is none of these.
pub fn parse_notice(line: &str) -> Option<Notice> {
    if let Some(reply) = utility::parse(line.trim_end()) {
        return Some(reply);
    }
    let line = line.trim();
    if line == "That seek is not available." {
        return Some(Notice::SeekGone);
    }
    if let Some(piece) = line
        .strip_prefix("Promotion piece set to ")
        .and_then(|p| p.strip_suffix('.'))
    {
        return promotion_piece(piece).map(|piece| Notice::PromotionPiece { piece });
    }
    not_online(line)
        .map(|handle| Notice::NotOnline { handle })
        .or_else(|| not_open(line))
        .or_else(|| {
            let handle = line.strip_prefix("You are already offering an identical match to ")?;
            let handle = handle.strip_suffix('.')?;
            is_handle(handle).then(|| Notice::IdenticalMatch {
                handle: handle.to_owned(),
            })
        })
        .or_else(|| following(line))
        .or_else(|| challenge(line))
        .or_else(|| withdrawn(line))
        .or_else(|| answered(line))
}

fn answered(line: &str) -> Option<Notice> {
    let rest = [
        "You decline the ",
        "Declining the ",
        "You accept the ",
        "Accepting the ",
    ]
    .into_iter()
    .find_map(|start| line.strip_prefix(start))?;
    let (what, from) = rest.strip_suffix('.')?.split_once(" from ")?;
    let what = what
        .strip_suffix(" offer")
        .or_else(|| what.strip_suffix(" request"))?;
    let what = match what {
        "partnership" => "partner",
        "switch sides" => "switch",
        what => what,
    };
    let known = what.len() <= 16 && what.bytes().all(|b| b.is_ascii_lowercase());
    (is_handle(from) && known).then(|| Notice::OfferAnswered {
        from: from.to_owned(),
        what: what.to_owned(),
    })
}

fn withdrawn(line: &str) -> Option<Notice> {
    let (by, what) = line.strip_suffix('.')?.split_once(" withdraws the ")?;
    let what = what
        .strip_suffix(" offer")
        .or_else(|| what.strip_suffix(" request"))?;
    let known = what.len() <= 16 && what.bytes().all(|b| b.is_ascii_lowercase());
    (is_handle(by) && known).then(|| Notice::OfferWithdrawn {
        by: by.to_owned(),
        what: what.to_owned(),
    })
}

fn challenge(line: &str) -> Option<Notice> {
    let terms = line
        .strip_prefix("Issuing: ")
        .or_else(|| line.strip_prefix("Updating match request to: "));
    if let Some(terms) = terms {
        let to = parse_match_params(terms)?.receiver;
        let terms = terms.strip_suffix('.').unwrap_or(terms);
        return Some(Notice::ChallengeIssued {
            to,
            terms: bounded(terms, MAX_TERMS),
        });
    }
    let to = line
        .strip_prefix("Challenge to ")
        .and_then(|rest| rest.strip_suffix(" withdrawn."))
        .or_else(|| {
            line.strip_prefix("You withdraw the match offer to ")
                .or_else(|| line.strip_prefix("Withdrawing your match offer to "))?
                .strip_suffix('.')
        })
        .or_else(|| {
            let (to, why) = line.split_once(", whom you were challenging, ")?;
            let off = why == "has departed."
                || why == "has become unavailable for matches."
                || why.starts_with("has joined a match with ");
            off.then_some(to)
        })?;
    is_handle(to).then(|| Notice::ChallengeOff { to: to.to_owned() })
}

fn promotion_piece(word: &str) -> Option<PromotionPiece> {
    Some(match word.to_ascii_uppercase().as_str() {
        "QUEEN" => PromotionPiece::Queen,
        "ROOK" => PromotionPiece::Rook,
        "BISHOP" => PromotionPiece::Bishop,
        "KNIGHT" => PromotionPiece::Knight,
        "KING" => PromotionPiece::King,
        _ => return None,
    })
}

/// The handle in one of the servers' "not online" sentences.
fn not_online(line: &str) -> Option<String> {
    let quoted = |prefix: &str, suffix: &str| {
        line.strip_prefix(prefix)?
            .strip_suffix(suffix)
            .filter(|h| is_handle(h))
            .map(str::to_owned)
    };
    quoted("No user named \"", "\" is logged in.")
        .or_else(|| quoted("No player named \"", "\" is online."))
        .or_else(|| quoted("Your last opponent, ", ", is not logged in."))
        .or_else(|| {
            let handle = line.strip_suffix(" is not logged in.")?;
            is_handle(handle).then(|| handle.to_owned())
        })
}

fn not_open(line: &str) -> Option<Notice> {
    if let Some(handle) = line.strip_suffix(" is not open for bughouse.") {
        return is_handle(handle).then(|| Notice::NotOpen {
            handle: handle.to_owned(),
            bughouse: true,
        });
    }
    let who = line.strip_suffix(" is not open to match requests.")?;
    let handle = who
        .strip_prefix("Player \"")
        .and_then(|h| h.strip_suffix('"'))
        .unwrap_or(who);
    is_handle(handle).then(|| Notice::NotOpen {
        handle: handle.to_owned(),
        bughouse: false,
    })
}

fn following(line: &str) -> Option<Notice> {
    let notice = |handle: &str, news| {
        is_handle(handle).then(|| Notice::Following {
            handle: handle.to_owned(),
            news,
        })
    };
    if let Some(handle) = line.strip_suffix(", whose games you were following, has logged out.") {
        return notice(handle, FollowNews::LoggedOut);
    }
    if let Some(handle) =
        line.strip_suffix(", whose partner's games you were following, has logged out.")
    {
        return notice(handle, FollowNews::LoggedOut);
    }
    if let Some(handle) =
        line.strip_suffix(", whom you are following, has started examining a game.")
    {
        return notice(handle, FollowNews::StartedExamining);
    }
    let (who, opponent) = line
        .strip_suffix('.')?
        .split_once(", whom you are following, has started a game with ")?;
    if !is_handle(opponent) {
        return None;
    }
    // `X's partner, P`: the game is the partner's.
    let (handle, partner) = match who.split_once("'s partner, ") {
        Some((handle, partner)) if is_handle(partner) => (handle, Some(partner.to_owned())),
        Some(_) => return None,
        None => (who, None),
    };
    let news = FollowNews::StartedGame {
        opponent: opponent.to_owned(),
        partner,
    };
    notice(handle, news)
}

#[cfg(test)]
mod tests;
