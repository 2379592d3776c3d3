//! The review of the user's archived games that no review has taken in
//! yet, in the background: one game at a time, newest first, its
//! positions given to the engine only when nothing on screen wants it and
//! never while the user plays; each finished review goes into the deck.
//! The game's moves are read off the UI thread (the caller's disk thread).

use shakmaty::Color;
use shakmaty::fen::Fen;

use crate::archive::listed::ListedGame;
use crate::archive::record::ArchivedGame;
use crate::archive::replay::review_game;
use crate::engine::analysis::white_share;
use crate::engine::results::Results;
use crate::engine::scheduler::Target;
use crate::game::review::{ReviewPlan, first_mover};
use crate::game::{Game, Now};
use crate::training::deck::{Deck, ReviewedGame, ReviewedMove};

/// The background game's number (never in the store; the engine's
/// scheduler names boards by number).
const NUMBER: u32 = 3_000_000;

/// A game's key in the deck: its file's name and its place there (the
/// archive's month files only grow, so both stay).
pub fn game_key(listed: &ListedGame) -> String {
    let name = listed
        .file
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    format!("{name}#{}", listed.index)
}

#[derive(Default)]
pub struct BackgroundReview {
    /// The user's games still to review, the next last; and what the
    /// queue was made from (My games' list generation, the user).
    queue: Vec<ListedGame>,
    made_from: Option<(u64, String)>,
    /// The game whose moves are being read.
    pub reading: Option<String>,
    current: Option<Current>,
}

struct Current {
    key: String,
    game: Game,
    plan: ReviewPlan,
    me: Color,
    variant: String,
    /// Positions looked at, of all, as of the last step.
    last_progress: (usize, usize),
}

/// What a step of the review did.
#[derive(Debug, Default)]
pub struct Step {
    /// Positions for the engine, now.
    pub targets: Vec<Target>,
    /// A game read to ask for from the disk.
    pub read: Option<ListedGame>,
    /// A game's review taken in: its words, and cards added.
    pub finished: Option<(String, usize)>,
    /// The deck changed (to be written).
    pub deck_changed: bool,
}

impl BackgroundReview {
    /// The queue: `me`'s games of My games' list (`generation`) that the
    /// deck has not taken in, newest first. Again when the list changes.
    pub fn keep_up(&mut self, games: &[ListedGame], generation: u64, me: &str, deck: &Deck) {
        let wanted = (generation, me.to_ascii_lowercase());
        if self.made_from.as_ref() == Some(&wanted) {
            return;
        }
        // Not the game under way (read or reviewed): it is counted once.
        let under_way = [
            self.reading.as_deref(),
            self.current.as_ref().map(|c| c.key.as_str()),
        ];
        let mut own: Vec<ListedGame> = games
            .iter()
            .filter(|g| g.played_by(me) && !g.is_bughouse())
            .filter(|g| {
                let key = game_key(g);
                !deck.reviewed.contains(&key) && !under_way.contains(&Some(key.as_str()))
            })
            .cloned()
            .collect();
        // Oldest first: the newest is popped first.
        own.sort_by(|a, b| (a.date(), a.index).cmp(&(b.date(), b.index)));
        self.queue = own;
        self.made_from = Some(wanted);
    }

    /// Games still to review (the one under way among them).
    pub fn left(&self) -> usize {
        self.queue.len() + usize::from(self.current.is_some() || self.reading.is_some())
    }

    /// The game under review and how far: `(words, known, all)`.
    pub fn under_way(&self) -> Option<(String, usize, usize)> {
        let current = self.current.as_ref()?;
        let players = &current.game.players;
        let words = format!(
            "{} – {}",
            players[Color::White].handle,
            players[Color::Black].handle
        );
        let (known, all) = current.last_progress;
        Some((words, known, all))
    }

    /// A game's moves, read: replayed for its review; one that cannot be
    /// replayed or reviewed is passed over (the deck changed).
    pub fn read(
        &mut self,
        key: String,
        archived: Option<ArchivedGame>,
        me: &str,
        now: Now,
        deck: &mut Deck,
    ) -> bool {
        self.reading = None;
        let replayed = archived.as_ref().and_then(|a| {
            let game = review_game(a, NUMBER, now).ok()?;
            let me = if a.white.eq_ignore_ascii_case(me) {
                Color::White
            } else {
                Color::Black
            };
            Some((game, me, a.variant.clone()))
        });
        // A card's board has no holdings to drop from: crazyhouse games
        // are passed over with those that do not replay.
        let drops = |game: &Game| {
            game.playable().is_some_and(|p| {
                matches!(
                    p.rules,
                    crate::game::rules::Rules::Known(shakmaty::variant::Variant::Crazyhouse, _)
                )
            })
        };
        let Some((game, me, variant)) = replayed.filter(|(game, _, _)| !drops(game)) else {
            deck.pass_over(&key);
            return true;
        };
        let mut plan = ReviewPlan::default();
        plan.running = true;
        let mut none = Vec::new();
        if plan.review(&game, &Results::default(), &mut none).is_none() {
            // No engine plays its rules.
            deck.pass_over(&key);
            return true;
        }
        self.current = Some(Current {
            key,
            game,
            plan,
            me,
            variant,
            last_progress: (0, 0),
        });
        false
    }

    /// One frame's step: `go`: the engine may be given positions now
    /// (idle, the user not playing, the review wanted).
    pub fn step(&mut self, results: &Results, go: bool, deck: &mut Deck, now_s: u64) -> Step {
        let mut step = Step::default();
        if let Some(current) = &mut self.current {
            let mut targets = Vec::new();
            let review = current.plan.review(&current.game, results, &mut targets);
            let Some(review) = review else {
                self.current = None;
                return step;
            };
            current.last_progress = review.progress();
            if review.shares.iter().all(Option::is_some) {
                let reviewed = reviewed_game(current, review, results);
                let added = deck.take_in(&reviewed, now_s);
                let words = format!("{} – {}", reviewed.white, reviewed.black);
                step.finished = Some((words, added));
                step.deck_changed = true;
                self.current = None;
            } else if go {
                step.targets = targets;
            }
            return step;
        }
        if go && self.reading.is_none() {
            while let Some(next) = self.queue.pop() {
                let key = game_key(&next);
                if deck.reviewed.contains(&key) {
                    continue;
                }
                self.reading = Some(key);
                step.read = Some(next);
                break;
            }
        }
        step
    }
}

/// The finished review of `current` as the deck takes it: each move with
/// the position before it and the engine's move there.
fn reviewed_game(
    current: &Current,
    review: crate::engine::review::Review,
    results: &Results,
) -> ReviewedGame {
    let game = &current.game;
    let moves = (game.moves.iter().enumerate())
        .map(|(ply, mv)| {
            let before = game.position_after(ply);
            let fen_before = before.map_or_else(String::new, |s| {
                Fen::try_from_setup(s)
                    .unwrap_or_else(|e| e.ignore())
                    .to_string()
            });
            let best = (current.plan.key(ply))
                .and_then(|key| results.get(key))
                .and_then(|a| a.line_san.first().cloned());
            ReviewedMove {
                fen_before,
                san: mv.san.clone(),
                best,
                last_move_uci: ply.checked_sub(1).and_then(|last| uci_of(game, last)),
            }
        })
        .collect();
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let date = tag("Date").unwrap_or_default();
    ReviewedGame {
        key: current.key.clone(),
        white: game.players[Color::White].handle.clone(),
        black: game.players[Color::Black].handle.clone(),
        date,
        me: current.me,
        moves,
        review,
        first_mover: first_mover(game),
        variant: current.variant.clone(),
    }
}

/// Move `ply` of `game` in UCI (`e7e5`), where it reads.
fn uci_of(game: &Game, ply: usize) -> Option<String> {
    let rules = game.playable()?.rules;
    let before = crate::game::rules::Playable::new(rules, game.position_after(ply)?);
    let mv = before.read_san(&game.moves.get(ply)?.san)?;
    let from = mv.from()?;
    Some(format!("{from}{}", mv.to()))
}

/// White's share after a try, when the engine has looked deep enough.
pub fn share_of(results: &Results, key: &str) -> Option<f32> {
    results
        .get(key)
        .filter(|a| a.depth >= crate::engine::review::REVIEW_DEPTH)
        .map(|a| white_share(a.eval))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::{Analysis, Eval};

    const GAME: &str = "[White \"KibUser\"]\n[Black \"BotA\"]\n[Date \"2026.11.25\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n";

    fn read_in(review: &mut BackgroundReview, deck: &mut Deck) {
        let game =
            crate::archive::read::read_pgn(GAME.as_bytes(), std::path::Path::new("2026-11.pgn"));
        let passed = review.read(
            "2026-11.pgn#0".to_owned(),
            game.into_iter().next(),
            "kibuser",
            Now::ZERO,
            deck,
        );
        assert!(!passed, "a game of chess is reviewed");
    }

    #[test]
    fn the_engine_is_given_positions_only_when_it_may() {
        let mut review = BackgroundReview::default();
        let mut deck = Deck::default();
        read_in(&mut review, &mut deck);
        let mut results = Results::default();
        // Playing, or a board wants the engine: nothing for it.
        let step = review.step(&results, false, &mut deck, 0);
        assert!(step.targets.is_empty());
        assert_eq!(review.under_way().map(|u| u.2), Some(5));
        // Idle: every position of the game.
        let step = review.step(&results, true, &mut deck, 0);
        assert_eq!(step.targets.len(), 5);
        // The engine's words on each: the review is taken in, 2. Qh5
        // (White's, the user's) a blunder, a card.
        let cps = [25, -30, 30, 300, -300];
        for (target, cp) in step.targets.iter().zip(cps) {
            // The side to move's view, as the engine says it; the
            // results keep White's.
            let turn = shakmaty::Position::turn(&target.position);
            let white_cp = if turn.is_white() { cp } else { -cp };
            let line_san = vec!["Nf3".to_owned()];
            results.insert(
                target.key.clone(),
                Analysis {
                    depth: 20,
                    eval: Eval::Centipawns(white_cp),
                    line: vec![],
                    line_san,
                    others: vec![],
                },
            );
        }
        let step = review.step(&results, false, &mut deck, 100);
        assert_eq!(step.finished, Some(("KibUser – BotA".to_owned(), 1)));
        assert!(step.deck_changed);
        assert_eq!(deck.cards[0].played, "Qh5");
        assert_eq!(deck.cards[0].best.as_deref(), Some("Nf3"));
        assert_eq!(deck.cards[0].game_words, "KibUser – BotA, 2026.11.25");
        assert!(deck.reviewed.contains("2026-11.pgn#0"));
    }

    #[test]
    fn a_game_no_engine_plays_is_passed_over() {
        let mut review = BackgroundReview::default();
        let mut deck = Deck::default();
        let unreadable = review.read("x.pgn#0".to_owned(), None, "kibuser", Now::ZERO, &mut deck);
        assert!(unreadable);
        assert!(deck.reviewed.contains("x.pgn#0"));
        assert_eq!(review.left(), 0);
        // Crazyhouse: a card's board has no holdings to drop from.
        let zh = "[White \"KibUser\"]\n[Black \"BotA\"]\n[Variant \"crazyhouse\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 *\n";
        let game = crate::archive::read::read_pgn(zh.as_bytes(), std::path::Path::new("z.pgn"));
        assert_eq!(game.len(), 1);
        let passed = review.read(
            "z.pgn#0".to_owned(),
            game.into_iter().next(),
            "kibuser",
            Now::ZERO,
            &mut deck,
        );
        assert!(passed);
        assert!(deck.reviewed.contains("z.pgn#0"));
    }
}
