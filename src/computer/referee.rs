//! A game against the computer, refereed by Kibitz itself. Sans-IO: it
//! takes the user's commands (the ones a server would take: a move,
//! resign, draw, takeback ...), the engine's moves and the time, and
//! answers with what a server would send ([`Out::Event`]: the game
//! created, a style-12 board after each move, the end) and what the
//! engine is to do ([`Out::Think`], [`Out::Stop`]). The app applies the
//! events as it does a server's, so the game has the same board, clocks,
//! premoves, sounds, screen-reader words and archive as a game online.
//!
//! Clocks: the side to move's runs from the second move on (each side's
//! first move is free, as on lichess: the user may look at the board
//! first); the increment comes after each move; a side whose time is
//! gone loses (drawn when the other has nothing to mate with).

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::variant::VariantPosition;
use shakmaty::{ByColor, Color, EnPassantMode, Move, Outcome, Position};

use super::board_line::{LineFacts, holdings, style12};
use super::terms::{ClockTerms, ComputerTerms, ComputerVariant, Side, Start};
use super::verdict;
use crate::engine::opponent::{Clocks, answer_delay};
use crate::game::Now;
use crate::protocol::command::{Command, MoveText};
use crate::protocol::event::Event;
use crate::protocol::message::{EndReason, GameEnd, GameHeader, GameResult, Message};

/// From this move on the human-like wait is whole (it grows to it).
const HUMAN_PACE_FULL_FROM_MOVE: f64 = 15.0;
/// An abort is granted until the user's first move.
const ABORT_BEFORE_USER_MOVES: usize = 1;

/// What the referee asks of the app.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// As if the server had sent it: applied to the store, heard by the
    /// parts.
    Event(Event),
    /// The engine's turn.
    Think(Think),
    /// The engine's search is no longer wanted (a takeback, the end).
    Stop,
}

/// The engine's turn: the position (its start and the moves, so it sees
/// repetitions) and the clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Think {
    /// Its answer is taken only with this id (a takeback makes an
    /// earlier search's answer stale).
    pub id: u64,
    /// `position startpos moves ...` or `position fen ... moves ...`.
    pub position: String,
    /// None: no clock.
    pub clocks: Option<Clocks>,
}

/// Who plays: the names and ratings as the header shows them.
#[derive(Debug, Clone)]
pub struct Players {
    pub user: String,
    pub engine: String,
    /// The engine's strength as a rating, `----` at full strength.
    pub engine_rating: String,
}

pub struct Referee {
    game: u32,
    names: ByColor<String>,
    user: Color,
    variant: ComputerVariant,
    clock: Option<ClockTerms>,
    human_delay: bool,
    /// The FEN the game started from (None: the variant's own start,
    /// `startpos` to the engine).
    start_fen: Option<String>,
    /// Every position of the game, the start first.
    positions: Vec<VariantPosition>,
    moves: Vec<Move>,
    /// Each side's time at the start of the current turn.
    remaining_ms: ByColor<i64>,
    turn_began: Now,
    over: bool,
    /// The search the engine's answer is taken from (0: none asked).
    search: u64,
    searches: u64,
    /// The engine's move, held back a human-like time until then.
    held: Option<(Move, Now)>,
    /// The engine's last word on the position, from its own side.
    engine_score_cp: Option<i32>,
    /// Varies the human-like wait (xorshift).
    seed: u64,
}

impl Referee {
    /// A new game numbered `game` under `terms`, begun at `now`: the
    /// referee and the server-like lines that open it (and the engine's
    /// first turn where it has White). `seed` draws the colours, a
    /// Fischer random start and the waits. An impossible position is
    /// refused in words.
    pub fn start(
        game: u32,
        terms: &ComputerTerms,
        players: &Players,
        now: Now,
        seed: u64,
    ) -> Result<(Referee, Vec<Out>), String> {
        let mut seed = seed | 1;
        let user = match terms.side {
            Side::White => Color::White,
            Side::Black => Color::Black,
            Side::Random => Color::from_white(next(&mut seed).is_multiple_of(2)),
        };
        let (variant, castling) = terms.variant.rules();
        let start_fen = match (&terms.start, terms.variant) {
            (Start::Fen(fen), _) => Some(fen.trim().to_owned()),
            (Start::Chess960(n), _) => Some(super::fischer_random::fen(*n)),
            (Start::Usual, ComputerVariant::FischerRandom) => Some(super::fischer_random::fen(
                (next(&mut seed) % u64::from(super::fischer_random::STARTS)) as u32,
            )),
            (Start::Usual, _) => None,
        };
        let position = match &start_fen {
            None => VariantPosition::new(variant),
            Some(text) => {
                let fen: Fen = text
                    .parse()
                    .map_err(|e| format!("That position cannot be read ({e})."))?;
                VariantPosition::from_setup(variant, fen.into_setup(), castling)
                    .map_err(|e| format!("That position cannot be played ({e})."))?
            }
        };
        if position.outcome() != Outcome::Unknown {
            return Err("That position is already over.".to_owned());
        }
        let names = ByColor {
            white: players.user.clone(),
            black: players.engine.clone(),
        };
        let names = if user == Color::White {
            names
        } else {
            ByColor {
                white: names.black,
                black: names.white,
            }
        };
        let base_ms = terms.clock.map_or(0, |c| i64::from(c.base_s) * 1000);
        let mut referee = Referee {
            game,
            names,
            user,
            variant: terms.variant,
            clock: terms.clock,
            human_delay: terms.human_delay,
            start_fen,
            positions: vec![position],
            moves: Vec::new(),
            remaining_ms: ByColor {
                white: base_ms,
                black: base_ms,
            },
            turn_began: now,
            over: false,
            search: 0,
            searches: 0,
            held: None,
            engine_score_cp: None,
            seed,
        };
        let mut outs = referee.created(players);
        outs.extend(referee.board(None));
        outs.extend(referee.engine_turn());
        Ok((referee, outs))
    }

    pub fn game(&self) -> u32 {
        self.game
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The side the user plays.
    pub fn user(&self) -> Color {
        self.user
    }

    pub fn variant(&self) -> ComputerVariant {
        self.variant
    }

    /// The user's command, as the server would take it: None where it is
    /// no command of a game (it goes to the server, if any).
    pub fn command(&mut self, now: Now, command: &Command) -> Option<Vec<Out>> {
        let outs = match command {
            Command::Move(mv) => self.user_move(now, *mv),
            Command::Resign => self.if_going(|r| {
                let (user, engine) = (r.user, !r.user);
                let text = format!("{} resigns", r.names[user]);
                r.end(EndReason::Resign, text, verdict::result_for(Some(engine)))
            }),
            Command::Abort => self.if_going(|r| {
                if r.user_moves() < ABORT_BEFORE_USER_MOVES {
                    let text = format!("Game aborted on move {}", r.moves.len() / 2 + 1);
                    r.end(EndReason::Abort, text, GameResult::NoResult)
                } else {
                    r.declined("abort")
                }
            }),
            Command::Draw => self.if_going(|r| {
                if r.engine_takes_draw() {
                    let text = "Game drawn by mutual agreement".to_owned();
                    r.end(EndReason::Agreement, text, GameResult::Draw)
                } else {
                    r.declined("draw")
                }
            }),
            Command::Takeback(_) => self.if_going(|r| r.take_back(now)),
            Command::Flag => {
                let mut outs = self.tick(now);
                if outs.is_empty() && !self.over {
                    outs.push(text("Your opponent is not out of time."));
                }
                outs
            }
            // The words typed in the console, where a server would read them.
            Command::Raw(words) => {
                let command = match words.trim().to_ascii_lowercase().as_str() {
                    "resign" => Command::Resign,
                    "abort" => Command::Abort,
                    "draw" => Command::Draw,
                    "flag" => Command::Flag,
                    "takeback" => Command::Takeback(1),
                    "adjourn" => {
                        return Some(self.if_going(|_| {
                            vec![text(
                                "A game against the computer cannot be adjourned: \
                                 play on, resign or abort.",
                            )]
                        }));
                    }
                    _ => return None,
                };
                return self.command(now, &command);
            }
            Command::Moretime(seconds) => self.if_going(|r| {
                let engine = !r.user;
                r.remaining_ms[engine] += i64::from(*seconds) * 1000;
                r.board(None)
            }),
            _ => return None,
        };
        Some(outs)
    }

    /// The engine's answer to search `id`, at `now`: played (or held a
    /// human-like time); a move it may not play ends the game unfinished.
    pub fn engine_moved(&mut self, now: Now, id: u64, uci: &str) -> Vec<Out> {
        if self.over || id != self.search || self.turn() == self.user {
            return Vec::new();
        }
        self.search = 0;
        let position = self.position().clone();
        let mv = UciMove::from_ascii(uci.as_bytes())
            .ok()
            .and_then(|m| m.to_move(&position).ok());
        let Some(mv) = mv else {
            let text = format!(
                "{} played a move it may not play ({uci}): the game stops here",
                self.names[!self.user]
            );
            return self.end(EndReason::Other, text, GameResult::NoResult);
        };
        let delay = match self.clock {
            Some(clock) => {
                let thought = now.saturating_sub(self.turn_began);
                let left = self.remaining_ms[!self.user].max(0) as u64;
                let jitter = (next(&mut self.seed) % 1000) as f64 / 1000.0;
                let wait = answer_delay(
                    std::time::Duration::from_secs(u64::from(clock.base_s)),
                    std::time::Duration::from_millis(left).saturating_sub(thought),
                    thought,
                    self.human_delay,
                    jitter,
                );
                // A person plays the opening quickly: the wait grows to
                // its whole by move 15 (13 s on move 1 of a 10 0 game
                // looked like a hang).
                let move_number = self.position().fullmoves().get().saturating_sub(1);
                wait.mul_f64((f64::from(move_number) / HUMAN_PACE_FULL_FROM_MOVE).min(1.0))
            }
            None => std::time::Duration::ZERO,
        };
        if delay.is_zero() {
            return self.play(now, mv);
        }
        self.held = Some((mv, now + delay));
        Vec::new()
    }

    /// The engine's last evaluation from its own side (centipawns), for
    /// a draw offer.
    pub fn engine_scored(&mut self, score_cp: i32) {
        self.engine_score_cp = Some(score_cp);
    }

    /// The engine failed (gone, hung, missing): the game ends unfinished.
    pub fn engine_failed(&mut self, why: &str) -> Vec<Out> {
        self.if_going(|r| {
            let text = format!("the computer stopped playing ({why})");
            r.end(EndReason::Other, text, GameResult::NoResult)
        })
    }

    /// The game is cut off (the window closes): it ends unfinished, so
    /// marked, to be archived.
    pub fn cut_off(&mut self, why: &str) -> Vec<Out> {
        if self.over {
            return Vec::new();
        }
        self.end(EndReason::Other, why.to_owned(), GameResult::NoResult)
    }

    /// Time passed: a flag falls, a held move is played.
    pub fn tick(&mut self, now: Now) -> Vec<Out> {
        if self.over {
            return Vec::new();
        }
        let turn = self.turn();
        if self.ticking() && self.left_ms(turn, now) <= 0 {
            return self.flag(turn);
        }
        match self.held {
            Some((mv, due)) if due <= now => {
                self.held = None;
                self.play(now, mv)
            }
            _ => Vec::new(),
        }
    }

    /// When [`Self::tick`] next has something to do.
    pub fn next_due(&self) -> Option<Now> {
        if self.over {
            return None;
        }
        let flag = self
            .ticking()
            .then(|| self.turn_began + ms(self.remaining_ms[self.turn()]));
        [flag, self.held.map(|(_, due)| due)]
            .into_iter()
            .flatten()
            .min()
    }

    fn position(&self) -> &VariantPosition {
        self.positions.last().expect("the start is always there")
    }

    fn turn(&self) -> Color {
        self.position().turn()
    }

    /// The clock of the side to move runs: a timed game, each side's
    /// first move made.
    fn ticking(&self) -> bool {
        self.clock.is_some() && self.moves.len() >= 2 && !self.over
    }

    fn left_ms(&self, color: Color, now: Now) -> i64 {
        let mut left = self.remaining_ms[color];
        if self.ticking() && color == self.turn() {
            left -= now.saturating_sub(self.turn_began).as_millis() as i64;
        }
        left
    }

    fn user_moves(&self) -> usize {
        let first_is_users = self.positions[0].turn() == self.user;
        let n = self.moves.len();
        if first_is_users { n.div_ceil(2) } else { n / 2 }
    }

    fn if_going(&mut self, then: impl FnOnce(&mut Referee) -> Vec<Out>) -> Vec<Out> {
        if self.over {
            return vec![text("You are not playing a game.")];
        }
        then(self)
    }

    fn user_move(&mut self, now: Now, mv: MoveText) -> Vec<Out> {
        if self.over {
            return vec![text("You are not playing a game.")];
        }
        if self.turn() != self.user {
            return vec![Out::Event(Event::Message(Message::NotYourMove))];
        }
        // A flag that fell before the move counts first.
        let flagged = self.tick(now);
        if !flagged.is_empty() {
            return flagged;
        }
        match super::move_words::find(self.position(), mv.kind()) {
            Some(legal) => self.play(now, legal),
            None => vec![Out::Event(Event::Message(Message::IllegalMove {
                attempted: Some(mv.to_string()),
            }))],
        }
    }

    /// Plays `mv` for the side to move at `now`: its clock, the board
    /// line, the end if it ends the game, else the engine's turn.
    fn play(&mut self, now: Now, mv: Move) -> Vec<Out> {
        let mover = self.turn();
        let took_ms = if self.ticking() {
            now.saturating_sub(self.turn_began).as_millis() as u64
        } else {
            0
        };
        if let Some(clock) = self.clock {
            self.remaining_ms[mover] +=
                i64::from(clock.increment_s) * 1000 - i64::try_from(took_ms).unwrap_or(i64::MAX);
        }
        let mut after = self.position().clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut after, mv).to_string();
        self.positions.push(after);
        self.moves.push(mv);
        self.turn_began = now;
        let mut outs = self.board(Some((mv, san, took_ms)));
        if let Some(end) = self.ended_by_rules() {
            outs.extend(end);
            return outs;
        }
        outs.extend(self.engine_turn());
        outs
    }

    /// The engine's turn, if it is.
    fn engine_turn(&mut self) -> Vec<Out> {
        if self.over || self.turn() == self.user {
            return Vec::new();
        }
        self.searches += 1;
        self.search = self.searches;
        // Each side's first move is free (its clock does not run): the
        // engine's is a short look, not a share of its time.
        let free = self.moves.len() < 2;
        let clocks = self.clock.filter(|_| !free).map(|clock| Clocks {
            white_ms: self.remaining_ms.white.max(0) as u64,
            black_ms: self.remaining_ms.black.max(0) as u64,
            increment_ms: u64::from(clock.increment_s) * 1000,
            engine_white: self.user == Color::Black,
        });
        vec![Out::Think(Think {
            id: self.search,
            position: self.position_line(),
            clocks,
        })]
    }

    /// The position as the engine is told it.
    fn position_line(&self) -> String {
        let (_, castling) = self.variant.rules();
        let mut line = match &self.start_fen {
            None => "position startpos".to_owned(),
            Some(_) => {
                let fen = Fen::from_position(&self.positions[0], EnPassantMode::Legal);
                format!("position fen {fen}")
            }
        };
        if !self.moves.is_empty() {
            line.push_str(" moves");
            for mv in &self.moves {
                line.push(' ');
                line.push_str(&UciMove::from_move(*mv, castling).to_string());
            }
        }
        line
    }

    /// The game ends by the rules of its variant (see
    /// [`verdict::by_rules`]).
    fn ended_by_rules(&mut self) -> Option<Vec<Out>> {
        let (reason, text, result) = verdict::by_rules(&self.positions, &self.names, self.variant)?;
        Some(self.end(reason, text, result))
    }

    fn flag(&mut self, loser: Color) -> Vec<Out> {
        // Shown as 0:00, not the "-0.0" of the moment it was seen.
        self.remaining_ms[loser] = 0;
        let winner = !loser;
        let mut outs = self.board(None);
        let (text, result) = if self.position().has_insufficient_material(winner) {
            let text = format!(
                "{} ran out of time and {} has no material to mate",
                self.names[loser], self.names[winner]
            );
            (text, GameResult::Draw)
        } else {
            let text = format!("{} forfeits on time", self.names[loser]);
            (text, verdict::result_for(Some(winner)))
        };
        outs.extend(self.end(EndReason::TimeForfeit, text, result));
        outs
    }

    /// Takes back the user's last move (and the engine's answer to it):
    /// the engine's search stops, the clocks stay as they are.
    fn take_back(&mut self, now: Now) -> Vec<Out> {
        let plies = if self.turn() == self.user { 2 } else { 1 };
        if self.user_moves() == 0 || self.moves.len() < plies {
            return vec![text("There is no move of yours to take back.")];
        }
        // The time thought until now is spent (a takeback gives none back).
        let turn = self.turn();
        self.remaining_ms[turn] = self.left_ms(turn, now);
        for _ in 0..plies {
            self.moves.pop();
            self.positions.pop();
        }
        self.held = None;
        let mut outs = Vec::new();
        if self.search != 0 {
            self.search = 0;
            outs.push(Out::Stop);
        }
        // The clocks stay: the time spent on the turns taken back is spent.
        self.turn_began = now;
        outs.push(text(&format!(
            "{} accepts the takeback request.",
            self.names[!self.user]
        )));
        let last = self.last_move_facts();
        outs.extend(self.board(last));
        outs
    }

    /// The last move's facts for the board line after a takeback.
    fn last_move_facts(&self) -> Option<(Move, String, u64)> {
        let mv = *self.moves.last()?;
        let before = self.positions.get(self.positions.len().checked_sub(2)?)?;
        let san = SanPlus::from_move(before.clone(), mv).to_string();
        Some((mv, san, 0))
    }

    fn engine_takes_draw(&self) -> bool {
        verdict::takes_draw(self.position(), self.engine_score_cp, self.moves.len())
    }

    /// The engine says no, in the server's words and as its event.
    fn declined(&self, what: &str) -> Vec<Out> {
        let by = self.names[!self.user].clone();
        let words = format!("{by} declines the {what} request.");
        vec![
            text(&words),
            Out::Event(Event::Message(Message::OfferDeclined {
                by,
                what: what.to_owned(),
            })),
            // On the board too, until the next move.
            Out::Event(Event::Message(Message::GameNote {
                game: self.game,
                text: words,
            })),
        ]
    }

    /// The lines a server sends when a game is created.
    fn created(&self, players: &Players) -> Vec<Out> {
        let kind = self.variant.kind(self.clock);
        let (base_min, inc_s) = self.clock_fields();
        let rating = |color: Color| {
            if color == self.user {
                "----".to_owned()
            } else {
                players.engine_rating.clone()
            }
        };
        let header = GameHeader {
            white: self.names.white.clone(),
            white_rating: rating(Color::White),
            black: self.names.black.clone(),
            black_rating: rating(Color::Black),
            rated: false,
            kind: kind.clone(),
            initial_time_min: Some(base_min),
            increment_s: Some(inc_s),
        };
        let creating = format!(
            "Creating: {} ({}) {} ({}) unrated {kind} {base_min} {inc_s}",
            header.white, header.white_rating, header.black, header.black_rating
        );
        let description = format!("Creating unrated {kind} match.");
        vec![
            text(&creating),
            Out::Event(Event::Message(Message::Creating(header))),
            text(&format!(
                "{{Game {} ({} vs. {}) {description}}}",
                self.game, self.names.white, self.names.black
            )),
            Out::Event(Event::Message(Message::GameCreated {
                game: self.game,
                white: self.names.white.clone(),
                black: self.names.black.clone(),
                continuing: false,
                description,
            })),
        ]
    }

    /// Style 12's initial time (whole minutes: the terms' base is) and
    /// increment.
    fn clock_fields(&self) -> (u32, u32) {
        self.clock
            .map_or((0, 0), |c| (c.base_s / 60, c.increment_s))
    }

    /// The board line of the position now (and the holdings).
    fn board(&self, last: Option<(Move, String, u64)>) -> Vec<Out> {
        let (initial_time_min, increment_s) = self.clock_fields();
        let facts = LineFacts {
            game: self.game,
            names: &self.names,
            user: self.user,
            initial_time_min,
            increment_s,
            remaining_ms: self.remaining_ms,
            ticking: self.ticking(),
            last,
        };
        let mut outs = vec![Out::Event(Event::Board(Box::new(style12(
            self.position(),
            &facts,
        ))))];
        if let Some(holdings) = holdings(self.position(), self.game) {
            outs.push(Out::Event(Event::Holdings(holdings)));
        }
        outs
    }

    fn end(&mut self, reason: EndReason, reason_text: String, result: GameResult) -> Vec<Out> {
        self.over = true;
        self.held = None;
        let mut outs = Vec::new();
        if self.search != 0 {
            self.search = 0;
            outs.push(Out::Stop);
        }
        outs.push(text(&format!(
            "{{Game {} ({} vs. {}) {reason_text}}} {}",
            self.game,
            self.names.white,
            self.names.black,
            result.as_str()
        )));
        outs.push(Out::Event(Event::Message(Message::GameEnd(GameEnd {
            game: self.game,
            white: self.names.white.clone(),
            black: self.names.black.clone(),
            reason_text,
            reason,
            result,
        }))));
        outs
    }
}

fn text(words: &str) -> Out {
    Out::Event(Event::Text(words.to_owned()))
}

fn ms(ms: i64) -> std::time::Duration {
    std::time::Duration::from_millis(ms.max(0) as u64)
}

/// xorshift64: enough to vary a wait and draw a colour.
fn next(seed: &mut u64) -> u64 {
    let mut x = *seed;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *seed = x;
    x
}

#[cfg(test)]
mod tests;
