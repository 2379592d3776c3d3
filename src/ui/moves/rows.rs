//! The move list's rows: White's and Black's move of each move number.

/// One line of the move list: the move number and the indices (into
/// `Game::moves`) of White's and Black's moves; a game that starts with
/// Black to move has no White move in its first row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveRow {
    pub number: usize,
    pub white: Option<usize>,
    pub black: Option<usize>,
}

/// The move list's rows for `moves` moves from half-move `start_ply`.
pub(crate) fn move_rows(start_ply: u32, moves: usize) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::with_capacity(moves / 2 + 1);
    for index in 0..moves {
        let ply = start_ply as usize + index;
        if ply.is_multiple_of(2) || rows.is_empty() {
            rows.push(MoveRow {
                number: ply / 2 + 1,
                white: None,
                black: None,
            });
        }
        let row = rows.last_mut().expect("a row was pushed");
        if ply.is_multiple_of(2) {
            row.white = Some(index);
        } else {
            row.black = Some(index);
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(number: usize, white: Option<usize>, black: Option<usize>) -> MoveRow {
        MoveRow {
            number,
            white,
            black,
        }
    }

    #[test]
    fn move_rows_pair_white_and_black() {
        assert_eq!(move_rows(0, 0), []);
        assert_eq!(
            move_rows(0, 3),
            [row(1, Some(0), Some(1)), row(2, Some(2), None)]
        );
    }

    #[test]
    fn a_list_that_starts_with_black_has_no_white_move_first() {
        // Half-move 29 is Black's 15th move.
        assert_eq!(
            move_rows(29, 4),
            [
                row(15, None, Some(0)),
                row(16, Some(1), Some(2)),
                row(17, Some(3), None)
            ]
        );
    }
}
