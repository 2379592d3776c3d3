//! A game of the archive (or any PGN file) as a board to review, with no
//! server: its moves are replayed with shakmaty into the same `Game` a
//! server game fills, so the board, the move list, browsing and engine
//! analysis work on it unchanged. It is over (its result from the PGN) and
//! detached: nothing will come for it.

use shakmaty::fen::Fen;
use shakmaty::{Move, Setup};

use super::read::ArchivedGame;
use crate::game::clock::Now;
use crate::game::game::{Game, Outcome};
use crate::game::rules::{Playable, Rules};
use crate::game::snapshot::Snapshot;
use crate::protocol::command::MoveText;
use crate::protocol::game_type::GameType;
use crate::protocol::message::{EndReason, GameResult};
use crate::protocol::style12::{Relation, VerboseMove};

/// Review boards are numbered from here, far above any server's games.
pub const FIRST_REVIEW_NUMBER: u32 = 1_000_000;

/// The game, replayed; or why it cannot be (a bughouse board alone, a
/// move that is not one of the board's where it stands).
pub fn review_game(archived: &ArchivedGame, number: u32, now: Now) -> Result<Game, String> {
    let kind = if archived.variant.is_empty() {
        GameType::parse(&archived.kind())
    } else {
        GameType::from_pgn_variant(&archived.variant)
    };
    // A bughouse board alone is no game: its drops came from the partner's.
    if kind.is_bughouse() {
        return Err(format!("Kibitz cannot replay {kind} games"));
    }
    let rules = Rules::of(Some(&kind), kind.has_drops());
    let start = match &archived.fen {
        Some(fen) => {
            let fen: Fen = fen.parse().map_err(|_| format!("a bad FEN: {fen}"))?;
            fen.into_setup()
        }
        None => start_setup(&kind),
    };
    let mut board = Playable::new(rules, start);
    if board.rules == Rules::Geometry && rules != Rules::Geometry {
        return Err("an impossible start position".to_owned());
    }
    let mut game = Game::new(number, now);
    game.kind = Some(kind);
    game.apply_board(board_of(archived, number, board.setup(), None), now);
    for (ply, text) in archived.sans.iter().enumerate() {
        let illegal = || format!("move {} ({text}) is not legal there", ply / 2 + 1);
        let mv = board.read_san(text).ok_or_else(illegal)?;
        let san = board.san_of(&mv);
        let short = board.move_text(&mv) == MoveText::castle_short();
        let after = board.after(&mv).ok_or_else(illegal)?;
        board = Playable::new(board.rules, after);
        let last = Last { mv, san, short };
        game.apply_board(board_of(archived, number, board.setup(), Some(last)), now);
    }
    game.detached = true;
    let mut outcome = outcome(&archived.result);
    if !archived.reason.is_empty() {
        outcome.text.clone_from(&archived.reason);
    }
    game.end(outcome, now);
    Ok(game)
}

/// The start of a game without a FEN: chess's, with empty pockets for
/// drop games.
fn start_setup(kind: &GameType) -> Setup {
    let mut setup = Setup::initial();
    if kind.has_drops() {
        setup.pockets = Some(shakmaty::ByColor::default());
    }
    setup
}

/// The move that led to a board, as its snapshot tells it.
struct Last {
    mv: Move,
    san: String,
    /// Castling with the nearer rook.
    short: bool,
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
fn board_of(archived: &ArchivedGame, number: u32, setup: &Setup, last: Option<Last>) -> Snapshot {
    let setup = setup.clone();
    let last_move = match &last {
        None => VerboseMove::None,
        Some(Last {
            mv: Move::Castle { .. },
            short,
            ..
        }) => {
            if *short {
                VerboseMove::CastleShort
            } else {
                VerboseMove::CastleLong
            }
        }
        Some(Last {
            mv: Move::Put { role, to },
            ..
        }) => VerboseMove::Drop {
            role: *role,
            to: *to,
        },
        Some(Last { mv, .. }) => VerboseMove::Normal {
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
        last_san: last.map(|last| last.san),
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
    fn a_wild_0_game_with_d_file_castling_replays() {
        let mut game = archived(&["e4", "Nc6", "Nf3", "b6", "Bc4", "Bb7", "O-O", "O-O"], "*");
        game.variant = "Wild".into();
        game.fen = Some("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
        game.event = "FICS rated wild/0 game".into();
        let replayed = review_game(&game, 1, Now::ZERO).expect("replayed");
        let board = replayed.board.as_deref().unwrap();
        // Black's king castled short from d8: with the a-rook, to b8.
        assert_eq!(
            board.setup.board.role_at(shakmaty::Square::B8),
            Some(shakmaty::Role::King)
        );
        assert_eq!(
            board.setup.board.role_at(shakmaty::Square::C8),
            Some(shakmaty::Role::Rook)
        );
        assert_eq!(
            board.setup.board.role_at(shakmaty::Square::G1),
            Some(shakmaty::Role::King)
        );
        assert_eq!(board.last_move, VerboseMove::CastleShort);
    }

    #[test]
    fn crazyhouse_drops_and_suicide_replay() {
        let mut zh = archived(&["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "P@e6"], "*");
        zh.variant = "Crazyhouse".into();
        let replayed = review_game(&zh, 1, Now::ZERO).expect("crazyhouse replayed");
        let last = replayed
            .moves
            .last()
            .map(|m| m.san.clone())
            .unwrap_or_default();
        assert!(last.ends_with("@e6"), "{last}");
        let mut suicide = archived(&["e3", "b5", "Bxb5", "Nc6", "Bxc6"], "*");
        suicide.variant = "Suicide".into();
        review_game(&suicide, 2, Now::ZERO).expect("suicide replayed");
    }

    #[test]
    fn an_illegal_move_says_where() {
        let error = review_game(&archived(&["e4", "e4"], "*"), 1, Now::ZERO).unwrap_err();
        assert!(error.contains("move 1 (e4)"), "{error}");
    }
}
