//! Players arriving and leaving, as the server tells it:
//!
//! ```text
//! [BotB has connected.]                        (`set pin 1`, old FICS and FatICS)
//! [BotB has disconnected.]
//! <wa> BotB 001222 1326P1169P0P0P0P0P0P0P      (`iset pin 1`)
//! <wd> BotB
//! Notification: BotB has arrived.              (a player on the notify list)
//! Notification: BotB has departed.
//! Notification: BotB has arrived and isn't on your notify list.  (we are on theirs)
//! Present company includes: BotA BotB.         (at login: the notify list online)
//! ```
//!
//! The ratings of a `<wa>` line are left out: FatICS sends made-up ones; a
//! `who` gives the real ones.

use serde::Serialize;

use super::words::{Title, is_handle, split_handle_titles};

/// Players on a line of the login's "Present company" at most.
const MAX_PRESENT: usize = 500;

/// Someone arrived or left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Presence {
    pub handle: String,
    pub titles: Vec<Title>,
    /// True: arrived; false: left.
    pub arrived: bool,
    /// Told because the player is on our notify list: a friend.
    pub notify: bool,
    /// Told because the player has us on their notify list, not we them
    /// (`... and isn't on your notify list.`): no friend.
    pub watcher: bool,
}

/// A pin or notify line; None for any other line.
pub fn parse_presence(line: &str) -> Option<Presence> {
    let line = line.trim_end();
    if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(".]")) {
        let (who, what) = inner.split_once(' ')?;
        // An admin sees `[Name (R: 1.2.3.4) has connected.]`.
        let arrived = match what {
            "has connected" => true,
            "has disconnected" => false,
            _ if what.ends_with(") has connected") && what.starts_with('(') => true,
            _ => return None,
        };
        return presence(who, arrived, false);
    }
    if let Some(rest) = line.strip_prefix("<wa> ") {
        let (who, flags) = rest.split_once(' ').unwrap_or((rest, ""));
        let titles = flags
            .get(..6)
            .and_then(|f| f.get(..2))
            .and_then(|f| f.parse::<u32>().ok())
            .map(pin_titles)
            .unwrap_or_default();
        let mut found = presence(who, true, false)?;
        found.titles = titles;
        return Some(found);
    }
    if let Some(who) = line.strip_prefix("<wd> ") {
        return presence(who, false, false);
    }
    let rest = line.strip_prefix("Notification: ")?;
    let (who, what) = rest.split_once(' ')?;
    let (arrived, watcher) = match what {
        "has arrived." => (true, false),
        "has departed." => (false, false),
        "has arrived and isn't on your notify list." => (true, true),
        "has departed and isn't on your notify list." => (false, true),
        _ => return None,
    };
    let mut found = presence(who, arrived, !watcher)?;
    found.watcher = watcher;
    Some(found)
}

fn presence(token: &str, arrived: bool, notify: bool) -> Option<Presence> {
    let (handle, titles) = split_handle_titles(token)?;
    Some(Presence {
        handle: handle.to_owned(),
        titles,
        arrived,
        notify,
        watcher: false,
    })
}

/// The title digits of a `<wa>` line's flags (`001222`: the first two):
/// the second digit's bits are U, C, GM, IM; the first's FM, WGM, WIM, WFM,
/// which is the `ti=` bit set of `<g1>` written as two digits.
fn pin_titles(digits: u32) -> Vec<Title> {
    let (high, low) = (digits / 10, digits % 10);
    Title::from_flags((high << 4) | low)
}

/// `Present company includes: BotA BotB.`: the players on our notify list
/// who are online at login.
pub fn parse_present_company(line: &str) -> Option<Vec<String>> {
    let list = line
        .trim_end()
        .strip_prefix("Present company includes: ")?
        .strip_suffix('.')?;
    let handles: Vec<String> = list
        .split_whitespace()
        .take(MAX_PRESENT)
        .map(str::to_owned)
        .collect();
    (!handles.is_empty() && handles.iter().all(|h| is_handle(h))).then_some(handles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrivals_and_departures() {
        let came = |handle: &str, notify| Presence {
            handle: handle.into(),
            titles: Vec::new(),
            arrived: true,
            notify,
            watcher: false,
        };
        let left = |handle: &str, notify| Presence {
            arrived: false,
            ..came(handle, notify)
        };
        assert_eq!(
            parse_presence("[BotB has connected.]"),
            Some(came("BotB", false))
        );
        assert_eq!(
            parse_presence("[BotB has disconnected.]"),
            Some(left("BotB", false))
        );
        assert_eq!(
            parse_presence("[BotB (R: 127.0.0.1) has connected.]"),
            Some(came("BotB", false))
        );
        assert_eq!(
            parse_presence("<wa> BotB 001222 1326P1169P0P0P0P0P0P0P"),
            Some(came("BotB", false))
        );
        let computer = parse_presence("<wa> Deep 021222 2500 2400 0P0P0P0P0P0P0P").expect("wa");
        assert_eq!(computer.titles, [Title::Computer]);
        assert_eq!(parse_presence("<wd> BotB"), Some(left("BotB", false)));
        assert_eq!(
            parse_presence("Notification: BotB has arrived."),
            Some(came("BotB", true))
        );
        // They have us on their list; we do not have them: no friend.
        assert_eq!(
            parse_presence("Notification: BotB has departed and isn't on your notify list."),
            Some(Presence {
                watcher: true,
                ..left("BotB", false)
            })
        );
        assert_eq!(
            parse_presence("Notification: BotB has arrived and isn't on your notify list."),
            Some(Presence {
                watcher: true,
                ..came("BotB", false)
            })
        );
        for line in [
            "[BotB has connected]",
            "[Two words has connected.]",
            "Notification: BotB has exploded.",
            "<wa> ",
            "<wd> not a handle!",
            "BotB has arrived.",
        ] {
            assert_eq!(parse_presence(line), None, "{line:?}");
        }
    }

    #[test]
    fn present_company() {
        assert_eq!(
            parse_present_company("Present company includes: BotA BotB."),
            Some(vec!["BotA".to_owned(), "BotB".to_owned()])
        );
        assert_eq!(parse_present_company("Present company includes: ."), None);
        assert_eq!(parse_present_company("Present company includes: a b"), None);
    }
}
