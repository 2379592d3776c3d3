//! The console as a part of the app: the server's text and the user's
//! conversations (`crate::console`), kept across runs (`chat_keeping.rs`),
//! and the command line. What it says to the screen reader: the first lines
//! of the answer to the user's command, a chat line in the tab shown, the
//! tab the keyboard moved to.

use crate::console::{Console, ConsoleTab, LineKind};
use crate::game::Effect;
use crate::local_time::TimeOfDay;
use crate::protocol::chat::ChatKind;
use crate::protocol::command::Command;
use crate::protocol::conversation::Conversation;
use crate::protocol::event::Event;
use crate::protocol::messages::MessagesLine;

use super::asked::Asker;
use super::chat_keeping::ChatKeeping;
use super::part::{Cx, Part};
use super::want::Want;

/// Lines of an answer to the user's command said at most (a long listing
/// such as `games` stays in the console).
const REPLY_LINES_SAID: u8 = 3;

#[derive(Debug, Default)]
pub struct ConsolePanel {
    console: Console,
    /// The conversations kept across runs.
    chat: ChatKeeping,
    /// Lines of the server's answer to the user's last command still to
    /// be said.
    replies_to_say: u8,
}

impl ConsolePanel {
    pub fn console(&self) -> &Console {
        &self.console
    }

    /// The tab shown.
    pub fn tab(&self) -> &ConsoleTab {
        &self.console.tab
    }

    /// A note of Kibitz's own.
    pub fn note(&mut self, text: &str) {
        self.console.push_note(text, TimeOfDay::now());
    }

    /// A command the user gave, echoed (never a password); the first lines
    /// of its answer will be said.
    pub fn echo(&mut self, command: &Command) {
        if !command.is_sensitive() {
            self.console.echo(command, TimeOfDay::now());
            self.chat.settle(&mut self.console);
            self.replies_to_say = REPLY_LINES_SAID;
        }
    }

    /// The commands typed, remembered across runs.
    pub fn history(&self) -> &Vec<String> {
        &self.console.history
    }

    pub fn set_history(&mut self, history: Vec<String>) {
        self.console.history = history;
    }

    /// The command line gets the keyboard.
    pub fn focus_command_line(&mut self) {
        self.console.focus_wanted = true;
    }

    /// The conversation with `handle` shown, ready to type in.
    pub fn talk_to(&mut self, handle: String) {
        self.console.talk_to(Conversation::Person(handle));
        self.console.focus_wanted = true;
    }

    /// A session with `server` begins: the last one's channel tabs go; its
    /// conversations are kept under `data_dir`, the window woken when a
    /// tab's earlier lines were read.
    pub fn connecting(
        &mut self,
        data_dir: Option<&std::path::Path>,
        server: &str,
        window: Option<egui::Context>,
    ) {
        self.console.new_session();
        self.chat.connecting(data_dir, server, window);
    }

    /// The console at the window's bottom (`side`: its frame), times on its
    /// lines or not: what the user typed or clicked.
    pub fn panel_ui(&mut self, ui: &mut egui::Ui, side: egui::Frame, times: bool) -> Vec<Want> {
        self.console.show_times = times;
        let mut wants = Vec::new();
        egui::Panel::bottom("console")
            .frame(side)
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| {
                let command = crate::ui::console::console_ui(ui, &mut self.console);
                wants.extend(command.map(Want::Send));
            });
        // The tab the keyboard moved to is said; a speaker clicked opens
        // their card.
        wants.extend(self.console.to_say.take().map(Want::Say));
        wants.extend(self.console.card_wanted.take().map(Want::OpenCard));
        wants
    }

    /// The first lines of the server's answer to the user's command are
    /// said: a screen reader's user hears "There is no such game." without
    /// going to the console. The answer ends at the prompt after it.
    fn say_reply(&mut self, event: &Event) -> Option<String> {
        match event {
            Event::Text(line) if self.replies_to_say > 0 && !line.trim().is_empty() => {
                self.replies_to_say -= 1;
                Some(line.trim().to_owned())
            }
            // The prompt after a line of the answer ends it (a prompt
            // after a board that came first does not).
            Event::Prompt(_) if self.replies_to_say < REPLY_LINES_SAID => {
                self.replies_to_say = 0;
                None
            }
            _ => None,
        }
    }

    /// A line in the conversation shown is said as the console shows it
    /// (tells are said wherever they go: `announce.rs`).
    fn chat_said(&self, event: &Event) -> Option<String> {
        let Event::Chat(chat) = event else {
            return None;
        };
        if matches!(chat.kind, ChatKind::Tell | ChatKind::PartnerTell) {
            return None;
        }
        let line = self.console.lines.back().filter(|line| {
            matches!(line.kind, LineKind::Chat(_))
                && self.console.tab.shows(line)
                && self.console.tab != ConsoleTab::All
        })?;
        Some(line.text.chars().take(300).collect())
    }
}

impl Part for ConsolePanel {
    /// The console takes the text (the lines of replies to Kibitz's own
    /// requests are not text: it never sees them); messages left while
    /// the user was away are asked for, into their senders' tabs.
    fn on_event(&mut self, _cx: &Cx<'_>, event: &Event, _effects: &[Effect]) -> Vec<Want> {
        // The channels the server lists at a login after a reconnect lack
        // those a guest had joined (the server forgot them with the
        // session): their tabs are still open, and they are joined again.
        let rejoin: Vec<Want> = match event {
            Event::ChannelList(listed) => self
                .console
                .talks
                .iter()
                .filter_map(|t| match t.conversation {
                    Conversation::Channel(n) if !listed.contains(&n) => Some(n),
                    _ => None,
                })
                .map(|n| Want::Ask(Asker::Nobody, Command::Channels(Some((n, true)))))
                .collect(),
            _ => Vec::new(),
        };
        // The console is told the time (it reads no clock).
        self.console.push_event(event, TimeOfDay::now());
        self.chat.settle(&mut self.console);
        let mut wants = rejoin;
        wants.extend(self.say_reply(event).map(Want::Say));
        wants.extend(self.chat_said(event).map(Want::Say));
        if let Event::Messages(MessagesLine::Waiting { total, unread }) = event
            && unread.unwrap_or(*total) > 0
        {
            let unread = unread.is_some();
            wants.push(Want::Ask(Asker::Nobody, Command::Messages { unread }));
        }
        wants
    }

    fn on_tick(&mut self, _cx: &Cx<'_>) -> Vec<Want> {
        // A tab's earlier lines, read off the UI thread meanwhile.
        self.chat.settle(&mut self.console);
        Vec::new()
    }
}
