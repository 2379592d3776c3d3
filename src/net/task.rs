//! The network task: a TCP connection to the server, driven through the
//! sans-IO [`Session`], on its own thread with its own tokio runtime.
//!
//! It owns the socket and the session; the UI owns everything else. They
//! talk through two bounded channels, and every event sent to the UI wakes
//! it. After an unexpected drop it reconnects with exponential backoff, logs
//! in again, re-sends the set-up and (unless the UI does it itself)
//! re-observes the games it observed; not after a deliberate logout, a kick
//! by a second login or a failed login.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

use super::backoff::{Backoff, XorShift};
use super::event::{NetEvent, Status};
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::event::Event;
use crate::protocol::message::Message;
use crate::protocol::request::{Request, RequestId};
use crate::protocol::session::{Now, Session, SessionConfig, SessionState};
use crate::recording::{self, Recorder};

/// Wakes the UI to draw what an event changes (the UI turns the [`Wake`]
/// into a delay for `egui::Context::request_repaint_after`); see
/// [`super::urgency`].
///
/// [`Wake`]: super::urgency::Wake
pub type Waker = Arc<dyn Fn(super::urgency::Wake) + Send + Sync>;

/// How long a connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);
const EVENT_CHANNEL: usize = 4096;
const COMMAND_CHANNEL: usize = 256;

#[derive(Debug, Clone)]
pub struct NetConfig {
    /// `host:port`.
    pub server: String,
    pub session: SessionConfig,
    /// Reconnect after an unexpected drop.
    pub reconnect: bool,
    /// After a reconnect, observe again the games observed before. The
    /// window does this itself, to tell which of them are gone.
    pub reobserve: bool,
    /// Record every received byte to this file (`kibitz replay` plays it).
    pub record: Option<PathBuf>,
    pub backoff: Backoff,
}

impl NetConfig {
    pub fn new(server: &str, session: SessionConfig) -> Self {
        NetConfig {
            server: server.to_owned(),
            session,
            reconnect: true,
            reobserve: true,
            record: None,
            backoff: Backoff::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum NetCommand {
    /// A request: the user's go ahead of set-up lines not yet sent, Kibitz's
    /// own wait for the set-up (their answers need its settings).
    Send(Request),
    /// Log out and stop: no reconnecting.
    Logout,
    /// Start recording every received byte to this file, or stop (`None`).
    Record(Option<PathBuf>),
}

/// The UI's end of the network thread.
pub struct NetHandle {
    commands: mpsc::Sender<NetCommand>,
    events: mpsc::Receiver<NetEvent>,
    origin: Instant,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl NetHandle {
    /// Queues a command of the user's; `false` if the network thread is
    /// gone or swamped.
    pub fn send(&self, command: Command) -> bool {
        self.commands
            .try_send(NetCommand::Send(command.into()))
            .is_ok()
    }

    /// Queues a command of the user's that needs the set-up done (the games
    /// to observe given on the command line: their boards need style 12).
    pub fn send_after_setup(&self, command: Command) -> bool {
        let request = Request::user_after_setup(command);
        self.commands.try_send(NetCommand::Send(request)).is_ok()
    }

    /// Queues a request of Kibitz's own, sent once the set-up is; its reply
    /// comes back as an [`Event::Reply`] addressed to `id`.
    pub fn ask(&self, id: RequestId, command: Command) -> bool {
        let request = Request::kibitz(id, command);
        self.commands.try_send(NetCommand::Send(request)).is_ok()
    }

    pub fn logout(&self) -> bool {
        self.commands.try_send(NetCommand::Logout).is_ok()
    }

    /// Starts (or with `None` stops) recording the session.
    pub fn record(&self, path: Option<PathBuf>) -> bool {
        self.commands.try_send(NetCommand::Record(path)).is_ok()
    }

    /// The next event, if one is waiting.
    pub fn try_recv(&mut self) -> Option<NetEvent> {
        self.events.try_recv().ok()
    }

    /// Waits for the next event (async, for command-line tools).
    pub async fn recv(&mut self) -> Option<NetEvent> {
        self.events.recv().await
    }

    /// Time on the clock the events are stamped with.
    pub fn now(&self) -> Now {
        self.origin.elapsed()
    }

    pub fn origin(&self) -> Instant {
        self.origin
    }

    /// Builds a handle around channels (the replay source uses it).
    pub(crate) fn from_parts(
        commands: mpsc::Sender<NetCommand>,
        events: mpsc::Receiver<NetEvent>,
        origin: Instant,
        thread: std::thread::JoinHandle<()>,
    ) -> Self {
        NetHandle {
            commands,
            events,
            origin,
            thread: Some(thread),
        }
    }
}

impl Drop for NetHandle {
    fn drop(&mut self) {
        // Closing the command channel ends the task; do not wait for it, a
        // hung socket must not hang the UI on exit.
        let _ = self.commands.try_send(NetCommand::Logout);
        drop(self.thread.take());
    }
}

/// Starts the network thread.
pub fn spawn(config: NetConfig, waker: Waker) -> std::io::Result<NetHandle> {
    let (command_tx, command_rx) = mpsc::channel(COMMAND_CHANNEL);
    let (event_tx, event_rx) = mpsc::channel(EVENT_CHANNEL);
    let origin = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let thread = std::thread::Builder::new()
        .name("kibitz-net".into())
        .spawn(move || {
            let origin = tokio::time::Instant::from_std(origin);
            runtime.block_on(run(config, command_rx, event_tx, waker, origin));
        })?;
    Ok(NetHandle::from_parts(command_tx, event_rx, origin, thread))
}

/// How one connection ended.
enum Ending {
    /// Reconnect (if configured).
    Dropped(String),
    /// Do not reconnect.
    Final(String),
    /// The server did not take the timeseal hello: connect again at once,
    /// without timeseal.
    WithoutTimeseal(String),
    /// The UI is gone.
    Abandoned,
}

/// The task: connect, run the session, reconnect. Public so tests can run it
/// on their own (paused-time) runtime.
pub async fn run(
    mut config: NetConfig,
    mut commands: mpsc::Receiver<NetCommand>,
    events: mpsc::Sender<NetEvent>,
    waker: Waker,
    origin: tokio::time::Instant,
) {
    let out = Outbox {
        events,
        waker,
        origin,
    };
    let mut backoff = config.backoff.clone();
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(1, |d| d.subsec_nanos().into());
    let mut rng = XorShift::new(seed);
    let mut recorder = match &config.record {
        Some(path) => match recording::create_file(path) {
            Ok(recorder) => Some(recorder),
            Err(e) => {
                let reason = format!("cannot record to {}: {e}", path.display());
                out.status(Status::Stopped { reason }).await;
                return;
            }
        },
        None => None,
    };
    let mut observed = BTreeSet::new();
    let mut attempt = 0;
    loop {
        attempt += 1;
        out.status(Status::Connecting { attempt }).await;
        let connect = tokio::time::timeout(CONNECT_TIMEOUT, TcpStream::connect(&config.server));
        let ending = match connect.await {
            Ok(Ok(stream)) => {
                out.status(Status::Connected).await;
                let mut connection = Connection {
                    config: &config,
                    out: &out,
                    commands: &mut commands,
                    observed: &mut observed,
                    recorder: &mut recorder,
                    backoff: &mut backoff,
                };
                connection.run(stream).await
            }
            Ok(Err(e)) => Ending::Dropped(format!("server unreachable: {e}")),
            Err(_) => Ending::Dropped("server unreachable: connection timed out".into()),
        };
        if let Some(recorder) = recorder.as_mut() {
            let _ = recorder.flush();
        }
        let reason = match ending {
            Ending::Abandoned => return,
            Ending::Final(reason) => {
                out.status(Status::Stopped { reason }).await;
                return;
            }
            Ending::Dropped(reason) if !config.reconnect => {
                out.status(Status::Stopped { reason }).await;
                return;
            }
            Ending::WithoutTimeseal(text) => {
                config.session.timeseal = None;
                tracing::info!(
                    "{}: timeseal refused ({text}); reconnecting without",
                    config.server
                );
                continue;
            }
            Ending::Dropped(reason) => reason,
        };
        let delay = backoff.next_delay(rng.next_u64());
        out.status(Status::RetryingIn {
            delay,
            reason: reason.clone(),
        })
        .await;
        let wait = tokio::time::sleep(delay);
        tokio::pin!(wait);
        loop {
            tokio::select! {
                () = &mut wait => break,
                command = commands.recv() => match command {
                    None => return,
                    Some(NetCommand::Logout) => {
                        out.status(Status::Stopped { reason: crate::protocol::session::LOGGED_OUT.into() }).await;
                        return;
                    }
                    // Commands typed while disconnected are dropped: they
                    // would be stale after the reconnect.
                    Some(NetCommand::Send(_)) => {}
                    Some(NetCommand::Record(path)) => {
                        recorder = open_recorder(&out, path.as_deref()).await;
                    }
                },
            }
        }
    }
}

/// The sending side towards the UI.
struct Outbox {
    events: mpsc::Sender<NetEvent>,
    waker: Waker,
    origin: tokio::time::Instant,
}

impl Outbox {
    fn now(&self) -> Now {
        tokio::time::Instant::now().duration_since(self.origin)
    }

    async fn send(&self, event: NetEvent) -> bool {
        let wake = super::urgency::Wake::of(&event);
        let sent = self.events.send(event).await.is_ok();
        (self.waker)(wake);
        sent
    }

    async fn status(&self, status: Status) -> bool {
        self.send(NetEvent::Status(status)).await
    }
}

/// One TCP connection's life.
struct Connection<'a> {
    config: &'a NetConfig,
    out: &'a Outbox,
    commands: &'a mut mpsc::Receiver<NetCommand>,
    observed: &'a mut BTreeSet<u32>,
    recorder: &'a mut Option<Recorder<std::io::BufWriter<std::fs::File>>>,
    backoff: &'a mut Backoff,
}

impl Connection<'_> {
    async fn run(&mut self, stream: TcpStream) -> Ending {
        let _ = stream.set_nodelay(true);
        let (mut reader, mut writer) = stream.into_split();
        let mut session = Session::new(self.config.session.clone(), self.out.now());
        // Re-observe after a reconnect; the session holds these until the
        // login and set-up are done. The list is emptied at the login: each
        // game that is still there says so again (`ObservationStarted`), one
        // that is gone drops out.
        if self.config.reobserve {
            for &game in self.observed.iter() {
                let observe = Command::Observe(ObserveTarget::Game(game));
                session.send(
                    self.out.now(),
                    Request::kibitz(RequestId::UNROUTED, observe),
                );
            }
        }
        let mut logging_out = false;
        let mut final_reason: Option<String> = None;
        let mut timeseal_refused: Option<String> = None;
        let mut buffer = vec![0u8; 16 * 1024];
        loop {
            while let Some(bytes) = session.poll_transmit() {
                if let Err(e) = writer.write_all(&bytes).await {
                    return Ending::Dropped(format!("connection lost: {e}"));
                }
            }
            while let Some(event) = session.poll_event() {
                if let Some(reason) = self.track(&event) {
                    final_reason.get_or_insert(reason);
                }
                if let Event::LoggedIn { handle, .. } = &event {
                    let handle = handle.clone();
                    self.out.status(Status::LoggedIn { handle }).await;
                }
                if let Event::TimesealRefused { text } = &event {
                    timeseal_refused = Some(text.clone());
                }
                // The server stopped answering: a dead link, dropped like
                // any other (the socket may never say so by itself).
                let lost = match &event {
                    Event::LinkLost { silent } => Some(*silent),
                    _ => None,
                };
                let at = self.out.now();
                if !self.out.send(NetEvent::Protocol { at, event }).await {
                    return Ending::Abandoned;
                }
                if let Some(silent) = lost {
                    let seconds = silent.as_secs();
                    return Ending::Dropped(format!("no answer from the server for {seconds} s"));
                }
            }
            if let Some(text) = timeseal_refused.take() {
                return Ending::WithoutTimeseal(text);
            }
            if *session.state() == SessionState::Closed
                && let Some(reason) = final_reason.clone()
            {
                // A failed login or a kick: the server closes; do not wait.
                return Ending::Final(reason);
            }
            let deadline = session.poll_timeout().map(|at| self.out.origin + at);
            tokio::select! {
                read = reader.read(&mut buffer) => {
                    let now = self.out.now();
                    match read {
                        Ok(0) => {
                            session.handle_eof(now);
                            while let Some(event) = session.poll_event() {
                                if let Some(reason) = self.track(&event) {
                                    final_reason.get_or_insert(reason);
                                }
                                if let Event::TimesealRefused { text } = &event {
                                    timeseal_refused = Some(text.clone());
                                }
                                self.out.send(NetEvent::Protocol { at: now, event }).await;
                            }
                            if let Some(text) = timeseal_refused {
                                return Ending::WithoutTimeseal(text);
                            }
                            return match (logging_out, final_reason) {
                                (true, _) => Ending::Final(crate::protocol::session::LOGGED_OUT.into()),
                                (false, Some(reason)) => Ending::Final(reason),
                                (false, None) => Ending::Dropped("the server closed the connection".into()),
                            };
                        }
                        Ok(n) => {
                            if let Some(recorder) = self.recorder.as_mut() {
                                let password = self.config.session.password.as_ref();
                                let bytes = recording::hide_secret(&buffer[..n], password.map(|p| p.expose()));
                                let _ = recorder.record(now, &bytes);
                            }
                            session.handle_bytes(now, &buffer[..n]);
                        }
                        Err(e) => return Ending::Dropped(format!("connection lost: {e}")),
                    }
                }
                command = self.commands.recv() => match command {
                    None => return Ending::Abandoned,
                    Some(NetCommand::Send(request)) => session.send(self.out.now(), request),
                    Some(NetCommand::Record(path)) => {
                        *self.recorder = open_recorder(self.out, path.as_deref()).await;
                    }
                    Some(NetCommand::Logout) => {
                        if *session.state() != SessionState::Ready {
                            return Ending::Final(crate::protocol::session::LOGGED_OUT.into());
                        }
                        logging_out = true;
                        // After what is queued (the set-up included).
                        let quit = Request::kibitz(RequestId::UNROUTED, Command::Raw("quit".into()));
                        session.send(self.out.now(), quit);
                    }
                },
                () = sleep_until(deadline) => session.handle_timeout(self.out.now()),
            }
        }
    }

    /// Follows what matters for reconnecting; returns a reason not to.
    fn track(&mut self, event: &Event) -> Option<String> {
        match event {
            Event::LoggedIn { .. } => {
                self.backoff.reset();
                self.observed.clear();
            }
            Event::LoginFailed { reason } => return Some(format!("login failed: {reason}")),
            Event::Message(Message::Kicked { .. }) => {
                return Some("kicked: you logged in elsewhere".into());
            }
            Event::Message(Message::IdleLogout) => {
                return Some("logged out by the server for idling".into());
            }
            Event::Message(Message::ObservationStarted { game }) => {
                self.observed.insert(*game);
            }
            Event::Message(Message::ObservationEnded { game }) => {
                self.observed.remove(game);
            }
            Event::Message(Message::GameEnd(end)) => {
                self.observed.remove(&end.game);
            }
            _ => {}
        }
        None
    }
}

/// Opens a recording (or closes the current one for `None`); a file that
/// cannot be created is reported in the console, not fatal.
async fn open_recorder(
    out: &Outbox,
    path: Option<&std::path::Path>,
) -> Option<Recorder<std::io::BufWriter<std::fs::File>>> {
    let path = path?;
    match recording::create_file(path) {
        Ok(recorder) => Some(recorder),
        Err(e) => {
            let text = format!("Kibitz: cannot record to {}: {e}", path.display());
            let at = out.now();
            out.send(NetEvent::Protocol {
                at,
                event: Event::Text(text),
            })
            .await;
            None
        }
    }
}

async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
