//! What a game against the computer is played under, as the user chose it
//! in the dialog: the variant, the engine's strength, the user's colour,
//! the clock and the start.

use shakmaty::CastlingMode;
use shakmaty::variant::Variant;

use crate::engine::variant::EngineVariant;

/// The variants Kibitz referees itself (shakmaty's rules) and an engine
/// plays: Stockfish chess and Fischer random, Fairy-Stockfish the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
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

    /// shakmaty's rules for it.
    pub fn rules(self) -> (Variant, CastlingMode) {
        let variant = match self {
            ComputerVariant::Chess | ComputerVariant::FischerRandom => Variant::Chess,
            ComputerVariant::Crazyhouse => Variant::Crazyhouse,
            ComputerVariant::Suicide => Variant::Antichess,
            ComputerVariant::Atomic => Variant::Atomic,
            ComputerVariant::KingOfTheHill => Variant::KingOfTheHill,
            ComputerVariant::ThreeCheck => Variant::ThreeCheck,
            ComputerVariant::Horde => Variant::Horde,
            ComputerVariant::RacingKings => Variant::RacingKings,
        };
        let castling = if self == ComputerVariant::FischerRandom {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        (variant, castling)
    }

    /// The game's type as a server names it (the store and the archive
    /// read the variant from it); plain chess by its speed.
    pub fn kind(self, clock: Option<ClockTerms>) -> String {
        match self {
            ComputerVariant::Chess => speed(clock).to_owned(),
            ComputerVariant::FischerRandom => "wild/fr".to_owned(),
            ComputerVariant::Crazyhouse => "crazyhouse".to_owned(),
            ComputerVariant::Suicide => "suicide".to_owned(),
            ComputerVariant::Atomic => "atomic".to_owned(),
            ComputerVariant::KingOfTheHill => "kingofthehill".to_owned(),
            ComputerVariant::ThreeCheck => "threecheck".to_owned(),
            ComputerVariant::Horde => "horde".to_owned(),
            ComputerVariant::RacingKings => "racingkings".to_owned(),
        }
    }

    /// How the engine is told the rules.
    pub fn engine_variant(self) -> EngineVariant {
        match self {
            ComputerVariant::Chess => EngineVariant::CHESS,
            ComputerVariant::FischerRandom => EngineVariant::CHESS960,
            // FICS suicide's rules are Fairy-Stockfish's `suicide`.
            ComputerVariant::Suicide => EngineVariant::named("suicide"),
            ComputerVariant::Crazyhouse => EngineVariant::named("crazyhouse"),
            ComputerVariant::Atomic => EngineVariant::named("atomic"),
            ComputerVariant::KingOfTheHill => EngineVariant::named("kingofthehill"),
            ComputerVariant::ThreeCheck => EngineVariant::named("3check"),
            ComputerVariant::Horde => EngineVariant::named("horde"),
            ComputerVariant::RacingKings => EngineVariant::named("racingkings"),
        }
    }
}

/// FICS's speeds: the expected length of a game, base plus 40 increments,
/// under 3 minutes is lightning, under 15 blitz.
fn speed(clock: Option<ClockTerms>) -> &'static str {
    let Some(clock) = clock else {
        return "untimed";
    };
    let expected_s = clock.base_s + 40 * clock.increment_s;
    match expected_s {
        0..180 => "lightning",
        180..900 => "blitz",
        _ => "standard",
    }
}

/// The clock: base and increment, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClockTerms {
    pub base_s: u32,
    pub increment_s: u32,
}

/// Which side the user takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Side {
    #[default]
    White,
    Black,
    /// Drawn by lot when the game starts.
    Random,
}

/// Where the game starts.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
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

/// Everything the dialog asks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct ComputerTerms {
    pub variant: ComputerVariant,
    /// The engine's strength as a rating; None: its full strength.
    pub strength: Option<u32>,
    pub side: Side,
    /// None: no clock.
    pub clock: Option<ClockTerms>,
    pub start: Start,
    /// On slow time controls the engine's move waits a human-like time.
    pub human_delay: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_chess_is_named_by_its_speed_as_fics_does() {
        let clock = |base_s, increment_s| {
            Some(ClockTerms {
                base_s,
                increment_s,
            })
        };
        assert_eq!(ComputerVariant::Chess.kind(clock(60, 0)), "lightning");
        assert_eq!(ComputerVariant::Chess.kind(clock(180, 0)), "blitz");
        assert_eq!(ComputerVariant::Chess.kind(clock(600, 12)), "standard");
        assert_eq!(ComputerVariant::Chess.kind(None), "untimed");
        assert_eq!(ComputerVariant::FischerRandom.kind(None), "wild/fr");
    }

    #[test]
    fn every_variant_is_one_the_store_plays_and_an_engine_knows() {
        use crate::game::rules::Rules;
        use crate::protocol::game_type::GameType;
        for variant in ComputerVariant::ALL {
            let kind = GameType::parse(&variant.kind(None));
            let rules = Rules::of(Some(&kind), variant == ComputerVariant::Crazyhouse);
            let (shakmaty, castling) = variant.rules();
            assert_eq!(rules, Rules::Known(shakmaty, castling), "{variant:?}");
            assert_eq!(rules.engine_variant(), Some(variant.engine_variant()));
        }
    }
}
