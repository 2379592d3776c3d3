//! `kibitz watch` and `kibitz replay`: the whole pipeline without a window.
//! Events stream out as NDJSON (the `decode` schema, plus `status` lines);
//! on exit one `summary` object describes the store.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use serde_json::{Value, json};
use shakmaty::Color;

use super::json::event_json;
use crate::archive;
use crate::game::{Effect, Game, GameStore, Now};
use crate::net::{self, NetConfig, NetEvent, NetHandle, Status};
use crate::protocol::command::{Command, ObserveTarget, Secret};
use crate::protocol::event::Event;
use crate::protocol::session::SessionConfig;
use crate::protocol::timeseal::TimesealVersion;

/// Which games to observe once logged in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Observe {
    Games(Vec<u32>),
    /// Every game `games` lists.
    All,
}

impl Observe {
    /// `N,M,...` or `all`.
    pub fn parse(text: &str) -> Result<Observe, String> {
        if text.eq_ignore_ascii_case("all") {
            return Ok(Observe::All);
        }
        text.split(',')
            .map(|n| {
                n.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("`{n}` is not a game number"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Observe::Games)
    }
}

#[derive(Debug, Clone)]
pub struct WatchOptions {
    pub server: String,
    pub user: String,
    pub password: Option<Secret>,
    pub observe: Option<Observe>,
    pub duration: Option<Duration>,
    pub record: Option<std::path::PathBuf>,
    pub timeseal: bool,
    /// Append finished games to the PGN archive.
    pub archive: bool,
}

/// Runs `kibitz watch`.
pub fn watch(options: WatchOptions, out: &mut impl Write) -> anyhow::Result<()> {
    let mut session = SessionConfig::new(&options.user, options.password.clone());
    if options.timeseal {
        session.timeseal = Some(TimesealVersion::V2);
    }
    let mut config = NetConfig::new(&options.server, session);
    config.record = options.record.clone();
    let handle =
        net::task::spawn(config, Arc::new(|_| {})).context("cannot start the network thread")?;
    let driver = Driver {
        server: options.server.clone(),
        observe: options.observe.clone(),
        archive: options.archive,
    };
    driver.run(handle, options.duration, out)
}

/// Runs `kibitz replay`: a recording played through the same pipeline.
pub fn replay(file: &Path, speed: f64, out: &mut impl Write) -> anyhow::Result<()> {
    let chunks = crate::recording::load(file)?;
    let handle = net::replay::spawn(chunks, speed, Arc::new(|_| {}))
        .context("cannot start the replay thread")?;
    let driver = Driver {
        server: "replay".into(),
        observe: None,
        archive: false,
    };
    driver.run(handle, None, out)
}

/// How long to wait for the server's goodbye after logging out.
const GOODBYE: Duration = Duration::from_secs(3);

#[allow(clippy::large_enum_variant)] // lives for one loop turn
enum Next {
    Event(NetEvent),
    DurationOver,
    Done,
}

struct Driver {
    server: String,
    observe: Option<Observe>,
    archive: bool,
}

impl Driver {
    fn run(
        self,
        mut handle: NetHandle,
        duration: Option<Duration>,
        out: &mut impl Write,
    ) -> anyhow::Result<()> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()?;
        let mut store = GameStore::new();
        let mut listed: Vec<u32> = Vec::new();
        let mut asked_for_games = false;
        let deadline = duration.map(|d| tokio::time::Instant::now() + d);
        let mut logging_out = false;
        loop {
            let next = runtime.block_on(async {
                if logging_out {
                    // Allow the server a moment to say goodbye, no more.
                    let event = tokio::time::timeout(GOODBYE, handle.recv()).await;
                    return event.ok().flatten().map_or(Next::Done, Next::Event);
                }
                let Some(at) = deadline else {
                    return handle.recv().await.map_or(Next::Done, Next::Event);
                };
                tokio::select! {
                    event = handle.recv() => event.map_or(Next::Done, Next::Event),
                    () = tokio::time::sleep_until(at) => Next::DurationOver,
                }
            });
            let event = match next {
                Next::Event(event) => event,
                Next::Done => break,
                Next::DurationOver => {
                    logging_out = true;
                    handle.logout();
                    continue;
                }
            };
            match event {
                NetEvent::Status(status) => {
                    writeln!(out, "{}", status_json(&status))?;
                    match status {
                        // Live games wait, clocks stopped, for the reconnect.
                        Status::RetryingIn { .. } => {
                            let now = handle.now();
                            store.change(crate::game::Change::ConnectionLost { now });
                        }
                        Status::Stopped { .. } => break,
                        _ => {}
                    }
                }
                NetEvent::Protocol { at, event } => {
                    writeln!(out, "{}", event_json(&event))?;
                    self.observe_requests(&handle, &event, &mut listed, &mut asked_for_games);
                    for effect in store.apply(at, &event) {
                        match effect {
                            Effect::Send(command) => {
                                handle.send(command);
                            }
                            Effect::Ended(number) => {
                                if let Some(game) = store.get(number) {
                                    self.archive_game(game, out)?;
                                }
                            }
                            Effect::Retired(game) => self.archive_game(&game, out)?,
                            // Every event is printed already.
                            Effect::Started(_)
                            | Effect::Moved { .. }
                            | Effect::Marked { .. }
                            | Effect::Fresh(_)
                            | Effect::Closed(_) => {}
                        }
                    }
                }
            }
        }
        writeln!(out, "{}", summary_json(&store, handle.now()))?;
        out.flush()?;
        Ok(())
    }

    /// `--observe`: the listed games once logged in, or every game `games` lists.
    fn observe_requests(
        &self,
        handle: &NetHandle,
        event: &Event,
        listed: &mut Vec<u32>,
        asked_for_games: &mut bool,
    ) {
        let Some(observe) = &self.observe else {
            return;
        };
        match (observe, event) {
            (Observe::Games(games), Event::LoggedIn { .. }) => {
                // After the set-up: their boards need style 12.
                for &game in games {
                    handle.send_after_setup(Command::Observe(ObserveTarget::Game(game)));
                }
            }
            (Observe::All, Event::LoggedIn { .. }) => {
                *asked_for_games = true;
                handle.send_after_setup(Command::Games);
            }
            (Observe::All, Event::GamesEntry(entry)) if *asked_for_games => {
                listed.push(entry.game);
            }
            (Observe::All, Event::GamesEnd(_)) if *asked_for_games => {
                *asked_for_games = false;
                for game in listed.drain(..) {
                    handle.send(Command::Observe(ObserveTarget::Game(game)));
                }
            }
            _ => {}
        }
    }

    fn archive_game(&self, game: &Game, out: &mut impl Write) -> anyhow::Result<()> {
        if !(self.archive && archive::worth_archiving(game)) {
            return Ok(());
        }
        let number = game.number;
        let Some(dir) = archive::data_dir() else {
            return Ok(());
        };
        match archive::append(&dir, game, &self.server, archive::UtcTime::now()) {
            Ok(path) => writeln!(
                out,
                "{}",
                json!({"type": "archived", "game": number, "path": path})
            )?,
            Err(e) => writeln!(
                out,
                "{}",
                json!({"type": "archive_error", "game": number, "error": format!("{e:#}")})
            )?,
        }
        Ok(())
    }
}

pub fn status_json(status: &Status) -> Value {
    match status {
        Status::Connecting { attempt } => {
            json!({"type": "status", "status": "connecting", "attempt": attempt})
        }
        Status::Connected => json!({"type": "status", "status": "connected"}),
        Status::LoggedIn { handle } => {
            json!({"type": "status", "status": "logged_in", "handle": handle})
        }
        Status::RetryingIn { delay, reason } => json!({
            "type": "status", "status": "retrying", "delay_ms": delay.as_millis() as u64, "reason": reason
        }),
        Status::Stopped { reason } => {
            json!({"type": "status", "status": "stopped", "reason": reason})
        }
    }
}

/// One game of the summary: the store's view, clocks as the server last
/// reported them and as extrapolated to `now`.
pub fn game_json(game: &Game, now: Now) -> Value {
    let board = game.board.as_deref();
    let last = |color: Color| board.map(|b| b.remaining_ms[color]);
    json!({
        "game": game.number,
        "white": game.players.white.handle,
        "black": game.players.black.handle,
        "relation": board.map(|b| b.relation.code()),
        "fen": board.map(|b| b.fen()),
        "moves": game.san_moves(),
        "history_complete": !game.incomplete,
        "white_ms": last(Color::White),
        "black_ms": last(Color::Black),
        "white_ms_now": game.remaining_ms(Color::White, now),
        "black_ms_now": game.remaining_ms(Color::Black, now),
        "running": game.clock.running().map(|c| if c.is_white() { "white" } else { "black" }),
        "result": game.outcome.as_ref().map(|o| o.result.as_str()),
        "reason": game.outcome.as_ref().map(|o| o.reason),
        "reason_text": game.outcome.as_ref().map(|o| o.text.clone()),
    })
}

pub fn summary_json(store: &GameStore, now: Now) -> Value {
    let games: Vec<Value> = store.games().map(|g| game_json(g, now)).collect();
    json!({"type": "summary", "games": games})
}
