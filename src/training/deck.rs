//! Your mistakes as a deck of cards: every position of your own games
//! where a review judged your move a mistake (`?`) or a blunder (`??`)
//! becomes a card, "find a better move"; cards come back on a schedule
//! (spaced repetition: soon after a miss, later and later after hits).
//! Sans-IO: the deck is built from reviews handed in, answered with the
//! time as a parameter, and written and read as TOML by whoever keeps it
//! on disk.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};
use shakmaty::Color;

use crate::engine::review::{Judgement, Review};

/// A missed card comes back this soon.
pub const AGAIN_SOON_S: u64 = 10 * 60;
/// A card's first interval after a hit.
pub const FIRST_INTERVAL_S: u64 = 24 * 3600;
/// Each hit multiplies the interval by this (in tenths: 2.5).
const GROWTH_TENTHS: u64 = 25;
/// Intervals stop growing here (half a year).
const LONGEST_INTERVAL_S: u64 = 183 * 24 * 3600;

/// A reviewed game of the user's, as the deck takes it.
#[derive(Debug, Clone)]
pub struct ReviewedGame {
    /// The game's key in the archive (its file and index), stable across
    /// runs.
    pub key: String,
    pub white: String,
    pub black: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// The user's side in it.
    pub me: Color,
    /// Each move: the position before it (FEN), the move (SAN), the
    /// engine's best move there (SAN) when known.
    pub moves: Vec<ReviewedMove>,
    pub review: Review,
    /// Who made the first move.
    pub first_mover: Color,
    /// The game's variant as its PGN names it (empty: chess).
    pub variant: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewedMove {
    pub fen_before: String,
    pub san: String,
    pub best: Option<String>,
    /// The move before it (UCI, `e7e5`), marked on the card's board.
    pub last_move_uci: Option<String>,
}

/// One card: a position to find a better move in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// `<game key>#<ply>`.
    pub id: String,
    pub fen: String,
    /// What the user played there.
    pub played: String,
    /// The engine's move, when the review knew it.
    pub best: Option<String>,
    /// `mistake` or `blunder`.
    pub judgement: String,
    pub game_key: String,
    /// The move's index in the game (0: the first move).
    pub ply: usize,
    /// `White – Black, YYYY.MM.DD`.
    pub game_words: String,
    /// The game's variant as its PGN names it (empty: chess).
    #[serde(default)]
    pub variant: String,
    /// White's share of the winning chances before the move (the engine's
    /// best play), in thousandths: a move the engine did not foresee is
    /// judged against it.
    #[serde(default)]
    pub white_share_permille: Option<u16>,
    /// The opponent's move before the position (UCI), marked on its board.
    #[serde(default)]
    pub last_move_uci: Option<String>,
    /// When it is due (Unix seconds).
    pub due_s: u64,
    /// The wait after the last hit (0: never hit yet).
    pub interval_s: u64,
    pub hits: u32,
    pub misses: u32,
}

/// A try the engine judges is a hit when it loses less than a mistake
/// does (`engine/review.rs`: 0.10 of the whole) of what best play keeps.
const HIT_MAX_LOSS: f32 = 0.10;

/// How a try went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The engine's move.
    Hit,
    /// The move played in the game again.
    Miss,
    /// Another move: the engine must judge it.
    Ask,
}

impl Card {
    /// A try, by its SAN (check marks aside).
    pub fn judge(&self, tried: &str) -> Verdict {
        let bare = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_owned();
        if bare(tried) == bare(&self.played) {
            Verdict::Miss
        } else if self
            .best
            .as_deref()
            .is_some_and(|best| bare(best) == bare(tried))
        {
            Verdict::Hit
        } else {
            Verdict::Ask
        }
    }

    /// The move number of the position (the FEN's last field).
    pub fn move_number(&self) -> Option<u32> {
        self.fen.split_whitespace().nth(5)?.parse().ok()
    }

    /// The side to play (the FEN's second field).
    pub fn mover(&self) -> Color {
        match self.fen.split_whitespace().nth(1) {
            Some("b") => Color::Black,
            _ => Color::White,
        }
    }

    /// Whether a try the engine judged (White's share after it, 0 to 1)
    /// keeps what best play keeps, bar less than a mistake's worth. Where
    /// the review's share is unknown, even chances stand in.
    pub fn good_enough(&self, white_share_after: f32) -> bool {
        let before = self
            .white_share_permille
            .map_or(0.5, |p| f32::from(p) / 1000.0);
        let loss = match self.mover() {
            Color::White => before - white_share_after,
            Color::Black => white_share_after - before,
        };
        loss < HIT_MAX_LOSS
    }
}

/// The deck, as kept on disk.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    #[serde(default)]
    pub cards: Vec<Card>,
    /// Games whose review was taken in (not looked at again).
    #[serde(default)]
    pub reviewed: BTreeSet<String>,
    /// The user turned the background review off (kept with the deck it
    /// fills).
    #[serde(default)]
    pub background_off: bool,
}

impl Deck {
    /// Takes a game's review in: a card for each move of the user's
    /// judged a mistake or a blunder, due at once. A game already taken
    /// in adds nothing; neither does a review not finished. How many
    /// cards came.
    pub fn take_in(&mut self, game: &ReviewedGame, now_s: u64) -> usize {
        let finished = game.review.shares.iter().all(Option::is_some);
        if !finished || self.reviewed.contains(&game.key) {
            return 0;
        }
        let before = self.cards.len();
        for (ply, judgement) in game.review.judgements.iter().enumerate() {
            let mover = if ply % 2 == 0 {
                game.first_mover
            } else {
                !game.first_mover
            };
            let serious = matches!(judgement, Some(Judgement::Mistake | Judgement::Blunder));
            let Some(judgement) = judgement.filter(|_| serious && mover == game.me) else {
                continue;
            };
            let Some(mv) = game.moves.get(ply) else {
                continue;
            };
            let id = format!("{}#{ply}", game.key);
            if self.cards.iter().any(|c| c.id == id) {
                continue;
            }
            self.cards.push(Card {
                id,
                fen: mv.fen_before.clone(),
                played: mv.san.clone(),
                best: mv.best.clone(),
                judgement: judgement.name().to_owned(),
                game_key: game.key.clone(),
                ply,
                game_words: format!("{} – {}, {}", game.white, game.black, game.date),
                variant: game.variant.clone(),
                last_move_uci: mv.last_move_uci.clone(),
                white_share_permille: (game.review.shares.get(ply).copied().flatten())
                    .map(|share| (share.clamp(0.0, 1.0) * 1000.0).round() as u16),
                due_s: now_s,
                interval_s: 0,
                hits: 0,
                misses: 0,
            });
        }
        self.reviewed.insert(game.key.clone());
        self.cards.len() - before
    }

    /// The cards due at `now_s`, the longest waiting first.
    pub fn due(&self, now_s: u64) -> Vec<&Card> {
        let mut due: Vec<&Card> = self.cards.iter().filter(|c| c.due_s <= now_s).collect();
        due.sort_by_key(|c| (c.due_s, c.id.clone()));
        due
    }

    /// Games whose review was taken in.
    pub fn reviewed_count(&self) -> usize {
        self.reviewed.len()
    }

    /// A game that cannot be reviewed (a variant no engine plays, a
    /// record that does not replay): marked, never tried again.
    pub fn pass_over(&mut self, key: &str) {
        self.reviewed.insert(key.to_owned());
    }

    /// When the next card comes due, if none is due now.
    pub fn next_due(&self) -> Option<u64> {
        self.cards.iter().map(|c| c.due_s).min()
    }

    /// A card answered: a hit puts it off for longer each time; a miss
    /// brings it back soon and starts its intervals again.
    pub fn answer(&mut self, id: &str, hit: bool, now_s: u64) {
        let Some(card) = self.cards.iter_mut().find(|c| c.id == id) else {
            return;
        };
        if hit {
            card.hits += 1;
            card.interval_s = match card.interval_s {
                0 => FIRST_INTERVAL_S,
                interval => (interval * GROWTH_TENTHS / 10).min(LONGEST_INTERVAL_S),
            };
            card.due_s = now_s + card.interval_s;
        } else {
            card.misses += 1;
            card.interval_s = 0;
            card.due_s = now_s + AGAIN_SOON_S;
        }
    }

    pub fn to_toml(&self) -> String {
        toml::to_string(self).unwrap_or_default()
    }

    /// The deck written by [`Deck::to_toml`]; a file that does not read is
    /// an error (the caller keeps it aside, never overwrites it unread).
    pub fn from_toml(text: &str) -> Result<Deck, String> {
        toml::from_str(text).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests;
