//! The terms of a game against the computer as the user last chose them
//! (the settings keep them for the next game): the variant, the engine's
//! strength, the user's colour, the clock and the start. Plain data; the
//! rules they mean are `computer::terms`'.

use serde::{Deserialize, Serialize};

/// The variants Kibitz referees itself (shakmaty's rules) and an engine
/// plays: Stockfish chess and Fischer random, Fairy-Stockfish the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum ComputerVariant {
    #[default]
    Chess,
    FischerRandom,
    Crazyhouse,
    Suicide,
    Atomic,
    KingOfTheHill,
    ThreeCheck,
    Horde,
    RacingKings,
}

impl ComputerVariant {
    pub const ALL: [ComputerVariant; 9] = [
        ComputerVariant::Chess,
        ComputerVariant::FischerRandom,
        ComputerVariant::Crazyhouse,
        ComputerVariant::Suicide,
        ComputerVariant::Atomic,
        ComputerVariant::KingOfTheHill,
        ComputerVariant::ThreeCheck,
        ComputerVariant::Horde,
        ComputerVariant::RacingKings,
    ];

    /// Its name in the dialog.
    pub fn label(self) -> &'static str {
        match self {
            ComputerVariant::Chess => "Chess",
            ComputerVariant::FischerRandom => "Fischer random (Chess960)",
            ComputerVariant::Crazyhouse => "Crazyhouse",
            ComputerVariant::Suicide => "Suicide",
            ComputerVariant::Atomic => "Atomic",
            ComputerVariant::KingOfTheHill => "King of the Hill",
            ComputerVariant::ThreeCheck => "Three-check",
            ComputerVariant::Horde => "Horde",
            ComputerVariant::RacingKings => "Racing Kings",
        }
    }
}

/// How many Fischer random starts there are (numbered 0-959).
pub const FISCHER_RANDOM_STARTS: u32 = 960;

/// The clock: base and increment, in seconds. The base is whole minutes,
/// as the servers' games and style 12 have it (PGN's TimeControl then
/// says what was played).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockTerms {
    pub base_s: u32,
    pub increment_s: u32,
}

/// Which side the user takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Side {
    #[default]
    White,
    Black,
    /// Drawn by lot when the game starts.
    Random,
}

/// Where the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Start {
    /// The variant's own start (Fischer random: a position drawn by lot).
    #[default]
    Usual,
    /// Fischer random's start by its number (0-959; 518 is chess's).
    Chess960(u32),
    /// A position as FEN (the set-up editor's, a pasted one, a move of an
    /// archived game), under the variant's rules.
    Fen(String),
}

/// Everything the dialog asks (remembered in the settings for the next
/// game).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct ComputerTerms {
    pub variant: ComputerVariant,
    /// The engine's strength as a rating; None: its full strength.
    /// (Missing from a saved table: full strength, which TOML writes so.)
    #[serde(default)]
    pub strength: Option<u32>,
    pub side: Side,
    /// None: no clock.
    /// (Missing from a saved table: no clock, which TOML writes so.)
    #[serde(default)]
    pub clock: Option<ClockTerms>,
    pub start: Start,
    /// On slow time controls the engine's move waits a human-like time.
    pub human_delay: bool,
}

/// The strengths offered, as ratings.
/// (From the lowest rating the engines are made to play at, see
/// `engine::strength::LOWEST_RATING`.)
pub const STRENGTHS: std::ops::RangeInclusive<u32> = 400..=3000;
/// The longest base time offered, in seconds (3 hours).
pub const LONGEST_BASE_S: u32 = 3 * 60 * 60;
/// The largest increment offered, in seconds.
pub const LARGEST_INCREMENT_S: u32 = 180;

impl ComputerTerms {
    /// The terms brought into the ranges the dialog offers (a settings
    /// file edited by hand).
    pub fn sanitized(mut self) -> Self {
        self.strength = self
            .strength
            .map(|r| r.clamp(*STRENGTHS.start(), *STRENGTHS.end()));
        if let Some(clock) = &mut self.clock {
            clock.base_s = clock.base_s.min(LONGEST_BASE_S) / 60 * 60;
            clock.increment_s = clock.increment_s.min(LARGEST_INCREMENT_S);
            if clock.base_s == 0 && clock.increment_s == 0 {
                self.clock = None;
            }
        }
        if let Start::Chess960(n) = &mut self.start {
            *n %= FISCHER_RANDOM_STARTS;
        }
        self
    }
}

/// The strength a first game is offered at.
pub const FIRST_STRENGTH: u32 = 1500;

impl Default for ComputerTerms {
    fn default() -> Self {
        ComputerTerms {
            variant: ComputerVariant::Chess,
            strength: Some(FIRST_STRENGTH),
            side: Side::White,
            clock: Some(ClockTerms {
                base_s: 5 * 60,
                increment_s: 0,
            }),
            start: Start::Usual,
            human_delay: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Full strength and no clock are kept (TOML has no "none": the key is
    /// left out, and read back as none, not as the first game's terms).
    #[test]
    fn every_choice_survives_the_settings_file() {
        let chosen = [
            ComputerTerms {
                strength: None,
                clock: None,
                side: Side::Random,
                variant: ComputerVariant::Crazyhouse,
                start: Start::Fen("8/8/8/8/8/8/k7/K7 w - - 0 1".to_owned()),
                human_delay: false,
            },
            ComputerTerms {
                start: Start::Chess960(17),
                ..ComputerTerms::default()
            },
            ComputerTerms::default(),
        ];
        for terms in chosen {
            #[derive(Serialize, Deserialize)]
            struct File {
                computer: ComputerTerms,
            }
            let text = toml::to_string(&File {
                computer: terms.clone(),
            })
            .unwrap();
            let read: File = toml::from_str(&text).unwrap();
            assert_eq!(read.computer, terms, "{text}");
        }
    }
}
