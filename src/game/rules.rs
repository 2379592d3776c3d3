//! Which moves a player may make on a game's board, by the game's rules
//! as the servers apply them, and how each goes on the wire.
//!
//! shakmaty plays chess (with Chess960 castling for Fischer random),
//! crazyhouse and bughouse, suicide (its antichess: captures compulsory,
//! a pawn may become a king) and atomic. Kibitz adds what FICS plays
//! beyond it: wild castling for wild 0-4 (a king on the d-file), losers
//! (chess with compulsory captures), and, where the rules are unknown or
//! the position is one shakmaty calls impossible, the pieces' geometry
//! alone: the board never goes dead, and the server judges.

mod free;
mod san;
mod wild_castle;

use shakmaty::variant::{Variant, VariantPosition};
use shakmaty::{
    Bitboard, CastlingMode, Color, EnPassantMode, Move, Piece, Position, Role, Setup, Square,
};

use crate::engine::variant::EngineVariant;
use crate::protocol::command::MoveText;
use crate::protocol::game_type::GameType;

pub use free::geometric_moves;

/// The rules Kibitz finds a board's moves by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// shakmaty's rules for this variant and castling.
    Known(Variant, CastlingMode),
    /// Chess whose kings may start on the d-file (FICS wild 0-4).
    WildCastle,
    /// Chess where a capture, when there is one, must be made.
    Losers,
    /// The pieces' geometry only: the server judges.
    Geometry,
}

impl Rules {
    /// The rules a game of this type plays by (`drops`: it has holdings or
    /// a partner board, whatever its type says).
    pub fn of(kind: Option<&GameType>, drops: bool) -> Rules {
        if drops {
            return Rules::Known(Variant::Crazyhouse, CastlingMode::Standard);
        }
        let chess = Rules::Known(Variant::Chess, CastlingMode::Standard);
        match kind {
            None => chess,
            Some(kind) if kind.is_chess() => chess,
            Some(GameType::Crazyhouse | GameType::Bughouse) => {
                Rules::Known(Variant::Crazyhouse, CastlingMode::Standard)
            }
            Some(GameType::Suicide) => Rules::Known(Variant::Antichess, CastlingMode::Standard),
            Some(GameType::Atomic) => Rules::Known(Variant::Atomic, CastlingMode::Standard),
            Some(GameType::Losers) => Rules::Losers,
            Some(GameType::Wild(which)) => match which.as_str() {
                "fr" => Rules::Known(Variant::Chess, CastlingMode::Chess960),
                "0" | "1" | "2" | "3" | "4" | "" => Rules::WildCastle,
                // Wild 5, 7, 8, 8a: chess rules from another start.
                "5" | "7" | "8" | "8a" => chess,
                _ => Rules::Geometry,
            },
            // Variants of files from elsewhere (`GameType::from_pgn_variant`).
            Some(GameType::Other(name)) => match name.as_str() {
                "kingofthehill" => Rules::Known(Variant::KingOfTheHill, CastlingMode::Standard),
                "threecheck" => Rules::Known(Variant::ThreeCheck, CastlingMode::Standard),
                "racingkings" => Rules::Known(Variant::RacingKings, CastlingMode::Standard),
                "horde" => Rules::Known(Variant::Horde, CastlingMode::Standard),
                _ => Rules::Geometry,
            },
            Some(_) => chess,
        }
    }

    /// How an engine searches a board under these rules (Fairy-Stockfish's
    /// names for the variants); None: no engine plays them.
    pub fn engine_variant(self) -> Option<EngineVariant> {
        Some(match self {
            Rules::Known(Variant::Chess, CastlingMode::Standard) => EngineVariant::CHESS,
            Rules::Known(Variant::Chess, CastlingMode::Chess960) => EngineVariant::CHESS960,
            // A bughouse board is searched as crazyhouse (its partner's
            // captures are not foreseen).
            Rules::Known(Variant::Crazyhouse, _) => EngineVariant::named("crazyhouse"),
            // FICS suicide's rules are Fairy-Stockfish's `suicide`.
            Rules::Known(Variant::Antichess, _) => EngineVariant::named("suicide"),
            Rules::Known(Variant::Atomic, _) => EngineVariant::named("atomic"),
            Rules::Known(Variant::KingOfTheHill, _) => EngineVariant::named("kingofthehill"),
            Rules::Known(Variant::ThreeCheck, _) => EngineVariant::named("3check"),
            Rules::Known(Variant::RacingKings, _) => EngineVariant::named("racingkings"),
            Rules::Known(Variant::Horde, _) => EngineVariant::named("horde"),
            Rules::Geometry => return None,
            Rules::Losers => EngineVariant::named("losers"),
            // The position goes without castling rights (Kibitz castles
            // wild 0-4 itself): chess from there on.
            Rules::WildCastle => EngineVariant::CHESS,
        })
    }
}

/// A board to move on: the rules and the position under them.
#[derive(Debug, Clone)]
pub struct Playable {
    pub rules: Rules,
    /// The position as the server gave it.
    setup: Setup,
    /// The position under shakmaty's rules (without castling rights for
    /// wild castling, which Kibitz generates itself); None where shakmaty
    /// cannot play it (the pieces' geometry then).
    position: Option<VariantPosition>,
}

impl Playable {
    /// The board `setup` under `rules`: where shakmaty calls the position
    /// impossible under them, chess with wild castling is tried (a king on
    /// the d-file with castling rights: a wild game not said to be one),
    /// then the pieces' geometry.
    pub fn new(rules: Rules, setup: Setup) -> Playable {
        let mut playable = Playable {
            rules,
            position: None,
            setup,
        };
        playable.position = playable.shakmaty_position();
        if playable.position.is_none() && matches!(rules, Rules::Known(Variant::Chess, _)) {
            playable.rules = Rules::WildCastle;
            playable.position = playable.shakmaty_position();
        }
        if playable.position.is_none() {
            playable.rules = Rules::Geometry;
        }
        playable
    }

    fn shakmaty_position(&self) -> Option<VariantPosition> {
        let (variant, mode) = match self.rules {
            Rules::Known(variant, mode) => (variant, mode),
            Rules::WildCastle | Rules::Losers => (Variant::Chess, CastlingMode::Standard),
            Rules::Geometry => return None,
        };
        let mut setup = self.setup.clone();
        // Kibitz castles in wild itself (shakmaty would call a d-file
        // king's rights invalid); FICS suicide has no castling, whatever
        // the flags say.
        if matches!(
            self.rules,
            Rules::WildCastle | Rules::Known(Variant::Antichess, _)
        ) {
            setup.castling_rights = Bitboard::EMPTY;
        }
        validated(variant, setup, mode)
    }

    /// The start of a game under these rules without a position of its
    /// own: the variant's (Horde's pawns, Racing Kings' rows, three checks
    /// to give), else chess's.
    pub fn start(rules: Rules) -> Setup {
        match rules {
            Rules::Known(variant, _) => {
                VariantPosition::new(variant).to_setup(EnPassantMode::Legal)
            }
            _ => Setup::initial(),
        }
    }

    /// The position under shakmaty's rules, where it has one (SAN, typed
    /// moves, checks, the engine).
    pub fn position(&self) -> Option<&VariantPosition> {
        self.position.as_ref()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.setup.turn
    }

    /// The board as given.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The move the side to move makes by `san` (the servers' and the
    /// archive's SAN), if it is one of its moves here.
    pub fn read_san(&self, text: &str) -> Option<Move> {
        if let Some(position) = &self.position
            && let Ok(san) = text.parse::<shakmaty::san::SanPlus>()
            && let Ok(mv) = san.san.to_move(position)
        {
            return Some(mv);
        }
        let moves = self.moves(self.turn());
        let word = text.trim_end_matches(['+', '#', '!', '?']);
        if matches!(word, "O-O" | "O-O-O" | "0-0" | "0-0-0") {
            let short = word.len() == 3;
            return moves.into_iter().find(|m| {
                matches!(m, Move::Castle { .. })
                    && (self.move_text(m) == MoveText::castle_short()) == short
            });
        }
        san::find_san(&moves, text, &|m| self.landing(m))
    }

    /// The SAN of the side to move's `mv` (shakmaty's where it plays the
    /// board; else a plain one). A pawn drop is `P@e4`, as FICS writes it
    /// (shakmaty's `@e4` reads as a typo in a move list).
    pub fn san_of(&self, mv: &Move) -> String {
        if let Some(position) = &self.position
            && position.is_legal(*mv)
        {
            let san = shakmaty::san::SanPlus::from_move(position.clone(), *mv).to_string();
            return match san.strip_prefix('@') {
                Some(square) => format!("P@{square}"),
                None => san,
            };
        }
        if let Move::Castle { .. } = mv {
            let short = self.move_text(mv) == MoveText::castle_short();
            return if short { "O-O" } else { "O-O-O" }.to_owned();
        }
        san::plain_san(mv, self.landing(mv))
    }

    /// The move the server wrote as `server_san`, written from this
    /// position (mate `#`, check `+`, disambiguation as the rules need
    /// them), where it is a move here that leads to `after`; None where it
    /// is not (the server's own text then stands). FICS writes a mate as
    /// check (`Qh4+`), and older servers drop the marks.
    pub fn written_san(&self, server_san: &str, after: &shakmaty::Board) -> Option<String> {
        let mv = self.read_san(server_san)?;
        (self.after(&mv)?.board == *after).then(|| self.san_of(&mv))
    }

    /// The moves `mover` may make; when it is not `mover`'s turn, the ones
    /// it could queue as premoves (as if it were).
    pub fn moves(&self, mover: Color) -> Vec<Move> {
        let turned = self.for_mover(mover);
        turned.legal_moves()
    }

    /// The same board with `mover` to move (its premoves are the moves
    /// of this board).
    pub fn for_mover(&self, mover: Color) -> Playable {
        if self.setup.turn == mover {
            return self.clone();
        }
        let mut setup = self.setup.clone();
        setup.turn = mover;
        setup.ep_square = None;
        Playable::new(self.rules, setup)
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mover = self.setup.turn;
        match (&self.position, self.rules) {
            (Some(position), Rules::WildCastle) => {
                let mut moves: Vec<Move> = position.legal_moves().into_iter().collect();
                moves.extend(wild_castle::wild_castles(&self.setup, mover));
                moves
            }
            (Some(position), Rules::Losers) => {
                let moves: Vec<Move> = position.legal_moves().into_iter().collect();
                if moves.iter().any(|m| m.is_capture()) {
                    moves.into_iter().filter(|m| m.is_capture()).collect()
                } else {
                    moves
                }
            }
            (Some(position), _) => position.legal_moves().into_iter().collect(),
            (None, _) => free::geometric_moves(&self.setup, mover),
        }
    }

    /// Why `mover` may not move `from` to `to`, where the rules forbid a
    /// move the piece could make ("You must capture"); None where the piece
    /// cannot go there at all, or the move is allowed.
    pub fn why_not(&self, mover: Color, from: Square, to: Square) -> Option<&'static str> {
        let turned = self.for_mover(mover);
        let allowed = turned.legal_moves();
        if allowed
            .iter()
            .any(|m| m.from() == Some(from) && m.to() == to)
        {
            return None;
        }
        let could = free::geometric_moves(&turned.setup, mover)
            .into_iter()
            .any(|m| m.from() == Some(from) && m.to() == to);
        if !could {
            return None;
        }
        let must_capture = matches!(
            turned.rules,
            Rules::Losers | Rules::Known(Variant::Antichess, _)
        ) && allowed.iter().any(|m| m.is_capture());
        if must_capture {
            return Some("You must capture");
        }
        let in_check = turned
            .position
            .as_ref()
            .is_some_and(|p| p.is_check() && p.variant() != Variant::Antichess);
        match turned.position {
            Some(_) if in_check => Some("Your king is in check"),
            Some(_) => Some("That would leave your king in check"),
            None => None,
        }
    }

    /// The square a move's piece lands on (a castling king's), where the
    /// board shows it and a drag drops it.
    pub fn landing(&self, mv: &Move) -> Square {
        match *mv {
            Move::Castle { king, rook } => match self.rules {
                Rules::WildCastle => wild_castle::king_landing(king, rook),
                _ => castle_landing_standard(king, rook),
            },
            other => other.to(),
        }
    }

    /// The server's notation for the move: `e2-e4` (every server takes it,
    /// FatICS's chess960 only it), `e7-e8=q`, `o-o`, `P@e4`.
    pub fn move_text(&self, mv: &Move) -> MoveText {
        match *mv {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => MoveText::normal(from, to, promotion),
            Move::EnPassant { from, to } => MoveText::normal(from, to, None),
            Move::Castle { king, rook } => {
                let short = match self.rules {
                    Rules::WildCastle => wild_castle::is_short(king, rook),
                    _ => rook.file() > king.file(),
                };
                if short {
                    MoveText::castle_short()
                } else {
                    MoveText::castle_long()
                }
            }
            Move::Put { role, to } => MoveText::drop(role, to),
        }
    }

    /// The board after `mv`, to show until the server's board comes (None
    /// where it cannot be worked out).
    pub fn after(&self, mv: &Move) -> Option<Setup> {
        if let Some(position) = &self.position
            && let Ok(after) = position.clone().play(*mv)
        {
            let mut setup = after.to_setup(shakmaty::EnPassantMode::Legal);
            if self.rules == Rules::WildCastle {
                // shakmaty played it without rights: Kibitz keeps them.
                setup.castling_rights = self.rights_after(mv);
            }
            return Some(setup);
        }
        // Kibitz's own moves (wild castling, the geometry's): moved by hand.
        let mut setup = self.setup.clone();
        let mover = setup.turn;
        match *mv {
            Move::Castle { king, rook } => {
                setup.board.discard_piece_at(king);
                setup.board.discard_piece_at(rook);
                let (king_to, rook_to) = (self.landing(mv), wild_castle::rook_landing(king, rook));
                setup.board.set_piece_at(
                    king_to,
                    Piece {
                        color: mover,
                        role: Role::King,
                    },
                );
                setup.board.set_piece_at(
                    rook_to,
                    Piece {
                        color: mover,
                        role: Role::Rook,
                    },
                );
            }
            Move::Normal {
                from,
                to,
                role,
                promotion,
                ..
            } => {
                setup.board.discard_piece_at(from);
                let role = promotion.unwrap_or(role);
                setup.board.set_piece_at(to, Piece { color: mover, role });
            }
            Move::EnPassant { from, to } => {
                setup.board.discard_piece_at(from);
                setup
                    .board
                    .discard_piece_at(Square::from_coords(to.file(), from.rank()));
                setup.board.set_piece_at(
                    to,
                    Piece {
                        color: mover,
                        role: Role::Pawn,
                    },
                );
            }
            Move::Put { role, to } => {
                setup.board.set_piece_at(to, Piece { color: mover, role });
            }
        }
        setup.castling_rights = self.rights_after(mv);
        setup.turn = !mover;
        setup.ep_square = None;
        if mover == Color::Black {
            setup.fullmoves = setup.fullmoves.saturating_add(1);
        }
        Some(setup)
    }

    /// The castling rights left after `mv`: a king that moves (or castles)
    /// gives up its side's; a rook that moves or is taken, its own.
    fn rights_after(&self, mv: &Move) -> Bitboard {
        let mut rights = self.setup.castling_rights;
        let mover = self.setup.turn;
        if mv.role() == Role::King || matches!(mv, Move::Castle { .. }) {
            rights &= !Bitboard::from_rank(mover.backrank());
        }
        if let Some(from) = mv.from() {
            rights.discard(from);
        }
        rights.discard(mv.to());
        rights
    }
}

/// Chess (and Chess960) castling: the king lands on the g- or c-file.
fn castle_landing_standard(king: Square, rook: Square) -> Square {
    let file = if rook.file() > king.file() {
        shakmaty::File::G
    } else {
        shakmaty::File::C
    };
    Square::from_coords(file, king.rank())
}

/// `setup` under the variant's rules; servers' boards may hold more
/// material than one set (bughouse) or an en-passant square no pawn can
/// use: those are not errors here.
fn validated(variant: Variant, setup: Setup, mode: CastlingMode) -> Option<VariantPosition> {
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

#[cfg(test)]
mod tests;
