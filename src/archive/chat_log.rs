//! The conversations kept across runs: a file per person, per channel and
//! for the shouts, under `<data dir>/chat/<server>/`, one line a message
//! (`2026-11-25 21:04<TAB>the line as shown`). Bounded: past
//! [`MAX_FILE_BYTES`] a file keeps its newest [`KEEP_LINES`] lines
//! (rewritten whole, then renamed over the old one). Only chat lines come
//! here: never the login, never a password. A game's kibitzes are not
//! kept (its number names another game next time).

use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::UtcTime;
use crate::protocol::conversation::Conversation;

/// A file past this size is cut to its newest lines.
const MAX_FILE_BYTES: u64 = 256 * 1024;
/// Lines a cut file keeps.
const KEEP_LINES: usize = 1000;
/// A line longer than this is cut (chars).
const MAX_LINE_CHARS: usize = 1000;

/// One line of a conversation from an earlier run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Earlier {
    /// `2026-11-25 21:04`, on the user's clock when it was written.
    pub when: String,
    pub text: String,
}

/// The conversations of one server.
#[derive(Debug, Clone)]
pub struct ChatLog {
    dir: PathBuf,
}

impl ChatLog {
    /// Under `data_dir`, for the server at `server` (`host:port`).
    pub fn new(data_dir: &Path, server: &str) -> ChatLog {
        let host = crate::config::host_of(server);
        ChatLog {
            dir: data_dir.join("chat").join(file_safe(host)),
        }
    }

    /// Adds a line to its conversation's file (kept to its bound), with
    /// the date and time `at` (the caller's clock: the user's). A game's
    /// chat is not kept.
    pub fn append(
        &self,
        conversation: &Conversation,
        text: &str,
        at: UtcTime,
    ) -> std::io::Result<()> {
        let Some(path) = self.path(conversation) else {
            return Ok(());
        };
        fs::create_dir_all(&self.dir)?;
        let text: String = text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .take(MAX_LINE_CHARS)
            .collect();
        let line = format!(
            "{:04}-{:02}-{:02} {:02}:{:02}\t{text}\n",
            at.year, at.month, at.day, at.hour, at.minute
        );
        let mut file = OpenOptions::new().create(true).append(true).open(&path)?;
        file.write_all(line.as_bytes())?;
        if file.metadata()?.len() > MAX_FILE_BYTES {
            cut_to_newest(&path)?;
        }
        Ok(())
    }

    /// The newest `count` lines of a conversation, oldest first.
    pub fn recent(&self, conversation: &Conversation, count: usize) -> Vec<Earlier> {
        let Some(text) = self
            .path(conversation)
            .filter(|p| fs::metadata(p).is_ok_and(|m| m.len() <= 2 * MAX_FILE_BYTES))
            .and_then(|p| fs::read(p).ok())
        else {
            return Vec::new();
        };
        let text = String::from_utf8_lossy(&text);
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(count)..]
            .iter()
            .filter_map(|line| {
                let (when, text) = line.split_once('\t')?;
                Some(Earlier {
                    when: when.to_owned(),
                    text: text.to_owned(),
                })
            })
            .collect()
    }

    fn path(&self, conversation: &Conversation) -> Option<PathBuf> {
        let name = match conversation {
            Conversation::Person(handle) => {
                format!("tell-{}", file_safe(&handle.to_ascii_lowercase()))
            }
            Conversation::Channel(channel) => format!("channel-{channel}"),
            Conversation::Shouts => "shouts".to_owned(),
            Conversation::Events => "events".to_owned(),
            Conversation::Game(_) => return None,
        };
        Some(self.dir.join(format!("{name}.log")))
    }
}

/// Letters, digits, `.`, `-` and `_` only (a handle or host from the
/// network is no path).
fn file_safe(name: &str) -> String {
    let safe: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .take(64)
        .collect();
    match safe.trim_matches('.') {
        "" => "_".to_owned(),
        safe => safe.to_owned(),
    }
}

/// Keeps the newest lines of a file (at most [`KEEP_LINES`], in half its
/// bound): written beside it, then renamed over it (a crash leaves the old
/// file or the new, never half of one).
fn cut_to_newest(path: &Path) -> std::io::Result<()> {
    let text = fs::read(path)?;
    let text = String::from_utf8_lossy(&text);
    let mut bytes = 0;
    let newest: Vec<&str> = text
        .lines()
        .rev()
        .take(KEEP_LINES)
        .take_while(|line| {
            bytes += line.len() + 1;
            bytes as u64 <= MAX_FILE_BYTES / 2
        })
        .collect();
    let mut kept: String = newest.into_iter().rev().collect::<Vec<_>>().join("\n");
    kept.push('\n');
    let temporary = path.with_extension("log.tmp");
    fs::write(&temporary, kept)?;
    fs::rename(&temporary, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("kibitz-chat-log-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn lines_come_back_by_conversation_newest_last() {
        let data = dir("back");
        let log = ChatLog::new(&data, "127.0.0.1:5003");
        let at = UtcTime::from_unix(1_795_372_987);
        let bota = Conversation::Person("BotA".into());
        log.append(&bota, "BotA tells you: hi", at).unwrap();
        log.append(&Conversation::Channel(50), "BotB(50): all", at)
            .unwrap();
        log.append(
            &Conversation::Person("bota".into()),
            "> tell BotA hello\r\n",
            at,
        )
        .unwrap();
        log.append(&Conversation::Game(12), "BotC kibitzes: x", at)
            .unwrap();
        let lines = log.recent(&bota, 10);
        let texts: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["BotA tells you: hi", "> tell BotA hello  "]);
        assert_eq!(lines[0].when, "2026-11-22 18:43");
        assert_eq!(log.recent(&Conversation::Channel(50), 10).len(), 1);
        assert!(
            log.recent(&Conversation::Game(12), 10).is_empty(),
            "games are not kept"
        );
        assert_eq!(log.recent(&bota, 1)[0].text, "> tell BotA hello  ");
        assert!(data.join("chat/127.0.0.1/tell-bota.log").exists());
        let _ = fs::remove_dir_all(&data);
    }

    #[test]
    fn a_file_stays_bounded_and_a_hostile_name_stays_inside() {
        let data = dir("bounded");
        let log = ChatLog::new(&data, "../../etc:5000");
        let at = UtcTime::from_unix(0);
        let who = Conversation::Person("../x".into());
        let long = "y".repeat(5000);
        for _ in 0..400 {
            log.append(&who, &long, at).unwrap();
        }
        let files: Vec<PathBuf> = fs::read_dir(data.join("chat"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        let file = fs::read_dir(&files[0])
            .unwrap()
            .flatten()
            .next()
            .unwrap()
            .path();
        assert!(file.starts_with(&data), "{file:?}");
        assert!(fs::metadata(&file).unwrap().len() <= MAX_FILE_BYTES + 2 * MAX_LINE_CHARS as u64);
        assert!(
            fs::metadata(&file).unwrap().len() > MAX_FILE_BYTES / 4,
            "not emptied"
        );
        assert_eq!(log.recent(&who, 5).len(), 5);
        let _ = fs::remove_dir_all(&data);
    }
}
