//! The user's channel list: `=channel` (a header, then the numbers on the
//! next line) and the server's word when one is added or removed.
//!
//! ```text
//! -- channel list: 3 channels --
//! 1 4 50
//! [50] added to your channel list.
//! [50] removed from your channel list.
//! ```

use super::words::number;

/// Channels a list holds at most (FICS allows a few dozen).
const MAX_CHANNELS: usize = 256;

/// `-- channel list: N channels --`: how many follow.
pub fn parse_channel_header(line: &str) -> Option<u32> {
    let rest = line.trim().strip_prefix("-- channel list: ")?;
    let (count, tail) = rest.split_once(' ')?;
    matches!(tail, "channels --" | "channel --").then_some(())?;
    number(count)
}

/// The numbers line after the header.
pub fn parse_channel_numbers(line: &str) -> Option<Vec<u32>> {
    line.split_whitespace()
        .take(MAX_CHANNELS)
        .map(number)
        .collect()
}

/// `[50] added to your channel list.` (true) or `... removed from ...`.
pub fn parse_channel_change(line: &str) -> Option<(u32, bool)> {
    let rest = line.trim().strip_prefix('[')?;
    let (channel, what) = rest.split_once("] ")?;
    let added = match what {
        "added to your channel list." => true,
        "removed from your channel list." => false,
        _ => return None,
    };
    Some((number(channel)?, added))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_its_changes() {
        assert_eq!(
            parse_channel_header("-- channel list: 3 channels --"),
            Some(3)
        );
        assert_eq!(
            parse_channel_header("-- channel list: 1 channel --"),
            Some(1)
        );
        assert_eq!(parse_channel_header("-- notify list: 1 name --"), None);
        assert_eq!(parse_channel_numbers("1 4 50"), Some(vec![1, 4, 50]));
        assert_eq!(parse_channel_numbers("1 four"), None);
        assert_eq!(
            parse_channel_change("[50] added to your channel list."),
            Some((50, true))
        );
        assert_eq!(
            parse_channel_change("[4] removed from your channel list."),
            Some((4, false))
        );
        assert_eq!(
            parse_channel_change("[BotA] added to your notify list."),
            None
        );
    }
}
