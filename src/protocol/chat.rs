//! Chat lines: who speaks, and to whom (a tell, a channel, a game's
//! kibitzes and whispers). Pure text rules, used by the console to sort its
//! tabs and by the network thread to know which tab a line will show in.

/// Who a chat line was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chat {
    /// `X tells you: ...`
    Tell,
    /// `X(1): ...`, `X(TD)(53): ...`
    Channel,
    /// `X says: ...`, `X(1500)[12] kibitzes: ...`, `... whispers: ...`
    Game,
}

/// The speaker's handle of a chat line, without titles or ratings.
fn speaker(prefix: &str) -> Option<&str> {
    let handle = prefix.split(['(', '[']).next()?;
    (!handle.is_empty() && handle.len() <= 17 && handle.chars().all(|c| c.is_ascii_alphabetic()))
        .then_some(handle)
}

/// Recognises chat lines (a speaker, then the words).
pub fn classify_chat(text: &str) -> Option<(Chat, String)> {
    for (marker, chat) in [
        (" tells you: ", Chat::Tell),
        (" says: ", Chat::Game),
        (" kibitzes: ", Chat::Game),
        (" whispers: ", Chat::Game),
    ] {
        if let Some((prefix, _)) = text.split_once(marker)
            && let Some(handle) = speaker(prefix)
        {
            return Some((chat, handle.to_owned()));
        }
    }
    // `Name(53): text`, `Name(TD)(53): text`: the last parenthesis holds a number.
    let (prefix, _) = text.split_once("): ")?;
    let (head, channel) = prefix.rsplit_once('(')?;
    let handle = speaker(head)?;
    channel
        .chars()
        .all(|c| c.is_ascii_digit())
        .then(|| (Chat::Channel, handle.to_owned()))
}

/// `BotB (your partner) tells you: go`: the partner and the words.
pub fn partner_tell(text: &str) -> Option<(&str, &str)> {
    let (who, words) = text.split_once(" (your partner) tells you: ")?;
    let who = speaker(who)?;
    Some((who, words.trim_end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partner_tells() {
        assert_eq!(
            partner_tell("BotB (your partner) tells you: need N"),
            Some(("BotB", "need N"))
        );
        assert_eq!(partner_tell("BotB tells you: hi"), None);
    }

    #[test]
    fn chat_lines_are_classified() {
        let chat = classify_chat;
        assert_eq!(
            chat("BotA tells you: hi"),
            Some((Chat::Tell, "BotA".into()))
        );
        assert_eq!(
            chat("GuestXYZ(U) tells you: hi"),
            Some((Chat::Tell, "GuestXYZ".into()))
        );
        assert_eq!(
            chat("Anna(TD)(53): good game"),
            Some((Chat::Channel, "Anna".into()))
        );
        assert_eq!(chat("Anna(1): help"), Some((Chat::Channel, "Anna".into())));
        assert_eq!(
            chat("Bob(1500)[12] kibitzes: nice"),
            Some((Chat::Game, "Bob".into()))
        );
        assert_eq!(chat("Bob says: gg"), Some((Chat::Game, "Bob".into())));
        assert_eq!(chat("Game 1 (A vs. B) tells you: x"), None);
        assert_eq!(
            chat("TOPIC(1): *** help channel ***"),
            Some((Chat::Channel, "TOPIC".into()))
        );
        assert_eq!(chat("You are now observing game 4."), None);
    }
}
