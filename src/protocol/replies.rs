//! Which request each piece of server output answers, in one place.
//!
//! Every line sent is a request (with its id and who asked, see
//! [`super::request`]), recorded here in the order it went on the wire.
//! The server's output passes through [`Replies::fold`]:
//!
//! - In block mode (`iset block 1`: FatICS, freechess.org) each reply comes
//!   framed with the request's number, so everything in the frame is its.
//! - Without it (the old FICS) the server answers in the order it read the
//!   lines, each reply whole before its prompt. A reply is recognised by its
//!   first line (a listing's header or first entry, a refusal) and given to
//!   the oldest request of that kind still unanswered; it runs to its last
//!   line, or to the prompt. Kinds that cannot be recognised (a `tell`) are
//!   not waited for.
//!
//! The lines of a reply to Kibitz's own request become [`Event::OwnReply`]
//! (the log, not the console); a reply to the user's stays [`Event::Text`].
//! The typed events pass through as they are (`kibitz watch` prints them),
//! and a request somebody waits on gets one [`Event::Reply`] at its end:
//! the listing read whole, addressed to its id.

use std::collections::VecDeque;
use std::time::Duration;

use super::event::Event;
use super::finger::FingerParser;
use super::framing::Prompt;
use super::history::HistoryLine;
use super::journal::JournalLine;
use super::message::Message;
use super::messages::MessagesLine;
use super::movelist::MoveListParser;
use super::notify::parse_notify_header;
use super::reply::{Answer, MAX_ITEMS, Reply};
use super::request::{Origin, ReplyKind, Request, RequestId};
/// Time since the session's origin (as in `session.rs`, which uses this file).
type Now = Duration;
use crate::protocol::adjourned::AdjournedLine;

/// Requests remembered at most while their replies are awaited.
const MAX_IN_FLIGHT: usize = 256;
/// A request unanswered this long is given up (its reply was not
/// recognised): it must not take a later reply to the user's command.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(60);
/// Lines of a `moves` listing of ours held back at most while it is read.
const MAX_HELD: usize = 1000;

/// The requests on the wire and the reply being read.
#[derive(Debug, Default)]
pub struct Replies {
    /// Replies come framed with the request's number.
    block: bool,
    in_flight: VecDeque<InFlight>,
    current: Option<Assembly>,
    /// Without block mode: the last text line, until the event after it
    /// (its typed reading) shows which reply it starts.
    held: Option<String>,
}

#[derive(Debug, Clone)]
struct InFlight {
    /// The number it was sent with, in block mode.
    wire_id: Option<u32>,
    to: RequestId,
    origin: Origin,
    kind: ReplyKind,
    sent_at: Now,
}

/// A reply being read.
#[derive(Debug)]
struct Assembly {
    request: InFlight,
    answer: Answer,
    /// Framed (block mode): it ends with the frame.
    framed: bool,
    /// Its last line came (unframed listings end with a line of their own).
    complete: bool,
    /// Kibitz's `moves` listing without a frame: its lines held until the
    /// list is read (if it is not one after all, they go to the console).
    held: Option<Vec<String>>,
}

impl Replies {
    /// Whether replies come framed.
    pub fn block_mode(&self) -> bool {
        self.block
    }

    /// The server confirmed `iset block 1`: from the next line on, every
    /// line carries its number.
    pub fn set_block_mode(&mut self, on: bool) {
        self.block = on;
    }

    /// A request went on the wire (with `wire_id` in block mode).
    pub fn sent(&mut self, now: Now, wire_id: Option<u32>, request: &Request) {
        let kind = request.kind();
        if wire_id.is_none() && kind == ReplyKind::Other {
            // Nothing to recognise its reply by: the console shows it.
            return;
        }
        if self.in_flight.len() >= MAX_IN_FLIGHT {
            self.in_flight.pop_front();
        }
        self.in_flight.push_back(InFlight {
            wire_id,
            to: request.id,
            origin: request.origin,
            kind,
            sent_at: now,
        });
    }

    /// The connection is gone: nothing asked on it will be answered.
    pub fn forget(&mut self) {
        *self = Replies::default();
    }

    /// Reads one event of the server's output; what it becomes goes to `out`.
    pub fn fold(&mut self, now: Now, event: Event, out: &mut VecDeque<Event>) {
        self.give_up_old(now);
        if self.block {
            self.fold_framed(event, out);
        } else {
            self.fold_plain(event, out);
        }
    }

    /// The end of what arrived for now: a text line held for the event
    /// after it had none (the decoder gives a line's reading with it).
    pub fn flush(&mut self, out: &mut VecDeque<Event>) {
        if let Some(text) = self.held.take() {
            out.push_back(Event::Text(text));
        }
    }

    fn give_up_old(&mut self, now: Now) {
        while self
            .in_flight
            .front()
            .is_some_and(|r| now.saturating_sub(r.sent_at) > GIVE_UP_AFTER)
        {
            self.in_flight.pop_front();
        }
    }

    fn fold_framed(&mut self, event: Event, out: &mut VecDeque<Event>) {
        match event {
            Event::BlockStart { id, .. } => {
                self.end(out);
                out.push_back(event);
                if let Some(at) = self.in_flight.iter().position(|r| r.wire_id == Some(id)) {
                    let request = self.in_flight.remove(at).expect("position is in range");
                    self.current = Some(Assembly::new(request, true));
                }
            }
            Event::BlockEnd => {
                out.push_back(event);
                self.end(out);
            }
            Event::Text(text) => match self.current.as_mut() {
                Some(reply) => reply.text(text, out),
                None => out.push_back(Event::Text(text)),
            },
            event => {
                if let Some(reply) = self.current.as_mut() {
                    reply.absorb(&event);
                }
                out.push_back(event);
            }
        }
    }

    fn fold_plain(&mut self, event: Event, out: &mut VecDeque<Event>) {
        match event {
            Event::Text(text) => {
                self.flush(out);
                if let Some(reply) = self.current.as_mut() {
                    reply.text(text, out);
                    return;
                }
                if let Some(at) = self.started_by_text(&text) {
                    self.start(at, text, out);
                    if self.current.as_ref().is_some_and(|r| r.complete) {
                        self.end(out);
                    }
                    return;
                }
                self.held = Some(text);
            }
            // A reply without a frame ends at the prompt after it.
            Event::Prompt(Prompt::Command) => {
                self.flush(out);
                self.end(out);
                out.push_back(event);
            }
            event => {
                // A reply's first typed event starts it (its held text line
                // is its first line).
                if self.current.is_none()
                    && let Some(at) = self.started_by(&event)
                {
                    self.current = Some(Assembly::new(self.take(at), false));
                }
                if let Some(reply) = self.current.as_mut()
                    && reply.absorb(&event)
                {
                    if let Some(text) = self.held.take() {
                        reply.text(text, out);
                    }
                    let complete = reply.complete;
                    out.push_back(event);
                    if complete {
                        self.end(out);
                    }
                    return;
                }
                self.flush(out);
                out.push_back(event);
            }
        }
    }

    /// Starts the reply of the request at `at` with its first line.
    fn start(&mut self, at: usize, text: String, out: &mut VecDeque<Event>) {
        let request = self.take(at);
        let mut reply = Assembly::new(request, false);
        reply.text(text, out);
        self.current = Some(reply);
    }

    fn take(&mut self, at: usize) -> InFlight {
        self.in_flight.remove(at).expect("position is in range")
    }

    /// The oldest request still unanswered that fits.
    fn oldest(&self, fits: impl Fn(ReplyKind) -> bool) -> Option<usize> {
        self.in_flight.iter().position(|r| fits(r.kind))
    }

    /// A request whose reply this line begins, where the line alone says it.
    fn started_by_text(&self, text: &str) -> Option<usize> {
        if text.starts_with("There is no player matching") {
            return self.oldest(ReplyKind::names_a_player);
        }
        if text == "journal: Command not found." {
            return self.oldest(|k| k == ReplyKind::Journal);
        }
        if text == "=notify: Command has failed." || parse_notify_header(text).is_some() {
            return self.oldest(|k| k == ReplyKind::NotifyList);
        }
        if crate::protocol::channels::parse_channel_header(text).is_some() {
            return self.oldest(|k| k == ReplyKind::ChannelList);
        }
        if is_setup_reply(text) {
            return self.oldest(|k| k == ReplyKind::Setup);
        }
        if FingerParser::start(text).is_some() {
            return self.oldest(|k| k == ReplyKind::Finger);
        }
        if let Some(list) = MoveListParser::start(text) {
            return match list.game() {
                Some(game) => self.oldest(|k| k == ReplyKind::Moves(game)),
                None => self.oldest(|k| matches!(k, ReplyKind::Moves(_))),
            };
        }
        None
    }

    /// A request whose reply this typed event begins.
    fn started_by(&self, event: &Event) -> Option<usize> {
        let kind = |wanted: ReplyKind| self.oldest(|k| k == wanted);
        match event {
            Event::GamesEntry(_) | Event::GamesEnd(_) => kind(ReplyKind::Games),
            Event::SoughtEntry(_) | Event::SoughtEnd { .. } => kind(ReplyKind::Sought),
            Event::WhoEntries(_) | Event::WhoEnd(_) => kind(ReplyKind::Who),
            Event::History(HistoryLine::Header { .. } | HistoryLine::NoGames { .. }) => {
                kind(ReplyKind::History)
            }
            Event::Journal(JournalLine::Header { .. } | JournalLine::NoJournal { .. }) => {
                kind(ReplyKind::Journal)
            }
            Event::Adjourned(
                AdjournedLine::StoredHeader { .. } | AdjournedLine::NoneStored { .. },
            ) => kind(ReplyKind::Stored),
            Event::NotifyList(_) => kind(ReplyKind::NotifyList),
            Event::ChannelList(_) => kind(ReplyKind::ChannelList),
            Event::Messages(MessagesLine::Header | MessagesLine::NoMessages) => {
                kind(ReplyKind::Messages)
            }
            Event::InChannel { .. } => kind(ReplyKind::InChannel),
            Event::MoveList(list) => match list.game {
                Some(game) => kind(ReplyKind::Moves(game)),
                None => self.oldest(|k| matches!(k, ReplyKind::Moves(_))),
            },
            Event::Message(Message::ObservationStarted { game }) => kind(ReplyKind::Observe(*game)),
            Event::Message(Message::ObserveRefused { game, .. }) => match game {
                Some(game) => kind(ReplyKind::Observe(*game)),
                None => self.oldest(|k| matches!(k, ReplyKind::Observe(_))),
            },
            // Its board answers an `observe` even where no words came first.
            Event::Board(board) => kind(ReplyKind::Observe(board.game)),
            _ => None,
        }
    }

    /// The reply read is over: its held lines go out, and its answer to
    /// whoever waits for it.
    fn end(&mut self, out: &mut VecDeque<Event>) {
        let Some(reply) = self.current.take() else {
            return;
        };
        let read = reply.complete || reply.framed;
        if let Some(held) = reply.held {
            // A listing that was not one after all: shown.
            let line = if read { Event::OwnReply } else { Event::Text };
            out.extend(held.into_iter().map(line));
        }
        if reply.request.to != RequestId::UNROUTED {
            out.push_back(Event::Reply(Box::new(Reply {
                to: reply.request.to,
                origin: reply.request.origin,
                answer: reply.answer,
            })));
        }
    }
}

impl Assembly {
    fn new(request: InFlight, framed: bool) -> Self {
        let answer = match request.kind {
            ReplyKind::Games => Answer::games(),
            ReplyKind::Sought => Answer::Sought(Vec::new()),
            ReplyKind::Who => Answer::Who(Vec::new()),
            _ => Answer::Done,
        };
        let held = (!framed
            && request.origin == Origin::Kibitz
            && matches!(request.kind, ReplyKind::Moves(_)))
        .then(Vec::new);
        Assembly {
            request,
            answer,
            framed,
            complete: false,
            held,
        }
    }

    /// A line of the reply: the console's if the user asked, else the log's.
    fn text(&mut self, text: String, out: &mut VecDeque<Event>) {
        self.read_text(&text);
        match (&mut self.held, self.request.origin) {
            (Some(held), _) if held.len() < MAX_HELD => held.push(text),
            (_, Origin::User) => out.push_back(Event::Text(text)),
            (_, Origin::Kibitz) => out.push_back(Event::OwnReply(text)),
        }
    }

    /// What a line says by itself.
    fn read_text(&mut self, text: &str) {
        let kind = self.request.kind;
        if text.starts_with("There is no player matching") && kind.names_a_player() {
            self.answer = Answer::NoSuchPlayer {
                text: text.to_owned(),
            };
            self.complete = true;
        } else if text.ends_with(": Command not found.") || text.ends_with(": Command has failed.")
        {
            self.answer = Answer::NotFound {
                text: text.to_owned(),
            };
            self.complete = true;
        } else if kind == ReplyKind::Setup && !self.framed {
            // One line back.
            self.complete = true;
        }
    }

    /// Folds a typed event into the answer; whether it belongs to it.
    fn absorb(&mut self, event: &Event) -> bool {
        let kind = self.request.kind;
        match (kind, event) {
            (ReplyKind::Games, Event::GamesEntry(entry)) => {
                if let Answer::Games { entries, .. } = &mut self.answer
                    && entries.len() < MAX_ITEMS
                {
                    entries.push(entry.clone());
                }
            }
            (ReplyKind::Games, Event::GamesEnd(end)) => {
                if let Answer::Games { end: e, .. } = &mut self.answer {
                    *e = Some(*end);
                }
                self.complete = true;
            }
            (ReplyKind::Sought, Event::SoughtEntry(seek)) => self.answer.seek(seek),
            (ReplyKind::Sought, Event::SoughtEnd { .. }) => self.complete = true,
            (ReplyKind::Who, Event::WhoEntries(more)) => {
                if let Answer::Who(entries) = &mut self.answer {
                    let room = MAX_ITEMS.saturating_sub(entries.len());
                    entries.extend(more.iter().take(room).cloned());
                }
            }
            (ReplyKind::Who, Event::WhoEnd(_)) => self.complete = true,
            (ReplyKind::Finger, Event::Finger(finger)) => {
                self.answer = Answer::Finger(finger.clone());
                self.complete = true;
            }
            (ReplyKind::History, Event::History(line)) => self.answer.history_line(line),
            (ReplyKind::Journal, Event::Journal(line)) => self.answer.journal_line(line),
            (ReplyKind::Stored, Event::Adjourned(line)) => self.stored_line(line),
            (ReplyKind::NotifyList, Event::NotifyList(names)) => {
                self.answer = Answer::NotifyList(names.clone());
                self.complete = true;
            }
            // The console reads the typed event itself.
            (ReplyKind::ChannelList, Event::ChannelList(_)) => self.complete = true,
            (ReplyKind::Moves(_), Event::MoveList(list)) => {
                self.answer = Answer::Moves(list.clone());
                self.complete = true;
            }
            (ReplyKind::Observe(game), Event::Message(Message::ObservationStarted { game: g }))
                if *g == game =>
            {
                self.answer = Answer::Observing { game };
            }
            (
                ReplyKind::Observe(game),
                Event::Message(Message::ObservationHeader { game: g, .. }),
            ) if *g == game => {}
            (ReplyKind::Observe(game), Event::Board(board)) if board.game == game => {
                if self.answer == Answer::Done {
                    self.answer = Answer::Observing { game };
                }
            }
            (ReplyKind::Observe(game), Event::Message(Message::ObserveRefused { text, .. })) => {
                self.answer = Answer::ObserveRefused {
                    game,
                    text: text.clone(),
                };
                self.complete = true;
            }
            _ => return false,
        }
        true
    }

    fn stored_line(&mut self, line: &AdjournedLine) {
        let (handle, games) = match &mut self.answer {
            Answer::Stored { handle, games } => (handle, games),
            _ => {
                self.answer = Answer::Stored {
                    handle: None,
                    games: Vec::new(),
                };
                return self.stored_line(line);
            }
        };
        match line {
            AdjournedLine::StoredHeader { handle: h } | AdjournedLine::NoneStored { handle: h } => {
                *handle = Some(h.clone());
            }
            AdjournedLine::Stored(game) if games.len() < MAX_ITEMS => games.push(game.clone()),
            _ => {}
        }
    }
}

/// The server's answer to a line of the set-up (`Style 12 set.`, the old
/// FICS's `com_iset: block 1`, FatICS's wordings).
pub fn is_setup_reply(text: &str) -> bool {
    text.ends_with(" set.")
        || text.ends_with(" unset.")
        || text.starts_with("com_iset:")
        || text.starts_with("Cannot alter")
        || text.starts_with("Bad value given for variable")
        || text.starts_with("Bell ")
        || text.starts_with("No such variable")
        // FatICS (today's freechess.org) words two of them differently.
        || text.starts_with("You will not hear beeps")
        || text.starts_with("interface set to")
        || text.contains("prompt will")
        || text.starts_with("Interface ")
}

#[cfg(test)]
mod tests;
