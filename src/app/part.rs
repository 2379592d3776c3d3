//! One shape for every part of the app (egui's demo `WrapApp` and its
//! `apps_iter_mut` are the model): a part hears the server's events after
//! the store applied them (with what they changed), the replies to what it
//! asked, and a tick each frame; it says when it next needs a frame; what
//! it wants of the others comes back as [`Want`]s. Each sees the same
//! read-only [`Cx`] (rerun's `ViewerContext`) instead of a bundle of its
//! own. `app.rs` loops over the parts and names none of them there.

use crate::config::Settings;
use crate::game::{Effect, GameStore, Now};
use crate::protocol::event::Event;
use crate::protocol::reply::Answer;

use super::asked::Asker;
use super::want::Want;
use super::wire::Wire;

/// What every part may read: the moment, the games, the settings, the
/// session (who and where the user is), which board is looked at, and the
/// window (to ask for the user's attention; none in tests).
pub struct Cx<'a> {
    pub now: Now,
    pub store: &'a GameStore,
    pub settings: &'a Settings,
    pub session: &'a Wire,
    pub looked_at: LookedAt,
    pub window: Option<&'a egui::Context>,
    /// The user looks at the window: focused, not minimized (as of the
    /// last frame; no frame yet counts as looked at).
    pub in_front: bool,
    /// Which FICS the server is (what it can do).
    pub family: crate::lobby::server::ServerFamily,
}

/// The boards the user looks at: the one with the keyboard, the one shown
/// alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct LookedAt {
    pub focused: Option<u32>,
    pub maximized: Option<u32>,
}

/// A part of the app. Every method has a default that does nothing: a
/// part implements what it takes part in.
pub trait Part {
    /// A server event, after the store applied it; `effects`: what it
    /// changed there.
    fn on_event(&mut self, _cx: &Cx<'_>, _event: &Event, _effects: &[Effect]) -> Vec<Want> {
        Vec::new()
    }

    /// The store changed through its other door (the user's or the
    /// session's doing, not the server's events): what it changed.
    fn on_change(&mut self, _cx: &Cx<'_>, _effects: &[Effect]) -> Vec<Want> {
        Vec::new()
    }

    /// The reply to a request made for `asker` (each part looks for its
    /// own).
    fn on_reply(&mut self, _cx: &Cx<'_>, _asker: &Asker, _answer: &Answer) -> Vec<Want> {
        Vec::new()
    }

    /// Once a frame, before drawing: timers and clocks.
    fn on_tick(&mut self, _cx: &Cx<'_>) -> Vec<Want> {
        Vec::new()
    }

    /// When the part next needs a frame without input (a timer due), if
    /// it does.
    fn next_frame(&self, _cx: &Cx<'_>) -> Option<Now> {
        None
    }
}
