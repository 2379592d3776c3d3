//! The wire: the session with the server as the window sees it. The network
//! thread's handle, the last status, the commands sent (the user's, and
//! Kibitz's own with who asked each: their replies come back addressed to
//! them, see `asked.rs`), the games to observe once logged in, the wait for
//! interrupted games after a reconnect, and session recording.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::time::Duration;

use crate::archive;
use crate::game::{GameStore, Now};
use crate::net::{self, NetConfig, NetEvent, NetHandle, Status};
use crate::protocol::command::Command;
use crate::protocol::request::RequestId;
use crate::protocol::session::SessionConfig;
use crate::protocol::timeseal::TimesealVersion;
use crate::ui::dialogs::connect::ConnectRequest;

use super::asked::{Asked, Asker};

/// After a reconnect, how long an interrupted game may take to send its
/// board again before it counts as ended unseen.
const RESUME_WAIT: Duration = Duration::from_secs(15);
/// ... and how long at most while our `observe` of it is still unanswered
/// (it waits behind the set-up: an idle old FICS answers a line every 2 s).
const RESUME_PATIENCE: Duration = Duration::from_secs(60);
/// Commands remembered for the console's echo and for tests.
const SENT_LOG: usize = 1000;

#[derive(Default)]
pub struct Wire {
    net: Option<NetHandle>,
    status: Option<Status>,
    /// `host:port`, or "replay".
    server: String,
    /// Requests of Kibitz's own waiting for their replies, and who asked.
    asked: Asked,
    /// When the reconnect logged in, while games wait to come back.
    resume_started: Option<Now>,
    /// Every command sent, newest last (bounded).
    sent: VecDeque<Command>,
    /// Games to observe once logged in (`--observe`).
    observe_on_login: Vec<u32>,
    /// Record the raw session (for bug reports), into `recordings_dir`.
    recording: bool,
    recordings_dir: Option<PathBuf>,
}

impl Wire {
    /// The session to show: the clock's origin is the network thread's.
    pub fn attach(&mut self, handle: NetHandle, server: &str) -> std::time::Instant {
        let origin = handle.origin();
        self.net = Some(handle);
        self.server = server.to_owned();
        origin
    }

    /// Starts the network thread for a login.
    pub fn connect(
        &mut self,
        request: &ConnectRequest,
        waker: net::Waker,
    ) -> std::io::Result<std::time::Instant> {
        let mut session = SessionConfig::new(&request.handle, request.password.clone());
        if request.timeseal {
            session.timeseal = Some(TimesealVersion::V2);
        }
        let mut config = NetConfig::new(&request.server, session);
        // The window re-observes by itself after a reconnect (`app.rs`): it
        // knows which games are gone by the server's answers.
        config.reobserve = false;
        if self.recording {
            config.record = self.next_recording_path();
        }
        let handle = net::task::spawn(config, waker)?;
        Ok(self.attach(handle, &request.server))
    }

    /// The session is over and the connect form takes its place.
    pub fn drop_session(&mut self) {
        self.net = None;
        self.status = None;
    }

    /// Asks the server to end the session.
    pub fn logout(&self) {
        if let Some(net) = &self.net {
            net.logout();
        }
    }

    pub fn has_session(&self) -> bool {
        self.net.is_some()
    }

    pub fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    pub fn logged_in(&self) -> bool {
        matches!(self.status, Some(Status::LoggedIn { .. }))
    }

    /// The user's handle once logged in.
    pub fn me(&self) -> Option<&str> {
        match &self.status {
            Some(Status::LoggedIn { handle }) => Some(handle),
            _ => None,
        }
    }

    pub fn server(&self) -> &str {
        &self.server
    }

    /// Every command sent, newest last (the last thousand).
    pub fn sent(&self) -> &VecDeque<Command> {
        &self.sent
    }

    /// The next event from the network thread.
    pub fn next_event(&mut self) -> Option<NetEvent> {
        self.net.as_mut().and_then(NetHandle::try_recv)
    }

    /// Puts a command of the user's on the wire.
    pub fn send(&mut self, command: Command) {
        if let Some(net) = &self.net {
            net.send(command.clone());
        }
        self.log_sent(command);
    }

    /// Puts a command of the user's on the wire after the set-up (the games
    /// to observe given on the command line: their boards need style 12).
    pub fn send_after_setup(&mut self, command: Command) {
        if let Some(net) = &self.net {
            net.send_after_setup(command.clone());
        }
        self.log_sent(command);
    }

    /// Sends a request of Kibitz's own (housekeeping) for `asker`: its
    /// reply comes back addressed to it, and stays out of the console. It
    /// waits for the set-up (its answer needs the set-up's settings); the
    /// user's commands go ahead of it.
    pub fn ask(&mut self, asker: Asker, command: Command) -> RequestId {
        let id = self.asked.ask(asker, &command);
        if let Some(net) = &self.net {
            net.ask(id, command.clone());
        }
        self.log_sent(command);
        id
    }

    /// Remembers a command sent (the console's echo, tests).
    fn log_sent(&mut self, command: Command) {
        self.sent.push_back(command);
        if self.sent.len() > SENT_LOG {
            self.sent.pop_front();
        }
    }

    /// The reply to `id` came: who asked for it.
    pub fn answered(&mut self, id: RequestId) -> Option<Asker> {
        self.asked.answered(id)
    }

    /// Kibitz's requests whose replies have not come, oldest first.
    pub fn awaiting(&self) -> impl Iterator<Item = crate::protocol::request::Request> + '_ {
        self.asked.waiting()
    }

    /// Our observes not answered yet.
    pub fn pending_observes(&self) -> impl Iterator<Item = u32> + '_ {
        self.asked.observes()
    }

    /// A new status from the network thread. A lost connection forgets the
    /// requests in flight (their replies will not come).
    pub fn on_status(&mut self, status: Status) {
        if let Status::RetryingIn { .. } | Status::Stopped { .. } = status {
            self.asked.forget();
            self.resume_started = None;
        }
        self.status = Some(status);
    }

    /// Logged in: interrupted games (if any) now wait to come back; the
    /// games asked for on the command line are to be observed.
    pub fn logged_in_at(&mut self, now: Now, any_interrupted: bool) -> Vec<u32> {
        if any_interrupted {
            self.resume_started = Some(now);
        }
        std::mem::take(&mut self.observe_on_login)
    }

    pub fn observe_on_login(&mut self, games: Vec<u32>) {
        self.observe_on_login = games;
    }

    /// The wait for interrupted games is over (they came back or were
    /// given up).
    pub fn resume_done(&mut self) {
        self.resume_started = None;
    }

    /// After a reconnect: when the interrupted games without a board end
    /// unseen (later while our observe of one of them is unanswered).
    pub fn resume_deadline(&self, store: &GameStore) -> Option<Now> {
        let started = self.resume_started?;
        let unanswered = self
            .asked
            .observes()
            .any(|game| store.get(game).is_some_and(|g| g.interrupted));
        Some(
            started
                + if unanswered {
                    RESUME_PATIENCE
                } else {
                    RESUME_WAIT
                },
        )
    }

    pub fn recording(&self) -> bool {
        self.recording
    }

    /// Session recordings go here (`start` uses the user's data dir).
    pub fn set_recordings_dir(&mut self, dir: Option<PathBuf>) {
        self.recordings_dir = dir;
    }

    /// Turns session recording on or off, for the session running now
    /// too: the file recorded into, if any.
    pub fn set_recording(&mut self, on: bool) -> Option<PathBuf> {
        self.recording = on;
        let path = if on { self.next_recording_path() } else { None };
        if let Some(net) = &self.net {
            net.record(path.clone());
        }
        path
    }

    /// A new file for a session recording: `<data dir>/recordings/<time>.kbz`.
    fn next_recording_path(&self) -> Option<PathBuf> {
        let dir = self.recordings_dir.clone()?;
        if let Err(e) = std::fs::create_dir_all(&dir) {
            tracing::warn!("cannot create {}: {e}", dir.display());
            return None;
        }
        let t = archive::UtcTime::now();
        let name = format!(
            "{:04}-{:02}-{:02}_{:02}{:02}{:02}.kbz",
            t.year, t.month, t.day, t.hour, t.minute, t.second
        );
        Some(dir.join(name))
    }
}
