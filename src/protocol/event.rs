//! Everything the protocol core reports, one typed value per happening.

use super::adjourned::AdjournedLine;
use super::bots::BotLine;
use super::chat::ChatLine;
use super::compressed_move::CompressedMove;
use super::finger::Finger;
use super::framing::Prompt;
use super::gameinfo::GameInfo;
use super::games_list::{GamesEnd, GamesEntry};
use super::history::HistoryLine;
use super::holdings::Holdings;
use super::journal::JournalLine;
use super::message::Message;
use super::movelist::MoveList;
use super::notice::Notice;
use super::notify::GameNotification;
use super::offer::OfferLine;
use super::partnership::Partnership;
use super::pending::PendingLine;
use super::presence::Presence;
use super::reply::Reply;
use super::seek::{Seek, SeekLine};
use super::style12::Style12;
use super::timeseal::TimesealVersion;
use super::who::{WhoEnd, WhoEntry};

/// One decoded piece of server output, or a change of session state.
///
/// Every line of human-readable server text is reported as [`Event::Text`]
/// (the console shows it), and, where it means something, also as a typed
/// event right after it. Machine lines (`<12>`, `<s>` ...) are reported only
/// typed. Nothing is dropped: a machine line that does not parse is
/// [`Event::Unparsed`].
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A line of server text for the console.
    Text(String),
    /// A line of the server's answer to a request of Kibitz's own (the
    /// set-up's `ms set.`, the lobby's `games`, a card's `finger`):
    /// housekeeping for the log, not the console.
    OwnReply(String),
    /// A request's reply, read whole and addressed to its id (after its
    /// lines): only for requests somebody waits on.
    Reply(Box<Reply>),
    /// A line that looked like a machine line but could not be read.
    Unparsed {
        line: String,
        error: String,
    },
    /// A line longer than the framer keeps; only its beginning is here.
    LineCut {
        head: String,
    },
    /// The server waits for input at a prompt.
    Prompt(Prompt),
    /// Telnet echo: `true` while a password is being asked for.
    Echo {
        server_echoes: bool,
    },
    /// A timeseal ping (the session answers it by itself).
    Ping(TimesealVersion),
    /// Block mode: a command's reply starts / ends.
    BlockStart {
        id: u32,
        code: u32,
    },
    BlockEnd,
    /// Logged in as `handle` (the server may have renamed a guest).
    LoggedIn {
        handle: String,
        titles: Vec<String>,
    },
    /// Login failed; the session will not retry by itself.
    LoginFailed {
        reason: String,
    },
    /// The server took the timeseal hello for a login name (or said it does
    /// not know the version): this session is closed, and a new connection
    /// without timeseal is the way in.
    TimesealRefused {
        text: String,
    },
    /// The server has said nothing since `heard_at`, not even to the
    /// session's question (see `liveness.rs`): the user is told.
    LinkQuiet {
        heard_at: std::time::Duration,
    },
    /// The server spoke again after [`Event::LinkQuiet`].
    LinkHeard,
    /// The server did not answer for `silent`: the link is dead, and the
    /// session closed (the network thread reconnects).
    LinkLost {
        silent: std::time::Duration,
    },
    /// A style-12 board.
    Board(Box<Style12>),
    /// `<b1>` holdings of a crazyhouse or bughouse game.
    Holdings(Holdings),
    /// `<g1>` game information.
    GameInfo(GameInfo),
    /// The seek stream: `<sc>`, `<s>`/`<sn>`, `<sr>`.
    Seek(SeekLine),
    /// One line of `sought` output.
    SoughtEntry(Seek),
    /// `N ads displayed.`
    SoughtEnd {
        count: u32,
    },
    /// Offers: `<pf>`, `<pt>`, `<pr>`.
    Offer(OfferLine),
    /// A complete `moves N` list.
    MoveList(Box<MoveList>),
    /// One line of `games` output.
    GamesEntry(GamesEntry),
    /// The end of `games` output.
    GamesEnd(GamesEnd),
    /// Players of one line of a `who` listing.
    WhoEntries(Vec<WhoEntry>),
    /// The end of a `who` listing.
    WhoEnd(WhoEnd),
    /// A player arrived or left (pin or notify lines).
    Presence(Presence),
    /// At login: the players of our notify list who are online.
    PresentCompany(Vec<String>),
    /// A `finger` reply, complete (at the prompt after it).
    Finger(Box<Finger>),
    /// A line of a `history` reply.
    History(HistoryLine),
    /// A line of a `journal` reply.
    Journal(JournalLine),
    /// Our notify list (`=notify`): the friends.
    NotifyList(Vec<String>),
    /// A player was added to (true) or removed from our notify list.
    NotifyChange {
        handle: String,
        added: bool,
    },
    /// A player was added to (true) or removed from our game-notify list
    /// (`gnotify`: told when their games start).
    GameNotifyChange {
        handle: String,
        added: bool,
    },
    /// A game of a player on our game-notify list started.
    GameNotification(GameNotification),
    /// A bughouse partnership formed or ended, or our partner's game began.
    Partnership(Partnership),
    /// Adjourned games: their opponents online, the `stored` list.
    Adjourned(AdjournedLine),
    /// A prose line that means something (game end, observation, offers ...).
    Message(Message),
    /// A chat line: a tell, a channel tell, a shout, a game's kibitz ...
    Chat(Box<ChatLine>),
    /// `=channel`: the channels the user is in.
    ChannelList(Vec<u32>),
    /// `inchannel N`: who is in the channel (an empty list: nobody).
    InChannel {
        channel: u32,
        members: Vec<String>,
    },
    /// Messages left for the user: the count at login, a `messages` line.
    Messages(super::messages::MessagesLine),
    /// The user joined (or left) a channel.
    ChannelChange {
        channel: u32,
        joined: bool,
    },
    /// The server will not do what the user asked (the player is not
    /// online, the seek is gone ...), confirms a setting, or tells news of
    /// the player the user follows.
    Notice(Notice),
    /// A line of the `pending` list.
    Pending(PendingLine),
    /// A line of an event bot's qtell: relayed tournaments, the TD bots'
    /// tournaments, King of the Hill.
    Bot(BotLine),
    /// `<d1>`: a move in few bytes (`iv_compressmove`; Kibitz asks for
    /// boards instead).
    CompressedMove(CompressedMove),
    /// `showlist NAME`'s header: `-- td list: 83 names --`.
    ShowList {
        list: String,
        count: u32,
    },
    /// A line of names of that list.
    ShowListNames {
        list: String,
        names: Vec<String>,
    },
}
