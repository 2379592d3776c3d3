//! Seek ads: the `seekinfo` stream (`<sc>`, `<s>`, `<sn>`, `<sr>`) and the
//! `sought` text listing that older servers and `sought` replies use instead.
//!
//! `<s> 1 w=BotE ti=00 rt=0  t=2 i=0 r=u tp=lightning c=? rr=0-9999 a=t f=f`
//!
//! The stream is keyed `key=value`, so we read it by key rather than by
//! position: servers append new keys (`shared/protocol.md` §8) and FatICS
//! writes the rating marker as a space (`rt=0  t=2`), which a positional split
//! would turn into an empty field.

use serde::Serialize;

use super::words::{
    Color, ParseError, Rating, Title, is_handle, number, split_handle_titles, tokens,
};

/// One seek ad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seek {
    /// The number to `play`.
    pub index: u32,
    pub handle: String,
    pub titles: Vec<Title>,
    pub rating: Rating,
    pub time_min: u32,
    pub increment_s: u32,
    pub rated: bool,
    /// `blitz`, `lightning`, `crazyhouse`, `wild/fr`, … as the server says it.
    pub game_type: String,
    /// The colour the seeker wants to play, if any.
    pub color: Option<Color>,
    pub min_rating: u32,
    pub max_rating: u32,
    /// True if the seek starts a game at once; false if the seeker accepts by hand.
    pub automatic: bool,
    /// True if the seeker's formula screens opponents.
    pub formula_checked: bool,
}

/// One line of the seekinfo stream.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeekLine {
    /// `<sc>`: forget every seek; the full list follows.
    Clear,
    /// `<s>` or `<sn>`: a seek was posted (or is being listed).
    Add(Seek),
    /// `<sr>`: these seeks are gone.
    Remove(Vec<u32>),
}

/// Most indexes one `<sr>` may carry; more means the line is bogus.
const MAX_REMOVED: usize = 256;

/// Longest `tp=` value we keep.
const MAX_TYPE: usize = 32;

/// Reads a seekinfo line. None if the line is not one; an error if it starts
/// with a seek tag but a field is bad.
pub fn parse_seek_line(line: &str) -> Option<Result<SeekLine, ParseError>> {
    let line = line.trim();
    let (tag, body) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match tag {
        "<sc>" => Some(Ok(SeekLine::Clear)),
        "<s>" => Some(parse_seek_body("<s>", body).map(SeekLine::Add)),
        "<sn>" => Some(parse_seek_body("<sn>", body).map(SeekLine::Add)),
        "<sr>" => Some(parse_removal(body)),
        _ => None,
    }
}

/// `Farad(SR)(TD) (1231E) seeking 1 2 rated suicide m ("play 42" to
/// respond)`: a seek announced in words, as a server without `seekinfo`
/// tells it (the rating range is not said: any).
pub fn parse_seek_in_words(line: &str) -> Option<Seek> {
    let (ad, reply) = line.trim().rsplit_once(" (\"play ")?;
    let index = number(reply.strip_suffix("\" to respond)")?)?;
    let (who, terms) = ad.split_once(" seeking ")?;
    let (name, rating) = who.rsplit_once(" (")?;
    let rating = Rating::parse(rating.strip_suffix(')')?)?;
    let (handle, titles) = split_handle_titles(name)?;
    let words: Vec<&str> = terms.split_whitespace().collect();
    let [time, inc, rated, rest @ ..] = words.as_slice() else {
        return None;
    };
    let rated = match *rated {
        "rated" => true,
        "unrated" => false,
        _ => return None,
    };
    let (mut type_words, mut color, mut automatic, mut formula_checked) =
        (Vec::new(), None, true, false);
    for word in rest {
        match *word {
            "[white]" => color = Some(Color::White),
            "[black]" => color = Some(Color::Black),
            "m" => automatic = false,
            "f" => formula_checked = true,
            word if color.is_none() && automatic && !formula_checked => type_words.push(word),
            _ => return None,
        }
    }
    let type_ok = |w: &&str| {
        w.len() <= MAX_TYPE
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'/')
    };
    if !(1..=2).contains(&type_words.len()) || !type_words.iter().all(type_ok) {
        return None;
    }
    Some(Seek {
        index,
        handle: handle.to_owned(),
        titles,
        rating,
        time_min: number(time)?,
        increment_s: number(inc)?,
        rated,
        game_type: type_words.join(" "),
        color,
        min_rating: 0,
        max_rating: 9999,
        automatic,
        formula_checked,
    })
}

/// `Ads removed: 22 1 119`: `<sr>` in words, as a server without
/// `seekinfo` says the seeks went (None: another line).
pub fn parse_ads_removed(line: &str) -> Option<SeekLine> {
    let body = line.trim().strip_prefix("Ads removed:")?;
    parse_removal(body).ok()
}

fn parse_removal(body: &str) -> Result<SeekLine, ParseError> {
    let mut indexes = Vec::new();
    for token in body.split_whitespace() {
        if indexes.len() == MAX_REMOVED {
            return Err(ParseError::invalid(
                "<sr>",
                "index",
                "at most 256 indexes",
                token,
            ));
        }
        let index = number(token)
            .ok_or_else(|| ParseError::invalid("<sr>", "index", "a seek number", token))?;
        indexes.push(index);
    }
    if indexes.is_empty() {
        return Err(ParseError::missing("<sr>", "index"));
    }
    Ok(SeekLine::Remove(indexes))
}

/// The values of the keys we know, first occurrence wins.
#[derive(Default)]
struct SeekFields<'a> {
    w: Option<&'a str>,
    ti: Option<&'a str>,
    rt: Option<&'a str>,
    t: Option<&'a str>,
    i: Option<&'a str>,
    r: Option<&'a str>,
    tp: Option<&'a str>,
    c: Option<&'a str>,
    rr: Option<&'a str>,
    a: Option<&'a str>,
    f: Option<&'a str>,
}

fn parse_seek_body(kind: &'static str, body: &str) -> Result<Seek, ParseError> {
    let mut parts = body.split_whitespace();
    let index_text = parts
        .next()
        .ok_or_else(|| ParseError::missing(kind, "index"))?;
    let index = number(index_text)
        .ok_or_else(|| ParseError::invalid(kind, "index", "a seek number", index_text))?;
    let mut fields = SeekFields::default();
    for part in parts {
        // Tokens without `=` and unknown keys are future extensions: skip them.
        let Some((key, value)) = part.split_once('=') else {
            continue;
        };
        let slot = match key {
            "w" => &mut fields.w,
            "ti" => &mut fields.ti,
            "rt" => &mut fields.rt,
            "t" => &mut fields.t,
            "i" => &mut fields.i,
            "r" => &mut fields.r,
            "tp" => &mut fields.tp,
            "c" => &mut fields.c,
            "rr" => &mut fields.rr,
            "a" => &mut fields.a,
            "f" => &mut fields.f,
            _ => continue,
        };
        slot.get_or_insert(value);
    }

    let missing = |field: &'static str| ParseError::missing(kind, field);
    let bad = |field: &'static str, expected: &str, value: &str| {
        ParseError::invalid(kind, field, expected, value)
    };

    let handle = fields.w.ok_or_else(|| missing("w"))?;
    if !is_handle(handle) {
        return Err(bad("w", "a handle", handle));
    }
    // Optional keys default to what FICS means by leaving them out.
    let titles = match fields.ti {
        None => Vec::new(),
        Some(text) => {
            let valid =
                (1..=8).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_hexdigit());
            let bits = u32::from_str_radix(text, 16).ok().filter(|_| valid);
            Title::from_flags(bits.ok_or_else(|| bad("ti", "hex title flags", text))?)
        }
    };
    let rating_text = fields.rt.ok_or_else(|| missing("rt"))?;
    let rating = Rating::parse(rating_text).ok_or_else(|| bad("rt", "a rating", rating_text))?;
    let time_text = fields.t.ok_or_else(|| missing("t"))?;
    let time_min = number(time_text).ok_or_else(|| bad("t", "minutes", time_text))?;
    let inc_text = fields.i.ok_or_else(|| missing("i"))?;
    let increment_s = number(inc_text).ok_or_else(|| bad("i", "seconds", inc_text))?;
    let rated = match fields.r.ok_or_else(|| missing("r"))? {
        "r" => true,
        "u" => false,
        other => return Err(bad("r", "`r` or `u`", other)),
    };
    let game_type = fields.tp.ok_or_else(|| missing("tp"))?;
    if game_type.is_empty()
        || game_type.len() > MAX_TYPE
        || !game_type.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(bad("tp", "a game type", game_type));
    }
    let color = match fields.c.unwrap_or("?") {
        "?" => None,
        "W" | "w" => Some(Color::White),
        "B" | "b" => Some(Color::Black),
        other => return Err(bad("c", "`?`, `W` or `B`", other)),
    };
    let (min_rating, max_rating) = match fields.rr {
        None => (0, 9999),
        Some(text) => {
            parse_range(text).ok_or_else(|| bad("rr", "a rating range like 0-9999", text))?
        }
    };
    let flag = |field: &'static str, value: Option<&str>, default: bool| match value {
        None => Ok(default),
        Some("t") => Ok(true),
        Some("f") => Ok(false),
        Some(other) => Err(bad(field, "`t` or `f`", other)),
    };
    Ok(Seek {
        index,
        handle: handle.to_owned(),
        titles,
        rating,
        time_min,
        increment_s,
        rated,
        game_type: game_type.to_owned(),
        color,
        min_rating,
        max_rating,
        automatic: flag("a", fields.a, true)?,
        formula_checked: flag("f", fields.f, false)?,
    })
}

/// Reads `lo-hi`.
fn parse_range(text: &str) -> Option<(u32, u32)> {
    let (lo, hi) = text.split_once('-')?;
    Some((number(lo)?, number(hi)?))
}

/// Reads one entry of the `sought` listing, e.g.
/// `  2 ---- BotE                5   3 rated   blitz      [white]     0-9999`
/// or ` 12 1500 GuestXYZ(U)      5  0 unrated blitz               0-9999 m`.
/// This is tried on every line, so anything short of the full shape is None.
pub fn parse_sought_entry(line: &str) -> Option<Seek> {
    let (tokens, count) = tokens::<12>(line)?;
    let tokens = tokens.get(..count)?;
    let [index, rating, who, time, inc, rated, rest @ ..] = tokens else {
        return None;
    };
    let index = number(index)?;
    let rating = Rating::parse(rating)?;
    let (handle, titles) = split_handle_titles(who)?;
    let time_min = number(time)?;
    let increment_s = number(inc)?;
    let rated = match *rated {
        "rated" => true,
        "unrated" => false,
        _ => return None,
    };
    // The type is one word, or two on FatICS (`lightning crazyhouse`); the
    // range is the first token that reads as one.
    let range_at = rest.iter().position(|t| parse_range(t).is_some())?;
    let (before, after) = rest.split_at_checked(range_at)?;
    let (min_rating, max_rating) = parse_range(after.first()?)?;
    let (color, type_words) = match before.split_last()? {
        (&"[white]", words) => (Some(Color::White), words),
        (&"[black]", words) => (Some(Color::Black), words),
        _ => (None, before),
    };
    if !(1..=2).contains(&type_words.len())
        || !type_words.iter().all(|w| {
            w.len() <= MAX_TYPE
                && w.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'/')
        })
    {
        return None;
    }
    let (automatic, formula_checked) = match after.get(1..)? {
        [] => (true, false),
        [flags]
            if (1..=2).contains(&flags.len()) && flags.bytes().all(|b| b == b'm' || b == b'f') =>
        {
            (!flags.contains('m'), flags.contains('f'))
        }
        _ => return None,
    };
    Some(Seek {
        index,
        handle: handle.to_owned(),
        titles,
        rating,
        time_min,
        increment_s,
        rated,
        game_type: type_words.join(" "),
        color,
        min_rating,
        max_rating,
        automatic,
        formula_checked,
    })
}

/// Reads the last line of a `sought` listing (`2 ads displayed.`,
/// `1 ad displayed.`) and returns the count.
pub fn parse_sought_end(line: &str) -> Option<u32> {
    let (count, rest) = line.trim().split_once(' ')?;
    match rest {
        "ads displayed." | "ad displayed." => number(count),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
