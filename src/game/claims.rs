//! Draws the server leaves to the player to claim: the current position
//! repeated for the third time, or fifty moves each without a capture or a
//! pawn move. FICS draws such a game when the player says `draw`; Kibitz
//! offers the claim (one click) when it is there.

use shakmaty::Setup;

use super::Game;

/// A draw the user can claim now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawClaim {
    /// The position now stood on the board three times (same side to move,
    /// castling rights, en-passant square and pieces in hand).
    Repetition,
    /// Fifty moves by each side without a capture or a pawn move.
    FiftyMoves,
}

impl DrawClaim {
    pub fn words(self) -> &'static str {
        match self {
            DrawClaim::Repetition => "threefold repetition",
            DrawClaim::FiftyMoves => "the 50-move rule",
        }
    }
}

/// The draw the game's current position lets its player claim, if any
/// (from the history Kibitz holds: a history with a hole counts only what
/// it has).
pub fn draw_claim(game: &Game) -> Option<DrawClaim> {
    let now = game.moves.last()?.position.as_ref()?;
    if now.halfmoves >= 100 {
        return Some(DrawClaim::FiftyMoves);
    }
    let same = |setup: &Setup| {
        setup.board == now.board
            && setup.turn == now.turn
            && setup.castling_rights == now.castling_rights
            && capturable_ep(setup) == capturable_ep(now)
            && setup.pockets == now.pockets
    };
    // Only since the last capture or pawn move can it have stood before.
    let since = usize::try_from(now.halfmoves).unwrap_or(usize::MAX);
    let earlier = (0..game.moves.len())
        .rev()
        .take(since.saturating_add(1))
        .filter_map(|plies| game.position_after(plies))
        .filter(|setup| same(setup))
        .count();
    (earlier + 1 >= 3).then_some(DrawClaim::Repetition)
}

/// The en-passant square where a pawn of the side to move can take on it
/// (the old FICS names the square after every double step; a position
/// where nobody can take there is the same position as without it).
fn capturable_ep(setup: &Setup) -> Option<shakmaty::Square> {
    let square = setup.ep_square?;
    let takers = shakmaty::attacks::pawn_attacks(!setup.turn, square)
        & setup.board.pawns()
        & setup.board.by_color(setup.turn);
    (!takers.is_empty()).then_some(square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::protocol::decoder::StreamDecoder;
    use std::time::Duration;

    /// A game of ours from its boards (`<12>` lines after the first).
    fn game(lines: &[&str]) -> Game {
        let mut store = GameStore::new();
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        for line in lines {
            decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
        }
        for event in events {
            store.apply(Duration::ZERO, &event);
        }
        store.get(1).cloned().expect("game 1")
    }

    const KNIGHTS: [&str; 9] = [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Me BotA 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R B -1 1 1 1 1 1 1 Me BotA -1 5 0 39 39 300 300 1 N/g1-f3 (0:00) Nf3 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -----N-- PPPPPPPP RNBQKB-R W -1 1 1 1 1 2 1 Me BotA 1 5 0 39 39 300 300 2 N/g8-f6 (0:00) Nf6 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 3 1 Me BotA -1 5 0 39 39 300 300 2 N/f3-g1 (0:00) Ng1 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 4 1 Me BotA 1 5 0 39 39 300 300 3 N/f6-g8 (0:00) Ng8 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R B -1 1 1 1 1 5 1 Me BotA -1 5 0 39 39 300 300 3 N/g1-f3 (0:00) Nf3 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -----N-- PPPPPPPP RNBQKB-R W -1 1 1 1 1 6 1 Me BotA 1 5 0 39 39 300 300 4 N/g8-f6 (0:00) Nf6 0 0 0",
        "<12> rnbqkb-r pppppppp -----n-- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 7 1 Me BotA -1 5 0 39 39 300 300 4 N/f3-g1 (0:00) Ng1 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 8 1 Me BotA 1 5 0 39 39 300 300 5 N/f6-g8 (0:00) Ng8 0 0 0",
    ];

    #[test]
    fn the_third_time_a_position_stands_it_can_be_claimed() {
        assert_eq!(draw_claim(&game(&KNIGHTS[..5])), None, "twice");
        assert_eq!(draw_claim(&game(&KNIGHTS[..8])), None, "twice each");
        assert_eq!(
            draw_claim(&game(&KNIGHTS)),
            Some(DrawClaim::Repetition),
            "the start position a third time"
        );
    }

    /// The old FICS names the en-passant square after 1...e5 though no
    /// pawn can take there: the position is the same as after 3...Ng8.
    #[test]
    fn an_en_passant_square_nobody_can_take_on_is_no_difference() {
        let lines = [
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Me BotA 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
            "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 1 Me BotA -1 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 0 0",
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 1 Me BotA 1 5 0 39 39 300 300 2 P/e7-e5 (0:00) e5 0 0 0",
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 1 1 Me BotA -1 5 0 39 39 300 300 2 N/g1-f3 (0:00) Nf3 0 0 0",
            "<12> rnbqkb-r pppp-ppp -----n-- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R W -1 1 1 1 1 2 1 Me BotA 1 5 0 39 39 300 300 3 N/g8-f6 (0:00) Nf6 0 0 0",
            "<12> rnbqkb-r pppp-ppp -----n-- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR B -1 1 1 1 1 3 1 Me BotA -1 5 0 39 39 300 300 3 N/f3-g1 (0:00) Ng1 0 0 0",
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W -1 1 1 1 1 4 1 Me BotA 1 5 0 39 39 300 300 4 N/f6-g8 (0:00) Ng8 0 0 0",
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R B -1 1 1 1 1 5 1 Me BotA -1 5 0 39 39 300 300 4 N/g1-f3 (0:00) Nf3 0 0 0",
            "<12> rnbqkb-r pppp-ppp -----n-- ----p--- ----P--- -----N-- PPPP-PPP RNBQKB-R W -1 1 1 1 1 6 1 Me BotA 1 5 0 39 39 300 300 5 N/g8-f6 (0:00) Nf6 0 0 0",
            "<12> rnbqkb-r pppp-ppp -----n-- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR B -1 1 1 1 1 7 1 Me BotA -1 5 0 39 39 300 300 5 N/f3-g1 (0:00) Ng1 0 0 0",
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W -1 1 1 1 1 8 1 Me BotA 1 5 0 39 39 300 300 6 N/f6-g8 (0:00) Ng8 0 0 0",
        ];
        assert_eq!(draw_claim(&game(&lines[..7])), None);
        assert_eq!(draw_claim(&game(&lines)), Some(DrawClaim::Repetition));
    }

    #[test]
    fn fifty_moves_without_a_capture_or_pawn_move_can_be_claimed() {
        let lines = [
            "<12> -------k -------- -------- -------- -------- -------- -------- K------R W -1 0 0 0 0 98 1 Me BotA 1 5 0 9 0 300 300 60 none (0:00) none 0 0 0",
            "<12> -------k -------- -------- -------- -------- -------- -------- K-----R- B -1 0 0 0 0 99 1 Me BotA -1 5 0 9 0 300 300 60 R/h1-g1 (0:00) Rg1 0 0 0",
            "<12> ------k- -------- -------- -------- -------- -------- -------- K-----R- W -1 0 0 0 0 100 1 Me BotA 1 5 0 9 0 300 300 61 K/h8-g8 (0:00) Kg8 0 0 0",
        ];
        assert_eq!(draw_claim(&game(&lines[..2])), None);
        assert_eq!(draw_claim(&game(&lines)), Some(DrawClaim::FiftyMoves));
    }
}
