//! The protocol's shared words: what every line parser reads the same way.
//! A field that could not be read (`ParseError`), colours, ratings and their
//! markers, titles, handles with their title marks, numbers and bounded text.

use serde::Serialize;

/// A line that clearly is of one kind (it starts with the tag) had a field we
/// could not read. Callers show the line as text and carry on: one bad line
/// must never end a session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{kind} field `{field}`: {reason}")]
pub struct ParseError {
    /// The kind of line, e.g. `<s>` or `<g1>`.
    pub kind: &'static str,
    /// The field that failed, named as the server names it.
    pub field: &'static str,
    /// What was wrong, with (a bounded prefix of) the value seen.
    pub reason: String,
}

/// Longest piece of hostile input we copy into an error message.
const ERROR_VALUE_CHARS: usize = 32;

impl ParseError {
    /// `field` is missing from a `kind` line.
    pub(crate) fn missing(kind: &'static str, field: &'static str) -> ParseError {
        ParseError {
            kind,
            field,
            reason: "missing".to_owned(),
        }
    }

    /// `field` holds `value`, which is not `expected`.
    pub(crate) fn invalid(
        kind: &'static str,
        field: &'static str,
        expected: &str,
        value: &str,
    ) -> ParseError {
        let shown: String = value.chars().take(ERROR_VALUE_CHARS).collect();
        let more = if shown.len() < value.len() { "…" } else { "" };
        ParseError {
            kind,
            field,
            reason: format!("expected {expected}, got {shown:?}{more}"),
        }
    }
}

/// A side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    White,
    Black,
}

/// How much a rating can be trusted (the letter FICS appends to it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingMarker {
    /// No letter (or a space): an established rating.
    Established,
    /// `E`: estimated, set by hand rather than from games.
    Estimated,
    /// `P`: provisional, from too few games.
    Provisional,
}

/// A player's rating as the server prints it in lists and offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    /// A number, possibly marked estimated or provisional. FatICS prints `0`
    /// for a registered player without a rating in the category.
    Known { value: u32, marker: RatingMarker },
    /// `----` or `UNR`: registered, but no rating in this category.
    NoRating,
    /// `++++`: an unregistered guest, who cannot have a rating.
    Guest,
}

impl Rating {
    /// Reads `1720`, `1637E`, `0P`, `----`, `++++` or `UNR`; None otherwise.
    /// An established rating (no E or P mark).
    pub const fn established(value: u32) -> Rating {
        Rating::Known {
            value,
            marker: RatingMarker::Established,
        }
    }

    pub fn parse(text: &str) -> Option<Rating> {
        match text {
            "----" | "UNR" => return Some(Rating::NoRating),
            "++++" => return Some(Rating::Guest),
            _ => {}
        }
        let (digits, marker) = match text.strip_suffix('E') {
            Some(d) => (d, RatingMarker::Estimated),
            None => match text.strip_suffix('P') {
                Some(d) => (d, RatingMarker::Provisional),
                None => (text, RatingMarker::Established),
            },
        };
        // Five digits at most: no rating system goes near 100000, and the
        // limit keeps the number far from u32 overflow.
        if digits.is_empty() || digits.len() > 5 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let value = digits.parse().ok()?;
        Some(Rating::Known { value, marker })
    }

    /// As a list or a board shows it: the number, `unrated` (the server's
    /// `----`, and FatICS's 0), `guest` (`++++`).
    pub fn shown(&self) -> String {
        match self {
            Rating::Known { value: 0, .. } | Rating::NoRating => "unrated".to_owned(),
            Rating::Known { value, .. } => value.to_string(),
            Rating::Guest => "guest".to_owned(),
        }
    }

    /// The number, if there is one.
    pub fn value(&self) -> Option<u32> {
        match self {
            Rating::Known { value, .. } => Some(*value),
            Rating::NoRating | Rating::Guest => None,
        }
    }
}

/// A title or account flag, from `ti=` bits or a `(GM)`-style handle suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Title {
    Unregistered,
    Computer,
    GrandMaster,
    InternationalMaster,
    FideMaster,
    WomanGrandMaster,
    WomanInternationalMaster,
    WomanFideMaster,
    /// `(*)`: a server administrator.
    Admin,
    /// `(TD)`: a tournament director (a bot).
    TournamentDirector,
    /// `(SR)`: a service representative.
    ServiceRepresentative,
    /// `(TM)`: a tournament manager.
    TournamentManager,
    /// `(CA)`: a chess advisor.
    ChessAdvisor,
    /// `(NM)`: a national master.
    NationalMaster,
}

/// The `ti=` bit of each title, in bit order.
const TITLE_BITS: [(u32, Title); 8] = [
    (0x01, Title::Unregistered),
    (0x02, Title::Computer),
    (0x04, Title::GrandMaster),
    (0x08, Title::InternationalMaster),
    (0x10, Title::FideMaster),
    (0x20, Title::WomanGrandMaster),
    (0x40, Title::WomanInternationalMaster),
    (0x80, Title::WomanFideMaster),
];

impl Title {
    /// The short form players know: `GM`, `C`, `*`.
    pub fn tag(self) -> &'static str {
        match self {
            Title::Unregistered => "U",
            Title::Computer => "C",
            Title::GrandMaster => "GM",
            Title::InternationalMaster => "IM",
            Title::FideMaster => "FM",
            Title::WomanGrandMaster => "WGM",
            Title::WomanInternationalMaster => "WIM",
            Title::WomanFideMaster => "WFM",
            Title::Admin => "*",
            Title::TournamentDirector => "TD",
            Title::ServiceRepresentative => "SR",
            Title::TournamentManager => "TM",
            Title::ChessAdvisor => "CA",
            Title::NationalMaster => "NM",
        }
    }

    /// Decodes the `ti=` bit set; bits we do not know are ignored.
    pub fn from_flags(bits: u32) -> Vec<Title> {
        TITLE_BITS
            .iter()
            .filter(|(bit, _)| bits & bit != 0)
            .map(|(_, title)| *title)
            .collect()
    }

    /// The tag used after a handle in text listings (`Somebody(C)`).
    pub fn from_tag(tag: &str) -> Option<Title> {
        Some(match tag {
            "U" => Title::Unregistered,
            "C" => Title::Computer,
            "GM" => Title::GrandMaster,
            "IM" => Title::InternationalMaster,
            "FM" => Title::FideMaster,
            "WGM" => Title::WomanGrandMaster,
            "WIM" => Title::WomanInternationalMaster,
            "WFM" => Title::WomanFideMaster,
            "*" => Title::Admin,
            "TD" => Title::TournamentDirector,
            "SR" => Title::ServiceRepresentative,
            "TM" => Title::TournamentManager,
            "CA" => Title::ChessAdvisor,
            "NM" => Title::NationalMaster,
            _ => return None,
        })
    }
}

/// Longest handle we accept. FICS handles have at most 17 letters; the slack
/// covers other servers while keeping hostile input small.
const MAX_HANDLE: usize = 32;

/// Whether `text` looks like a player handle. Requiring this is what lets the
/// text-listing parsers tell their lines from ordinary prose.
pub(crate) fn is_handle(text: &str) -> bool {
    (1..=MAX_HANDLE).contains(&text.len())
        && text.bytes().any(|b| b.is_ascii_alphabetic())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Splits `Somebody(C)(GM)` into the handle and its known titles. Unknown
/// tags (`(DM)`, `(H)`, …) are accepted and dropped; at most four are read.
pub(crate) fn split_handle_titles(token: &str) -> Option<(&str, Vec<Title>)> {
    let (handle, mut tags) = match token.find('(') {
        Some(at) => (token.get(..at)?, token.get(at..)?),
        None => (token, ""),
    };
    if !is_handle(handle) {
        return None;
    }
    let mut titles = Vec::new();
    for _ in 0..4 {
        if tags.is_empty() {
            return Some((handle, titles));
        }
        let (tag, rest) = tags.strip_prefix('(')?.split_once(')')?;
        if tag.is_empty()
            || tag.len() > 3
            || !tag.bytes().all(|b| b.is_ascii_uppercase() || b == b'*')
        {
            return None;
        }
        titles.extend(Title::from_tag(tag));
        tags = rest;
    }
    tags.is_empty().then_some((handle, titles))
}

/// Splits on whitespace into at most `N` tokens; None if there are more, so
/// hostile lines cost no allocation and long prose is rejected early.
pub(crate) fn tokens<const N: usize>(text: &str) -> Option<([&str; N], usize)> {
    let mut out = [""; N];
    let mut count = 0;
    for token in text.split_whitespace() {
        *out.get_mut(count)? = token;
        count += 1;
    }
    Some((out, count))
}

/// Whether `text` is a non-empty run of ASCII digits (so `+1` and `-1` fail).
pub(crate) fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// Reads a plain decimal number: digits only, no sign, no overflow.
pub(crate) fn number(text: &str) -> Option<u32> {
    if is_digits(text) {
        text.parse().ok()
    } else {
        None
    }
}

/// Copies at most `max` bytes of `text`, cut on a character boundary, so a
/// hostile line cannot make us hold a second huge copy of it.
pub(crate) fn bounded(text: &str, max: usize) -> String {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or_default().to_owned()
}

/// A guest's handle: the server names guests `GuestXXXX` (any case).
pub fn is_guest_handle(handle: &str) -> bool {
    handle
        .get(..5)
        .is_some_and(|head| head.eq_ignore_ascii_case("guest"))
}

/// A guest, by handle or by the `(U)` title (unregistered) the server gives.
pub fn is_guest(handle: &str, titles: &[String]) -> bool {
    titles.iter().any(|t| t == "U") || is_guest_handle(handle)
}

#[cfg(test)]
mod tests;
