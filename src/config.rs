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

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

mod alerts;
pub mod computer;
mod file;

pub use alerts::{AlertSettings, LOW_TIME_SECONDS_MAX, automatic_low_time_ms, low_mark_ms};
pub use file::{Loaded, config_dir, load, save, settings_path, write_atomically};

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
    /// The desktop's notifications, kind by kind, and the low-time mark.
    pub alerts: AlertSettings,
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
    /// Show the time (the user's clock) beside each console line.
    pub console_times: bool,
    /// Light or dark windows, or as the system says.
    pub appearance: Appearance,
    /// PGN files of other games listed in My games beside the archive
    /// (indexed by Kibitz, never written to).
    pub collections: Vec<Collection>,
    /// The last game against the computer's terms, offered again.
    pub computer: crate::config::computer::ComputerTerms,
}

/// A PGN file the user added to My games, under a name of their choice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collection {
    pub name: String,
    pub path: std::path::PathBuf,
}

/// The windows' colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Appearance {
    /// As the operating system says (dark where it says nothing).
    #[default]
    System,
    Light,
    Dark,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board: BoardSettings::default(),
            play: PlaySettings::default(),
            sound: SoundSettings::default(),
            analysis: AnalysisSettings::default(),
            attention: true,
            alerts: AlertSettings::default(),
            servers: vec![ServerProfile::default()],
            last_server: 0,
            console_history: Vec::new(),
            archive_games: true,
            appearance: Appearance::System,
            log_to_file: true,
            console_times: true,
            collections: Vec::new(),
            computer: crate::config::computer::ComputerTerms::default(),
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
        self.alerts = self.alerts.sanitized();
        self.computer = self.computer.sanitized();
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
    /// How the pieces are drawn.
    pub pieces: PieceSet,
    /// A piece's size as a fraction of its square, from 0.5 to 1.0.
    pub piece_scale: f32,
    /// Draw the files and ranks (a–h, 1–8) along the board's edges.
    pub coordinates: bool,
    /// How long a move slides, in milliseconds (0: no animation).
    pub animation_ms: u32,
    /// Mark the squares the picked-up piece can move to.
    pub show_legal_targets: bool,
    /// The light and dark squares' colours (sRGB) of the `Custom` theme.
    pub custom_light: [u8; 3],
    pub custom_dark: [u8; 3],
}

impl Default for BoardSettings {
    fn default() -> Self {
        BoardSettings {
            theme: BoardTheme::default(),
            pieces: PieceSet::default(),
            piece_scale: 0.92,
            coordinates: true,
            animation_ms: 150,
            show_legal_targets: true,
            custom_light: [0xF0, 0xD9, 0xB5],
            custom_dark: [0x94, 0x6F, 0x51],
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
    Purple,
    Ice,
    Olive,
    Coral,
    /// The user's own two colours.
    Custom,
}

impl BoardTheme {
    /// Every theme, in the order a menu shows them.
    pub const ALL: [BoardTheme; 9] = [
        BoardTheme::Brown,
        BoardTheme::Blue,
        BoardTheme::Green,
        BoardTheme::Grey,
        BoardTheme::Purple,
        BoardTheme::Ice,
        BoardTheme::Olive,
        BoardTheme::Coral,
        BoardTheme::Custom,
    ];

    /// The name shown to the user.
    pub fn label(self) -> &'static str {
        match self {
            BoardTheme::Brown => "Brown",
            BoardTheme::Blue => "Blue",
            BoardTheme::Green => "Green",
            BoardTheme::Grey => "Grey",
            BoardTheme::Purple => "Purple",
            BoardTheme::Ice => "Ice",
            BoardTheme::Olive => "Olive",
            BoardTheme::Coral => "Coral",
            BoardTheme::Custom => "Your colours",
        }
    }
}

impl fmt::Display for BoardTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The drawings of the pieces (`assets/pieces/<name>`, whose authors and
/// licences are in `assets/pieces/LICENSES.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PieceSet {
    /// Drawn for Kibitz.
    #[default]
    Kibitz,
    Cburnett,
    Merida,
    Xboard,
    GnomeFancy,
    GnomeSimple,
    Fantasy,
    Celtic,
    Spatial,
}

impl PieceSet {
    /// Every set, in the order Settings shows them.
    pub const ALL: [PieceSet; 9] = [
        PieceSet::Kibitz,
        PieceSet::Cburnett,
        PieceSet::Merida,
        PieceSet::Xboard,
        PieceSet::GnomeFancy,
        PieceSet::GnomeSimple,
        PieceSet::Fantasy,
        PieceSet::Celtic,
        PieceSet::Spatial,
    ];

    /// The name shown to the user.
    pub fn label(self) -> &'static str {
        match self {
            PieceSet::Kibitz => "Kibitz",
            PieceSet::Cburnett => "Cburnett",
            PieceSet::Merida => "Merida",
            PieceSet::Xboard => "XBoard",
            PieceSet::GnomeFancy => "Fancy",
            PieceSet::GnomeSimple => "Simple",
            PieceSet::Fantasy => "Fantasy",
            PieceSet::Celtic => "Celtic",
            PieceSet::Spatial => "Spatial",
        }
    }
}

impl fmt::Display for PieceSet {
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
    /// Several premoves queued (Free Chess Club's and Raptor's queue),
    /// played in order while each is legal; off: one, a new one replacing it.
    pub premove_queue: bool,
    /// Claim a win on time as soon as the opponent's clock runs out.
    pub auto_flag: bool,
    /// Ask before resigning.
    pub confirm_resign: bool,
    /// Typing on the keyboard enters a move on the board that has the
    /// keyboard (`Nf3`, `e2e4`, `O-O`, `N@f3`).
    pub type_in: bool,
    /// Moves said to a screen reader.
    pub announce_moves: AnnounceMoves,
    /// The buttons under the user's bughouse board, each a `ptell` to the
    /// partner (editable in the settings).
    pub ptell_buttons: Vec<String>,
}

/// The usual bughouse partner tells.
pub fn default_ptells() -> Vec<String> {
    [
        "sit",
        "go",
        "trade",
        "no trade",
        "need P",
        "need N",
        "need B",
        "need R",
        "need Q",
        "don't give P",
        "don't give N",
        "don't give B",
        "don't give R",
        "don't give Q",
    ]
    .map(str::to_owned)
    .to_vec()
}

impl Default for PlaySettings {
    fn default() -> Self {
        PlaySettings {
            auto_queen: false,
            premove: true,
            premove_queue: false,
            auto_flag: false,
            confirm_resign: true,
            type_in: true,
            announce_moves: AnnounceMoves::default(),
            ptell_buttons: default_ptells(),
        }
    }
}

/// Hash sizes the settings accept, in MiB.
pub const HASH_MB_RANGE: std::ops::RangeInclusive<u32> = 1..=4096;
/// A review's time per position the settings accept, in milliseconds.
pub const REVIEW_MS_RANGE: std::ops::RangeInclusive<u32> = 100..=10_000;
/// Engine threads the settings accept.
pub const THREADS_RANGE: std::ops::RangeInclusive<u32> = 1..=64;
/// The engine lines one may ask for.
pub const LINES_RANGE: std::ops::RangeInclusive<u8> = 1..=5;

/// Engine analysis beside the boards (a UCI engine such as Stockfish).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnalysisSettings {
    /// New boards show analysis (each board has its own switch too).
    pub on_by_default: bool,
    /// The engine: a program name looked up on `PATH` and in `/usr/games`,
    /// or a path.
    pub engine: String,
    /// The engine for the variants (crazyhouse, suicide, losers, atomic),
    /// found like `engine`: Fairy-Stockfish by default.
    pub variant_engine: String,
    /// Engine threads (one engine process analyses every board).
    pub threads: u32,
    /// The engine's hash table, in MiB.
    pub hash_mb: u32,
    /// A review's look at each position of the game, in milliseconds.
    pub review_ms: u32,
    /// The engine's lines shown on the board looked at (MultiPV).
    pub lines: u8,
    /// The engine's best move drawn as an arrow on the board.
    pub arrow: bool,
}

impl Default for AnalysisSettings {
    fn default() -> Self {
        AnalysisSettings {
            on_by_default: false,
            engine: "stockfish".to_owned(),
            variant_engine: "fairy-stockfish".to_owned(),
            threads: 1,
            hash_mb: 64,
            review_ms: 500,
            lines: 3,
            arrow: true,
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
        self.review_ms = self
            .review_ms
            .clamp(*REVIEW_MS_RANGE.start(), *REVIEW_MS_RANGE.end());
        self.lines = self.lines.clamp(*LINES_RANGE.start(), *LINES_RANGE.end());
        if self.engine.trim().is_empty() {
            self.engine = AnalysisSettings::default().engine;
        }
        if self.variant_engine.trim().is_empty() {
            self.variant_engine = AnalysisSettings::default().variant_engine;
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
    /// A move is played in your game.
    pub on_move: bool,
    /// Moves on the watched board that has the keyboard (or is shown
    /// alone) sound too; off by default: a wall of boards must not clatter.
    pub on_watched_move: bool,
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
            on_watched_move: false,
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

#[cfg(test)]
mod tests {
    use super::*;

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
        s.analysis.threads = 0;
        s.analysis.hash_mb = 1_000_000;
        s.analysis.engine = "  ".into();
        s.analysis.review_ms = 0;
        let s = s.sanitized();
        assert_eq!(s.analysis.review_ms, 100);
        assert_eq!(s.analysis.threads, 1);
        assert_eq!(s.analysis.hash_mb, 4096);
        assert_eq!(s.analysis.engine, "stockfish");

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
}
