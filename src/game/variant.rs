//! Which rules a game follows, and its position validated under them.
//!
//! FICS names variants in its game types (`crazyhouse`, `suicide`,
//! `wild/fr` ...); shakmaty plays most of them. Losers and the wild
//! variants shakmaty lacks are shown as boards without legal-move help.

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{ByColor, ByRole, CastlingMode, Color, Setup};

use super::game::Game;
use crate::protocol::game_type::GameType;
use crate::protocol::holdings::{Holdings, PieceCounts};

/// The shakmaty variant for a FICS game type; `None` where shakmaty has no
/// such rules (losers, most wilds).
pub fn variant_of(kind: &GameType) -> Option<Variant> {
    Some(match kind {
        kind if kind.is_chess() || kind.is_chess_rules_wild() => Variant::Chess,
        // Bughouse boards are crazyhouse boards whose pockets the partner fills.
        GameType::Crazyhouse | GameType::Bughouse => Variant::Crazyhouse,
        GameType::Suicide => Variant::Antichess,
        GameType::Atomic => Variant::Atomic,
        _ => return None,
    })
}

/// Fischer random and the shuffles need castling by rook file.
fn castling_mode(kind: Option<&GameType>) -> CastlingMode {
    if kind.is_some_and(GameType::castles_by_rook_file) {
        CastlingMode::Chess960
    } else {
        CastlingMode::Standard
    }
}

fn pocket(counts: &PieceCounts) -> ByRole<u8> {
    ByRole {
        pawn: counts.pawn,
        knight: counts.knight,
        bishop: counts.bishop,
        rook: counts.rook,
        queen: counts.queen,
        king: 0,
    }
}

fn pockets(holdings: &Holdings) -> ByColor<ByRole<u8>> {
    ByColor {
        white: pocket(&holdings.white_counts),
        black: pocket(&holdings.black_counts),
    }
}

impl Game {
    /// The rules this game follows, as far as we know them. A game with
    /// holdings or a partner board is a drop game whatever its type says:
    /// the old FICS calls bughouse `wild` (`Loaded from wild/bughouse`).
    pub fn variant(&self) -> Option<Variant> {
        let drops = self.holdings.is_some() || self.partner.is_some();
        match &self.kind {
            Some(kind) => variant_of(kind).or(drops.then_some(Variant::Crazyhouse)),
            None if drops => Some(Variant::Crazyhouse),
            None => Some(Variant::Chess),
        }
    }

    /// The current position, validated under the game's rules (with its
    /// holdings for drop games). `None` for rules shakmaty lacks or a board
    /// they call impossible: the board is then shown without legal moves.
    pub fn position(&self) -> Option<VariantPosition> {
        let board = self.board.as_deref()?;
        let variant = self.variant()?;
        let mut setup: Setup = board.setup.clone();
        if variant == Variant::Crazyhouse {
            setup.pockets = Some(self.holdings.as_ref().map(pockets).unwrap_or_default());
        }
        let mode = castling_mode(self.kind.as_ref());
        // Bughouse boards can hold more material than one set; an odd
        // en-passant field is the server's, not the position's, problem.
        // Each `ignore_*` removes its kind from the error, so they chain.
        let error = match VariantPosition::from_setup(variant, setup, mode) {
            Ok(position) => return Some(position),
            Err(error) => error,
        };
        let error = match error.ignore_too_much_material() {
            Ok(position) => return Some(position),
            Err(error) => error,
        };
        error.ignore_invalid_ep_square().ok()
    }

    /// `mv` as a legal move of the current position, if it is one: a
    /// premove queued on an earlier position (the same piece, squares and
    /// promotion) goes only if it is still legal.
    pub fn legal_now(&self, mv: &shakmaty::Move) -> Option<shakmaty::Move> {
        use shakmaty::Position;
        self.position()?.legal_moves().into_iter().find(|m| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fics_types_map_to_rules() {
        let rules = |name: &str| variant_of(&GameType::parse(name));
        assert_eq!(rules("blitz"), Some(Variant::Chess));
        assert_eq!(rules("wild/fr"), Some(Variant::Chess));
        assert_eq!(rules("crazyhouse"), Some(Variant::Crazyhouse));
        assert_eq!(rules("bughouse"), Some(Variant::Crazyhouse));
        assert_eq!(rules("suicide"), Some(Variant::Antichess));
        assert_eq!(rules("atomic"), Some(Variant::Atomic));
        assert_eq!(rules("losers"), None);
        assert_eq!(rules("wild/5"), None);
        let fr = GameType::parse("wild/fr");
        assert_eq!(castling_mode(Some(&fr)), CastlingMode::Chess960);
        assert_eq!(castling_mode(None), CastlingMode::Standard);
    }
}
