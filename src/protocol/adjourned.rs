//! Adjourned games: who of their opponents is online (at login and when
//! one arrives) and the `stored` list. The two servers word it differently
//! (old FICS `playerdb.c`, FatICS `notify.py` and `user_command.py`; both
//! captured in `tests/fixtures/*/adjourned-*.bin`):
//!
//! ```text
//! 1 player, who has an adjourned game with you, is online:^G   (old FICS;
//! BotA                                                      names below)
//! 1 player who has an adjourned game with you is online: BotA   (FatICS)
//! Notification: BotA, who has an adjourned game with you, has arrived.
//! Stored games for KibUser:
//!    kibuser vs. bota                                          (old FICS)
//!  1: W BotA            Y [bnr  5   0] 39-39 W3   B12 2026-11-25 11:50 UTC
//! KibUser has no adjourned games.                               (FatICS)
//! ```
//!
//! A game is resumed by challenging its opponent with no terms (`match
//! BotA`): both servers take that as the adjourned game.

use serde::Serialize;

use super::words::{is_handle, number};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AdjournedLine {
    /// At login: opponents of adjourned games who are online. The old FICS
    /// lists the names on the lines after (`names` empty here, see
    /// [`parse_adjourned_names`]).
    OpponentsOnline { count: u32, names: Vec<String> },
    /// An opponent of an adjourned game arrived.
    OpponentArrived { handle: String },
    /// `Stored games for NAME:`: the rows that follow are NAME's.
    StoredHeader { handle: String },
    /// One adjourned game of the `stored` list: the opponent, and (FatICS)
    /// whether they are online.
    Stored {
        opponent: String,
        online: Option<bool>,
    },
    /// `NAME has no adjourned games.`
    NoneStored { handle: String },
}

/// One line, prompt stripped; `None` for any other line.
pub fn parse_adjourned_line(line: &str) -> Option<AdjournedLine> {
    let line = line.trim_end_matches(['\x07', ' ', '\r']);
    if let Some(online) = opponents_online(line) {
        return Some(online);
    }
    if let Some(handle) = line
        .strip_prefix("Notification: ")
        .and_then(|r| r.strip_suffix(", who has an adjourned game with you, has arrived."))
        .filter(|h| is_handle(h))
    {
        return Some(AdjournedLine::OpponentArrived {
            handle: handle.to_owned(),
        });
    }
    if let Some(handle) = line
        .strip_prefix("Stored games for ")
        .and_then(|r| r.strip_suffix(':'))
        .filter(|h| is_handle(h))
    {
        return Some(AdjournedLine::StoredHeader {
            handle: handle.to_owned(),
        });
    }
    if let Some(handle) = line
        .strip_suffix(" has no adjourned games.")
        .filter(|h| is_handle(h))
    {
        return Some(AdjournedLine::NoneStored {
            handle: handle.to_owned(),
        });
    }
    None
}

/// A row of a `stored` list (only right after its header: the old FICS's
/// `a vs. b` rows are too plain to read anywhere else). `me`: the list's
/// owner, to tell the opponent in the old FICS's lower-case `me vs. them`.
pub fn parse_stored_row(line: &str, me: &str) -> Option<AdjournedLine> {
    let line = line.trim();
    if let Some((white, black)) = line.split_once(" vs. ") {
        if !is_handle(white) || !is_handle(black) {
            return None;
        }
        let opponent = if white.eq_ignore_ascii_case(me) {
            black
        } else {
            white
        };
        return Some(AdjournedLine::Stored {
            opponent: opponent.to_owned(),
            online: None,
        });
    }
    // ` 1: W BotA            Y [bnr  5   0] ...`
    let (slot, rest) = line.split_once(": ")?;
    number(slot)?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [color, opponent, online, bracket, ..] = words.as_slice() else {
        return None;
    };
    if !matches!(*color, "W" | "B") || !is_handle(opponent) || !bracket.starts_with('[') {
        return None;
    }
    let online = match *online {
        "Y" => true,
        "N" => false,
        _ => return None,
    };
    Some(AdjournedLine::Stored {
        opponent: (*opponent).to_owned(),
        online: Some(online),
    })
}

/// The old FICS's names line after its "... is online:" line.
pub fn parse_adjourned_names(line: &str) -> Option<Vec<String>> {
    let names: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
    (!names.is_empty() && names.len() <= 200 && names.iter().all(|n| is_handle(n))).then_some(names)
}

fn opponents_online(line: &str) -> Option<AdjournedLine> {
    let (count, rest) = line.split_once(' ')?;
    let count = number(count)?;
    const HEADS: [&str; 4] = [
        // FatICS, names after the colon.
        "player who has an adjourned game with you is online:",
        "players who have an adjourned game with you are online:",
        // The old FICS, names on the next line.
        "player, who has an adjourned game with you, is online:",
        "players, who have an adjourned game with you, are online:",
    ];
    let names = HEADS.iter().find_map(|head| rest.strip_prefix(head))?;
    let names: Vec<String> = names.split_whitespace().map(str::to_owned).collect();
    if !names.iter().all(|n| is_handle(n)) {
        return None;
    }
    Some(AdjournedLine::OpponentsOnline { count, names })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_servers_at_login() {
        assert_eq!(
            parse_adjourned_line("1 player, who has an adjourned game with you, is online:\x07"),
            Some(AdjournedLine::OpponentsOnline {
                count: 1,
                names: vec![]
            })
        );
        assert_eq!(parse_adjourned_names("BotA  "), Some(vec!["BotA".into()]));
        assert_eq!(
            parse_adjourned_line(
                "2 players who have an adjourned game with you are online: BotA BotB"
            ),
            Some(AdjournedLine::OpponentsOnline {
                count: 2,
                names: vec!["BotA".into(), "BotB".into()]
            })
        );
        assert_eq!(
            parse_adjourned_line(
                "Notification: BotA, who has an adjourned game with you, has arrived."
            ),
            Some(AdjournedLine::OpponentArrived {
                handle: "BotA".into()
            })
        );
    }

    #[test]
    fn stored_lists() {
        assert_eq!(
            parse_adjourned_line("Stored games for KibUser:"),
            Some(AdjournedLine::StoredHeader {
                handle: "KibUser".into()
            })
        );
        assert_eq!(
            parse_stored_row("   kibuser vs. bota", "KibUser"),
            Some(AdjournedLine::Stored {
                opponent: "bota".into(),
                online: None
            })
        );
        assert_eq!(
            parse_stored_row(
                " 1: W BotA            Y [bnr  5   0] 39-39 W3   B12 2026-11-25 11:50 UTC",
                "KibUser"
            ),
            Some(AdjournedLine::Stored {
                opponent: "BotA".into(),
                online: Some(true)
            })
        );
        assert_eq!(
            parse_stored_row(
                "    C Opponent       On Type          Str  M    ECO Date",
                "Me"
            ),
            None
        );
        assert_eq!(
            parse_adjourned_line("KibUser has no adjourned games."),
            Some(AdjournedLine::NoneStored {
                handle: "KibUser".into()
            })
        );
        assert_eq!(parse_adjourned_line("BotA tells you: 1 player, who"), None);
    }
}
