//! One game as the client knows it: players, the current position, the move
//! history built from consecutive boards, clocks, lag and the result.

use shakmaty::{ByColor, CastlingMode, Color, Setup, san::San};

use super::clock::{Clock, Now};
use super::opening::Opening;
use super::snapshot::Snapshot;
use crate::protocol::game_type::GameType;
use crate::protocol::gameinfo::GameInfo;
use crate::protocol::holdings::Holdings;
use crate::protocol::message::{EndReason, GameHeader, GameResult};
use crate::protocol::movelist::MoveList;
use crate::protocol::style12::Relation;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Player {
    pub handle: String,
    /// As the server wrote it (`1720`, `1637E`, `----`, `++++`).
    pub rating: Option<String>,
}

/// One half-move of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// Written from the position where Kibitz can play it (`Nf3`,
    /// `O-O`, `Qxf7#`, `N@f6`), else as the server wrote it.
    pub san: String,
    pub time_taken_ms: Option<u64>,
    /// The position after the move, where known (from a board, or replayed).
    pub position: Option<Setup>,
    /// Its place in the order the store saw the moves of all games arrive
    /// (None: from a `moves` list, or replayed): a bughouse game's two
    /// boards are put on one time line by it.
    pub seen: Option<u64>,
}

/// Lag the server measured on a player's moves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lag {
    pub last_ms: i64,
    pub total_ms: i64,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: EndReason,
    /// The server's words, e.g. `BotB resigns`; for an end not seen, ours.
    pub text: String,
    /// The server told us the end (false: the game went on while we were
    /// away, and how it ended is unknown).
    pub seen: bool,
}

/// What happened to the history when a board arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardChange {
    /// The first board of this game.
    First,
    /// The next ply: a move was appended.
    Moved,
    /// The same ply again (refresh, or a re-sent board after an illegal move).
    Same,
    /// A lower ply: moves were taken back.
    TakenBack,
    /// Plies were missed: the history has a hole until `moves N` fills it.
    Gap,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    pub number: u32,
    pub players: ByColor<Player>,
    pub relation: Relation,
    pub rated: Option<bool>,
    /// `blitz`, `crazyhouse`, `wild/fr` ...
    pub kind: Option<GameType>,
    pub initial_time_min: u32,
    pub increment_s: u32,
    /// The latest board.
    pub board: Option<Box<Snapshot>>,
    /// The position before `moves[0]` and its ply number.
    pub start: Option<Setup>,
    pub start_ply: u32,
    pub moves: Vec<Ply>,
    /// The history misses plies before `start_ply` (late join or gap).
    pub incomplete: bool,
    pub clock: Clock,
    pub lag: ByColor<Lag>,
    pub holdings: Option<Holdings>,
    pub outcome: Option<Outcome>,
    /// We no longer receive boards (unobserved, examining stopped).
    pub detached: bool,
    /// The other board of a bughouse game (from `<g1>`).
    pub partner: Option<u32>,
    /// The connection was lost while the game was live: its clocks are
    /// stopped until its boards come back after the reconnect.
    pub interrupted: bool,
    /// When Kibitz first heard of the game, and when it ended (for the
    /// PGN's start date and time).
    pub began: Now,
    pub ended: Option<Now>,
    /// Arrows and circles on the board (ours and, on an examined board,
    /// the others'); gone when the position changes.
    pub marks: Vec<crate::protocol::marks::Mark>,
    /// What a player of this game last asked or answered, as observers
    /// are told (`BotA offers a draw.`), until the next move.
    pub note: Option<String>,
    /// The opening the game reached (the last named position of its
    /// history; chess only).
    pub opening: Option<&'static Opening>,
    /// The tags of the record this game was read back from (a game of the
    /// archive or a PGN file opened again): its PGN keeps them. Empty for
    /// a game seen live.
    pub tags: Vec<(String, String)>,
    /// Where the game comes from: the server, or opened on a board of its
    /// own (a game of the archive or a file, a copy to analyse).
    pub source: Source,
    /// The side its board is seen from when neither the user's colour
    /// nor the server's board says (a training bot's problem: from the
    /// side to move, as its objective says).
    pub seen_from: Option<shakmaty::Color>,
}

/// Where a game in the store comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Source {
    /// A server's game: played, observed or examined (its relation says
    /// which).
    #[default]
    Server,
    /// Opened on a board of its own to study (a game of the archive or a
    /// PGN file, a copy of a game to analyse): its moves can be changed,
    /// the server knows nothing of it.
    Opened,
    /// Played against the computer on this machine: no server's, so no
    /// connection's loss or new session touches it.
    Computer,
}

impl Game {
    /// Played against the computer (see [`Source::Computer`]).
    pub fn is_computer(&self) -> bool {
        self.source == Source::Computer
    }

    /// Opened on a board of its own to study (see [`Source::Opened`]).
    pub fn is_opened(&self) -> bool {
        self.source == Source::Opened
    }

    pub fn new(number: u32, now: Now) -> Self {
        Game {
            number,
            players: ByColor::default(),
            relation: Relation::Observing,
            rated: None,
            kind: None,
            initial_time_min: 0,
            increment_s: 0,
            board: None,
            start: None,
            start_ply: 0,
            moves: Vec::new(),
            incomplete: false,
            clock: Clock::frozen(ByColor::default(), now),
            lag: ByColor::default(),
            holdings: None,
            outcome: None,
            detached: false,
            partner: None,
            interrupted: false,
            began: now,
            ended: None,
            marks: Vec::new(),
            tags: Vec::new(),
            source: Source::Server,
            seen_from: None,
            note: None,
            opening: None,
        }
    }

    /// The ply of the current position.
    pub fn ply(&self) -> u32 {
        self.start_ply + self.moves.len() as u32
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The SAN moves in order.
    pub fn san_moves(&self) -> Vec<&str> {
        self.moves.iter().map(|p| p.san.as_str()).collect()
    }

    /// Names, ratings and time control from a `Creating:` line or an
    /// observation header.
    pub fn apply_header(&mut self, header: &GameHeader) {
        self.players.white = Player {
            handle: header.white.clone(),
            rating: Some(header.white_rating.clone()),
        };
        self.players.black = Player {
            handle: header.black.clone(),
            rating: Some(header.black_rating.clone()),
        };
        self.rated = Some(header.rated);
        self.kind = Some(GameType::parse(&header.kind));
        self.initial_time_min = header.initial_time_min.unwrap_or(self.initial_time_min);
        self.increment_s = header.increment_s.unwrap_or(self.increment_s);
    }

    /// Folds a board into the game: history, clocks, lag.
    pub fn apply_board(&mut self, board: Snapshot, now: Now) -> BoardChange {
        let ply = board.ply;
        let change = match self.board.as_deref() {
            None => BoardChange::First,
            Some(previous)
                if relation_class(previous.relation) != relation_class(board.relation) =>
            {
                BoardChange::First
            }
            Some(_) if ply == self.ply() + 1 && board.last_san.is_some() => BoardChange::Moved,
            Some(_) if ply == self.ply() => BoardChange::Same,
            Some(_) if ply < self.ply() => BoardChange::TakenBack,
            Some(_) => BoardChange::Gap,
        };
        let setup = board.setup.clone();
        // The move written from the position it was made in (the board
        // before this one), not as the server wrote it.
        let san = board.last_san.clone().unwrap_or_default();
        let san = match change {
            BoardChange::Moved => self
                .playable()
                .and_then(|before| before.written_san(&san, &setup.board))
                .unwrap_or(san),
            _ => san,
        };
        if change != BoardChange::Same {
            self.marks.clear();
            self.note = None;
        }
        match change {
            BoardChange::First | BoardChange::Gap => {
                self.moves.clear();
                self.start = Some(setup);
                self.start_ply = ply;
                self.incomplete = ply > 0;
            }
            BoardChange::Moved => self.moves.push(Ply {
                san,
                time_taken_ms: board.time_taken_ms,
                position: Some(setup),
                seen: None,
            }),
            BoardChange::Same => {}
            BoardChange::TakenBack => {
                if ply < self.start_ply {
                    self.moves.clear();
                    self.start = Some(setup);
                    self.start_ply = ply;
                    self.incomplete = ply > 0;
                } else {
                    self.moves.truncate((ply - self.start_ply) as usize);
                }
            }
        }
        if change == BoardChange::Moved
            && let Some(lag_ms) = board.lag_ms
        {
            let lag = &mut self.lag[!board.turn];
            lag.last_ms = lag_ms;
            lag.total_ms = lag.total_ms.saturating_add(lag_ms);
        }
        self.players.white.handle.clone_from(&board.white);
        self.players.black.handle.clone_from(&board.black);
        self.relation = board.relation;
        self.initial_time_min = board.initial_time_min;
        self.increment_s = board.increment_s;
        self.clock = Clock::from_board(&board, now);
        self.detached = false;
        self.board = Some(Box::new(board));
        match change {
            BoardChange::Same => {}
            // A move: its position may have a name (the one before stays).
            BoardChange::Moved => {
                let named = self.moves.last().and_then(|m| m.position.as_ref());
                if let Some(opening) = named.and_then(|s| self.opening_of(s)) {
                    self.opening = Some(opening);
                }
            }
            _ => self.find_opening(),
        }
        change
    }

    /// The name of this position, in a game of chess.
    fn opening_of(&self, setup: &Setup) -> Option<&'static Opening> {
        let chess = self.kind.as_ref().is_none_or(GameType::is_chess);
        chess.then(|| super::opening::named(setup)).flatten()
    }

    /// The last named position of the history (after a take-back, a new
    /// start, a filled hole).
    fn find_opening(&mut self) {
        let positions = self
            .start
            .iter()
            .chain(self.moves.iter().filter_map(|m| m.position.as_ref()));
        // The newest first: the first named is the answer.
        self.opening = positions.rev().find_map(|s| self.opening_of(s));
    }

    /// Merges a `moves` list. The list covers plies `0..L`; our history
    /// covers `start_ply..ply()`. Where they meet, the list fills the hole.
    pub fn apply_move_list(&mut self, list: &MoveList) -> bool {
        let listed = list.moves.len() as u32;
        if !self.incomplete || self.start_ply > listed {
            return false;
        }
        let mut merged: Vec<Ply> = list.moves[..self.start_ply as usize]
            .iter()
            .map(|m| Ply {
                san: m.san.clone(),
                time_taken_ms: m.time_ms,
                position: None,
                seen: None,
            })
            .collect();
        let start = replay_positions(&mut merged, list.black_moves_first);
        merged.append(&mut self.moves);
        self.moves = merged;
        self.start = start;
        self.start_ply = 0;
        self.incomplete = false;
        self.find_opening();
        true
    }

    /// The position after this many plies of the history (0: the one
    /// before its first move), where known.
    pub fn position_after(&self, plies: usize) -> Option<Setup> {
        match plies.checked_sub(1) {
            None => self.start.clone(),
            Some(i) => self.moves.get(i)?.position.clone(),
        }
    }

    /// The pieces in hand changed with no move on this board (a bughouse
    /// partner's capture, replayed): the position shown now has them.
    pub fn set_pockets(&mut self, pockets: ByColor<shakmaty::ByRole<u8>>) {
        if let Some(setup) = self.moves.last_mut().and_then(|m| m.position.as_mut()) {
            setup.pockets = Some(pockets);
        }
        if let Some(board) = self.board.as_deref_mut() {
            board.setup.pockets = Some(pockets);
        }
    }

    pub fn apply_holdings(&mut self, holdings: Holdings) {
        // The pockets belong to the position the last board showed: kept
        // with it, so a browsed drop game's position has its pockets.
        if let Some(setup) = self.moves.last_mut().and_then(|m| m.position.as_mut()) {
            setup.pockets = Some(holdings.pockets());
        }
        self.holdings = Some(holdings);
    }

    /// The game ended: the clocks stop where they are.
    pub fn end(&mut self, outcome: Outcome, now: Now) {
        self.clock.stop(now);
        self.outcome = Some(outcome);
        self.ended = Some(now);
    }

    /// How long the game lasted as far as Kibitz saw it.
    pub fn length(&self) -> std::time::Duration {
        self.ended.unwrap_or(self.began).saturating_sub(self.began)
    }

    /// What `<g1>` says: rated, the game type, the partner board.
    pub fn apply_info(&mut self, info: &GameInfo) {
        self.rated = Some(info.rated);
        self.kind = Some(GameType::parse(&info.game_type));
        self.partner = info.partner_game;
        // Ratings where no header gave them (FatICS sends 0 for none).
        for (color, rating) in [
            (Color::White, info.white_rating),
            (Color::Black, info.black_rating),
        ] {
            let player = &mut self.players[color];
            if let Some(value) = rating.value().filter(|&v| v > 0)
                && player.rating.is_none()
            {
                player.rating = Some(value.to_string());
            }
        }
    }

    /// We stopped receiving this game's boards.
    pub fn detach(&mut self, now: Now) {
        self.clock.stop(now);
        self.detached = true;
    }

    /// Remaining time of `color` at `now`.
    pub fn remaining_ms(&self, color: Color, now: Now) -> i64 {
        self.clock.remaining_ms(color, now)
    }
}

/// Playing, observing and examining are different contexts: a change
/// between them is a new game even under the same number.
fn relation_class(relation: Relation) -> u8 {
    match relation {
        Relation::PlayingMyMove | Relation::PlayingOpponentToMove => 0,
        Relation::Observing => 1,
        Relation::Examining | Relation::ObservingExamined => 2,
        Relation::Isolated | Relation::MoveListStart => 3,
    }
}

/// Fills in the positions of a standard game's listed moves, returning the
/// start position. Variants or unknown moves leave positions unknown.
fn replay_positions(moves: &mut [Ply], black_first: bool) -> Option<Setup> {
    use shakmaty::{Chess, EnPassantMode, FromSetup, Position};
    let mut setup = Setup::default();
    if black_first {
        setup.turn = Color::Black;
    }
    let start = setup.clone();
    let mut position = Chess::from_setup(setup, CastlingMode::Standard).ok()?;
    for ply in moves.iter_mut() {
        let san: San = ply.san.trim_end_matches(['+', '#']).parse().ok()?;
        let m = san.to_move(&position).ok()?;
        // Written from the position: a mate the list calls check is `#`.
        ply.san = shakmaty::san::SanPlus::from_move(position.clone(), m).to_string();
        position.play_unchecked(m);
        ply.position = Some(position.to_setup(EnPassantMode::Legal));
    }
    Some(start)
}
