//! The rules an engine is asked to search by: chess, Fischer random
//! (`UCI_Chess960`, which Stockfish plays), or a variant a variant engine
//! names in its `UCI_Variant` option (Fairy-Stockfish: `crazyhouse`,
//! `suicide` with FICS's rules, `losers`, `atomic` where built in).

/// What to set before a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct EngineVariant {
    /// `UCI_Variant`'s value; None: chess, any UCI engine plays it.
    pub uci_variant: Option<&'static str>,
    /// `UCI_Chess960`: castling by the rooks' files, king-takes-rook moves.
    pub chess960: bool,
}

impl EngineVariant {
    pub const CHESS: EngineVariant = EngineVariant {
        uci_variant: None,
        chess960: false,
    };
    pub const CHESS960: EngineVariant = EngineVariant {
        uci_variant: None,
        chess960: true,
    };

    /// A variant by the variant engine's name for it.
    pub const fn named(name: &'static str) -> EngineVariant {
        EngineVariant {
            uci_variant: Some(name),
            chess960: false,
        }
    }

    /// Only a variant engine plays it.
    pub fn needs_variant_engine(self) -> bool {
        self.uci_variant.is_some()
    }

    /// A prefix for the keys of its positions (a FEN means another game
    /// under other rules): empty for chess.
    pub fn key_prefix(self) -> String {
        match (self.uci_variant, self.chess960) {
            (Some(name), _) => format!("{name}:"),
            (None, true) => "960:".to_owned(),
            (None, false) => String::new(),
        }
    }

    /// The options to send when a search of this variant follows one of
    /// `before` (the engine remembers them).
    pub fn options_after(self, before: EngineVariant) -> Vec<String> {
        let mut lines = Vec::new();
        if self.uci_variant != before.uci_variant {
            let name = self.uci_variant.unwrap_or("chess");
            lines.push(format!("setoption name UCI_Variant value {name}"));
        }
        if self.chess960 != before.chess960 {
            lines.push(format!(
                "setoption name UCI_Chess960 value {}",
                self.chess960
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_sent_when_the_variant_changes() {
        assert!(
            EngineVariant::CHESS
                .options_after(EngineVariant::CHESS)
                .is_empty()
        );
        assert_eq!(
            EngineVariant::CHESS960.options_after(EngineVariant::CHESS),
            ["setoption name UCI_Chess960 value true"]
        );
        assert_eq!(
            EngineVariant::named("crazyhouse").options_after(EngineVariant::CHESS),
            ["setoption name UCI_Variant value crazyhouse"]
        );
        assert_eq!(
            EngineVariant::CHESS.options_after(EngineVariant::named("suicide")),
            ["setoption name UCI_Variant value chess"]
        );
        assert_eq!(EngineVariant::named("losers").key_prefix(), "losers:");
    }
}
