//! `finger NAME`: a player's profile, many lines up to the next prompt.
//!
//! ```text
//! Statistics for KibUser     On for: 2 secs   Idle: 0 secs        (old FICS)
//! Statistics for BotB        (Last disconnected Wed Nov 25,  7:57 UTC):
//!          rating     RD     win   loss   draw  total   best
//! Blitz     1558    290.2      0      1      0      1
//!  1: a note
//!
//! Finger of KibUser:                                              (FatICS)
//! On for: 5 seconds   Idle: 0 seconds
//! BotA has never connected.     /  Last disconnected: 2026-11-25 08:07 UTC
//! speed & variant         rating  RD    Volat.    total  best
//! blitz                    1602   120  0.060000       4 1650 2026-11-25
//! KibUser has not played any rated games.
//! ```
//!
//! [`FingerParser`] starts at the header line, reads the lines it knows,
//! and is finished by the prompt that follows the reply.

use serde::Serialize;

use super::words::{Rating, Title, number, split_handle_titles};

/// Lines of one reply read at most; the rest is left as text.
const MAX_LINES: usize = 200;
/// Notes kept at most (FICS allows ten).
const MAX_NOTES: usize = 20;

/// Whether the player is on, and since when they were not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Seen {
    /// Online: how long, and how long idle (the server's words).
    Online {
        on_for: String,
        idle: String,
    },
    /// Offline since (the server's words).
    LastDisconnected(String),
    NeverConnected,
    Unknown,
}

/// One rating category of a finger.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryStats {
    /// `Blitz`, `Standard`, `blitz crazyhouse` ... as the server names it.
    pub category: String,
    pub rating: Rating,
    pub rd: Option<f32>,
    /// Wins, losses, draws (the old FICS says; FatICS gives only the total).
    pub record: Option<(u32, u32, u32)>,
    pub total: u32,
    pub best: Option<u32>,
}

/// A player's profile.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finger {
    pub handle: String,
    pub titles: Vec<Title>,
    pub seen: Seen,
    /// The game they play now, where the server says.
    pub playing: Option<u32>,
    pub ratings: Vec<CategoryStats>,
    pub notes: Vec<String>,
}

/// Reads one finger reply.
#[derive(Debug, Clone)]
pub struct FingerParser {
    finger: Finger,
    lines: usize,
    /// The ratings table's header was seen: rows follow.
    in_table: bool,
}

impl FingerParser {
    /// Starts at a finger header; None for any other line.
    pub fn start(line: &str) -> Option<FingerParser> {
        let (token, seen) = if let Some(rest) = line.strip_prefix("Statistics for ") {
            let (token, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            (token, old_seen(rest.trim()))
        } else {
            let token = line.strip_prefix("Finger of ")?.strip_suffix(':')?;
            (token, Seen::Unknown)
        };
        let (handle, titles) = split_handle_titles(token)?;
        Some(FingerParser {
            finger: Finger {
                handle: handle.to_owned(),
                titles,
                seen,
                playing: None,
                ratings: Vec::new(),
                notes: Vec::new(),
            },
            lines: 0,
            in_table: false,
        })
    }

    /// Reads the next line of the reply. False when the parser takes no
    /// more lines (too many): the caller finishes it.
    pub fn feed(&mut self, line: &str) -> bool {
        self.lines += 1;
        if self.lines > MAX_LINES {
            return false;
        }
        let trimmed = line.trim();
        let finger = &mut self.finger;
        if trimmed.is_empty() {
            return true;
        }
        if trimmed.starts_with("rating") && trimmed.contains("RD")
            || trimmed.starts_with("speed & variant")
        {
            self.in_table = true;
        } else if let Some(rest) = trimmed.strip_prefix("On for: ") {
            let (on_for, idle) = rest.split_once("Idle: ").unwrap_or((rest, ""));
            finger.seen = Seen::Online {
                on_for: on_for.trim().to_owned(),
                idle: idle.trim().to_owned(),
            };
        } else if let Some(when) = trimmed.strip_prefix("Last disconnected: ") {
            finger.seen = Seen::LastDisconnected(when.to_owned());
        } else if trimmed.ends_with(" has never connected.") {
            finger.seen = Seen::NeverConnected;
        } else if let Some(game) = playing_game(trimmed) {
            finger.playing = Some(game);
        } else if self.in_table
            && let Some(stats) = category_row(trimmed)
        {
            finger.ratings.push(stats);
        } else if let Some(note) = note_line(line) {
            self.in_table = false;
            if finger.notes.len() < MAX_NOTES {
                finger.notes.push(note);
            }
        } else {
            self.in_table = false;
        }
        true
    }

    /// The prompt came: the reply is complete.
    pub fn finish(self) -> Finger {
        self.finger
    }
}

/// What follows the old FICS header's handle: `On for: 2 secs   Idle: 0
/// secs` or `(Last disconnected Wed Nov 25,  7:57 UTC):`.
fn old_seen(rest: &str) -> Seen {
    if let Some(on) = rest.strip_prefix("On for: ") {
        let (on_for, idle) = on.split_once("Idle: ").unwrap_or((on, ""));
        return Seen::Online {
            on_for: on_for.trim().to_owned(),
            idle: idle.trim().to_owned(),
        };
    }
    match rest
        .strip_prefix("(Last disconnected ")
        .and_then(|r| r.strip_suffix("):"))
    {
        Some(when) => Seen::LastDisconnected(when.trim().to_owned()),
        None => Seen::Unknown,
    }
}

/// `(playing game 5: BotA vs. KibUser)`.
fn playing_game(line: &str) -> Option<u32> {
    let rest = line.strip_prefix("(playing game ")?;
    number(rest.split_once(':')?.0)
}

/// A ratings row: `Blitz     1558    290.2      0      1      0      1`
/// (old: category, rating, RD, win, loss, draw, total, best) or
/// `blitz crazyhouse        1500   350  0.060000       0 ` (FatICS:
/// category words, rating, RD, volatility, total, best).
fn category_row(line: &str) -> Option<CategoryStats> {
    let words: Vec<&str> = line.split_whitespace().take(12).collect();
    let first_number = words.iter().position(|w| Rating::parse(w).is_some())?;
    if first_number == 0 || first_number > 3 {
        return None;
    }
    let category = words[..first_number].join(" ");
    if !category
        .chars()
        .all(|c| c.is_ascii_alphabetic() || c == ' ' || c == '/')
    {
        return None;
    }
    let rest = &words[first_number..];
    let rating = Rating::parse(rest[0])?;
    let rd = rest.get(1)?.parse::<f32>().ok().filter(|r| r.is_finite());
    let ints: Vec<u32> = rest[2..].iter().map_while(|w| number(w)).collect();
    let fatics = rest.get(2).is_some_and(|w| w.contains('.'));
    let (record, total, best) = if fatics {
        let total = number(rest.get(3)?)?;
        (None, total, rest.get(4).and_then(|w| number(w)))
    } else {
        match ints.as_slice() {
            [win, loss, draw, total, best @ ..] => {
                (Some((*win, *loss, *draw)), *total, best.first().copied())
            }
            _ => return None,
        }
    };
    Some(CategoryStats {
        category,
        rating,
        rd,
        record,
        total,
        best,
    })
}

/// A note: ` 1: text` (numbered 1 to 10).
fn note_line(line: &str) -> Option<String> {
    let (n, text) = line.trim_start().split_once(": ")?;
    let n = number(n)?;
    (1..=10).contains(&n).then(|| text.trim_end().to_owned())
}

#[cfg(test)]
mod tests;
