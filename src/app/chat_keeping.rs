//! The conversations kept across runs, as the chrome's console fills: a
//! tab that opens shows its conversation's earlier lines, and every chat
//! line goes to its conversation's file (`archive::chat_log`). Nothing is
//! kept without a data directory (tests) or before a server is known.

use std::path::Path;

use crate::archive::UtcTime;
use crate::archive::chat_log::ChatLog;
use crate::ui::console::Console;

/// Earlier lines a tab shows when it opens.
const EARLIER_LINES: usize = 50;

#[derive(Debug, Default)]
pub struct ChatKeeping {
    /// The log of the server connected to.
    log: Option<ChatLog>,
}

impl ChatKeeping {
    /// A session with this server (`host:port`) begins: its conversations
    /// are kept under `data_dir` (None: not kept).
    pub fn connecting(&mut self, data_dir: Option<&Path>, server: &str) {
        self.log = data_dir.map(|dir| ChatLog::new(dir, server));
    }

    /// After the console took a line: tabs opened get their earlier lines
    /// (read before this run's lines are written, so none comes twice),
    /// then the new lines are written away.
    pub fn settle(&mut self, console: &mut Console) {
        let opened = std::mem::take(&mut console.opened);
        let kept = std::mem::take(&mut console.kept);
        let Some(log) = &self.log else {
            return;
        };
        for conversation in opened {
            let earlier = log.recent(&conversation, EARLIER_LINES);
            console.insert_earlier(&conversation, &earlier);
        }
        if kept.is_empty() {
            return;
        }
        // The user's own clock, as the console shows this run's lines.
        let now = UtcTime::from_unix(u64::try_from(crate::local_time::now_local_s()).unwrap_or(0));
        for (conversation, text) in kept {
            if let Err(e) = log.append(&conversation, &text, now) {
                tracing::warn!("chat line not kept: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::conversation::Conversation;
    use crate::protocol::decoder::StreamDecoder;
    use crate::ui::console::{ConsoleTab, LineKind};

    /// A run of the console with what the server said, kept under `dir`.
    fn run(dir: &Path, said: &str) -> Console {
        let mut console = Console::default();
        let mut keeping = ChatKeeping::default();
        keeping.connecting(Some(dir), "127.0.0.1:5003");
        let mut decoder = StreamDecoder::default();
        let mut events = Vec::new();
        decoder.push(said.as_bytes(), &mut events);
        decoder.finish(&mut events);
        for event in &events {
            console.push_event(event);
            keeping.settle(&mut console);
        }
        console
    }

    #[test]
    fn a_conversation_comes_back_in_its_tab_next_run() {
        let dir = std::env::temp_dir().join(format!("kibitz-chat-keeping-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        run(&dir, "BotA tells you: see you tomorrow\n\rfics% ");
        // The next run: BotA again. Yesterday's line comes first in the
        // tab (marked earlier), today's after it; All shows today's only.
        let console = run(&dir, "BotA tells you: hello again\n\rfics% ");
        let tab = ConsoleTab::Talk(Conversation::Person("BotA".into()));
        let shown: Vec<(LineKind, &str)> = console
            .lines
            .iter()
            .filter(|l| tab.shows(l))
            .map(|l| (l.kind, l.text.as_str()))
            .collect();
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert_eq!(
            shown[0],
            (LineKind::Earlier, "BotA tells you: see you tomorrow")
        );
        assert_eq!(shown[1].1, "BotA tells you: hello again");
        let all = console
            .lines
            .iter()
            .filter(|l| ConsoleTab::All.shows(l))
            .count();
        assert_eq!(all, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
