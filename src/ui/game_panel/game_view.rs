//! A game panel's state kept between frames ([`GameView`]), what it gets
//! for a frame ([`PanelContext`]) and what it asks of the app ([`Action`]):
//! the types the panel's files (`game_panel.rs`, `moves/list.rs`,
//! `analysis/panel.rs`) and the app share.

use crate::game::offers::PendingOffer;
use shakmaty::{Move, Setup};

use crate::game::Now;
use crate::protocol::command::Command;
use crate::ui::analysis::view::{AnalysisFrame, AnalysisView};
use crate::ui::board::pieces::PieceCache;
use crate::ui::board::{BoardState, Slide};

/// What a panel asks the app to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Send a command to the server.
    Send(Command),
    /// Play this move in this game.
    Move { game: u32, mv: Move },
    /// The user closed the panel.
    Close { game: u32 },
    /// Stop observing; the board stays, marked.
    Unobserve { game: u32 },
    /// Show this game alone (again: back to all games).
    Maximize { game: u32 },
    /// Move this game into an OS window of its own (again: dock it back).
    Detach { game: u32 },
    /// Open this player's card (finger and history).
    Profile { handle: String },
    /// Examine this finished game of ours on the server.
    Examine { game: u32 },
    /// Say this to the user (the live region): a typed move refused.
    Say(String),
    /// An arrow or circle drawn on this game's board (toggled).
    Mark {
        game: u32,
        mark: crate::protocol::marks::Mark,
    },
    /// Open a game of the archive on a review board (read from its file).
    OpenListed(Box<crate::archive::listed::ListedGame>),
    /// This game (with the lines tried on it) on a board of its own, to
    /// study: a copy.
    Analyse { game: u32 },
    /// On a review board: line `line` becomes the game's moves.
    Promote { game: u32, line: usize },
    /// The position editor, on this position (FEN).
    SetUp(String),
    /// Play the computer from the position shown (FEN) of this game.
    PlayFrom { game: u32, fen: String },
}

/// How long a chat line stays on its board.
pub const CHAT_ON_TILE: std::time::Duration = std::time::Duration::from_secs(8);

/// A panel's own state, kept between frames.
#[derive(Debug, Clone, Default)]
pub struct GameView {
    pub board: BoardState,
    /// The user turned the board around.
    pub flipped: bool,
    /// Showing the position after this many plies of the history (0: the
    /// position before its first move), not the live one.
    pub browse: Option<usize>,
    /// The `browse` the move list last scrolled to (a new one is scrolled
    /// into view: by the keys, the graph, the other board of a pair).
    pub listed: Option<usize>,
    /// The premoves queued, in the order they are to be played (one
    /// unless the queue is on, at most [`MAX_PREMOVES`]).
    pub premoves: Vec<Move>,
    /// The button row shown under the board, and since when.
    pub buttons_shown: Option<(ButtonRow, Now)>,
    /// Our move, shown until the server's board confirms or refuses it.
    pub pending: Option<(Move, Setup)>,
    /// Why the last move tried was not made (the rules' reason, or the
    /// server's refusal), shown on the board until its next board.
    pub refusal: Option<String>,
    /// The last chat line of this board (a kibitz; a tell while playing)
    /// and when it came: shown on the board for [`CHAT_ON_TILE`].
    pub chat: Option<(String, Now)>,
    /// The opponent's last move sliding in, and when it started.
    pub slide: Option<(Slide, Now)>,
    /// The board's side in points as last drawn (0: not drawn yet).
    pub board_side: f32,
    /// Resign or Abort waiting for its confirming second click.
    pub confirm: crate::ui::game_panel::confirm::Confirm,
    /// A move being typed on the keyboard.
    pub type_in: crate::ui::board::type_in::TypeIn,
    /// Engine analysis: the switch, the previewed line, the last shown.
    pub analysis: AnalysisView,
    /// A review board's review (the pass asked for, its positions).
    pub review: crate::game::review::ReviewPlan,
    /// A bughouse review board's place on its two boards' time line.
    pub timeline: Option<TimelineBar>,
    /// The pieces in hand to show (pawn, knight, bishop, rook, queen),
    /// where the app knows better than the position shown: a bughouse
    /// review's step.
    pub in_hand: Option<shakmaty::ByColor<[u8; 5]>>,
    /// The move of the opening tree whose games are listed (its SAN).
    pub tree_move: Option<String>,
    /// Moves the user tried on this board (not their live game): lines
    /// off the game's moves.
    pub variations: crate::game::variation::Variations,
    /// The board shows a tried line: which, and after how many of its
    /// moves (1 or more). None: the game's own moves (`browse`).
    pub line: Option<(usize, usize)>,
}

impl GameView {
    /// Where the board is, as the variations say it.
    pub fn at(&self, game_moves: usize) -> crate::game::variation::At {
        use crate::game::variation::At;
        match self.line {
            Some((line, plies)) => At::Line { line, plies },
            None => At::Game(self.browse.unwrap_or(game_moves)),
        }
    }

    /// Goes where `at` says (a position of the game's: `browse`, None at
    /// its last move).
    pub fn go(&mut self, at: crate::game::variation::At, game_moves: usize) {
        use crate::game::variation::At;
        match at {
            At::Line { line, plies } => self.line = Some((line, plies)),
            At::Game(plies) => {
                self.line = None;
                self.browse = (plies < game_moves).then_some(plies);
            }
        }
    }

    /// The position of the tried line shown, if one is.
    pub fn line_position(&self) -> Option<&Setup> {
        let (line, plies) = self.line?;
        self.variations
            .position(crate::game::variation::At::Line { line, plies })
    }
}

/// The time line of a bughouse game's two review boards, as one board's
/// panel shows it: set by the app each frame; the panel asks to `go`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineBar {
    /// Moves of both boards shown, of `len`.
    pub step: usize,
    pub len: usize,
    /// `23 of 61: 12a. N@f7`.
    pub label: String,
    /// The step the user asked for.
    pub go: Option<usize>,
}

/// Which buttons a panel shows under its board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonRow {
    Empty,
    /// Forward, back ... of a game examined on the server.
    Examine,
    /// A bughouse review's time line.
    Timeline,
    /// A review's row.
    Review,
    /// Rematch, Seek again, Examine after a game of ours.
    AfterGame,
    /// Draw, Resign ... in a game of ours.
    Game,
}

/// Premoves queued on one board at most.
pub const MAX_PREMOVES: usize = 8;

/// Settings a panel follows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PanelSettings {
    pub auto_queen: bool,
    pub premove: bool,
    pub premove_queue: bool,
    pub style: crate::ui::board::BoardStyle,
    pub animation_secs: f32,
    /// Resigning, and aborting a rated game, take a second click.
    pub confirm_resign: bool,
    /// Typed moves on the board with the keyboard.
    pub type_in: bool,
    /// The engine's best move drawn as an arrow.
    pub best_move_arrow: bool,
    /// The low-time mark the user set, in seconds (0: automatic).
    pub low_time_seconds: u32,
}

impl From<&crate::config::Settings> for PanelSettings {
    fn from(settings: &crate::config::Settings) -> Self {
        PanelSettings {
            auto_queen: settings.play.auto_queen,
            premove: settings.play.premove,
            premove_queue: settings.play.premove_queue,
            style: crate::ui::board::BoardStyle::from(&settings.board),
            animation_secs: settings.board.animation_ms as f32 / 1000.0,
            confirm_resign: settings.play.confirm_resign,
            type_in: settings.play.type_in,
            best_move_arrow: settings.analysis.arrow,
            low_time_seconds: settings.alerts.low_time_seconds,
        }
    }
}

/// Everything one panel needs for a frame.
pub struct PanelContext<'a> {
    pub now: Now,
    pub settings: PanelSettings,
    pub offers: &'a [PendingOffer],
    pub cache: &'a mut PieceCache,
    /// The game the keyboard acts on: its tile shows its controls.
    pub focused: Option<u32>,
    /// The game typed moves go to (a live game of ours).
    pub keyboard: Option<u32>,
    /// Engine results and status in; the boards that want analysis out.
    pub analysis: AnalysisFrame<'a>,
    /// The partner tell buttons of a bughouse game of ours.
    pub ptells: &'a [String],
    /// The bughouse partner's last tell: who and what.
    pub partner_said: Option<(&'a str, &'a str)>,
    /// Our bughouse partner, while partnered.
    pub partner: Option<&'a str>,
    /// Our finished games can be examined (we are logged in and examine
    /// nothing else).
    pub examinable: bool,
    /// The user's games as an opening tree, once built (review boards
    /// show it).
    pub opening_tree: Option<&'a crate::archive::tree::OpeningTree>,
    /// The server's name (a game copied as PGN names it).
    pub server: &'a str,
    /// The link is in doubt: "no answer from the server for 14 s", over
    /// every live board (a quiet game must not pass for a live one).
    pub link_quiet: Option<String>,
}
