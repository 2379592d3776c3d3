//! Pending offers (`iset pendinfo 1`): `<pf>` offers made to us, `<pt>`
//! offers we made, `<pr>` an offer gone.
//!
//! `<pf> 1 w=BotA t=match p=BotA (1720) [white] BotB (1720) rated blitz 3 2`
//!
//! `p=` is free text that runs to the end of the line. Its shape depends on
//! the offer type and is documented only for matches, and clients have
//! crashed on match shapes they did not foresee (`untimed` without numbers,
//! pychess#448). So the offer itself never fails because of `p=`: we keep the
//! text as sent and add a structured reading when we have one.

use serde::Serialize;

use super::words::{
    Color, ParseError, Rating, bounded, is_digits, number, split_handle_titles, tokens,
};

/// What is being offered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    Match,
    Draw,
    Abort,
    Adjourn,
    Takeback,
    Pause,
    Unpause,
    Switch,
    Partner,
    Simul,
    /// A type this client does not know yet, as the server named it.
    Other(String),
}

impl OfferKind {
    fn parse(text: &str) -> OfferKind {
        match text {
            "match" => OfferKind::Match,
            "draw" => OfferKind::Draw,
            "abort" => OfferKind::Abort,
            "adjourn" => OfferKind::Adjourn,
            "takeback" => OfferKind::Takeback,
            "pause" => OfferKind::Pause,
            "unpause" => OfferKind::Unpause,
            "switch" => OfferKind::Switch,
            "partner" => OfferKind::Partner,
            "simul" => OfferKind::Simul,
            other => OfferKind::Other(other.to_owned()),
        }
    }
}

/// One pending offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Offer {
    /// The number to `accept`, `decline` or `withdraw`; reused once removed.
    pub id: u32,
    /// The other party: who offered (`<pf>`) or who was offered (`<pt>`).
    pub player: String,
    pub kind: OfferKind,
    /// `p=` as sent (bounded in length).
    pub params: String,
    /// `p=` read as match terms, for match offers whose terms we understand.
    pub match_params: Option<MatchOfferParams>,
    /// `p=` read as the number of half-moves to take back, for takebacks.
    pub takeback_half_moves: Option<u32>,
}

/// The terms of a match offer:
/// `BotA (1720) [white] BotB (1720) rated blitz 3 2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchOfferParams {
    /// Who issued the challenge (listed first).
    pub challenger: String,
    pub challenger_rating: Rating,
    /// The colour the challenger asked for, if any.
    pub challenger_color: Option<Color>,
    /// Who was challenged.
    pub receiver: String,
    pub receiver_rating: Rating,
    pub rated: bool,
    /// `blitz`, `lightning crazyhouse`, `untimed`, `wild`, …
    pub game_type: String,
    /// None for untimed offers, which carry no numbers.
    pub time_min: Option<u32>,
    pub increment_s: Option<u32>,
    /// The variant file after `Loaded from` (`wild/fr`).
    pub loaded_from: Option<String>,
    /// True when this resumes an adjourned game.
    pub adjourned: bool,
}

/// One pendinfo line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferLine {
    /// `<pf>`: someone offers us something.
    From(Offer),
    /// `<pt>`: we offered something.
    To(Offer),
    /// `<pr>`: the offer with this id is gone (accepted, declined, withdrawn, void).
    Removed(u32),
}

/// Longest `p=` text we keep; real ones are well under 100 bytes.
const MAX_PARAMS: usize = 256;

/// Reads a pendinfo line. None if it is not one; an error if it starts with
/// `<pf>`, `<pt>` or `<pr>` but the id, player or type is bad.
pub fn parse_offer_line(line: &str) -> Option<Result<OfferLine, ParseError>> {
    let line = line.trim();
    let (tag, body) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match tag {
        "<pf>" => Some(parse_offer("<pf>", body).map(OfferLine::From)),
        "<pt>" => Some(parse_offer("<pt>", body).map(OfferLine::To)),
        "<pr>" => Some(parse_id("<pr>", body.split_whitespace().next()).map(OfferLine::Removed)),
        _ => None,
    }
}

fn parse_id(kind: &'static str, text: Option<&str>) -> Result<u32, ParseError> {
    let text = text.ok_or_else(|| ParseError::missing(kind, "id"))?;
    number(text).ok_or_else(|| ParseError::invalid(kind, "id", "an offer number", text))
}

fn parse_offer(kind: &'static str, body: &str) -> Result<Offer, ParseError> {
    // Everything after ` p=` is the parameter text, spaces and all.
    let (head, params) = match body.find(" p=") {
        Some(at) => (
            body.get(..at).unwrap_or_default(),
            body.get(at + 3..).unwrap_or_default(),
        ),
        None => (body, ""),
    };
    let mut parts = head.split_whitespace();
    let id = parse_id(kind, parts.next())?;
    let (mut player, mut offer_type) = (None, None);
    for part in parts {
        match part.split_once('=') {
            Some(("w", value)) => {
                player.get_or_insert(value);
            }
            Some(("t", value)) => {
                offer_type.get_or_insert(value);
            }
            _ => {}
        }
    }
    let player = player.ok_or_else(|| ParseError::missing(kind, "w"))?;
    let (player, _titles) = split_handle_titles(player)
        .ok_or_else(|| ParseError::invalid(kind, "w", "a handle", player))?;
    let offer_type = offer_type.ok_or_else(|| ParseError::missing(kind, "t"))?;
    if offer_type.is_empty()
        || offer_type.len() > 16
        || !offer_type.bytes().all(|b| b.is_ascii_graphic())
    {
        return Err(ParseError::invalid(kind, "t", "an offer type", offer_type));
    }
    let kind = OfferKind::parse(offer_type);
    let params = params.trim();
    let match_params = match kind {
        OfferKind::Match => parse_match_params(params),
        _ => None,
    };
    let takeback_half_moves = match kind {
        OfferKind::Takeback => number(params),
        _ => None,
    };
    Ok(Offer {
        id,
        player: player.to_owned(),
        kind,
        params: bounded(params, MAX_PARAMS),
        match_params,
        takeback_half_moves,
    })
}

/// Reads `NAME (RATING)` from the front of `text`; returns the rest.
fn player_and_rating(text: &str) -> Option<(&str, Rating, &str)> {
    let text = text.trim_start();
    let (who, rest) = text.split_once(char::is_whitespace)?;
    let (handle, _titles) = split_handle_titles(who)?;
    let (inside, rest) = rest.trim_start().strip_prefix('(')?.split_once(')')?;
    Some((handle, Rating::parse(inside.trim())?, rest))
}

/// Reads match terms; None for any shape we do not understand, so the caller
/// falls back to showing the raw text. A final `.` is allowed, so the terms
/// of `Challenge:`, `Issuing:` and `Creating:` lines read the same way.
pub fn parse_match_params(text: &str) -> Option<MatchOfferParams> {
    let text = text.trim_end();
    let text = text.strip_suffix('.').unwrap_or(text);
    let (challenger, challenger_rating, rest) = player_and_rating(text)?;
    let rest = rest.trim_start();
    let (challenger_color, rest) = if let Some(rest) = rest.strip_prefix("[white]") {
        (Some(Color::White), rest)
    } else if let Some(rest) = rest.strip_prefix("[black]") {
        (Some(Color::Black), rest)
    } else {
        (None, rest)
    };
    let (receiver, receiver_rating, rest) = player_and_rating(rest)?;
    let (words, count) = tokens::<16>(rest)?;
    let mut words = words.get(..count)?.iter().copied().peekable();
    let rated = match words.next()? {
        "rated" => true,
        "unrated" => false,
        _ => return None,
    };
    // The type runs up to the numbers or the trailing notes; FatICS writes
    // speed and variant (`lightning crazyhouse`).
    let mut type_words = Vec::new();
    while let Some(word) = words.next_if(|w| !is_digits(w) && *w != "Loaded" && *w != "(adjourned)")
    {
        if type_words.len() == 3
            || word.len() > 32
            || !word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'/')
        {
            return None;
        }
        type_words.push(word);
    }
    if type_words.is_empty() {
        return None;
    }
    let (time_min, increment_s) = match words.next_if(|w| is_digits(w)) {
        Some(time) => (Some(number(time)?), Some(number(words.next()?)?)),
        None => (None, None),
    };
    let (mut loaded_from, mut adjourned) = (None, false);
    while let Some(word) = words.next() {
        match word {
            "Loaded" if words.next() == Some("from") => {
                let file = words.next()?.trim_end_matches('.');
                if file.is_empty() || file.len() > 32 || !file.bytes().all(|b| b.is_ascii_graphic())
                {
                    return None;
                }
                loaded_from = Some(file.to_owned());
            }
            "(adjourned)" => adjourned = true,
            _ => return None,
        }
    }
    Some(MatchOfferParams {
        challenger: challenger.to_owned(),
        challenger_rating,
        challenger_color,
        receiver: receiver.to_owned(),
        receiver_rating,
        rated,
        game_type: type_words.join(" "),
        time_min,
        increment_s,
        loaded_from,
        adjourned,
    })
}

#[cfg(test)]
mod tests {
    use super::super::words::RatingMarker;
    use super::*;

    fn offer(line: &str) -> OfferLine {
        match parse_offer_line(line) {
            Some(Ok(offer)) => offer,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn to(line: &str) -> Offer {
        match offer(line) {
            OfferLine::To(offer) => offer,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn error(line: &str) -> ParseError {
        match parse_offer_line(line) {
            Some(Err(e)) => e,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn match_offer_from_fixture() {
        // own-game-white.bin
        let offer = to("<pt> 1 w=BotB t=match p=BotA (1720) [white] BotB (1720) rated blitz 3 2");
        assert_eq!(offer.id, 1);
        assert_eq!(offer.player, "BotB");
        assert_eq!(offer.kind, OfferKind::Match);
        assert_eq!(
            offer.params,
            "BotA (1720) [white] BotB (1720) rated blitz 3 2"
        );
        assert_eq!(offer.takeback_half_moves, None);
        assert_eq!(
            offer.match_params,
            Some(MatchOfferParams {
                challenger: "BotA".into(),
                challenger_rating: Rating::established(1720),
                challenger_color: Some(Color::White),
                receiver: "BotB".into(),
                receiver_rating: Rating::established(1720),
                rated: true,
                game_type: "blitz".into(),
                time_min: Some(3),
                increment_s: Some(2),
                loaded_from: None,
                adjourned: false,
            })
        );
    }

    #[test]
    fn untimed_and_unrated_players() {
        // untimed-white.bin: `untimed` with no numbers (pychess#448).
        let offer = to("<pt> 2 w=BotD t=match p=BotC (----) [white] BotD (----) unrated untimed");
        let terms = offer.match_params.expect("match terms");
        assert_eq!(terms.challenger_rating, Rating::NoRating);
        assert_eq!(terms.game_type, "untimed");
        assert_eq!((terms.time_min, terms.increment_s), (None, None));
        assert!(!terms.rated);
    }

    #[test]
    fn from_offer_with_variants_and_notes() {
        let OfferLine::From(offer) = offer(
            "<pf> 7 w=GuestAB t=match p=GuestAB (++++) GuestCD ( 982E) unrated wild 2 12 Loaded from wild/fr (adjourned)",
        ) else {
            panic!("not a <pf>");
        };
        let terms = offer.match_params.expect("match terms");
        assert_eq!(terms.challenger_rating, Rating::Guest);
        assert_eq!(terms.challenger_color, None);
        assert_eq!(
            terms.receiver_rating,
            Rating::Known {
                value: 982,
                marker: RatingMarker::Estimated
            }
        );
        assert_eq!(terms.loaded_from.as_deref(), Some("wild/fr"));
        assert!(terms.adjourned);
        let terms = to("<pt> 2 w=BotD t=match p=BotC (----) [black] BotD (----) unrated lightning crazyhouse 2 0")
            .match_params
            .expect("match terms");
        assert_eq!(terms.game_type, "lightning crazyhouse");
        assert_eq!(terms.challenger_color, Some(Color::Black));
        let terms = to("<pt> 3 w=BotB t=match p=BotA (----) BotB (----) unrated wild 2 0 Loaded from wild/bughouse.")
            .match_params
            .expect("match terms");
        assert_eq!(terms.loaded_from.as_deref(), Some("wild/bughouse"));
    }

    #[test]
    fn prose_terms_with_a_final_period() {
        // untimed-white.bin and crazyhouse-white.bin `Issuing:` lines.
        let terms = parse_match_params("BotC (----) [white] BotD (----) unrated untimed.")
            .expect("match terms");
        assert_eq!(
            (terms.game_type.as_str(), terms.time_min),
            ("untimed", None)
        );
        let terms =
            parse_match_params("BotC (----) [white] BotD (----) unrated lightning crazyhouse 2 0.")
                .expect("match terms");
        assert_eq!((terms.time_min, terms.increment_s), (Some(2), Some(0)));
        assert_eq!(
            parse_match_params("BotC (----) BotD (----) rated blitz 2 0.."),
            None
        );
    }

    #[test]
    fn unreadable_match_terms_keep_the_offer() {
        for params in [
            "",
            "something new entirely",
            "BotA (1720) [white] BotB (1720) rated blitz 3",
            "BotA (1720) [white] BotB (1720) rated blitz 3 2 bonus",
            "BotA (17x0) BotB (1720) rated blitz 3 2",
            "BotA (1720) BotB (1720) sometimes blitz 3 2",
            "BotA (1720) BotB (1720) rated 3 2",
        ] {
            let offer = to(&format!("<pt> 4 w=BotB t=match p={params}"));
            assert_eq!(offer.kind, OfferKind::Match);
            assert_eq!(offer.params, params);
            assert_eq!(offer.match_params, None, "{params:?}");
        }
    }

    #[test]
    fn takeback_and_other_kinds() {
        // takeback-white.bin
        let offer = to("<pt> 1 w=BotB t=takeback p=1");
        assert_eq!(offer.kind, OfferKind::Takeback);
        assert_eq!(offer.takeback_half_moves, Some(1));
        assert_eq!(
            to("<pt> 1 w=BotB t=takeback p=2").takeback_half_moves,
            Some(2)
        );
        assert_eq!(
            to("<pt> 1 w=BotB t=takeback p=two").takeback_half_moves,
            None
        );
        for (name, kind) in [
            ("draw", OfferKind::Draw),
            ("abort", OfferKind::Abort),
            ("adjourn", OfferKind::Adjourn),
            ("pause", OfferKind::Pause),
            ("unpause", OfferKind::Unpause),
            ("switch", OfferKind::Switch),
            ("partner", OfferKind::Partner),
            ("simul", OfferKind::Simul),
            ("moretime", OfferKind::Other("moretime".into())),
        ] {
            let offer = to(&format!("<pt> 9 w=Foo t={name} p=#"));
            assert_eq!((offer.kind, offer.params.as_str()), (kind, "#"));
        }
        assert_eq!(to("<pt> 9 w=Foo t=draw").params, "");
    }

    #[test]
    fn removed() {
        assert_eq!(offer("<pr> 1"), OfferLine::Removed(1));
        assert_eq!(offer("<pr> 2"), OfferLine::Removed(2));
        assert_eq!(error("<pr>").field, "id");
        assert_eq!(error("<pr> x").field, "id");
    }

    #[test]
    fn bad_fields_are_named() {
        assert_eq!(error("<pf>").field, "id");
        assert_eq!(error("<pf> x w=A t=draw p=").field, "id");
        assert_eq!(error("<pf> 1 t=draw p=").field, "w");
        assert_eq!(error("<pf> 1 w=A:B t=draw p=").field, "w");
        assert_eq!(error("<pf> 1 w=A p=x").field, "t");
        assert_eq!(error("<pf> 1 w=A t= p=x").field, "t");
    }

    #[test]
    fn not_offer_lines() {
        for line in [
            "",
            "<p>",
            "<pfx> 1",
            "<12> x",
            "Challenge: BotA (1720) [white] BotB (1720) rated blitz 3 2.",
        ] {
            assert_eq!(parse_offer_line(line), None, "{line:?}");
        }
    }

    #[test]
    fn params_are_bounded() {
        let long = "x ".repeat(50_000);
        let offer = to(&format!("<pt> 1 w=A t=match p={long}"));
        assert!(offer.params.len() <= MAX_PARAMS);
        assert_eq!(offer.match_params, None);
        let offer = to(&format!(
            "<pt> 1 w=A t=match p=A (1) B (2) rated {} 1 1",
            "w".repeat(100_000)
        ));
        assert_eq!(offer.match_params, None);
        let _ = parse_offer_line("<pf> 1 w=A t=match p=é (1) ü (2) rated blitz 1 1 Loaded from ☃");
    }

    proptest::proptest! {
        #[test]
        fn never_panics(line in "\\PC{0,200}") {
            let _ = parse_offer_line(&line);
            let _ = parse_match_params(&line);
        }

        #[test]
        fn never_panics_on_offerish_lines(
            params in "([A-Za-z]{1,5}|\\(|\\)|\\[white\\]|[0-9]{1,4}|----|\\+\\+\\+\\+| |Loaded|from|rated|unrated){0,20}"
        ) {
            let _ = parse_offer_line(&format!("<pf> 1 w=A t=match p={params}"));
        }
    }
}
