//! How soon the UI must draw what a network event changes.
//!
//! Every event wakes the UI, but not every event needs a frame at once:
//! lobby lines may wait a little so that a burst of them (a `games`
//! listing) shares one frame, and housekeeping that shows nothing (pings,
//! echo, bare prompts) only needs draining eventually. Boards, the own
//! game's and every observed one's (a bughouse partner's, a relayed
//! scramble's), login steps and offers are drawn in the very next frame:
//! since damage repaint a board's move costs about a millisecond, and
//! moves that truly arrive together still share that frame (it drains all
//! that came before it).
//! The network thread says what an event changes ([`Wake`]); the UI, which
//! knows what is on screen, turns that into a delay.

use std::time::Duration;

use super::event::{NetEvent, Status};
use crate::protocol::conversation::Conversation;
use crate::protocol::event::Event;
use crate::protocol::framing::Prompt;
use crate::protocol::message::Message;
use crate::protocol::reply::Answer;

/// What shows at once: every board, the login, offers, game ends. Not
/// zero: egui answers a request of zero with two frames (the second "to
/// settle"), and a move is one frame (sixteen games' moves were twice as
/// many frames as moves).
pub const NOW: Duration = Duration::from_millis(1);
/// Console text: soon enough to feel immediate after a typed command, late
/// enough that the lines of one reply share a frame.
pub const CONSOLE: Duration = Duration::from_millis(50);
/// Lobby lists, the seek stream, the players: one frame per burst.
pub const LISTS: Duration = Duration::from_millis(250);
/// Events that change nothing on screen; they are drained with the next
/// frame that happens anyway, or after this long at the latest, so the
/// channel never fills while the window is idle.
pub const INVISIBLE: Duration = Duration::from_secs(10);

/// What an event changes on screen, so that the UI can decide how soon to
/// draw it: a console line in a tab that is not shown, or a lobby list while
/// the lobby is closed, needs no frame of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wake {
    /// The own game, the login, offers, game ends: the next frame.
    Now,
    /// A line for the console; `talk` is the key of the conversation
    /// whose tab shows it too (see `protocol::conversation`).
    Console { talk: Option<u64> },
    /// An observed game's board, move list or details: the next frame, as
    /// the own game's (a partner board is never later than the user's).
    Observed,
    /// A lobby list: games, seeks.
    Lobby,
    /// The players list (who is on, arrivals, departures): drawn only
    /// while the lobby shows it.
    Players,
    /// Nothing on screen (pings, prompts, echo).
    Invisible,
}

impl Wake {
    /// What `event` changes on screen.
    pub fn of(event: &NetEvent) -> Wake {
        match event {
            NetEvent::Status(Status::Connected | Status::Connecting { .. }) => {
                Wake::Console { talk: None }
            }
            NetEvent::Status(_) => Wake::Now,
            NetEvent::Protocol { event, .. } => event_wake(event),
        }
    }

    /// The longest the UI may wait when what this changes is on screen.
    pub fn within_if_shown(self) -> Duration {
        match self {
            Wake::Now | Wake::Observed => NOW,
            Wake::Console { .. } => CONSOLE,
            Wake::Lobby | Wake::Players => LISTS,
            Wake::Invisible => INVISIBLE,
        }
    }
}

/// The longest the UI may wait before drawing what `event` changes, when
/// all of the window is on screen.
pub fn wake_within(event: &NetEvent) -> Duration {
    Wake::of(event).within_if_shown()
}

/// A reply changes what its asker shows: the lobby's lists, the players,
/// a card, a board.
fn reply_wake(answer: &Answer) -> Wake {
    match answer {
        Answer::Games { .. } | Answer::Sought(_) => Wake::Lobby,
        Answer::Who(_) | Answer::NotifyList(_) => Wake::Players,
        Answer::Moves(_) | Answer::Observing { .. } => Wake::Observed,
        _ => Wake::Now,
    }
}

fn event_wake(event: &Event) -> Wake {
    match event {
        Event::Board(board) if board.relation.is_playing() => Wake::Now,
        Event::Board(_) | Event::Holdings(_) | Event::GameInfo(_) | Event::MoveList(_) => {
            Wake::Observed
        }
        Event::Seek(_)
        | Event::SoughtEntry(_)
        | Event::SoughtEnd { .. }
        | Event::GamesEntry(_)
        | Event::GamesEnd(_) => Wake::Lobby,
        Event::WhoEntries(_) | Event::WhoEnd(_) | Event::PresentCompany(_) => Wake::Players,
        // The profile card shows them (it is open when asked for).
        Event::Finger(_) | Event::History(_) | Event::Journal(_) => Wake::Now,
        Event::NotifyList(_) | Event::NotifyChange { .. } | Event::GameNotifyChange { .. } => {
            Wake::Players
        }
        // A friend's game: told at once.
        Event::GameNotification(_) => Wake::Now,
        // A partner, or the partner's board to open beside ours.
        Event::Partnership(_) => Wake::Now,
        // The login notice of adjourned games; a card's stored list.
        Event::Adjourned(_) => Wake::Now,
        // A friend's arrival is told at once; anyone else's is a list's change.
        Event::Presence(presence) if presence.notify => Wake::Now,
        Event::Presence(_) => Wake::Players,
        Event::LoggedIn { .. }
        | Event::LoginFailed { .. }
        | Event::TimesealRefused { .. }
        | Event::LinkQuiet { .. }
        | Event::LinkHeard
        | Event::LinkLost { .. }
        | Event::Offer(_)
        | Event::Prompt(Prompt::Login | Prompt::Password | Prompt::EnterAsGuest { .. }) => {
            Wake::Now
        }
        Event::Message(message) => message_wake(message),
        // A chat line's text is the All tab's; its typed reading right
        // after it says which other tab shows it.
        Event::Text(_) => Wake::Console { talk: None },
        Event::Chat(chat) => Wake::Console {
            talk: Conversation::of_chat(chat).map(|c| c.key()),
        },
        // The answer to what the user just did; the follow's news.
        Event::Notice(_) | Event::Pending(_) => Wake::Now,
        // The events panel's lists, as the lobby's.
        Event::Bot(_) => Wake::Lobby,
        Event::CompressedMove(_) | Event::ShowList { .. } | Event::ShowListNames { .. } => {
            Wake::Console { talk: None }
        }
        // The console's channel tabs.
        Event::ChannelList(_)
        | Event::ChannelChange { .. }
        | Event::Messages(_)
        | Event::InChannel { .. } => Wake::Console { talk: None },
        Event::Unparsed { .. } | Event::LineCut { .. } => Wake::Console { talk: None },
        Event::Reply(reply) => reply_wake(&reply.answer),
        Event::OwnReply(_)
        | Event::Prompt(Prompt::Command)
        | Event::Echo { .. }
        | Event::Ping(_)
        | Event::BlockStart { .. }
        | Event::BlockEnd => Wake::Invisible,
    }
}

fn message_wake(message: &Message) -> Wake {
    match message {
        Message::GameEnd(_)
        | Message::Creating(_)
        | Message::IllegalMove { .. }
        | Message::NotYourMove
        | Message::OfferReceived { .. }
        | Message::InvalidPassword
        | Message::LoginRefused { .. }
        | Message::Kicked { .. } => Wake::Now,
        _ => Wake::Console { talk: None },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::decoder::StreamDecoder;

    fn urgency_of(line: &str) -> Vec<Duration> {
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
        decoder.finish(&mut events);
        events
            .into_iter()
            .map(|event| {
                wake_within(&NetEvent::Protocol {
                    at: Duration::ZERO,
                    event,
                })
            })
            .collect()
    }

    const OBSERVED_BOARD: &str = "<12> r-bqkbnr pppp-ppp --n----- ----p--Q --B-P--- -------- PPPP-PPP RNB-K-NR B -1 1 1 1 1 3 1 BotA BotB 0 3 2 39 39 181291 179452 3 B/f1-c4 (0:00.709) Bc4 0 1 7";

    #[test]
    fn every_board_is_drawn_at_once() {
        assert_eq!(urgency_of(OBSERVED_BOARD), [NOW]);
        let mine = OBSERVED_BOARD.replace(" BotA BotB 0 ", " BotA BotB 1 ");
        assert_eq!(urgency_of(&mine), [NOW]);
        let theirs = OBSERVED_BOARD.replace(" BotA BotB 0 ", " BotA BotB -1 ");
        assert_eq!(urgency_of(&theirs), [NOW]);
    }

    fn wake_of(line: &str) -> Vec<Wake> {
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
        decoder.finish(&mut events);
        events
            .iter()
            .filter(|e| !matches!(e, Event::Text(_)))
            .map(event_wake)
            .collect()
    }

    #[test]
    fn the_players_list_is_its_own_kind_a_friend_is_told_at_once() {
        assert_eq!(wake_of("1882 BotA     ++++^RndA"), [Wake::Players]);
        assert_eq!(wake_of("2 players displayed."), [Wake::Players]);
        assert_eq!(
            wake_of("<wa> BotB 001222 1326P1169P0P0P0P0P0P0P"),
            [Wake::Players]
        );
        assert_eq!(wake_of("[BotB has disconnected.]"), [Wake::Players]);
        assert_eq!(wake_of("Notification: BotB has arrived."), [Wake::Now]);
    }

    #[test]
    fn pings_and_prompts_show_nothing() {
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        decoder.push(b"fics% [G]\0", &mut events);
        assert!(!events.is_empty());
        for event in events {
            let at = Duration::ZERO;
            assert_eq!(wake_within(&NetEvent::Protocol { at, event }), INVISIBLE);
        }
    }

    #[test]
    fn game_ends_and_status_changes_are_drawn_at_once() {
        let end = urgency_of("{Game 1 (BotA vs. BotB) BotA resigns} 0-1");
        assert_eq!(end, [CONSOLE, NOW]);
        let stopped = Status::Stopped { reason: "x".into() };
        assert_eq!(wake_within(&NetEvent::Status(stopped)), NOW);
    }
}
