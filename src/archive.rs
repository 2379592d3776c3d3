//! PGN files of finished games: `<data dir>/games/YYYY-MM.pgn`, appended to
//! as each game ends and synced to disk, so nothing is lost if the app is
//! killed a moment later.

pub mod bpgn;
pub mod chat_log;
pub mod index;
pub mod listed;
pub mod read;
pub mod record;
pub mod replay;
pub mod results;
pub mod text;
pub mod tree;

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use shakmaty::fen::Fen;
use shakmaty::{Color, Setup};

use crate::game::{Game, Outcome};
use crate::protocol::game_type::GameType;
use crate::protocol::message::EndReason;

/// Where the user's data lives: `$KIBITZ_DATA_DIR` if set (tests, portable
/// installs), else the platform's data directory.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("KIBITZ_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Kibitz", "kibitz").map(|d| d.data_dir().to_path_buf())
}

/// A calendar date and time in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UtcTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    /// Seconds since 1970, UTC.
    unix: u64,
}

impl UtcTime {
    pub fn now() -> Self {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Self::from_unix(secs)
    }

    /// This time, `by` earlier.
    pub fn earlier(self, by: std::time::Duration) -> Self {
        Self::from_unix(self.unix.saturating_sub(by.as_secs()))
    }

    /// Civil date from Unix seconds (days-from-civil inverted, proleptic Gregorian).
    pub fn from_unix(secs: u64) -> Self {
        let days = (secs / 86_400) as i64;
        let rem = secs % 86_400;
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        UtcTime {
            unix: secs,
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem / 60 % 60) as u32,
            second: (rem % 60) as u32,
        }
    }
}

/// The name a server's games are known by in PGN: `FICS` for
/// freechess.org (as FICS itself writes it), else the host name.
pub fn server_name(server: &str) -> &str {
    let host = crate::config::host_of(server);
    if host.eq_ignore_ascii_case("freechess.org")
        || host.to_ascii_lowercase().ends_with(".freechess.org")
        || host.eq_ignore_ascii_case("fics")
    {
        "FICS"
    } else {
        host
    }
}

/// The PGN text of a game (ending with a blank line), with the tags FICS
/// writes: `[Event "FICS rated blitz game"]`, the date and time the game
/// began (UTC), ratings, time control, variant; the end in words as a
/// comment before the result.
pub fn pgn(game: &Game, server: &str, ended: UtcTime) -> String {
    pgn_with(game, server, ended, &[])
}

/// As [`pgn`], with the user's tried `lines` as variations (one level):
/// each after the game's move it stands instead of; a line tried after
/// the game's last move (PGN has no place for it) as a comment.
pub fn pgn_with(
    game: &Game,
    server: &str,
    ended: UtcTime,
    lines: &[crate::game::variation::Line],
) -> String {
    let began = ended.earlier(game.length());
    let mut tags: Vec<(&str, String)> = Vec::new();
    tags.push(("Event", event(game, server)));
    tags.push(("Site", server.to_owned()));
    tags.push((
        "Date",
        format!("{:04}.{:02}.{:02}", began.year, began.month, began.day),
    ));
    tags.push(("Round", "-".to_owned()));
    tags.push(("White", game.players.white.handle.clone()));
    tags.push(("Black", game.players.black.handle.clone()));
    let result = game.outcome.as_ref().map_or("*", |o| o.result.as_str());
    tags.push(("Result", result.to_owned()));
    for (tag, color) in [("WhiteElo", Color::White), ("BlackElo", Color::Black)] {
        if let Some(elo) = elo(game, color) {
            tags.push((tag, elo));
        }
    }
    tags.push(("TimeControl", time_control(game)));
    tags.push(("GameNumber", game.number.to_string()));
    tags.extend(utc_tags(began));
    if let Some(outcome) = &game.outcome {
        tags.push(("Termination", termination(outcome).to_owned()));
        tags.push(("Reason", outcome.text.clone()));
    }
    // The opening, by Kibitz's list (FICS writes none of its own here).
    if let Some(opening) = game.opening {
        tags.push(("ECO", opening.eco.clone()));
        tags.push(("Opening", opening.name.clone()));
    }
    if let Some(variant) = game.kind.as_ref().and_then(GameType::pgn_variant) {
        tags.push(("Variant", variant));
    }
    if let Some(fen) = start_fen(game) {
        tags.push(("SetUp", "1".to_owned()));
        tags.push(("FEN", fen));
    }
    // A game read back from a record: its own tags (not the server
    // connected now, game 1000000, the time of copying), the result as
    // it stands, and what Kibitz knows of the game itself where the
    // record says nothing (the opening, the variant, the start).
    if !game.tags.is_empty() {
        let own = |name: &str| game.tags.iter().any(|(n, _)| n == name);
        let of_the_game = ["ECO", "Opening", "Variant", "SetUp", "FEN"];
        let added: Vec<(&str, String)> = tags
            .into_iter()
            .filter(|(name, _)| of_the_game.contains(name) && !own(name))
            .collect();
        // Its variant in the spelling the readers know (`chess 960` is
        // written `Chess960`).
        let variant = |written: &String| {
            let kind = GameType::from_pgn_variant(written);
            kind.pgn_variant().unwrap_or_else(|| written.clone())
        };
        // The seven tags every PGN has come first where the record lacks
        // them (a study's positions have none): `?` for what is unknown.
        let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
        let missing = roster.into_iter().filter(|name| !own(name)).map(|name| {
            let value = match name {
                "Result" => result.to_owned(),
                "Date" => "????.??.??".to_owned(),
                "White" => game.players.white.handle.clone(),
                "Black" => game.players.black.handle.clone(),
                _ => "?".to_owned(),
            };
            (name, value)
        });
        tags = missing
            .collect::<Vec<_>>()
            .into_iter()
            .chain(game.tags.iter().map(|(name, value)| match name.as_str() {
                "Result" => ("Result", result.to_owned()),
                "Variant" => ("Variant", variant(value)),
                name => (name, value.clone()),
            }))
            .chain(added)
            .collect();
    }

    let mut text = tag_lines(&tags);
    text.push('\n');
    text.push_str(&movetext(game, result, lines));
    text.push_str("\n\n");
    text
}

/// `[Event "FICS rated blitz game"]`: the server's name, rated or not,
/// the game type.
fn event(game: &Game, server: &str) -> String {
    let rated = match game.rated {
        Some(true) => "rated ",
        Some(false) => "unrated ",
        None => "",
    };
    let kind = game
        .kind
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    format!("{} {rated}{kind} game", server_name(server)).replace("  ", " ")
}

/// A player's rating as PGN's `WhiteElo` takes it: its digits (`1637E`
/// is 1637), none for `----`.
fn elo(game: &Game, color: Color) -> Option<String> {
    let rating = game.players[color].rating.as_deref()?;
    let digits: String = rating.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

/// `300+2` (seconds and increment), `-` for an untimed game.
fn time_control(game: &Game) -> String {
    if game.initial_time_min == 0 && game.increment_s == 0 {
        "-".to_owned()
    } else {
        format!("{}+{}", game.initial_time_min * 60, game.increment_s)
    }
}

/// The `UTCDate` and `UTCTime` tags of a game that began at `began`.
fn utc_tags(began: UtcTime) -> [(&'static str, String); 2] {
    [
        (
            "UTCDate",
            format!("{:04}.{:02}.{:02}", began.year, began.month, began.day),
        ),
        (
            "UTCTime",
            format!("{:02}:{:02}:{:02}", began.hour, began.minute, began.second),
        ),
    ]
}

/// The FEN of a game's start, when it is not chess's usual one.
fn start_fen(game: &Game) -> Option<String> {
    fen_unless_usual(game.start.clone()?)
}

/// The FEN of `start`, unless it is chess's usual start (empty pockets
/// say nothing: a drop game from the usual start has none).
fn fen_unless_usual(start: Setup) -> Option<String> {
    let mut bare = start.clone();
    if bare
        .pockets
        .is_some_and(|p| p == shakmaty::ByColor::default())
    {
        bare.pockets = None;
    }
    if bare == Setup::default() {
        return None;
    }
    let fen = Fen::try_from_setup(start).unwrap_or_else(|lossy| lossy.ignore());
    Some(fen.to_string())
}

/// Tag pairs, one a line, their values escaped.
fn tag_lines(tags: &[(&str, String)]) -> String {
    let mut text = String::new();
    for (tag, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[{tag} \"{value}\"]\n"));
    }
    text
}

/// Words wrapped into lines under 80 columns.
fn wrapped(words: impl IntoIterator<Item = String>) -> String {
    let mut text = String::new();
    let mut column = 0;
    for word in words {
        if column > 0 && column + 1 + word.len() > 79 {
            text.push('\n');
            column = 0;
        } else if column > 0 {
            text.push(' ');
            column += 1;
        }
        column += word.len();
        text.push_str(&word);
    }
    text
}

/// The mover's clock after each move (ms), where every move of theirs
/// so far came with its time: the start's time, less what they used,
/// plus the increment per move.
pub(crate) fn clocks_after(game: &Game) -> Vec<Option<u64>> {
    let Some((initial_ms, increment_ms)) = time_control_ms(game) else {
        return vec![None; game.moves.len()];
    };
    if game.start_ply > 0 || game.incomplete {
        return vec![None; game.moves.len()];
    }
    let mut used_ms = [Some(0u64); 2];
    let mut made = [0u64; 2];
    game.moves
        .iter()
        .enumerate()
        .map(|(k, ply)| {
            let side = k % 2;
            made[side] += 1;
            used_ms[side] = used_ms[side].zip(ply.time_taken_ms).map(|(u, t)| u + t);
            used_ms[side].map(|used| (initial_ms + increment_ms * made[side]).saturating_sub(used))
        })
        .collect()
}

/// The game's time control in ms (initial, increment): as played, or as
/// the record it was read from says (`TimeControl "180+2"`); None: untimed.
fn time_control_ms(game: &Game) -> Option<(u64, u64)> {
    if game.initial_time_min > 0 || game.increment_s > 0 {
        return Some((
            u64::from(game.initial_time_min) * 60_000,
            u64::from(game.increment_s) * 1000,
        ));
    }
    let tag = game.tags.iter().find(|(name, _)| name == "TimeControl")?;
    let (seconds, increment) = tag.1.split_once('+')?;
    let (seconds, increment): (u64, u64) = (seconds.parse().ok()?, increment.parse().ok()?);
    (seconds > 0 || increment > 0).then_some((seconds * 1000, increment * 1000))
}

/// A move's clock and time as PGN's comment commands: `{[%clk 0:04:57]
/// [%emt 0:00:03.2]}` (either where known; none: nothing).
fn clock_comment(clock_ms: Option<u64>, took_ms: Option<u64>) -> Option<String> {
    let hms = |ms: u64| {
        let s = ms / 1000;
        let tenths = ms % 1000 / 100;
        let whole = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
        if tenths == 0 {
            whole
        } else {
            format!("{whole}.{tenths}")
        }
    };
    let parts: Vec<String> = [("clk", clock_ms), ("emt", took_ms)]
        .into_iter()
        .filter_map(|(name, ms)| Some(format!("[%{name} {}]", hms(ms?))))
        .collect();
    (!parts.is_empty()).then(|| format!("{{{}}}", parts.join(" ")))
}

/// `1. e4 {[%clk 0:04:57] [%emt 0:00:03]} e5 2. Nf3 {reason} 1-0`, wrapped
/// under 80 columns.
fn movetext(game: &Game, result: &str, lines: &[crate::game::variation::Line]) -> String {
    let mut words = Vec::new();
    let clocks = clocks_after(game);
    for (ply, (i, m)) in (game.start_ply..).zip(game.moves.iter().enumerate()) {
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            words.push(format!("{number}."));
        } else if i == 0
            || words
                .last()
                .is_some_and(|w| w.starts_with('{') || w.ends_with(')'))
        {
            // After a comment or a variation, Black's move says its
            // number again.
            words.push(format!("{number}..."));
        }
        words.push(m.san.clone());
        words.extend(clock_comment(clocks[i], m.time_taken_ms));
        for line in lines.iter().filter(|l| l.from == i && !l.moves.is_empty()) {
            let sans: Vec<&str> = line.moves.iter().map(|t| t.san.as_str()).collect();
            // One word a move, for the lines' wrapping: `(2...` `c5)`.
            let mut tokens = numbered(ply, &sans);
            if let (Some(first), Some(last)) = (tokens.first().cloned(), tokens.last().cloned()) {
                let n = tokens.len();
                tokens[0] = format!("({first}");
                tokens[n - 1] = if n == 1 {
                    format!("({last})")
                } else {
                    format!("{last})")
                };
            }
            words.extend(tokens);
        }
    }
    let after_end = game.moves.len();
    for line in lines
        .iter()
        .filter(|l| l.from == after_end && !l.moves.is_empty())
    {
        let ply = game.start_ply + u32::try_from(after_end).unwrap_or(u32::MAX);
        let sans: Vec<&str> = line.moves.iter().map(|t| t.san.as_str()).collect();
        let moves = numbered(ply, &sans).join(" ");
        words.push(format!("{{Tried after the last move: {moves}}}"));
    }
    if let Some(outcome) = &game.outcome {
        words.push(format!("{{{}}}", outcome.text.replace('}', ")")));
    }
    words.push(result.to_owned());
    wrapped(words)
}

/// Moves from half-move `ply` with their numbers: `2...` `c5` `3.` `Nf3`.
fn numbered(ply: u32, sans: &[&str]) -> Vec<String> {
    let mut words = Vec::new();
    for (k, san) in sans.iter().enumerate() {
        let at = ply + u32::try_from(k).unwrap_or(u32::MAX);
        let number = at / 2 + 1;
        if at.is_multiple_of(2) {
            words.push(format!("{number}."));
        } else if k == 0 {
            words.push(format!("{number}..."));
        }
        words.push((*san).to_owned());
    }
    words
}

/// The PGN standard's words; an end nobody saw is "unterminated" (the
/// reason is the movetext's closing comment).
fn termination(outcome: &Outcome) -> &'static str {
    if !outcome.seen {
        return "unterminated";
    }
    match outcome.reason {
        EndReason::TimeForfeit => "time forfeit",
        EndReason::Disconnection => "abandoned",
        EndReason::Abort | EndReason::Adjourn => "unterminated",
        _ => "normal",
    }
}

/// Whether a finished game is worth archiving: at least one move, and a
/// result (see below).
pub fn worth_archiving(game: &Game) -> bool {
    let Some(outcome) = game.outcome.as_ref().filter(|_| game.is_over()) else {
        return false;
    };
    // Aborted before both sides moved: no game.
    let aborted_at_once =
        outcome.reason == crate::protocol::message::EndReason::Abort && game.moves.len() < 2;
    // Only watched, and cut off by the user's own logout: not a result (it
    // went on without us), and it filled "Games watched" with `*`.
    let logged_out = crate::game::store::session_ended(crate::protocol::session::LOGGED_OUT);
    let watched_cut_off =
        !game.relation.is_playing() && !outcome.seen && outcome.text == logged_out;
    !game.moves.is_empty() && !aborted_at_once && !watched_cut_off
}

/// Appends the game to `<dir>/games/YYYY-MM.pgn` and syncs it to disk.
pub fn append(dir: &Path, game: &Game, server: &str, ended: UtcTime) -> anyhow::Result<PathBuf> {
    append_text(dir, "pgn", &pgn(game, server, ended), ended)
}

/// Appends a bughouse game, both boards, to `<dir>/games/YYYY-MM.bpgn`
/// (a file of its own: PGN readers do not take BPGN's `1A.` moves).
pub fn append_bughouse(
    dir: &Path,
    boards: [&Game; 2],
    server: &str,
    ended: UtcTime,
) -> anyhow::Result<PathBuf> {
    append_text(dir, "bpgn", &bpgn::bpgn(boards, server, ended), ended)
}

/// Appends `text` to the month's file with this extension, synced.
fn append_text(dir: &Path, extension: &str, text: &str, ended: UtcTime) -> anyhow::Result<PathBuf> {
    let games = dir.join("games");
    fs::create_dir_all(&games).with_context(|| format!("cannot create {}", games.display()))?;
    let path = games.join(format!("{:04}-{:02}.{extension}", ended.year, ended.month));
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("cannot open {}", path.display()))?;
    // One write of the whole game, then fsync: a crash leaves whole games.
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(
            UtcTime::from_unix(0),
            UtcTime {
                year: 1970,
                month: 1,
                day: 1,
                hour: 0,
                minute: 0,
                second: 0,
                unix: 0,
            }
        );
        // 2026-11-22 18:43:07 UTC
        let t = UtcTime::from_unix(1_795_372_987);
        assert_eq!((t.year, t.month, t.day), (2026, 11, 22));
        assert_eq!((t.hour, t.minute, t.second), (18, 43, 7));
        let earlier = t.earlier(std::time::Duration::from_secs(19 * 3600));
        assert_eq!((earlier.day, earlier.hour, earlier.minute), (21, 23, 43));
        // A leap day.
        let t = UtcTime::from_unix(951_782_400);
        assert_eq!((t.year, t.month, t.day), (2000, 2, 29));
    }
}
