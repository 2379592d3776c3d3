//! Who a chat line is between: a person (tells both ways), a channel, a
//! game's kibitzes and whispers, the shouts. The console gives each its
//! tab; the network thread knows from it whether a line's tab is shown.

use super::chat::{ChatKind, ChatLine};
use super::command::Command;

/// One conversation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Conversation {
    /// Tells with this player (as the server spells the handle).
    Person(String),
    Channel(u32),
    /// Kibitzes, whispers and says of this game.
    Game(u32),
    /// Shouts, it-shouts and c-shouts.
    Shouts,
    /// The server's events: the relay and tournament bots' qtells and
    /// announcements, tournament shouts (t-shouts).
    Events,
}

/// The bots whose announcements are the server's events.
const EVENT_BOTS: [&str; 4] = ["relay", "mamer", "td", "mamerPR"];

fn is_event_bot(handle: &str) -> bool {
    EVENT_BOTS.iter().any(|b| b.eq_ignore_ascii_case(handle))
}

/// What the usual channels are for (FICS's `help channel_list`).
const CHANNEL_NAMES: [(u32, &str); 8] = [
    (1, "help"),
    (2, "FICS discussion"),
    (4, "guest help"),
    (49, "mamer tourneys"),
    (50, "chat"),
    (53, "guest chat"),
    (64, "computer chess"),
    (101, "team games"),
];

impl Conversation {
    /// The conversation a chat line belongs to; none for the server's
    /// `(told X)` and announcements.
    pub fn of_chat(chat: &ChatLine) -> Option<Conversation> {
        // A training bot speaks in kibitzes to its puzzle's game: its own
        // tab, as its tells.
        let kibitz_or_tell = matches!(
            chat.kind,
            ChatKind::Kibitz | ChatKind::Whisper | ChatKind::Tell
        );
        if kibitz_or_tell && super::training::TrainingBot::of_handle(&chat.from).is_some() {
            return Some(Conversation::Person(chat.from.clone()));
        }
        Some(match chat.kind {
            ChatKind::Tell | ChatKind::PartnerTell => Conversation::Person(chat.from.clone()),
            ChatKind::Channel => Conversation::Channel(chat.channel?),
            ChatKind::Shout | ChatKind::ItShout | ChatKind::CShout => Conversation::Shouts,
            ChatKind::TShout => Conversation::Events,
            ChatKind::Kibitz | ChatKind::Whisper => Conversation::Game(chat.game?),
            // A say names its game while one is on; after, it is the
            // opponent's word to us.
            ChatKind::Say => match chat.game {
                Some(game) => Conversation::Game(game),
                None => Conversation::Person(chat.from.clone()),
            },
            // The relay bot's and the TD bots' announcements are events;
            // the server's own are for every tab.
            ChatKind::Announcement if is_event_bot(&chat.from) => Conversation::Events,
            ChatKind::Told | ChatKind::Announcement => return None,
        })
    }

    /// The conversation the user's own command speaks in (`tell BotA hi`,
    /// `tell 50 hi`, `shout hi`, as typed or sent by a tab).
    pub fn of_command(command: &Command) -> Option<Conversation> {
        match command {
            Command::Tell { to, .. } => Some(Self::told(to)),
            Command::ChannelTell { channel, .. } => Some(Conversation::Channel(*channel)),
            Command::Raw(line) => Self::of_typed(line),
            _ => None,
        }
    }

    fn of_typed(line: &str) -> Option<Conversation> {
        let mut words = line.trim_start_matches('$').split_whitespace();
        let verb = words.next()?.to_ascii_lowercase();
        match verb.as_str() {
            "t" | "tell" => {
                let to = words.next()?;
                // Something must be said: `tell X` alone is a question.
                words.next()?;
                Some(match to.parse::<u32>() {
                    Ok(channel) => Conversation::Channel(channel),
                    Err(_) if to.bytes().all(|b| b.is_ascii_alphabetic()) => Self::told(to),
                    Err(_) => return None,
                })
            }
            "shout" | "it" | "cshout" => words.next().map(|_| Conversation::Shouts),
            _ => None,
        }
    }

    /// A tell to `to`: an event bot's is the Events tab's (its answers
    /// come there), anyone else's their own.
    fn told(to: &str) -> Conversation {
        if is_event_bot(to) {
            Conversation::Events
        } else {
            Conversation::Person(to.to_owned())
        }
    }

    /// Whether it is this conversation (a person's handle in any case).
    pub fn same(&self, other: &Conversation) -> bool {
        match (self, other) {
            (Conversation::Person(a), Conversation::Person(b)) => a.eq_ignore_ascii_case(b),
            _ => self == other,
        }
    }

    /// A number naming it, the same for the same conversation (never 0:
    /// that is "every line", the All tab).
    pub fn key(&self) -> u64 {
        // FNV-1a over a canonical spelling.
        let name = match self {
            Conversation::Person(handle) => format!("p:{}", handle.to_ascii_lowercase()),
            Conversation::Channel(channel) => format!("c:{channel}"),
            Conversation::Game(game) => format!("g:{game}"),
            Conversation::Shouts => "s".to_owned(),
            Conversation::Events => "e".to_owned(),
        };
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in name.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
        hash.max(1)
    }

    /// Its tab's title: `BotA`, `50 chat`, `Game 12`, `Shouts`.
    pub fn title(&self) -> String {
        match self {
            Conversation::Person(handle) => handle.clone(),
            Conversation::Channel(channel) => {
                match CHANNEL_NAMES.iter().find(|(n, _)| n == channel) {
                    Some((_, name)) => format!("{channel} {name}"),
                    None => format!("Channel {channel}"),
                }
            }
            Conversation::Game(game) => format!("Game {game}"),
            Conversation::Shouts => "Shouts".to_owned(),
            Conversation::Events => "Events".to_owned(),
        }
    }

    /// What saying `text` in it sends: a tell, a channel tell, a kibitz to
    /// the game (`xkibitz N`: the game need not be the one last observed),
    /// a shout.
    pub fn message(&self, text: &str) -> Command {
        match self {
            Conversation::Person(handle) => Command::Tell {
                to: handle.clone(),
                text: text.to_owned(),
            },
            Conversation::Channel(channel) => Command::ChannelTell {
                channel: *channel,
                text: text.to_owned(),
            },
            Conversation::Game(game) => Command::Raw(format!("xkibitz {game} {text}")),
            Conversation::Shouts => Command::Raw(format!("shout {text}")),
            // What is typed there is for the tournament director
            // (`standings 31`), or for the bot it names first (`relay
            // listgames 12`).
            Conversation::Events => {
                let (to, said) = match text.split_once(' ') {
                    Some((bot, rest)) if is_event_bot(bot) && !rest.trim().is_empty() => {
                        (bot, rest.trim())
                    }
                    _ => ("mamer", text),
                };
                Command::Tell {
                    to: to.to_owned(),
                    text: said.to_owned(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::chat::parse_chat;

    fn of(line: &str) -> Option<Conversation> {
        Conversation::of_chat(&parse_chat(line).expect("chat"))
    }

    #[test]
    fn each_line_to_its_conversation() {
        assert_eq!(
            of("Anna(SR)(TM) tells you: hello"),
            Some(Conversation::Person("Anna".into()))
        );
        assert_eq!(of("Bob(U)(53): hi"), Some(Conversation::Channel(53)));
        assert_eq!(of("Anna shouts: hi"), Some(Conversation::Shouts));
        assert_eq!(
            of("Bob(1740)[90] kibitzes: nice"),
            Some(Conversation::Game(90))
        );
        assert_eq!(of("(told BotA, who is playing)"), None);
    }

    #[test]
    fn the_users_own_words_and_what_a_tab_sends() {
        let typed = |line: &str| Conversation::of_command(&Command::Raw(line.into()));
        assert_eq!(
            typed("tell BotA hi"),
            Some(Conversation::Person("BotA".into()))
        );
        assert_eq!(typed("t 50 hello"), Some(Conversation::Channel(50)));
        assert_eq!(typed("tell BotA"), None, "nothing said");
        assert_eq!(typed("shout hi all"), Some(Conversation::Shouts));
        assert_eq!(typed("games"), None);
        let bota = Conversation::Person("BotA".into());
        assert!(bota.same(&Conversation::Person("bota".into())));
        assert_eq!(bota.key(), Conversation::Person("BOTA".into()).key());
        assert_ne!(bota.key(), Conversation::Channel(50).key());
        assert_eq!(
            bota.message("hi").to_line().ok().as_deref(),
            Some("tell BotA hi")
        );
        assert_eq!(
            Conversation::Channel(50)
                .message("hi")
                .to_line()
                .ok()
                .as_deref(),
            Some("tell 50 hi")
        );
        assert_eq!(
            Conversation::Game(12)
                .message("nice")
                .to_line()
                .ok()
                .as_deref(),
            Some("xkibitz 12 nice")
        );
        assert_eq!(Conversation::Channel(50).title(), "50 chat");
        assert_eq!(Conversation::Channel(77).title(), "Channel 77");
    }
}
