//! A game of the archive (or any PGN file) as a board to review, with no
//! server: its moves are replayed with shakmaty into the same `Game` a
//! server game fills, so the board, the move list, browsing and engine
//! analysis work on it unchanged. It is over (its result from the PGN) and
//! detached: nothing will come for it.

use shakmaty::fen::Fen;
use shakmaty::{ByColor, ByRole, Move, Role, Setup};

use super::read::ArchivedGame;
use crate::game::clock::Now;
use crate::game::game::{Game, Outcome};
use crate::game::rules::{Playable, Rules};
use crate::game::snapshot::Snapshot;
use crate::game::timeline::{Board, Timeline};
use crate::protocol::command::MoveText;
use crate::protocol::game_type::GameType;
use crate::protocol::message::{EndReason, GameResult};
use crate::protocol::style12::{Relation, VerboseMove};

/// Review boards are numbered from here, far above any server's games.
pub const FIRST_REVIEW_NUMBER: u32 = 1_000_000;

/// The game, replayed; or why it cannot be (a bughouse board without its
/// other board, a move that is not one of the board's where it stands).
pub fn review_game(archived: &ArchivedGame, number: u32, now: Now) -> Result<Game, String> {
    let kind = GameType::from_pgn_variant(&archived.kind());
    // A bughouse board alone is no game: its drops came from the partner's.
    if kind.is_bughouse() {
        return Err(format!(
            "Kibitz cannot replay one board of a {kind} game without the other"
        ));
    }
    // A variant of which Kibitz knows no rules is listed, and says so
    // when opened (its moves would be judged by chess's geometry).
    if let GameType::Other(name) = &kind
        && Rules::of(Some(&kind), false) == Rules::Geometry
    {
        return Err(format!("Kibitz cannot replay {name} games"));
    }
    let names = (archived.white.clone(), archived.black.clone());
    let mut replay = Replay::new(&kind, archived.fen.as_deref(), number, names, now)?;
    for (ply, text) in archived.sans.iter().enumerate() {
        let illegal = || format!("move {} ({text}) is not legal there", ply / 2 + 1);
        let (after, last) = replay.read(text).ok_or_else(illegal)?;
        let took = archived.move_times_ms.get(ply).copied().flatten();
        replay.commit(after, last, took, now);
    }
    let mut game = replay.finish(&archived.result, &archived.reason, now);
    // A record from a position of its own has all its moves (the start is
    // given, not a hole in a history).
    game.incomplete = false;
    // Copied or exported, it is itself: its tags (the time control among
    // them, for `%clk`: not the board's, whose clocks a review does not run).
    game.tags.clone_from(&archived.tags);
    for (color, elo) in [
        (shakmaty::Color::White, &archived.white_elo),
        (shakmaty::Color::Black, &archived.black_elo),
    ] {
        if !elo.is_empty() {
            game.players[color].rating = Some(elo.clone());
        }
    }
    Ok(game)
}

/// A bughouse game of BPGN, both boards replayed on one time line: each
/// piece taken on one board goes into the partner's hand on the other.
/// Board B is seen from its Black side (board A's White's partner).
pub fn review_bughouse(
    archived: &ArchivedGame,
    numbers: [u32; 2],
    now: Now,
) -> Result<([Game; 2], Timeline), String> {
    let other = archived
        .other_board
        .as_deref()
        .ok_or("not a bughouse game of two boards")?;
    let kind = GameType::Bughouse;
    let a_names = (archived.white.clone(), archived.black.clone());
    let b_names = (other.white.clone(), other.black.clone());
    let mut boards = [
        Replay::new(&kind, archived.fen.as_deref(), numbers[0], a_names, now)?,
        Replay::new(&kind, other.fen.as_deref(), numbers[1], b_names, now)?,
    ];
    boards[1].flip = true;
    let sans = [&archived.sans, &other.sans];
    let mut next = [0usize; 2];
    let hands = |boards: &[Replay; 2]| [0, 1].map(|i| pockets_of(boards[i].board.setup()));
    let mut pockets = vec![hands(&boards)];
    // The order as recorded; a move it puts too early (a drop of a piece
    // the other board had not passed yet: whole-second clocks, a history
    // filled late) is played after the other board's next move instead.
    let mut order = other.order.clone();
    let mut k = 0;
    // The step last swapped: a move is put off once, not back and forth.
    let mut swapped = None;
    while k < order.len() {
        let board = order[k];
        let (i, j) = match board {
            Board::A => (0, 1),
            Board::B => (1, 0),
        };
        let Some(text) = sans[i].get(next[i]) else {
            return Err(format!(
                "board {} has fewer moves than its order",
                board.letter()
            ));
        };
        let Some((mut after, last)) = boards[i].read(text) else {
            let other_next = order.get(k + 1).is_some_and(|&b| b != board);
            if other_next && swapped != Some(k) {
                order.swap(k, k + 1);
                swapped = Some(k);
                continue;
            }
            let label = board.move_label(boards[i].game.ply() as usize);
            return Err(format!("move {label} ({text}) is not legal there"));
        };
        next[i] += 1;
        k += 1;
        let mover = boards[i].board.setup().turn;
        let before = pockets_of(boards[i].board.setup());
        // Crazyhouse rules put the taken piece in the mover's own hand; in
        // bughouse it goes to the partner, who plays the other colour on
        // the other board.
        let mut here = pockets_of(&after);
        let dropped = match last.mv {
            Some(Move::Put { role, .. }) => Some(role),
            _ => None,
        };
        let mut there = pockets_of(boards[j].board.setup());
        for role in Role::ALL {
            let gained = (here[mover][role].saturating_add(u8::from(dropped == Some(role))))
                .saturating_sub(before[mover][role]);
            here[mover][role] -= gained.min(here[mover][role]);
            there[!mover][role] = there[!mover][role].saturating_add(gained);
        }
        after.pockets = Some(here);
        boards[i].commit(after, last, None, now);
        boards[j].set_pockets(there);
        pockets.push(hands(&boards));
    }
    let [a, b] = boards;
    let mut a = a.finish(&archived.result, &archived.reason, now);
    let result = match archived.result.as_str() {
        "1-0" => "0-1",
        "0-1" => "1-0",
        other => other,
    };
    let mut b = b.finish(result, &archived.reason, now);
    a.partner = Some(b.number);
    b.partner = Some(a.number);
    let timeline = Timeline::new(order).with_pockets(pockets);
    Ok(([a, b], timeline))
}

fn pockets_of(setup: &Setup) -> ByColor<ByRole<u8>> {
    setup.pockets.unwrap_or_default()
}

/// One board being replayed into its game.
struct Replay {
    game: Game,
    board: Playable,
    names: (String, String),
    /// Seen from Black's side (board B of a bughouse game).
    flip: bool,
}

impl Replay {
    fn new(
        kind: &GameType,
        fen: Option<&str>,
        number: u32,
        names: (String, String),
        now: Now,
    ) -> Result<Replay, String> {
        let rules = Rules::of(Some(kind), kind.has_drops());
        let start = match fen {
            Some(fen) => {
                let text = fen;
                let fen: Fen = text.parse().map_err(|_| format!("a bad FEN: {text}"))?;
                let mut setup = fen.into_setup();
                // (No game reaches move 10,000; a number past it would
                // overflow the ply count.)
                if setup.fullmoves.get() > 10_000 {
                    return Err(format!("a bad FEN: {text}"));
                }
                if kind.has_drops() && setup.pockets.is_none() {
                    setup.pockets = Some(ByColor::default());
                }
                setup
            }
            None => start_setup(kind, rules),
        };
        let board = Playable::new(rules, start);
        if board.rules == Rules::Geometry && rules != Rules::Geometry {
            return Err("an impossible start position".to_owned());
        }
        let mut game = Game::new(number, now);
        game.kind = Some(kind.clone());
        let mut replay = Replay {
            game,
            board,
            names,
            flip: false,
        };
        let first = replay.snapshot(None);
        replay.game.apply_board(first, now);
        Ok(replay)
    }

    /// A move read where the board stands: the position after it, and the
    /// move as the board's snapshot tells it. SAN, or coordinates (`g1f3`,
    /// `e7e8q`: engine matches write them); a null move (`--`, ChessBase's
    /// `Z0`) is a pass.
    fn read(&self, text: &str) -> Option<(Setup, Last)> {
        if matches!(text.trim_end_matches(['+', '#']), "--" | "Z0") {
            return Some(self.pass());
        }
        let mv = (self.board.read_san(text)).or_else(|| self.coordinates(text))?;
        let san = self.board.san_of(&mv);
        let short = self.board.move_text(&mv) == MoveText::castle_short();
        let after = self.board.after(&mv)?;
        let mv = Some(mv);
        Some((after, Last { mv, san, short }))
    }

    /// A move written by its squares (UCI), where the board has it.
    fn coordinates(&self, text: &str) -> Option<Move> {
        let uci: shakmaty::uci::UciMove = text.parse().ok()?;
        uci.to_move(self.board.position()?).ok()
    }

    /// A null move: the other side to move, on the same board.
    fn pass(&self) -> (Setup, Last) {
        let mut after = self.board.setup().clone();
        after.turn = !after.turn;
        after.ep_square = None;
        after.halfmoves = after.halfmoves.saturating_add(1);
        if after.turn.is_white() {
            after.fullmoves = after.fullmoves.saturating_add(1);
        }
        let last = Last {
            mv: None,
            san: "--".to_owned(),
            short: false,
        };
        (after, last)
    }

    /// The move made (in `took_ms`, where known): the board stands at
    /// `after`.
    fn commit(&mut self, after: Setup, last: Last, took_ms: Option<u64>, now: Now) {
        self.board = Playable::new(self.board.rules, after);
        let mut snapshot = self.snapshot(Some(last));
        snapshot.time_taken_ms = took_ms;
        self.game.apply_board(snapshot, now);
    }

    /// The pieces in hand changed by the other board's capture.
    fn set_pockets(&mut self, pockets: ByColor<ByRole<u8>>) {
        let mut setup = self.board.setup().clone();
        setup.pockets = Some(pockets);
        self.board = Playable::new(self.board.rules, setup);
        self.game.set_pockets(pockets);
    }

    /// The game over, with the record's result and words.
    fn finish(mut self, result: &str, reason: &str, now: Now) -> Game {
        self.game.detached = true;
        self.game.source = crate::game::Source::Opened;
        let mut outcome = outcome(result);
        if !reason.is_empty() {
            outcome.text = reason.to_owned();
        }
        self.game.end(outcome, now);
        self.game
    }

    /// The board as it stands, after `last`: the next board the game takes.
    fn snapshot(&self, last: Option<Last>) -> Snapshot {
        let setup = self.board.setup().clone();
        Snapshot {
            ply: (setup.fullmoves.get() - 1)
                .saturating_mul(2)
                .saturating_add(u32::from(setup.turn.is_black())),
            turn: setup.turn,
            setup,
            game: self.game.number,
            white: self.names.0.clone(),
            black: self.names.1.clone(),
            relation: Relation::Observing,
            initial_time_min: 0,
            increment_s: 0,
            remaining_ms: ByColor::default(),
            whole_seconds: true,
            ticking: Some(false),
            last_move: last.as_ref().map_or(VerboseMove::None, verbose),
            last_san: last.map(|last| last.san),
            time_taken_ms: None,
            flip: self.flip,
            lag_ms: None,
        }
    }
}

/// The start of a game without a FEN: its variant's (chess's mostly), with
/// empty pockets for drop games.
fn start_setup(kind: &GameType, rules: Rules) -> Setup {
    let mut setup = Playable::start(rules);
    if kind.has_drops() {
        setup.pockets = Some(ByColor::default());
    }
    setup
}

/// The move that led to a board, as its snapshot tells it (no move: a
/// pass).
struct Last {
    mv: Option<Move>,
    san: String,
    /// Castling with the nearer rook.
    short: bool,
}

fn verbose(last: &Last) -> VerboseMove {
    let Some(mv) = last.mv else {
        return VerboseMove::None;
    };
    match mv {
        Move::Castle { .. } if last.short => VerboseMove::CastleShort,
        Move::Castle { .. } => VerboseMove::CastleLong,
        Move::Put { role, to } => VerboseMove::Drop { role, to },
        ref mv => VerboseMove::Normal {
            role: mv.role(),
            from: mv.from().unwrap_or(mv.to()),
            to: mv.to(),
            promotion: mv.promotion(),
        },
    }
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
        assert!(game.is_over() && game.detached && game.is_opened());
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
    fn a_move_number_past_reason_is_a_bad_fen_not_a_panic() {
        let mut game = archived(&["e4"], "*");
        game.fen = Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3000000000".into());
        let error = review_game(&game, 1, Now::ZERO).unwrap_err();
        assert!(error.contains("bad FEN"), "{error}");
    }

    #[test]
    fn an_illegal_move_says_where() {
        let error = review_game(&archived(&["e4", "e4"], "*"), 1, Now::ZERO).unwrap_err();
        assert!(error.contains("move 1 (e4)"), "{error}");
    }
}
