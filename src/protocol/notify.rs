//! The notify list (a player's friends on the server) and what it tells:
//!
//! ```text
//! -- notify list: 2 names --                 (`=notify`, FatICS)
//! BotA BotB
//! BotB added to your notify list.            (`+notify BotB`)
//! BotB removed from your notify list.        (`-notify BotB`)
//! Game notification: BotB (1500) vs. BotC (1400) rated blitz 5 0: Game 7
//!                                            (`+gnotify BotB`: their games)
//! ```
//!
//! The old FICS answers every notify command with `Command has failed.`.
//! Arrivals and departures of the list are in `presence.rs`.

use serde::Serialize;

use super::words::{is_handle, number};

/// Names of one notify list at most.
const MAX_NAMES: usize = 1000;

/// `-- notify list: 2 names --`: how many names follow.
pub fn parse_notify_header(line: &str) -> Option<u32> {
    let rest = line.trim().strip_prefix("-- notify list: ")?;
    let (count, tail) = rest.split_once(' ')?;
    matches!(tail, "names --" | "name --").then_some(())?;
    number(count)
}

/// The names line after the header.
pub fn parse_notify_names(line: &str) -> Option<Vec<String>> {
    let names: Vec<String> = line
        .split_whitespace()
        .take(MAX_NAMES)
        .map(str::to_owned)
        .collect();
    names.iter().all(|n| is_handle(n)).then_some(names)
}

/// `BotB added to your notify list.` (true) or `... removed from ...`.
pub fn parse_notify_change(line: &str) -> Option<(String, bool)> {
    let line = line.trim_end();
    let (who, added) = if let Some(who) = line.strip_suffix(" added to your notify list.") {
        (who, true)
    } else {
        (line.strip_suffix(" removed from your notify list.")?, false)
    };
    let who = who.trim_start_matches('[').trim_end_matches(']');
    is_handle(who).then(|| (who.to_owned(), added))
}

/// `[Mlasker] added to your gnotify list` (or `removed from ...`): our
/// game-notify list changed (the player, added or removed).
pub fn parse_gnotify_change(line: &str) -> Option<(String, bool)> {
    let line = line.trim_end().trim_end_matches('.');
    let (who, added) = if let Some(who) = line.strip_suffix(" added to your gnotify list") {
        (who, true)
    } else {
        (line.strip_suffix(" removed from your gnotify list")?, false)
    };
    let who = who.trim_start_matches('[').trim_end_matches(']');
    is_handle(who).then(|| (who.to_owned(), added))
}

/// A game of a player on our game-notify list started.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameNotification {
    pub game: u32,
    pub white: String,
    pub black: String,
    /// `rated blitz 5 0`.
    pub description: String,
}

/// `Game notification: BotB (1500) vs. BotC (1400) rated blitz 5 0: Game 7`.
pub fn parse_game_notification(line: &str) -> Option<GameNotification> {
    let rest = line.trim_end().strip_prefix("Game notification: ")?;
    let (players, game) = rest.rsplit_once(": Game ")?;
    let game = number(game)?;
    let (white, rest) = players.split_once(" (")?;
    let (_, rest) = rest.split_once(") vs. ")?;
    let (black, rest) = rest.split_once(" (")?;
    let (_, description) = rest.split_once(") ")?;
    (is_handle(white) && is_handle(black)).then(|| GameNotification {
        game,
        white: white.to_owned(),
        black: black.to_owned(),
        description: description.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_and_its_changes() {
        assert_eq!(parse_notify_header("-- notify list: 2 names --"), Some(2));
        assert_eq!(parse_notify_header("-- notify list: 1 name --"), Some(1));
        assert_eq!(parse_notify_header("-- notify list: 0 names --"), Some(0));
        assert_eq!(parse_notify_header("-- idlenotify list: 1 name --"), None);
        assert_eq!(
            parse_notify_names("BotA BotB"),
            Some(vec!["BotA".to_owned(), "BotB".to_owned()])
        );
        assert_eq!(parse_notify_names("not a (list)"), None);
        assert_eq!(
            parse_notify_change("BotB added to your notify list."),
            Some(("BotB".to_owned(), true))
        );
        assert_eq!(
            parse_notify_change("[BotB] removed from your notify list."),
            Some(("BotB".to_owned(), false))
        );
        assert_eq!(
            parse_notify_change("BotB is already on your notify list."),
            None
        );
    }

    #[test]
    fn game_notifications() {
        assert_eq!(
            parse_game_notification(
                "Game notification: BotB (1500) vs. BotC (----) rated blitz 5 0: Game 7"
            ),
            Some(GameNotification {
                game: 7,
                white: "BotB".into(),
                black: "BotC".into(),
                description: "rated blitz 5 0".into(),
            })
        );
        assert_eq!(parse_game_notification("Game notification: nonsense"), None);
    }

    #[test]
    fn the_game_notify_list_changes_are_its_own() {
        assert_eq!(
            parse_gnotify_change("[Mlasker] added to your gnotify list"),
            Some(("Mlasker".to_owned(), true))
        );
        assert_eq!(
            parse_gnotify_change("[koza] removed from your gnotify list."),
            Some(("koza".to_owned(), false))
        );
        // The notify list's own lines are not the game-notify list's.
        assert_eq!(
            parse_gnotify_change("[koza] added to your notify list."),
            None
        );
        assert_eq!(
            parse_notify_change("[koza] added to your gnotify list"),
            None
        );
    }
}
