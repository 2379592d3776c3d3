//! A scripted FICS server on 127.0.0.1 that replays a real transcript, for the
//! integration tests. Include it with
//! `#[path = "support/fake_server.rs"] mod fake_server;`.
//!
//! A [`Script`] is a list of [`Step`]s: bytes the server sends, client lines it
//! waits for, and hanging up. [`Script::from_fixture`] builds one from a
//! transcript in `tests/fixtures/` (the `.bin` plus its `.bin.events.tsv`), so a
//! test plays the client's side of a real session against the server's real
//! bytes. [`FakeServer`] serves one script per accepted connection and records
//! every line the client sent, decoded, for [`FakeServer::received`].
//!
//! Lenient on purpose, because our client is not the bot that made the
//! transcript: an expected line skips any other lines before it (we send more
//! set-up commands), and pongs are counted rather than placed (we answer a ping
//! when it arrives, not where the transcript had it).
//!
//! Notes the server adds to the received log start with `<` and end with `>`
//! (`<timeout waiting for line "quit">`, `<no pong>`, `<not timeseal> ...`); a
//! client command never starts with `<`.
#![allow(dead_code)] // each test binary uses a different part

use std::collections::VecDeque;
use std::fmt;
use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::{JoinHandle, JoinSet};

/// The FICS prompt that ends a login script.
pub const PROMPT: &[u8] = b"fics% ";
/// How a timeseal ping reply (payload `0x02 0x39`) appears in the received log.
pub const PONG: &str = "\u{2}9";
/// The header line of every `.bin.events.tsv`.
const EVENTS_HEADER: &str = "t_sec\trecv_offset\tkind\tdata";
/// The password as the transcripts mask it.
const MASKED_PASSWORD: &str = "<password>";
/// Once a script is done, [`FakeServer::received`] still waits until the client
/// has sent nothing for this long (wall clock) or has closed, so lines the
/// client sent right after the last step are in the log.
const SETTLE: Duration = Duration::from_millis(100);

/// `tests/fixtures/<relative>` of this crate, e.g.
/// `fixture_path("real-server/guest-login.bin")`.
pub fn fixture_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(relative)
}

/// The position of the first `needle` in `haystack`.
pub fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// What the server does, in order, on one connection.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Script {
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Server -> client bytes, written at once (the transcript's timing is not
    /// replayed).
    Send(Vec<u8>),
    /// Wait for a client line that matches; lines that do not match are
    /// skipped (but recorded).
    Expect(Expected),
    /// The server closes the socket; steps after it are ignored.
    Close,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// This exact text, after decoding (timeseal) and without the line end.
    Line(String),
    /// Any line: the transcripts mask the password.
    AnyPassword,
    /// A timeseal hello: the payload starts with `TIMESEAL2|` or `TIMESTAMP|`.
    Hello,
    /// A ping reply: the payload is `0x02 0x39`. Lenient, see [`FakeServer`].
    Pong,
}

impl Expected {
    fn matches(&self, line: &ClientLine) -> bool {
        match (self, line) {
            (Expected::Line(want), ClientLine::Text(got) | ClientLine::NotTimeseal(got)) => {
                want == got
            }
            (Expected::AnyPassword, ClientLine::Text(_) | ClientLine::NotTimeseal(_)) => true,
            (Expected::Hello, ClientLine::Text(got)) => {
                got.starts_with("TIMESEAL2|") || got.starts_with("TIMESTAMP|")
            }
            (Expected::Pong, ClientLine::Pong) => true,
            _ => false,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Line(text) => write!(f, "line {text:?}"),
            Expected::AnyPassword => f.write_str("a password"),
            Expected::Hello => f.write_str("the timeseal hello"),
            Expected::Pong => f.write_str("a pong"),
        }
    }
}

impl Script {
    /// From a fixture pair, `bin` and `bin` + `.events.tsv`: RECV -> `Send`
    /// (those bytes of the `.bin`), SEND `<password>` -> `Expect(AnyPassword)`,
    /// other SEND -> `Expect(Line)`, HELLO -> `Expect(Hello)`, PONG ->
    /// `Expect(Pong)`. One step per row, in order.
    ///
    /// The transcripts do not say who hung up: a script ends with the last row.
    /// Push [`Step::Close`] to have the server close the connection, as a real
    /// server does after `quit`.
    pub fn from_fixture(bin: &Path) -> anyhow::Result<Script> {
        let bytes = std::fs::read(bin).with_context(|| format!("reading {}", bin.display()))?;
        let mut events_path = bin.as_os_str().to_owned();
        events_path.push(".events.tsv");
        let events_path = PathBuf::from(events_path);
        let events = std::fs::read_to_string(&events_path)
            .with_context(|| format!("reading {}", events_path.display()))?;
        parse_events(&bytes, &events).with_context(|| format!("in {}", events_path.display()))
    }

    /// Only the steps up to and including the first `fics% ` prompt sent after
    /// the login (the expected password, or the guest's empty line after the
    /// handle): a login script. The `Send` that holds the prompt is cut right
    /// after it. A script without such a prompt (a refused login) is returned
    /// unchanged.
    pub fn login_only(self) -> Script {
        let Some(login) = self.login_step() else {
            return self;
        };
        // The last bytes sent so far, fewer than a prompt: the prompt may be
        // split across two chunks.
        let mut tail: Vec<u8> = Vec::new();
        for (index, step) in self.steps.iter().enumerate().skip(login + 1) {
            let Step::Send(bytes) = step else {
                continue;
            };
            let mut joined = tail.clone();
            joined.extend_from_slice(bytes);
            if let Some(at) = find_bytes(&joined, PROMPT) {
                let keep = at + PROMPT.len() - tail.len();
                let mut steps = self.steps;
                steps.truncate(index + 1);
                if let Some(Step::Send(last)) = steps.last_mut() {
                    last.truncate(keep);
                }
                return Script { steps };
            }
            let from = joined.len().saturating_sub(PROMPT.len() - 1);
            tail = joined.split_off(from);
        }
        self
    }

    /// Keeps the steps up to and including the `n`-th `Send` (the server
    /// dropping mid-game), then appends `Close`. With `n == 0` only `Close`
    /// remains; with fewer than `n` sends the whole script is kept.
    pub fn cut_after_sends(mut self, n: usize) -> Script {
        let mut sends = 0;
        let cut = if n == 0 {
            Some(0)
        } else {
            self.steps
                .iter()
                .position(|step| {
                    if matches!(step, Step::Send(_)) {
                        sends += 1;
                    }
                    sends == n
                })
                .map(|index| index + 1)
        };
        if let Some(cut) = cut {
            self.steps.truncate(cut);
        }
        self.steps.push(Step::Close);
        self
    }

    pub fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// How many `Send` steps the script has.
    pub fn sends(&self) -> usize {
        self.steps
            .iter()
            .filter(|step| matches!(step, Step::Send(_)))
            .count()
    }

    /// Everything the script sends, concatenated: what a client that runs the
    /// whole script receives.
    pub fn server_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        for step in &self.steps {
            if let Step::Send(chunk) = step {
                bytes.extend_from_slice(chunk);
            }
        }
        bytes
    }

    /// The step that completes the login: the first expected password, or the
    /// first empty line expected after a non-empty one (the handle).
    fn login_step(&self) -> Option<usize> {
        let mut handle_seen = false;
        for (index, step) in self.steps.iter().enumerate() {
            match step {
                Step::Expect(Expected::AnyPassword) => return Some(index),
                Step::Expect(Expected::Line(line)) if line.is_empty() && handle_seen => {
                    return Some(index);
                }
                Step::Expect(Expected::Line(line)) if !line.is_empty() => handle_seen = true,
                _ => {}
            }
        }
        None
    }
}

fn parse_events(bin: &[u8], events: &str) -> anyhow::Result<Script> {
    let mut rows = events.split('\n').enumerate();
    match rows.next() {
        Some((_, header)) if header == EVENTS_HEADER => {}
        _ => bail!("the first line is not the header {EVENTS_HEADER:?}"),
    }
    let mut steps = Vec::new();
    let mut received = 0usize;
    for (index, row) in rows {
        let line = index + 1;
        if row.is_empty() {
            continue;
        }
        let mut fields = row.splitn(4, '\t');
        let (Some(_time), Some(offset), Some(kind)) = (fields.next(), fields.next(), fields.next())
        else {
            bail!("line {line}: fewer than 3 tab-separated fields: {row:?}");
        };
        let data = fields.next().unwrap_or("");
        let offset: usize = offset
            .parse()
            .with_context(|| format!("line {line}: recv_offset {offset:?}"))?;
        ensure!(
            offset == received,
            "line {line}: recv_offset {offset}, but the RECV rows before it add up to {received}"
        );
        let step = match kind {
            "RECV" => {
                let count: usize = data
                    .parse()
                    .with_context(|| format!("line {line}: RECV byte count {data:?}"))?;
                let chunk = received
                    .checked_add(count)
                    .and_then(|end| bin.get(received..end))
                    .with_context(|| {
                        format!(
                            "line {line}: RECV {count} bytes at {received} is past the end of the \
                             .bin ({} bytes)",
                            bin.len()
                        )
                    })?;
                received += count;
                Step::Send(chunk.to_vec())
            }
            "SEND" if data == MASKED_PASSWORD => Step::Expect(Expected::AnyPassword),
            "SEND" => Step::Expect(Expected::Line(data.to_owned())),
            "HELLO" => Step::Expect(Expected::Hello),
            "PONG" => Step::Expect(Expected::Pong),
            other => bail!("line {line}: unknown kind {other:?}"),
        };
        steps.push(step);
    }
    ensure!(
        received == bin.len(),
        "the RECV rows cover {received} bytes, the .bin has {}",
        bin.len()
    );
    Ok(Script { steps })
}

/// How long the server waits for the client.
///
/// Both limits, like the timeouts of [`FakeServer::received`] and
/// [`FakeServer::finished`], are wall-clock time, kept by a helper thread
/// ([`real_timeout`]), and the server never arms a tokio timer. The trade-off,
/// for tests under `#[tokio::test(start_paused = true)]`, where tokio's clock
/// jumps to the next tokio timer whenever every task is idle, even while bytes
/// are still on their way through the loopback socket:
/// - with tokio timers, the server's 10 s would expire at once whenever it
///   waits for a line the client sends after its own (virtual) minute-long
///   timer, or after a real-time delay; and while it waits, each of its
///   timers would push virtual time forward and fire the client's timers
///   early;
/// - with wall-clock timers the fake server does not move virtual time at all
///   (only the client's and the test's timers do), and its limits are safety
///   nets in real time in both modes. The cost: a failing expectation takes
///   up to `expect` of real time even under a paused clock, so tests that
///   provoke one use [`FakeServer::start_with`] with small limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest one `Expect` waits before the server gives up: it records
    /// `<timeout waiting for ...>` and closes the connection.
    pub expect: Duration,
    /// The longest an `Expect(Pong)` waits before it is skipped with a
    /// `<no pong>` note.
    pub pong: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            expect: Duration::from_secs(10),
            pong: Duration::from_secs(2),
        }
    }
}

/// What one connection has done so far.
#[derive(Debug, Clone, Default)]
struct ConnState {
    /// Every client line, decoded, plus the server's notes, in order.
    lines: Vec<String>,
    /// Every step has run.
    script_done: bool,
    /// The connection task is over: the socket is closed or the client closed
    /// its side after the script.
    ended: bool,
}

/// A scripted server on 127.0.0.1. Dropping it stops every task it started
/// and closes its sockets.
///
/// `Expect(Pong)` is satisfied by any pong received since the previous
/// `Expect(Pong)` was satisfied (pongs are counted, wherever they arrive), and
/// waits at most [`Limits::pong`] for one, then goes on with a `<no pong>`
/// note. Lines that arrive while it waits are kept for the next `Expect`.
///
/// Every timeout here is wall-clock time and the server arms no tokio timer,
/// so it works the same under a paused tokio clock (see [`Limits`]). After
/// the last step the connection stays open (after `Close`, half-open) until
/// the client closes it, and everything the client sends is still recorded.
pub struct FakeServer {
    pub addr: SocketAddr,
    connections: Vec<watch::Receiver<ConnState>>,
    task: JoinHandle<()>,
}

impl FakeServer {
    /// Binds 127.0.0.1:0 and serves `scripts[i]` to the `i`-th accepted
    /// connection, then stops accepting. With `timeseal`, every client line is
    /// decoded as a timeseal line. Waits 10 s per expected line, 2 s per pong.
    pub async fn start(scripts: Vec<Script>, timeseal: bool) -> std::io::Result<FakeServer> {
        FakeServer::start_with(scripts, timeseal, Limits::default()).await
    }

    /// [`FakeServer::start`] with other limits.
    pub async fn start_with(
        scripts: Vec<Script>,
        timeseal: bool,
        limits: Limits,
    ) -> std::io::Result<FakeServer> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let addr = listener.local_addr()?;
        let mut connections = Vec::with_capacity(scripts.len());
        let mut jobs = Vec::with_capacity(scripts.len());
        for script in scripts {
            let (state, receiver) = watch::channel(ConnState::default());
            connections.push(receiver);
            jobs.push((script, state));
        }
        let task = tokio::spawn(serve(listener, jobs, timeseal, limits));
        Ok(FakeServer {
            addr,
            connections,
            task,
        })
    }

    /// Everything connection `connection` received from the client, decoded
    /// into lines (timeseal decoded when `timeseal`; pongs as [`PONG`];
    /// `<not timeseal> TEXT` for a line that does not decode), in order, with the
    /// server's notes among them.
    ///
    /// Waits until that connection's script is done (then until the client
    /// has closed or has been quiet for 100 ms, so lines sent right after the
    /// last step are in) or until `timeout` (wall clock, see [`Limits`])
    /// passes, and returns what has arrived by then. An index without a
    /// script gives nothing.
    pub async fn received(&self, connection: usize, timeout: Duration) -> Vec<String> {
        let Some(receiver) = self.connections.get(connection) else {
            return Vec::new();
        };
        let mut receiver = receiver.clone();
        let deadline = Instant::now() + timeout;
        let done = real_timeout(timeout, async {
            receiver
                .wait_for(|s| s.script_done || s.ended)
                .await
                .is_ok()
        })
        .await
        .unwrap_or(false);
        if done {
            loop {
                let (ended, count) = {
                    let state = receiver.borrow();
                    (state.ended, state.lines.len())
                };
                let left = deadline.saturating_duration_since(Instant::now());
                if ended || left.is_zero() {
                    break;
                }
                let changed = real_timeout(SETTLE.min(left), async {
                    receiver
                        .wait_for(|s| s.ended || s.lines.len() != count)
                        .await
                        .is_ok()
                })
                .await
                .unwrap_or(false);
                if !changed {
                    break;
                }
            }
        }
        receiver.borrow().lines.clone()
    }

    /// Whether connection `connection`'s script has run to its end, waiting
    /// up to `timeout` (wall clock) for it. False as soon as the connection
    /// ended early (expectation timed out, client closed, write failed).
    pub async fn finished(&self, connection: usize, timeout: Duration) -> bool {
        let Some(receiver) = self.connections.get(connection) else {
            return false;
        };
        let mut receiver = receiver.clone();
        // Only the state says whether the script got through.
        let _ = real_timeout(timeout, async {
            receiver
                .wait_for(|s| s.script_done || s.ended)
                .await
                .is_ok()
        })
        .await;
        receiver.borrow().script_done
    }
}

impl Drop for FakeServer {
    fn drop(&mut self) {
        // Aborting the accept task drops its JoinSet, which aborts every
        // connection task, which drops their reader tasks and sockets.
        self.task.abort();
    }
}

/// Accepts one connection per script, in order, then stops accepting and
/// waits for the connections to end.
async fn serve(
    listener: TcpListener,
    jobs: Vec<(Script, watch::Sender<ConnState>)>,
    timeseal: bool,
    limits: Limits,
) {
    let mut connections = JoinSet::new();
    for (script, state) in jobs {
        let stream = loop {
            match listener.accept().await {
                Ok((stream, _)) => break stream,
                // Transient (e.g. the client gave up before the accept).
                Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
            }
        };
        connections.spawn(run_connection(stream, script, timeseal, limits, state));
    }
    drop(listener);
    while connections.join_next().await.is_some() {}
}

/// One client line, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ClientLine {
    Pong,
    Text(String),
    /// On a timeseal connection, a line that is not timeseal (a stamp of 0,
    /// no 0x18/0x19 pair, a stamp that is not a number, a length that is not
    /// a multiple of 12): as the real servers do, its raw text is read as a
    /// plain line, and the log marks it.
    NotTimeseal(String),
}

impl ClientLine {
    fn decode(raw: &[u8], timeseal: bool) -> ClientLine {
        let line = raw.strip_suffix(b"\n").unwrap_or(raw);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let payload = if timeseal {
            match kibitz::protocol::timeseal::decode_line(line) {
                Some((payload, _timestamp)) => payload,
                None => return ClientLine::NotTimeseal(String::from_utf8_lossy(line).into_owned()),
            }
        } else {
            line.to_vec()
        };
        if payload == PONG.as_bytes() {
            ClientLine::Pong
        } else {
            ClientLine::Text(String::from_utf8_lossy(&payload).into_owned())
        }
    }

    fn log_text(&self) -> String {
        match self {
            ClientLine::Pong => PONG.to_owned(),
            ClientLine::Text(text) => text.clone(),
            ClientLine::NotTimeseal(text) => format!("<not timeseal> {text}"),
        }
    }
}

/// Reads client lines until EOF (or a read error, e.g. a reset), records each
/// one and hands it to the script runner.
async fn read_lines(
    read: OwnedReadHalf,
    timeseal: bool,
    state: Arc<watch::Sender<ConnState>>,
    lines: mpsc::UnboundedSender<ClientLine>,
) {
    let mut reader = BufReader::new(read);
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match reader.read_until(b'\n', &mut raw).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = ClientLine::decode(&raw, timeseal);
                let text = line.log_text();
                state.send_modify(|s| s.lines.push(text));
                // The runner may be gone (script done); keep recording.
                let _ = lines.send(line);
            }
        }
    }
}

async fn run_connection(
    stream: TcpStream,
    script: Script,
    timeseal: bool,
    limits: Limits,
    state: watch::Sender<ConnState>,
) {
    // Small chunks go out at once.
    let _ = stream.set_nodelay(true);
    let state = Arc::new(state);
    let (read, write) = stream.into_split();
    let (lines_tx, lines_rx) = mpsc::unbounded_channel();
    // Dropping the set (here, or when this task is aborted) aborts the reader.
    let mut reader = JoinSet::new();
    reader.spawn(read_lines(read, timeseal, Arc::clone(&state), lines_tx));

    let mut runner = Runner {
        write,
        lines: lines_rx,
        pending: VecDeque::new(),
        pongs: 0,
        limits,
        state: Arc::clone(&state),
    };
    let outcome = runner.run(script.steps).await;
    match outcome {
        Outcome::Done | Outcome::Closed => {
            state.send_modify(|s| s.script_done = true);
            // Keep the connection (or, after Close, the reading side) until
            // the client closes, so everything it sends is recorded and it
            // sees a clean end of stream rather than a reset. If it never
            // closes, dropping the FakeServer ends this.
            while runner.lines.recv().await.is_some() {}
        }
        Outcome::Aborted => {
            let _ = runner.write.shutdown().await;
        }
    }
    drop(runner);
    drop(reader);
    state.send_modify(|s| s.ended = true);
}

enum Outcome {
    /// Every step ran; the connection is still open.
    Done,
    /// Every step ran, the last being `Close`: our side is shut down.
    Closed,
    /// The script stopped early (timeout, client gone, write failed); a note
    /// says why.
    Aborted,
}

/// What waiting for the next client line gave.
enum Next {
    Line(ClientLine),
    Eof,
    Timeout,
}

struct Runner {
    write: OwnedWriteHalf,
    lines: mpsc::UnboundedReceiver<ClientLine>,
    /// Non-pong lines that arrived while an `Expect(Pong)` waited.
    pending: VecDeque<ClientLine>,
    /// Pongs received and not yet matched by an `Expect(Pong)`.
    pongs: usize,
    limits: Limits,
    state: Arc<watch::Sender<ConnState>>,
}

impl Runner {
    async fn run(&mut self, steps: Vec<Step>) -> Outcome {
        for step in steps {
            let ok = match step {
                Step::Send(bytes) => match self.write.write_all(&bytes).await {
                    Ok(()) => true,
                    Err(error) => {
                        self.note(format!("<write failed: {error}>"));
                        false
                    }
                },
                Step::Expect(Expected::Pong) => self.expect_pong().await,
                Step::Expect(expected) => self.expect_line(&expected).await,
                Step::Close => {
                    let _ = self.write.shutdown().await;
                    return Outcome::Closed;
                }
            };
            if !ok {
                return Outcome::Aborted;
            }
        }
        Outcome::Done
    }

    /// Waits for a line matching `expected`, skipping others; false (with a
    /// note) on timeout or end of stream.
    async fn expect_line(&mut self, expected: &Expected) -> bool {
        let mut timer = WallTimer::start(self.limits.expect);
        loop {
            let line = match self.pending.pop_front() {
                Some(line) => line,
                None => match self.next_line(&mut timer).await {
                    Next::Line(ClientLine::Pong) => {
                        self.pongs += 1;
                        continue;
                    }
                    Next::Line(line) => line,
                    Next::Eof => {
                        self.note(format!("<client closed while waiting for {expected}>"));
                        return false;
                    }
                    Next::Timeout => {
                        self.note(format!("<timeout waiting for {expected}>"));
                        return false;
                    }
                },
            };
            if expected.matches(&line) {
                return true;
            }
        }
    }

    /// Takes a pong already received, or waits a little for one; false (with
    /// a note) only when the client has closed.
    async fn expect_pong(&mut self) -> bool {
        if self.pongs > 0 {
            self.pongs -= 1;
            return true;
        }
        let mut timer = WallTimer::start(self.limits.pong.min(self.limits.expect));
        loop {
            match self.next_line(&mut timer).await {
                Next::Line(ClientLine::Pong) => return true,
                Next::Line(other) => self.pending.push_back(other),
                Next::Eof => {
                    self.note(format!(
                        "<client closed while waiting for {}>",
                        Expected::Pong
                    ));
                    return false;
                }
                Next::Timeout => {
                    self.note("<no pong>".to_owned());
                    return true;
                }
            }
        }
    }

    /// The next line from the reader, unless `timer` runs out first.
    async fn next_line(&mut self, timer: &mut WallTimer) -> Next {
        tokio::select! {
            biased;
            line = self.lines.recv() => match line {
                Some(line) => Next::Line(line),
                None => Next::Eof,
            },
            () = timer.elapsed() => Next::Timeout,
        }
    }

    fn note(&self, text: String) {
        self.state.send_modify(|s| s.lines.push(text));
    }
}

/// Runs `future` for at most `limit` of wall-clock time; `None` if the time
/// ran out first. Unlike `tokio::time::timeout` it arms no tokio timer, so
/// under a paused tokio clock it neither fires early (tokio's clock jumping
/// ahead while bytes are still in flight on a socket) nor moves virtual time.
pub async fn real_timeout<F: Future>(limit: Duration, future: F) -> Option<F::Output> {
    let mut timer = WallTimer::start(limit);
    tokio::select! {
        biased;
        output = future => Some(output),
        () = timer.elapsed() => None,
    }
}

/// A wall-clock timer without a tokio timer: a helper thread waits, and
/// dropping the timer wakes that thread so it exits at once.
struct WallTimer {
    fired: oneshot::Receiver<()>,
    expired: bool,
    /// Dropped with the timer: disconnects the thread's channel.
    _cancel: std::sync::mpsc::Sender<()>,
}

impl WallTimer {
    fn start(limit: Duration) -> WallTimer {
        let (cancel, cancelled) = std::sync::mpsc::channel::<()>();
        let (fire, fired) = oneshot::channel();
        // If no thread can be started, `fire` is dropped with the closure and
        // the timer expires at once: a test fails rather than hangs.
        let _ = std::thread::Builder::new()
            .name("fake-server-timer".to_owned())
            .spawn(move || {
                if let Err(RecvTimeoutError::Timeout) = cancelled.recv_timeout(limit) {
                    let _ = fire.send(());
                }
            });
        WallTimer {
            fired,
            expired: false,
            _cancel: cancel,
        }
    }

    /// Resolves once the time is up (at once if it already was).
    async fn elapsed(&mut self) {
        if !self.expired {
            // An error means the thread is gone without firing: treat it as
            // expired too, never wait forever.
            let _ = (&mut self.fired).await;
            self.expired = true;
        }
    }
}
