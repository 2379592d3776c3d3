//! The `moves N` listing, which spans many lines:
//!
//! ```text
//! Movelist for game 1:
//!
//! BotC (----) vs. BotD (----) --- 2026-11-22 07:04 UTC
//! Unrated blitz match, initial time: 3 minutes, increment: 0 seconds.
//!
//! Move  BotC                    BotD
//! ----  ---------------------   ---------------------
//!   1.  h4      (0:00.000)      b5      (0:00.000)
//!   2.  c3      (0:00.855)
//!       {Still in progress} *
//! ```
//!
//! Old servers (FICS 1.6.2) leave out the `Movelist for game N:` line and
//! start at the header, print times as `(m:ss)` and misspell `Lighting`.
//! Lines that are not part of the list are handed back to the caller, and
//! the parser gives up after too many of them or too many moves, so a
//! server that never ends the list cannot make it grow without bound.

use serde::Serialize;

use super::words::{Rating, bounded, is_digits, is_handle, number, tokens};

/// One half-move of the listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveListEntry {
    pub san: String,
    /// Time the move took, when the listing shows it.
    pub time_ms: Option<u64>,
}

/// A whole `moves` listing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveList {
    /// From `Movelist for game N:`; old servers do not say.
    pub game: Option<u32>,
    pub white: String,
    pub black: String,
    pub white_rating: Rating,
    pub black_rating: Rating,
    /// The header's date text, as sent (old servers print a bogus one).
    pub date: String,
    pub rated: bool,
    /// Lowercase, with the old server's `Lighting` spelled `lightning`.
    pub game_type: String,
    pub initial_time_min: u32,
    pub increment_s: u32,
    /// The number of the first row (1 unless the game started from a position).
    pub first_move_number: u32,
    /// True when the first row starts with `...`: Black made the first move.
    pub black_moves_first: bool,
    /// In ply order.
    pub moves: Vec<MoveListEntry>,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`; empty if the list never ended.
    pub result: String,
    /// The text in braces: `Still in progress`, `White resigns`, …
    pub end_text: String,
    /// False when the parser gave up before the closing line (too many moves).
    pub complete: bool,
}

impl MoveList {
    fn empty(game: Option<u32>) -> MoveList {
        MoveList {
            game,
            white: String::new(),
            black: String::new(),
            white_rating: Rating::NoRating,
            black_rating: Rating::NoRating,
            date: String::new(),
            rated: false,
            game_type: String::new(),
            initial_time_min: 0,
            increment_s: 0,
            first_move_number: 1,
            black_moves_first: false,
            moves: Vec::new(),
            result: String::new(),
            end_text: String::new(),
            complete: false,
        }
    }
}

/// What [`MoveListParser::feed`] did with a line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[allow(
    clippy::large_enum_variant,
    reason = "returned once per line and matched at once; boxing would only add an allocation"
)]
pub enum Feed {
    /// The line belonged to the list; keep feeding.
    Consumed,
    /// The line ended the list (or the list hit its size cap); drop the parser.
    Done(MoveList),
    /// The line is not part of the list: handle it as usual and keep feeding,
    /// unless [`MoveListParser::is_abandoned`] now says the list is dead.
    NotMine,
}

/// The most half-moves kept: FICS draws games at 800 moves.
const MAX_PLIES: usize = 2000;
/// Lines not part of the list tolerated before the list is given up.
const MAX_UNEXPECTED: u32 = 100;
/// Longest header or closing text kept.
const MAX_TEXT: usize = 256;

/// Collects a `moves` listing line by line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveListParser {
    list: MoveList,
    header_seen: bool,
    match_line_seen: bool,
    /// The row number expected next; None before the first row.
    next_row: Option<u32>,
    /// The last row had no Black move, so only the closing line may follow.
    last_row_white_only: bool,
    unexpected: u32,
    abandoned: bool,
}

impl MoveListParser {
    /// Starts a list at `Movelist for game N:` or, for old servers, at the
    /// `W (r) vs. B (r) --- date` header. None for any other line.
    pub fn start(line: &str) -> Option<MoveListParser> {
        let line = line.trim();
        let mut parser = MoveListParser {
            list: MoveList::empty(None),
            header_seen: false,
            match_line_seen: false,
            next_row: None,
            last_row_white_only: false,
            unexpected: 0,
            abandoned: false,
        };
        if let Some(game) = parse_title(line) {
            parser.list.game = Some(game);
        } else {
            parser.apply_header(parse_header(line)?);
        }
        Some(parser)
    }

    /// The game the list is of, where its title says (`Movelist for game N:`).
    pub fn game(&self) -> Option<u32> {
        self.list.game
    }

    /// True once the parser is finished: it returned the list, gave up after
    /// too many foreign lines, or saw another list begin. It then answers
    /// `NotMine` to everything, so the caller can drop it.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// Offers the next line (prompt and line end removed) to the list.
    pub fn feed(&mut self, line: &str) -> Feed {
        if self.abandoned {
            return Feed::NotMine;
        }
        let text = line.trim();
        if text.is_empty() {
            return Feed::Consumed;
        }
        let before_rows = self.next_row.is_none();
        if parse_title(text).is_some() {
            // Another listing begins: this one will never end.
            self.abandoned = true;
            return Feed::NotMine;
        }
        if let Some(header) = parse_header(text) {
            if self.header_seen || !before_rows {
                self.abandoned = true;
                return Feed::NotMine;
            }
            self.apply_header(header);
            return Feed::Consumed;
        }
        if before_rows
            && !self.match_line_seen
            && let Some(terms) = parse_match_line(text)
        {
            self.match_line_seen = true;
            (self.list.rated, self.list.game_type) = (terms.rated, terms.game_type);
            self.list.initial_time_min = terms.initial_time_min;
            self.list.increment_s = terms.increment_s;
            return Feed::Consumed;
        }
        if before_rows && (is_column_header(text) || is_rule(text)) {
            return Feed::Consumed;
        }
        if let Some(row) = parse_row(text) {
            return self.take_row(row);
        }
        if let Some((end_text, result)) = parse_end(line) {
            self.list.end_text = bounded(end_text, MAX_TEXT);
            self.list.result = result.to_owned();
            self.list.complete = true;
            return self.finish();
        }
        self.not_mine()
    }

    fn apply_header(&mut self, header: Header<'_>) {
        self.header_seen = true;
        self.list.white = header.white.to_owned();
        self.list.white_rating = header.white_rating;
        self.list.black = header.black.to_owned();
        self.list.black_rating = header.black_rating;
        self.list.date = bounded(header.date, MAX_TEXT);
    }

    fn take_row(&mut self, row: Row) -> Feed {
        match self.next_row {
            None => {
                self.list.first_move_number = row.number;
                self.list.black_moves_first = row.white_elided;
            }
            Some(expected) => {
                if row.number != expected || row.white_elided || self.last_row_white_only {
                    return self.not_mine();
                }
            }
        }
        if self.list.moves.len() + row.moves.len() > MAX_PLIES {
            return self.finish();
        }
        self.list.moves.extend(row.moves);
        self.last_row_white_only = !row.has_black;
        self.next_row = Some(row.number.saturating_add(1));
        Feed::Consumed
    }

    fn not_mine(&mut self) -> Feed {
        self.unexpected += 1;
        if self.unexpected >= MAX_UNEXPECTED {
            self.abandoned = true;
        }
        Feed::NotMine
    }

    fn finish(&mut self) -> Feed {
        self.abandoned = true;
        Feed::Done(std::mem::replace(&mut self.list, MoveList::empty(None)))
    }
}

/// Reads `Movelist for game N:`.
fn parse_title(text: &str) -> Option<u32> {
    number(text.strip_prefix("Movelist for game ")?.strip_suffix(':')?)
}

struct Header<'a> {
    white: &'a str,
    white_rating: Rating,
    black: &'a str,
    black_rating: Rating,
    date: &'a str,
}

/// Reads `BotA (1882) vs. BotB (UNR) --- 1999.09.03 04:33:26`.
fn parse_header(text: &str) -> Option<Header<'_>> {
    let (players, date) = text.split_once(" ---")?;
    let (white, black) = players.split_once(" vs. ")?;
    let (white, white_rating) = player_and_rating(white)?;
    let (black, black_rating) = player_and_rating(black)?;
    Some(Header {
        white,
        white_rating,
        black,
        black_rating,
        date: date.trim(),
    })
}

/// Reads `BotA (1882)`; the rating may be padded inside the parentheses.
fn player_and_rating(text: &str) -> Option<(&str, Rating)> {
    let (name, rating) = text.trim().split_once('(')?;
    let name = name.trim_end();
    is_handle(name).then_some(())?;
    Some((name, Rating::parse(rating.strip_suffix(')')?.trim())?))
}

struct MatchTerms {
    rated: bool,
    game_type: String,
    initial_time_min: u32,
    increment_s: u32,
}

/// Reads `Unrated blitz match, initial time: 3 minutes, increment: 0 seconds.`
fn parse_match_line(text: &str) -> Option<MatchTerms> {
    let (rated, rest) = text.split_once(' ')?;
    let rated = match rated {
        "Rated" => true,
        "Unrated" => false,
        _ => return None,
    };
    let (game_type, rest) = rest.split_once(" match, initial time: ")?;
    let ([minutes, minutes_word, "increment:", seconds, seconds_word], 5) = tokens::<5>(rest)?
    else {
        return None;
    };
    let units_ok = matches!(minutes_word, "minutes," | "minute,")
        && matches!(seconds_word, "seconds." | "second." | "seconds" | "second");
    let game_type = game_type.trim().to_ascii_lowercase();
    let type_ok = !game_type.is_empty()
        && game_type.len() <= 32
        && game_type.bytes().all(|b| b.is_ascii_graphic() || b == b' ');
    if !units_ok || !type_ok {
        return None;
    }
    Some(MatchTerms {
        rated,
        game_type: if game_type == "lighting" {
            "lightning".to_owned()
        } else {
            game_type
        },
        initial_time_min: number(minutes)?,
        increment_s: number(seconds)?,
    })
}

/// `Move  BotA   BotB` above the rows.
fn is_column_header(text: &str) -> bool {
    matches!(tokens::<3>(text), Some((["Move", ..], 1..=3)))
}

/// `----  ----------------   ----------------` under the column header.
fn is_rule(text: &str) -> bool {
    text.starts_with("----") && text.bytes().all(|b| b == b'-' || b == b' ' || b == b'\t')
}

struct Row {
    number: u32,
    /// The row starts with `...` in White's column.
    white_elided: bool,
    has_black: bool,
    moves: Vec<MoveListEntry>,
}

/// Reads `  1.  e4      (0:00.000)     e6      (0:00.000)`, a row with only
/// White's move, or `  1.  ...      b5 (0:00.000)`; times are optional.
fn parse_row(text: &str) -> Option<Row> {
    let (tokens, count) = tokens::<6>(text)?;
    let (first, mut rest) = tokens.get(..count)?.split_first()?;
    let number = number(first.strip_suffix('.')?)?;
    let white_elided = rest.first() == Some(&"...");
    if white_elided {
        rest = rest.get(1..)?;
    }
    let mut moves: Vec<MoveListEntry> = Vec::with_capacity(2);
    for token in rest {
        if token.starts_with('(') {
            let last = moves.last_mut().filter(|m| m.time_ms.is_none())?;
            last.time_ms = Some(parse_time_taken(token)?);
        } else if is_san(token) && moves.len() < 2 {
            moves.push(MoveListEntry {
                san: (*token).to_owned(),
                time_ms: None,
            });
        } else {
            return None;
        }
    }
    let wanted = if white_elided { 1..=1 } else { 1..=2 };
    wanted.contains(&moves.len()).then_some(())?;
    Some(Row {
        number,
        white_elided,
        has_black: white_elided || moves.len() == 2,
        moves,
    })
}

/// Whether `token` can be a move in SAN (`e4`, `Nbxd7#`, `O-O-O`, `P@e4`,
/// `e8=Q+`), as opposed to prose.
fn is_san(token: &str) -> bool {
    let castle = token.trim_end_matches(['+', '#']);
    let castle = matches!(castle, "O-O" | "O-O-O" | "o-o" | "o-o-o" | "0-0" | "0-0-0");
    let shaped = (2..=10).contains(&token.len())
        && token.bytes().any(|b| (b'1'..=b'8').contains(&b))
        && token.bytes().any(|b| (b'a'..=b'h').contains(&b))
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+#=@-x/!?".contains(&b));
    castle || shaped
}

/// Reads the closing line `      {Still in progress} *`.
/// An unindented `{Game N (…) …} result` is the server announcing the end
/// of some game, not part of a listing, so it is left to the caller.
fn parse_end(line: &str) -> Option<(&str, &str)> {
    if line.starts_with("{Game ") {
        return None;
    }
    let (inside, result) = line.trim().strip_prefix('{')?.rsplit_once('}')?;
    let result = result.trim();
    matches!(result, "*" | "1-0" | "0-1" | "1/2-1/2" | "").then_some((inside.trim(), result))
}

/// Reads a move time: `(0:06)`, `(0:06.123)`, `(1:02:03)`, `(1:02:03.4)`,
/// with or without the parentheses; returns milliseconds.
pub fn parse_time_taken(text: &str) -> Option<u64> {
    let text = text.trim();
    let text = match text.strip_prefix('(') {
        Some(inner) => inner.strip_suffix(')')?,
        None => text,
    };
    let (whole, fraction_ms) = match text.split_once('.') {
        Some((whole, fraction)) => {
            if !is_digits(fraction) || fraction.len() > 3 {
                return None;
            }
            // `.4` is 400 ms, `.45` 450 ms.
            let scale = match fraction.len() {
                1 => 100,
                2 => 10,
                _ => 1,
            };
            (whole, u64::from(number(fraction)?) * scale)
        }
        None => (text, 0),
    };
    let (first, rest) = whole.split_once(':')?;
    let (hours, minutes, seconds) = match rest.split_once(':') {
        Some((minutes, seconds)) => (first, minutes, seconds),
        None => ("0", first, rest),
    };
    // Seconds, and minutes after hours, are always two digits; six digits
    // of hours is over a century: plenty, and far from overflow.
    let with_hours = rest.contains(':');
    let part = |digits: &str, lengths: std::ops::RangeInclusive<usize>| {
        lengths
            .contains(&digits.len())
            .then(|| number(digits).map(u64::from))?
    };
    let minute_digits = if with_hours { 2..=2 } else { 1..=6 };
    let (hours, minutes, seconds) = (
        part(hours, 1..=6)?,
        part(minutes, minute_digits)?,
        part(seconds, 2..=2)?,
    );
    if seconds >= 60 || (with_hours && minutes >= 60) {
        return None;
    }
    Some(((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction_ms)
}

#[cfg(test)]
mod tests;
