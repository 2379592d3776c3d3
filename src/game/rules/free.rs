//! Moves by the pieces' geometry alone: how each piece moves in chess,
//! with no check, no castling and no variant's constraint. For boards
//! whose rules Kibitz does not know (the server judges), and to tell a
//! move the rules forbid from one no piece could make.

use shakmaty::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use shakmaty::{Bitboard, Color, Move, Role, Setup, Square};

/// What a pawn reaching the last rank may become.
const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The moves `mover`'s pieces could make on `setup`'s board, drops from
/// its pocket included.
pub fn geometric_moves(setup: &Setup, mover: Color) -> Vec<Move> {
    let board = &setup.board;
    let occupied = board.occupied();
    let own = board.by_color(mover);
    let mut moves = Vec::new();
    for from in own {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        let targets = match piece.role {
            Role::Pawn => pawn_targets(setup, mover, from),
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => bishop_attacks(from, occupied) | rook_attacks(from, occupied),
            Role::King => king_attacks(from),
        } & !own;
        for to in targets {
            let capture = board.piece_at(to).map(|p| p.role);
            let last = to.rank() == (!mover).backrank();
            if piece.role == Role::Pawn && last {
                for promotion in PROMOTIONS {
                    moves.push(Move::Normal {
                        role: Role::Pawn,
                        from,
                        capture,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else if piece.role == Role::Pawn && capture.is_none() && from.file() != to.file() {
                moves.push(Move::EnPassant { from, to });
            } else {
                moves.push(Move::Normal {
                    role: piece.role,
                    from,
                    capture,
                    to,
                    promotion: None,
                });
            }
        }
    }
    if let Some(pockets) = &setup.pockets {
        let pocket = pockets[mover];
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            if pocket[role] == 0 {
                continue;
            }
            for to in !occupied {
                if role == Role::Pawn
                    && (to.rank() == Color::White.backrank()
                        || to.rank() == Color::Black.backrank())
                {
                    continue;
                }
                moves.push(Move::Put { role, to });
            }
        }
    }
    moves
}

/// A pawn's squares: one ahead if empty, two from its start rank, and the
/// diagonals holding an opponent's piece or the en-passant square.
fn pawn_targets(setup: &Setup, mover: Color, from: Square) -> Bitboard {
    let board = &setup.board;
    let occupied = board.occupied();
    let mut targets = pawn_attacks(mover, from) & (board.by_color(!mover) | ep(setup));
    let step = |sq: Square| match mover {
        Color::White => sq.offset(8),
        Color::Black => sq.offset(-8),
    };
    if let Some(one) = step(from).filter(|s| !occupied.contains(*s)) {
        targets.add(one);
        let start = match mover {
            Color::White => shakmaty::Rank::Second,
            Color::Black => shakmaty::Rank::Seventh,
        };
        if from.rank() == start
            && let Some(two) = step(one).filter(|s| !occupied.contains(*s))
        {
            targets.add(two);
        }
    }
    targets
}

fn ep(setup: &Setup) -> Bitboard {
    setup
        .ep_square
        .map(Bitboard::from_square)
        .unwrap_or_default()
}
