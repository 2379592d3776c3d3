//! A FICS game type, typed once: a speed of chess (`blitz`), or a variant
//! (`crazyhouse`, `wild/fr`), as the servers name it in game headers,
//! `<g1>`, seeks, PGN tags, and by a letter in the `games` list, history,
//! journal and `stored` rows (`[ br  3   0]`). Everything Kibitz decides
//! by a game's type (which rules, the PGN `Variant` tag, whether it is a
//! variant, drops, Fischer-random castling) reads it here.

use std::fmt;

/// Longest name kept for a type Kibitz does not know.
const MAX_NAME: usize = 32;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameType {
    /// Plain chess whose speed is not said (an empty type, a PGN file's).
    Chess,
    Lightning,
    Blitz,
    Standard,
    Untimed,
    /// A time control none of the speeds has (the games list's `n`).
    Nonstandard,
    /// FatICS: slower than standard (`o`).
    Slow,
    Crazyhouse,
    Bughouse,
    Suicide,
    Losers,
    Atomic,
    /// `wild/N` or `wild/fr` (Fischer random): what follows the slash
    /// (the old FICS writes bughouse loaded from `wild/bughouse`).
    Wild(String),
    /// A type Kibitz does not know, by its name (lower case, bounded).
    Other(String),
}

impl GameType {
    /// Reads a type name as the servers write it, in any case: `blitz`,
    /// the old FICS's `Lighting`, FatICS's `lightning crazyhouse` (a
    /// `sought` row names the speed, then the variant: the variant counts).
    pub fn parse(name: &str) -> GameType {
        let name = name.trim().to_ascii_lowercase();
        let last = name.split_whitespace().last().unwrap_or("");
        match last {
            "" | "chess" => GameType::Chess,
            "lightning" | "lighting" | "bullet" => GameType::Lightning,
            "blitz" => GameType::Blitz,
            "standard" | "corr" => GameType::Standard,
            "slow" => GameType::Slow,
            "untimed" => GameType::Untimed,
            "nonstandard" => GameType::Nonstandard,
            "crazyhouse" | "zh" => GameType::Crazyhouse,
            "bughouse" | "bug" => GameType::Bughouse,
            "suicide" => GameType::Suicide,
            "losers" => GameType::Losers,
            "atomic" => GameType::Atomic,
            "wild/bughouse" => GameType::Bughouse,
            "chess960" | "fr" => GameType::Wild("fr".to_owned()),
            wild if wild.starts_with("wild") => {
                let which = wild.trim_start_matches("wild").trim_start_matches('/');
                GameType::Wild(bounded(which))
            }
            other => GameType::Other(bounded(other)),
        }
    }

    /// The type of a letter of the `games` list and the rows of history,
    /// journal and `stored` (`b` blitz, `z` crazyhouse, FatICS's `9`
    /// chess960); an unknown letter as itself.
    pub fn from_letter(letter: char) -> GameType {
        match letter {
            'b' => GameType::Blitz,
            'l' => GameType::Lightning,
            's' => GameType::Standard,
            'u' => GameType::Untimed,
            'w' => GameType::Wild(String::new()),
            'z' => GameType::Crazyhouse,
            'B' => GameType::Bughouse,
            'S' => GameType::Suicide,
            'L' => GameType::Losers,
            'x' => GameType::Atomic,
            'n' => GameType::Nonstandard,
            'o' => GameType::Slow,
            '9' => GameType::Wild("fr".to_owned()),
            other => GameType::Other(other.to_string()),
        }
    }

    /// Its name as the lists show it (the lobby, a card's history):
    /// `blitz`, `chess960`, `wild`; an unknown letter as `type x`.
    pub fn listed_name(&self) -> String {
        match self {
            GameType::Wild(which) if which == "fr" => "chess960".to_owned(),
            GameType::Other(name) if name.chars().count() == 1 => format!("type {name}"),
            other => other.to_string(),
        }
    }

    /// The type of a PGN file's game: its `Variant` tag (empty: chess), in
    /// the spellings the world writes (`Chess960`, `chess 960`,
    /// `Fischerandom`, `960`; `Antichess`, `Giveaway`; `King of the
    /// Hill`, `Three-check`, `Racing Kings`, `Horde`), case, spaces and
    /// dashes aside. Variants no FICS plays are `Other` by one name each
    /// (`kingofthehill`, `threecheck`, `racingkings`, `horde`).
    pub fn from_pgn_variant(tag: &str) -> GameType {
        let squeezed: String = tag
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect();
        match squeezed.as_str() {
            "" | "standard" | "chess" | "normal" | "fromposition" => GameType::Chess,
            "antichess" | "giveaway" | "anti" => GameType::Suicide,
            "chess960" | "fischerandom" | "fischerrandom" | "960" | "frc" => {
                GameType::Wild("fr".to_owned())
            }
            "wild" => GameType::Wild(String::new()),
            "kingofthehill" | "koth" => GameType::Other("kingofthehill".to_owned()),
            "threecheck" | "3check" => GameType::Other("threecheck".to_owned()),
            "racingkings" => GameType::Other("racingkings".to_owned()),
            "horde" => GameType::Other("horde".to_owned()),
            _ => GameType::parse(tag),
        }
    }

    /// The PGN `Variant` tag for a game of this type; none for chess.
    /// Fischer random is `Chess960`, as PGN readers name it. Wild 5, 7, 8
    /// and 8a are chess from another start: no tag, so that any reader
    /// plays them from their `FEN` (the `Event` tag keeps `wild/5`). The
    /// other wilds (0-4: kings on the d-file castle FICS's way) have rules
    /// no reader knows: FICS's own name, `wild/0`, tells them apart (a
    /// `Wild` tag could not).
    pub fn pgn_variant(&self) -> Option<String> {
        Some(match self {
            GameType::Crazyhouse => "Crazyhouse".to_owned(),
            GameType::Bughouse => "Bughouse".to_owned(),
            GameType::Suicide => "Suicide".to_owned(),
            GameType::Atomic => "Atomic".to_owned(),
            GameType::Losers => "Losers".to_owned(),
            GameType::Wild(which) if which == "fr" => "Chess960".to_owned(),
            GameType::Wild(which) if matches!(which.as_str(), "5" | "7" | "8" | "8a") => {
                return None;
            }
            wild @ GameType::Wild(_) => wild.to_string(),
            // As lichess and python-chess name them.
            GameType::Other(name) => match name.as_str() {
                "kingofthehill" => "King of the Hill".to_owned(),
                "threecheck" => "Three-check".to_owned(),
                "racingkings" => "Racing Kings".to_owned(),
                "horde" => "Horde".to_owned(),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Plain chess at some speed.
    pub fn is_chess(&self) -> bool {
        matches!(
            self,
            GameType::Chess
                | GameType::Lightning
                | GameType::Blitz
                | GameType::Standard
                | GameType::Untimed
                | GameType::Nonstandard
                | GameType::Slow
        )
    }

    /// Anything but plain chess (unknown types count as variants).
    pub fn is_variant(&self) -> bool {
        !self.is_chess()
    }

    /// Pieces are dropped from pockets.
    pub fn has_drops(&self) -> bool {
        matches!(self, GameType::Crazyhouse | GameType::Bughouse)
    }

    pub fn is_bughouse(&self) -> bool {
        *self == GameType::Bughouse
    }

    /// Castling by rook file (Fischer random and the shuffled wilds).
    pub fn castles_by_rook_file(&self) -> bool {
        matches!(self, GameType::Wild(_))
    }

    /// A wild variant played with the standard rules from another start
    /// (`wild/fr`, `wild/0`, `wild/1`).
    pub fn is_chess_rules_wild(&self) -> bool {
        matches!(self, GameType::Wild(which) if matches!(which.as_str(), "fr" | "0" | "1"))
    }
}

impl GameType {
    /// The type in words for a player (`Fischer random`, `wild 0`,
    /// `crazyhouse`, `blitz`).
    pub fn describe(&self) -> String {
        match self {
            GameType::Wild(which) if which == "fr" => "Fischer random".to_owned(),
            GameType::Wild(which) if which.is_empty() => "wild".to_owned(),
            GameType::Wild(which) => format!("wild {which}"),
            other => other.to_string(),
        }
    }
}

/// The server's name of the type (`wild/fr`, `blitz`).
impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            GameType::Chess => "chess",
            GameType::Lightning => "lightning",
            GameType::Blitz => "blitz",
            GameType::Standard => "standard",
            GameType::Untimed => "untimed",
            GameType::Nonstandard => "nonstandard",
            GameType::Slow => "slow",
            GameType::Crazyhouse => "crazyhouse",
            GameType::Bughouse => "bughouse",
            GameType::Suicide => "suicide",
            GameType::Losers => "losers",
            GameType::Atomic => "atomic",
            GameType::Wild(which) if which.is_empty() => "wild",
            GameType::Wild(which) => return write!(f, "wild/{which}"),
            GameType::Other(name) => name,
        };
        f.write_str(name)
    }
}

/// As `kibitz decode` has always written a listed type: its name in snake
/// case (`blitz`, `chess960`, `wild`), an unknown letter as
/// `{"other": "x"}`, an unknown name as `{"other": "name"}`.
impl serde::Serialize for GameType {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            GameType::Other(name) => {
                use serde::ser::SerializeMap;
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("other", name)?;
                map.end()
            }
            GameType::Wild(which) if which == "fr" => serializer.serialize_str("chess960"),
            other => serializer.serialize_str(&other.to_string()),
        }
    }
}

fn bounded(text: &str) -> String {
    text.chars().take(MAX_NAME).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_the_servers_write_them() {
        assert_eq!(GameType::parse("blitz"), GameType::Blitz);
        assert_eq!(GameType::parse("Lighting"), GameType::Lightning);
        assert_eq!(
            GameType::parse("lightning crazyhouse"),
            GameType::Crazyhouse
        );
        assert_eq!(GameType::parse("wild/fr"), GameType::Wild("fr".into()));
        assert_eq!(GameType::parse("wild/bughouse"), GameType::Bughouse);
        assert_eq!(GameType::parse("Suicide"), GameType::Suicide);
        assert_eq!(
            GameType::parse("kriegspiel"),
            GameType::Other("kriegspiel".into())
        );
        for name in [
            "blitz",
            "wild/fr",
            "wild/4",
            "crazyhouse",
            "losers",
            "untimed",
        ] {
            assert_eq!(GameType::parse(name).to_string(), name);
        }
    }

    #[test]
    fn what_a_type_says() {
        assert!(GameType::parse("standard").is_chess());
        assert!(GameType::parse("wild/fr").is_variant());
        assert!(GameType::parse("wild/fr").castles_by_rook_file());
        assert!(GameType::parse("wild/fr").is_chess_rules_wild());
        assert!(!GameType::parse("wild/5").is_chess_rules_wild());
        assert!(GameType::parse("bughouse").has_drops());
        assert_eq!(GameType::parse("blitz").pgn_variant(), None);
        assert_eq!(
            GameType::parse("wild/3").pgn_variant().as_deref(),
            Some("wild/3")
        );
        assert_eq!(GameType::parse("wild/5").pgn_variant(), None);
        assert_eq!(
            GameType::parse("chess960").pgn_variant().as_deref(),
            Some("Chess960")
        );
        // Read back, each wild is itself.
        for wild in ["wild/0", "wild/1", "wild/2", "wild/3", "wild/4"] {
            let tag = GameType::parse(wild).pgn_variant().expect("a tag");
            assert_eq!(GameType::from_pgn_variant(&tag), GameType::parse(wild));
        }
        assert_eq!(GameType::parse("wild/fr").describe(), "Fischer random");
        assert_eq!(GameType::parse("wild/0").describe(), "wild 0");
        assert_eq!(
            GameType::from_pgn_variant("Crazyhouse"),
            GameType::Crazyhouse
        );
        assert_eq!(GameType::from_pgn_variant("antichess"), GameType::Suicide);
        assert_eq!(GameType::from_pgn_variant(""), GameType::Chess);
        assert!(GameType::parse("").is_chess());
    }

    #[test]
    fn variants_are_told_from_chess_speeds() {
        for chess in ["blitz", "lightning", "standard", "untimed", ""] {
            assert!(!GameType::parse(chess).is_variant(), "{chess}");
        }
        for variant in [
            "crazyhouse",
            "lightning crazyhouse",
            "wild/fr",
            "suicide",
            "bughouse",
        ] {
            assert!(GameType::parse(variant).is_variant(), "{variant}");
        }
    }

    #[test]
    fn hostile_names_are_bounded() {
        let long = "x".repeat(10_000);
        assert_eq!(GameType::parse(&long).to_string().len(), MAX_NAME);
    }
}
