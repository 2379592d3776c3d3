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

use super::game_type::GameType;
use super::games_list::read_type_letters;
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
    /// One adjourned game of the `stored` list.
    Stored(StoredGame),
    /// `NAME has no adjourned games.`
    NoneStored { handle: String },
}

/// One adjourned game of a `stored` list: the opponent, and what the list
/// says of it (the old FICS only names the players; FatICS and
/// freechess.org give every column).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct StoredGame {
    pub opponent: String,
    /// Whether the opponent is online.
    pub online: Option<bool>,
    /// The list owner's colour in it (`W`, `B`).
    pub color: Option<char>,
    pub game_type: Option<GameType>,
    pub rated: Option<bool>,
    pub time_min: Option<u32>,
    pub increment_s: Option<u32>,
    /// Whose move (`W`, `B`) and its number (`B6`).
    pub to_move: Option<char>,
    pub move_number: Option<u32>,
    pub eco: Option<String>,
    /// When it was adjourned, as the server wrote it.
    pub date: Option<String>,
}

/// The longest date kept.
const MAX_DATE: usize = 40;

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
        return Some(AdjournedLine::Stored(StoredGame {
            opponent: opponent.to_owned(),
            ..StoredGame::default()
        }));
    }
    // ` 1: W BotA            Y [bnr  5   0] 39-39 B6   B00 2026-11-25 11:46 UTC`
    let (slot, rest) = line.split_once(": ")?;
    number(slot)?;
    let (head, rest) = rest.split_once('[')?;
    let words: Vec<&str> = head.split_whitespace().collect();
    let [color, opponent, online] = words.as_slice() else {
        return None;
    };
    if !matches!(*color, "W" | "B") || !is_handle(opponent) {
        return None;
    }
    let online = match *online {
        "Y" => true,
        "N" => false,
        _ => return None,
    };
    let mut game = StoredGame {
        opponent: (*opponent).to_owned(),
        online: Some(online),
        color: color.chars().next(),
        ..StoredGame::default()
    };
    // The columns after the opponent: read where they read, as the
    // history's are (a row is listed whatever follows).
    let (terms, tail) = rest.split_once(']').unwrap_or((rest, ""));
    if let [kind, time, inc] = terms.split_whitespace().collect::<Vec<_>>().as_slice() {
        if let Some((game_type, rated)) = read_type_letters(kind) {
            game.game_type = Some(game_type);
            game.rated = Some(rated);
        }
        game.time_min = number(time);
        game.increment_s = number(inc);
    }
    let mut tail = tail.split_whitespace();
    let _strength = tail.next();
    if let Some(next) = tail.next() {
        game.to_move = next.chars().next().filter(|c| matches!(c, 'W' | 'B'));
        game.move_number = next.get(1..).and_then(number);
    }
    game.eco = tail.next().map(|eco| eco.chars().take(8).collect());
    let date: Vec<&str> = tail.collect();
    game.date = (!date.is_empty()).then(|| date.join(" ").chars().take(MAX_DATE).collect());
    Some(AdjournedLine::Stored(game))
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
            Some(AdjournedLine::Stored(StoredGame {
                opponent: "bota".into(),
                ..StoredGame::default()
            }))
        );
        assert_eq!(
            parse_stored_row(
                " 1: W BotA            Y [bnr  5   0] 39-39 W3   B12 2026-11-25 11:50 UTC",
                "KibUser"
            ),
            Some(AdjournedLine::Stored(StoredGame {
                opponent: "BotA".into(),
                online: Some(true),
                color: Some('W'),
                game_type: Some(GameType::Blitz),
                rated: Some(true),
                time_min: Some(5),
                increment_s: Some(0),
                to_move: Some('W'),
                move_number: Some(3),
                eco: Some("B12".into()),
                date: Some("2026-11-25 11:50 UTC".into()),
            }))
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
