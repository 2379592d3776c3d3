//! All games the client knows, keyed by game number. `apply` is the only
//! writer: every change comes from a protocol event (or the user closing a
//! finished game).

use std::collections::BTreeMap;

use super::clock::Now;
use super::game::{BoardChange, Game, Outcome};
use super::snapshot::Snapshot;
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::game_type::GameType;
use crate::protocol::gameinfo::GameInfo;
use crate::protocol::marks::parse_mark_kibitz;
use crate::protocol::message::{EndReason, GameHeader, GameResult, Message};
use crate::protocol::style12::Relation;

/// What the store asks of its owner after an event.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Send this to the server (e.g. `moves N` to fill a hole in a history).
    Send(Command),
    /// This game's first board arrived: a new game in the store.
    Started(u32),
    /// This game's next move was added (its board is one ply further): a
    /// move to slide in, sound and announce. `san` as the move list has it;
    /// `ours`: the user plays in this game.
    Moved { game: u32, san: String, ours: bool },
    /// This game just ended: archive it, tell the user.
    Ended(u32),
    /// This game ended unseen (the connection was lost, and its number now
    /// belongs to another game): it left the store; archive it.
    Retired(Box<Game>),
    /// A mark was drawn or taken away on this game's board; `shared`: the
    /// others see it (an examined board: tell them).
    Marked {
        game: u32,
        change: crate::protocol::marks::MarkChange,
        shared: bool,
    },
    /// A new game took the place of a finished one under this number:
    /// what was shown of the number is not its.
    Fresh(u32),
    /// This game left the store (its board was closed).
    Closed(u32),
}

/// What changes the store besides the server's events: the user's and the
/// session's doings, through its one other door ([`GameStore::change`]).
/// Nothing outside `game/` writes the store otherwise.
#[derive(Debug, Clone)]
pub enum Change {
    /// A game opened on a board of its own (a review, a pasted game, a
    /// copy to analyse), or such a game replaced by its new version.
    Open(Box<Game>),
    /// The user closed a game's board.
    Close(u32),
    /// These two games are one bughouse game's boards.
    LinkPartners { ours: u32, theirs: u32 },
    /// A mark drawn (or taken away) on a board.
    ToggleMark {
        game: u32,
        mark: crate::protocol::marks::Mark,
    },
    /// The connection dropped (at `now`): live games stop their clocks
    /// and wait.
    ConnectionLost { now: Now },
    /// Interrupted games that did not come back end unfinished, so marked.
    GiveUpInterrupted { why: String, now: Now },
    /// The server no longer has this interrupted game.
    GoneWhileDisconnected { game: u32, now: Now },
    /// Our interrupted game: the server adjourned it when the connection
    /// dropped (it says so after the reconnect), to be resumed.
    AdjournedWhileAway { game: u32, now: Now },
    /// This game (begun just now) is played against the computer here.
    AgainstComputer(u32),
    /// Its board is seen from this side (unless the user plays in it).
    SeenFrom { game: u32, side: shakmaty::Color },
}

/// How the games a session's end cut off are marked: `reason` is the
/// network's (`protocol::session::LOGGED_OUT` when the user logged out).
pub fn session_ended(reason: &str) -> String {
    format!("the session ended ({reason})")
}

/// What an interrupted game that never came back is marked with.
pub const UNSEEN_END: &str = "the connection was lost; the game went on unseen";
/// An interrupted game the server no longer has (or whose number now shows
/// another game) after the reconnect.
pub const ENDED_WHILE_DISCONNECTED: &str = "ended while disconnected";
/// Our game that did not come back after the reconnect, nor was said to
/// be adjourned: the server ended it meanwhile.
pub const OWN_ENDED_WHILE_AWAY: &str = "the connection was lost and the server ended the game (aborted or forfeited: see your history)";
/// Our game the server adjourned when the connection dropped.
pub const ADJOURNED_WHILE_AWAY: &str = "adjourned when the connection was lost";
/// A live game whose number shows another game, with no end message seen.
const ENDED_UNSEEN: &str = "ended unseen";

#[derive(Debug, Default)]
pub struct GameStore {
    games: BTreeMap<u32, Game>,
    /// Our handle, once logged in.
    me: Option<String>,
    /// The last `Creating:` header, waiting for its `{Game N ...}` line.
    creating: Option<GameHeader>,
    /// The types of the challenges to and from the user, for the games
    /// they create (the old FICS names no wild in its words).
    terms: super::terms::ChallengeTerms,
    /// Games whose `moves` list we asked for and still await.
    awaiting_moves: Vec<u32>,
    /// `<g1>` lines that came before their game's first board (the server
    /// sends them first), applied when it arrives. Bounded.
    pending_info: BTreeMap<u32, GameInfo>,
    /// Moves seen arrive, all games counted: each move's `seen`.
    moves_seen: u64,
    /// A piece passed to a bughouse board, its partner board not yet known.
    passes: super::passes::Passes,
}

/// At most this many `<g1>` lines wait for their board.
const MAX_PENDING_INFO: usize = 64;

impl GameStore {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, number: u32) -> Option<&Game> {
        self.games.get(&number)
    }

    /// All games, by number.
    /// The game the user plays now, if any.
    pub fn own_live_game(&self) -> Option<&Game> {
        self.games().find(|g| g.is_own_live())
    }

    pub fn games(&self) -> impl Iterator<Item = &Game> {
        self.games.values()
    }

    /// The other board of `game`'s bughouse game, where both name each
    /// other.
    pub fn partner_of(&self, game: &Game) -> Option<&Game> {
        (game.partner)
            .and_then(|p| self.games.get(&p))
            .filter(|other| other.partner == Some(game.number))
    }

    pub fn me(&self) -> Option<&str> {
        self.me.as_deref()
    }

    /// The store's other door, besides the server's events
    /// ([`Self::apply`]): what the user and the session change. What it
    /// changed, as `apply` says it.
    pub fn change(&mut self, change: Change) -> Vec<Effect> {
        match change {
            Change::Open(game) => {
                self.games.insert(game.number, *game);
                Vec::new()
            }
            Change::Close(number) => match self.games.remove(&number) {
                Some(_) => vec![Effect::Closed(number)],
                None => Vec::new(),
            },
            Change::LinkPartners { ours, theirs } => {
                self.link_partners(ours, theirs);
                Vec::new()
            }
            Change::ToggleMark { game: number, mark } => {
                let Some(game) = self.games.get_mut(&number) else {
                    return Vec::new();
                };
                let change = game.toggle_mark(mark);
                vec![Effect::Marked {
                    game: number,
                    change,
                    shared: game.shares_marks(),
                }]
            }
            Change::ConnectionLost { now } => {
                self.connection_lost(now);
                Vec::new()
            }
            Change::GiveUpInterrupted { why, now } => self.give_up_interrupted(now, &why),
            Change::GoneWhileDisconnected { game, now } => self.gone_while_disconnected(game, now),
            Change::AdjournedWhileAway { game, now } => self.adjourned_while_away(game, now),
            Change::AgainstComputer(number) => {
                if let Some(game) = self.games.get_mut(&number) {
                    game.source = super::game::Source::Computer;
                }
                Vec::new()
            }
            Change::SeenFrom { game, side } => {
                if let Some(game) = self.games.get_mut(&game) {
                    game.seen_from = Some(side);
                }
                Vec::new()
            }
        }
    }

    /// Two boards of one bughouse game: each names the other (the one not
    /// here yet is named when it comes: see `on_board`).
    fn link_partners(&mut self, ours: u32, theirs: u32) {
        if ours == theirs {
            return;
        }
        for (a, b) in [(ours, theirs), (theirs, ours)] {
            if let Some(game) = self.games.get_mut(&a) {
                game.partner = Some(b);
                // Two linked boards are bughouse, whatever the words said
                // (the old FICS calls it `wild`).
                let vague = match &game.kind {
                    None => true,
                    Some(GameType::Wild(which)) => which.is_empty(),
                    Some(kind) => kind.is_chess(),
                };
                if vague {
                    game.kind = Some(GameType::Bughouse);
                }
            }
        }
    }

    /// Folds one event into the store.
    pub fn apply(&mut self, now: Now, event: &Event) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.terms.apply(event);
        match event {
            Event::LoggedIn { handle, .. } => self.me = Some(handle.clone()),
            Event::Board(board) => self.on_board(now, board, &mut effects),
            Event::Holdings(holdings) => {
                if let Some(game) = self.games.get_mut(&holdings.game) {
                    game.apply_holdings(holdings.clone());
                }
                if let Some((a, b)) = self.passes.holdings(holdings, &self.games) {
                    self.link_partners(a, b);
                }
            }
            Event::GameInfo(info) => match self.games.get_mut(&info.game) {
                Some(game) if !game.is_over() => game.apply_info(info),
                _ => {
                    if self.pending_info.len() >= MAX_PENDING_INFO {
                        self.pending_info.pop_first();
                    }
                    self.pending_info.insert(info.game, info.clone());
                }
            },
            Event::MoveList(list) => {
                let number = list.game.or_else(|| {
                    // Old servers do not say which game: find it by players.
                    self.awaiting_moves.iter().copied().find(|n| {
                        self.games.get(n).is_some_and(|g| {
                            g.players.white.handle == list.white
                                && g.players.black.handle == list.black
                        })
                    })
                });
                if let Some(number) = number {
                    self.awaiting_moves.retain(|&n| n != number);
                    if let Some(game) = self.games.get_mut(&number) {
                        game.apply_move_list(list);
                    }
                }
            }
            Event::Message(message) => self.on_message(now, message, &mut effects),
            // The others' marks on an examined board.
            Event::Text(text) => {
                if let Some((number, change)) = parse_mark_kibitz(text)
                    && let Some(game) = self.games.get_mut(&number)
                    && game.shares_marks()
                {
                    game.apply_mark(change);
                }
            }
            _ => {}
        }
        effects
    }

    fn on_board(
        &mut self,
        now: Now,
        board: &crate::protocol::style12::Style12,
        effects: &mut Vec<Effect>,
    ) {
        if board.relation == Relation::Isolated || board.relation == Relation::MoveListStart {
            // `ref`, `sposition` and move-list start boards are no live game.
            return;
        }
        let number = board.game;
        // Another pair of players under a number we still hold as live: the
        // old game ended while we did not see it (a lost connection, a
        // missed end message). It is archived as unfinished; the number
        // gets a new game.
        let replaced = self.games.get(&number).is_some_and(|game| {
            !game.is_over()
                && game.board.is_some()
                && (game.players.white.handle != board.white
                    || game.players.black.handle != board.black)
        });
        if replaced && let Some(mut old) = self.games.remove(&number) {
            // A game the user stopped watching is left as it was (it is no
            // loss: not archived); one we lost sight of ended unseen.
            if !old.detached {
                let why = if old.interrupted {
                    ENDED_WHILE_DISCONNECTED
                } else {
                    ENDED_UNSEEN
                };
                old.end(unfinished(why), now);
            }
            effects.push(Effect::Retired(Box::new(old)));
        }
        let game = self
            .games
            .entry(number)
            .or_insert_with(|| Game::new(number, now));
        game.interrupted = false;
        if game.is_over() {
            // FICS re-sends the final board (with a negative clock after a
            // flag): ignore it. Other players under this number: a new game.
            let same_players = game.players.white.handle == board.white
                && game.players.black.handle == board.black;
            // ... unless it is the game examined now (from our history).
            let examined_now =
                board.relation == Relation::Examining && game.relation != Relation::Examining;
            if same_players && board.ply() >= game.ply() && !examined_now {
                return;
            }
            *game = Game::new(number, now);
        }
        if let Some(info) = self.pending_info.remove(&number) {
            game.apply_info(&info);
        }
        let change = game.apply_board(Snapshot::from_style12(board), now);
        let live = matches!(
            board.relation,
            Relation::Observing | Relation::PlayingMyMove | Relation::PlayingOpponentToMove
        );
        let hole = matches!(change, BoardChange::First | BoardChange::Gap) && game.incomplete;
        if live && hole && !self.awaiting_moves.contains(&number) {
            self.awaiting_moves.push(number);
            effects.push(Effect::Send(Command::Moves(number)));
        }
        match change {
            BoardChange::First => effects.push(Effect::Started(number)),
            BoardChange::Moved => {
                self.moves_seen += 1;
                if let Some(ply) = game.moves.last_mut() {
                    ply.seen = Some(self.moves_seen);
                }
                effects.push(Effect::Moved {
                    game: number,
                    san: game
                        .moves
                        .last()
                        .map(|ply| ply.san.clone())
                        .unwrap_or_default(),
                    ours: board.relation.is_playing(),
                });
                if let Some((a, b)) = self.passes.moved(number, &self.games) {
                    self.link_partners(a, b);
                }
            }
            BoardChange::Same | BoardChange::TakenBack | BoardChange::Gap => {}
        }
    }

    /// The connection dropped: every live game stops its clocks and is
    /// marked until its boards come back after the reconnect.
    fn connection_lost(&mut self, now: Now) {
        for game in self
            .games
            .values_mut()
            .filter(|g| !g.is_over() && !g.detached && !g.is_computer())
        {
            game.clock.stop(now);
            // The server ends our examining with the session: nothing
            // comes back. The board stays "no longer examined", every
            // move there to study (it was no game to archive).
            if game.relation == Relation::Examining {
                game.detached = true;
            } else {
                game.interrupted = true;
            }
        }
    }

    /// Games still interrupted (no board since the reconnect, or no
    /// reconnect at all) end as unfinished, `*`: each is reported ended so
    /// it is archived. The panels stay, with the reason.
    fn give_up_interrupted(&mut self, now: Now, why: &str) -> Vec<Effect> {
        let mut effects = Vec::new();
        for game in self.games.values_mut().filter(|g| g.interrupted) {
            game.interrupted = false;
            // Our own game does not go on unseen: the server would send
            // its boards to us. It ended (aborted or forfeited by the
            // disconnection; FatICS aborts one under 10 half-moves).
            let why = if why == UNSEEN_END && game.relation.is_playing() {
                OWN_ENDED_WHILE_AWAY
            } else {
                why
            };
            game.end(unfinished(why), now);
            effects.push(Effect::Ended(game.number));
        }
        effects
    }

    /// After the reconnect the server says an interrupted game is gone (our
    /// `observe` of it was refused): it ended while we were away.
    fn gone_while_disconnected(&mut self, number: u32, now: Now) -> Vec<Effect> {
        match self.games.get_mut(&number) {
            Some(game) if game.interrupted => {
                game.interrupted = false;
                game.end(unfinished(ENDED_WHILE_DISCONNECTED), now);
                vec![Effect::Ended(number)]
            }
            _ => Vec::new(),
        }
    }

    /// Our interrupted game was adjourned by the server: it ends so (and
    /// is archived so), and its panel gives way to the game resumed.
    fn adjourned_while_away(&mut self, number: u32, now: Now) -> Vec<Effect> {
        match self.games.get_mut(&number) {
            Some(game) if game.interrupted => {
                game.interrupted = false;
                let outcome = Outcome {
                    result: GameResult::NoResult,
                    reason: EndReason::Adjourn,
                    text: ADJOURNED_WHILE_AWAY.to_owned(),
                    seen: false,
                };
                game.end(outcome, now);
                vec![Effect::Ended(number)]
            }
            _ => Vec::new(),
        }
    }

    /// Our interrupted games (played when the connection dropped): the
    /// number and the opponent's handle.
    /// The challenge that asks for this game's terms again: `match NAME
    /// 10 0 unrated black` (plain chess at a speed only; a server that
    /// restores the adjourned game takes its own terms anyway).
    pub fn same_terms(&self, number: u32, opponent: &str) -> Option<String> {
        use crate::protocol::game_type::GameType;
        let game = self.games.get(&number)?;
        let plain = matches!(
            game.kind,
            Some(GameType::Lightning | GameType::Blitz | GameType::Standard | GameType::Chess)
        );
        let color = game.my_color()?;
        let rated = if game.rated? { "rated" } else { "unrated" };
        let side = if color.is_white() { "white" } else { "black" };
        let (time, inc) = (game.initial_time_min, game.increment_s);
        plain.then(|| format!("match {opponent} {time} {inc} {rated} {side}"))
    }

    pub fn interrupted_own(&self) -> Vec<(u32, String)> {
        let me = self.me.as_deref().unwrap_or_default();
        self.games
            .values()
            .filter(|g| g.interrupted && g.relation.is_playing())
            .map(|g| {
                let (white, black) = (&g.players.white.handle, &g.players.black.handle);
                let opponent = if white.eq_ignore_ascii_case(me) {
                    black
                } else {
                    white
                };
                (g.number, opponent.clone())
            })
            .collect()
    }

    /// The interrupted games we observed, to observe again after the
    /// reconnect (games we play or examine come back by themselves).
    pub fn interrupted_observed(&self) -> Vec<u32> {
        self.games
            .values()
            .filter(|g| {
                g.interrupted
                    && matches!(
                        g.relation,
                        Relation::Observing | Relation::ObservingExamined
                    )
            })
            .map(|g| g.number)
            .collect()
    }

    /// Whether any game waits for the reconnect.
    pub fn any_interrupted(&self) -> bool {
        self.games.values().any(|g| g.interrupted)
    }

    fn on_message(&mut self, now: Now, message: &Message, effects: &mut Vec<Effect>) {
        match message {
            Message::Creating(header) => self.creating = Some(header.clone()),
            Message::SessionStarted { handle, .. } => self.me = Some(handle.clone()),
            // With `gin` on (an account setting), every game on the server is
            // announced: only our own games get a place in the store.
            Message::GameCreated {
                game,
                white,
                black,
                description,
                ..
            } if self.me.as_ref().is_none_or(|me| me == white || me == black) => {
                let mut fresh = Game::new(*game, now);
                fresh.players.white.handle.clone_from(white);
                fresh.players.black.handle.clone_from(black);
                // `rated wild match`: the type, as far as the words say it.
                let said = description
                    .trim_end_matches('.')
                    .trim_end_matches(" match")
                    .split_whitespace()
                    .last();
                fresh.kind = said.map(GameType::parse);
                // `rated wild match`: rated or not, as the words say (the
                // old FICS sends its challenger no `Creating:` header).
                let words = description.split_whitespace();
                fresh.rated = match words.take(2).find(|w| w.ends_with("rated")) {
                    Some("rated") => Some(true),
                    Some("unrated") => Some(false),
                    _ => None,
                };
                // The opponent's challenge (either player's, where we do
                // not know our handle yet).
                let me = self.me.as_deref();
                let challenged = match me {
                    Some(me) if me.eq_ignore_ascii_case(white) => self.terms.take(black),
                    Some(_) => self.terms.take(white),
                    None => self.terms.take(black).or_else(|| self.terms.take(white)),
                };
                if let Some(kind) = challenged {
                    fresh.kind = Some(kind);
                }
                if let Some(header) = self
                    .creating
                    .take()
                    .filter(|h| &h.white == white && &h.black == black)
                {
                    let challenged = fresh.kind.clone();
                    fresh.apply_header(&header);
                    // A header's bare `wild` says less than the challenge.
                    if fresh.kind == Some(GameType::Wild(String::new())) {
                        fresh.kind = challenged.or(fresh.kind);
                    }
                }
                fresh.relation = Relation::PlayingOpponentToMove;
                if self.games.get(game).is_some_and(Game::is_over) {
                    effects.push(Effect::Fresh(*game));
                }
                self.games.insert(*game, fresh);
            }
            Message::ObservationStarted { game } => {
                let ended = self.games.get(game).is_some_and(Game::is_over);
                if ended {
                    self.games.insert(*game, Game::new(*game, now));
                }
                if ended {
                    effects.push(Effect::Fresh(*game));
                }
            }
            Message::ObservationHeader { game, header } => {
                let entry = self
                    .games
                    .entry(*game)
                    .or_insert_with(|| Game::new(*game, now));
                entry.apply_header(header);
            }
            Message::GameEnd(end) => {
                if let Some(game) = self.games.get_mut(&end.game)
                    && !game.is_over()
                {
                    let outcome = Outcome {
                        result: end.result,
                        reason: end.reason,
                        text: end.reason_text.clone(),
                        seen: true,
                    };
                    game.end(outcome, now);
                    effects.push(Effect::Ended(end.game));
                }
            }
            Message::ObservationEnded { game } | Message::ExamineEnded { game } => {
                if let Some(g) = self.games.get_mut(game) {
                    g.detach(now);
                }
            }
            Message::GameNote { game, text } => {
                if let Some(g) = self.games.get_mut(game) {
                    g.note = Some(text.clone());
                }
            }
            _ => {}
        }
    }
}

/// The outcome of a game we stopped seeing before its end.
fn unfinished(why: &str) -> Outcome {
    Outcome {
        result: GameResult::NoResult,
        reason: EndReason::Other,
        text: why.to_owned(),
        seen: false,
    }
}
