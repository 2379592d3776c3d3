//! Material: the pieces each side has taken since the game's start, and
//! who is ahead by how much (pawn 1, knight and bishop 3, rook 5, queen
//! 9). Counted from the position, so a game joined late or a wild start
//! counts from where it began.

use shakmaty::{Board, ByColor, Color, Role};

/// Pawns, knights, bishops, rooks, queens.
const ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];
const VALUES: [i32; 5] = [1, 3, 3, 5, 9];

/// `color`'s material on `board` and in `pocket` (its pieces in hand,
/// crazyhouse), in pawns, by the values above.
pub fn of(board: &Board, pocket: Option<&shakmaty::ByRole<u8>>, color: Color) -> i32 {
    let in_hand = pocket.map_or([0; 5], hand);
    (ROLES.into_iter().zip(VALUES).zip(in_hand))
        .map(|((role, value), held)| {
            let on_board = (board.by_color(color) & board.by_role(role)).count() as i32;
            value * (on_board + i32::from(held))
        })
        .sum()
}

/// Pieces in hand as a strip shows them: pawns, knights, bishops, rooks,
/// queens.
pub fn hand(pocket: &shakmaty::ByRole<u8>) -> [u8; 5] {
    [
        pocket.pawn,
        pocket.knight,
        pocket.bishop,
        pocket.rook,
        pocket.queen,
    ]
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Material {
    /// The opponent's pieces each side has taken, by role (pawn first).
    pub taken: ByColor<[u8; 5]>,
    /// White's material less Black's, in pawns.
    pub balance: i32,
}

impl Material {
    /// From the start `start` to `now`. (A pawn that promoted shows as a
    /// pawn gone; the balance counts what it became.)
    pub fn between(start: &Board, now: &Board) -> Material {
        let count = |board: &Board, color: Color, role: Role| {
            (board.by_color(color) & board.by_role(role)).count() as i32
        };
        let mut taken = ByColor::<[u8; 5]>::default();
        let mut balance = 0;
        for (i, role) in ROLES.into_iter().enumerate() {
            for taker in Color::ALL {
                let lost = count(start, !taker, role) - count(now, !taker, role);
                taken[taker][i] = lost.clamp(0, i32::from(u8::MAX)) as u8;
            }
            balance +=
                VALUES[i] * (count(now, Color::White, role) - count(now, Color::Black, role));
        }
        Material { taken, balance }
    }

    /// `color`'s lead in pawns (0 when behind or even).
    pub fn lead(&self, color: Color) -> i32 {
        let lead = if color.is_white() {
            self.balance
        } else {
            -self.balance
        };
        lead.max(0)
    }

    /// In words, for the screen reader: "White has taken a knight and 2
    /// pawns; Black has taken a bishop. White is ahead by 2."
    pub fn words(&self) -> String {
        let side = |color: Color| {
            let name = if color.is_white() { "White" } else { "Black" };
            let pieces: Vec<String> = ROLES
                .iter()
                .zip(self.taken[color])
                .rev()
                .filter(|(_, n)| *n > 0)
                .map(|(role, n)| {
                    let role = format!("{role:?}").to_ascii_lowercase();
                    if n == 1 {
                        format!("a {role}")
                    } else {
                        format!("{n} {role}s")
                    }
                })
                .collect();
            if pieces.is_empty() {
                format!("{name} has taken nothing")
            } else {
                format!("{name} has taken {}", pieces.join(" and "))
            }
        };
        let ahead = match self.balance {
            0 => "Material is even".to_owned(),
            b if b > 0 => format!("White is ahead by {b}"),
            b => format!("Black is ahead by {}", -b),
        };
        format!("{}; {}. {ahead}.", side(Color::White), side(Color::Black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> Board {
        let fen: Fen = fen.parse().expect("fen");
        fen.into_setup().board
    }

    #[test]
    fn taken_pieces_and_who_is_ahead() {
        let start = Board::default();
        // White took a knight and a pawn, Black a bishop.
        let now = board("r1bqkbnr/ppp1pppp/8/8/8/8/PPPPPP1P/RN1QKBNR w KQkq - 0 1");
        let material = Material::between(&start, &now);
        assert_eq!(material.taken.white, [1, 1, 0, 0, 0]);
        assert_eq!(material.taken.black, [1, 0, 1, 0, 0]);
        assert_eq!(material.balance, 0);
        assert_eq!(material.lead(Color::White), 0);
        assert_eq!(
            material.words(),
            "White has taken a knight and a pawn; Black has taken a bishop and a pawn. Material is even."
        );
        let up = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1");
        let material = Material::between(&start, &up);
        assert_eq!(material.lead(Color::Black), 5);
        assert!(material.words().ends_with("Black is ahead by 5."));
    }

    #[test]
    fn material_counts_the_board_and_the_hand() {
        let start = Board::default();
        assert_eq!(of(&start, None, Color::White), 39);
        let pocket = shakmaty::ByRole::<u8> {
            knight: 1,
            pawn: 2,
            ..Default::default()
        };
        assert_eq!(of(&start, Some(&pocket), Color::Black), 39 + 3 + 2);
    }
}
