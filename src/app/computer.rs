//! Games against the computer, as a part of the app: the referee's
//! server-like lines go to the store as a server's do (so the game has
//! the same board, clocks and archive), the user's game commands go to
//! the referee instead of a server, the engine plays on a thread and a
//! process of its own.

use std::sync::Arc;

use crate::computer::referee::{Out, Players, Referee};
use crate::computer::terms::ComputerTerms;
use crate::engine::opponent_process::{OpponentConfig, OpponentHandle};
use crate::engine::opponent_session::OpponentEvent;
use crate::engine::process::EngineWaker;
use crate::game::Now;
use crate::protocol::command::Command;

use super::part::{Cx, Part};
use super::want::Want;

/// The first number a game against the computer gets: far above a
/// server's (FICS numbers its games from 1 up to a few hundred), so both
/// live side by side in the store.
pub const FIRST_GAME: u32 = 9001;

/// How often a starting engine is looked at (besides its wake-up).
const STARTING_LOOK: std::time::Duration = std::time::Duration::from_millis(100);

/// Why a game against the computer going on when the window closed ended.
pub const CLOSED_DURING_GAME: &str = "Kibitz was closed during the game";

/// The Site (and Event) of an archived game against the computer.
pub const SITE: &str = "Kibitz";

#[derive(Default)]
pub struct Computer {
    /// The engine of the game asked for, starting: the game begins when
    /// it is ready (named as it names itself), or is said not to.
    starting: Option<Starting>,
    game: Option<Playing>,
    /// The next game's number.
    next: u32,
    /// The numbers of the games played against the computer this run.
    played: Vec<u32>,
}

struct Starting {
    terms: ComputerTerms,
    user: String,
    engine: OpponentHandle,
}

/// A game going on (or just over: its engine is gone).
struct Playing {
    referee: Referee,
    engine: Option<OpponentHandle>,
    /// The terms, for the next game with colours swapped.
    terms: ComputerTerms,
}

/// Who plays and with what: what the app knows besides the terms.
pub struct Opponent {
    /// The user's name on the board (the handle of the server last used).
    pub user: String,
    /// The engine's program: Stockfish for chess and Fischer random, the
    /// variant engine for the rest.
    pub command: String,
    /// Wakes the window when the engine has moved (None in tests that
    /// draw no frames).
    pub window: Option<egui::Context>,
}

impl Computer {
    /// A new game under `terms`, for the user of `cx`: named as on the
    /// server (the one last used, before any login), else as on this
    /// computer; the engine the settings name for the variant.
    pub fn play(&mut self, cx: &Cx<'_>, terms: &ComputerTerms) -> Result<(), String> {
        // One game of the user's at a time: the board's commands (a move,
        // resign) name no game, as on a server.
        if cx.store.own_live_game().is_some_and(|g| !g.is_computer()) {
            return Err("Finish your game on the server first".to_owned());
        }
        let user = (cx.store.me().map(str::to_owned))
            .or_else(|| {
                let handle = cx.settings.current_server()?.handle.trim();
                (!handle.is_empty()).then(|| handle.to_owned())
            })
            .or_else(os_user)
            .unwrap_or_else(|| "Player".to_owned());
        let analysis = &cx.settings.analysis;
        let command = if terms.variant.engine_variant().needs_variant_engine() {
            analysis.variant_engine.clone()
        } else {
            analysis.engine.clone()
        };
        let opponent = Opponent {
            user,
            command,
            window: cx.window.cloned(),
        };
        self.start(cx.now, terms, opponent)
    }

    /// A new game under `terms`: its engine starts, and the game with
    /// it (see [`Part::on_tick`]). Refused in words where a game against
    /// the computer is going on or the position cannot be played.
    pub fn start(
        &mut self,
        now: Now,
        terms: &ComputerTerms,
        opponent: Opponent,
    ) -> Result<(), String> {
        if self.game.as_ref().is_some_and(|g| !g.referee.is_over()) || self.starting.is_some() {
            return Err(
                "A game against the computer is going on: finish it (or resign) first".to_owned(),
            );
        }
        // The terms tried before the engine starts: a position that
        // cannot be played is said at once.
        let players = players(&opponent.user, &opponent.command, terms);
        Referee::start(FIRST_GAME, terms, &players, now, 1)?;
        let window = opponent.window;
        let wake: EngineWaker = Arc::new(move |_within| {
            if let Some(ctx) = &window {
                ctx.request_repaint();
            }
        });
        let engine = OpponentHandle::spawn(
            OpponentConfig {
                command: opponent.command,
                rating: terms.strength,
                variant: terms.variant.engine_variant(),
            },
            wake,
        );
        self.starting = Some(Starting {
            terms: terms.clone(),
            user: opponent.user,
            engine,
        });
        Ok(())
    }

    /// The engine is ready: the game begins.
    fn begin(&mut self, now: Now, starting: Starting, engine_name: &str) -> Vec<Want> {
        let number = FIRST_GAME + self.next;
        let players = players(&starting.user, engine_name, &starting.terms);
        let seed = now.as_nanos() as u64 ^ u64::from(number).rotate_left(32) ^ 0x9E37_79B9;
        match Referee::start(number, &starting.terms, &players, now, seed) {
            Ok((referee, outs)) => {
                self.next += 1;
                self.played.push(number);
                let mut playing = Playing {
                    referee,
                    engine: Some(starting.engine),
                    terms: starting.terms,
                };
                let mut wants = playing.carry_out(outs);
                wants.push(Want::Change(crate::game::Change::AgainstComputer(number)));
                self.game = Some(playing);
                wants
            }
            Err(why) => vec![Want::Note(why.clone()), Want::Say(why)],
        }
    }

    /// The user's command, where it is the computer's business: a
    /// rematch of the last game against it, a command of the game going
    /// on, a command refused meanwhile (see [`Self::refuses`]). None: the
    /// server's.
    pub fn intercept(&mut self, cx: &Cx<'_>, command: &Command) -> Option<Vec<Want>> {
        if *command == Command::Rematch
            && let Some(terms) = self.rematch_terms()
            && self.last_ended_is_ours(cx.store)
        {
            return Some(vec![Want::PlayComputer(Box::new(terms))]);
        }
        if let Some(wants) = self.take(cx.now, command) {
            return Some(wants);
        }
        let why = self.refuses(command)?;
        Some(vec![Want::Note(why.clone()), Want::Say(why)])
    }

    /// The game a rematch would repeat (the user's that ended last) is
    /// one against the computer, not a server's that ended later.
    fn last_ended_is_ours(&self, store: &crate::game::GameStore) -> bool {
        let last = (store.games())
            .filter(|g| g.relation.is_playing() && g.is_over())
            .max_by_key(|g| (g.ended, g.began));
        last.is_some_and(|g| self.is_computer_game(g.number))
    }

    /// The user's command, where it is one for the game against the
    /// computer going on (a move, resign, draw, takeback ...): what it
    /// leads to. None: it is the server's.
    fn take(&mut self, now: Now, command: &Command) -> Option<Vec<Want>> {
        let playing = self.game.as_mut().filter(|g| !g.referee.is_over())?;
        let outs = playing.referee.command(now, command)?;
        Some(playing.carry_out(outs))
    }

    /// A game against the computer is going on (or starting).
    pub fn is_live(&self) -> bool {
        self.starting.is_some() || self.game.as_ref().is_some_and(|g| !g.referee.is_over())
    }

    /// Why `command` is not sent while a game against the computer goes
    /// on: it would start a game on the server (a seek, a challenge, an
    /// answer to one), and the board's commands name no game.
    fn refuses(&self, command: &Command) -> Option<String> {
        let starts_a_game = matches!(
            command,
            Command::Seek(_)
                | Command::Play(_)
                | Command::Match(_)
                | Command::Accept(_)
                | Command::Resume(_)
        );
        (starts_a_game && self.is_live())
            .then(|| "Finish your game against the computer first (or resign it)".to_owned())
    }

    /// The window closes: the game going on ends unfinished (archived as
    /// such: nothing of it is lost), its engine quits.
    pub fn cut_off(&mut self) -> Vec<Want> {
        self.starting = None;
        let Some(playing) = self.game.as_mut() else {
            return Vec::new();
        };
        let outs = playing.referee.cut_off(CLOSED_DURING_GAME);
        playing.carry_out(outs)
    }

    /// Whether `game` is (or was) played against the computer here.
    pub fn is_computer_game(&self, game: u32) -> bool {
        self.played.contains(&game)
    }

    /// The terms of the last game, its colours swapped (a rematch).
    fn rematch_terms(&self) -> Option<ComputerTerms> {
        let playing = self.game.as_ref().filter(|g| g.referee.is_over())?;
        let mut terms = playing.terms.clone();
        terms.side = match playing.referee.user() {
            shakmaty::Color::White => crate::computer::terms::Side::Black,
            shakmaty::Color::Black => crate::computer::terms::Side::White,
        };
        Some(terms)
    }
}

impl Playing {
    /// The referee's outs: events into the store (through the app, as a
    /// server's), turns and stops to the engine. The engine leaves with
    /// the game's end.
    fn carry_out(&mut self, outs: Vec<Out>) -> Vec<Want> {
        let mut wants = Vec::new();
        for out in outs {
            match out {
                Out::Event(event) => wants.push(Want::Apply(Box::new(event))),
                Out::Think(think) => {
                    if let Some(engine) = &self.engine {
                        engine.think(think.id, think.position, think.clocks);
                    }
                }
                Out::Stop => {
                    if let Some(engine) = &self.engine {
                        engine.stop();
                    }
                }
            }
        }
        if self.referee.is_over() {
            // Dropped: the engine quits.
            self.engine = None;
        }
        wants
    }
}

impl Part for Computer {
    /// The engine's moves and the clocks.
    fn on_tick(&mut self, cx: &Cx<'_>) -> Vec<Want> {
        if let Some(starting) = self.starting.take() {
            match starting.engine.try_event() {
                Some(OpponentEvent::Ready { name }) => {
                    // The last games' boards leave (archived as they
                    // ended): the new one takes their room.
                    let finished = (self.played.iter())
                        .filter(|n| cx.store.get(**n).is_some_and(crate::game::Game::is_over))
                        .map(|n| Want::CloseGame(*n));
                    let mut wants: Vec<Want> = finished.collect();
                    wants.extend(self.begin(cx.now, starting, &name));
                    return wants;
                }
                Some(OpponentEvent::Failed(why)) => {
                    let words = format!("The computer cannot play: {why}");
                    return vec![Want::Note(words.clone()), Want::Say(words)];
                }
                Some(OpponentEvent::Moved { .. }) | None => self.starting = Some(starting),
            }
        }
        let Some(playing) = self.game.as_mut() else {
            return Vec::new();
        };
        let mut outs = Vec::new();
        while let Some(event) = playing.engine.as_ref().and_then(OpponentHandle::try_event) {
            match event {
                OpponentEvent::Ready { name } => tracing::info!("the computer is {name}"),
                OpponentEvent::Moved { id, uci, score_cp } => {
                    if let Some(cp) = score_cp {
                        playing.referee.engine_scored(cp);
                    }
                    outs.extend(playing.referee.engine_moved(cx.now, id, &uci));
                }
                OpponentEvent::Failed(why) => {
                    outs.extend(playing.referee.engine_failed(&why));
                }
            }
        }
        outs.extend(playing.referee.tick(cx.now));
        playing.carry_out(outs)
    }

    /// A flag to fall, a held move to play; the engine's first answer
    /// looked for while it starts (it wakes the window too).
    fn next_frame(&self, cx: &Cx<'_>) -> Option<Now> {
        if self.starting.is_some() {
            return Some(cx.now + STARTING_LOOK);
        }
        self.game.as_ref()?.referee.next_due()
    }
}

/// Who plays: the engine at its strength.
fn players(user: &str, engine: &str, terms: &ComputerTerms) -> Players {
    Players {
        user: user.to_owned(),
        engine: engine.to_owned(),
        engine_rating: terms
            .strength
            .map_or_else(|| "----".to_owned(), |r| r.to_string()),
    }
}

/// The user's account name on this computer (a game played before any
/// login names the user so: "X resigns" reads).
fn os_user() -> Option<String> {
    let name = std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok()?;
    let name: String = (name.trim().chars())
        .filter(|c| c.is_alphanumeric())
        .take(17)
        .collect();
    (!name.is_empty()).then_some(name)
}
