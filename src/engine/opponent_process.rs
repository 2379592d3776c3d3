//! The engine that plays a game, in its own process, driven from a thread
//! of its own (`kibitz-opponent`): the window hands it turns and takes
//! its moves without ever waiting. One process per game; it quits when
//! the handle is dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use super::opponent::Clocks;
use super::opponent_session::{OpponentEvent, OpponentSession};
use super::process::{ANSWER_TIMEOUT, EngineWaker, locate, missing};
use super::variant::EngineVariant;

/// Longer engine lines are cut (a broken engine must not fill the memory).
const MAX_LINE: usize = 16 * 1024;

enum Input {
    Line(String),
    /// The engine's output ended: it is gone.
    Closed,
    Think {
        id: u64,
        position: String,
        clocks: Option<Clocks>,
    },
    Stop,
    /// The handle was dropped: the engine quits.
    Quit,
}

/// The window's end.
pub struct OpponentHandle {
    inputs: Sender<Input>,
    events: Receiver<OpponentEvent>,
}

/// Which engine, and how it is to play.
#[derive(Debug, Clone)]
pub struct OpponentConfig {
    /// A program name (looked up as for analysis) or a path.
    pub command: String,
    pub rating: Option<u32>,
    pub variant: EngineVariant,
}

impl OpponentHandle {
    /// Starts the engine on a thread of its own; `wake` is called when
    /// it has news. A missing engine is a [`OpponentEvent::Failed`] with
    /// how to get one.
    pub fn spawn(config: OpponentConfig, wake: EngineWaker) -> OpponentHandle {
        let (inputs, input_rx) = std::sync::mpsc::channel();
        let (event_tx, events) = std::sync::mpsc::channel();
        let to_reader = inputs.clone();
        let spawned = std::thread::Builder::new()
            .name("kibitz-opponent".into())
            .spawn(move || drive(config, input_rx, to_reader, event_tx, wake));
        if let Err(e) = spawned {
            tracing::warn!("cannot start the opponent's thread: {e}");
        }
        OpponentHandle { inputs, events }
    }

    /// The engine's turn.
    pub fn think(&self, id: u64, position: String, clocks: Option<Clocks>) {
        let _ = self.inputs.send(Input::Think {
            id,
            position,
            clocks,
        });
    }

    /// Its search is no longer wanted.
    pub fn stop(&self) {
        let _ = self.inputs.send(Input::Stop);
    }

    pub fn try_event(&self) -> Option<OpponentEvent> {
        self.events.try_recv().ok()
    }
}

impl Drop for OpponentHandle {
    fn drop(&mut self) {
        let _ = self.inputs.send(Input::Quit);
    }
}

/// The thread: start the engine, then pass lines and turns through the
/// session until the handle is dropped (the engine is told to quit).
fn drive(
    config: OpponentConfig,
    inputs: Receiver<Input>,
    to_self: Sender<Input>,
    events: Sender<OpponentEvent>,
    wake: EngineWaker,
) {
    let fallback = config.command.clone();
    let mut session = OpponentSession::new(config.rating, config.variant, &fallback);
    let tell = |session: &mut OpponentSession| {
        let mut told = false;
        while let Some(event) = session.poll_event() {
            told = true;
            let _ = events.send(event);
        }
        if told {
            wake(Duration::ZERO);
        }
    };
    let (mut child, mut stdin) = match start(&config.command, to_self) {
        Ok(started) => started,
        Err(why) => {
            session.fail(why);
            tell(&mut session);
            return;
        }
    };
    loop {
        while let Some(line) = session.poll_transmit() {
            tracing::debug!("to opponent: {line}");
            if writeln!(stdin, "{line}")
                .and_then(|()| stdin.flush())
                .is_err()
            {
                session.fail("the engine stopped".to_owned());
            }
        }
        tell(&mut session);
        let limit = if session.awaiting_answer() {
            Some(ANSWER_TIMEOUT)
        } else {
            session.answer_within()
        };
        let input = match limit {
            Some(limit) => match inputs.recv_timeout(limit) {
                Ok(input) => input,
                Err(RecvTimeoutError::Timeout) => {
                    session.fail("the engine did not answer".to_owned());
                    tell(&mut session);
                    break;
                }
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match inputs.recv() {
                Ok(input) => input,
                Err(_) => break,
            },
        };
        match input {
            Input::Line(line) => session.handle_line(&line),
            Input::Closed => {
                session.fail("the engine stopped".to_owned());
                tell(&mut session);
                break;
            }
            Input::Think {
                id,
                position,
                clocks,
            } => session.think(id, position, clocks),
            Input::Stop => session.stop(),
            Input::Quit => break,
        }
    }
    let _ = writeln!(stdin, "quit");
    let _ = stdin.flush();
    drop(stdin);
    std::thread::sleep(Duration::from_millis(100));
    let _ = child.kill();
    let _ = child.wait();
}

/// Starts the engine and a reader of its output (lines to `to_driver`).
fn start(command: &str, to_driver: Sender<Input>) -> Result<(Child, ChildStdin), String> {
    let path: PathBuf = locate(command).ok_or_else(|| missing(command))?;
    let mut process = Command::new(&path);
    process
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // A console program: no console window beside Kibitz's.
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        process.creation_flags(0x0800_0000); // CREATE_NO_WINDOW
    }
    let mut child = process
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err("the engine's pipes are missing".to_owned());
    };
    tracing::info!("opponent engine started: {}", path.display());
    let reader = std::thread::Builder::new()
        .name("kibitz-opponent-out".into())
        .spawn(move || read_lines(stdout, &to_driver));
    if let Err(e) = reader {
        let _ = child.kill();
        return Err(format!("cannot read the engine: {e}"));
    }
    Ok((child, stdin))
}

/// Passes the engine's lines on (each cut at [`MAX_LINE`]) until its
/// output ends.
fn read_lines(stdout: impl Read, to_driver: &Sender<Input>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match reader
            .by_ref()
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buffer)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buffer).trim_end().to_owned();
                if to_driver.send(Input::Line(line)).is_err() {
                    return;
                }
            }
        }
    }
    let _ = to_driver.send(Input::Closed);
}
