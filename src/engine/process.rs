//! The engine process, on a thread of its own (`kibitz-engine`): started
//! when the window first wants analysis, spoken to through
//! [`EngineSession`], scheduled by [`Scheduler`].
//!
//! The window never waits for it: it states what it wants with
//! [`EngineHandle::want`] (a `watch` value, replaced, never queued) and
//! takes what came with [`EngineHandle::try_update`]. Results are sent at
//! most every [`FLUSH_EVERY`] when a position has its first one, else
//! every [`DEEPER_EVERY`], the latest per position, so an engine that
//! writes hundreds of lines a second costs the window one to three frames
//! a second (each frame draws the whole window). A missing engine, one
//! that dies or one that stops answering is a [`EngineStatus::Failed`]
//! with a sentence for the panel; the next plan that wants analysis starts
//! it again.

use std::collections::{HashMap, HashSet, VecDeque};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::sync::watch;
use tokio::time::Instant;

use super::analysis::Analysis;
use super::scheduler::{Plan, Scheduler};
use super::session::{EngineEvent, EngineOptions, EngineSession, Search};

/// A position's first result goes to the window at most this late ...
pub const FLUSH_EVERY: Duration = Duration::from_millis(400);
/// ... a deeper word on a position already shown, at most this often.
pub const DEEPER_EVERY: Duration = Duration::from_millis(1000);
/// How soon the window should draw a position's first result: a frame
/// already due sooner (a clock's digit) draws it at no extra cost ...
pub const FIRST_SHOWN_WITHIN: Duration = Duration::from_millis(250);
/// ... and a deeper result on a position already shown.
pub const DEEPER_SHOWN_WITHIN: Duration = Duration::from_millis(1000);

/// Shallower results are not shown (the first depths of a search come in
/// the first milliseconds and say little), unless the search ends there.
pub const SHOWN_FROM_DEPTH: u8 = 10;

/// Wakes the window: updates are waiting, to be drawn within this long.
pub type EngineWaker = Arc<dyn Fn(Duration) + Send + Sync>;
/// An engine that takes longer to answer `uci`, `isready` or `stop` has hung.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// After a failure, the next start waits at least this long.
pub const RESTART_PAUSE: Duration = Duration::from_secs(3);
/// Longer engine lines are cut (an engine is a local program, but a
/// broken one must not fill the memory).
const MAX_LINE: usize = 16 * 1024;
/// Updates waiting for the window; more wait in the task.
const UPDATES: usize = 256;

/// Which engine, and what it may use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// A program name looked up on `PATH` (and `/usr/games`), or a path.
    pub command: String,
    pub options: EngineOptions,
}

/// How the engine is doing, for the panels.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum EngineStatus {
    /// Not started (nothing wanted analysis yet).
    #[default]
    Off,
    Starting,
    Ready {
        name: String,
    },
    /// Missing, crashed or hung: what the user should know.
    Failed(String),
}

/// What the engine thread tells the window.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineUpdate {
    Status(EngineStatus),
    /// The latest analysis of the position with this key.
    Analysis {
        key: String,
        analysis: Analysis,
    },
}

/// What the window wants: a plan for this engine.
#[derive(Debug, Clone)]
struct Wanted {
    config: EngineConfig,
    plan: Plan,
}

/// The window's end.
pub struct EngineHandle {
    wanted: watch::Sender<Option<Wanted>>,
    updates: Receiver<EngineUpdate>,
}

impl EngineHandle {
    /// Starts the thread (not the engine: that waits for a plan).
    /// `wake` is called when updates are waiting.
    pub fn spawn(wake: EngineWaker) -> std::io::Result<EngineHandle> {
        let (wanted, wanted_rx) = watch::channel(None);
        let (tx, updates) = std::sync::mpsc::sync_channel(UPDATES);
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        std::thread::Builder::new()
            .name("kibitz-engine".into())
            .spawn(move || {
                let outbox = Outbox {
                    tx,
                    wake,
                    waiting: VecDeque::new(),
                };
                runtime.block_on(run(wanted_rx, outbox));
            })?;
        Ok(EngineHandle { wanted, updates })
    }

    /// What to analyse now (an empty plan stops the engine's search).
    /// Never blocks: the newest plan replaces one not yet taken.
    pub fn want(&self, config: &EngineConfig, plan: Plan) {
        self.wanted.send_replace(Some(Wanted {
            config: config.clone(),
            plan,
        }));
    }

    pub fn try_update(&self) -> Option<EngineUpdate> {
        self.updates.try_recv().ok()
    }
}

/// Updates on their way to the window: never blocks, keeps what the
/// channel cannot take yet.
struct Outbox {
    tx: SyncSender<EngineUpdate>,
    wake: EngineWaker,
    waiting: VecDeque<EngineUpdate>,
}

impl Outbox {
    /// Sends `updates` (and any still waiting); the window should draw
    /// them `within` this long.
    fn send(&mut self, updates: impl IntoIterator<Item = EngineUpdate>, within: Duration) {
        self.waiting.extend(updates);
        if self.waiting.is_empty() {
            return;
        }
        let mut sent = 0;
        while let Some(update) = self.waiting.pop_front() {
            match self.tx.try_send(update) {
                Ok(()) => sent += 1,
                Err(TrySendError::Full(update)) => {
                    self.waiting.push_front(update);
                    break;
                }
                Err(TrySendError::Disconnected(_)) => return,
            }
        }
        // The window is behind: what waits is only its newest statuses and
        // analyses, bounded by the positions on screen.
        if self.waiting.len() > UPDATES {
            let excess = self.waiting.len() - UPDATES;
            self.waiting.drain(..excess);
        }
        if sent > 0 {
            (self.wake)(within);
        }
    }
}

/// Where the engine is: `command` as a path if it has a `/` (or `\\` on
/// Windows), else looked up on `PATH`, then in `/usr/games` and
/// `/usr/local/games` (where Debian puts Stockfish, and which root's `PATH`
/// lacks), then beside Kibitz itself (where a Windows user unzips
/// `stockfish.exe`). On Windows a name without extension is tried as `.exe`.
pub fn locate(command: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(Path::to_path_buf));
    candidates(command, &path, beside, cfg!(windows))
        .into_iter()
        .find(|p| is_program(p))
}

/// The places [`locate`] tries, in order (pure, so both platforms' rules
/// are tested everywhere).
fn candidates(
    command: &str,
    path_var: &std::ffi::OsStr,
    beside: Option<PathBuf>,
    windows: bool,
) -> Vec<PathBuf> {
    let command = command.trim();
    if command.is_empty() {
        return Vec::new();
    }
    if command.contains('/') || (windows && command.contains('\\')) {
        return vec![PathBuf::from(command)];
    }
    let mut names = vec![command.to_owned()];
    if windows && Path::new(command).extension().is_none() {
        names.insert(0, format!("{command}.exe"));
    }
    let mut dirs: Vec<PathBuf> = std::env::split_paths(path_var).collect();
    if !windows {
        dirs.extend([
            PathBuf::from("/usr/games"),
            PathBuf::from("/usr/local/games"),
        ]);
    }
    dirs.extend(beside);
    dirs.iter()
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .collect()
}

fn is_program(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

/// A running engine.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: LineReader,
    session: EngineSession,
    /// The last line from the engine (or its start).
    heard_at: Instant,
}

async fn run(mut wanted: watch::Receiver<Option<Wanted>>, outbox: Outbox) {
    let mut task = Task::new(outbox);
    loop {
        let timer = task.next_timer();
        let result = tokio::select! {
            changed = wanted.changed() => {
                if changed.is_err() {
                    break;
                }
                let w = wanted.borrow_and_update().clone();
                match w {
                    Some(w) => task.on_wanted(w).await,
                    None => Ok(()),
                }
            }
            line = read_line(&mut task.engine) => line.map(|line| task.on_line(&line)),
            () = sleep_until(timer) => task.on_timer(),
        };
        let result = match result {
            Ok(()) => task.transmit().await,
            failed => failed,
        };
        if let Err(message) = result {
            task.fail(message);
        }
        task.flush_if_due();
    }
    if let Some(engine) = task.engine.take() {
        quit(engine).await;
    }
}

/// The engine thread's state between its inputs: the window's wishes,
/// the engine's lines, and the timers.
struct Task {
    origin: Instant,
    outbox: Outbox,
    scheduler: Scheduler,
    engine: Option<Engine>,
    /// The engine the window wants, as last said.
    config: Option<EngineConfig>,
    /// When the engine last failed (it is started again after a pause).
    failed_at: Option<Instant>,
    /// Search id -> position key, for the searches not yet ended.
    keys: HashMap<u64, String>,
    /// The newest analysis per position, until the next flush.
    pending: HashMap<String, Analysis>,
    /// Analyses too shallow to show, unless their search ends there.
    shallow: HashMap<String, Analysis>,
    /// Positions whose first result the window has had.
    shown: HashSet<String>,
    last_flush: Instant,
}

impl Task {
    fn new(outbox: Outbox) -> Self {
        let origin = Instant::now();
        Task {
            origin,
            outbox,
            scheduler: Scheduler::new(),
            engine: None,
            config: None,
            failed_at: None,
            keys: HashMap::new(),
            pending: HashMap::new(),
            shallow: HashMap::new(),
            shown: HashSet::new(),
            last_flush: origin,
        }
    }

    /// The earliest of: results due to the window, the end of the focused
    /// board's slice, the moment a silent engine counts as hung.
    fn next_timer(&self) -> Option<Instant> {
        let flush_at = flush_due(&self.pending, &self.shown, self.last_flush);
        let slice_at = self.scheduler.poll_timeout().map(|t| self.origin + t);
        [flush_at, slice_at, self.hung_at()]
            .into_iter()
            .flatten()
            .min()
    }

    fn hung_at(&self) -> Option<Instant> {
        self.engine
            .as_ref()
            .filter(|e| e.session.awaiting_answer())
            .map(|e| e.heard_at + ANSWER_TIMEOUT)
    }

    fn status(&mut self, status: EngineStatus) {
        self.outbox
            .send([EngineUpdate::Status(status)], Duration::ZERO);
    }

    /// The window's new wish: another engine is started afresh; a plan
    /// that wants analysis starts the engine if it is not running.
    async fn on_wanted(&mut self, wanted: Wanted) -> Result<(), String> {
        if self.config.as_ref() != Some(&wanted.config) {
            if let Some(old) = self.engine.take() {
                quit(old).await;
                self.status(EngineStatus::Off);
            }
            self.engine_gone();
            self.failed_at = None;
            self.config = Some(wanted.config.clone());
        }
        let now = Instant::now();
        let wants_engine = !wanted.plan.is_empty();
        let may_start = self.failed_at.is_none_or(|at| now >= at + RESTART_PAUSE);
        if self.engine.is_none() && wants_engine && may_start {
            self.status(EngineStatus::Starting);
            self.engine = Some(start(&wanted.config)?);
            self.scheduler = Scheduler::new();
        }
        let decision = self.scheduler.set_plan(wanted.plan, now - self.origin);
        self.apply(decision);
        Ok(())
    }

    /// A line from the engine.
    fn on_line(&mut self, line: &str) {
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        engine.heard_at = Instant::now();
        let t = engine.heard_at - self.origin;
        engine.session.handle_line(line);
        let events: Vec<EngineEvent> = std::iter::from_fn(|| engine.session.poll_event()).collect();
        for event in events {
            let decision = match event {
                EngineEvent::Ready { name } => {
                    let name = name.unwrap_or_else(|| "engine".to_owned());
                    self.status(EngineStatus::Ready { name });
                    None
                }
                EngineEvent::Analysis { id, analysis } => {
                    let depth = analysis.depth;
                    if let Some(key) = self.keys.get(&id) {
                        if depth >= SHOWN_FROM_DEPTH {
                            self.shallow.remove(key);
                            self.pending.insert(key.clone(), analysis);
                        } else {
                            self.shallow.insert(key.clone(), analysis);
                        }
                    }
                    self.scheduler.reached(id, depth, t)
                }
                EngineEvent::Finished { id, .. } => {
                    // A search that ended shallow (a mate found at once):
                    // its last word is all there is.
                    if let Some(key) = self.keys.remove(&id)
                        && let Some(analysis) = self.shallow.remove(&key)
                    {
                        self.pending.entry(key).or_insert(analysis);
                    }
                    self.scheduler.finished(id, t)
                }
                EngineEvent::Unreadable(line) => {
                    tracing::debug!("engine said: {line}");
                    None
                }
            };
            self.apply(decision);
        }
    }

    /// A timer: a silent engine has hung, or the focused board's slice
    /// is over (a due flush is done after every input).
    fn on_timer(&mut self) -> Result<(), String> {
        let now = Instant::now();
        if self.hung_at().is_some_and(|at| now >= at) {
            return Err(format!(
                "the engine did not answer for {} s",
                ANSWER_TIMEOUT.as_secs()
            ));
        }
        let decision = self.scheduler.handle_timeout(now - self.origin);
        self.apply(decision);
        Ok(())
    }

    /// Starts or stops what the scheduler decided, and remembers which
    /// position a new search is about.
    fn apply(&mut self, decision: Option<Option<Search>>) {
        let Some(engine) = self.engine.as_mut() else {
            return;
        };
        match decision {
            None => {}
            Some(None) => engine.session.stop(),
            Some(Some(search)) => {
                if let Some((id, key, _)) = self.scheduler.asked() {
                    self.keys.insert(id, key.to_owned());
                }
                engine.session.analyse(search);
            }
        }
    }

    /// Writes what the session has to say. An engine that does not read
    /// its input for seconds has hung.
    async fn transmit(&mut self) -> Result<(), String> {
        let Some(engine) = self.engine.as_mut() else {
            return Ok(());
        };
        let mut out = String::new();
        while let Some(line) = engine.session.poll_transmit() {
            out.push_str(&line);
            out.push('\n');
        }
        if out.is_empty() {
            return Ok(());
        }
        match tokio::time::timeout(ANSWER_TIMEOUT, engine.stdin.write_all(out.as_bytes())).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("the engine stopped reading: {e}")),
            Err(_) => Err("the engine stopped reading its input".to_owned()),
        }
    }

    /// The engine is missing, died or hung: the window is told, and the
    /// next plan after [`RESTART_PAUSE`] starts it again.
    fn fail(&mut self, message: String) {
        tracing::warn!("engine: {message}");
        if let Some(mut engine) = self.engine.take() {
            let _ = engine.child.start_kill();
        }
        self.engine_gone();
        self.failed_at = Some(Instant::now());
        self.status(EngineStatus::Failed(message));
    }

    fn engine_gone(&mut self) {
        self.scheduler.engine_lost();
        self.keys.clear();
        self.shallow.clear();
    }

    /// Sends the pending results when they are due (and whatever the
    /// window could not take before).
    fn flush_if_due(&mut self) {
        let now = Instant::now();
        let due =
            flush_due(&self.pending, &self.shown, self.last_flush).is_some_and(|at| now >= at);
        if !due && self.outbox.waiting.is_empty() {
            return;
        }
        if !self.pending.is_empty() {
            self.last_flush = now;
        }
        if self.shown.len() > 4096 {
            self.shown.clear();
        }
        let first = self.pending.keys().any(|k| !self.shown.contains(k));
        self.shown.extend(self.pending.keys().cloned());
        let within = if first {
            FIRST_SHOWN_WITHIN
        } else {
            DEEPER_SHOWN_WITHIN
        };
        let results = self
            .pending
            .drain()
            .map(|(key, analysis)| EngineUpdate::Analysis { key, analysis });
        self.outbox.send(results, within);
    }
}

/// When the pending results go to the window: soon for a position's
/// first result, less often for a deeper one.
fn flush_due(
    pending: &HashMap<String, Analysis>,
    shown: &HashSet<String>,
    last_flush: Instant,
) -> Option<Instant> {
    if pending.is_empty() {
        return None;
    }
    let first = pending.keys().any(|k| !shown.contains(k));
    Some(last_flush + if first { FLUSH_EVERY } else { DEEPER_EVERY })
}

/// What to do about an engine that is not there, in words.
pub fn missing(command: &str) -> String {
    // The Debian package is named as the program (stockfish,
    // fairy-stockfish).
    let named = Path::new(command)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    let program = if named.contains("fairy") {
        "fairy-stockfish"
    } else {
        "stockfish"
    };
    let how = if cfg!(windows) {
        format!("put {program}.exe on PATH or beside kibitz.exe")
    } else {
        format!("install one (Debian: apt-get install {program})")
    };
    format!("no engine \"{command}\": {how}, or set its path in Settings")
}

/// Starts the engine; the session's `uci` goes out with the first transmit.
fn start(config: &EngineConfig) -> Result<Engine, String> {
    let Some(path) = locate(&config.command) else {
        return Err(missing(&config.command));
    };
    let mut command = Command::new(&path);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true);
    // The engine is a console program: no console window beside Kibitz's.
    #[cfg(windows)]
    command.creation_flags(0x0800_0000); // CREATE_NO_WINDOW
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
    let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err("the engine's pipes are missing".to_owned());
    };
    tracing::info!("engine started: {}", path.display());
    Ok(Engine {
        child,
        stdin,
        lines: LineReader::new(stdout),
        session: EngineSession::new(config.options),
        heard_at: Instant::now(),
    })
}

/// Asks the engine to quit, and makes sure it does.
async fn quit(mut engine: Engine) {
    let _ = engine.stdin.write_all(b"quit\n").await;
    let _ = tokio::time::timeout(Duration::from_millis(500), engine.child.wait()).await;
    let _ = engine.child.start_kill();
}

/// The next line from the running engine (pending forever without one).
async fn read_line(engine: &mut Option<Engine>) -> Result<String, String> {
    let Some(e) = engine.as_mut() else {
        return std::future::pending().await;
    };
    match e.lines.next().await {
        Some(line) => Ok(line),
        None => {
            let status = tokio::time::timeout(Duration::from_millis(500), e.child.wait()).await;
            Err(match status {
                Ok(Ok(status)) => format!("the engine stopped ({status})"),
                _ => "the engine closed its output".to_owned(),
            })
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Lines from the engine's output, each at most [`MAX_LINE`] bytes (the
/// rest of a longer line is dropped).
struct LineReader {
    stdout: ChildStdout,
    buffer: Vec<u8>,
    /// Dropping the rest of an overlong line.
    skipping: bool,
}

impl LineReader {
    fn new(stdout: ChildStdout) -> Self {
        LineReader {
            stdout,
            buffer: Vec::new(),
            skipping: false,
        }
    }

    /// `None` at the end of the output.
    async fn next(&mut self) -> Option<String> {
        loop {
            if let Some(line) = self.take_line() {
                return Some(line);
            }
            let mut chunk = [0u8; 4096];
            match self.stdout.read(&mut chunk).await {
                Ok(0) | Err(_) => return None,
                Ok(n) => self.buffer.extend_from_slice(&chunk[..n]),
            }
        }
    }

    fn take_line(&mut self) -> Option<String> {
        while let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buffer.drain(..=end).collect();
            if std::mem::take(&mut self.skipping) {
                // The end of a line already cut.
                continue;
            }
            let text = String::from_utf8_lossy(&line[..line.len() - 1]);
            return Some(text.trim_end_matches('\r').to_owned());
        }
        if self.buffer.len() <= MAX_LINE {
            return None;
        }
        if self.skipping {
            self.buffer.clear();
            return None;
        }
        // Keep the start of an overlong line, drop the rest up to its end.
        let head: Vec<u8> = self.buffer.drain(..MAX_LINE).collect();
        self.buffer.clear();
        self.skipping = true;
        Some(String::from_utf8_lossy(&head).into_owned())
    }
}

#[cfg(test)]
mod tests;
