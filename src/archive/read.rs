//! The archive read back: every game of the month files (`YYYY-MM.pgn`,
//! and `YYYY-MM.bpgn` for bughouse), newest first, or of any other PGN or
//! BPGN file. PGN is read with pgn-reader, BPGN by `bpgn.rs`; a file that
//! is neither gives no games, never an error that stops the rest.

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Games read from one file at most (a month of a busy player is a few
/// hundred).
const MAX_GAMES_PER_FILE: usize = 10_000;
/// Moves kept per game at most.
const MAX_PLIES: usize = 2_000;
/// Files larger than this are not read (64 MiB).
const MAX_FILE_BYTES: u64 = 64 << 20;

pub use super::listed::ListedGame;
pub use super::record::{ArchivedGame, OtherBoard};

/// The games of one PGN text, in order, with their moves.
pub fn read_pgn(text: &[u8], file: &Path) -> Vec<ArchivedGame> {
    read_pgn_with(text, file, true)
}

/// As [`read_pgn`]; `moves`: false lists the games' tags only (their
/// movetext skipped unread: a list of 100,000 games holds no moves).
fn read_pgn_with(text: &[u8], file: &Path, moves: bool) -> Vec<ArchivedGame> {
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(text));
    let mut games = Vec::new();
    let file = Arc::new(file.to_path_buf());
    // Every game the reader finds counts for a game's place, the ones
    // not kept too: `with_moves` finds it again by skipping that many.
    let mut place = 0;
    while games.len() < MAX_GAMES_PER_FILE {
        let at = place;
        let mut collect = Collect::new(moves);
        match reader.read_game(&mut collect) {
            // Text that is not PGN reads as a game with no tag and no end
            // (a letter's "1. e4" is no game); moves alone are one where
            // they are read (a movetext pasted).
            Ok(Some(_)) if !(collect.found || moves && collect.moved) => place += 1,
            Ok(Some(mut game)) => {
                place += 1;
                game.file = Arc::clone(&file);
                game.index = at;
                games.push(game);
            }
            Ok(None) | Err(_) => break,
        }
    }
    games
}

/// Every game of the archive's month files (`.pgn`, and `.bpgn` for
/// bughouse), newest first, tags only (see [`with_moves`]), then the games
/// of the `collections` (other PGN files, indexed in the archive's
/// directory); `progress` counts the files read. Newest first: by date,
/// and of one date the one written last first (a file edited by hand may
/// hold its games in any order).
pub fn read_archive(
    dir: &Path,
    collections: &[PathBuf],
    progress: &std::sync::atomic::AtomicUsize,
) -> Vec<ListedGame> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn" || e == "bpgn"))
        .collect();
    files.sort();
    files.reverse();
    let months = files
        .iter()
        .map(|file| (file, super::index::index_path(file)));
    let others = collections
        .iter()
        .map(|file| (file, super::index::collection_index_path(dir, file)));
    let mut games: Vec<ListedGame> = months
        .chain(others)
        .flat_map(|(file, index)| {
            let mut games = listed(file, index.as_deref());
            games.reverse();
            progress.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            games
        })
        .collect();
    newest_first(&mut games);
    games
}

/// `file`'s games from its index where it still fits the file; else read,
/// and indexed as it was when the reading began (a game appended
/// meanwhile makes the index stale: read next time).
fn listed(file: &Path, index: Option<&Path>) -> Vec<ListedGame> {
    if let Some(games) = index.and_then(|index| super::index::load(file, index)) {
        return games;
    }
    let stamp = super::index::stamp(file);
    let Some(read) = read_file_with(file, false) else {
        return Vec::new();
    };
    let games: Vec<ListedGame> = read.iter().map(ListedGame::of).collect();
    if let (Some(stamp), Some(index)) = (stamp, index) {
        super::index::save(file, index, &stamp, &games);
    }
    games
}

/// Sorts by date, newest first (stable: games of one date keep their
/// order); an unknown date (`????.??.??`) goes last.
fn newest_first(games: &mut [ListedGame]) {
    let known = |g: &ListedGame| {
        let date = g.date();
        if date.starts_with(|c: char| c.is_ascii_digit()) {
            date.to_owned()
        } else {
            String::new()
        }
    };
    games.sort_by_cached_key(|g| std::cmp::Reverse(known(g)));
}

/// The games of one file, PGN or BPGN, with their moves (none if it
/// cannot be read or is too large).
pub fn read_file(file: &Path) -> Vec<ArchivedGame> {
    read_file_with(file, true).unwrap_or_default()
}

/// What a listing of `file` (with `count` games) left out, in words: a
/// file too large to read, or one with more games than a list holds.
pub fn listing_note(file: &Path, count: usize) -> Option<String> {
    let name = file.file_name()?.to_string_lossy();
    let large = std::fs::metadata(file).is_ok_and(|m| m.len() > MAX_FILE_BYTES);
    if large {
        let most = MAX_FILE_BYTES >> 20;
        return Some(format!(
            "{name} is larger than {most} MiB: Kibitz lists files up to that size (split it to open its games)"
        ));
    }
    (count >= MAX_GAMES_PER_FILE).then(|| {
        format!("Listed the first {MAX_GAMES_PER_FILE} games of {name}: the most one file lists")
    })
}

/// The games of one file to list: their tags (a bughouse file's moves
/// too: few and small).
pub fn list_file(file: &Path) -> Vec<ArchivedGame> {
    read_file_with(file, false).unwrap_or_default()
}

/// None: the file could not be read (or is too large).
fn read_file_with(file: &Path, moves: bool) -> Option<Vec<ArchivedGame>> {
    let small = std::fs::metadata(file).is_ok_and(|m| m.len() <= MAX_FILE_BYTES);
    let bytes = std::fs::read(file).ok().filter(|_| small)?;
    Some(if super::bpgn::is_bpgn(&bytes) {
        super::bpgn::read_bpgn(&bytes, file)
    } else {
        read_pgn_with(&bytes, file, moves)
    })
}

/// A listed game whole (its moves, every tag), read again from its file
/// at its place there; None where the file no longer holds it.
pub fn with_moves(listed: &ListedGame) -> Option<ArchivedGame> {
    let bytes = std::fs::read(listed.file.as_path()).ok()?;
    let index = listed.index as usize;
    let mut game = if super::bpgn::is_bpgn(&bytes) {
        super::bpgn::read_bpgn(&bytes, listed.file.as_path())
            .into_iter()
            .nth(index)?
    } else {
        let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(&bytes[..]));
        // The games before it: skipped, tags and all.
        for _ in 0..index {
            reader.skip_game().ok()?.then_some(())?;
        }
        reader.read_game(&mut Collect::new(true)).ok()??
    };
    if !listed.same_players(&game.white, &game.black) {
        return None;
    }
    game.file = Arc::clone(&listed.file);
    game.index = index;
    Some(game)
}

/// The games of `file` at the places `wanted` (ascending), with their
/// moves; the others skipped unread (a tree of one player's games holds
/// theirs, not every game of the file). Empty where the file cannot be
/// read.
pub fn games_at(file: &Path, wanted: &[u32]) -> Vec<(u32, ArchivedGame)> {
    let small = std::fs::metadata(file).is_ok_and(|m| m.len() <= MAX_FILE_BYTES);
    let Some(bytes) = std::fs::read(file).ok().filter(|_| small) else {
        return Vec::new();
    };
    if super::bpgn::is_bpgn(&bytes) {
        let games = super::bpgn::read_bpgn(&bytes, file);
        return wanted
            .iter()
            .filter_map(|&at| Some((at, games.get(at as usize)?.clone())))
            .collect();
    }
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(&bytes[..]));
    let mut found = Vec::with_capacity(wanted.len());
    let mut next = 0_u32;
    for &at in wanted {
        while next < at {
            match reader.skip_game() {
                Ok(true) => next += 1,
                _ => return found,
            }
        }
        match reader.read_game(&mut Collect::new(true)) {
            Ok(Some(game)) => found.push((at, game)),
            _ => return found,
        }
        next += 1;
    }
    found
}

/// A game or a position pasted as text: a FEN (a position to study, no
/// moves), or a PGN (its first game). None: neither.
pub fn pasted_game(text: &str) -> Option<ArchivedGame> {
    let text = text.trim();
    if text.len() > MAX_FILE_BYTES as usize {
        return None;
    }
    if let Ok(fen) = text.parse::<shakmaty::fen::Fen>() {
        return Some(ArchivedGame {
            white: "White".to_owned(),
            black: "Black".to_owned(),
            result: "*".to_owned(),
            event: "Position pasted".to_owned(),
            fen: Some(fen.to_string()),
            file: Arc::new(PathBuf::from("pasted")),
            ..ArchivedGame::default()
        });
    }
    read_pgn(text.as_bytes(), Path::new("pasted"))
        .into_iter()
        .find(|g| !g.sans.is_empty() || g.fen.is_some())
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

/// Variations kept of one game (a file's may have hundreds).
const MAX_VARIATIONS: usize = 64;

/// Reads a game; `moves`: its movetext too (else skipped unread where
/// the tags say all a list shows), the main line and its variations one
/// level deep (a variation's own variations are skipped).
struct Collect {
    moves: bool,
    /// How deep in variations the reader is (0: the main line).
    depth: u8,
    /// The game is one: a tag or a movetext's end was read (text that is
    /// not PGN reads as a game with none; a letter's "1. e4" is no game).
    found: bool,
    /// A move was read (a movetext pasted without tags or end is a game).
    moved: bool,
    /// The movetext is read for its end only (a list's game without a
    /// `Result` tag): its moves are not kept.
    skim: bool,
}

impl Collect {
    fn new(moves: bool) -> Collect {
        Collect {
            moves,
            depth: 0,
            found: false,
            moved: false,
            skim: false,
        }
    }
}

/// A game without names (a study's positions, a GUI's empty tags) is
/// `?` against `?`, as PGN writes an unknown, listed or read whole alike;
/// without any result, one going on.
fn named(mut game: ArchivedGame) -> ArchivedGame {
    for name in [&mut game.white, &mut game.black] {
        if name.trim().is_empty() {
            *name = "?".to_owned();
        }
    }
    if game.result.trim().is_empty() {
        game.result = "*".to_owned();
    }
    game
}

/// The result a movetext ends with (`1-0` after the last move).
fn result_text(outcome: shakmaty::Outcome) -> &'static str {
    match outcome {
        shakmaty::Outcome::Known(shakmaty::KnownOutcome::Decisive { winner }) => {
            if winner.is_white() { "1-0" } else { "0-1" }
        }
        shakmaty::Outcome::Known(shakmaty::KnownOutcome::Draw) => "1/2-1/2",
        shakmaty::Outcome::Unknown => "*",
    }
}

impl pgn_reader::Visitor for Collect {
    type Tags = ArchivedGame;
    type Movetext = ArchivedGame;
    type Output = ArchivedGame;

    fn begin_tags(&mut self) -> ControlFlow<ArchivedGame, ArchivedGame> {
        self.found = false;
        self.moved = false;
        self.skim = false;
        ControlFlow::Continue(ArchivedGame::default())
    }

    fn tag(
        &mut self,
        game: &mut ArchivedGame,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<ArchivedGame> {
        self.found = true;
        // A list keeps what it shows and searches; the rest is read again
        // with the moves when the game is opened.
        if !self.moves && matches!(name, b"Site" | b"Reason" | b"FEN") {
            return ControlFlow::Continue(());
        }
        let value = super::text::decode_text(&value.decode());
        let value: String = value.chars().take(200).collect();
        if self.moves && game.tags.len() < super::record::MAX_TAGS {
            let tag: String = String::from_utf8_lossy(name).chars().take(40).collect();
            game.tags.push((tag, value.clone()));
        }
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

    /// A list reads on where the tags do not say all it shows: no result
    /// (the movetext's end says it), or no tag at all (moves make it a
    /// game).
    fn begin_movetext(&mut self, game: ArchivedGame) -> ControlFlow<ArchivedGame, ArchivedGame> {
        if self.moves {
            return ControlFlow::Continue(game);
        }
        if game.result.is_empty() || !self.found {
            self.skim = true;
            return ControlFlow::Continue(game);
        }
        ControlFlow::Break(named(game))
    }

    fn san(
        &mut self,
        game: &mut ArchivedGame,
        san: pgn_reader::SanPlus,
    ) -> ControlFlow<ArchivedGame> {
        self.moved = true;
        if self.skim {
            // Seen: a game (its result read from the end, where it is).
            return ControlFlow::Continue(());
        }
        if self.depth > 0 {
            if let Some((_, line)) = game.variations.last_mut()
                && line.len() < MAX_PLIES
            {
                line.push(san.to_string());
            }
            return ControlFlow::Continue(());
        }
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
        if self.depth == 0
            && !self.skim
            && let Some(ms) = command_time_ms(&text, "%emt")
            && let Some(last) = game.move_times_ms.last_mut()
        {
            *last = Some(ms);
        }
        ControlFlow::Continue(())
    }

    /// A variation of the main line: an alternative to its last move
    /// (kept, as a line from the moves before it); deeper ones skipped.
    fn begin_variation(
        &mut self,
        game: &mut ArchivedGame,
    ) -> ControlFlow<ArchivedGame, pgn_reader::Skip> {
        // A skipped variation ends with `end_variation` too: counted.
        self.depth = self.depth.saturating_add(1);
        let from = game.sans.len().checked_sub(1);
        match from {
            Some(from) if self.depth == 1 && game.variations.len() < MAX_VARIATIONS => {
                game.variations.push((from, Vec::new()));
                ControlFlow::Continue(pgn_reader::Skip(false))
            }
            _ => ControlFlow::Continue(pgn_reader::Skip(true)),
        }
    }

    fn end_variation(&mut self, _game: &mut ArchivedGame) -> ControlFlow<ArchivedGame> {
        self.depth = self.depth.saturating_sub(1);
        ControlFlow::Continue(())
    }

    /// The movetext's end (`1-0`): the result where no tag said one.
    fn outcome(
        &mut self,
        game: &mut ArchivedGame,
        outcome: shakmaty::Outcome,
    ) -> ControlFlow<ArchivedGame> {
        self.found = true;
        if self.depth == 0 && (game.result.is_empty() || game.result == "?") {
            game.result = result_text(outcome).to_owned();
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: ArchivedGame) -> ArchivedGame {
        named(game)
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
        // `(1. d4 d5)`: instead of the first move.
        assert_eq!(
            first.variations,
            [(0, vec!["d4".to_owned(), "d5".to_owned()])]
        );
        assert_eq!(first.kind(), "blitz");
        assert_eq!(games[1].kind(), "crazyhouse");
        assert_eq!(games[1].index, 1);
        let listed = ListedGame::of(first);
        assert!(listed.matches("bota") && listed.matches("2026.11") && !listed.matches("BotC"));
    }

    #[test]
    fn variations_one_level_deep_the_deeper_skipped() {
        let text = "[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 (2. Bc4 {a try}) Nc6 *\n";
        let games = read_pgn(text.as_bytes(), Path::new("x.pgn"));
        let game = &games[0];
        assert_eq!(game.sans, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(
            game.variations,
            [
                (1, vec!["c5".to_owned(), "Nf3".to_owned(), "d6".to_owned()]),
                (2, vec!["Bc4".to_owned()])
            ]
        );
    }

    #[test]
    fn newest_first_by_date_then_as_written() {
        let game = |date: &str, white: &str| {
            ListedGame::of(&ArchivedGame {
                date: date.into(),
                white: white.into(),
                ..ArchivedGame::default()
            })
        };
        let mut games = vec![
            game("2026.11.24", "a"),
            game("????.??.??", "b"),
            game("2026.11.25", "c"),
            game("2026.11.24", "d"),
        ];
        newest_first(&mut games);
        let order: Vec<&str> = games.iter().map(|g| g.white()).collect();
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
    fn a_list_holds_tags_only_and_a_game_opened_gets_its_moves() {
        let dir = std::env::temp_dir().join(format!("kibitz-read-list-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("2026-11.pgn");
        std::fs::write(&file, TWO).unwrap();
        let progress = std::sync::atomic::AtomicUsize::new(0);
        let listed = read_archive(&dir, &[], &progress);
        assert_eq!(progress.load(std::sync::atomic::Ordering::Relaxed), 1);
        assert_eq!(listed.len(), 2);
        assert!(
            list_file(&file).iter().all(|g| g.sans.is_empty()),
            "no moves read"
        );
        // Newest first: the 25th's second game has no date: last.
        assert_eq!(listed[0].white(), "KibUser");
        let opened = with_moves(&listed[1]).expect("read again");
        assert_eq!(opened.sans, ["e4"]);
        let whole = with_moves(&listed[0]).expect("read again");
        assert_eq!(whole.sans, ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(whole.site, "freechess.org", "every tag");
        // The file changed behind the list's back: nothing opened.
        std::fs::write(&file, "").unwrap();
        assert_eq!(with_moves(&listed[1]), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_game_is_found_again_at_its_place_whatever_comes_before_it() {
        // A note before the games, and a game without a White tag: both
        // count as places, listed or read whole.
        let text = format!("{{a note}}\n\n[Black \"nobody\"]\n\n1. d4 *\n\n{TWO}");
        let dir = std::env::temp_dir().join(format!("kibitz-read-place-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("x.pgn");
        std::fs::write(&file, text).unwrap();
        let listed: Vec<ListedGame> = list_file(&file).iter().map(ListedGame::of).collect();
        let botb = listed.iter().find(|g| g.white() == "BotB").expect("listed");
        let opened = with_moves(botb).expect("found at its place");
        assert_eq!(
            (opened.white.as_str(), opened.sans.as_slice()),
            ("BotB", &["e4".to_owned()][..])
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn not_pgn_is_no_games() {
        assert!(read_pgn(b"\x00\xff not a pgn at all", Path::new("x.pgn")).is_empty());
    }
}
