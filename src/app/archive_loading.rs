//! My games read off the UI thread: the archive's month files are listed
//! (their tags only) on a thread of their own, the window keeps drawing
//! and shows how far it got; the list arrives whole when done.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

use crate::archive::read::ListedGame;

/// A reading of the archive under way, if any.
#[derive(Debug, Default)]
pub struct ArchiveLoading {
    reading: Option<Reading>,
}

#[derive(Debug)]
struct Reading {
    done: mpsc::Receiver<Vec<ListedGame>>,
    /// Files read so far, of `files`.
    read: Arc<AtomicUsize>,
    files: usize,
}

impl ArchiveLoading {
    /// Reads the archive in `dir` and the `collections` (again: a reading
    /// under way is left to finish unheard).
    pub fn start(&mut self, dir: PathBuf, collections: Vec<PathBuf>) {
        let files = std::fs::read_dir(&dir).map_or(0, |d| d.count()) + collections.len();
        let read = Arc::new(AtomicUsize::new(0));
        let (tx, done) = mpsc::sync_channel(1);
        let counter = Arc::clone(&read);
        let spawned = std::thread::Builder::new()
            .name("kibitz-archive".to_owned())
            .spawn(move || {
                let games = crate::archive::read::read_archive(&dir, &collections, &counter);
                let _ = tx.send(games);
            });
        match spawned {
            Ok(_) => self.reading = Some(Reading { done, read, files }),
            Err(e) => tracing::warn!("cannot read the archive: {e}"),
        }
    }

    /// The games, once read.
    pub fn poll(&mut self) -> Option<Vec<ListedGame>> {
        let games = self.reading.as_ref()?.done.try_recv().ok()?;
        self.reading = None;
        Some(games)
    }

    /// `Reading the archive: 3 of 12 files`, while it is read.
    pub fn progress(&self) -> Option<String> {
        let reading = self.reading.as_ref()?;
        let read = reading.read.load(Ordering::Relaxed);
        Some(format!(
            "Reading the archive: {read} of {} files…",
            reading.files.max(read)
        ))
    }
}
