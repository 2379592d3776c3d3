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

use super::words::{ParseError, Rating, bounded, number};

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
/// Longest `t=` value we keep.
const MAX_TYPE: usize = 32;
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
    let game_text = parts
        .next()
        .ok_or_else(|| ParseError::missing(KIND, "game"))?;
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
    if game_type.is_empty()
        || game_type.len() > MAX_TYPE
        || !game_type.bytes().all(|b| b.is_ascii_graphic())
    {
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
        Some(text) => Some(number(text).ok_or_else(|| bad("pt", "a game number", text))?),
    };
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
        // `pt=0`: no partner game.
        partner_game: partner_game.filter(|&game| game != 0),
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
    let (white, black) = text
        .split_once(',')
        .ok_or_else(|| bad(field, expected, text))?;
    match (read(white), read(black)) {
        (Some(white), Some(black)) => Ok((white, black)),
        _ => Err(bad(field, expected, text)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::words::RatingMarker;
    use super::*;

    fn info(line: &str) -> GameInfo {
        match parse_gameinfo(line) {
            Some(Ok(info)) => info,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn error(line: &str) -> ParseError {
        match parse_gameinfo(line) {
            Some(Err(e)) => e,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn rated_game_from_fixture() {
        // own-game-white.bin
        let info =
            info("<g1> 1 p=0 t=blitz r=1 u=0,0 it=180,2 i=180,2 pt=0 rt=1720,1720 ts=1,1 m=2 n=0");
        assert_eq!(
            info,
            GameInfo {
                game: 1,
                private: false,
                game_type: "blitz".into(),
                rated: true,
                white_registered: true,
                black_registered: true,
                white_initial_s: 180,
                white_increment_s: 2,
                black_initial_s: 180,
                black_increment_s: 2,
                partner_game: None,
                white_rating: Rating::established(1720),
                black_rating: Rating::established(1720),
                white_timeseal: true,
                black_timeseal: true,
                extra: vec![("m".into(), "2".into()), ("n".into(), "0".into())],
            }
        );
    }

    #[test]
    fn other_fixture_lines() {
        let info_ =
            info("<g1> 2 p=0 t=crazyhouse r=0 u=0,0 it=120,0 i=120,0 pt=0 rt=0,0 ts=0,0 m=2 n=0");
        assert_eq!(info_.game_type, "crazyhouse");
        assert!(!info_.rated && !info_.white_timeseal);
        assert_eq!(info_.white_rating, Rating::established(0));
        let info_ = info("<g1> 1 p=0 t=untimed r=0 u=0,0 it=0,0 i=0,0 pt=0 rt=0,0 ts=1,1 m=0 n=0");
        assert_eq!((info_.white_initial_s, info_.black_increment_s), (0, 0));
    }

    #[test]
    fn per_player_fields_are_not_swapped() {
        let info =
            info("<g1> 9 p=1 t=bughouse r=1 u=1,0 it=120,5 i=60,3 pt=10 rt=1637E,1500P ts=0,1");
        assert!(info.private);
        assert!(!info.white_registered && info.black_registered);
        assert_eq!((info.white_initial_s, info.white_increment_s), (120, 5));
        assert_eq!((info.black_initial_s, info.black_increment_s), (60, 3));
        assert_eq!(info.partner_game, Some(10));
        assert_eq!(
            info.white_rating,
            Rating::Known {
                value: 1637,
                marker: RatingMarker::Estimated
            }
        );
        assert_eq!(
            info.black_rating,
            Rating::Known {
                value: 1500,
                marker: RatingMarker::Provisional
            }
        );
        assert!(!info.white_timeseal && info.black_timeseal);
        assert!(info.extra.is_empty());
    }

    #[test]
    fn optional_fields_default() {
        let info = info("<g1> 3 t=blitz r=0 it=180,0 i=180,0");
        assert!(!info.private && info.white_registered && info.black_registered);
        assert_eq!(info.partner_game, None);
        assert_eq!(info.white_rating, Rating::NoRating);
        assert!(!info.black_timeseal);
    }

    #[test]
    fn extra_keys_are_capped() {
        let keys: String = (0..40).map(|k| format!(" k{k}=v{k}")).collect();
        let long = format!(" {}={}", "k".repeat(1000), "v".repeat(1000));
        let info = info(&format!("<g1> 1 t=blitz r=0 it=1,0 i=1,0{long}{keys}"));
        assert_eq!(info.extra.len(), MAX_EXTRA);
        assert!(
            info.extra
                .iter()
                .all(|(k, v)| k.len() <= MAX_EXTRA_KEY && v.len() <= MAX_EXTRA_VALUE)
        );
        assert_eq!(info.extra.get(1), Some(&("k0".to_owned(), "v0".to_owned())));
    }

    #[test]
    fn bad_fields_are_named() {
        let base = "<g1> 1 p=0 t=blitz r=1 u=0,0 it=180,2 i=180,2 pt=0 rt=1720,1720 ts=1,1";
        for (from, to, field) in [
            (" 1 ", " x ", "game"),
            (" p=0", " p=2", "p"),
            (" t=blitz", " t=", "t"),
            (" r=1", " r=yes", "r"),
            (" u=0,0", " u=0", "u"),
            (" it=180,2", " it=180", "it"),
            (" i=180,2", " i=180,x", "i"),
            (" pt=0", " pt=-1", "pt"),
            (" rt=1720,1720", " rt=1720,abc", "rt"),
            (" ts=1,1", " ts=1,2", "ts"),
        ] {
            let line = base.replacen(from, to, 1);
            assert_eq!(error(&line).field, field, "{line}");
        }
        for (key, field) in [
            (" t=blitz", "t"),
            (" r=1", "r"),
            (" it=180,2", "it"),
            (" i=180,2", "i"),
        ] {
            let line = base.replacen(key, "", 1);
            assert_eq!(error(&line), ParseError::missing(KIND, field), "{line}");
        }
        assert_eq!(error("<g1>").field, "game");
    }

    #[test]
    fn not_gameinfo_lines() {
        for line in [
            "",
            "<g1",
            "<g1>1",
            "<g2> 1 t=blitz",
            "<12> x",
            "Game 1: BotC (----) BotD (----) unrated blitz 3 0",
        ] {
            assert_eq!(parse_gameinfo(line), None, "{line:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(line in "\\PC{0,200}") {
            let _ = parse_gameinfo(&line);
        }

        #[test]
        fn never_panics_on_gameinfo_like_lines(
            rest in "[0-9]{0,3}( |p=|t=|r=|u=|it=|i=|pt=|rt=|ts=|[0-9]|,|[a-zA-Z]|=){0,60}"
        ) {
            let _ = parse_gameinfo(&format!("<g1> {rest}"));
        }
    }
}
