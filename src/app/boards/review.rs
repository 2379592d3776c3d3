//! Review boards: a game of the archive (or of a PGN file) opened on a
//! board of its own, seen from the user's side; a bughouse game on two,
//! linked on one time line.

use super::super::want::Want;
use super::{Boards, linked};
use crate::archive::read::ArchivedGame;
use crate::archive::replay::{FIRST_REVIEW_NUMBER, review_bughouse, review_game};
use crate::game::{Change, Game, GameStore, Now};

impl Boards {
    /// A game of the archive (or a PGN file) on a review board of its own,
    /// focused; or why it cannot be replayed.
    /// The store takes the boards' games by the wants returned.
    pub fn open_review(
        &mut self,
        store: &GameStore,
        archived: &ArchivedGame,
        now: Now,
    ) -> Result<Vec<Want>, String> {
        let mut free = (FIRST_REVIEW_NUMBER..).filter(|n| store.get(*n).is_none());
        let mut wants = Vec::new();
        let number = free.next().unwrap_or(FIRST_REVIEW_NUMBER);
        if archived.other_board.is_some() {
            // A bughouse game: both boards, side by side, on one time line.
            let partner = free.next().unwrap_or(number + 1);
            let (games, timeline) = review_bughouse(archived, [number, partner], now)?;
            for mut game in games {
                seen_from_the_users_side(store, archived, &mut game);
                wants.push(Want::Change(Change::Open(Box::new(game))));
            }
            self.linked
                .push(linked::LinkedReview::new([number, partner], timeline));
        } else {
            let mut game = review_game(archived, number, now)?;
            seen_from_the_users_side(store, archived, &mut game);
            // The file's variations, as lines tried on the board.
            let lines = crate::game::variation::Variations::replayed(&game, &archived.variations);
            wants.push(Want::Change(Change::Open(Box::new(game))));
            self.views.entry(number).or_default().variations = lines;
        }
        self.looked_at.focused = Some(number);
        // Opened while a board fills the window: the new one comes into
        // view in its place (it opened unseen behind it).
        if self.looked_at.maximized.is_some() {
            self.looked_at.maximized = Some(number);
        }
        Ok(wants)
    }

    /// A copy of `number` (its moves, its start, the lines tried on it)
    /// to open on a board of its own; not the user's game while it goes on.
    pub fn analyse_copy(&self, store: &GameStore, number: u32) -> Option<Want> {
        let game = store.get(number).filter(|g| !g.is_own_live())?;
        let view = self.views.get(&number);
        let lines = view.map_or(&[][..], |v| v.variations.lines());
        let copy = read_back(game, lines)?;
        Some(Want::Review {
            game: Box::new(copy),
            source: format!("a copy of game {number}"),
        })
    }

    /// On review board `number`: line `line` becomes the game's moves from
    /// where it branched; the game's moves from there become a line (and
    /// the result, no longer the game's, is unknown: `*`).
    /// The store takes the new version by the want returned.
    pub fn promote(&mut self, store: &GameStore, number: u32, line: usize) -> Result<Want, String> {
        let game = store.get(number).ok_or("No such board")?;
        if !game.is_opened() {
            return Err("Only a review board's moves can be changed".to_owned());
        }
        let view = self.views.get(&number).cloned().unwrap_or_default();
        let mut archived = read_back(game, &[]).ok_or("The game does not read back")?;
        let mut variations = view.variations.clone();
        let (from, promoted) = variations.promote(line).ok_or("No such line")?;
        let old_main: Vec<String> = archived.sans.split_off(from.min(archived.sans.len()));
        archived.sans.extend(promoted.iter().map(|t| t.san.clone()));
        archived.move_times_ms = vec![None; archived.sans.len()];
        archived.result = "*".to_owned();
        archived.reason.clear();
        // The lines kept (those from before the branch), and the game's old
        // moves as a line in the promoted one's place.
        let mut read: Vec<(usize, Vec<String>)> = variations
            .lines()
            .iter()
            .map(|l| (l.from, l.moves.iter().map(|t| t.san.clone()).collect()))
            .collect();
        if !old_main.is_empty() {
            read.push((from, old_main));
        }
        // Seen from the same side as before.
        let flip = game.board.as_deref().is_some_and(|b| b.flip);
        let mut replaced = review_game(&archived, number, Now::ZERO)?;
        if let Some(board) = replaced.board.as_deref_mut() {
            board.flip = flip;
        }
        let lines = crate::game::variation::Variations::replayed(&replaced, &read);
        let view = self.views.entry(number).or_default();
        view.variations = lines;
        view.line = None;
        view.browse = None;
        Ok(Want::Change(Change::Open(Box::new(replaced))))
    }
}

/// A review of a game the user played as Black is seen from Black's side
/// (a bughouse pair turns both boards when the user was Black on board A:
/// their partner's board then shows White below).
fn seen_from_the_users_side(store: &GameStore, archived: &ArchivedGame, game: &mut Game) {
    let black = (store.me()).is_some_and(|me| archived.black.eq_ignore_ascii_case(me));
    if black && let Some(board) = game.board.as_deref_mut() {
        board.flip = !board.flip;
    }
}

/// `game` (with `lines` as its variations) as the archive reads a game:
/// written as PGN and read back.
fn read_back(game: &Game, lines: &[crate::game::variation::Line]) -> Option<ArchivedGame> {
    let text = crate::archive::pgn_with(game, "", crate::archive::UtcTime::now(), lines);
    crate::archive::read::read_pgn(text.as_bytes(), std::path::Path::new("board"))
        .into_iter()
        .next()
}
