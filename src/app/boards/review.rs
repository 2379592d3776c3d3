//! Review boards: a game of the archive (or of a PGN file) opened on a
//! board of its own, seen from the user's side; a bughouse game on two,
//! linked on one time line.

use super::{Boards, linked};
use crate::archive::read::ArchivedGame;
use crate::archive::replay::{FIRST_REVIEW_NUMBER, review_bughouse, review_game};
use crate::game::{Game, Now};

impl Boards {
    /// A game of the archive (or a PGN file) on a review board of its own,
    /// focused; or why it cannot be replayed.
    pub fn open_review(&mut self, archived: &ArchivedGame, now: Now) -> Result<u32, String> {
        let mut free = (FIRST_REVIEW_NUMBER..).filter(|n| self.store.get(*n).is_none());
        let number = free.next().unwrap_or(FIRST_REVIEW_NUMBER);
        if archived.other_board.is_some() {
            // A bughouse game: both boards, side by side, on one time line.
            let partner = free.next().unwrap_or(number + 1);
            let (games, timeline) = review_bughouse(archived, [number, partner], now)?;
            for mut game in games {
                self.seen_from_the_users_side(archived, &mut game);
                self.store.insert(game);
            }
            self.linked
                .push(linked::LinkedReview::new([number, partner], timeline));
        } else {
            let mut game = review_game(archived, number, now)?;
            self.seen_from_the_users_side(archived, &mut game);
            // The file's variations, as lines tried on the board.
            let lines = crate::game::variation::Variations::replayed(&game, &archived.variations);
            self.store.insert(game);
            self.views.entry(number).or_default().variations = lines;
        }
        self.focused = Some(number);
        Ok(number)
    }

    /// A review of a game the user played as Black is seen from Black's
    /// side (a bughouse pair turns both boards when the user was Black on
    /// board A: their partner's board then shows White below).
    fn seen_from_the_users_side(&self, archived: &ArchivedGame, game: &mut Game) {
        let black = self
            .store
            .me()
            .is_some_and(|me| archived.black.eq_ignore_ascii_case(me));
        if black && let Some(board) = game.board.as_deref_mut() {
            board.flip = !board.flip;
        }
    }
}
