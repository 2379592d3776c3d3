//! A game panel's board: which position it shows (the live one, one
//! browsed to, a tried line's, ours waiting for the server's board, the
//! position queued premoves make), what moves it takes there (the game's,
//! or tries of the user's own), the last move marked, and what the board
//! or the keyboard did, as the panel's action.

use shakmaty::{Color, Square};

use crate::game::Game;
use crate::protocol::style12::VerboseMove;
use crate::ui::analysis::panel::{Preview, preview_ui};
use crate::ui::board::{BoardAction, BoardView, Slide, board_ui};
use crate::ui::game_panel::game_view::{Action, GameView, PanelContext};

/// The board of `game`'s panel, `side` points square, seen from
/// `orientation`; `preview`: an engine line shown instead.
pub(crate) fn board_area_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
    orientation: Color,
    side: f32,
    preview: Option<Preview>,
) -> Option<Action> {
    let board = game.board.as_deref()?;
    view.board_side = side;
    if let Some(preview) = preview {
        preview_ui(ui, game, view, cx, orientation, side, preview);
        return None;
    }
    let in_line = view.line_position().cloned();
    let browsing = view.browse.and_then(|plies| game.position_after(plies));
    let live = browsing.is_none() && in_line.is_none();
    let pending = view.pending.as_ref().map(|(_, setup)| setup.clone());
    let setup = in_line
        .or(browsing)
        .or(pending)
        .unwrap_or_else(|| board.setup.clone());
    // A board that is not the user's live game takes moves as tries: lines
    // of the user's own, the game itself untouched.
    let trying = crate::ui::moves::try_moves::tries(game, view, &setup);
    // The live board under the game's rules, built once a frame: the
    // check highlight reads it, and moves are made on it (not while our
    // move waits for the server's board, nor once the game is over).
    let current = if live { game.playable() } else { None };
    let check = current
        .as_ref()
        .and_then(|p| p.position())
        .filter(|p| shakmaty::Position::is_check(*p))
        .and_then(|p| {
            let turn = shakmaty::Position::turn(p);
            shakmaty::Position::board(p).king_of(turn)
        });
    let playable = current
        .filter(|_| view.pending.is_none() && !game.is_over())
        .or_else(|| trying.clone());
    // Queued premoves: the board shows the position they make, and the
    // next one is planned on it (the opponent still to move).
    let queued = (cx.settings.premove_queue && live)
        .then(|| after_premoves(playable.as_ref()?, game.my_color()?, &view.premoves))
        .flatten();
    let playable = queued.or(playable);
    let setup = match &playable {
        Some(p) if !view.premoves.is_empty() && cx.settings.premove_queue => p.setup().clone(),
        _ => setup,
    };
    let position = playable.as_ref().and_then(|p| p.position()).cloned();
    let last_move = if live {
        last_move_squares(game)
    } else {
        crate::ui::moves::try_moves::last_tried(view)
    };
    let slide = view.slide.and_then(|(slide, started)| {
        let duration = cx.settings.animation_secs.max(0.001);
        let progress = cx.now.saturating_sub(started).as_secs_f32() / duration;
        (progress < 1.0 && live).then_some(Slide { progress, ..slide })
    });
    if slide.is_none() {
        view.slide = None;
    }
    let label = format!("Board, game {}", game.number);
    let board_view = BoardView {
        label: &label,
        pieces: &setup.board,
        orientation,
        playable: playable.as_ref(),
        mover: game
            .movable_side()
            .or_else(|| trying.as_ref().map(|t| t.turn())),
        last_move,
        check,
        premoves: &view.premoves,
        slide,
        auto_queen: cx.settings.auto_queen,
        allow_premove: cx.settings.premove && trying.is_none(),
        style: cx.settings.style,
        marks: if live { &game.marks } else { &[] },
        best_move: view.analysis.best,
        typing: !view.type_in.text.is_empty(),
    };
    let board_rect = egui::Rect::from_min_size(ui.cursor().min, egui::Vec2::splat(side));
    let mut action = board_ui(ui, &mut view.board, &board_view, cx.cache, side);
    if action.is_none() {
        action = type_in_ui_for(ui, board_rect, game, view, cx, playable.as_ref());
        // A typed move played is said (a square's Space says its own).
        if let (Some(BoardAction::Move(mv)), Some(position)) = (&action, &position) {
            let san = shakmaty::san::San::from_move(position, *mv);
            view.board.said = Some(format!("Played {san}"));
        }
    }
    match action? {
        BoardAction::Move(mv) if trying.is_some() => {
            let from = trying.as_ref()?;
            crate::ui::moves::try_moves::tried(game, view, from, mv);
            None
        }
        BoardAction::Move(mv) => Some(Action::Move {
            game: game.number,
            mv,
        }),
        BoardAction::Premove(mv) => {
            if !cx.settings.premove_queue {
                view.premoves.clear();
            }
            if view.premoves.len() < crate::ui::game_panel::game_view::MAX_PREMOVES {
                view.premoves.push(mv);
            }
            None
        }
        BoardAction::CancelPremove => {
            view.premoves.clear();
            None
        }
        BoardAction::Refused(why) => {
            view.board.said = Some(why.to_owned());
            view.refusal = Some(why.to_owned());
            None
        }
        BoardAction::Mark(mark) => Some(Action::Mark {
            game: game.number,
            mark,
        }),
    }
}

/// Typed moves for the board with the keyboard, in a live game of ours or
/// one we examine (`playable`: the live board, when moves can be made on
/// it).
fn type_in_ui_for(
    ui: &mut egui::Ui,
    board: egui::Rect,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    playable: Option<&crate::game::rules::Playable>,
) -> Option<BoardAction> {
    if !cx.settings.type_in || cx.keyboard != Some(game.number) {
        return None;
    }
    let playable = playable?;
    // A game we examine (a puzzle): moves for the side to move.
    let mover = match game.my_color() {
        Some(mover) => mover,
        None if game.is_examined_by_us() => playable.turn(),
        None => return None,
    };
    let premove = playable.turn() != mover;
    let position = playable.for_mover(mover);
    if premove && !cx.settings.premove {
        return None;
    }
    let typed_before = view.type_in.text.clone();
    let entered =
        crate::ui::board::type_in::type_in_keys(ui, &mut view.type_in, &position, premove);
    // What is typed is said as it grows: the moves that fit (a screen
    // reader hears where the entry is going).
    if view.type_in.text != typed_before && !view.type_in.text.is_empty() {
        view.board.said = Some(crate::ui::board::type_in::fitting_words(
            &position,
            &view.type_in.text,
        ));
    }
    crate::ui::board::type_in::type_in_ui(ui, board, &view.type_in, &position, premove);
    entered
}

/// The squares of the last move, from the verbose notation.
fn last_move_squares(game: &Game) -> Option<(Option<Square>, Square)> {
    let board = game.board.as_deref()?;
    let mover = !board.turn;
    let back = mover.backrank();
    let on_back = |file| Square::from_coords(file, back);
    // Castling: where the king stood and stands (Chess960's and wild's
    // kings start elsewhere than e1), where the history knows it.
    let before = game
        .moves
        .len()
        .checked_sub(1)
        .and_then(|n| game.position_after(n));
    let kings = before
        .and_then(|b| b.board.king_of(mover))
        .zip(board.setup.board.king_of(mover));
    if matches!(
        board.last_move,
        VerboseMove::CastleShort | VerboseMove::CastleLong
    ) && let Some((from, to)) = kings
    {
        return Some((Some(from), to));
    }
    match board.last_move {
        VerboseMove::Normal { from, to, .. } => Some((Some(from), to)),
        VerboseMove::Drop { to, .. } => Some((None, to)),
        VerboseMove::CastleShort => {
            Some((Some(on_back(shakmaty::File::E)), on_back(shakmaty::File::G)))
        }
        VerboseMove::CastleLong => {
            Some((Some(on_back(shakmaty::File::E)), on_back(shakmaty::File::C)))
        }
        VerboseMove::None | VerboseMove::Other(_) => None,
    }
}

/// The board after the queued `premoves` of `mover`, the opponent still to
/// move; None where none is queued, it is `mover`'s turn, or one of them
/// cannot be made there any more.
fn after_premoves(
    playable: &crate::game::rules::Playable,
    mover: Color,
    premoves: &[shakmaty::Move],
) -> Option<crate::game::rules::Playable> {
    use crate::game::rules::Playable;
    if premoves.is_empty() || playable.turn() == mover {
        return None;
    }
    let mut board = playable.for_mover(mover);
    for premove in premoves {
        let mut setup = board.after(premove)?;
        // The mover moves again: the opponent's replies are not known.
        setup.turn = mover;
        setup.ep_square = None;
        board = Playable::new(board.rules, setup);
    }
    let mut setup = board.setup().clone();
    setup.turn = !mover;
    Some(Playable::new(board.rules, setup))
}
