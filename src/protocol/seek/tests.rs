use super::*;
use crate::protocol::words::*;

fn add(line: &str) -> Seek {
    match parse_seek_line(line) {
        Some(Ok(SeekLine::Add(seek))) => seek,
        other => panic!("{line:?} gave {other:?}"),
    }
}

fn error(line: &str) -> ParseError {
    match parse_seek_line(line) {
        Some(Err(e)) => e,
        other => panic!("{line:?} gave {other:?}"),
    }
}

#[test]
fn fatics_seek_with_space_marker() {
    // seek-play-seeker.bin: `rt=0` then a space instead of E/P.
    let seek = add("<s> 1 w=BotE ti=00 rt=0  t=2 i=0 r=u tp=lightning c=? rr=0-9999 a=t f=f");
    assert_eq!(
        seek,
        Seek {
            index: 1,
            handle: "BotE".into(),
            titles: vec![],
            rating: Rating::established(0),
            time_min: 2,
            increment_s: 0,
            rated: false,
            game_type: "lightning".into(),
            color: None,
            min_rating: 0,
            max_rating: 9999,
            automatic: true,
            formula_checked: false,
        }
    );
}

#[test]
fn fixture_seeks() {
    let seek = add("<s> 2 w=BotE ti=00 rt=0  t=5 i=3 r=r tp=blitz c=W rr=0-9999 a=t f=f");
    assert_eq!((seek.index, seek.time_min, seek.increment_s), (2, 5, 3));
    assert!(seek.rated);
    assert_eq!(seek.color, Some(Color::White));
    let seek = add("<s> 3 w=BotE ti=00 rt=0  t=1 i=0 r=u tp=crazyhouse c=? rr=0-9999 a=t f=f");
    assert_eq!(seek.game_type, "crazyhouse");
}

#[test]
fn freechess_seek_with_marker_titles_and_new_keys() {
    let seek = add(
        "<sn> 46 w=Somebody ti=06 rt=1637E t=3 i=0 r=r tp=blitz c=B rr=1500-2000 a=f f=t zz=9 extra",
    );
    assert_eq!(seek.index, 46);
    assert_eq!(seek.titles, vec![Title::Computer, Title::GrandMaster]);
    assert_eq!(
        seek.rating,
        Rating::Known {
            value: 1637,
            marker: RatingMarker::Estimated
        }
    );
    assert_eq!(seek.color, Some(Color::Black));
    assert_eq!((seek.min_rating, seek.max_rating), (1500, 2000));
    assert!(!seek.automatic);
    assert!(seek.formula_checked);
    let guest = add("<s> 7 w=GuestABCD ti=01 rt=0P t=5 i=0 r=u tp=blitz c=? rr=0-9999 a=t f=f");
    assert_eq!(guest.titles, vec![Title::Unregistered]);
    assert_eq!(
        guest.rating,
        Rating::Known {
            value: 0,
            marker: RatingMarker::Provisional
        }
    );
    let all = Title::from_flags(0xff);
    assert_eq!(all.len(), 8);
    assert_eq!(all.last(), Some(&Title::WomanFideMaster));
}

#[test]
fn clear_and_remove() {
    assert_eq!(parse_seek_line("<sc>"), Some(Ok(SeekLine::Clear)));
    assert_eq!(
        parse_seek_line("<sr> 1"),
        Some(Ok(SeekLine::Remove(vec![1])))
    );
    assert_eq!(
        parse_seek_line("<sr> 8 10 12"),
        Some(Ok(SeekLine::Remove(vec![8, 10, 12])))
    );
    assert_eq!(error("<sr>").field, "index");
    assert_eq!(error("<sr> 8 x").field, "index");
    let many = format!("<sr>{}", " 1".repeat(300));
    assert_eq!(error(&many).field, "index");
}

#[test]
fn bad_fields_are_named() {
    let base = "<s> 1 w=BotE ti=00 rt=0 t=2 i=0 r=u tp=lightning c=? rr=0-9999 a=t f=f";
    let cases = [
        (" 1 ", " x "),
        (" w=BotE", " w=Bo:tE"),
        (" ti=00", " ti=zz"),
        (" rt=0", " rt=12X"),
        (" t=2", " t=-2"),
        (" i=0", " i=a"),
        (" r=u", " r=x"),
        (" c=?", " c=red"),
        (" rr=0-9999", " rr=0"),
        (" a=t", " a=yes"),
        (" f=f", " f=1"),
    ];
    let fields = ["index", "w", "ti", "rt", "t", "i", "r", "c", "rr", "a", "f"];
    for ((from, to), field) in cases.iter().zip(fields) {
        let line = base.replacen(from, to, 1);
        assert_eq!(error(&line).field, field, "{line}");
    }
    for (key, field) in [("w=BotE ", "w"), ("rt=0 ", "rt"), ("tp=lightning ", "tp")] {
        let line = base.replacen(key, "", 1);
        assert_eq!(error(&line), ParseError::missing("<s>", field));
    }
    assert_eq!(error("<s>").field, "index");
    let e = error(&format!("<s> 1 w={}", "x".repeat(5000)));
    assert!(e.reason.len() < 100, "{e}");
    assert_eq!(e.to_string().split('`').nth(1), Some("w"));
}

#[test]
fn not_seek_lines() {
    for line in [
        "",
        "<s",
        "<st> 1",
        "<12> rnbqkbnr",
        "s> 1 w=x",
        "Your seek has been posted with index 1.",
    ] {
        assert_eq!(parse_seek_line(line), None, "{line:?}");
    }
}

#[test]
fn sought_entries_from_fatics() {
    // seek-play-seeker.bin
    let seek = parse_sought_entry(
        "  2 ---- BotE                5   3 rated   blitz      [white]     0-9999",
    )
    .expect("sought entry");
    assert_eq!(seek.index, 2);
    assert_eq!(seek.rating, Rating::NoRating);
    assert_eq!((seek.time_min, seek.increment_s, seek.rated), (5, 3, true));
    assert_eq!(seek.game_type, "blitz");
    assert_eq!(seek.color, Some(Color::White));
    assert!(seek.automatic && !seek.formula_checked);
    let seek = parse_sought_entry(
        "  3 ---- BotE                1   0 unrated lightning crazyhouse             0-9999",
    )
    .expect("sought entry");
    assert_eq!(seek.game_type, "lightning crazyhouse");
    assert_eq!(seek.color, None);
    assert!(!seek.rated);
}

#[test]
fn sought_entries_from_freechess() {
    let seek =
        parse_sought_entry(" 12 1500 GuestXYZ(U)      5  0 unrated blitz               0-9999 m")
            .expect("sought entry");
    assert_eq!(seek.handle, "GuestXYZ");
    assert_eq!(seek.titles, vec![Title::Unregistered]);
    assert!(!seek.automatic && !seek.formula_checked);
    let seek =
        parse_sought_entry("  3 1753P Somebody(C)  15  5 rated   standard  [black]  1500-9999 mf")
            .expect("sought entry");
    assert_eq!(
        seek.rating,
        Rating::Known {
            value: 1753,
            marker: RatingMarker::Provisional
        }
    );
    assert_eq!(seek.titles, vec![Title::Computer]);
    assert_eq!(seek.color, Some(Color::Black));
    assert_eq!((seek.min_rating, seek.max_rating), (1500, 9999));
    assert!(!seek.automatic && seek.formula_checked);
    let seek = parse_sought_entry(" 40 ++++ GuestQQ(U)(TM)   2 12 unrated wild/fr    0-9999 f")
        .expect("sought entry");
    assert_eq!(seek.rating, Rating::Guest);
    assert_eq!(seek.game_type, "wild/fr");
    assert!(seek.formula_checked);
}

#[test]
fn sought_rejects_prose() {
    for line in [
        "BotE (----) seeking 2 0 unrated lightning (\"play 1\" to respond)",
        "Your seek has been posted with index 1.",
        "(2 players saw the seek.)",
        "2 ads displayed.",
        " 1 ---- BotA        ++++ GuestPa    [ bu  5   0]   4:57 -  4:58 (38-39) B:  6",
        "  2 ---- BotE                5   3 rated   blitz      [white]",
        "  2 ---- BotE                5   3 rated   blitz      [white]     0-9999 x",
        "  2 ---- BotE                5   3 rated   blitz      [green]     0-9999",
        "  2 ---- BotE                5   3 maybe   blitz      0-9999",
        "  2 ---- BotE                5   3 rated   0-9999",
        "  2 1500 two words  5   3 rated   blitz      0-9999",
        "  1.  e4      (0:00.000)     e6      (0:00.000)",
        "",
    ] {
        assert_eq!(parse_sought_entry(line), None, "{line:?}");
    }
}

#[test]
fn sought_end() {
    assert_eq!(parse_sought_end("2 ads displayed."), Some(2));
    assert_eq!(parse_sought_end("0 ads displayed."), Some(0));
    assert_eq!(parse_sought_end("1 ad displayed."), Some(1));
    assert_eq!(parse_sought_end("  12 ads displayed."), Some(12));
    assert_eq!(parse_sought_end("ads displayed."), None);
    assert_eq!(parse_sought_end("many ads displayed."), None);
    assert_eq!(parse_sought_end("2 ads displayed. Really."), None);
}

#[test]
fn serializes_snake_case() {
    let seek = add("<s> 1 w=BotE ti=02 rt=1500P t=2 i=0 r=u tp=lightning c=W rr=0-9999 a=t f=f");
    let json = serde_json::to_string(&SeekLine::Add(seek)).expect("json");
    assert!(json.starts_with(r#"{"add":{"index":1"#), "{json}");
    assert!(json.contains(r#""titles":["computer"]"#), "{json}");
    assert!(
        json.contains(r#""rating":{"known":{"value":1500,"marker":"provisional"}}"#),
        "{json}"
    );
    assert!(json.contains(r#""color":"white""#), "{json}");
}

#[test]
fn hostile_input_does_not_panic() {
    let long = "9".repeat(100_000);
    for line in [
        format!("<s> {long}"),
        format!("<s> 1 w=a rt={long} t=1 i=1 r=r tp=x"),
        format!("<sr> {long}"),
        format!("<s> 1 {}", "=".repeat(10_000)),
        format!("<s> 1 ti={long}"),
        "<s> 1 w=é rt=0 t=1 i=1 r=r tp=é".to_owned(),
        "<sn>\u{0}\u{7f}".to_owned(),
    ] {
        let _ = parse_seek_line(&line);
        let _ = parse_sought_entry(&line);
        let _ = parse_sought_end(&line);
    }
    assert_eq!(
        parse_sought_entry(&format!("{long} ---- A 1 1 rated blitz 0-1")),
        None
    );
}

proptest::proptest! {
    #[test]
    fn never_panics(line in "\\PC{0,200}") {
        let _ = parse_seek_line(&line);
        let _ = parse_sought_entry(&line);
        let _ = parse_sought_end(&line);
    }

    #[test]
    fn never_panics_on_seekish_lines(line in "<s> [0-9 ]{0,5}(w=|rt=|t=|ti=|rr=|[a-z]|[0-9]|[ =?-]){0,60}") {
        let _ = parse_seek_line(&line);
    }
}

/// A server without `seekinfo` says in words which seeks went (the line
/// of freechess.org a peer's tests hold).
#[test]
fn ads_removed_in_words_are_the_removal_they_say() {
    assert_eq!(
        parse_ads_removed("Ads removed: 37"),
        Some(SeekLine::Remove(vec![37]))
    );
    assert_eq!(
        parse_ads_removed("Ads removed: 22 1 119"),
        Some(SeekLine::Remove(vec![22, 1, 119]))
    );
    assert_eq!(parse_ads_removed("Ads removed: none"), None);
    assert_eq!(parse_ads_removed("Ads removed:"), None);
    assert_eq!(parse_ads_removed("BotA tells you: Ads removed: 3"), None);
}

/// Seeks announced in words (servers without `seekinfo`; freechess.org's
/// lines from peers' tests): who, the terms, colour, manual and formula.
#[test]
fn seeks_announced_in_words_are_seeks() {
    let seek = parse_seek_in_words(
        "Farad(SR)(TD) (1231E) seeking 1 2 rated suicide m (\"play 42\" to respond)",
    )
    .expect("a seek");
    assert_eq!((seek.index, seek.handle.as_str()), (42, "Farad"));
    assert_eq!(seek.titles.len(), 2);
    assert_eq!((seek.time_min, seek.increment_s, seek.rated), (1, 2, true));
    assert_eq!(seek.game_type, "suicide");
    assert!(!seek.automatic && !seek.formula_checked);
    let guest = parse_seek_in_words(
        "xxxccc (++++) seeking 5 0 unrated blitz [white] (\"play 131\" to respond)",
    )
    .expect("a seek");
    assert_eq!((guest.index, guest.color), (131, Some(Color::White)));
    assert!(guest.automatic);
    let fr = parse_seek_in_words(
        "GuestBCYW (++++) seeking 5 0 unrated wild/fr (\"play 36\" to respond)",
    )
    .expect("a seek");
    assert_eq!(fr.game_type, "wild/fr");
    assert_eq!((fr.min_rating, fr.max_rating), (0, 9999), "not said: any");
    // Other words are not seeks.
    assert!(parse_seek_in_words("BotA tells you: seeking 5 0 rated blitz").is_none());
    assert!(
        parse_seek_in_words("X (1500) seeking 5 0 rated blitz m wild (\"play 1\" to respond)")
            .is_none()
    );
}
