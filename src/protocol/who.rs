//! The `who` listing: every player on the server, several to a line, then a
//! count.
//!
//! ```text
//! 1882 BotA     ++++^RndA     ++++^RndC     ++++^RndE     ++++^RndG
//!  10 players displayed (of 10). (*) indicates system administrator.
//! 1500  ^BotA(C)     0   KibUser(*)
//! 2 players displayed.
//! ```
//!
//! An entry is a rating four characters wide (`1882`, `++++` for a guest,
//! `----` without one; the rating of the category `who` was sorted by:
//! `who b`, `who s`, `who L`), FatICS adds two spaces, then one status
//! character and the handle with its title tags. The listing has no header:
//! a line is read as entries only if it is nothing but entries.

use serde::Serialize;

use super::words::{Rating, Title, number, split_handle_titles};

/// The rating category a `who` listing shows (and is sorted by): the
/// letters both the old FICS and FatICS know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WhoCategory {
    Blitz,
    Standard,
    Lightning,
}

impl WhoCategory {
    pub const ALL: [WhoCategory; 3] = [
        WhoCategory::Blitz,
        WhoCategory::Standard,
        WhoCategory::Lightning,
    ];

    /// The `who` option: `who b`, `who s`, `who L`.
    pub fn letter(self) -> char {
        match self {
            WhoCategory::Blitz => 'b',
            WhoCategory::Standard => 's',
            WhoCategory::Lightning => 'L',
        }
    }
}

/// What a player is doing, from the character before the handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayerStatus {
    /// ` `: open for a match.
    Free,
    /// `^`: playing a game.
    Playing,
    /// `#`: examining a game.
    Examining,
    /// `~`: giving a simul.
    Simul,
    /// `:`: not open for matches.
    Closed,
    /// `.`: idle five minutes or more (or busy).
    Idle,
    /// `&`: in a tournament.
    Tournament,
}

impl PlayerStatus {
    pub fn from_char(c: char) -> Option<PlayerStatus> {
        Some(match c {
            ' ' => PlayerStatus::Free,
            '^' => PlayerStatus::Playing,
            '#' => PlayerStatus::Examining,
            '~' => PlayerStatus::Simul,
            ':' => PlayerStatus::Closed,
            '.' => PlayerStatus::Idle,
            '&' => PlayerStatus::Tournament,
            _ => return None,
        })
    }
}

/// One player in a `who` listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WhoEntry {
    pub handle: String,
    pub titles: Vec<Title>,
    /// In the category the listing was sorted by.
    pub rating: Rating,
    pub status: PlayerStatus,
}

/// The end of a `who` listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WhoEnd {
    /// Players listed.
    pub shown: u32,
    /// Players on the server, where the server says (the old FICS does).
    pub total: Option<u32>,
}

/// Entries on one line at most (an 80-column line holds five or six).
const MAX_PER_LINE: usize = 16;

/// The entries of one `who` line; None unless the whole line is entries.
pub fn parse_who_line(line: &str) -> Option<Vec<WhoEntry>> {
    let mut rest = line.trim();
    let mut entries = Vec::new();
    while !rest.is_empty() {
        if entries.len() == MAX_PER_LINE {
            return None;
        }
        let (entry, after) = parse_entry(rest)?;
        entries.push(entry);
        rest = after.trim_start();
    }
    (!entries.is_empty()).then_some(entries)
}

/// One entry at the start of `text`, and the text after it.
fn parse_entry(text: &str) -> Option<(WhoEntry, &str)> {
    let rating_len = if text.starts_with("++++") || text.starts_with("----") {
        4
    } else {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        let marker = text[digits..].starts_with(['E', 'P']);
        digits + usize::from(marker && digits > 0)
    };
    let rating = Rating::parse(text.get(..rating_len)?)?;
    let after = &text[rating_len..];
    // The status sits right before the handle; a space there is "free", so
    // after the padding a handle with no mark in front is a free player.
    let padded = after.trim_start_matches(' ');
    let (status, handle_start) = match padded.chars().next()? {
        c if c != ' ' && PlayerStatus::from_char(c).is_some() => {
            (PlayerStatus::from_char(c)?, &padded[c.len_utf8()..])
        }
        _ if padded.len() < after.len() => (PlayerStatus::Free, padded),
        _ => return None,
    };
    let end = handle_start
        .find(char::is_whitespace)
        .unwrap_or(handle_start.len());
    let (handle, titles) = split_handle_titles(&handle_start[..end])?;
    // FatICS lists guests (`(U)`) with a rating of 0.
    let rating = match rating {
        Rating::Known { value: 0, .. } if titles.contains(&Title::Unregistered) => Rating::Guest,
        other => other,
    };
    let entry = WhoEntry {
        handle: handle.to_owned(),
        titles,
        rating,
        status,
    };
    Some((entry, &handle_start[end..]))
}

/// `10 players displayed (of 10). (*) indicates system administrator.`
/// (old FICS) or `3 players displayed.` (FatICS; `1 player displayed.`).
pub fn parse_who_end(line: &str) -> Option<WhoEnd> {
    let line = line.trim();
    let (count, rest) = line.split_once(' ')?;
    let shown = number(count)?;
    let rest = rest
        .strip_prefix("players displayed")
        .or_else(|| rest.strip_prefix("player displayed"))?;
    if rest == "." {
        return Some(WhoEnd { shown, total: None });
    }
    let (total, tail) = rest.strip_prefix(" (of ")?.split_once(").")?;
    if !(tail.is_empty() || tail.trim_start().starts_with("(*) indicates")) {
        return None;
    }
    Some(WhoEnd {
        shown,
        total: Some(number(total)?),
    })
}

#[cfg(test)]
mod tests;
