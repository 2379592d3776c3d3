//! The console: the server's text (never a line lost, bounded scrollback)
//! and a command line with history.

use std::collections::VecDeque;

use egui::{Color32, RichText};

use crate::protocol::command::Command;
use crate::protocol::event::Event;

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
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsoleLine {
    pub kind: LineKind,
    pub text: String,
}

#[derive(Debug, Default)]
pub struct Console {
    pub lines: VecDeque<ConsoleLine>,
    pub input: String,
    pub history: Vec<String>,
    /// Position while stepping through the history with Up/Down.
    history_at: Option<usize>,
}

impl Console {
    fn push(&mut self, kind: LineKind, text: &str) {
        self.lines.push_back(ConsoleLine {
            kind,
            text: text.to_owned(),
        });
        while self.lines.len() > SCROLLBACK {
            self.lines.pop_front();
        }
    }

    /// Shows what the server said: text, unreadable lines (marked), cut lines.
    pub fn push_event(&mut self, event: &Event) {
        match event {
            Event::Text(text) if !text.trim().is_empty() => {
                self.push(LineKind::Server, &unescape_char_refs(text));
            }
            Event::Unparsed { line, .. } => self.push(LineKind::Unparsed, line),
            Event::LineCut { head } => {
                self.push(LineKind::Unparsed, &format!("{head}… (line too long, cut)"))
            }
            Event::LoginFailed { reason } => {
                self.push(LineKind::Note, &format!("login failed: {reason}"))
            }
            _ => {}
        }
    }

    pub fn push_note(&mut self, text: &str) {
        self.push(LineKind::Note, text);
    }

    pub fn echo(&mut self, command: &Command) {
        if let Ok(line) = command.to_line() {
            self.push(LineKind::Echo, &format!("> {line}"));
        }
    }

    /// Up/Down through the history.
    fn recall(&mut self, older: bool) {
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
    fn submit(&mut self) -> Option<Command> {
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
        Some(Command::Raw(line))
    }
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

/// Draws the console; returns a command the user entered.
pub fn console_ui(ui: &mut egui::Ui, console: &mut Console) -> Option<Command> {
    let mut command = None;
    egui::Panel::bottom("console input").show(ui, |ui| {
        let edit = egui::TextEdit::singleline(&mut console.input)
            .hint_text("command (e.g. games, observe 12, seek 5 0, tell someone hi)")
            .desired_width(f32::INFINITY)
            .font(egui::TextStyle::Monospace);
        let response = ui.add(edit);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Command"));
        if response.has_focus() {
            if ui.input(|i| i.key_pressed(egui::Key::ArrowUp)) {
                console.recall(true);
            } else if ui.input(|i| i.key_pressed(egui::Key::ArrowDown)) {
                console.recall(false);
            }
        }
        if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
            command = console.submit();
            response.request_focus();
        }
    });
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for line in &console.lines {
                let text = RichText::new(&line.text).monospace();
                let text = match line.kind {
                    LineKind::Server => text,
                    LineKind::Unparsed => text.color(Color32::from_rgb(0xD0, 0x80, 0x20)),
                    LineKind::Echo => text.weak(),
                    LineKind::Note => text.italics().color(Color32::from_rgb(0x50, 0x90, 0xD0)),
                };
                ui.label(text);
            }
        });
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn character_references_are_shown_as_characters() {
        assert_eq!(
            unescape_char_refs("&#x2659;&#x265a; Thank you &#xe0;"),
            "PK Thank you \u{e0}"
        );
        assert_eq!(
            unescape_char_refs("a &#xZZ; b &#x; &#x1"),
            "a &#xZZ; b &#x; &#x1"
        );
        assert_eq!(unescape_char_refs("&#x7;bell"), "&#x7;bell");
    }

    #[test]
    fn history_recalls_the_last_commands() {
        let mut console = Console::default();
        for line in ["games", "observe 7", "observe 7"] {
            console.input = line.into();
            console.submit();
        }
        assert_eq!(console.history, ["games", "observe 7"]);
        console.recall(true);
        assert_eq!(console.input, "observe 7");
        console.recall(true);
        assert_eq!(console.input, "games");
        console.recall(false);
        assert_eq!(console.input, "observe 7");
        console.recall(false);
        assert_eq!(console.input, "");
    }

    #[test]
    fn scrollback_is_bounded_and_unparsed_lines_are_kept() {
        let mut console = Console::default();
        for i in 0..SCROLLBACK + 10 {
            console.push_event(&Event::Text(format!("line {i}")));
        }
        assert_eq!(console.lines.len(), SCROLLBACK);
        console.push_event(&Event::Unparsed {
            line: "<12> broken".into(),
            error: "x".into(),
        });
        assert_eq!(
            console.lines.back().map(|l| l.kind),
            Some(LineKind::Unparsed)
        );
    }
}
