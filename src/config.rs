//! The user's settings: `settings.toml` in the config directory.
//!
//! Settings always load. A missing file gives the defaults; a file written by
//! an older or newer Kibitz loads whatever it has (missing keys take their
//! defaults, unknown keys and tables are ignored); a file that is not UTF-8 or
//! not TOML is kept aside as `settings.toml.corrupt-<unix seconds>` and the
//! defaults are used, with a [`Loaded::notice`] for the UI to show. Values out
//! of range are clamped rather than rejected.
//!
//! [`save`] is atomic: a temporary file in the same directory is written,
//! synced and renamed over `settings.toml`, so a crash or a full disk leaves
//! either the old file or the new one, never half of one.
//!
//! No password is ever stored here: passwords live in the operating system's
//! keyring only (see [`ServerProfile::remember_password`]).

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use serde::{Deserialize, Deserializer, Serialize};

/// The name of the settings file inside the config directory.
pub const SETTINGS_FILE: &str = "settings.toml";

/// How many console lines [`Settings::console_history`] keeps across runs.
pub const CONSOLE_HISTORY_MAX: usize = 200;

/// The smallest and largest piece size, as a fraction of the square.
pub const PIECE_SCALE_RANGE: std::ops::RangeInclusive<f32> = 0.5..=1.0;

/// The loudest volume, in percent.
pub const VOLUME_PERCENT_MAX: u8 = 100;

/// Everything the user can set. Every field has a default, so a partial file
/// loads; unknown keys are ignored, so a file from a newer Kibitz loads too.
///
/// There is deliberately no password field anywhere in here: passwords are
/// kept in the operating system's keyring only, never in this file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How the board looks and moves.
    pub board: BoardSettings,
    /// How moves are made and games are played.
    pub play: PlaySettings,
    /// Which sounds play, and how loud.
    pub sound: SoundSettings,
    /// Engine analysis beside the boards.
    pub analysis: AnalysisSettings,
    /// Ask the operating system for attention (flash the taskbar entry,
    /// bounce the dock icon) when it becomes your move, an offer arrives or
    /// your game ends while the window is not focused.
    pub attention: bool,
    /// The servers the connect form offers, in the user's order.
    pub servers: Vec<ServerProfile>,
    /// Index into `servers` of the profile used last (clamped on load; see
    /// [`Settings::current_server`]).
    pub last_server: usize,
    /// The console's command history, oldest first, kept across runs; only
    /// the last [`CONSOLE_HISTORY_MAX`] lines are kept.
    pub console_history: Vec<String>,
    /// Append every finished game to the PGN archive in the data directory.
    pub archive_games: bool,
    /// Write the log to a file in the data directory as well as to stderr.
    pub log_to_file: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board: BoardSettings::default(),
            play: PlaySettings::default(),
            sound: SoundSettings::default(),
            analysis: AnalysisSettings::default(),
            attention: true,
            servers: vec![ServerProfile::default()],
            last_server: 0,
            console_history: Vec::new(),
            archive_games: true,
            log_to_file: true,
        }
    }
}

impl Settings {
    /// The same settings with every value brought into range: the piece scale
    /// into [`PIECE_SCALE_RANGE`] (the default if it is not a number), the
    /// volume to at most [`VOLUME_PERCENT_MAX`], `last_server` to an existing
    /// profile (0 when there is none), and the console history to its last
    /// [`CONSOLE_HISTORY_MAX`] lines.
    pub fn sanitized(mut self) -> Self {
        self.board = self.board.sanitized();
        self.sound = self.sound.sanitized();
        self.analysis = self.analysis.sanitized();
        self.last_server = self.last_server.min(self.servers.len().saturating_sub(1));
        let excess = self
            .console_history
            .len()
            .saturating_sub(CONSOLE_HISTORY_MAX);
        self.console_history.drain(..excess);
        self
    }

    /// The profile used last, or `None` if the user removed them all.
    pub fn current_server(&self) -> Option<&ServerProfile> {
        self.servers
            .get(self.last_server)
            .or_else(|| self.servers.first())
    }
}

/// How the board looks and moves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardSettings {
    /// The colours of the squares.
    pub theme: BoardTheme,
    /// A piece's size as a fraction of its square, from 0.5 to 1.0.
    pub piece_scale: f32,
    /// Draw the files and ranks (a–h, 1–8) along the board's edges.
    pub coordinates: bool,
    /// How long a move slides, in milliseconds (0: no animation).
    pub animation_ms: u32,
    /// Mark the squares the picked-up piece can move to.
    pub show_legal_targets: bool,
}

impl Default for BoardSettings {
    fn default() -> Self {
        BoardSettings {
            theme: BoardTheme::default(),
            piece_scale: 0.92,
            coordinates: true,
            animation_ms: 150,
            show_legal_targets: true,
        }
    }
}

impl BoardSettings {
    fn sanitized(mut self) -> Self {
        self.piece_scale = if self.piece_scale.is_nan() {
            BoardSettings::default().piece_scale
        } else {
            self.piece_scale
                .clamp(*PIECE_SCALE_RANGE.start(), *PIECE_SCALE_RANGE.end())
        };
        self
    }
}

/// The colours of the board's squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardTheme {
    #[default]
    Brown,
    Blue,
    Green,
    Grey,
}

impl BoardTheme {
    /// Every theme, in the order a menu shows them.
    pub const ALL: [BoardTheme; 4] = [
        BoardTheme::Brown,
        BoardTheme::Blue,
        BoardTheme::Green,
        BoardTheme::Grey,
    ];

    /// The name shown to the user.
    pub fn label(self) -> &'static str {
        match self {
            BoardTheme::Brown => "Brown",
            BoardTheme::Blue => "Blue",
            BoardTheme::Green => "Green",
            BoardTheme::Grey => "Grey",
        }
    }
}

impl fmt::Display for BoardTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Which moves are announced to a screen reader.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnnounceMoves {
    /// The opponent's moves in your game.
    OwnGame,
    /// Those, and the moves of the observed board with the keyboard.
    #[default]
    FocusedBoard,
    /// None (game starts and ends, offers and low time still are).
    Off,
}

/// How moves are made and games are played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaySettings {
    /// Promote to a queen without asking.
    pub auto_queen: bool,
    /// Allow a move to be made during the opponent's turn, sent as soon as
    /// the opponent has moved.
    pub premove: bool,
    /// Claim a win on time as soon as the opponent's clock runs out.
    pub auto_flag: bool,
    /// Ask before resigning.
    pub confirm_resign: bool,
    /// Typing on the keyboard enters a move on the board that has the
    /// keyboard (`Nf3`, `e2e4`, `O-O`, `N@f3`).
    pub type_in: bool,
    /// Moves said to a screen reader.
    pub announce_moves: AnnounceMoves,
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            auto_queen: false,
            premove: true,
            auto_flag: false,
            confirm_resign: true,
            type_in: true,
            announce_moves: AnnounceMoves::default(),
        }
    }
}

/// Hash sizes the settings accept, in MiB.
pub const HASH_MB_RANGE: std::ops::RangeInclusive<u32> = 1..=4096;
/// Engine threads the settings accept.
pub const THREADS_RANGE: std::ops::RangeInclusive<u32> = 1..=64;

/// Engine analysis beside the boards (a UCI engine such as Stockfish).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnalysisSettings {
    /// New boards show analysis (each board has its own switch too).
    pub on_by_default: bool,
    /// The engine: a program name looked up on `PATH` and in `/usr/games`,
    /// or a path.
    pub engine: String,
    /// Engine threads (one engine process analyses every board).
    pub threads: u32,
    /// The engine's hash table, in MiB.
    pub hash_mb: u32,
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings {
            on_by_default: false,
            engine: "stockfish".to_owned(),
            threads: 1,
            hash_mb: 64,
        }
    }
}

impl AnalysisSettings {
    /// Threads and hash brought into range; an empty engine is Stockfish.
    pub fn sanitized(mut self) -> Self {
        self.threads = self
            .threads
            .clamp(*THREADS_RANGE.start(), *THREADS_RANGE.end());
        self.hash_mb = self
            .hash_mb
            .clamp(*HASH_MB_RANGE.start(), *HASH_MB_RANGE.end());
        if self.engine.trim().is_empty() {
            self.engine = AnalysisSettings::default().engine;
        }
        self
    }
}

/// Which sounds play, and how loud.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundSettings {
    /// Play sounds at all (the switches below apply only when this is on).
    pub enabled: bool,
    /// Loudness from 0 to 100 percent (a larger number in the file is read
    /// as 100, a negative one as 0).
    #[serde(deserialize_with = "lenient_percent")]
    pub volume_percent: u8,
    /// A move is played on a board you play or watch.
    pub on_move: bool,
    /// A move captures a piece.
    pub on_capture: bool,
    /// A move gives check.
    pub on_check: bool,
    /// Your clock runs low.
    pub on_low_time: bool,
    /// One of your games starts or ends.
    pub on_game_start_end: bool,
    /// Someone tells you something directly.
    pub on_tell: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings {
            enabled: true,
            volume_percent: 70,
            on_move: true,
            on_capture: true,
            on_check: true,
            on_low_time: true,
            on_game_start_end: true,
            on_tell: true,
        }
    }
}

impl SoundSettings {
    fn sanitized(mut self) -> Self {
        self.volume_percent = self.volume_percent.min(VOLUME_PERCENT_MAX);
        self
    }
}

/// One server the connect form offers.
///
/// No password is stored here: with `remember_password` on, the password is
/// kept in the operating system's keyring under this profile's address and
/// handle, never in the settings file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ServerProfile {
    /// The name shown in the connect form, e.g. "FICS".
    pub name: String,
    /// Where to connect, as `host:port`.
    pub address: String,
    /// The handle to log in as; empty to log in as a guest.
    pub handle: String,
    /// Speak timeseal, so the server charges each move the time it took on
    /// this machine rather than the network's lag.
    pub timeseal: bool,
    /// Keep the password in the operating system's keyring (never in this
    /// file) and log in without asking.
    pub remember_password: bool,
}

/// The host of a `host:port` server address.
pub fn host_of(server: &str) -> &str {
    server.rsplit_once(':').map_or(server, |(host, _)| host)
}

/// Whether a server is spoken to with timeseal unless the user says
/// otherwise: freechess.org runs it; elsewhere it is off (a server without
/// timeseal would take the hello for a login name). The command line and
/// the connect form follow the same rule.
pub fn timeseal_by_default(server: &str) -> bool {
    let host = host_of(server);
    let host = host.trim().to_ascii_lowercase();
    host == "freechess.org" || host.ends_with(".freechess.org")
}

impl Default for ServerProfile {
    fn default() -> Self {
        ServerProfile {
            name: "FICS".to_owned(),
            address: "freechess.org:5000".to_owned(),
            handle: String::new(),
            timeseal: true,
            remember_password: false,
        }
    }
}

impl ServerProfile {
    /// Whether this profile logs in as a guest.
    pub fn is_guest(&self) -> bool {
        self.handle.trim().is_empty()
    }
}

/// Reads a percentage from any number in the file, clamped to 0..=100, so an
/// out-of-range volume does not make the whole file unreadable.
fn lenient_percent<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    struct Percent;

    impl serde::de::Visitor<'_> for Percent {
        type Value = u8;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a percentage from 0 to 100")
        }

        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<u8, E> {
            Ok(v.clamp(0, i64::from(VOLUME_PERCENT_MAX)) as u8)
        }

        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<u8, E> {
            Ok(v.min(u64::from(VOLUME_PERCENT_MAX)) as u8)
        }

        fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<u8, E> {
            if v.is_nan() {
                return Ok(SoundSettings::default().volume_percent);
            }
            // `as` saturates; the clamp keeps it within 0..=100.
            Ok(v.round().clamp(0.0, f64::from(VOLUME_PERCENT_MAX)) as u8)
        }
    }

    deserializer.deserialize_any(Percent)
}

/// Where the settings live: `$KIBITZ_CONFIG_DIR` if set (tests, portable
/// installs), else the platform's config directory (`~/.config/kibitz` on
/// Linux). `None` only if the platform has no home directory.
pub fn config_dir() -> Option<PathBuf> {
    config_dir_from(std::env::var_os("KIBITZ_CONFIG_DIR"))
}

fn config_dir_from(override_dir: Option<OsString>) -> Option<PathBuf> {
    if let Some(dir) = override_dir.filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Kibitz", "kibitz").map(|d| d.config_dir().to_path_buf())
}

/// `dir/settings.toml`.
pub fn settings_path(dir: &Path) -> PathBuf {
    dir.join(SETTINGS_FILE)
}

/// What [`load`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The settings to use (always usable: the defaults if the file was bad).
    pub settings: Settings,
    /// Something the user should be told, in plain words, e.g. that the
    /// settings file was unreadable and where the old one was kept.
    pub notice: Option<String>,
}

/// Loads the settings from `dir/settings.toml`. Never fails: see the module
/// documentation for what happens to a missing or broken file.
pub fn load(dir: &Path) -> Loaded {
    let path = settings_path(dir);
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            tracing::debug!(path = %path.display(), "no settings file; using defaults");
            return Loaded {
                settings: Settings::default(),
                notice: None,
            };
        }
        Err(e) => {
            tracing::warn!(path = %path.display(), error = %e, "cannot read the settings file");
            return Loaded {
                settings: Settings::default(),
                notice: Some(format!(
                    "Kibitz could not read your settings file {} ({e}), so it started with \
                     the default settings.",
                    path.display()
                )),
            };
        }
    };

    let problem = match String::from_utf8(bytes) {
        Ok(text) => match toml::from_str::<Settings>(&text) {
            Ok(settings) => {
                tracing::debug!(path = %path.display(), "settings loaded");
                return Loaded {
                    settings: settings.sanitized(),
                    notice: None,
                };
            }
            Err(e) => describe_toml_error(&text, &e),
        },
        Err(_) => "it is not UTF-8 text".to_owned(),
    };
    tracing::warn!(path = %path.display(), %problem, "settings file is corrupt; using defaults");

    let notice = match keep_aside(&path) {
        Ok(kept) => format!(
            "Your settings file could not be read ({problem}), so Kibitz started with the \
             default settings. The old file was kept as {}.",
            kept.display()
        ),
        Err(e) => {
            tracing::warn!(path = %path.display(), error = %e, "cannot keep the corrupt settings file aside");
            format!(
                "Your settings file {} could not be read ({problem}), so Kibitz started with \
                 the default settings. The old file could not be kept aside ({e}) and will be \
                 replaced when settings are next saved.",
                path.display()
            )
        }
    };
    Loaded {
        settings: Settings::default(),
        notice: Some(notice),
    }
}

/// "line N, column M: message", on one line.
fn describe_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('\n', " ");
    match error.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("it is not valid TOML: line {line}, column {column}: {message}")
        }
        None => format!("it is not valid TOML: {message}"),
    }
}

/// Moves `path` to `<path>.corrupt-<unix seconds>` (or `...-<seconds>-<n>` if
/// that exists), never overwriting anything, and returns where it went.
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut base = path.as_os_str().to_owned();
    base.push(format!(".corrupt-{secs}"));

    for n in 0u32..10_000 {
        let mut candidate = base.clone();
        if n > 0 {
            candidate.push(format!("-{n}"));
        }
        let candidate = PathBuf::from(candidate);
        // Reserve the name first: `create_new` fails if anything is there, so
        // the rename below only ever replaces our own empty placeholder.
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        // Renaming can fail where copying works (odd file systems); the copy
        // lands in our placeholder, and the original stays.
        if let Err(rename_error) = fs::rename(path, &candidate)
            && fs::copy(path, &candidate).is_err()
        {
            let _ = fs::remove_file(&candidate);
            return Err(rename_error);
        }
        tracing::info!(from = %path.display(), to = %candidate.display(), "kept the corrupt settings file aside");
        return Ok(candidate);
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "too many earlier corrupt settings files",
    ))
}

/// Saves `settings` (sanitized: see [`Settings::sanitized`]) to
/// `dir/settings.toml`, creating `dir` if needed.
///
/// Atomic: writes `settings.toml.tmp-<pid>` in the same directory, syncs it,
/// renames it over `settings.toml` and (on Unix) syncs the directory. On any
/// failure the old file is left as it was and the temporary file is removed.
pub fn save(dir: &Path, settings: &Settings) -> anyhow::Result<()> {
    let text = toml::to_string_pretty(&settings.clone().sanitized())
        .context("cannot write the settings as TOML")?;
    fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the config directory {}", dir.display()))?;

    let path = settings_path(dir);
    let tmp = dir.join(format!("{SETTINGS_FILE}.tmp-{}", std::process::id()));
    let guard = RemoveOnDrop(Some(tmp.clone()));

    let mut file = File::create(&tmp)
        .with_context(|| format!("cannot create the temporary file {}", tmp.display()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("cannot write the temporary file {}", tmp.display()))?;
    drop(file);
    fs::rename(&tmp, &path)
        .with_context(|| format!("cannot move {} over {}", tmp.display(), path.display()))?;
    guard.disarm();

    #[cfg(unix)]
    if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
        // The new file is in place; only its durability across a power cut
        // is in doubt, which is not worth failing the save over.
        tracing::warn!(dir = %dir.display(), error = %e, "cannot sync the config directory");
    }
    tracing::debug!(path = %path.display(), "settings saved");
    Ok(())
}

/// Removes the file when dropped, unless disarmed.
struct RemoveOnDrop(Option<PathBuf>);

impl RemoveOnDrop {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_dir_prefers_the_override() {
        assert_eq!(
            config_dir_from(Some(OsString::from("/tmp/kibitz-portable"))),
            Some(PathBuf::from("/tmp/kibitz-portable"))
        );
    }

    #[test]
    fn an_empty_override_is_ignored() {
        assert_eq!(
            config_dir_from(Some(OsString::new())),
            config_dir_from(None)
        );
    }

    #[test]
    fn settings_path_is_settings_toml_in_the_dir() {
        assert_eq!(
            settings_path(Path::new("/x/y")),
            PathBuf::from("/x/y/settings.toml")
        );
    }

    #[test]
    fn defaults_are_as_documented() {
        let s = Settings::default();
        assert_eq!(s.board.theme, BoardTheme::Brown);
        assert!((s.board.piece_scale - 0.92).abs() < f32::EPSILON);
        assert_eq!(s.board.animation_ms, 150);
        assert_eq!(s.sound.volume_percent, 70);
        assert_eq!(s.servers.len(), 1);
        assert_eq!(s.servers[0].address, "freechess.org:5000");
        assert!(timeseal_by_default("freechess.org:5000"));
        assert!(timeseal_by_default("www.freechess.org"));
        assert!(!timeseal_by_default("127.0.0.1:5000"));
        assert!(!timeseal_by_default("notfreechess.org:5000"));
        assert!(s.servers[0].is_guest());
        assert!(s.servers[0].timeseal);
        assert!(!s.servers[0].remember_password);
        assert_eq!(s.current_server(), s.servers.first());
        assert_eq!(s.clone().sanitized(), s);
    }

    #[test]
    fn sanitized_clamps() {
        let mut s = Settings::default();
        s.board.piece_scale = f32::NAN;
        s.sound.volume_percent = 250;
        s.last_server = 7;
        s.console_history = (0..250).map(|i| i.to_string()).collect();
        let s = s.sanitized();
        assert!((s.board.piece_scale - 0.92).abs() < f32::EPSILON);
        assert_eq!(s.sound.volume_percent, 100);
        assert_eq!(s.last_server, 0);
        assert_eq!(s.console_history.len(), CONSOLE_HISTORY_MAX);
        assert_eq!(s.console_history[0], "50");
        assert_eq!(s.console_history[199], "249");

        let mut s = Settings::default();
        s.servers.clear();
        s.last_server = 3;
        let s = s.sanitized();
        assert_eq!(s.last_server, 0);
        assert_eq!(s.current_server(), None);
    }

    #[test]
    fn volume_reads_any_number() {
        for (text, want) in [
            ("-5", 0),
            ("0", 0),
            ("55", 55),
            ("300", 100),
            ("99999999999", 100),
            ("42.6", 43),
            ("-1.5", 0),
            ("nan", 70),
        ] {
            let s: Settings =
                toml::from_str(&format!("[sound]\nvolume_percent = {text}\n")).expect(text);
            assert_eq!(s.sound.volume_percent, want, "{text}");
        }
        assert!(toml::from_str::<Settings>("[sound]\nvolume_percent = \"loud\"\n").is_err());
    }

    #[test]
    fn toml_errors_name_the_line() {
        let text = "[play]\nauto_queen = maybe\n";
        let Err(e) = toml::from_str::<Settings>(text) else {
            panic!("should not parse");
        };
        let described = describe_toml_error(text, &e);
        assert!(described.contains("line 2"), "{described}");
        assert!(!described.contains('\n'), "{described}");
    }
}
