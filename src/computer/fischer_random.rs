//! Fischer random's 960 starts by their standard numbers (Scharnagl's:
//! 518 is chess's own start), as the back rank White and Black share.

/// How many starts there are.
pub const STARTS: u32 = crate::config::computer::FISCHER_RANDOM_STARTS;

/// The knights' places among the five squares left after the bishops
/// and the queen, by the number's last digit (Scharnagl's table).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of start `number` (taken modulo 960), a to h, as
/// upper-case letters.
pub fn back_rank(number: u32) -> [char; 8] {
    let mut n = (number % STARTS) as usize;
    let mut rank = [' '; 8];
    // A bishop on a light square (b, d, f, h), then on a dark one.
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    let free = |rank: &[char; 8]| -> Vec<usize> { (0..8).filter(|&i| rank[i] == ' ').collect() };
    rank[free(&rank)[n % 6]] = 'Q';
    n /= 6;
    let (a, b) = KNIGHTS[n];
    let left = free(&rank);
    rank[left[a]] = 'N';
    rank[left[b]] = 'N';
    // The king between the rooks.
    for (square, piece) in free(&rank).into_iter().zip(['R', 'K', 'R']) {
        rank[square] = piece;
    }
    rank
}

/// The FEN of start `number`, castling rights by the rooks' files
/// (Shredder-FEN, as shakmaty and the engines read Chess960).
pub fn fen(number: u32) -> String {
    let rank = back_rank(number);
    let white: String = rank.iter().collect();
    let black = white.to_ascii_lowercase();
    let rook_files: String = (0..8)
        .filter(|&i| rank[i] == 'R')
        .map(|i| char::from(b'A' + i as u8))
        .collect();
    let castling = format!("{rook_files}{}", rook_files.to_ascii_lowercase());
    format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_give_the_starts_of_the_standard_table() {
        assert_eq!(back_rank(518).iter().collect::<String>(), "RNBQKBNR");
        assert_eq!(back_rank(0).iter().collect::<String>(), "BBQNNRKR");
        assert_eq!(back_rank(959).iter().collect::<String>(), "RKRNNQBB");
    }

    #[test]
    fn all_960_are_different_and_legal() {
        use shakmaty::fen::Fen;
        use shakmaty::{CastlingMode, Chess, Position};
        let mut seen = std::collections::HashSet::new();
        for n in 0..STARTS {
            let rank = back_rank(n);
            assert!(seen.insert(rank), "{n}");
            let fen: Fen = fen(n).parse().unwrap();
            let position: Chess = fen.into_position(CastlingMode::Chess960).unwrap();
            assert_eq!(position.castles().castling_rights().count(), 4, "{n}");
        }
    }
}
