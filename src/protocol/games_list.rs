//! The `games` listing, one entry per line:
//!
//! ```text
//!  2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3
//!  93 2036 WFMKierzek  2229 FMKarl      [ br  3   0]   2:33 -  1:47 (39-39) W: 22
//!  25 (Exam.    0 Friar          0 Friar     ) [ uu  0   0] W:  1
//! ```
//!
//! The list has no header that a parser could key on, so the entry parser is
//! tried on every line and accepts only the complete shape. Column widths
//! differ between servers (2- or 3-digit game numbers, `( 9-10)` padding), so
//! we read tokens and brackets, not columns.

use serde::Serialize;

use super::seek::{Color, Rating, is_digits, is_handle, number, tokens};

/// The kind of game, from the middle letter of the `[ br  3   0]` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameType {
    Blitz,
    Lightning,
    Standard,
    Untimed,
    Wild,
    Crazyhouse,
    Bughouse,
    Suicide,
    Losers,
    Atomic,
    Nonstandard,
    /// A letter this client does not know.
    Other(char),
}

impl GameType {
    pub fn from_letter(letter: char) -> GameType {
        match letter {
            'b' => GameType::Blitz,
            'l' => GameType::Lightning,
            's' => GameType::Standard,
            'u' => GameType::Untimed,
            'w' => GameType::Wild,
            'z' => GameType::Crazyhouse,
            'B' => GameType::Bughouse,
            'S' => GameType::Suicide,
            'L' => GameType::Losers,
            'x' => GameType::Atomic,
            'n' => GameType::Nonstandard,
            other => GameType::Other(other),
        }
    }
}

/// Whether the game is being played or worked on by an examiner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Playing,
    /// `(Exam. …)`: someone examines it; no clocks are shown.
    Examined,
    /// `(Setup …)`: a position being set up.
    Setup,
}

/// One line of the `games` listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GamesEntry {
    pub game: u32,
    pub white: String,
    pub white_rating: Rating,
    pub black: String,
    pub black_rating: Rating,
    pub private: bool,
    pub game_type: GameType,
    pub rated: bool,
    pub time_min: u32,
    pub increment_s: u32,
    /// Remaining time; negative once flagged; None when not shown (examined).
    pub white_clock_s: Option<i64>,
    pub black_clock_s: Option<i64>,
    pub white_material: Option<u32>,
    pub black_material: Option<u32>,
    pub side_to_move: Color,
    pub move_number: u32,
    pub status: GameStatus,
}

/// The last line of the listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GamesEnd {
    pub displayed: u32,
    /// The total on the server, when the line says it.
    pub in_progress: Option<u32>,
}

/// Reads one entry of the `games` listing; None for any other line.
pub fn parse_games_entry(line: &str) -> Option<GamesEntry> {
    let (before, inner) = line.trim().split_once('[')?;
    let (inner, after) = inner.split_once(']')?;

    let (game_text, players) = before.trim().split_once(char::is_whitespace)?;
    let game = number(game_text)?;
    let players = players.trim_start();
    let (status, players) = if let Some(rest) = players.strip_prefix("(Exam.") {
        (GameStatus::Examined, rest.trim_end().strip_suffix(')')?)
    } else if let Some(rest) = players.strip_prefix("(Setup") {
        (GameStatus::Setup, rest.trim_end().strip_suffix(')')?)
    } else {
        (GameStatus::Playing, players)
    };
    let ([white_rating, white, black_rating, black], 4) = tokens::<4>(players)? else {
        return None;
    };
    if !is_handle(white) || !is_handle(black) {
        return None;
    }

    let ([flags, time, inc], 3) = tokens::<3>(inner)? else {
        return None;
    };
    let mut letters = flags.chars();
    let private = match flags.len() {
        3 => letters.next()? == 'p',
        2 => false,
        _ => return None,
    };
    let game_type = letters.next().filter(char::is_ascii_alphabetic)?;
    let rated = match letters.next()? {
        'r' => true,
        'u' => false,
        _ => return None,
    };

    let (clocks, side) = match after.split_once(')') {
        Some((clocks, side)) => (Some(clocks_and_material(clocks)?), side),
        None if status == GameStatus::Playing => return None,
        None => (None, after),
    };
    let (side_to_move, move_number) = side_and_move(side)?;
    let ((white_clock_s, black_clock_s), (white_material, black_material)) = match clocks {
        Some(((w, b), (wm, bm))) => ((Some(w), Some(b)), (Some(wm), Some(bm))),
        None => ((None, None), (None, None)),
    };
    Some(GamesEntry {
        game,
        white: white.to_owned(),
        white_rating: Rating::parse(white_rating)?,
        black: black.to_owned(),
        black_rating: Rating::parse(black_rating)?,
        private,
        game_type: GameType::from_letter(game_type),
        rated,
        time_min: number(time)?,
        increment_s: number(inc)?,
        white_clock_s,
        black_clock_s,
        white_material,
        black_material,
        side_to_move,
        move_number,
        status,
    })
}

type ClocksAndMaterial = ((i64, i64), (u32, u32));

/// Reads `  1:57 -  1:57 (39-39` (the closing parenthesis already removed).
fn clocks_and_material(text: &str) -> Option<ClocksAndMaterial> {
    let (clocks, material) = text.split_once('(')?;
    let ([white, "-", black], 3) = tokens::<3>(clocks)? else {
        return None;
    };
    let (white_material, black_material) = material.split_once('-')?;
    Some((
        (parse_clock(white)?, parse_clock(black)?),
        (number(white_material.trim())?, number(black_material.trim())?),
    ))
}

/// Reads `W:  3` / `B: 34`, and nothing more.
fn side_and_move(text: &str) -> Option<(Color, u32)> {
    let text = text.trim();
    let (side, rest) = if let Some(rest) = text.strip_prefix("W:") {
        (Color::White, rest)
    } else {
        (Color::Black, text.strip_prefix("B:")?)
    };
    Some((side, number(rest.trim_start())?))
}

/// Reads a clock: `1:57`, `-0:03`, `12:05`, `1:02:03`, with an optional
/// fraction that is dropped; returns signed whole seconds.
pub fn parse_clock(text: &str) -> Option<i64> {
    let (negative, text) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let text = match text.split_once('.') {
        Some((whole, fraction)) if is_digits(fraction) && fraction.len() <= 3 => whole,
        Some(_) => return None,
        None => text,
    };
    let (first, rest) = text.split_once(':')?;
    let (hours, minutes, seconds) = match rest.split_once(':') {
        Some((minutes, seconds)) => (first, minutes, seconds),
        None => ("0", first, rest),
    };
    let part = |digits: &str, max_len: usize| -> Option<i64> {
        (is_digits(digits) && digits.len() <= max_len).then(|| digits.parse().ok())?
    };
    let (hours, minutes, seconds) = (part(hours, 4)?, part(minutes, 4)?, part(seconds, 2)?);
    let minutes_overflow = rest.contains(':') && minutes >= 60;
    if seconds >= 60 || minutes_overflow {
        return None;
    }
    let total = hours * 3600 + minutes * 60 + seconds;
    Some(if negative { -total } else { total })
}

/// Reads the last line of the listing: `  3 games displayed.`,
/// `  2 games displayed (of   2 in progress).`, `1 game displayed.`,
/// `There are no games in progress.` or `No matching games were found (of 5 in progress).`
pub fn parse_games_end(line: &str) -> Option<GamesEnd> {
    let line = line.trim();
    if line == "There are no games in progress." {
        return Some(GamesEnd {
            displayed: 0,
            in_progress: Some(0),
        });
    }
    let (displayed, rest) = if let Some(rest) = line.strip_prefix("No matching games were found") {
        (0, rest)
    } else {
        let (count, rest) = line.split_once(char::is_whitespace)?;
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("games displayed")
            .or_else(|| rest.strip_prefix("game displayed"))?;
        (number(count)?, rest)
    };
    let rest = rest.strip_suffix('.').unwrap_or(rest).trim();
    if rest.is_empty() {
        return Some(GamesEnd {
            displayed,
            in_progress: None,
        });
    }
    let ([ "(of", total, "in", "progress)"], 4) = tokens::<4>(rest)? else {
        return None;
    };
    Some(GamesEnd {
        displayed,
        in_progress: Some(number(total)?),
    })
}
