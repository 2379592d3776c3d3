//! A request: one command sent to the server, with the id its reply comes
//! back addressed to and who asked (the user, whose replies the console
//! shows, or Kibitz itself, whose replies go to the part that asked).

use super::command::{Command, ListOp, ObserveTarget};

/// The id a reply is addressed to. Given by whoever sends the request
/// (the window numbers its own); [`RequestId::UNROUTED`] is for requests
/// nobody waits on (the user's commands, the session's set-up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct RequestId(pub u64);

impl RequestId {
    /// A request whose reply nobody waits for.
    pub const UNROUTED: RequestId = RequestId(0);
}

/// Who asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The user (the console, a button): the reply is shown.
    User,
    /// Kibitz's own housekeeping (the set-up, the lobby's lists, a card's
    /// finger): the reply goes to the part that asked, and the log.
    Kibitz,
}

/// A command and where its reply goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub id: RequestId,
    pub origin: Origin,
    pub command: Command,
    /// Sent after the set-up even though the user asked (an `observe`
    /// given on the command line needs style 12 on).
    pub after_setup: bool,
}

impl Request {
    /// A request of Kibitz's own, its reply addressed to `id`.
    pub fn kibitz(id: RequestId, command: Command) -> Self {
        Request {
            id,
            origin: Origin::Kibitz,
            command,
            after_setup: true,
        }
    }

    /// A command of the user's that needs the set-up done first (the
    /// games to observe given on the command line): shown like any other.
    pub fn user_after_setup(command: Command) -> Self {
        Request {
            after_setup: true,
            ..Request::from(command)
        }
    }

    /// What reply the command gets (how it is told apart without block mode).
    pub fn kind(&self) -> ReplyKind {
        ReplyKind::of(&self.command)
    }
}

/// A command of the user's; nobody waits on its reply but the console.
impl From<Command> for Request {
    fn from(command: Command) -> Self {
        Request {
            id: RequestId::UNROUTED,
            origin: Origin::User,
            command,
            after_setup: false,
        }
    }
}

/// The shape of a command's reply: what the reply assembler looks for
/// where the server does not frame replies (the old FICS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReplyKind {
    Games,
    Sought,
    Who,
    Finger,
    History,
    Journal,
    Stored,
    NotifyList,
    /// `=channel`.
    ChannelList,
    /// `messages`.
    Messages,
    /// `inchannel N`.
    InChannel,
    /// `moves N`.
    Moves(u32),
    /// `observe N`.
    Observe(u32),
    /// A line of the set-up (`set style 12`, `iset ms 1`): one line back.
    Setup,
    /// Anything else: told apart only in block mode.
    Other,
}

impl ReplyKind {
    pub fn of(command: &Command) -> ReplyKind {
        match command {
            Command::Games => ReplyKind::Games,
            Command::Sought => ReplyKind::Sought,
            Command::Who(_) => ReplyKind::Who,
            Command::Finger(_) => ReplyKind::Finger,
            Command::History(_) => ReplyKind::History,
            Command::Journal(_) => ReplyKind::Journal,
            Command::Stored(_) => ReplyKind::Stored,
            Command::Notify(ListOp::Show) => ReplyKind::NotifyList,
            Command::Channels(None) => ReplyKind::ChannelList,
            Command::Messages { .. } => ReplyKind::Messages,
            Command::InChannel(_) => ReplyKind::InChannel,
            Command::Moves(game) => ReplyKind::Moves(*game),
            Command::Observe(ObserveTarget::Game(game)) => ReplyKind::Observe(*game),
            Command::Setup(_) => ReplyKind::Setup,
            Command::Raw(line) => ReplyKind::of_typed(line),
            _ => ReplyKind::Other,
        }
    }

    /// A line typed in the console: a listing typed is the user's, and must
    /// not be taken for Kibitz's own of the same kind. FICS takes any
    /// unambiguous start of a command's name, and a few aliases (`g`, `w`,
    /// `f`, `o`, `p`).
    fn of_typed(line: &str) -> ReplyKind {
        let mut words = line.trim_start_matches(['$', ' ']).split_whitespace();
        let word = words.next().unwrap_or("").to_ascii_lowercase();
        let number = || words.clone().next().and_then(|w| w.parse::<u32>().ok());
        // (name, shortest start the server takes for it)
        let names: [(&str, usize, Option<ReplyKind>); 9] = [
            ("games", 1, Some(ReplyKind::Games)),
            ("sought", 3, Some(ReplyKind::Sought)),
            ("who", 1, Some(ReplyKind::Who)),
            ("finger", 1, Some(ReplyKind::Finger)),
            ("history", 2, Some(ReplyKind::History)),
            ("journal", 2, Some(ReplyKind::Journal)),
            ("stored", 3, Some(ReplyKind::Stored)),
            ("moves", 4, number().map(ReplyKind::Moves)),
            ("observe", 1, number().map(ReplyKind::Observe)),
        ];
        if matches!(word.as_str(), "p" | "pl" | "players") {
            return ReplyKind::Who;
        }
        if word == "=notify" || (word == "showlist" && words.clone().next() == Some("notify")) {
            return ReplyKind::NotifyList;
        }
        // (`message X ...` sends one: only the plural lists.)
        if word == "messages" {
            return ReplyKind::Messages;
        }
        if "inchannel".starts_with(&word) && word.len() >= 3 {
            return ReplyKind::InChannel;
        }
        names
            .into_iter()
            .find(|(name, shortest, _)| word.len() >= *shortest && name.starts_with(&word))
            .and_then(|(_, _, kind)| kind)
            .unwrap_or(ReplyKind::Other)
    }

    /// Whether a reply of this kind names a player the server may not know
    /// (`There is no player matching the name X.`).
    pub fn names_a_player(self) -> bool {
        matches!(
            self,
            ReplyKind::Finger | ReplyKind::History | ReplyKind::Journal | ReplyKind::Stored
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_listings_are_known_by_their_names_starts_and_aliases() {
        let kind = |line: &str| ReplyKind::of(&Command::Raw(line.into()));
        assert_eq!(kind("who"), ReplyKind::Who);
        assert_eq!(kind("w b"), ReplyKind::Who);
        assert_eq!(kind("$$games"), ReplyKind::Games);
        assert_eq!(kind("g"), ReplyKind::Games);
        assert_eq!(kind("fi BotA"), ReplyKind::Finger);
        assert_eq!(kind("hist BotA"), ReplyKind::History);
        assert_eq!(kind("moves 5"), ReplyKind::Moves(5));
        assert_eq!(kind("o 12"), ReplyKind::Observe(12));
        assert_eq!(kind("=notify"), ReplyKind::NotifyList);
        // Not listings, or not enough to tell.
        assert_eq!(kind("h"), ReplyKind::Other, "help");
        assert_eq!(kind("tell BotA who"), ReplyKind::Other);
        assert_eq!(kind("observe BotA"), ReplyKind::Other);
        assert_eq!(kind(""), ReplyKind::Other);
    }
}
