use super::*;
use crate::protocol::words::RatingMarker;

fn entry(handle: &str, rating: Rating, status: PlayerStatus) -> WhoEntry {
    WhoEntry {
        handle: handle.into(),
        titles: Vec::new(),
        rating,
        status,
    }
}

#[test]
fn old_fics_lines() {
    // From the old FICS (uhlin/fics): `%-4s`, the status, the handle.
    let line = "1882 BotA     ++++^RndA     ++++^RndC     ++++^RndE     ++++^RndG   ";
    assert_eq!(
        parse_who_line(line),
        Some(vec![
            entry("BotA", Rating::established(1882), PlayerStatus::Free),
            entry("RndA", Rating::Guest, PlayerStatus::Playing),
            entry("RndC", Rating::Guest, PlayerStatus::Playing),
            entry("RndE", Rating::Guest, PlayerStatus::Playing),
            entry("RndG", Rating::Guest, PlayerStatus::Playing),
        ])
    );
    let line = "---- admin(*)  850 .Idler   ----:Closed  1700#Examiner(GM)(C)";
    let got = parse_who_line(line).expect("entries");
    assert_eq!(got[0].titles, [Title::Admin]);
    assert_eq!(got[0].rating, Rating::NoRating);
    assert_eq!(got[1].rating, Rating::established(850));
    assert_eq!(got[1].status, PlayerStatus::Idle);
    assert_eq!(got[2].status, PlayerStatus::Closed);
    assert_eq!(got[3].status, PlayerStatus::Examining);
    assert_eq!(got[3].titles, [Title::GrandMaster, Title::Computer]);
}

#[test]
fn fatics_lines() {
    // FatICS: `%4d`, two spaces, the status, the handle.
    let line = "1500  ^BotA(C)     0   KibUser     1650P :Other";
    let got = parse_who_line(line).expect("entries");
    assert_eq!(got.len(), 3);
    assert_eq!(got[0].status, PlayerStatus::Playing);
    assert_eq!(got[0].titles, [Title::Computer]);
    assert_eq!(
        got[1],
        entry("KibUser", Rating::established(0), PlayerStatus::Free)
    );
    assert_eq!(
        got[2].rating,
        Rating::Known {
            value: 1650,
            marker: RatingMarker::Provisional
        }
    );
    assert_eq!(got[2].status, PlayerStatus::Closed);
}

#[test]
fn prose_is_not_a_listing() {
    for line in [
        "",
        "fics% ",
        "BotA tells you: 1500 BotB",
        "1500 is my rating",
        "Game 5 (BotA vs. KibUser) Creating rated blitz match.",
        "  2 games displayed.",
        "1500",
        "1500 Bot(",
        "99999999 Big",
        "1882 BotA ++++",
        " 10 players displayed (of 10). (*) indicates system administrator.",
    ] {
        assert_eq!(parse_who_line(line), None, "{line:?}");
    }
    // A very long line of entries is not a listing either.
    assert_eq!(parse_who_line(&"1500 A ".repeat(40)), None);
}

#[test]
fn the_count_at_the_end() {
    assert_eq!(
        parse_who_end(" 10 players displayed (of 10). (*) indicates system administrator."),
        Some(WhoEnd {
            shown: 10,
            total: Some(10)
        })
    );
    assert_eq!(
        parse_who_end("3 players displayed."),
        Some(WhoEnd {
            shown: 3,
            total: None
        })
    );
    assert_eq!(
        parse_who_end("1 player displayed."),
        Some(WhoEnd {
            shown: 1,
            total: None
        })
    );
    for line in [
        "players displayed.",
        "3 players displayed",
        "x players displayed.",
        "3 games displayed.",
    ] {
        assert_eq!(parse_who_end(line), None, "{line:?}");
    }
}
