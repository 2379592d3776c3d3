//! SAN read and written for any board Kibitz can move on, where
//! shakmaty's own SAN cannot serve (wild castling, boards of unknown
//! rules): a move is found among the board's moves by what the SAN says
//! of it (piece, destination, disambiguation, capture, promotion, drop).

use shakmaty::{Move, Role, Square};

/// The move among `moves` that `san` names (`Nf3`, `exd5`, `Rad1`,
/// `e8=Q`, `N@f3`); castling words are the caller's. `landing`: where a
/// move's piece lands on this board.
pub fn find_san(moves: &[Move], san: &str, landing: &dyn Fn(&Move) -> Square) -> Option<Move> {
    let text = san.trim_end_matches(['+', '#', '!', '?']);
    if let Some((piece, to)) = text.split_once('@') {
        let role = Role::from_char(piece.chars().next().unwrap_or('P'))?;
        let to: Square = to.parse().ok()?;
        return moves
            .iter()
            .find(|m| matches!(m, Move::Put { role: r, to: t } if *r == role && *t == to))
            .copied();
    }
    let (body, promotion) = match text.split_once('=') {
        Some((body, piece)) => (body, Some(Role::from_char(piece.chars().next()?)?)),
        None => (text, None),
    };
    let mut chars: Vec<char> = body.chars().filter(|&c| c != 'x' && c != '-').collect();
    let role = match chars.first() {
        Some(c) if c.is_ascii_uppercase() => {
            let role = Role::from_char(*c)?;
            chars.remove(0);
            role
        }
        _ => Role::Pawn,
    };
    if chars.len() < 2 {
        return None;
    }
    let to: String = chars[chars.len() - 2..].iter().collect();
    let to: Square = to.parse().ok()?;
    let hints = &chars[..chars.len() - 2];
    let fits = |m: &&Move| {
        let Some(from) = m.from() else {
            return false;
        };
        m.role() == role
            && landing(m) == to
            && m.promotion() == promotion
            && hints
                .iter()
                .all(|&h| from.file().char() == h || from.rank().char() == h)
    };
    let mut found = moves.iter().filter(fits);
    let first = found.next().copied();
    // Ambiguous: not this move.
    found.next().is_none().then_some(first).flatten()
}

/// A plain SAN for `mv` (no check marks, no disambiguation but the pawn's
/// file on captures).
pub fn plain_san(mv: &Move, to: Square) -> String {
    match *mv {
        Move::Put { role, to } => format!("{}@{to}", role.upper_char()),
        _ => {
            let capture = if mv.is_capture() { "x" } else { "" };
            let promotion = mv
                .promotion()
                .map(|r| format!("={}", r.upper_char()))
                .unwrap_or_default();
            match mv.role() {
                Role::Pawn if mv.is_capture() => {
                    let file = mv.from().map(|f| f.file().char()).unwrap_or('?');
                    format!("{file}x{to}{promotion}")
                }
                Role::Pawn => format!("{to}{promotion}"),
                role => format!("{}{capture}{to}", role.upper_char()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_found_by_their_san() {
        let moves = [
            Move::Normal {
                role: Role::Knight,
                from: Square::G1,
                capture: None,
                to: Square::F3,
                promotion: None,
            },
            Move::Normal {
                role: Role::Knight,
                from: Square::B1,
                capture: None,
                to: Square::D2,
                promotion: None,
            },
            Move::Normal {
                role: Role::Knight,
                from: Square::F3,
                capture: None,
                to: Square::D2,
                promotion: None,
            },
            Move::Put {
                role: Role::Pawn,
                to: Square::E4,
            },
        ];
        let to = |m: &Move| m.to();
        assert_eq!(find_san(&moves, "Nf3+", &to), Some(moves[0]));
        assert_eq!(find_san(&moves, "Nbd2", &to), Some(moves[1]));
        assert_eq!(find_san(&moves, "Nd2", &to), None, "ambiguous");
        assert_eq!(find_san(&moves, "P@e4", &to), Some(moves[3]));
        assert_eq!(find_san(&moves, "Qh5", &to), None);
        assert_eq!(plain_san(&moves[0], Square::F3), "Nf3");
    }
}
