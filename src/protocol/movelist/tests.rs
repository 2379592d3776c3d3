use super::*;

/// Feeds every line after the first; returns the list and how many
/// lines were handed back.
fn run(text: &str) -> (MoveList, usize) {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or_default();
    let mut parser = MoveListParser::start(first).unwrap_or_else(|| panic!("no start: {first:?}"));
    let mut handed_back = 0;
    for line in lines {
        match parser.feed(line) {
            Feed::Consumed => {}
            Feed::NotMine => handed_back += 1,
            Feed::Done(list) => return (list, handed_back),
        }
    }
    panic!("list never ended");
}

fn sans(list: &MoveList) -> Vec<&str> {
    list.moves.iter().map(|m| m.san.as_str()).collect()
}

const OLD_SERVER: &str = "BotA (1882) vs. BotB (1558) --- 1999.09.03 04:33:26
Unrated Lighting match, initial time: 2 minutes, increment: 0 seconds.

Move  BotA               BotB               
----  ----------------   ----------------
  1.  c4      (0:01)     h6      (0:02)  
  2.  b4      (0:01)     a6      (0:01)  
  3.  b5      (0:01)     c6      (0:01)  
  4.  Nh3     (0:01)     axb5    (0:01)  
  5.  d3      (0:01)  
  {Still in progress} *
";

#[test]
fn old_server_list_without_title() {
    // cmd-moves.bin: no `Movelist for game N:`, `Lighting`, `(m:ss)`.
    let (list, handed_back) = run(OLD_SERVER);
    assert_eq!(handed_back, 0);
    assert_eq!(list.game, None);
    assert_eq!((list.white.as_str(), list.black.as_str()), ("BotA", "BotB"));
    assert_eq!(list.white_rating, Rating::established(1882));
    assert_eq!(list.date, "1999.09.03 04:33:26");
    assert_eq!((list.rated, list.game_type.as_str()), (false, "lightning"));
    assert_eq!((list.initial_time_min, list.increment_s), (2, 0));
    assert_eq!(
        sans(&list),
        ["c4", "h6", "b4", "a6", "b5", "c6", "Nh3", "axb5", "d3"]
    );
    assert_eq!(list.moves.first().and_then(|m| m.time_ms), Some(1000));
    assert_eq!(list.moves.get(1).and_then(|m| m.time_ms), Some(2000));
    assert_eq!(
        (list.result.as_str(), list.end_text.as_str()),
        ("*", "Still in progress")
    );
    assert!(list.complete && !list.black_moves_first);
}

#[test]
fn unrated_players_show_unr() {
    let text = "BotC (UNR) vs. BotD (UNR) --- 1999.09.03 04:33:26
Unrated Lighting match, initial time: 2 minutes, increment: 0 seconds.

Move  BotC               BotD               
----  ----------------   ----------------
  1.  Na3     (0:01)     b5      (0:02)  
  2.  e4      (0:02)     g5      (0:01)  
  3.  d3      (0:02)     e6      (0:01)  
  4.  Qf3     (0:02)     Qe7     (0:02)  
  {Still in progress} *";
    let (list, _) = run(text);
    assert_eq!(
        (list.white_rating, list.black_rating),
        (Rating::NoRating, Rating::NoRating)
    );
    assert_eq!(list.moves.len(), 8);
}

/// observe-late-join.bin, the second `moves`: ms times, an odd ply
/// count (the last row ends after White's move, with trailing spaces).
const LATE_JOIN: &str = "Movelist for game 1:

BotC (----) vs. BotD (----) --- 2026-11-22 07:04 UTC
Unrated blitz match, initial time: 3 minutes, increment: 0 seconds.

Move  BotC                    BotD
----  ---------------------   ---------------------
  1.  h4      (0:00.000)      b5      (0:00.000)
  2.  c3      (0:00.855)      d5      (0:00.654)
  3.  Qb3     (0:01.006)      h6      (0:00.855)
  4.  a4      (0:00.957)      Bd7     (0:00.755)
  5.  axb5    (0:00.956)      e5      (0:00.604)
  6.  Ra6     (0:00.604)      c5      (0:01.007)
  7.  Qb4     (0:00.806)      Qa5     (0:00.857)
  8.  h5      (0:00.881)      Qxa6    (0:00.704)
  9.  Nf3     (0:01.005)      e4      (0:00.554)
 10.  b3      (0:00.805)      g6      (0:00.956)
 11.  g3      (0:00.905)      c4      (0:00.805)
 12.  Kd1     (0:01.005)      Nc6     (0:00.805)
 13.  Rh4     (0:00.755)      Qb6     (0:00.805)
 14.  Nd4     (0:00.668)      gxh5    (0:00.957)
 15.  Rxe4+   (0:00.806)      Nge7    (0:00.804)
 16.  Qxe7+   (0:00.956)      Nxe7    (0:00.986)
 17.  Na3     (0:00.604)      Bc8     (0:00.554)
 18.  Nc6     (0:00.856)      d4      (0:00.655)
 19.  Nxe7    (0:00.755)      Qa6     (0:00.855)
 20.  Rf4     (0:00.553)      Qe6     (0:00.838)
 21.  e4      (0:00.956)      Qf5     (0:01.007)
 22.  Be2     (0:00.553)      Bb7     (0:00.553)
 23.  d3      (0:00.554)      Kxe7    (0:00.604)
 24.  f3      (0:00.957)      Kd6     (0:00.554)
 25.  Nb1     (0:00.805)      Ke5     (0:00.654)
 26.  Rh4     (0:00.754)      
  {Still in progress} *
";

#[test]
fn fatics_late_join_list() {
    let (list, handed_back) = run(LATE_JOIN);
    assert_eq!(handed_back, 0);
    assert_eq!(list.game, Some(1));
    assert_eq!(list.white_rating, Rating::NoRating);
    assert_eq!(list.date, "2026-11-22 07:04 UTC");
    assert_eq!((list.rated, list.game_type.as_str()), (false, "blitz"));
    assert_eq!((list.initial_time_min, list.increment_s), (3, 0));
    assert_eq!(list.moves.len(), 51);
    assert_eq!(
        sans(&list).get(28..31),
        Some(&["Rxe4+", "Nge7", "Qxe7+"][..])
    );
    assert_eq!(list.moves.get(2).and_then(|m| m.time_ms), Some(855));
    assert_eq!(
        list.moves.last().map(|m| (m.san.as_str(), m.time_ms)),
        Some(("Rh4", Some(754)))
    );
}

#[test]
fn rows_must_follow_on() {
    let text = "Movelist for game 1:
  1.  h4      (0:00.000)      b5      (0:00.000)
  2.  c3      (0:00.855)      d5      (0:00.654)
 14.  Nd4     (0:00.668)      gxh5    (0:00.957)
  {Still in progress} *";
    let (list, handed_back) = run(text);
    assert_eq!((handed_back, list.moves.len()), (1, 4));
}

#[test]
fn examined_untimed_list() {
    // examine-examiner.bin
    let text = "Movelist for game 1:

White (0) vs. Black (0) --- 2026-11-22 07:17 UTC
Unrated untimed match, initial time: 0 minutes, increment: 0 seconds.

Move  White                   Black
----  ---------------------   ---------------------
  1.  d4      (0:00.000)      
  {Still in progress} *";
    let (list, _) = run(text);
    assert_eq!(
        (list.white.as_str(), list.game_type.as_str()),
        ("White", "untimed")
    );
    assert_eq!(sans(&list), ["d4"]);
    assert_eq!(list.moves.first().and_then(|m| m.time_ms), Some(0));
}

#[test]
fn finished_game_black_first_and_results() {
    let text = "Movelist for game 12:

Foo (1637E) vs. Bar (1500P) --- Sat Jan 23, 14:34 EST 2016
Rated wild/fr match, initial time: 45 minutes, increment: 45 seconds.

Move  Foo                     Bar
----  ---------------------   ---------------------
  1.  ...                     b5      (0:00.000)
  2.  O-O     (1:02:03.456)   exd8=Q+ (0:06)
  3.  P@e4    (0:06.1)        Nbxd7#  (0:06.12)
  {White checkmated} 0-1";
    let (list, _) = run(text);
    assert!(list.black_moves_first);
    assert_eq!(list.first_move_number, 1);
    assert_eq!(sans(&list), ["b5", "O-O", "exd8=Q+", "P@e4", "Nbxd7#"]);
    let times: Vec<_> = list.moves.iter().map(|m| m.time_ms).collect();
    assert_eq!(
        times,
        [Some(0), Some(3_723_456), Some(6000), Some(6100), Some(6120)]
    );
    assert_eq!((list.rated, list.game_type.as_str()), (true, "wild/fr"));
    assert_eq!((list.initial_time_min, list.increment_s), (45, 45));
    assert_eq!(
        (list.result.as_str(), list.end_text.as_str()),
        ("0-1", "White checkmated")
    );
}

#[test]
fn foreign_lines_are_handed_back() {
    let mut parser = MoveListParser::start("Movelist for game 3:").expect("start");
    assert_eq!(parser.feed(""), Feed::Consumed);
    assert_eq!(
        parser.feed("<12> rnbqkbnr pppppppp -------- x"),
        Feed::NotMine
    );
    // The server announcing a game end is not the list's closing line.
    assert_eq!(
        parser.feed("{Game 7 (A vs. B) A resigns} 0-1"),
        Feed::NotMine
    );
    assert_eq!(
        parser.feed("  1.  e4      (0:00.000)      e5      (0:00.000)"),
        Feed::Consumed
    );
    assert_eq!(parser.feed("Move  A  B"), Feed::NotMine);
    assert_eq!(
        parser.feed("  1.  e4      (0:00.000)      e5      (0:00.000)"),
        Feed::NotMine
    );
    assert_eq!(
        parser.feed("  2.  ...      e5      (0:00.000)"),
        Feed::NotMine
    );
    assert_eq!(parser.feed("  2.  Nf3     (0:00.000)"), Feed::Consumed);
    assert_eq!(parser.feed("  3.  Nc3     (0:00.000)"), Feed::NotMine);
    let Feed::Done(list) = parser.feed("      {Game adjourned by mutual agreement} *") else {
        panic!("not done");
    };
    assert_eq!((list.game, list.moves.len()), (Some(3), 3));
    assert_eq!(parser.feed("  4.  e4"), Feed::NotMine);
}

#[test]
fn another_list_abandons_this_one() {
    let mut parser = MoveListParser::start("Movelist for game 3:").expect("start");
    assert_eq!(parser.feed("Movelist for game 4:"), Feed::NotMine);
    assert!(parser.is_abandoned());
    let mut parser =
        MoveListParser::start(OLD_SERVER.lines().next().unwrap_or_default()).expect("start");
    assert_eq!(
        parser.feed("BotC (UNR) vs. BotD (UNR) --- 1999.09.03 04:33:26"),
        Feed::NotMine
    );
    assert!(parser.is_abandoned());
}

#[test]
fn gives_up_after_too_many_foreign_lines() {
    let mut parser = MoveListParser::start("Movelist for game 3:").expect("start");
    for _ in 0..MAX_UNEXPECTED {
        assert_eq!(parser.feed("some chatter"), Feed::NotMine);
    }
    assert!(parser.is_abandoned());
    assert_eq!(parser.feed("      {Still in progress} *"), Feed::NotMine);
}

#[test]
fn ply_cap_ends_the_list() {
    let mut parser = MoveListParser::start("Movelist for game 3:").expect("start");
    for row in 1..=1000 {
        let line = format!("{row:4}.  Nf3     (0:00)     Nf6     (0:00)");
        assert_eq!(parser.feed(&line), Feed::Consumed, "{row}");
    }
    let Feed::Done(list) = parser.feed("1001.  Ng1     (0:00)     Ng8     (0:00)") else {
        panic!("no cap");
    };
    assert_eq!(list.moves.len(), MAX_PLIES);
    assert!(!list.complete);
    assert_eq!(list.result, "");
}

#[test]
fn start_lines() {
    assert!(MoveListParser::start("Movelist for game 12:").is_some());
    assert!(
        MoveListParser::start("  GuestABCD (++++) vs. foo ( 982) --- Wed Jan  1, 12:00 PST 2020")
            .is_some()
    );
    for line in [
        "",
        "Movelist for game x:",
        "Movelist for game 12",
        "BotA vs. BotB --- date",
        "Game 1: BotC (----) BotD (----) unrated blitz 3 0",
        "{Game 1 (BotA vs. BotB) BotB checkmated} 1-0",
        "Bot A (1) vs. B (2) --- x",
    ] {
        assert!(MoveListParser::start(line).is_none(), "{line:?}");
    }
}

#[test]
fn time_taken() {
    assert_eq!(parse_time_taken("(0:06)"), Some(6000));
    assert_eq!(parse_time_taken("(0:06.123)"), Some(6123));
    assert_eq!(parse_time_taken("(1:02:03)"), Some(3_723_000));
    assert_eq!(parse_time_taken("(1:02:03.4)"), Some(3_723_400));
    assert_eq!(parse_time_taken("(12:05)"), Some(725_000));
    assert_eq!(parse_time_taken("0:00.000"), Some(0));
    for bad in [
        "",
        "()",
        "(0:06",
        "0:06)",
        "(6)",
        "(0:6)",
        "(0:60)",
        "(1:60:00)",
        "(1:2:03)",
        "(0:06.)",
        "(0:06.1234)",
        "(-0:06)",
        "(a:06)",
        "(0:06.-1)",
        "(9999999:00:00)",
        "(0:0６)",
    ] {
        assert_eq!(parse_time_taken(bad), None, "{bad:?}");
    }
}

#[test]
fn serializes() {
    let (list, _) = run(OLD_SERVER);
    let json = serde_json::to_string(&list).expect("json");
    assert!(
        json.contains(r#""moves":[{"san":"c4","time_ms":1000}"#),
        "{json}"
    );
}

#[test]
fn hostile_lines_do_not_panic() {
    let mut parser = MoveListParser::start("Movelist for game 1:").expect("start");
    let long = "x".repeat(100_000);
    for line in [
        format!("{{{long}}} *"),
        format!("  1.  {long}"),
        format!("{long} (1) vs. b (2) --- {long}"),
        format!("Rated {long} match, initial time: 1 minutes, increment: 1 seconds."),
        "  1.  e4 (0:00) (0:00)".to_owned(),
        "  1.  (0:00)".to_owned(),
        "99999999999.  e4".to_owned(),
        "4294967295.  e4".to_owned(),
        "  é.  e4".to_owned(),
    ] {
        let _ = parser.feed(&line);
    }
}

proptest::proptest! {
    #[test]
    fn never_panics(lines in proptest::collection::vec("\\PC{0,80}", 0..20)) {
        let _ = MoveListParser::start(lines.first().map_or("", String::as_str));
        let mut parser = MoveListParser::start("Movelist for game 1:");
        for line in &lines {
            let _ = parse_time_taken(line);
            if let Some(p) = parser.as_mut() {
                let _ = p.feed(line);
            }
        }
    }

    #[test]
    fn never_panics_on_rowish_lines(
        line in "( |[0-9]{1,4}\\.|\\.\\.\\.|[a-hNBRQKOx+#=@-]{1,6}|\\([0-9:.]{0,12}\\)|\\{|\\}|\\*){0,12}"
    ) {
        let mut parser = MoveListParser::start("Movelist for game 1:");
        if let Some(p) = parser.as_mut() {
            let _ = p.feed(&line);
        }
    }
}
