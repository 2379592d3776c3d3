//! Who is in a channel: `inchannel N`'s answer, in each server's words.
//!
//! ```text
//! Channel 50: BotA admin(*)                 the old FICS (`(*)`: an admin on duty)
//! 2 people are in channel 50.
//! Channel 4 is empty.
//! 50: KibUser TestUser                      FatICS
//! There are 2 players in channel 50.
//! 1 "help": TestUser BotA                   FatICS's `inchannel` of all channels
//! ```
//!
//! A list counts only when the count line after it agrees (channel and
//! number): `50: KibUser TestUser` alone could be anybody's words.

use super::words::is_handle;

/// Names listed at most (a busy channel has a few hundred).
const MAX_MEMBERS: usize = 1000;

/// A channel and the players in it, as a list line reads (to be
/// confirmed by [`parse_count`]'s line after it).
pub fn parse_members(line: &str) -> Option<(u32, Vec<String>)> {
    let (head, names) = line.split_once(':')?;
    let head = head.strip_prefix("Channel ").unwrap_or(head);
    // `1 "help"`: the channel's name after its number.
    let number = match head.split_once(' ') {
        Some((number, name)) if name.starts_with('"') && name.ends_with('"') => number,
        Some(_) => return None,
        None => head,
    };
    let channel: u32 = number.parse().ok()?;
    let mut members = Vec::new();
    for word in names.split_whitespace() {
        // `admin(*)`, `GM(GM)`: marks after the name.
        let name = word.split('(').next().unwrap_or(word);
        if !is_handle(name) {
            return None;
        }
        if members.len() < MAX_MEMBERS {
            members.push(name.to_owned());
        }
    }
    (!members.is_empty()).then_some((channel, members))
}

/// The count line: (players, channel). `There are 2 players in channel
/// 50.`, `2 people are in channel 50.`, `1 person is in channel 50.`,
/// `Channel 4 is empty.` (0).
pub fn parse_count(line: &str) -> Option<(usize, u32)> {
    if let Some(rest) = line.strip_prefix("Channel ") {
        return Some((0, rest.strip_suffix(" is empty.")?.parse().ok()?));
    }
    let line = line.strip_suffix('.')?;
    let rest = line.strip_prefix("There are ").unwrap_or(line);
    let (count, rest) = rest.split_once(' ')?;
    let channel = [
        "players in channel ",
        "people are in channel ",
        "person is in channel ",
    ]
    .iter()
    .find_map(|words| rest.strip_prefix(words))?;
    Some((count.parse().ok()?, channel.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn both_servers_lists() {
        assert_eq!(
            parse_members("Channel 50: BotA admin(*)"),
            Some((50, names(&["BotA", "admin"])))
        );
        assert_eq!(
            parse_members("50: KibUser TestUser"),
            Some((50, names(&["KibUser", "TestUser"])))
        );
        assert_eq!(
            parse_members("1 \"help\": TestUser BotA"),
            Some((1, names(&["TestUser", "BotA"])))
        );
        assert_eq!(parse_count("Channel 4 is empty."), Some((0, 4)));
        assert_eq!(
            parse_count("There are 0 players in channel 4."),
            Some((0, 4))
        );
        assert_eq!(
            parse_count("There are 2 players in channel 50."),
            Some((2, 50))
        );
        assert_eq!(parse_count("2 people are in channel 50."), Some((2, 50)));
        assert_eq!(parse_count("1 person is in channel 53."), Some((1, 53)));
        assert_eq!(parse_count("There are 2 players in game 50."), None);
    }

    #[test]
    fn other_lines_are_not_lists() {
        for line in [
            "BotA(50): hello there",
            "12: this is not a list of names!",
            "Game 12: BotA moves: e4",
            "50:",
            "x y: BotA",
        ] {
            assert_eq!(parse_members(line), None, "{line}");
        }
    }
}
