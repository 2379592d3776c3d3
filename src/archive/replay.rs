//! A game of the archive (or any PGN file) as a board to review, with no
//! server: its moves are replayed with shakmaty into the same `Game` a
//! server game fills, so the board, the move list, browsing and engine
//! analysis work on it unchanged. It is over (its result from the PGN) and
//! detached: nothing will come for it.

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, EnPassantMode, Move, Position};

use super::read::ArchivedGame;
use crate::game::clock::Now;
use crate::game::game::{Game, Outcome};
use crate::game::snapshot::Snapshot;
use crate::game::variant::variant_of;
use crate::protocol::game_type::GameType;
use crate::protocol::message::{EndReason, GameResult};
use crate::protocol::style12::{Relation, VerboseMove};

/// Review boards are numbered from here, far above any server's games.
pub const FIRST_REVIEW_NUMBER: u32 = 1_000_000;

/// The game, replayed; or why it cannot be (a variant shakmaty lacks, a
/// move that is not legal where it stands).
pub fn review_game(archived: &ArchivedGame, number: u32, now: Now) -> Result<Game, String> {
    let kind = if archived.variant.is_empty() {
        GameType::parse(&archived.kind())
    } else {
        GameType::from_pgn_variant(&archived.variant)
    };
    // A bughouse board alone is no game: its drops came from the partner's.
    let variant = match variant_of(&kind) {
        Some(variant) if !kind.is_bughouse() => variant,
        _ => return Err(format!("Kibitz cannot replay {kind} games")),
    };
    let mut position = match &archived.fen {
        Some(fen) => {
            let fen: Fen = fen.parse().map_err(|_| format!("a bad FEN: {fen}"))?;
            VariantPosition::from_setup(variant, fen.into_setup(), CastlingMode::Chess960)
                .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
                .map_err(|e| format!("an impossible start position: {e}"))?
        }
        None => VariantPosition::new(variant),
    };
    let mut game = Game::new(number, now);
    game.kind = Some(kind);
    game.apply_board(board_of(archived, number, &position, None), now);
    for (ply, text) in archived.sans.iter().enumerate() {
        let mv = text
            .parse::<SanPlus>()
            .ok()
            .and_then(|san| san.san.to_move(&position).ok())
            .ok_or_else(|| format!("move {} ({text}) is not legal there", ply / 2 + 1))?;
        let san = SanPlus::from_move(position.clone(), mv);
        position = position
            .play(mv)
            .map_err(|_| format!("move {} ({text}) is not legal there", ply / 2 + 1))?;
        game.apply_board(
            board_of(archived, number, &position, Some((mv, san.to_string()))),
            now,
        );
    }
    game.detached = true;
    let mut outcome = outcome(&archived.result);
    if !archived.reason.is_empty() {
        outcome.text.clone_from(&archived.reason);
    }
    game.end(outcome, now);
    Ok(game)
}

fn outcome(result: &str) -> Outcome {
    let (result, text) = match result {
        "1-0" => (GameResult::WhiteWins, "White won"),
        "0-1" => (GameResult::BlackWins, "Black won"),
        "1/2-1/2" => (GameResult::Draw, "Drawn"),
        _ => (GameResult::NoResult, "No result"),
    };
    Outcome {
        result,
        reason: EndReason::Other,
        text: text.to_owned(),
        seen: true,
    }
}

/// The game as this position shows it: the next board the game takes.
fn board_of(
    archived: &ArchivedGame,
    number: u32,
    position: &VariantPosition,
    last: Option<(Move, String)>,
) -> Snapshot {
    let setup = position.to_setup(EnPassantMode::Legal);
    let last_move = match &last {
        None => VerboseMove::None,
        Some((Move::Castle { king, rook }, _)) if rook.file() > king.file() => {
            VerboseMove::CastleShort
        }
        Some((Move::Castle { .. }, _)) => VerboseMove::CastleLong,
        Some((Move::Put { role, to }, _)) => VerboseMove::Drop {
            role: *role,
            to: *to,
        },
        Some((mv, _)) => VerboseMove::Normal {
            role: mv.role(),
            from: mv.from().unwrap_or(mv.to()),
            to: mv.to(),
            promotion: mv.promotion(),
        },
    };
    Snapshot {
        ply: (setup.fullmoves.get() - 1) * 2 + u32::from(setup.turn.is_black()),
        turn: setup.turn,
        setup,
        game: number,
        white: archived.white.clone(),
        black: archived.black.clone(),
        relation: Relation::Observing,
        initial_time_min: 0,
        increment_s: 0,
        remaining_ms: shakmaty::ByColor::default(),
        whole_seconds: true,
        ticking: Some(false),
        last_move,
        last_san: last.map(|(_, san)| san),
        time_taken_ms: None,
        flip: false,
        lag_ms: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archived(sans: &[&str], result: &str) -> ArchivedGame {
        ArchivedGame {
            white: "KibUser".into(),
            black: "BotA".into(),
            result: result.into(),
            event: "FICS rated blitz game".into(),
            sans: sans.iter().map(|s| (*s).to_owned()).collect(),
            ..ArchivedGame::default()
        }
    }

    #[test]
    fn a_game_replays_into_a_finished_board() {
        let game = review_game(
            &archived(&["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"], "1-0"),
            FIRST_REVIEW_NUMBER,
            Now::ZERO,
        )
        .expect("replayed");
        let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
        assert!(game.moves.iter().all(|m| m.position.is_some()));
        assert!(game.is_over() && game.detached);
        assert_eq!(game.players.white.handle, "KibUser");
        assert_eq!(game.kind, Some(GameType::Blitz));
        let board = game.board.as_deref().unwrap();
        assert_eq!(board.last_move, VerboseMove::CastleShort);
        assert_eq!(board.turn, shakmaty::Color::Black);
    }

    #[test]
    fn an_illegal_move_says_where() {
        let error = review_game(&archived(&["e4", "e4"], "*"), 1, Now::ZERO).unwrap_err();
        assert!(error.contains("move 1 (e4)"), "{error}");
    }
}
