//! Which FICS family the connected server belongs to, as its output shows
//! it, and so which variants it plays and how a challenge names them.
//!
//! - The old FICS (uhlin/fics, lasker 1.x): `iset block 1` comes back as
//!   `com_iset: block 1`; it plays wild 0-5 and 8 and bughouse
//!   (`match X 5 0 wild 1`).
//! - FatICS: its login banner names it; `chess960` (it refuses `wild/fr`),
//!   crazyhouse, suicide and bughouse.
//! - freechess.org (and any other server in block mode): everything FICS
//!   plays, Fischer random as `wild fr`.

use crate::protocol::event::Event;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ServerFamily {
    /// Not known yet: freechess.org's list is offered.
    #[default]
    Unknown,
    OldFics,
    FatIcs,
    Freechess,
}

/// A variant a challenge or a seek can ask for: the words the server
/// takes (empty: chess) and its name in the dialogs.
pub type VariantChoice = (&'static str, &'static str);

const OLD_FICS: &[VariantChoice] = &[
    ("", "Standard"),
    ("wild 0", "Wild 0: kings and queens reversed"),
    ("wild 1", "Wild 1: shuffled, kings on d or e"),
    ("wild 2", "Wild 2: shuffled, mirrored"),
    ("wild 3", "Wild 3: random pieces"),
    ("wild 4", "Wild 4: random pieces, balanced bishops"),
    ("wild 5", "Wild 5: upside down"),
    ("wild 8", "Wild 8: pawns on the 4th rank"),
    ("bughouse", "Bughouse"),
];

const FATICS: &[VariantChoice] = &[
    ("", "Standard"),
    ("chess960", "Chess960 (Fischer random)"),
    ("crazyhouse", "Crazyhouse"),
    ("suicide", "Suicide"),
    ("bughouse", "Bughouse"),
];

const FREECHESS: &[VariantChoice] = &[
    ("", "Standard"),
    ("wild fr", "Fischer random"),
    ("crazyhouse", "Crazyhouse"),
    ("bughouse", "Bughouse"),
    ("suicide", "Suicide"),
    ("losers", "Losers"),
    ("atomic", "Atomic"),
    ("wild 0", "Wild 0: kings and queens reversed"),
    ("wild 1", "Wild 1: shuffled, kings on d or e"),
    ("wild 2", "Wild 2: shuffled, mirrored"),
    ("wild 3", "Wild 3: random pieces"),
    ("wild 4", "Wild 4: random pieces, balanced bishops"),
    ("wild 5", "Wild 5: upside down"),
    ("wild 8", "Wild 8: pawns on the 4th rank"),
    ("wild 8a", "Wild 8a: pawns on the 5th rank"),
];

impl ServerFamily {
    /// Whether positions can be set up on it (`bsetup`): freechess.org's
    /// FICS has it; the old FICS and FatICS answer "Command not found".
    pub fn has_bsetup(self) -> bool {
        matches!(self, ServerFamily::Freechess | ServerFamily::Unknown)
    }

    /// The server at `address` before it says anything.
    pub fn of_address(address: &str) -> ServerFamily {
        let host = address.split(':').next().unwrap_or("").to_ascii_lowercase();
        if host.ends_with("freechess.org") {
            ServerFamily::Freechess
        } else {
            ServerFamily::Unknown
        }
    }

    /// What a line of the server's says of it.
    pub fn apply(&mut self, event: &Event) {
        // Said once, early (the banner, the set-up's answer): every later
        // line of the session need not be looked at.
        if *self != ServerFamily::Unknown {
            return;
        }
        let text = match event {
            Event::Text(text) | Event::OwnReply(text) => text.as_str(),
            _ => return,
        };
        if text.starts_with("com_iset:") || text.contains("Server version : rpblc") {
            *self = ServerFamily::OldFics;
        } else if text.contains(" FatICS ") || text.starts_with("FatICS version") {
            *self = ServerFamily::FatIcs;
        } else if text == "block set." {
            *self = ServerFamily::Freechess;
        }
    }

    /// The variants the dialogs offer on this server, in its words.
    pub fn variants(self) -> &'static [VariantChoice] {
        match self {
            ServerFamily::OldFics => OLD_FICS,
            ServerFamily::FatIcs => FATICS,
            ServerFamily::Freechess | ServerFamily::Unknown => FREECHESS,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(lines: &[&str]) -> ServerFamily {
        let mut family = ServerFamily::Unknown;
        for line in lines {
            family.apply(&Event::Text((*line).to_owned()));
        }
        family
    }

    #[test]
    fn each_family_by_what_it_says() {
        assert_eq!(
            after(&["Server location: localhost   Server version : rpblc-1.4.7"]),
            ServerFamily::OldFics
        );
        assert_eq!(after(&["com_iset: block 1"]), ServerFamily::OldFics);
        assert_eq!(
            after(&["                   ♙♘♗♖♕♔ FatICS ♚♛♜♝♞♟", "block set."]),
            ServerFamily::FatIcs
        );
        assert_eq!(after(&["block set."]), ServerFamily::Freechess);
        assert_eq!(
            ServerFamily::of_address("freechess.org:5000"),
            ServerFamily::Freechess
        );
    }

    #[test]
    fn each_family_offers_what_it_plays_in_its_words() {
        let words = |family: ServerFamily| -> Vec<&str> {
            family.variants().iter().map(|(w, _)| *w).collect()
        };
        assert!(words(ServerFamily::FatIcs).contains(&"chess960"));
        assert!(!words(ServerFamily::FatIcs).contains(&"wild fr"));
        assert!(words(ServerFamily::OldFics).contains(&"wild 3"));
        assert!(!words(ServerFamily::OldFics).contains(&"crazyhouse"));
        assert!(words(ServerFamily::Freechess).contains(&"wild fr"));
        assert!(words(ServerFamily::Freechess).contains(&"losers"));
    }

    #[test]
    fn positions_are_set_up_where_the_server_has_bsetup() {
        assert!(ServerFamily::Freechess.has_bsetup());
        assert!(!ServerFamily::FatIcs.has_bsetup());
        assert!(!ServerFamily::OldFics.has_bsetup());
    }
}
