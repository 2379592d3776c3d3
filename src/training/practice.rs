//! One card practised, sans-IO: the user tries a move; the engine's move
//! is a hit, the game's move again a miss, any other move waits for the
//! engine's word on the position it makes (`Card::good_enough`). Giving
//! up is a miss. The words over the board and for the screen reader.

use shakmaty::Color;

use super::deck::{Card, Verdict};

#[derive(Debug, Clone, PartialEq)]
pub struct Practice {
    pub card: Card,
    pub stage: Stage,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// The user is to find a move.
    Trying,
    /// The move tried (SAN) waits for the engine's look at the position
    /// it makes (by that position's key).
    Judging { tried: String, key: String },
    /// Answered: the move tried (None: given up), and whether it was a hit.
    Answered { tried: Option<String>, hit: bool },
}

impl Practice {
    pub fn new(card: Card) -> Practice {
        Practice {
            card,
            stage: Stage::Trying,
        }
    }

    /// A move tried (its SAN; `key`: the key of the position it makes).
    /// The verdict when known at once (true: a hit); None while the
    /// engine is asked. A try once answered changes nothing.
    pub fn tried(&mut self, san: &str, key: String) -> Option<bool> {
        if self.stage != Stage::Trying {
            return None;
        }
        let hit = match self.card.judge(san) {
            Verdict::Hit => true,
            Verdict::Miss => false,
            Verdict::Ask => {
                self.stage = Stage::Judging {
                    tried: san.to_owned(),
                    key,
                };
                return None;
            }
        };
        self.stage = Stage::Answered {
            tried: Some(san.to_owned()),
            hit,
        };
        Some(hit)
    }

    /// The position the engine is asked about, while it is.
    pub fn judging(&self) -> Option<&str> {
        match &self.stage {
            Stage::Judging { key, .. } => Some(key),
            _ => None,
        }
    }

    /// The engine's word on the move tried: White's share after it.
    pub fn engine_said(&mut self, white_share_after: f32) -> Option<bool> {
        let Stage::Judging { tried, .. } = &self.stage else {
            return None;
        };
        let hit = self.card.good_enough(white_share_after);
        self.stage = Stage::Answered {
            tried: Some(tried.clone()),
            hit,
        };
        Some(hit)
    }

    /// "Show the answer": a miss.
    pub fn give_up(&mut self) -> Option<bool> {
        if matches!(self.stage, Stage::Answered { .. }) {
            return None;
        }
        self.stage = Stage::Answered {
            tried: None,
            hit: false,
        };
        Some(false)
    }

    /// What the board asks, before the answer.
    pub fn prompt(&self) -> String {
        let side = match self.card.mover() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let at = self
            .card
            .move_number()
            .map_or_else(String::new, |n| format!(", move {n}"));
        format!(
            "{side} to play{at}. You made a {} here in {}: find a better move.",
            self.card.judgement, self.card.game_words
        )
    }

    /// The answer in words (the screen reader's too), once given.
    pub fn answer_words(&self) -> Option<String> {
        let engine = match &self.card.best {
            Some(best) => format!("the engine's move is {best}"),
            None => "the engine named no move".to_owned(),
        };
        let played = &self.card.played;
        let words = match &self.stage {
            Stage::Trying => return None,
            Stage::Judging { tried, .. } => format!("{tried}: the engine is looking at it…"),
            Stage::Answered {
                tried: Some(tried),
                hit: true,
            } => {
                if self.card.best.as_deref() == Some(tried.as_str()) {
                    format!("Right: {tried} is the engine's move. In the game you played {played}.")
                } else {
                    format!(
                        "Good: {tried} holds the position; {engine}. In the game you played {played}."
                    )
                }
            }
            Stage::Answered {
                tried: Some(tried),
                hit: false,
            } => {
                if *tried == *played {
                    format!("Missed: {tried} is the move you played in the game; {engine}.")
                } else {
                    format!(
                        "Missed: {tried} is no better than {played}, the move you played; {engine}."
                    )
                }
            }
            Stage::Answered { tried: None, .. } => {
                format!("In the game you played {played}; {engine}.")
            }
        };
        Some(words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card() -> Card {
        Card {
            id: "2026-11.pgn#3#1".to_owned(),
            fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".to_owned(),
            played: "f6".to_owned(),
            best: Some("e5".to_owned()),
            judgement: "blunder".to_owned(),
            game_key: "2026-11.pgn#3".to_owned(),
            ply: 1,
            game_words: "KibUser – BotA, 2026.11.28".to_owned(),
            variant: String::new(),
            white_share_permille: Some(520),
            last_move_uci: Some("e2e4".to_owned()),
            due_s: 0,
            interval_s: 0,
            hits: 0,
            misses: 0,
        }
    }

    #[test]
    fn the_engines_move_is_a_hit_and_the_games_a_miss_at_once() {
        let mut practice = Practice::new(card());
        assert_eq!(
            practice.prompt(),
            "Black to play, move 1. You made a blunder here in KibUser – BotA, 2026.11.28: find a better move."
        );
        assert_eq!(practice.answer_words(), None);
        assert_eq!(practice.tried("e5", "k1".to_owned()), Some(true));
        assert!(practice.answer_words().unwrap().starts_with("Right: e5"));
        // Answered: another try changes nothing.
        assert_eq!(practice.tried("f6", "k2".to_owned()), None);
        let mut practice = Practice::new(card());
        assert_eq!(practice.tried("f6", "k2".to_owned()), Some(false));
        assert_eq!(
            practice.answer_words().unwrap(),
            "Missed: f6 is the move you played in the game; the engine's move is e5."
        );
    }

    #[test]
    fn another_move_waits_for_the_engine() {
        let mut practice = Practice::new(card());
        assert_eq!(practice.tried("d5", "after d5".to_owned()), None);
        assert_eq!(practice.judging(), Some("after d5"));
        assert_eq!(practice.give_up(), Some(false));
        // Given up while judging: a miss, the engine's word comes too late.
        assert_eq!(practice.engine_said(0.5), None);
        let mut practice = Practice::new(card());
        practice.tried("d5", "after d5".to_owned());
        assert_eq!(practice.engine_said(0.55), Some(true));
        assert!(
            practice
                .answer_words()
                .unwrap()
                .starts_with("Good: d5 holds")
        );
        let mut practice = Practice::new(card());
        practice.tried("Nh6", "after Nh6".to_owned());
        assert_eq!(practice.engine_said(0.70), Some(false));
        assert!(
            practice
                .answer_words()
                .unwrap()
                .starts_with("Missed: Nh6 is no better")
        );
    }

    #[test]
    fn giving_up_is_a_miss_said_with_both_moves() {
        let mut practice = Practice::new(card());
        assert_eq!(practice.give_up(), Some(false));
        assert_eq!(
            practice.answer_words().unwrap(),
            "In the game you played f6; the engine's move is e5."
        );
        assert_eq!(practice.give_up(), None);
    }
}
