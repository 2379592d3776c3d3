//! Messages left for the user while away (FICS's `message X text`): the
//! count said at login, and the `messages` listing.
//!
//! ```text
//! You have 2 messages (1 unread).          FatICS, freechess.org
//! You have 2 messages.                     the old FICS (no unread count)
//! Unread messages:                         `messages u` (FatICS)
//! Messages:                                `messages`
//! 2. TestUser at 2026-11-26 00:15 UTC: unread one            FatICS
//!  1. TestUser at Thu Nov 26,  0:03 UTC: an offline note     the old FICS
//! You have no messages.  /  You have no unread messages.
//! ```

use serde::Serialize;

use super::words::{bounded, is_handle};

/// A message left for the user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OfflineMessage {
    pub number: u32,
    pub from: String,
    /// When it was sent, in the server's words.
    pub when: String,
    pub text: String,
}

/// A line about the user's messages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "line", rename_all = "snake_case")]
pub enum MessagesLine {
    /// At login: how many are kept, and how many unread where the server
    /// says (the old FICS does not).
    Waiting {
        total: u32,
        unread: Option<u32>,
    },
    /// A listing begins (`Messages:`, `Unread messages:`).
    Header,
    Row(OfflineMessage),
    /// `You have no messages.`, `You have no unread messages.`
    NoMessages,
}

/// `You have 2 messages (1 unread).`, `You have 1 message.`
pub fn parse_waiting(line: &str) -> Option<MessagesLine> {
    let rest = line.strip_prefix("You have ")?;
    let (total, rest) = rest.split_once(' ')?;
    let total: u32 = total.parse().ok()?;
    let rest = rest
        .strip_prefix("messages")
        .or_else(|| rest.strip_prefix("message"))?;
    let unread = match rest {
        "." => None,
        _ => {
            let count = rest.strip_prefix(" (")?.strip_suffix(" unread).")?;
            Some(count.parse().ok()?)
        }
    };
    Some(MessagesLine::Waiting { total, unread })
}

/// A listing's heading, or its saying there is none.
pub fn parse_header(line: &str) -> Option<MessagesLine> {
    match line.trim_end() {
        "Messages:" | "Unread messages:" => Some(MessagesLine::Header),
        "You have no messages." | "You have no unread messages." => Some(MessagesLine::NoMessages),
        _ => None,
    }
}

/// ` 1. TestUser at Thu Nov 26,  0:03 UTC: an offline note` (after a
/// heading only: the shape alone is too loose).
pub fn parse_row(line: &str) -> Option<OfflineMessage> {
    let (number, rest) = line.trim_start().split_once(". ")?;
    let number: u32 = number.parse().ok()?;
    let (from, rest) = rest.split_once(" at ")?;
    if !is_handle(from) {
        return None;
    }
    let (when, text) = rest.split_once(": ")?;
    Some(OfflineMessage {
        number,
        from: from.to_owned(),
        when: bounded(when.trim(), 60),
        text: bounded(text, 1000),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_login_count_in_both_servers_words() {
        assert_eq!(
            parse_waiting("You have 2 messages (1 unread)."),
            Some(MessagesLine::Waiting {
                total: 2,
                unread: Some(1)
            })
        );
        assert_eq!(
            parse_waiting("You have 1 message."),
            Some(MessagesLine::Waiting {
                total: 1,
                unread: None
            })
        );
        assert_eq!(
            parse_waiting("You have 0 messages (0 unread)."),
            Some(MessagesLine::Waiting {
                total: 0,
                unread: Some(0)
            })
        );
        assert_eq!(parse_waiting("You have no messages."), None);
        assert_eq!(parse_waiting("You have 3 seconds to move."), None);
    }

    #[test]
    fn rows_of_both_servers() {
        let fatics =
            parse_row("2. TestUser at 2026-11-26 00:15 UTC: unread one: with a colon").unwrap();
        assert_eq!(fatics.number, 2);
        assert_eq!(fatics.from, "TestUser");
        assert_eq!(fatics.when, "2026-11-26 00:15 UTC");
        assert_eq!(fatics.text, "unread one: with a colon");
        let old =
            parse_row(" 1. TestUser at Thu Nov 26,  0:03 UTC: an offline note for BotE").unwrap();
        assert_eq!(old.when, "Thu Nov 26,  0:03 UTC");
        assert_eq!(old.text, "an offline note for BotE");
        assert_eq!(parse_row("1. e4 e5"), None);
        assert_eq!(parse_row("3. not a handle at x: y"), None);
        assert_eq!(parse_header("Unread messages:"), Some(MessagesLine::Header));
        assert_eq!(
            parse_header("You have no unread messages."),
            Some(MessagesLine::NoMessages)
        );
    }
}
