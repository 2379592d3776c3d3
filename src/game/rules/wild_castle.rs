//! FICS wild castling (wild 0-4): a king that starts on the d- or e-file
//! castles by moving two squares toward the rook, which lands on the
//! square the king crossed. A king on d1 castles to b1 (rook a1 to c1) or
//! to f1 (rook h1 to e1). Short castling (`o-o`) is with the nearer rook,
//! long (`o-o-o`) with the farther, as in chess.
//!
//! Castling needs the right (style 12's flags, kept as the rooks' squares
//! in the setup), every square between king and rook empty, the squares
//! both land on empty (but for the two of them), and the king neither in
//! check nor crossing or landing on an attacked square.

use shakmaty::{Bitboard, Board, Color, File, Move, Role, Setup, Square};

/// The castling moves `mover` may make: `Move::Castle { king, rook }`.
pub fn wild_castles(setup: &Setup, mover: Color) -> Vec<Move> {
    let board = &setup.board;
    let back = mover.backrank();
    let Some(king) = board.king_of(mover).filter(|k| k.rank() == back) else {
        return Vec::new();
    };
    let rooks = setup.castling_rights & Bitboard::from_rank(back) & board.by_color(mover);
    rooks
        .into_iter()
        .filter(|&rook| board.piece_at(rook).is_some_and(|p| p.role == Role::Rook))
        .filter(|&rook| may_castle(board, mover, king, rook))
        .map(|rook| Move::Castle { king, rook })
        .collect()
}

/// Where the king lands: two squares toward its rook.
pub fn king_landing(king: Square, rook: Square) -> Square {
    let file = king.file().to_u32();
    let to = if rook.file() > king.file() {
        file + 2
    } else {
        file.saturating_sub(2)
    };
    Square::from_coords(File::new(to.min(7)), king.rank())
}

/// Where the rook lands: the square the king crossed.
pub fn rook_landing(king: Square, rook: Square) -> Square {
    let file = king.file().to_u32();
    let to = if rook.file() > king.file() {
        file + 1
    } else {
        file.saturating_sub(1)
    };
    Square::from_coords(File::new(to.min(7)), king.rank())
}

/// With the nearer rook: `o-o`.
pub fn is_short(king: Square, rook: Square) -> bool {
    king.file().to_u32().abs_diff(rook.file().to_u32()) <= 3
}

fn may_castle(board: &Board, mover: Color, king: Square, rook: Square) -> bool {
    let king_to = king_landing(king, rook);
    let rook_to = rook_landing(king, rook);
    if king.file().to_u32().abs_diff(rook.file().to_u32()) < 3 {
        // Too close to move the king two squares past the rook's square.
        return false;
    }
    let between = shakmaty::attacks::between(king, rook);
    let others = board.occupied() & !Bitboard::from_square(king) & !Bitboard::from_square(rook);
    let needed = between | Bitboard::from_square(king_to) | Bitboard::from_square(rook_to);
    if !(needed & others).is_empty() {
        return false;
    }
    // The king's path: where it stands, the square it crosses, where it
    // lands. Attacks counted with the rook and king gone from their squares.
    let occupied = others;
    let path = [king, rook_to, king_to];
    path.iter()
        .all(|&sq| board.attacks_to(sq, !mover, occupied).is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn setup(fen: &str) -> Setup {
        let fen: Fen = fen.parse().expect("fen");
        fen.into_setup()
    }

    #[test]
    fn a_d_file_king_castles_to_b_and_f() {
        // Wild 0: Black's king and queen swapped, both wings cleared.
        let s = setup("r2k3r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        let mut castles = wild_castles(&s, Color::Black);
        castles.sort_by_key(|m| m.to());
        assert_eq!(
            castles,
            [
                Move::Castle {
                    king: Square::D8,
                    rook: Square::A8
                },
                Move::Castle {
                    king: Square::D8,
                    rook: Square::H8
                }
            ]
        );
        assert_eq!(king_landing(Square::D8, Square::A8), Square::B8);
        assert_eq!(rook_landing(Square::D8, Square::A8), Square::C8);
        assert_eq!(king_landing(Square::D8, Square::H8), Square::F8);
        assert_eq!(rook_landing(Square::D8, Square::H8), Square::E8);
        assert!(is_short(Square::D8, Square::A8));
        assert!(!is_short(Square::D8, Square::H8));
        // An e-file king: as in chess.
        assert_eq!(king_landing(Square::E1, Square::H1), Square::G1);
        assert!(is_short(Square::E1, Square::H1));
        let _ = CastlingMode::Standard;
    }

    #[test]
    fn castling_needs_the_right_an_empty_path_and_no_attack() {
        // No rights: no castles.
        assert!(wild_castles(&setup("r2k3r/8/8/8/8/8/8/4K3 b - - 0 1"), Color::Black).is_empty());
        // A knight on b8 blocks the a-side; the h-side stays.
        let s = setup("rn1k3r/8/8/8/8/8/8/4K3 b kq - 0 1");
        assert_eq!(
            wild_castles(&s, Color::Black),
            [Move::Castle {
                king: Square::D8,
                rook: Square::H8
            }]
        );
        // A white rook on the e-file attacks e8, the square the king
        // crosses going to f8.
        let s = setup("r2k3r/8/8/8/8/8/8/4RK2 b kq - 0 1");
        assert_eq!(
            wild_castles(&s, Color::Black),
            [Move::Castle {
                king: Square::D8,
                rook: Square::A8
            }]
        );
        // In check: none.
        let s = setup("r2k3r/8/8/8/8/8/8/3RK3 b kq - 0 1");
        assert!(wild_castles(&s, Color::Black).is_empty());
    }
}
