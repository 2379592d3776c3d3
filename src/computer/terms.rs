//! What the terms of a game against the computer mean: shakmaty's rules
//! for its variant, the game's type as a server names it, and how the
//! engine is told the rules. (The terms themselves are settings:
//! `config::computer`.)

use shakmaty::CastlingMode;
use shakmaty::variant::Variant;

pub use crate::config::computer::*;
use crate::engine::variant::EngineVariant;

impl ComputerVariant {
    /// The variant a board's rules are, where the computer plays it.
    pub fn of_rules(rules: crate::game::rules::Rules) -> Option<ComputerVariant> {
        ComputerVariant::ALL.into_iter().find(|v| {
            let (variant, castling) = v.rules();
            rules == crate::game::rules::Rules::Known(variant, castling)
        })
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
    fn the_weakest_strength_offered_is_the_weakest_the_engines_are_made_to_play() {
        assert_eq!(*STRENGTHS.start(), crate::engine::strength::LOWEST_RATING);
        assert_eq!(
            crate::computer::fischer_random::STARTS,
            FISCHER_RANDOM_STARTS
        );
    }

    #[test]
    fn a_hand_edited_settings_file_is_brought_into_the_dialogs_ranges() {
        let edited = ComputerTerms {
            strength: Some(9000),
            clock: Some(ClockTerms {
                base_s: 90,
                increment_s: 999,
            }),
            start: Start::Chess960(1000),
            ..ComputerTerms::default()
        }
        .sanitized();
        assert_eq!(edited.strength, Some(*STRENGTHS.end()));
        assert_eq!(
            edited.clock,
            Some(ClockTerms {
                base_s: 60,
                increment_s: LARGEST_INCREMENT_S
            })
        );
        assert_eq!(edited.start, Start::Chess960(40));
        let half_a_minute = ComputerTerms {
            clock: Some(ClockTerms {
                base_s: 30,
                increment_s: 0,
            }),
            ..ComputerTerms::default()
        };
        assert_eq!(half_a_minute.sanitized().clock, None, "untimed");
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
