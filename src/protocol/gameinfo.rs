//! Game information (`iset gameinfo 1`): the `<g1>` line sent before the
//! first board of a game we play or observe.
//!
//! `<g1> 1 p=0 t=blitz r=1 u=0,0 it=180,2 i=180,2 pt=0 rt=1720,1720 ts=1,1 m=2 n=0`
//!
//! The help file describes it wrongly (`shared/protocol.md` §7): `u=1` means
//! *un*registered, `it=` is White's initial time and increment in seconds
//! and `i=` is Black's. Live servers append keys nobody documents (`m=`,
//! `n=`), so fields are read by key and unknown ones are kept, a few of them.

use serde::Serialize;

use super::seek::{ParseError, Rating, bounded, number};

/// Everything a `<g1>` line says about a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    pub game: u32,
    pub private: bool,
    /// `blitz`, `crazyhouse`, `wild/fr`, … as the server says it.
    pub game_type: String,
    pub rated: bool,
    pub white_registered: bool,
    pub black_registered: bool,
    pub white_initial_s: u32,
    pub white_increment_s: u32,
    pub black_initial_s: u32,
    pub black_increment_s: u32,
    /// The linked board of a bughouse game.
    pub partner_game: Option<u32>,
    /// Ratings; FatICS sends `0` for players without one.
    pub white_rating: Rating,
    pub black_rating: Rating,
    /// Whether each player uses timeseal (explains lag).
    pub white_timeseal: bool,
    pub black_timeseal: bool,
    /// Keys we do not know, in order: at most 16, each bounded in length.
    pub extra: Vec<(String, String)>,
}

const KIND: &str = "<g1>";
const MAX_EXTRA: usize = 16;
const MAX_EXTRA_KEY: usize = 16;
const MAX_EXTRA_VALUE: usize = 64;

/// The values of the keys we know, first occurrence wins.
#[derive(Default)]
struct Fields<'a> {
    p: Option<&'a str>,
    t: Option<&'a str>,
    r: Option<&'a str>,
    u: Option<&'a str>,
    it: Option<&'a str>,
    i: Option<&'a str>,
    pt: Option<&'a str>,
    rt: Option<&'a str>,
    ts: Option<&'a str>,
}

/// Reads a `<g1>` line. None if it is not one; an error if it starts with
/// `<g1>` but a field is missing or bad. Required: the game number, `t=`,
/// `r=`, `it=` and `i=`; the rest default to "public, registered, no
/// partner game, no rating, no timeseal".
pub fn parse_gameinfo(line: &str) -> Option<Result<GameInfo, ParseError>> {
    let line = line.trim();
    let (tag, body) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    (tag == KIND).then(|| parse(body))
}

fn parse(body: &str) -> Result<GameInfo, ParseError> {
    let mut parts = body.split_whitespace();
    let game_text = parts.next().ok_or_else(|| ParseError::missing(KIND, "game"))?;
    let game = number(game_text).ok_or_else(|| bad("game", "a game number", game_text))?;
    let mut fields = Fields::default();
    let mut extra = Vec::new();
    for part in parts {
        let Some((key, value)) = part.split_once('=') else {
            continue;
        };
        let slot = match key {
            "p" => &mut fields.p,
            "t" => &mut fields.t,
            "r" => &mut fields.r,
            "u" => &mut fields.u,
            "it" => &mut fields.it,
            "i" => &mut fields.i,
            "pt" => &mut fields.pt,
            "rt" => &mut fields.rt,
            "ts" => &mut fields.ts,
            _ => {
                if extra.len() < MAX_EXTRA {
                    extra.push((bounded(key, MAX_EXTRA_KEY), bounded(value, MAX_EXTRA_VALUE)));
                }
                continue;
            }
        };
        slot.get_or_insert(value);
    }

    let game_type = fields.t.ok_or_else(|| ParseError::missing(KIND, "t"))?;
    if game_type.is_empty() || game_type.len() > 32 || !game_type.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad("t", "a game type", game_type));
    }
    let rated = flag("r", fields.r.ok_or_else(|| ParseError::missing(KIND, "r"))?)?;
    let (white_initial_s, white_increment_s) = pair("it", fields.it, number, "seconds,seconds")?;
    let (black_initial_s, black_increment_s) = pair("i", fields.i, number, "seconds,seconds")?;
    let (white_unregistered, black_unregistered) = match fields.u {
        None => (false, false),
        some => pair("u", some, as_flag, "0/1,0/1")?,
    };
    let (white_rating, black_rating) = match fields.rt {
        None => (Rating::NoRating, Rating::NoRating),
        some => pair("rt", some, Rating::parse, "rating,rating")?,
    };
    let (white_timeseal, black_timeseal) = match fields.ts {
        None => (false, false),
        some => pair("ts", some, as_flag, "0/1,0/1")?,
    };
    let partner_game = match fields.pt {
        None => None,
        Some(text) => number(text).ok_or_else(|| bad("pt", "a game number", text))?.into(),
    }
    .filter(|&n| n != 0);
    Ok(GameInfo {
        game,
        private: fields.p.map_or(Ok(false), |p| flag("p", p))?,
        game_type: game_type.to_owned(),
        rated,
        white_registered: !white_unregistered,
        black_registered: !black_unregistered,
        white_initial_s,
        white_increment_s,
        black_initial_s,
        black_increment_s,
        partner_game,
        white_rating,
        black_rating,
        white_timeseal,
        black_timeseal,
        extra,
    })
}

fn bad(field: &'static str, expected: &str, value: &str) -> ParseError {
    ParseError::invalid(KIND, field, expected, value)
}

fn as_flag(text: &str) -> Option<bool> {
    match text {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

fn flag(field: &'static str, text: &str) -> Result<bool, ParseError> {
    as_flag(text).ok_or_else(|| bad(field, "0 or 1", text))
}

/// Reads a required `white,black` pair with `read` for each half.
fn pair<T>(
    field: &'static str,
    text: Option<&str>,
    read: impl Fn(&str) -> Option<T>,
    expected: &str,
) -> Result<(T, T), ParseError> {
    let text = text.ok_or_else(|| ParseError::missing(KIND, field))?;
    let (white, black) = text.split_once(',').ok_or_else(|| bad(field, expected, text))?;
    match (read(white), read(black)) {
        (Some(white), Some(black)) => Ok((white, black)),
        _ => Err(bad(field, expected, text)),
    }
}
