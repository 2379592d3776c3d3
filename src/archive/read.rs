//! The archive read back: every game of the month files (`YYYY-MM.pgn`,
//! and `YYYY-MM.bpgn` for bughouse), newest first, or of any other PGN or
//! BPGN file. PGN is read with pgn-reader, BPGN by `bpgn.rs`; a file that
//! is neither gives no games, never an error that stops the rest.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

/// Games read from one file at most (a month of a busy player is a few
/// hundred).
const MAX_GAMES_PER_FILE: usize = 10_000;
/// Moves kept per game at most.
const MAX_PLIES: usize = 2_000;
/// Files larger than this are not read (64 MiB).
const MAX_FILE_BYTES: u64 = 64 << 20;

pub use super::record::{ArchivedGame, OtherBoard};

/// The games of one PGN text, in order.
pub fn read_pgn(text: &[u8], file: &Path) -> Vec<ArchivedGame> {
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(text));
    let mut games = Vec::new();
    while games.len() < MAX_GAMES_PER_FILE {
        match reader.read_game(&mut Collect) {
            // Text that is not PGN reads as a game with nothing in it.
            Ok(Some(game)) if game.sans.is_empty() && game.white.is_empty() => continue,
            Ok(Some(mut game)) => {
                game.file = file.to_path_buf();
                game.index = games.len();
                games.push(game);
            }
            Ok(None) | Err(_) => break,
        }
    }
    games
}

/// Every game of the archive's month files (`.pgn`, and `.bpgn` for
/// bughouse), newest first: by date, and
/// of one date the one written last first (a file edited by hand may
/// hold its games in any order).
pub fn read_archive(dir: &Path) -> Vec<ArchivedGame> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn" || e == "bpgn"))
        .collect();
    files.sort();
    files.reverse();
    let mut games: Vec<ArchivedGame> = files
        .iter()
        .flat_map(|file| {
            let mut games = read_file(file);
            games.reverse();
            games
        })
        .collect();
    newest_first(&mut games);
    games
}

/// Sorts by date, newest first (stable: games of one date keep their
/// order); an unknown date (`????.??.??`) goes last.
fn newest_first(games: &mut [ArchivedGame]) {
    let known = |g: &ArchivedGame| {
        if g.date.starts_with(|c: char| c.is_ascii_digit()) {
            g.date.clone()
        } else {
            String::new()
        }
    };
    games.sort_by_key(|g| std::cmp::Reverse(known(g)));
}

/// The games of one file, PGN or BPGN (none if it cannot be read or is
/// too large).
pub fn read_file(file: &Path) -> Vec<ArchivedGame> {
    let small = std::fs::metadata(file).is_ok_and(|m| m.len() <= MAX_FILE_BYTES);
    match std::fs::read(file) {
        Ok(bytes) if small && super::bpgn::is_bpgn(&bytes) => super::bpgn::read_bpgn(&bytes, file),
        Ok(bytes) if small => read_pgn(&bytes, file),
        _ => Vec::new(),
    }
}

/// The time of a comment's command: `[%emt 0:01:05.3]` (H:MM:SS, tenths
/// or more optional) in ms.
pub fn command_time_ms(comment: &str, command: &str) -> Option<u64> {
    let after = &comment[comment.find(command)? + command.len()..];
    let value = after.trim_start().split(']').next()?.trim();
    let mut seconds = 0f64;
    for part in value.split(':') {
        seconds = seconds * 60.0 + part.parse::<f64>().ok().filter(|v| *v >= 0.0)?;
    }
    (seconds < 1e7).then(|| (seconds * 1000.0).round() as u64)
}

struct Collect;

impl pgn_reader::Visitor for Collect {
    type Tags = ArchivedGame;
    type Movetext = ArchivedGame;
    type Output = ArchivedGame;

    fn begin_tags(&mut self) -> ControlFlow<ArchivedGame, ArchivedGame> {
        ControlFlow::Continue(ArchivedGame::default())
    }

    fn tag(
        &mut self,
        game: &mut ArchivedGame,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<ArchivedGame> {
        let value: String = value.decode_utf8_lossy().chars().take(200).collect();
        let field = match name {
            b"White" => &mut game.white,
            b"Black" => &mut game.black,
            b"WhiteElo" => &mut game.white_elo,
            b"BlackElo" => &mut game.black_elo,
            b"Result" => &mut game.result,
            b"Date" => &mut game.date,
            b"Event" => &mut game.event,
            b"Site" => &mut game.site,
            b"TimeControl" => &mut game.time_control,
            b"Variant" => &mut game.variant,
            b"Reason" => &mut game.reason,
            // `ECO` then `Opening`, as Kibitz writes them: one text.
            b"ECO" | b"Opening" => {
                if !game.opening.is_empty() {
                    game.opening.push(' ');
                }
                game.opening.push_str(&value);
                return ControlFlow::Continue(());
            }
            b"FEN" => {
                game.fen = Some(value);
                return ControlFlow::Continue(());
            }
            _ => return ControlFlow::Continue(()),
        };
        *field = value;
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, game: ArchivedGame) -> ControlFlow<ArchivedGame, ArchivedGame> {
        ControlFlow::Continue(game)
    }

    fn san(
        &mut self,
        game: &mut ArchivedGame,
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<ArchivedGame> {
        if game.sans.len() < MAX_PLIES {
            game.sans.push(san.to_string());
            game.move_times_ms.push(None);
        }
        ControlFlow::Continue(())
    }

    /// A move's comment: its time (`[%emt 0:00:03.2]`), where written.
    fn comment(
        &mut self,
        game: &mut ArchivedGame,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<ArchivedGame> {
        let text = String::from_utf8_lossy(comment.as_bytes());
        if let Some(ms) = command_time_ms(&text, "%emt")
            && let Some(last) = game.move_times_ms.last_mut()
        {
            *last = Some(ms);
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(
        &mut self,
        _game: &mut ArchivedGame,
    ) -> ControlFlow<ArchivedGame, pgn_reader::Skip> {
        // The main line only.
        ControlFlow::Continue(pgn_reader::Skip(true))
    }

    fn end_game(&mut self, game: ArchivedGame) -> ArchivedGame {
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Event \"FICS rated blitz game\"]\n[Site \"freechess.org\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n[WhiteElo \"1710\"]\n[BlackElo \"1730\"]\n[TimeControl \"300+0\"]\n\n1. e4 (1. d4 d5) e5 2. Nf3 {a comment} Nc6 1-0\n\n[Event \"FICS unrated crazyhouse game\"]\n[White \"BotB\"]\n[Black \"KibUser\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n";

    #[test]
    fn games_tags_and_main_line() {
        let games = read_pgn(TWO.as_bytes(), Path::new("2026-11.pgn"));
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(
            (first.white.as_str(), first.black.as_str()),
            ("KibUser", "BotA")
        );
        assert_eq!(first.result, "1-0");
        assert_eq!(first.sans, ["e4", "e5", "Nf3", "Nc6"], "no variation moves");
        assert_eq!(first.kind(), "blitz");
        assert_eq!(games[1].kind(), "crazyhouse");
        assert_eq!(games[1].index, 1);
        assert!(first.matches("bota") && first.matches("2026.11") && !first.matches("BotC"));
    }

    #[test]
    fn newest_first_by_date_then_as_written() {
        let game = |date: &str, white: &str| ArchivedGame {
            date: date.into(),
            white: white.into(),
            ..ArchivedGame::default()
        };
        let mut games = vec![
            game("2026.11.24", "a"),
            game("????.??.??", "b"),
            game("2026.11.25", "c"),
            game("2026.11.24", "d"),
        ];
        newest_first(&mut games);
        let order: Vec<&str> = games.iter().map(|g| g.white.as_str()).collect();
        assert_eq!(order, ["c", "a", "d", "b"]);
    }

    #[test]
    fn move_times_come_back_from_their_comments() {
        let text = "[White \"a\"]\n[Black \"b\"]\n\n1. e4 {[%clk 0:04:57] [%emt 0:00:03.2]} e5 \
                    {[%emt 0:01:05]} 2. Nf3 *\n";
        let games = read_pgn(text.as_bytes(), Path::new("x.pgn"));
        assert_eq!(games[0].move_times_ms, [Some(3_200), Some(65_000), None]);
        assert_eq!(command_time_ms("[%emt 1:00:00]", "%emt"), Some(3_600_000));
        assert_eq!(command_time_ms("[%emt x]", "%emt"), None);
        assert_eq!(command_time_ms("[%emt -1]", "%emt"), None);
    }

    #[test]
    fn not_pgn_is_no_games() {
        assert!(read_pgn(b"\x00\xff not a pgn at all", Path::new("x.pgn")).is_empty());
    }
}
