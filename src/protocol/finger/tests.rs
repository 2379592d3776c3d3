use super::*;

fn read(lines: &[&str]) -> Finger {
    let mut parser = FingerParser::start(lines[0]).expect("a finger header");
    for line in &lines[1..] {
        assert!(parser.feed(line));
    }
    parser.finish()
}

#[test]
fn old_fics_online_with_ratings_and_notes() {
    let finger = read(&[
        "Statistics for KibUser     On for: 2 secs   Idle: 0 secs",
        "",
        "         rating     RD     win   loss   draw  total   best",
        "Blitz     1558    290.2      0      1      0      1",
        "Standard  ----    350.0      0      0      0      0",
        "Lightning 1882    290.2      1      0      0      1   1882 (25-Nov-2026)",
        "Wild      ----    350.0      0      0      0      0",
        "",
        "Address    : KibUser@localhost",
        "",
        "Total time on-line: 3 mins",
        "% of life on-line:  2.3  (since Wed Nov 25 05:18:34 2026)",
        "",
        " 1: Plays the Dutch.",
        " 2: Ask me for a game.",
    ]);
    assert_eq!(finger.handle, "KibUser");
    assert_eq!(
        finger.seen,
        Seen::Online {
            on_for: "2 secs".into(),
            idle: "0 secs".into()
        }
    );
    assert_eq!(finger.ratings.len(), 4);
    let blitz = &finger.ratings[0];
    assert_eq!(blitz.category, "Blitz");
    assert_eq!(blitz.rating, Rating::established(1558));
    assert_eq!(blitz.rd, Some(290.2));
    assert_eq!(blitz.record, Some((0, 1, 0)));
    assert_eq!(blitz.total, 1);
    assert_eq!(finger.ratings[1].rating, Rating::NoRating);
    assert_eq!(finger.ratings[2].best, Some(1882));
    assert_eq!(finger.notes, ["Plays the Dutch.", "Ask me for a game."]);
}

#[test]
fn old_fics_offline() {
    let finger = read(&[
        "Statistics for BotB        (Last disconnected Wed Nov 25,  7:57 UTC):",
        "",
        "         rating     RD     win   loss   draw  total   best",
        "Blitz     ----    350.0      0      0      0      0",
    ]);
    assert_eq!(
        finger.seen,
        Seen::LastDisconnected("Wed Nov 25,  7:57 UTC".into())
    );
    assert_eq!(finger.ratings.len(), 1);
}

#[test]
fn fatics_fingers() {
    let finger = read(&[
        "Finger of BotA(C):",
        "",
        "On for: 5 seconds   Idle: 0 seconds",
        "(playing game 7: BotA vs. BotB)",
        "",
        "speed & variant         rating  RD    Volat.    total  best",
        "blitz                    1602   120  0.060000       4 1650 2026-11-25",
        "blitz crazyhouse         1500   350  0.060000       0 ",
        "",
        "Timeseal 2:  On",
    ]);
    assert_eq!(
        (finger.handle.as_str(), finger.titles.as_slice()),
        ("BotA", &[Title::Computer][..])
    );
    assert_eq!(finger.playing, Some(7));
    assert_eq!(finger.ratings.len(), 2);
    assert_eq!(finger.ratings[0].rating, Rating::established(1602));
    assert_eq!(finger.ratings[0].record, None);
    assert_eq!(
        (finger.ratings[0].total, finger.ratings[0].best),
        (4, Some(1650))
    );
    assert_eq!(finger.ratings[1].category, "blitz crazyhouse");
    let never = read(&[
        "Finger of BotA:",
        "",
        "BotA has never connected.",
        "",
        "BotA has not played any rated games.",
    ]);
    assert_eq!(never.seen, Seen::NeverConnected);
    assert!(never.ratings.is_empty());
}

#[test]
fn other_lines_start_nothing_and_a_long_reply_stops() {
    for line in [
        "Statistics for",
        "Finger of :",
        "Finger of Bot A:",
        "Statistics",
        "History for BotA:",
    ] {
        assert!(FingerParser::start(line).is_none(), "{line:?}");
    }
    let mut parser = FingerParser::start("Finger of BotA:").expect("header");
    let fed = (0..500).take_while(|_| parser.feed("more text")).count();
    assert_eq!(fed, MAX_LINES);
}
