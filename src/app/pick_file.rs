//! The system's file dialog for a PGN file (My games: "Open a PGN file"),
//! on a thread of its own: the dialog is modal for as long as the user
//! browses, and the window must keep drawing its clocks meanwhile. On
//! Linux `rfd` asks the desktop portal (GNOME, KDE ...) and, where there is
//! none, zenity; on Windows it is the common Open dialog.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// Asks the user for a file, starting in a folder; `None`: cancelled.
pub type Picker = Arc<dyn Fn(Option<&Path>) -> Option<PathBuf> + Send + Sync>;

/// An answer of no file sooner than this came from no dialog at all (a
/// desktop without a portal or zenity): no person cancels that fast.
const NO_DIALOG_WITHIN: std::time::Duration = std::time::Duration::from_millis(400);

/// What the dialog gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Picked {
    File(PathBuf),
    /// No dialog could be shown: the user is told another way.
    NoDialog,
}

/// The dialog, while it is open (since when), and where the last file
/// was.
pub struct PickFile {
    picker: Picker,
    open: Option<(Receiver<Option<PathBuf>>, std::time::Instant)>,
    /// The next dialog starts in the folder of the last file picked.
    last_dir: Option<PathBuf>,
}

impl Default for PickFile {
    fn default() -> Self {
        PickFile {
            picker: Arc::new(system_dialog),
            open: None,
            last_dir: None,
        }
    }
}

impl PickFile {
    /// Another way to ask (tests: a file picked at once).
    pub fn set_picker(&mut self, picker: Picker) {
        self.picker = picker;
    }

    /// Opens the dialog (once: a second ask while it is open is ignored);
    /// `waker` draws the frame that takes the answer.
    pub fn open(&mut self, waker: Option<egui::Context>) {
        if self.open.is_some() {
            return;
        }
        let (tx, rx) = mpsc::channel();
        let picker = Arc::clone(&self.picker);
        let dir = self.last_dir.clone();
        let spawned = std::thread::Builder::new()
            .name("kibitz-file-dialog".into())
            .spawn(move || {
                let picked = picker(dir.as_deref());
                let _ = tx.send(picked);
                if let Some(ctx) = waker {
                    ctx.request_repaint();
                }
            });
        match spawned {
            Ok(_) => self.open = Some((rx, std::time::Instant::now())),
            Err(e) => tracing::warn!("no thread for the file dialog: {e}"),
        }
    }

    /// The file picked, once the dialog is closed with one; or that no
    /// dialog could be shown.
    pub fn picked(&mut self) -> Option<Picked> {
        let (rx, since) = self.open.as_ref()?;
        let answer = match rx.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => None,
        };
        let at_once = since.elapsed() < NO_DIALOG_WITHIN;
        self.open = None;
        let Some(path) = answer else {
            return at_once.then_some(Picked::NoDialog);
        };
        self.last_dir = path.parent().map(Path::to_path_buf);
        Some(Picked::File(path))
    }
}

fn system_dialog(dir: Option<&Path>) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new()
        .set_title("Open a PGN file")
        .add_filter("PGN games", &["pgn", "PGN", "bpgn", "BPGN"])
        .add_filter("All files", &["*"]);
    if let Some(dir) = dir {
        dialog = dialog.set_directory(dir);
    }
    dialog.pick_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_comes_once_and_the_next_dialog_starts_where_the_last_file_was() {
        let asked_in = Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = Arc::clone(&asked_in);
        let mut pick = PickFile::default();
        pick.set_picker(Arc::new(move |dir: Option<&Path>| {
            seen.lock().unwrap().push(dir.map(Path::to_path_buf));
            Some(PathBuf::from("/games/lessons/one.pgn"))
        }));
        pick.open(None);
        let picked = loop {
            if let Some(path) = pick.picked() {
                break path;
            }
            std::thread::yield_now();
        };
        assert_eq!(
            picked,
            Picked::File(PathBuf::from("/games/lessons/one.pgn"))
        );
        assert!(pick.open.is_none() && pick.picked().is_none());
        pick.open(None);
        while pick.open.is_some() {
            let _ = pick.picked();
            std::thread::yield_now();
        }
        let asked = asked_in.lock().unwrap().clone();
        assert_eq!(asked, [None, Some(PathBuf::from("/games/lessons"))]);
    }
}
