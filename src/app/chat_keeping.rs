//! The conversations kept across runs, as the console fills: a
//! tab that opens shows its conversation's earlier lines, and every chat
//! line goes to its conversation's file (`archive::chat_log`). The files
//! are read and written on a thread of their own (the UI thread does no
//! file IO): jobs go in order, so a tab's earlier lines are read before
//! this run's lines are written and none comes twice; what was read comes
//! back and is put in its tab at the next settle. Nothing is kept without
//! a data directory (tests) or before a server is known.

use std::path::Path;

use crate::archive::UtcTime;
use crate::archive::chat_log::{ChatLog, Earlier};
use crate::console::Console;
use crate::protocol::conversation::Conversation;

use super::disk_thread::DiskThread;

/// Earlier lines a tab shows when it opens.
const EARLIER_LINES: usize = 50;

/// What the keeping thread does, in order.
#[derive(Debug)]
enum Job {
    /// Read a conversation's last lines (sent back).
    Recent(Conversation),
    Append(Conversation, String, UtcTime),
}

#[derive(Debug, Default)]
pub struct ChatKeeping {
    /// The thread keeping the server's conversations, while connected to
    /// one with a data directory; it answers with a conversation's earlier
    /// lines.
    worker: Option<DiskThread<Job, (Conversation, Vec<Earlier>)>>,
}

impl ChatKeeping {
    /// A session with this server (`host:port`) begins: its conversations
    /// are kept under `data_dir` (None: not kept); `window` is woken when
    /// earlier lines were read.
    pub fn connecting(
        &mut self,
        data_dir: Option<&Path>,
        server: &str,
        window: Option<egui::Context>,
    ) {
        self.worker = data_dir.and_then(|dir| {
            let log = ChatLog::new(dir, server);
            DiskThread::start("chat-keeping", window, move |job| keep(&log, job))
        });
    }

    /// After the console took a line (and once a frame): tabs opened ask
    /// for their earlier lines, new lines go to be written, and earlier
    /// lines read meanwhile go into their tabs.
    pub fn settle(&mut self, console: &mut Console) {
        let opened = std::mem::take(&mut console.opened);
        let kept = std::mem::take(&mut console.kept);
        let Some(worker) = &self.worker else {
            return;
        };
        for conversation in opened {
            let _ = worker.send(Job::Recent(conversation));
        }
        if !kept.is_empty() {
            // The user's own clock, as the console shows this run's lines.
            let seconds = u64::try_from(crate::local_time::now_local_s()).unwrap_or(0);
            let now = UtcTime::from_unix(seconds);
            for (conversation, text) in kept {
                let _ = worker.send(Job::Append(conversation, text, now));
            }
        }
        for (conversation, earlier) in worker.answers() {
            console.insert_earlier(&conversation, &earlier);
        }
    }

    /// Waits until every job given so far is done, then settles (tests).
    #[cfg(test)]
    pub fn settle_all(&mut self, console: &mut Console) {
        self.settle(console);
        if let Some(worker) = &self.worker {
            worker.wait();
        }
        self.settle(console);
    }
}

/// One job of the keeping thread: the earlier lines read, if any.
fn keep(log: &ChatLog, job: Job) -> Option<(Conversation, Vec<Earlier>)> {
    match job {
        Job::Recent(conversation) => {
            let earlier = log.recent(&conversation, EARLIER_LINES);
            (!earlier.is_empty()).then_some((conversation, earlier))
        }
        Job::Append(conversation, text, at) => {
            if let Err(e) = log.append(&conversation, &text, at) {
                tracing::warn!("chat line not kept: {e}");
            }
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::{ConsoleTab, LineKind};
    use crate::local_time::TimeOfDay;
    use crate::protocol::decoder::StreamDecoder;

    /// A run of the console with what the server said, kept under `dir`.
    fn run(dir: &Path, said: &str) -> Console {
        let mut console = Console::default();
        let mut keeping = ChatKeeping::default();
        keeping.connecting(Some(dir), "127.0.0.1:5003", None);
        let mut decoder = StreamDecoder::default();
        let mut events = Vec::new();
        decoder.push(said.as_bytes(), &mut events);
        decoder.finish(&mut events);
        for event in &events {
            console.push_event(event, TimeOfDay::default());
            keeping.settle(&mut console);
        }
        keeping.settle_all(&mut console);
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
