//! A game's live board under its rules (see [`super::rules`]), and who
//! may move on it.

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{Color, Setup};

use super::rules::{Playable, Rules};

use super::game::Game;
use crate::protocol::holdings::Holdings;

impl Game {
    /// The live board to move on, under the game's rules (with its
    /// holdings for drop games).
    pub fn playable(&self) -> Option<Playable> {
        let board = self.board.as_deref()?;
        let drops = self.holdings.is_some() || self.partner.is_some();
        let rules = Rules::of(self.kind.as_ref(), drops);
        let mut setup: Setup = board.setup.clone();
        if matches!(rules, Rules::Known(Variant::Crazyhouse, _)) {
            setup.pockets = Some(
                self.holdings
                    .as_ref()
                    .map(Holdings::pockets)
                    .unwrap_or_default(),
            );
        }
        Some(Playable::new(rules, setup))
    }

    /// The current position under shakmaty's rules (SAN, checks, the
    /// engine). `None` where shakmaty cannot play the board: its moves
    /// then come from [`Self::playable`] alone.
    pub fn position(&self) -> Option<VariantPosition> {
        self.playable()?.position().cloned()
    }

    /// `mv` as a legal move of the current position, if it is one: a
    /// premove queued on an earlier position (the same piece, squares and
    /// promotion) goes only if it is still legal.
    pub fn legal_now(&self, mv: &shakmaty::Move) -> Option<shakmaty::Move> {
        let playable = self.playable()?;
        playable.moves(playable.turn()).into_iter().find(|m| {
            m.from() == mv.from()
                && m.to() == mv.to()
                && m.promotion() == mv.promotion()
                && m.role() == mv.role()
        })
    }

    /// A game the user plays and that is still going on.
    pub fn is_own_live(&self) -> bool {
        self.my_color().is_some() && !self.is_over()
    }

    /// The side whose pieces the user may move on this board: ours in a
    /// game we play, the side to move in a game we examine (the examiner
    /// moves both), none once the game is over.
    pub fn movable_side(&self) -> Option<Color> {
        let board = self.board.as_deref()?;
        if self.is_over() {
            return None;
        }
        match board.relation {
            crate::protocol::style12::Relation::Examining => {
                self.is_examined_by_us().then_some(board.turn)
            }
            _ => self.my_color(),
        }
    }

    /// A game we examine on the server, still open.
    pub fn is_examined_by_us(&self) -> bool {
        self.relation == crate::protocol::style12::Relation::Examining
            && !self.is_over()
            && !self.detached
    }

    /// The side the user plays, in a game the user plays.
    pub fn my_color(&self) -> Option<Color> {
        let board = self.board.as_deref()?;
        if !board.relation.is_playing() {
            return None;
        }
        let my_move = board.relation == crate::protocol::style12::Relation::PlayingMyMove;
        Some(if my_move { board.turn } else { !board.turn })
    }
}
