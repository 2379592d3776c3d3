//! Bughouse partnerships in prose: formed, ended, and the partner's game.
//!
//! The old FICS (`variable.c`, `matchproc.c`, `playerdb.c`) and FatICS
//! (`partner.py`, `game.py`) agree on forming a partnership and differ on the
//! rest: the old FICS names the partner's board (`Your partner is playing
//! game 2 (BotD vs. BotC).`), FatICS only says that the partner joined a game
//! (its `<g1>` has `pt=0`): then the partner's game is found by observing the
//! partner by name.

use serde::Serialize;

use super::words::is_handle;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Partnership {
    /// `You agree to be BotA's partner.` / `BotA agrees to be your partner.`
    Formed { partner: String },
    /// The partnership is over: ended by either side, the partner chose
    /// another, or left the server.
    Ended { text: String },
    /// Our partner's game started: the old FICS names its number (and says
    /// so to both boards' players), FatICS only the opponent.
    PartnerPlaying { game: Option<u32> },
}

/// One line, prompt stripped, or `None` when it says nothing of partners.
pub fn parse_partnership(line: &str) -> Option<Partnership> {
    let line = line.trim_end();
    if let Some(partner) = line
        .strip_prefix("You agree to be ")
        .and_then(|rest| rest.strip_suffix("'s partner."))
        .or_else(|| line.strip_suffix(" agrees to be your partner."))
        .filter(|handle| is_handle(handle))
    {
        return Some(Partnership::Formed {
            partner: partner.to_owned(),
        });
    }
    const ENDED: [&str; 5] = [
        "You no longer have a bughouse partner.",
        "Your partner has ended partnership.",
        "Your partner has disconnected.",
        "Your partner has just chosen a new partner.",
        "Your partner has just unset his/her partner.",
    ];
    if ENDED.contains(&line) {
        return Some(Partnership::Ended {
            text: line.to_owned(),
        });
    }
    if let Some(rest) = line.strip_prefix("Your partner is playing game ") {
        let (number, players) = rest.split_once(' ')?;
        players
            .strip_prefix('(')?
            .strip_suffix(").")?
            .split_once(" vs. ")?;
        return Some(Partnership::PartnerPlaying {
            game: Some(number.parse().ok()?),
        });
    }
    let opponent = line
        .strip_prefix("Your partner has joined a game with ")?
        .strip_suffix('.')?;
    is_handle(opponent).then_some(Partnership::PartnerPlaying { game: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_servers_wording() {
        let formed = |p: &str| {
            Some(Partnership::Formed {
                partner: p.to_owned(),
            })
        };
        assert_eq!(
            parse_partnership("You agree to be BotA's partner."),
            formed("BotA")
        );
        assert_eq!(
            parse_partnership("BotC agrees to be your partner."),
            formed("BotC")
        );
        assert_eq!(
            parse_partnership("Your partner is playing game 2 (BotD vs. BotC)."),
            Some(Partnership::PartnerPlaying { game: Some(2) })
        );
        assert_eq!(
            parse_partnership("Your partner has joined a game with BotD."),
            Some(Partnership::PartnerPlaying { game: None })
        );
        for ended in [
            "You no longer have a bughouse partner.",
            "Your partner has disconnected.",
            "Your partner has ended partnership.",
        ] {
            assert!(matches!(
                parse_partnership(ended),
                Some(Partnership::Ended { .. })
            ));
        }
    }

    #[test]
    fn look_alikes_are_not_partnerships() {
        for line in [
            "You agree to be somebody else's partner.",
            "BotA tells you: Your partner is playing game 2 (A vs. B).",
            "Your partner is playing game x (A vs. B).",
            "Your partner is playing game 2 (A vs. B",
            "Your partner has joined a game with two people.",
            "Your partner has disconnected. Twice.",
        ] {
            assert_eq!(parse_partnership(line), None, "{line}");
        }
    }
}
