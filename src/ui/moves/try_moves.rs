//! Moves tried on a board that is not the user's live game: a finished
//! game, a review, a game watched (its live board keeps following the
//! server; the tried line is shown until "Live"). A move made there starts
//! or extends a line of `GameView::variations`, said as a branch.

use shakmaty::{EnPassantMode, Move, Position, Setup, Square};

use crate::game::Game;
use crate::game::rules::Playable;
use crate::game::variation::Tried;
use crate::ui::game_panel::game_view::GameView;

/// The position shown (`setup`) as a board to try moves on, where the
/// user may: not their own game while it goes on (its moves go to the
/// server), not a game they examine (the server's board), not a bughouse
/// pair under review (one time line for two boards).
pub(crate) fn tries(game: &Game, view: &GameView, setup: &Setup) -> Option<Playable> {
    if game.movable_side().is_some() || game.is_own_live() || view.timeline.is_some() {
        return None;
    }
    let rules = game.playable()?.rules;
    let playable = Playable::new(rules, setup.clone());
    // Only where the rules can play it on (SAN, the position after).
    playable.position()?;
    Some(playable)
}

/// `mv` played on `from`: a new line, or the next move of the line or the
/// game; the board goes there and the move is said.
pub(crate) fn tried(game: &Game, view: &mut GameView, from: &Playable, mv: Move) {
    let Some(position) = from.position() else {
        return;
    };
    let san = from.san_of(&mv);
    let mut after = position.clone();
    after.play_unchecked(mv);
    let tried = Tried {
        mv,
        san: san.clone(),
        after: after.to_setup(EnPassantMode::Legal),
    };
    let moves = game.moves.len();
    let at = view.at(moves);
    // The game's own next move from here, as a move.
    let game_next = match at {
        crate::game::variation::At::Game(plies) => game
            .moves
            .get(plies)
            .and_then(|next| from.read_san(&next.san)),
        crate::game::variation::At::Line { .. } => None,
    };
    let now = view.variations.play(at, tried, game_next.as_ref());
    view.go(now, moves);
    view.board.said = Some(match now {
        crate::game::variation::At::Game(_) => format!("{san}, the game's move"),
        crate::game::variation::At::Line { line, plies } => {
            // The move before it in the line, if any: "Nf3, then d5".
            let before = plies
                .checked_sub(2)
                .and_then(|k| view.variations.line(line)?.moves.get(k));
            match before {
                Some(before) => format!("Variation: {}, then {san}", before.san),
                None => format!("Variation: {san}"),
            }
        }
    });
}

/// The squares of the tried move shown, for the board's highlight.
pub(crate) fn last_tried(view: &GameView) -> Option<(Option<Square>, Square)> {
    let (line, plies) = view.line?;
    let mv = view
        .variations
        .line(line)?
        .moves
        .get(plies.checked_sub(1)?)?
        .mv;
    Some((mv.from(), mv.to()))
}
