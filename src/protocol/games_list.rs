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

use super::game_type::GameType;
use super::words::{Color, Rating, is_digits, is_handle, number, tokens};

/// Reads the letters of a `[ br  5   0]` field of a history or a `stored`
/// row: the old FICS's type and rated letters (`br`), or FatICS's speed,
/// variant and rated letters (`bnr`). The type, and whether rated.
pub fn read_type_letters(kind: &str) -> Option<(GameType, bool)> {
    let letters: Vec<char> = kind.chars().collect();
    let rated = match letters.last()? {
        'r' => true,
        'u' => false,
        _ => return None,
    };
    let game_type = match letters.as_slice() {
        [type_letter, _] => GameType::from_letter(*type_letter),
        [speed, variant, _] => fatics_type(*speed, *variant),
        _ => return None,
    };
    Some((game_type, rated))
}

/// FatICS's speed and variant letters (its `speed` and `variant` tables):
/// plain chess (`n`) is named by its speed, a variant by the variant.
fn fatics_type(speed: char, variant: char) -> GameType {
    match (speed, variant) {
        ('?', 'n') => GameType::Untimed,
        (speed, 'n') => GameType::from_letter(speed),
        (_, '9') => GameType::Wild(String::new()),
        (_, variant) => GameType::from_letter(variant),
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

    let (flags, time, inc) = type_and_time(inner)?;
    let mut letters = flags.chars();
    let private = match flags.len() {
        3 => letters.next()? == 'p',
        2 => false,
        _ => return None,
    };
    let game_type = letters.next().filter(char::is_ascii_alphanumeric)?;
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

/// Reads ` br  3   0` (flags, then `%3d %3d`): the flags (`[p]` private,
/// the type's letter, `r`/`u`) and the two numbers. A base time of three
/// digits or more runs into the flags: `[ su120   0]`.
fn type_and_time(inner: &str) -> Option<(&str, &str, &str)> {
    match tokens::<3>(inner)? {
        ([flags, time, inc], 3) => Some((flags, time, inc)),
        ([joined, inc, _], 2) => {
            // Two flags (type, rated), or three after `p` (private).
            let rated_at = if joined.starts_with('p') { 2 } else { 1 };
            let (flags, time) = joined.split_at_checked(rated_at + 1)?;
            Some((flags, time, inc))
        }
        _ => None,
    }
}

type ClocksAndMaterial = ((i64, i64), (u32, u32));

/// Reads `  1:57 -  1:57 (39-39` (the closing parenthesis already removed).
fn clocks_and_material(text: &str) -> Option<ClocksAndMaterial> {
    let (clocks, material) = text.split_once('(')?;
    // `%6s -%6s`: a clock of an hour or more (`1:13:34`, seven wide) runs
    // into the dash: `1:19:56 -1:13:34`.
    let (white, black) = match tokens::<3>(clocks)? {
        ([white, "-", black], 3) => (white, black),
        ([white, black, _], 2) => (white, black.strip_prefix('-')?),
        _ => return None,
    };
    let (white_material, black_material) = material.split_once('-')?;
    Some((
        (parse_clock(white)?, parse_clock(black)?),
        (
            number(white_material.trim())?,
            number(black_material.trim())?,
        ),
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
    // Seconds, and minutes after hours, are always two digits.
    let with_hours = rest.contains(':');
    let part = |digits: &str, lengths: std::ops::RangeInclusive<usize>| -> Option<i64> {
        (is_digits(digits) && lengths.contains(&digits.len())).then(|| digits.parse().ok())?
    };
    let minute_digits = if with_hours { 2..=2 } else { 1..=4 };
    let (hours, minutes, seconds) = (
        part(hours, 1..=4)?,
        part(minutes, minute_digits)?,
        part(seconds, 2..=2)?,
    );
    if seconds >= 60 || (with_hours && minutes >= 60) {
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
    let (["(of", total, "in", "progress)"], 4) = tokens::<4>(rest)? else {
        return None;
    };
    Some(GamesEnd {
        displayed,
        in_progress: Some(number(total)?),
    })
}

#[cfg(test)]
mod tests {
    use super::super::words::RatingMarker;
    use super::*;

    fn entry(line: &str) -> GamesEntry {
        parse_games_entry(line).unwrap_or_else(|| panic!("not an entry: {line:?}"))
    }

    /// Long games, as freechess.org lists them while it relays a
    /// tournament: a base time of three digits runs into the flags, a clock
    /// of an hour or more into the dash.
    #[test]
    fn long_games_and_hour_clocks() {
        let e = entry(
            "103 2586 GMNakamura  2654 GMCarlsen  [ sr120   0] 1:19:56 -1:13:34 (39-39) W: 21",
        );
        assert_eq!((e.game, e.time_min, e.increment_s), (103, 120, 0));
        assert_eq!(e.game_type, GameType::Standard);
        assert!(e.rated);
        assert_eq!((e.white_clock_s, e.black_clock_s), (Some(4796), Some(4414)));
        let e = entry(
            " 88 ++++ GuestABCD   1711 Bravo      [ su165   0]  45:00 - 1:02:03 (39-39) B:  2",
        );
        assert_eq!((e.time_min, e.rated), (165, false));
        assert_eq!(e.black_clock_s, Some(3723));
        // Ratings under 1000: four places, as any.
        let e =
            entry(" 12  978 hadamar      923 Johnnyp    [ br  5   0]   4:59 -  5:00 (39-39) W:  2");
        assert_eq!(e.white, "hadamar");
        // Not an entry: a dash with nothing after it, letters without a time.
        assert!(
            parse_games_entry(" 1 1500 A  1500 B [ br  5   0]  4:59 -x (39-39) W: 2").is_none()
        );
        assert!(
            parse_games_entry(" 1 1500 A  1500 B [ brx   0]  4:59 - 4:59 (39-39) W: 2").is_none()
        );
    }

    #[test]
    fn old_server_entries() {
        // cmd-games.bin: 2-column game numbers.
        let e =
            entry(" 1 1882 BotA        1558 BotB       [ lu  2   0]   1:57 -  1:57 (39-39) B:  3");
        assert_eq!(
            e,
            GamesEntry {
                game: 1,
                white: "BotA".into(),
                white_rating: Rating::established(1882),
                black: "BotB".into(),
                black_rating: Rating::established(1558),
                private: false,
                game_type: GameType::Lightning,
                rated: false,
                time_min: 2,
                increment_s: 0,
                white_clock_s: Some(117),
                black_clock_s: Some(117),
                white_material: Some(39),
                black_material: Some(39),
                side_to_move: Color::Black,
                move_number: 3,
                status: GameStatus::Playing,
            }
        );
        let e =
            entry(" 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3");
        assert_eq!(
            (e.white_rating, e.side_to_move),
            (Rating::NoRating, Color::White)
        );
        // many-games-observer.bin: guests and real clocks.
        let e =
            entry(" 1 ---- BotA        ++++ GuestPa    [ bu  5   0]   4:57 -  4:58 (38-39) B:  6");
        assert_eq!(e.black_rating, Rating::Guest);
        assert_eq!((e.white_clock_s, e.black_clock_s), (Some(297), Some(298)));
        assert_eq!((e.white_material, e.black_material), (Some(38), Some(39)));
        // bughouse-observer.bin: bughouse shows up as wild.
        let e =
            entry(" 1 ---- BotA        ---- BotB       [ wu  2   0]   1:59 -  1:58 (39-39) B:  2");
        assert_eq!(e.game_type, GameType::Wild(String::new()));
    }

    #[test]
    fn fatics_and_freechess_entries() {
        // observe-live-games.bin
        let e =
            entry("  2 ---- BotC        ---- BotD       [ bu  3   0]  0:00 -  0:00 (39-39) W:  2");
        assert_eq!(
            (e.game, e.game_type, e.white_clock_s),
            (2, GameType::Blitz, Some(0))
        );
        let e = entry(
            "  93 2036 WFMKierzek  2229 FMKarl      [ br  3   0]   2:33 -  1:47 (39-39) W: 22",
        );
        assert_eq!(
            (e.game, e.white.as_str(), e.rated, e.move_number),
            (93, "WFMKierzek", true, 22)
        );
        let e =
            entry(" 1 1878 Roberto     1881 baraka     [psr 45  30]  30:35 - 34:24 (22-22) W: 21");
        assert!(e.private);
        assert_eq!(
            (e.game_type, e.time_min, e.increment_s),
            (GameType::Standard, 45, 30)
        );
        let e =
            entry("32 1880 Raskapov    1859 RoboDweeb  [ br  2  12]   1:04 -  1:26 ( 9-10) B: 34");
        assert_eq!((e.white_material, e.black_material), (Some(9), Some(10)));
        let e = entry("123 1637E Foo   1500P Bar [ zr  3   0] -0:03 - 1:02:03 (12-30) B: 140");
        assert_eq!(e.white_clock_s, Some(-3));
        assert_eq!(e.black_clock_s, Some(3723));
        assert_eq!(e.game_type, GameType::Crazyhouse);
        assert_eq!(
            e.white_rating,
            Rating::Known {
                value: 1637,
                marker: RatingMarker::Estimated
            }
        );
    }

    #[test]
    fn examined_and_setup_entries() {
        let e = entry("  5 (Exam.    0 BotA          0 BotA      ) [ uu  0   0] W:  1");
        assert_eq!(e.status, GameStatus::Examined);
        assert_eq!((e.white.as_str(), e.black.as_str()), ("BotA", "BotA"));
        assert_eq!((e.white_clock_s, e.white_material), (None, None));
        assert_eq!((e.side_to_move, e.move_number), (Color::White, 1));
        let e = entry(" 2 (Exam. 1911 Cheatr     1792 BlackHorse) [ br  5  12] B:  3");
        assert_eq!(
            (e.black.as_str(), e.game_type),
            ("BlackHorse", GameType::Blitz)
        );
        let e = entry(" 68 (Setup    0 Tidy          0 Tidy      ) [ uu  0   0] W:  1");
        assert_eq!(e.status, GameStatus::Setup);
    }

    #[test]
    fn game_types() {
        for (letter, kind) in [
            ('b', GameType::Blitz),
            ('l', GameType::Lightning),
            ('s', GameType::Standard),
            ('u', GameType::Untimed),
            ('w', GameType::Wild(String::new())),
            ('z', GameType::Crazyhouse),
            ('B', GameType::Bughouse),
            ('S', GameType::Suicide),
            ('L', GameType::Losers),
            ('x', GameType::Atomic),
            ('n', GameType::Nonstandard),
            ('o', GameType::Slow),
            ('9', GameType::Wild("fr".to_owned())),
            ('q', GameType::Other("q".to_owned())),
        ] {
            assert_eq!(GameType::from_letter(letter), kind);
            let line = format!(" 1 ---- A ---- B [ {letter}u  1   0]  1:00 -  1:00 (39-39) W:  1");
            assert_eq!(entry(&line).game_type, kind);
        }
    }

    /// `kibitz decode` writes a listed type as it always has: the one
    /// `GameType` serializes as the games list's own type did.
    #[test]
    fn listed_types_read_as_before_in_json() {
        for (letter, json) in [
            ('b', r#""blitz""#),
            ('w', r#""wild""#),
            ('9', r#""chess960""#),
            ('n', r#""nonstandard""#),
            ('o', r#""slow""#),
            ('z', r#""crazyhouse""#),
            ('q', r#"{"other":"q"}"#),
        ] {
            let kind = GameType::from_letter(letter);
            assert_eq!(serde_json::to_string(&kind).expect("json"), json);
        }
    }

    #[test]
    fn rejects_prose_and_partial_shapes() {
        for line in [
            "",
            "  3 games displayed.",
            "There are no games in progress.",
            "Game 1: BotC (----) BotD (----) unrated blitz 3 0",
            "Creating: BotA (1720) BotB (1720) rated blitz 3 2",
            " 0: = ---- W ---- BotB          [bnr  3   2] A00g NM  2026-11-22 06:37 UTC",
            "BotE tells you: [ lu  2   0] is my favourite",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39)",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3 x",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57  1:57 (39-39) W:  3",
            " 2 ---- BotC        ---- BotD       [ lu  2   0] W:  3",
            " 2 ---- BotC        ---- BotD       [ lx  2   0]   1:57 -  1:57 (39-39) W:  3",
            " 2 ---- BotC        ---- BotD       [ lu  2]   1:57 -  1:57 (39-39) W:  3",
            " 2 ---- BotC        ---- BotD  Extra  [ lu  2   0]   1:57 -  1:57 (39-39) W:  3",
            " x ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3",
            " 2 1:57 BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) W:  3",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:77 -  1:57 (39-39) W:  3",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-x) W:  3",
            " 2 ---- BotC        ---- BotD       [ lu  2   0]   1:57 -  1:57 (39-39) X:  3",
        ] {
            assert_eq!(parse_games_entry(line), None, "{line:?}");
        }
    }

    #[test]
    fn clocks() {
        assert_eq!(parse_clock("1:57"), Some(117));
        assert_eq!(parse_clock("-0:03"), Some(-3));
        assert_eq!(parse_clock("12:05"), Some(725));
        assert_eq!(parse_clock("1:02:03"), Some(3723));
        assert_eq!(parse_clock("0:09.5"), Some(9));
        for bad in [
            "",
            "1",
            "1:5",
            "1:60",
            "1:60:00",
            "a:00",
            "--1:00",
            "1:00.",
            "1:00.1234",
            "99999:00",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn list_ends() {
        let end = |displayed, in_progress| {
            Some(GamesEnd {
                displayed,
                in_progress,
            })
        };
        assert_eq!(parse_games_end("  3 games displayed."), end(3, None));
        assert_eq!(parse_games_end("  6 games displayed."), end(6, None));
        assert_eq!(parse_games_end("  1 game displayed."), end(1, None));
        assert_eq!(
            parse_games_end("  2 games displayed (of   2 in progress)."),
            end(2, Some(2))
        );
        assert_eq!(
            parse_games_end("  6 games displayed (of 23 in progress)"),
            end(6, Some(23))
        );
        assert_eq!(
            parse_games_end("There are no games in progress."),
            end(0, Some(0))
        );
        assert_eq!(
            parse_games_end("No matching games were found (of 5 in progress)."),
            end(0, Some(5))
        );
        for line in [
            "",
            "games displayed.",
            "x games displayed.",
            "3 games displayed (of many in progress).",
            "3 games shown.",
        ] {
            assert_eq!(parse_games_end(line), None, "{line:?}");
        }
    }

    #[test]
    fn hostile_input_does_not_panic() {
        let long = "[".repeat(50_000) + &"]".repeat(50_000);
        for line in [
            long,
            format!(
                " 1 {} A ---- B [ bu 1 1] 1:00 - 1:00 (1-1) W: 1",
                "9".repeat(100_000)
            ),
            " 1 ---- A ---- B [ bu 1 1] 1:00 - 1:00 (1-1) W: 99999999999".to_owned(),
            " 1 ---- A ---- B [é bu 1 1] é:00 - 1:00 (1-1) W: 1".to_owned(),
            " 1 ---- A ---- B [pé 1 1] 1:00 - 1:00 (1-1) W: 1".to_owned(),
        ] {
            assert_eq!(parse_games_entry(&line), None);
            let _ = parse_games_end(&line);
        }
    }

    proptest::proptest! {
        #[test]
        fn never_panics(line in "\\PC{0,200}") {
            let _ = parse_games_entry(&line);
            let _ = parse_games_end(&line);
            let _ = parse_clock(&line);
        }

        #[test]
        fn never_panics_on_entry_like_lines(
            line in "( |[0-9]{1,3}|----|\\+\\+\\+\\+|[A-Za-z]{1,4}|\\[|\\]|\\(|\\)|:|-|W:|B:|\\(Exam\\.){0,30}"
        ) {
            let _ = parse_games_entry(&line);
        }
    }
}
