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
}

impl Request {
    /// A request of Kibitz's own, its reply addressed to `id`.
    pub fn kibitz(id: RequestId, command: Command) -> Self {
        Request {
            id,
            origin: Origin::Kibitz,
            command,
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
            Command::Moves(game) => ReplyKind::Moves(*game),
            Command::Observe(ObserveTarget::Game(game)) => ReplyKind::Observe(*game),
            Command::Setup(_) => ReplyKind::Setup,
            _ => ReplyKind::Other,
        }
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
