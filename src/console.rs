//! The console's model: the server's text (never a line lost, bounded
//! scrollback) in conversations and tabs, and the command line's history.
//! `ui/console.rs` draws it.

use std::collections::VecDeque;

use crate::local_time::TimeOfDay;
pub use crate::protocol::chat::Chat;
use crate::protocol::chat::ChatKind;
use crate::protocol::command::Command;
use crate::protocol::conversation::Conversation;
use crate::protocol::event::Event;
use crate::protocol::messages::{MessagesLine, OfflineMessage};
use crate::protocol::notice::Notice;

/// A conversation's tab: opened by its first line, closed by the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Talk {
    pub conversation: Conversation,
    /// Lines since the tab was last shown.
    pub unread: u32,
}

/// Lines kept; older ones scroll away.
const SCROLLBACK: usize = 5000;
/// Commands kept for Up/Down.
const HISTORY: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineKind {
    /// The server's text.
    Server,
    /// A line Kibitz could not read: shown as sent, marked.
    Unparsed,
    /// What the user (or Kibitz) sent.
    Echo,
    /// Kibitz's own notes (connection, saved games).
    Note,
    /// Somebody talking: tells, channels, game chat.
    Chat(Chat),
    /// A line of a conversation from an earlier run (in its tab only).
    Earlier,
}

/// The console's tabs: everything, or one conversation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ConsoleTab {
    #[default]
    All,
    Talk(Conversation),
}

impl ConsoleTab {
    /// A number naming the tab (shared with the network thread): 0 for
    /// All, the conversation's key otherwise.
    pub fn key(&self) -> u64 {
        match self {
            ConsoleTab::All => 0,
            ConsoleTab::Talk(conversation) => conversation.key(),
        }
    }

    /// Whether this line shows in this tab.
    pub fn shows(&self, line: &ConsoleLine) -> bool {
        match self {
            ConsoleTab::All => line.kind != LineKind::Earlier,
            ConsoleTab::Talk(conversation) => line
                .conversation
                .as_ref()
                .is_some_and(|c| c.same(conversation)),
        }
    }
}

/// Commands offered by Tab completion.
const COMMANDS: [&str; 40] = [
    "accept",
    "abort",
    "adjourn",
    "backward",
    "channel",
    "decline",
    "draw",
    "examine",
    "finger",
    "flag",
    "follow",
    "forward",
    "games",
    "history",
    "inchannel",
    "kibitz",
    "match",
    "moretime",
    "moves",
    "observe",
    "play",
    "pending",
    "refresh",
    "resign",
    "say",
    "seek",
    "set",
    "shout",
    "sought",
    "takeback",
    "tell",
    "unexamine",
    "unobserve",
    "unseek",
    "variables",
    "whisper",
    "who",
    "withdraw",
    "xtell",
    "znotify",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleLine {
    pub kind: LineKind,
    pub text: String,
    /// A chat line's speaker (a click opens their card).
    pub speaker: Option<String>,
    /// The conversation it belongs to (the user's own words too).
    pub conversation: Option<Conversation>,
    /// When it came, on the user's clock (`21:04`).
    pub time: String,
}

#[derive(Debug, Default)]
pub struct Console {
    pub lines: VecDeque<ConsoleLine>,
    pub input: String,
    pub history: Vec<String>,
    /// Position while stepping through the history with Up/Down.
    history_at: Option<usize>,
    pub tab: ConsoleTab,
    /// Handles seen recently, for Tab completion (newest last, bounded).
    pub handles: Vec<String>,
    /// Our own handle, highlighted where it appears.
    pub me: Option<String>,
    pub had_focus: bool,
    /// A shortcut asked for the command line to get the keyboard.
    pub focus_wanted: bool,
    /// A chat line's speaker was clicked: their card is wanted.
    pub card_wanted: Option<String>,
    /// The lines the shown tab had last frame (new ones need a second
    /// frame to scroll into view).
    pub shown_before: usize,
    /// The conversations' tabs, in the order they opened.
    pub talks: Vec<Talk>,
    /// Lines show their time (a setting).
    pub show_times: bool,
    /// The channel number being typed to join.
    pub join_channel: String,
    /// Chat lines to keep across runs, with their conversation (the
    /// console's part writes them away after each event).
    pub kept: Vec<(Conversation, String)>,
    /// Tabs opened since: their earlier lines are wanted.
    pub opened: Vec<Conversation>,
    /// Who is in each channel, as `inchannel` last said.
    pub members: std::collections::BTreeMap<u32, Vec<String>>,
    /// What the screen reader should hear of the console (the tab the
    /// keyboard moved to): the console's part says it.
    pub to_say: Option<String>,
}

/// Lines to keep, or tabs opened, waiting at most (nobody took them).
const WAITING: usize = 1000;

impl Console {
    /// A new session: the channels the last user was in are not this
    /// one's (their tabs close, and who is in them is forgotten); the
    /// lines and the conversations with people stay.
    pub fn new_session(&mut self) {
        let channel = |c: &Conversation| matches!(c, Conversation::Channel(_));
        self.talks.retain(|t| !channel(&t.conversation));
        if let ConsoleTab::Talk(c) = &self.tab
            && channel(c)
        {
            self.tab = ConsoleTab::All;
        }
        self.members.clear();
    }

    fn push(&mut self, kind: LineKind, text: &str, at: TimeOfDay) {
        self.lines.push_back(ConsoleLine {
            kind,
            text: text.to_owned(),
            speaker: None,
            conversation: None,
            time: at.to_string(),
        });
        while self.lines.len() > SCROLLBACK {
            self.lines.pop_front();
        }
    }

    /// Shows what the server said: text, unreadable lines (marked), cut
    /// lines; a line shows `at`, when it came.
    pub fn push_event(&mut self, event: &Event, at: TimeOfDay) {
        match event {
            Event::Text(text) if !text.trim().is_empty() => {
                self.push(LineKind::Server, &unescape_char_refs(text), at);
                // A qtell (only bots send them): the Events tab's, also
                // what no record reads (`Unable to comply ...`). A chat
                // read after it may say otherwise.
                if is_qtell(text) {
                    self.keep_for_events();
                }
            }
            // The typed reading of the line just shown: its tab, its speaker.
            Event::Chat(chat) => {
                let conversation = Conversation::of_chat(chat);
                if (chat.tab().is_some() || conversation.is_some())
                    && let Some(line) = self.lines.back_mut()
                    && line.kind == LineKind::Server
                {
                    // An announcement of an event bot's: no chat of the
                    // All tab's kinds, but the Events tab's.
                    if let Some(tab) = chat.tab() {
                        line.kind = LineKind::Chat(tab);
                        line.speaker = Some(chat.from.clone());
                    }
                    // A qtell is the Events tab's already: kept once.
                    let was = std::mem::replace(&mut line.conversation, conversation);
                    if let Some(conversation) = line.conversation.clone()
                        && was.as_ref() != Some(&conversation)
                    {
                        let text = line.text.clone();
                        self.heard(conversation.clone());
                        self.keep(conversation, text);
                    }
                }
                if chat.kind != ChatKind::Told {
                    self.remember_handle(&chat.from);
                }
            }
            // The user's channels: a tab each (nothing unread yet); a
            // channel joined opens its tab, one left closes it.
            Event::ChannelList(channels) => {
                for channel in channels {
                    self.open(Conversation::Channel(*channel));
                }
            }
            Event::ChannelChange { channel, joined } => {
                let conversation = Conversation::Channel(*channel);
                if *joined {
                    self.open(conversation);
                } else {
                    self.close_tab(&conversation);
                }
            }
            // "X is not logged in.": said in X's tab too (a tell to X
            // went unheard).
            Event::Notice(Notice::NotOnline { handle }) => {
                let person = Conversation::Person(handle.clone());
                let open = self.talks.iter().any(|t| t.conversation.same(&person));
                if open && let Some(line) = self.lines.back_mut() {
                    line.conversation = Some(person);
                }
            }
            Event::Messages(MessagesLine::Row(message)) => self.left_message(message, at),
            Event::InChannel { channel, members } => {
                // Bounded: the channels with a tab, and a few more.
                if self.members.len() >= 64 {
                    self.members.pop_first();
                }
                self.members.insert(*channel, members.clone());
            }
            Event::LoggedIn { handle, .. } => self.me = Some(handle.clone()),
            Event::Board(board) => {
                self.remember_handle(&board.white);
                self.remember_handle(&board.black);
            }
            Event::Unparsed { line, .. } => self.push(LineKind::Unparsed, line, at),
            Event::LineCut { head } => {
                let words = format!("{head}… (line too long, cut)");
                self.push(LineKind::Unparsed, &words, at);
            }
            Event::LoginFailed { reason } => {
                self.push(LineKind::Note, &format!("login failed: {reason}"), at);
            }
            _ => {}
        }
    }

    /// A message left while the user was away: in its sender's tab (the
    /// listing's own line where the user asked for it, else a line of its
    /// own: Kibitz's asking at login shows no listing).
    fn left_message(&mut self, message: &OfflineMessage, at: TimeOfDay) {
        let person = Conversation::Person(message.from.clone());
        let listed = self.lines.back().is_some_and(|line| {
            line.kind == LineKind::Server
                && line.text.contains(&message.from)
                && line.text.contains(&message.text)
        });
        if !listed {
            let words = format!(
                "{} left you a message ({}): {}",
                message.from, message.when, message.text
            );
            self.push(LineKind::Server, &words, at);
        }
        if let Some(line) = self.lines.back_mut() {
            line.kind = LineKind::Chat(Chat::Tell);
            line.speaker = Some(message.from.clone());
            line.conversation = Some(person.clone());
        }
        self.heard(person);
        self.remember_handle(&message.from);
    }

    pub fn remember_handle(&mut self, handle: &str) {
        if let Some(at) = self.handles.iter().position(|h| h == handle) {
            self.handles.remove(at);
        }
        self.handles.push(handle.to_owned());
        if self.handles.len() > 500 {
            self.handles.remove(0);
        }
    }

    /// Completes the word before the cursor (the end of the input): a
    /// command for the first word, a handle after it.
    pub fn complete(&mut self) {
        let start = self.input.rfind(' ').map_or(0, |i| i + 1);
        let word = self.input[start..].to_ascii_lowercase();
        if word.is_empty() {
            return;
        }
        let found = if start == 0 {
            COMMANDS
                .iter()
                .find(|c| c.starts_with(&word))
                .map(|c| (*c).to_owned())
        } else {
            self.handles
                .iter()
                .rev()
                .find(|h| h.to_ascii_lowercase().starts_with(&word))
                .cloned()
        };
        if let Some(found) = found {
            self.input.truncate(start);
            self.input.push_str(&found);
            self.input.push(' ');
        }
    }

    pub fn push_note(&mut self, text: &str, at: TimeOfDay) {
        self.push(LineKind::Note, text, at);
    }

    pub fn echo(&mut self, command: &Command, at: TimeOfDay) {
        if let Ok(line) = command.to_line() {
            self.push(LineKind::Echo, &format!("> {line}"), at);
            // The user's own words are the conversation's too.
            if let Some(conversation) = Conversation::of_command(command) {
                let tab = self.open(conversation.clone());
                self.talks[tab].unread = 0;
                if let Some(line) = self.lines.back_mut() {
                    line.conversation = Some(conversation.clone());
                    let text = line.text.clone();
                    self.keep(conversation, text);
                }
            }
        }
    }

    /// The tab of `conversation`, opened if it is not: its index.
    fn open(&mut self, conversation: Conversation) -> usize {
        match self
            .talks
            .iter()
            .position(|t| t.conversation.same(&conversation))
        {
            Some(at) => at,
            None => {
                if self.opened.len() < WAITING {
                    self.opened.push(conversation.clone());
                }
                self.talks.push(Talk {
                    conversation,
                    unread: 0,
                });
                self.talks.len() - 1
            }
        }
    }

    /// A line of a conversation, to keep across runs.
    fn keep(&mut self, conversation: Conversation, text: String) {
        if self.kept.len() < WAITING {
            self.kept.push((conversation, text));
        }
    }

    /// A conversation's lines from earlier runs, shown in its tab before
    /// its lines of this run.
    pub fn insert_earlier(
        &mut self,
        conversation: &Conversation,
        earlier: &[crate::archive::chat_log::Earlier],
    ) {
        let first = self
            .lines
            .iter()
            .position(|l| {
                l.conversation
                    .as_ref()
                    .is_some_and(|c| c.same(conversation))
            })
            .unwrap_or(self.lines.len());
        for (i, line) in earlier.iter().enumerate() {
            self.lines.insert(
                first + i,
                ConsoleLine {
                    kind: LineKind::Earlier,
                    text: line.text.clone(),
                    speaker: None,
                    conversation: Some(conversation.clone()),
                    // `11-24 21:04`: the day counts here.
                    time: line.when.get(5..).unwrap_or(&line.when).to_owned(),
                },
            );
        }
        while self.lines.len() > SCROLLBACK {
            self.lines.pop_front();
        }
    }

    /// The last line, a server's, goes to the Events tab too (once).
    fn keep_for_events(&mut self) {
        if let Some(line) = self.lines.back_mut()
            && line.kind == LineKind::Server
            && line.conversation.is_none()
        {
            line.conversation = Some(Conversation::Events);
            let text = line.text.clone();
            self.heard(Conversation::Events);
            self.keep(Conversation::Events, text);
        }
    }

    /// A line of `conversation` came: its tab opens, and counts it unread
    /// unless it is the one shown.
    fn heard(&mut self, conversation: Conversation) {
        let shown = matches!(&self.tab, ConsoleTab::Talk(c) if c.same(&conversation));
        let tab = self.open(conversation);
        if !shown {
            self.talks[tab].unread = self.talks[tab].unread.saturating_add(1);
        }
    }

    /// Shows a tab (its lines read).
    pub fn show_tab(&mut self, tab: ConsoleTab) {
        let mut tab = tab;
        if let ConsoleTab::Talk(conversation) = &tab
            && let Some(talk) = self
                .talks
                .iter_mut()
                .find(|t| t.conversation.same(conversation))
        {
            talk.unread = 0;
            // As the tab spells it (the server's spelling of a handle).
            tab = ConsoleTab::Talk(talk.conversation.clone());
        }
        self.tab = tab;
    }

    /// Opens (or shows) a conversation's tab to type in.
    pub fn talk_to(&mut self, conversation: Conversation) {
        self.open(conversation.clone());
        self.show_tab(ConsoleTab::Talk(conversation));
    }

    /// The tab `step` places away from the shown one (All first, then the
    /// conversations), wrapping around: Ctrl+PageDown and Ctrl+PageUp.
    pub fn step_tab(&mut self, step: isize) {
        let tabs: Vec<ConsoleTab> = std::iter::once(ConsoleTab::All)
            .chain(
                self.talks
                    .iter()
                    .map(|t| ConsoleTab::Talk(t.conversation.clone())),
            )
            .collect();
        let at = tabs.iter().position(|t| *t == self.tab).unwrap_or(0) as isize;
        let next = (at + step).rem_euclid(tabs.len() as isize) as usize;
        let unread = match &tabs[next] {
            ConsoleTab::All => 0,
            ConsoleTab::Talk(c) => self
                .talks
                .iter()
                .find(|t| t.conversation.same(c))
                .map_or(0, |t| t.unread),
        };
        let name = match &tabs[next] {
            ConsoleTab::All => "All".to_owned(),
            ConsoleTab::Talk(c) => c.title(),
        };
        self.to_say = Some(match unread {
            0 => format!("{name} tab"),
            n => format!("{name} tab, {n} unread"),
        });
        self.show_tab(tabs[next].clone());
    }

    /// Closes a conversation's tab (its next line opens it again).
    pub fn close_tab(&mut self, conversation: &Conversation) {
        self.talks.retain(|t| !t.conversation.same(conversation));
        if matches!(&self.tab, ConsoleTab::Talk(c) if c.same(conversation)) {
            self.tab = ConsoleTab::All;
        }
    }

    /// Up/Down through the history.
    pub fn recall(&mut self, older: bool) {
        if self.history.is_empty() {
            return;
        }
        let last = self.history.len() - 1;
        let at = match (self.history_at, older) {
            (None, true) => Some(last),
            (None, false) => None,
            (Some(i), true) => Some(i.saturating_sub(1)),
            (Some(i), false) if i < last => Some(i + 1),
            (Some(_), false) => None,
        };
        self.history_at = at;
        self.input = at.map(|i| self.history[i].clone()).unwrap_or_default();
    }

    /// The typed line was sent: into the history, input cleared.
    pub fn submit(&mut self) -> Option<Command> {
        let line = std::mem::take(&mut self.input);
        self.history_at = None;
        if line.trim().is_empty() {
            return None;
        }
        if self.history.last() != Some(&line) {
            self.history.push(line.clone());
            if self.history.len() > HISTORY {
                self.history.remove(0);
            }
        }
        // In a conversation's tab the words are said in it; a leading `/`
        // makes the line a server command all the same.
        match &self.tab {
            ConsoleTab::Talk(_) if line.starts_with('/') => {
                Some(Command::Raw(line.trim_start_matches('/').to_owned()))
            }
            ConsoleTab::Talk(conversation) => Some(conversation.message(line.trim())),
            ConsoleTab::All => Some(Command::Raw(line)),
        }
    }
}

/// Whether `handle` is named in `text`: as a word of its own, in any case
/// (FICS handles are), not inside another (`guest` in `guests`).
pub fn mentions(text: &str, handle: &str) -> bool {
    if handle.is_empty() {
        return false;
    }
    let (text, handle) = (text.to_ascii_lowercase(), handle.to_ascii_lowercase());
    let word_char = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    text.match_indices(&handle).any(|(at, _)| {
        !word_char(text[..at].chars().next_back())
            && !word_char(text[at + handle.len()..].chars().next())
    })
}

/// Some servers send non-ASCII as `&#xNNNN;` on their old-client port
/// (`&#x2659;` is a pawn): show the characters. Anything malformed stays.
pub fn unescape_char_refs(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("&#x") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 3..];
        let decoded = after.find(';').filter(|&end| end <= 6).and_then(|end| {
            let c = u32::from_str_radix(&after[..end], 16)
                .ok()
                .and_then(char::from_u32)?;
            Some((c, end))
        });
        match decoded {
            Some((c, end)) if let Some(shown) = displayable(c) => {
                out.push(shown);
                rest = &after[end + 1..];
            }
            _ => {
                out.push_str("&#x");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What the console font can show for `c`: Latin letters and punctuation
/// as they are, chess symbols as piece letters; `None` keeps the escape.
fn displayable(c: char) -> Option<char> {
    const PIECES: [char; 6] = ['K', 'Q', 'R', 'B', 'N', 'P'];
    match u32::from(c) {
        0x2654..=0x265F => PIECES.get((u32::from(c) - 0x2654) as usize % 6).copied(),
        0x20..=0x7E | 0xA0..=0x24F | 0x2010..=0x2027 => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests;

/// A bot's qtell line (`:` first); not `ping`'s reply, which looks like one.
fn is_qtell(text: &str) -> bool {
    text.starts_with(':') && !text.starts_with("::") && !text.starts_with(":min/avg/max")
}
