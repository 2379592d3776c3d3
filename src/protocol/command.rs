//! Typed commands the client sends, and the one line of text each becomes.
//!
//! The server reads one command per `\n`-terminated line and refuses (or
//! drops the connection on) anything outside printable ASCII, so
//! [`Command::to_line`] is the single place that guarantees outbound text is
//! one line of printable ASCII: user text is transliterated where a close
//! ASCII spelling exists, and any control character becomes a space, so text
//! typed into a tell can never smuggle in a second command.

use std::fmt;

use shakmaty::{Color, Role, Square};

use ascii::{chat_text, to_ascii_line};

mod ascii;
mod examine;
pub use examine::ExamineTarget;

/// A password. Kept in its own type so it cannot end up in logs by accident:
/// `Debug` and `Display` print `<password>`, never the text.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a password.
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// The password itself; call only to send it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<password>")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<password>")
    }
}

/// A move in a notation every FICS server accepts: coordinates with a
/// dash (`e2-e4`: FatICS's chess960 takes no other), `o-o` castling and
/// `P@e4` drops. SAN is avoided because `b` is ambiguous (b-pawn or
/// bishop) unless `iset movecase 1` is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText(MoveKind);

/// What a [`MoveText`] says: a piece from one square to another, a
/// castling by its side, a drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    Normal {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
    CastleShort,
    CastleLong,
    Drop {
        role: Role,
        to: Square,
    },
}

impl MoveText {
    /// `e2-e4`, or `e7-e8=q` with a promotion.
    pub fn normal(from: Square, to: Square, promotion: Option<Role>) -> Self {
        Self(MoveKind::Normal {
            from,
            to,
            promotion,
        })
    }

    /// `o-o`. Sent as a word rather than king coordinates so it also works in
    /// wild and Fischer random, where the king may not move two squares.
    pub fn castle_short() -> Self {
        Self(MoveKind::CastleShort)
    }

    /// `o-o-o`, for the same reason as [`MoveText::castle_short`].
    pub fn castle_long() -> Self {
        Self(MoveKind::CastleLong)
    }

    /// A crazyhouse/bughouse drop, `P@e4`.
    pub fn drop(role: Role, to: Square) -> Self {
        Self(MoveKind::Drop { role, to })
    }

    /// What the move says (Kibitz's own referee reads it).
    pub fn kind(self) -> MoveKind {
        self.0
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            MoveKind::Normal {
                from,
                to,
                promotion: None,
            } => write!(f, "{from}-{to}"),
            MoveKind::Normal {
                from,
                to,
                promotion: Some(role),
            } => write!(f, "{from}-{to}={}", role.char()),
            MoveKind::CastleShort => f.write_str("o-o"),
            MoveKind::CastleLong => f.write_str("o-o-o"),
            MoveKind::Drop { role, to } => write!(f, "{}@{to}", role.upper_char()),
        }
    }
}

/// One line of the setup sent right after login, which makes the server's
/// output machine-readable and quiet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetupStep {
    /// `iset block 1`: replies framed with the number of the line they
    /// answer (FatICS, freechess.org; the old FICS only echoes it).
    Block,
    /// `set style 12`: machine-readable `<12>` boards.
    Style12,
    /// `iset nowrap 1`: no server word-wrap with `\   ` continuations.
    NoWrap,
    /// `iset defprompt 1`: the prompt stays `fics% ` whatever the user set.
    DefPrompt,
    /// `iset ms 1`: clock times in milliseconds.
    Ms,
    /// `iset seekinfo 1`: the `<s>`/`<sr>`/`<sc>` seek stream.
    SeekInfo,
    /// `iset seekremove 1`: `<sr>` lines when seeks go away.
    SeekRemove,
    /// `iset pendinfo 1`: `<pf>`/`<pt>`/`<pr>` offer lines.
    PendInfo,
    /// `iset gameinfo 1`: a `<g1>` line when a game starts or is observed.
    GameInfo,
    /// `iset startpos 1`: the starting `<12>` before a wild game's moves.
    StartPos,
    /// `iset pin 1`: `<wa>`/`<wd>` lines when players arrive and leave
    /// (for this session only, unlike the `pin` variable).
    Pin,
    /// `set interface Kibitz <version>`: shown in `finger`.
    Interface,
    /// `set bell 0`: no 0x07 bytes in the stream.
    BellOff,
    /// `set ptime 0`: no clock inside the prompt.
    PtimeOff,
    /// `iset lock 1`: freezes the interface variables.
    Lock,
}

impl fmt::Display for SetupStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            SetupStep::Block => "iset block 1",
            SetupStep::Style12 => "set style 12",
            SetupStep::NoWrap => "iset nowrap 1",
            SetupStep::DefPrompt => "iset defprompt 1",
            SetupStep::Ms => "iset ms 1",
            SetupStep::SeekInfo => "iset seekinfo 1",
            SetupStep::SeekRemove => "iset seekremove 1",
            SetupStep::PendInfo => "iset pendinfo 1",
            SetupStep::GameInfo => "iset gameinfo 1",
            SetupStep::StartPos => "iset startpos 1",
            SetupStep::Pin => "iset pin 1",
            SetupStep::Interface => {
                return write!(f, "set interface Kibitz {}", env!("CARGO_PKG_VERSION"));
            }
            SetupStep::BellOff => "set bell 0",
            SetupStep::PtimeOff => "set ptime 0",
            SetupStep::Lock => "iset lock 1",
        };
        f.write_str(text)
    }
}

/// The setup lines to send, in order, once the session has started.
pub fn setup_sequence() -> Vec<SetupStep> {
    vec![
        // First: the lines after it wait for its answer, and go numbered
        // where the server takes it.
        SetupStep::Block,
        SetupStep::Style12,
        SetupStep::NoWrap,
        SetupStep::DefPrompt,
        SetupStep::Ms,
        SetupStep::SeekInfo,
        SetupStep::SeekRemove,
        SetupStep::PendInfo,
        SetupStep::GameInfo,
        SetupStep::StartPos,
        SetupStep::Pin,
        SetupStep::BellOff,
        SetupStep::PtimeOff,
        SetupStep::Interface,
        // Last on purpose: once locked, the server refuses to change settings
        // for the rest of the session, so anything sent after it would fail.
        // Locking keeps a user's console `iset` from breaking our parser.
        SetupStep::Lock,
    ]
}

/// Showing, adding to or removing from one of the server's lists.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ListOp {
    Show,
    Add(String),
    Remove(String),
}

impl ListOp {
    /// `showlist list`, `addlist list NAME`, `sublist list NAME`: the
    /// commands themselves, not their aliases `=list`, `+list`, `-list`
    /// (the old FICS answers those "Command has failed.").
    fn line(&self, list: &str) -> Result<String, CommandError> {
        Ok(match self {
            ListOp::Show => format!("showlist {list}"),
            ListOp::Add(handle) => {
                check_handle(handle)?;
                format!("addlist {list} {handle}")
            }
            ListOp::Remove(handle) => {
                check_handle(handle)?;
                format!("sublist {list} {handle}")
            }
        })
    }
}

/// What to observe: a game by number, or whatever a player is playing.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ObserveTarget {
    Game(u32),
    Player(String),
}

/// A seek ad: `seek TIME INC rated|unrated [white|black] [m] [f] [LO-HI] [VARIANT]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SeekParams {
    pub time_min: u32,
    pub increment_s: u32,
    pub rated: bool,
    /// The colour we want; `None` lets the server decide.
    pub color: Option<Color>,
    /// A FICS variant such as `crazyhouse`, `suicide` or `wild/fr`.
    pub variant: Option<String>,
    /// Only opponents rated within this range (inclusive) may accept.
    pub rating_range: Option<(u32, u32)>,
    /// Accepting sends us a challenge to confirm instead of starting a game.
    pub manual: bool,
    /// Filter opponents with our `formula` variable.
    pub formula: bool,
}

/// A challenge: `match HANDLE [TIME [INC]] rated|unrated [white|black] [VARIANT]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct MatchParams {
    pub handle: String,
    /// `None` uses the server defaults for both time and increment.
    pub time_min: Option<u32>,
    /// Only allowed together with `time_min`: FICS reads a lone number as the time.
    pub increment_s: Option<u32>,
    pub rated: bool,
    pub color: Option<Color>,
    pub variant: Option<String>,
}

/// Everything the client sends to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The handle at the `login:` prompt, or `guest`.
    Login(String),
    /// The password; never logged (see [`Command::is_sensitive`]).
    Password(Secret),
    /// The empty line that accepts the guest name the server offered.
    EnterAsGuest,
    /// One line of the post-login setup.
    Setup(SetupStep),
    Move(MoveText),
    Observe(ObserveTarget),
    /// `None` stops observing every game.
    Unobserve(Option<u32>),
    /// The move list of a game.
    Moves(u32),
    /// Re-send the current board; `None` for our own game.
    Refresh(Option<u32>),
    Games,
    /// The players online, with their ratings in one category.
    Who(crate::protocol::who::WhoCategory),
    /// A player's profile.
    Finger(String),
    /// `=notify`, `+notify NAME`, `-notify NAME`: the notify list (friends:
    /// told when they arrive and leave).
    Notify(ListOp),
    /// `+gnotify NAME`, `-gnotify NAME`: told when NAME's games start.
    GameNotify(ListOp),
    /// `partner NAME` (offer or accept a bughouse partnership), or
    /// `partner` (end it).
    Partner(Option<String>),
    /// `ptell TEXT`: to the bughouse partner.
    PartnerTell(String),
    /// A player's last games.
    History(String),
    /// A player's journal (kept games in lettered slots).
    Journal(String),
    /// A player's adjourned games.
    Stored(String),
    /// Examine a game on the server.
    Examine(ExamineTarget),
    /// In the game we examine: go forward / back this many half-moves.
    Forward(u32),
    Backward(u32),
    /// Stop examining.
    Unexamine,
    /// Resume our adjourned game with this player: a challenge with no
    /// terms (`match NAME`), which both servers take as the adjourned game
    /// (FatICS has no `resume`, the old FICS's fails).
    Resume(String),
    Seek(SeekParams),
    /// `None` removes all our seeks.
    Unseek(Option<u32>),
    /// Accept seek number N.
    Play(u32),
    Sought,
    Match(MatchParams),
    /// `None` when there is only one offer to answer.
    Accept(Option<u32>),
    Decline(Option<u32>),
    Withdraw(Option<u32>),
    /// `=channel` (None), `+channel N` (join), `-channel N` (leave).
    Channels(Option<(u32, bool)>),
    /// `inchannel N`: who is in channel N.
    InChannel(u32),
    /// `messages` (true: `messages u`, the unread ones only).
    Messages {
        unread: bool,
    },
    /// Withdraw the offers to this player (where offers have no number).
    WithdrawTo(String),
    Draw,
    /// The same game again with the last opponent (`rematch`).
    Rematch,
    Resign,
    Abort,
    Flag,
    Takeback(u32),
    Moretime(u32),
    Tell {
        to: String,
        text: String,
    },
    Say(String),
    Kibitz(String),
    Whisper(String),
    ChannelTell {
        channel: u32,
        text: String,
    },
    /// `date`, to keep the 60-minute idle logout away. Never `$$date`: the
    /// `$$` prefix means "do not reset the idle timer".
    KeepAlive,
    /// Is the server still there? A blank line, which it answers with a
    /// prompt (numbered in block mode, as `$$`: the empty command, which
    /// leaves the idle time alone). See `protocol::liveness`.
    Probe,
    /// A line typed in the console, sent as typed (a leading `$` is kept).
    Raw(String),
}

/// Why a command cannot be sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// A character with no printable-ASCII spelling.
    #[error("cannot send {0:?}: the server accepts printable ASCII only")]
    NotAscii(char),
    #[error("invalid handle {0:?}: a handle is 1 to 17 ASCII letters")]
    BadHandle(String),
    /// Deliberately carries nothing from the password.
    #[error("the password must be non-empty printable ASCII")]
    BadPassword,
    #[error("the message is empty")]
    EmptyText,
    #[error("no channel {0}: channels are 0 to 255")]
    BadChannel(u32),
    #[error("invalid variant {0:?}: use words of letters, digits and '/'")]
    BadVariant(String),
    #[error("empty rating range {0}-{1}")]
    BadRatingRange(u32, u32),
    #[error("an increment needs a time")]
    IncrementWithoutTime,
}

/// FICS handles are at most this long.
const MAX_HANDLE_LEN: usize = 17;
/// The highest FICS channel number.
const MAX_CHANNEL: u32 = 255;

impl Command {
    /// `tell TO TEXT` (a bot's command: `tell relay listgames`).
    pub fn tell(to: &str, text: &str) -> Command {
        Command::Tell {
            to: to.to_owned(),
            text: text.to_owned(),
        }
    }

    /// The line to send, without its newline, or why it cannot be sent.
    pub fn to_line(&self) -> Result<String, CommandError> {
        Ok(match self {
            Command::Login(handle) => {
                check_handle(handle)?;
                handle.clone()
            }
            Command::Password(secret) => {
                check_password(secret.expose())?;
                secret.expose().to_owned()
            }
            Command::EnterAsGuest => String::new(),
            Command::Setup(step) => step.to_string(),
            Command::Move(mv) => mv.to_string(),
            Command::Observe(ObserveTarget::Game(n)) => format!("observe {n}"),
            Command::Observe(ObserveTarget::Player(handle)) => {
                check_handle(handle)?;
                format!("observe {handle}")
            }
            Command::Unobserve(game) => with_number("unobserve", *game),
            Command::Moves(n) => format!("moves {n}"),
            Command::Refresh(game) => with_number("refresh", *game),
            Command::Games => "games".to_owned(),
            Command::Who(category) => format!("who {}", category.letter()),
            Command::Finger(handle) => {
                check_handle(handle)?;
                format!("finger {handle}")
            }
            Command::History(handle) => {
                check_handle(handle)?;
                format!("history {handle}")
            }
            Command::Journal(handle) => {
                check_handle(handle)?;
                format!("journal {handle}")
            }
            Command::Stored(handle) => {
                check_handle(handle)?;
                format!("stored {handle}")
            }
            Command::Examine(target) => target.line()?,
            Command::Forward(n) => format!("forward {n}"),
            Command::Backward(n) => format!("backward {n}"),
            Command::Unexamine => "unexamine".to_owned(),
            Command::Resume(handle) => {
                check_handle(handle)?;
                format!("match {handle}")
            }
            Command::Notify(op) => op.line("notify")?,
            Command::Partner(None) => "partner".to_owned(),
            Command::Partner(Some(handle)) => {
                check_handle(handle)?;
                format!("partner {handle}")
            }
            Command::PartnerTell(text) => format!("ptell {}", to_ascii_line(text)?),
            Command::GameNotify(op) => op.line("gnotify")?,
            Command::Seek(params) => seek_line(params)?,
            Command::Unseek(n) => with_number("unseek", *n),
            Command::Play(n) => format!("play {n}"),
            Command::Sought => "sought".to_owned(),
            Command::Match(params) => match_line(params)?,
            Command::Accept(n) => with_number("accept", *n),
            Command::Decline(n) => with_number("decline", *n),
            Command::Withdraw(n) => with_number("withdraw", *n),
            // (The commands, not the `=`, `+`, `-` aliases: see `ListOp`.)
            Command::Channels(None) => "showlist channel".to_owned(),
            Command::InChannel(channel) => format!("inchannel {channel}"),
            Command::Messages { unread: false } => "messages".to_owned(),
            Command::Messages { unread: true } => "messages u".to_owned(),
            Command::Channels(Some((channel, true))) => format!("addlist channel {channel}"),
            Command::Channels(Some((channel, false))) => format!("sublist channel {channel}"),
            Command::WithdrawTo(handle) => {
                check_handle(handle)?;
                format!("withdraw {handle}")
            }
            Command::Draw => "draw".to_owned(),
            Command::Rematch => "rematch".to_owned(),
            Command::Resign => "resign".to_owned(),
            Command::Abort => "abort".to_owned(),
            Command::Flag => "flag".to_owned(),
            Command::Takeback(n) => format!("takeback {n}"),
            Command::Moretime(n) => format!("moretime {n}"),
            Command::Tell { to, text } => {
                check_handle(to)?;
                format!("tell {to} {}", chat_text(text)?)
            }
            Command::Say(text) => format!("say {}", chat_text(text)?),
            Command::Kibitz(text) => format!("kibitz {}", chat_text(text)?),
            Command::Whisper(text) => format!("whisper {}", chat_text(text)?),
            Command::ChannelTell { channel, text } => {
                if *channel > MAX_CHANNEL {
                    return Err(CommandError::BadChannel(*channel));
                }
                format!("tell {channel} {}", chat_text(text)?)
            }
            Command::KeepAlive => "date".to_owned(),
            Command::Probe => String::new(),
            Command::Raw(text) => to_ascii_line(text)?,
        })
    }

    /// True when the line must be masked in logs and transcripts.
    pub fn is_sensitive(&self) -> bool {
        matches!(self, Command::Password(_))
    }
}

/// `word` or `word N`.
fn with_number(word: &str, number: Option<u32>) -> String {
    match number {
        Some(n) => format!("{word} {n}"),
        None => word.to_owned(),
    }
}

fn rated_word(rated: bool) -> &'static str {
    if rated { "rated" } else { "unrated" }
}

fn color_word(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn seek_line(params: &SeekParams) -> Result<String, CommandError> {
    let mut words = vec![
        "seek".to_owned(),
        params.time_min.to_string(),
        params.increment_s.to_string(),
        rated_word(params.rated).to_owned(),
    ];
    if let Some(color) = params.color {
        words.push(color_word(color).to_owned());
    }
    if params.manual {
        words.push("m".to_owned());
    }
    if params.formula {
        words.push("f".to_owned());
    }
    if let Some((low, high)) = params.rating_range {
        if low > high {
            return Err(CommandError::BadRatingRange(low, high));
        }
        words.push(format!("{low}-{high}"));
    }
    if let Some(variant) = &params.variant {
        words.push(variant_words(variant)?);
    }
    Ok(words.join(" "))
}

fn match_line(params: &MatchParams) -> Result<String, CommandError> {
    check_handle(&params.handle)?;
    let mut words = vec!["match".to_owned(), params.handle.clone()];
    match (params.time_min, params.increment_s) {
        (Some(time), Some(inc)) => {
            words.push(time.to_string());
            words.push(inc.to_string());
        }
        (Some(time), None) => words.push(time.to_string()),
        (None, Some(_)) => return Err(CommandError::IncrementWithoutTime),
        (None, None) => {}
    }
    // Always explicit: for registered players the server defaults to rated.
    words.push(rated_word(params.rated).to_owned());
    if let Some(color) = params.color {
        words.push(color_word(color).to_owned());
    }
    if let Some(variant) = &params.variant {
        words.push(variant_words(variant)?);
    }
    Ok(words.join(" "))
}

/// A variant is one or more words of ASCII letters, digits and `/`
/// (`crazyhouse`, `wild/fr`, `wild 5`); whitespace is normalised to single
/// spaces. Anything else could be read by the server as another seek option.
fn variant_words(variant: &str) -> Result<String, CommandError> {
    let words: Vec<&str> = variant.split_whitespace().collect();
    let valid = !words.is_empty()
        && words
            .iter()
            .all(|w| w.chars().all(|c| c.is_ascii_alphanumeric() || c == '/'));
    if valid {
        Ok(words.join(" "))
    } else {
        Err(CommandError::BadVariant(variant.to_owned()))
    }
}

/// FICS handles: 1 to 17 ASCII letters. `guest` passes too, being letters.
fn check_handle(handle: &str) -> Result<(), CommandError> {
    let valid = (1..=MAX_HANDLE_LEN).contains(&handle.len())
        && handle.bytes().all(|b| b.is_ascii_alphabetic());
    if valid {
        Ok(())
    } else {
        Err(CommandError::BadHandle(handle.to_owned()))
    }
}

/// Any printable ASCII, but nothing to transliterate: a changed password is a
/// wrong password. Empty is refused because an empty line at the password
/// prompt means "not my name", not "empty password".
fn check_password(password: &str) -> Result<(), CommandError> {
    let valid = !password.is_empty() && password.bytes().all(|b| matches!(b, b' '..=b'~'));
    if valid {
        Ok(())
    } else {
        Err(CommandError::BadPassword)
    }
}

#[cfg(test)]
mod tests;
