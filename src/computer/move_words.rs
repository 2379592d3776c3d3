//! The user's move as a server takes it (`e2-e4`, `o-o`, `P@e4`), found
//! among the legal moves of Kibitz's own referee.

use shakmaty::uci::UciMove;
use shakmaty::variant::VariantPosition;
use shakmaty::{Move, Position};

use crate::protocol::command::MoveKind;

/// The legal move `kind` names in `position` (castling by its side, so
/// Fischer random's castles are found whatever the king's squares).
pub fn find(position: &VariantPosition, kind: MoveKind) -> Option<Move> {
    let legal = position.legal_moves();
    let castle = |short: bool| {
        legal.iter().copied().find(|m| match *m {
            Move::Castle { king, rook } => (rook.file() > king.file()) == short,
            _ => false,
        })
    };
    match kind {
        MoveKind::CastleShort => castle(true),
        MoveKind::CastleLong => castle(false),
        MoveKind::Drop { role, to } => legal
            .iter()
            .copied()
            .find(|m| matches!(*m, Move::Put { role: r, to: t } if r == role && t == to)),
        MoveKind::Normal {
            from,
            to,
            promotion,
        } => {
            let exact = legal
                .iter()
                .copied()
                .find(|m| m.from() == Some(from) && m.to() == to && m.promotion() == promotion);
            // `e1g1` typed in standard chess: the castle it means.
            exact.or_else(|| {
                let uci = UciMove::Normal {
                    from,
                    to,
                    promotion,
                };
                uci.to_move(position).ok()
            })
        }
    }
}
