//! The event bots' own words: the `relay` bot's relayed tournaments and
//! their games, the TD bots' (`mamer`) tournaments and King of the Hill.
//!
//! Bots answer with qtells: each line of a message starts with `:`, and a
//! message of several lines is several lines, so every line is read on its
//! own here (one typed record each) and the lobby's events model puts a
//! listing together from its header, rows and footer. A line of no
//! record stays console text. The formats are those the bots print on
//! freechess.org, as FICS's help, Free Chess Club and lichess's old relay
//! importer read them (see `relay.rs`, `tourney.rs`, `koth.rs`).

pub mod koth;
pub mod relay;
pub mod tourney;

#[cfg(test)]
mod tests;

use serde::Serialize;

pub use koth::KothLine;
pub use relay::RelayLine;
pub use tourney::TourneyLine;

/// One line of an event bot's qtell, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "bot", rename_all = "snake_case")]
pub enum BotLine {
    Relay(RelayLine),
    Tourney(TourneyLine),
    Koth(KothLine),
}

/// Reads a qtell line (`:` first) as an event bot's record; None for any
/// other line.
pub fn parse_bot_line(line: &str) -> Option<BotLine> {
    let said = line.trim_end().strip_prefix(':')?;
    // Long enough for any record; a longer line is somebody's text.
    if said.len() > 400 {
        return None;
    }
    if let Some(koth) = koth::parse(said) {
        return Some(BotLine::Koth(koth));
    }
    if let Some(tourney) = tourney::parse(said) {
        return Some(BotLine::Tourney(tourney));
    }
    relay::parse(said).map(BotLine::Relay)
}

/// `#12` (the number right after the `#`), the rest after it.
fn number_after_hash(text: &str) -> Option<(u32, &str)> {
    let rest = text.strip_prefix('#')?;
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let id = rest[..end].parse().ok()?;
    Some((id, &rest[end..]))
}

/// A handle as servers allow them (letters, digits; 2 to 17 characters).
fn is_handle(word: &str) -> bool {
    (2..=17).contains(&word.len()) && word.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The cells of a table row `| a | b | c |` (without the outer bars),
/// trimmed; None if the line is no such row.
fn table_cells(row: &str) -> Option<Vec<&str>> {
    let inner = row.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(inner.split('|').map(str::trim).collect())
}
