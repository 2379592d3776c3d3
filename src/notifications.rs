//! The desktop's own notifications, for what happens while Kibitz is not the
//! window in front: the freedesktop Notifications service over D-Bus on
//! Linux, toasts on Windows (the `notify-rust` crate speaks both). A
//! notification may carry buttons (a challenge's Accept and Decline); the
//! one pressed comes back as an [`Acted`].
//!
//! The service is talked to on a thread of its own (D-Bus calls block), and
//! each notification with buttons is waited on by a thread until the user
//! acts or it closes; at most [`MAX_WAITING`] at once (more are shown
//! without buttons).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Notifications queued for the service at most (more are dropped: a burst
/// of tells must not pile up behind a slow service).
const QUEUE: usize = 32;
/// Notifications with buttons waited on at once.
pub const MAX_WAITING: usize = 8;
/// The action a service reports when the notification's body is clicked.
pub const DEFAULT_ACTION: &str = "default";

/// One notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Who asked, and what a button pressed refers to (the app's number).
    pub tag: u64,
    pub summary: String,
    pub body: String,
    /// Buttons: (action id, label).
    pub actions: Vec<(String, String)>,
}

/// A button of notification `tag` pressed (or its body clicked:
/// [`DEFAULT_ACTION`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acted {
    pub tag: u64,
    pub action: String,
}

/// What the notifications' thread is asked.
enum Ask {
    Show(Note),
    /// The user looks at the window: the notifications shown are stale.
    CloseAll,
    /// What this one told is over (a challenge withdrawn or answered).
    Close(u64),
}

/// The app's end of the notifications' thread.
pub struct Notifier {
    notes: Option<mpsc::SyncSender<Ask>>,
    acted: mpsc::Receiver<Acted>,
    /// Notes shown, newest last (tests read them; at most `QUEUE`).
    shown: Vec<Note>,
}

impl Default for Notifier {
    fn default() -> Self {
        Notifier::off()
    }
}

impl Notifier {
    /// No service: notes are only remembered (tests, a desktop without one).
    pub fn off() -> Self {
        let (_, acted) = mpsc::channel();
        Notifier {
            notes: None,
            acted,
            shown: Vec::new(),
        }
    }

    /// Talks to the desktop's service; `wake` is called when a button was
    /// pressed (the window has something to do).
    pub fn open(wake: Arc<dyn Fn() + Send + Sync>) -> Self {
        let (notes, notes_rx) = mpsc::sync_channel::<Ask>(QUEUE);
        let (acted_tx, acted) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("kibitz-notify".into())
            .spawn(move || serve(notes_rx, acted_tx, wake));
        if let Err(e) = spawned {
            tracing::warn!("no notifications: {e}");
            return Notifier::off();
        }
        Notifier {
            notes: Some(notes),
            acted,
            shown: Vec::new(),
        }
    }

    /// Shows a notification (queued for the service's thread).
    pub fn show(&mut self, note: Note) {
        if let Some(notes) = &self.notes
            && notes.try_send(Ask::Show(note.clone())).is_err()
        {
            tracing::debug!("notification dropped: the service is behind");
        }
        if self.shown.len() >= QUEUE {
            self.shown.remove(0);
        }
        self.shown.push(note);
    }

    /// Closes the notifications shown (the user looks at the window now:
    /// what they told is on screen, their buttons stale).
    pub fn close_all(&mut self) {
        if let Some(notes) = &self.notes {
            let _ = notes.try_send(Ask::CloseAll);
        }
    }

    /// Closes notification `tag` (what it told is over).
    pub fn close(&mut self, tag: u64) {
        if let Some(notes) = &self.notes {
            let _ = notes.try_send(Ask::Close(tag));
        }
    }

    /// A button pressed since the last call, if any.
    pub fn acted(&self) -> Option<Acted> {
        self.acted.try_recv().ok()
    }

    /// The notes shown lately, newest last.
    pub fn shown(&self) -> &[Note] {
        &self.shown
    }
}

/// The service's thread: shows each note, and waits on those with buttons.
fn serve(
    notes: mpsc::Receiver<Ask>,
    acted: mpsc::Sender<Acted>,
    wake: Arc<dyn Fn() + Send + Sync>,
) {
    let waiting = Arc::new(AtomicUsize::new(0));
    // The notifications shown and not closed: our tag, the service's id.
    let mut shown: Vec<(u64, u32)> = Vec::new();
    for ask in notes {
        let note = match ask {
            Ask::Show(note) => note,
            Ask::CloseAll => {
                let ids: Vec<u32> = shown.drain(..).map(|(_, id)| id).collect();
                close(&ids);
                continue;
            }
            Ask::Close(tag) => {
                let ids: Vec<u32> = shown
                    .iter()
                    .filter(|(t, _)| *t == tag)
                    .map(|(_, id)| *id)
                    .collect();
                shown.retain(|(t, _)| *t != tag);
                close(&ids);
                continue;
            }
        };
        let room = waiting.load(Ordering::SeqCst) < MAX_WAITING;
        let mut notification = notify_rust::Notification::new();
        notification
            .appname("Kibitz")
            .summary(&note.summary)
            .body(&note.body)
            .icon("kibitz");
        if room {
            for (id, label) in &note.actions {
                notification.action(id, label);
            }
        }
        let handle = match notification.show() {
            Ok(handle) => handle,
            Err(e) => {
                tracing::info!("notification not shown: {e}");
                continue;
            }
        };
        if shown.len() >= QUEUE {
            shown.remove(0);
        }
        shown.push((note.tag, id_of(&handle)));
        if !room || note.actions.is_empty() {
            continue;
        }
        waiting.fetch_add(1, Ordering::SeqCst);
        let (acted, wake, done, tag) = (acted.clone(), wake.clone(), waiting.clone(), note.tag);
        let spawned = std::thread::Builder::new()
            .name("kibitz-notify-wait".into())
            .spawn(move || {
                // Till a button is pressed or the notification closes
                // ("__closed": nothing to do).
                handle.wait_for_action(|action| {
                    if action != "__closed" {
                        let action = action.to_owned();
                        let _ = acted.send(Acted { tag, action });
                        wake();
                    }
                });
                done.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            waiting.fetch_sub(1, Ordering::SeqCst);
            tracing::info!("a notification's buttons are not waited on");
        }
    }
}

/// The service's number of a notification shown (none on Windows, where a
/// toast is not closed by number).
#[cfg(all(unix, not(target_os = "macos")))]
fn id_of(handle: &notify_rust::NotificationHandle) -> u32 {
    handle.id()
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn id_of(_handle: &notify_rust::NotificationHandle) -> u32 {
    0
}

/// Closes these notifications (`CloseNotification`, on a connection of
/// its own: each handle is held by the thread waiting on its buttons,
/// which the close then ends).
#[cfg(all(unix, not(target_os = "macos")))]
fn close(ids: &[u32]) {
    if ids.is_empty() {
        return;
    }
    let Ok(bus) = zbus::blocking::Connection::session() else {
        return;
    };
    for id in ids {
        let closed = bus.call_method(
            Some("org.freedesktop.Notifications"),
            "/org/freedesktop/Notifications",
            Some("org.freedesktop.Notifications"),
            "CloseNotification",
            &(*id,),
        );
        if let Err(e) = closed {
            tracing::debug!("notification {id} not closed: {e}");
        }
    }
}

#[cfg(not(all(unix, not(target_os = "macos"))))]
fn close(_ids: &[u32]) {}
