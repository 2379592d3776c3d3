//! A scripted FICS server on 127.0.0.1 that replays a real transcript, for the
//! integration tests (`common::fake_server`).
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

use std::collections::VecDeque;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::{JoinHandle, JoinSet};

mod script;
pub use script::*;

/// How a timeseal ping reply (payload `0x02 0x39`) appears in the received log.
pub const PONG: &str = "\u{2}9";
/// Once a script is done, [`FakeServer::received`] still waits until the client
/// has sent nothing for this long (wall clock) or has closed, so lines the
/// client sent right after the last step are in the log.
const SETTLE: Duration = Duration::from_millis(100);

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
            self.answer_unscripted(&line).await;
        }
    }

    /// The transcripts were recorded before Kibitz asked for block mode:
    /// `iset block 1`, which no script expects, is answered as the old FICS
    /// answers it (no block mode), so the set-up goes on at once.
    async fn answer_unscripted(&mut self, line: &ClientLine) {
        if let ClientLine::Text(text) | ClientLine::NotTimeseal(text) = line
            && text == "iset block 1"
        {
            let _ = self.write.write_all(b"com_iset: block 1\n\rfics% ").await;
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
