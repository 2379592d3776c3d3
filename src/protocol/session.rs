//! The session state machine: login, set-up, timeseal replies and keep-alive,
//! in the sans-IO style (bytes and time in through `handle_*`, events, bytes
//! and deadlines out through `poll_*`).
//!
//! connecting -> login prompt -> password or guest confirmation -> logged in
//! -> set-up sent -> ready. Nothing automatic is sent before the login
//! completes: a command sent at the login prompt would be taken as a handle.
//!
//! Lines go out one at a time: the next when the server's prompt says it
//! read the last one, or after [`PACE`]. The old FICS reads one line per
//! wake-up and wakes on new input or every second or two when idle, so a
//! burst of a dozen lines (the set-up) took ~23 s there, and a command typed
//! meanwhile waited behind it. The user's commands go ahead of set-up lines
//! not yet sent; Kibitz's own wait for the set-up, whose settings (style 12,
//! game info) their answers need. Moves and flag claims are never held
//! (but for the moment the server takes to answer `iset block 1`).
//!
//! Every line but the login's is a [`Request`]: the set-up's first line asks
//! for block mode, and where the server takes it every line goes numbered
//! and its reply comes back framed with the number; elsewhere replies are
//! told apart by their order and shape ([`super::replies`]).

use std::collections::VecDeque;
use std::time::Duration;

use super::command::{Command, Secret, SetupStep, setup_sequence};
use super::decoder::StreamDecoder;
use super::event::Event;
use super::framing::Prompt;
use super::liveness::{Liveness, Step};
use super::message::{self, Message};
use super::replies::{Replies, is_setup_reply};
use super::request::{Request, RequestId};
use super::timeseal::{self, StampClock, TimesealVersion};

/// Time is a parameter: the caller passes the time since a fixed origin of
/// its choosing (the net thread uses the moment it connected).
pub type Now = Duration;

/// Why a session ended when the user logged out (the network's status
/// says it; the games it cut off end with it).
pub const LOGGED_OUT: &str = "logged out";

/// After this much silence from us, a keep-alive `date` goes out: the server
/// logs out sessions idle for 60 minutes, and incoming traffic does not count.
pub const KEEP_ALIVE_AFTER: Duration = Duration::from_secs(30 * 60);
/// The longest wait for the server's prompt before the next queued line goes
/// anyway (a server whose answer is slow, or a prompt we do not know).
pub const PACE: Duration = Duration::from_millis(50);
/// How long a completed line may wait for a `\   ` continuation.
pub const HELD_LINE_DELAY: Duration = Duration::from_millis(100);
/// How long the lines after `iset block 1` wait for the server to say
/// whether it frames replies from now on: a line sent unnumbered after the
/// server switched would be lost, one sent numbered to a server that did
/// not would be refused.
pub const BLOCK_WAIT: Duration = Duration::from_secs(10);
/// Block-mode numbers run 1 to this, then start again (a few are in
/// flight at once; 0 is the server's own).
const MAX_WIRE_ID: u32 = 999;

/// What the session needs to log in.
#[derive(Debug, Clone)]
pub struct SessionConfig {
    /// A registered handle, or `guest`.
    pub handle: String,
    /// The password of a registered handle.
    pub password: Option<Secret>,
    /// Wrap every line in timeseal (and answer its pings).
    pub timeseal: Option<TimesealVersion>,
    /// Sent once logged in, in order; `iset lock 1` must stay last.
    pub setup: Vec<SetupStep>,
}

impl SessionConfig {
    pub fn guest() -> Self {
        Self::new("guest", None)
    }

    pub fn new(handle: &str, password: Option<Secret>) -> Self {
        SessionConfig {
            handle: handle.to_owned(),
            password,
            timeseal: None,
            setup: setup_sequence(),
        }
    }
}

/// Where the login stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionState {
    /// Waiting for `login:`.
    Connecting,
    /// Handle sent; waiting for the password prompt or the guest confirmation.
    HandleSent,
    /// Password or guest confirmation sent; waiting for the session to start.
    CredentialsSent,
    /// Logged in and set-up sent.
    Ready,
    /// Login failed, or we were kicked or logged out: nothing more is sent.
    Closed,
}

#[derive(Debug)]
pub struct Session {
    config: SessionConfig,
    state: SessionState,
    decoder: StreamDecoder,
    events: VecDeque<Event>,
    transmit: VecDeque<Vec<u8>>,
    /// The set-up lines not yet sent, then the requests that wait for the
    /// set-up (sent before the login, or Kibitz's own).
    after_setup: VecDeque<Request>,
    /// The user's commands not yet sent: ahead of `after_setup`.
    urgent: VecDeque<Request>,
    /// When the last line went out, until a prompt answers it.
    unanswered_since: Option<Now>,
    /// Bytes handled so far, in calls: a prompt answers only a line sent
    /// before the call that brought it.
    batch: u64,
    /// The call during which the last line went out.
    sent_in_batch: u64,
    /// The handle the server gave us (guests get `GuestXXXX`).
    handle: Option<String>,
    /// Which request each reply answers.
    replies: Replies,
    /// `iset block 1` went out and its answer is awaited (since then).
    block_asked: Option<Now>,
    /// The last block-mode number given.
    wire_id: u32,
    last_sent: Now,
    held_since: Option<Now>,
    scratch: Vec<Event>,
    /// Timeseal stamps for the hello, every line and every ping reply.
    stamps: StampClock,
    /// Whether the server is still there (see `liveness.rs`).
    liveness: Liveness,
}

impl Session {
    /// A new session; with timeseal its hello is the first thing to send.
    pub fn new(config: SessionConfig, now: Now) -> Self {
        let mut session = Session {
            config,
            state: SessionState::Connecting,
            decoder: StreamDecoder::new(),
            events: VecDeque::new(),
            transmit: VecDeque::new(),
            after_setup: VecDeque::new(),
            urgent: VecDeque::new(),
            unanswered_since: None,
            batch: 0,
            sent_in_batch: 0,
            handle: None,
            replies: Replies::default(),
            block_asked: None,
            wire_id: 0,
            last_sent: now,
            held_since: None,
            scratch: Vec::new(),
            stamps: StampClock::default(),
            liveness: Liveness::new(now),
        };
        if let Some(version) = session.config.timeseal {
            let system = std::env::consts::OS;
            let hello = timeseal::hello(version, "Kibitz", system, session.stamps.stamp(now));
            session.transmit.push_back(hello);
        }
        session
    }

    pub fn state(&self) -> &SessionState {
        &self.state
    }

    /// The handle we are logged in as.
    pub fn handle(&self) -> Option<&str> {
        self.handle.as_deref()
    }

    /// Whether clocks arrive in milliseconds.
    pub fn ms(&self) -> bool {
        self.decoder.ms()
    }

    /// Bytes arrived from the server.
    pub fn handle_bytes(&mut self, now: Now, bytes: &[u8]) {
        self.batch += 1;
        if !bytes.is_empty() && self.liveness.heard(now) {
            self.events.push_back(Event::LinkHeard);
        }
        let mut events = std::mem::take(&mut self.scratch);
        self.decoder.push(bytes, &mut events);
        self.process(now, &mut events);
        if self.decoder.has_held_line() {
            self.held_since.get_or_insert(now);
        }
        self.scratch = events;
    }

    /// The server closed the connection: whatever is left becomes events.
    pub fn handle_eof(&mut self, now: Now) {
        let mut events = std::mem::take(&mut self.scratch);
        self.decoder.finish(&mut events);
        self.process(now, &mut events);
        self.scratch = events;
        self.state = SessionState::Closed;
    }

    /// Call when [`Self::poll_timeout`]'s deadline has passed.
    pub fn handle_timeout(&mut self, now: Now) {
        if self
            .held_since
            .is_some_and(|since| now >= since + HELD_LINE_DELAY)
        {
            let mut events = std::mem::take(&mut self.scratch);
            self.decoder.release_held(&mut events);
            self.process(now, &mut events);
            self.scratch = events;
        }
        if self
            .block_asked
            .is_some_and(|since| now >= since + BLOCK_WAIT)
        {
            // No answer: the server does not frame replies.
            self.block_asked = None;
        }
        if self.state == SessionState::Ready && now >= self.last_sent + KEEP_ALIVE_AFTER {
            let keep_alive = Request::kibitz(RequestId::UNROUTED, Command::KeepAlive);
            self.queue(now, &keep_alive);
        }
        if self.state != SessionState::Closed {
            self.check_link(now);
        }
        self.release(now);
    }

    /// Asks a silent server whether it is there; gives the link up when
    /// it does not answer.
    fn check_link(&mut self, now: Now) {
        match self.liveness.step(now) {
            Some(Step::Ask) => {
                // Not activity of the user's: the keep-alive's timer runs on.
                let last_sent = self.last_sent;
                self.queue(now, &Request::kibitz(RequestId::UNROUTED, Command::Probe));
                self.last_sent = last_sent;
            }
            Some(Step::TellQuiet { heard_at }) => {
                self.events.push_back(Event::LinkQuiet { heard_at });
            }
            Some(Step::Lost { silent }) => {
                self.state = SessionState::Closed;
                self.events.push_back(Event::LinkLost { silent });
            }
            None => {}
        }
    }

    /// The next moment [`Self::handle_timeout`] wants to run.
    pub fn poll_timeout(&self) -> Option<Now> {
        let held = self.held_since.map(|since| since + HELD_LINE_DELAY);
        let keep_alive =
            (self.state == SessionState::Ready).then(|| self.last_sent + KEEP_ALIVE_AFTER);
        let queued = self.state == SessionState::Ready
            && !(self.urgent.is_empty() && self.after_setup.is_empty());
        // While block mode is asked for, only its answer (or BLOCK_WAIT)
        // releases the next line.
        let next_line = self
            .unanswered_since
            .filter(|_| queued && self.block_asked.is_none())
            .map(|since| since + PACE);
        let block = self.block_asked.map(|since| since + BLOCK_WAIT);
        let link = self
            .liveness
            .deadline()
            .filter(|_| self.state != SessionState::Closed);
        [held, keep_alive, next_line, block, link]
            .into_iter()
            .flatten()
            .min()
    }

    /// Sends a request. The user's go, once logged in, ahead of the set-up
    /// lines not yet sent (a move or a flag claim at once); Kibitz's own
    /// (and the user's marked `after_setup`) wait for the set-up, whose
    /// settings (style 12, game info) their answers need; before the login
    /// everything waits for the set-up.
    pub fn send(&mut self, now: Now, request: impl Into<Request>) {
        let request = request.into();
        let at_once = matches!(request.command, Command::Move(_) | Command::Flag);
        match self.state {
            // Not while the server may be switching to numbered lines.
            SessionState::Ready if at_once && self.block_asked.is_none() => {
                self.queue(now, &request);
            }
            SessionState::Ready if at_once || !request.after_setup => {
                self.urgent.push_back(request);
                self.release(now);
            }
            SessionState::Closed => {}
            _ => {
                self.after_setup.push_back(request);
                self.release(now);
            }
        }
    }

    /// Whether replies come framed with their request's number.
    pub fn block_mode(&self) -> bool {
        self.replies.block_mode()
    }

    /// Whether set-up lines are still to be sent.
    pub fn setting_up(&self) -> bool {
        self.after_setup
            .iter()
            .any(|r| matches!(r.command, Command::Setup(_)))
    }

    /// Sends the next queued line if the last one was answered (or long
    /// enough ago).
    fn release(&mut self, now: Now) {
        if self.state != SessionState::Ready
            || self.block_asked.is_some()
            || self
                .unanswered_since
                .is_some_and(|since| now < since + PACE)
        {
            return;
        }
        let Some(request) = self
            .urgent
            .pop_front()
            .or_else(|| self.after_setup.pop_front())
        else {
            return;
        };
        self.queue(now, &request);
        self.unanswered_since = Some(now);
        self.sent_in_batch = self.batch;
    }

    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// The next bytes to write to the socket, already timeseal-encoded.
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.transmit.pop_front()
    }

    fn process(&mut self, now: Now, events: &mut Vec<Event>) {
        if !self.decoder.has_held_line() {
            self.held_since = None;
        }
        for mut event in events.drain(..) {
            self.hide_password(&mut event);
            self.liveness.follow(&event);
            self.react(now, &event);
            // The answer to `iset block 1`: `block set.`, or the old
            // FICS's echo (any other set-up answer: no block mode).
            let answer = match &event {
                Event::Text(t)
                    if self.block_asked.is_some()
                        && (is_setup_reply(t) || t.ends_with(": Command not found.")) =>
                {
                    Some(t == "block set.")
                }
                _ => None,
            };
            self.replies.fold(now, event, &mut self.events);
            if let Some(on) = answer {
                self.block_asked = None;
                // Every line from now on carries its number.
                self.replies.set_block_mode(on);
                self.release(now);
            }
        }
        self.replies.flush(&mut self.events);
    }

    /// A server that quotes the password back (FatICS's "found a bug"
    /// message quotes the line it failed on) shows stars instead: the
    /// password is never on screen, in the log or in the console.
    fn hide_password(&self, event: &mut Event) {
        let Some(password) = self.config.password.as_ref().map(Secret::expose) else {
            return;
        };
        if password.len() < 3 {
            return;
        }
        let text = match event {
            Event::Text(text) | Event::OwnReply(text) => text,
            Event::Unparsed { line, .. } => line,
            Event::LineCut { head } => head,
            _ => return,
        };
        if text.contains(password) {
            *text = text.replace(password, "********");
        }
    }

    /// The session's own reactions: login steps, pings, the end of the session.
    fn react(&mut self, now: Now, event: &Event) {
        match event {
            // The server read our last line: the next one may go. (A prompt
            // in the bytes that logged us in answers nothing.)
            Event::Prompt(Prompt::Command)
                if self.state == SessionState::Ready && self.sent_in_batch < self.batch =>
            {
                self.unanswered_since = None;
                // (Not the answer to `iset block 1`: the prompt after the
                // login's last words may come after it went out. Only its
                // words answer it.)
                self.release(now);
            }
            Event::Prompt(prompt) => self.on_prompt(now, prompt),
            Event::Ping(_) if self.config.timeseal.is_some() => {
                let stamp = self.stamps.stamp(now);
                self.transmit.push_back(timeseal::ping_reply(stamp));
            }
            Event::Message(Message::SessionStarted { handle, titles }) => {
                self.logged_in(now, handle.clone(), titles.clone());
            }
            Event::Message(Message::InvalidPassword) => self.fail("invalid password"),
            Event::Message(Message::LoginRefused { text }) if self.hello_refused(text) => {
                self.state = SessionState::Closed;
                let text = text.clone();
                self.events.push_back(Event::TimesealRefused { text });
            }
            Event::Message(Message::LoginRefused { text }) => self.fail(text),
            Event::Message(Message::Kicked { .. } | Message::IdleLogout) => {
                self.state = SessionState::Closed;
            }
            _ => {}
        }
    }

    fn on_prompt(&mut self, now: Now, prompt: &Prompt) {
        match (prompt, &self.state) {
            (Prompt::Login, SessionState::Connecting) => {
                let login = Command::Login(self.config.handle.clone());
                self.queue(now, &login.into());
                self.state = SessionState::HandleSent;
            }
            // Asked again: the server refused the handle. Sending it again
            // would loop forever.
            (Prompt::Login, SessionState::HandleSent | SessionState::CredentialsSent) => {
                self.fail("the server refused the login");
            }
            (Prompt::Password, SessionState::HandleSent) => match self.config.password.clone() {
                Some(password) => {
                    self.queue(now, &Command::Password(password).into());
                    self.state = SessionState::CredentialsSent;
                }
                None => self.fail("this handle is registered: a password is needed"),
            },
            (Prompt::EnterAsGuest { name }, SessionState::HandleSent) => {
                self.handle = Some(name.clone());
                self.queue(now, &Command::EnterAsGuest.into());
                self.state = SessionState::CredentialsSent;
            }
            // Servers without a "Starting FICS session" line: the first
            // command prompt after the credentials means we are in.
            (Prompt::Command, SessionState::CredentialsSent) => {
                let handle = self
                    .handle
                    .clone()
                    .unwrap_or_else(|| self.config.handle.clone());
                self.logged_in(now, handle, Vec::new());
            }
            _ => {}
        }
    }

    fn logged_in(&mut self, now: Now, handle: String, titles: Vec<String>) {
        if self.state == SessionState::Ready || self.state == SessionState::Closed {
            return;
        }
        self.handle = Some(handle.clone());
        self.state = SessionState::Ready;
        self.events.push_back(Event::LoggedIn { handle, titles });
        self.liveness.start(now);
        let setup = self.config.setup.clone();
        // The set-up first, then what waited for the login.
        for step in setup.into_iter().rev() {
            let line = Request::kibitz(RequestId::UNROUTED, Command::Setup(step));
            self.after_setup.push_front(line);
        }
        self.unanswered_since = None;
        self.release(now);
    }

    /// Whether a login refusal means the server did not take our timeseal
    /// hello: it says so, or it refuses a name we never sent (ours is a valid
    /// handle, so the name it read must have been the encoded hello).
    fn hello_refused(&self, text: &str) -> bool {
        let before_login = matches!(
            self.state,
            SessionState::Connecting | SessionState::HandleSent
        );
        let valid_handle = (3..=17).contains(&self.config.handle.len())
            && self.config.handle.chars().all(|c| c.is_ascii_alphabetic());
        self.config.timeseal.is_some()
            && before_login
            && (message::is_name_refusal(text) && valid_handle
                || text == "unknown timeseal version"
                || text == "timeseal error")
    }

    fn fail(&mut self, reason: &str) {
        if self.state != SessionState::Closed && self.state != SessionState::Ready {
            self.state = SessionState::Closed;
            self.events.push_back(Event::LoginFailed {
                reason: reason.to_owned(),
            });
        }
    }

    /// Puts a line on the wire: numbered in block mode, and recorded as a
    /// request whose reply is awaited (not the login's lines).
    fn queue(&mut self, now: Now, request: &Request) {
        let line = match request.command.to_line() {
            Ok(line) => line,
            Err(e) => {
                // A command that cannot be sent safely is reported, never sent.
                self.events
                    .push_back(Event::Text(format!("Kibitz: not sent: {e}")));
                return;
            }
        };
        let logging_in = matches!(
            request.command,
            Command::Login(_) | Command::Password(_) | Command::EnterAsGuest
        );
        let (line, wire_id) = if self.replies.block_mode() && !logging_in {
            self.wire_id = self.wire_id % MAX_WIRE_ID + 1;
            // A numbered blank line would reach the server as a bare
            // number, which it refuses: `$$` is its empty command.
            let line = if line.is_empty() {
                "$$".to_owned()
            } else {
                line
            };
            (format!("{} {line}", self.wire_id), Some(self.wire_id))
        } else {
            (line, None)
        };
        if !logging_in {
            self.replies.sent(now, wire_id, request);
        }
        if request.command == Command::Setup(SetupStep::Block) && wire_id.is_none() {
            self.block_asked = Some(now);
        }
        let bytes = match self.config.timeseal {
            Some(_) => timeseal::encode_line(line.as_bytes(), self.stamps.stamp(now)),
            None => {
                let mut bytes = line.into_bytes();
                bytes.push(b'\n');
                bytes
            }
        };
        self.transmit.push_back(bytes);
        self.last_sent = now;
    }
}

#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod tests;
