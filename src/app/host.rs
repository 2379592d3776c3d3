//! What the app runs in: the clock it reads (real, or fixed in tests), the
//! window's context (to wake it from other threads; none in tests), what
//! is on screen (for the network thread's waker), the frames counted and
//! the desktop's notification service.

use std::sync::Arc;
use std::time::Instant;

use crate::game::Now;
use crate::notifications::Notifier;

use super::frame_stats::Frames;
use super::on_screen::{self, OnScreen};
use super::options::TimeSource;

pub struct Host {
    time: TimeSource,
    window: Option<egui::Context>,
    on_screen: Arc<OnScreen>,
    /// Frames counted (and logged with `KIBITZ_FRAME_STATS=1`).
    frames: Frames,
    /// The desktop's notifications (off until [`Host::open_notifications`]).
    notifier: Notifier,
    /// The window was focused and not minimized at the last frame.
    in_front: bool,
}

impl Host {
    pub fn new(time: TimeSource) -> Self {
        Host {
            time,
            window: None,
            on_screen: Arc::default(),
            frames: Frames::new(),
            notifier: Notifier::off(),
            in_front: true,
        }
    }

    /// Once a frame: whether the user looks at the window.
    pub fn look(&mut self, ctx: &egui::Context) {
        let was = self.in_front;
        self.in_front = ctx.input(|i| {
            let viewport = i.viewport();
            viewport.focused.unwrap_or(true) && viewport.minimized != Some(true)
        });
        // Back at the window: what the notifications told is on screen,
        // their buttons stale; they go.
        if self.in_front && !was {
            self.notifier.close_all();
        }
    }

    /// The window is focused and not minimized (as of the last frame).
    pub fn in_front(&self) -> bool {
        self.in_front
    }

    /// Talks to the desktop's notification service from now on; a button
    /// pressed in a notification wakes the window.
    pub fn open_notifications(&mut self) {
        let ctx = self.window.clone();
        let wake = Arc::new(move || {
            if let Some(ctx) = &ctx {
                ctx.request_repaint();
            }
        });
        self.notifier = Notifier::open(wake);
    }

    pub fn notifier(&mut self) -> &mut Notifier {
        &mut self.notifier
    }

    /// The time since the session's origin (fixed in tests).
    pub fn now(&self) -> Now {
        match self.time {
            TimeSource::Real(origin) => origin.elapsed(),
            TimeSource::Fixed(now) => now,
        }
    }

    pub fn set_time(&mut self, time: TimeSource) {
        self.time = time;
    }

    /// The clock counts from `origin` (a session's start) from now on.
    pub fn count_from(&mut self, origin: Instant) {
        self.time = TimeSource::Real(origin);
    }

    pub fn set_window(&mut self, ctx: &egui::Context) {
        self.window = Some(ctx.clone());
    }

    /// The window, to wake or ask things of (none in tests).
    pub fn window(&self) -> Option<&egui::Context> {
        self.window.as_ref()
    }

    /// What wakes the window for the network thread: only for what is on
    /// screen (nothing without a window).
    pub fn waker(&self) -> crate::net::Waker {
        self.window.as_ref().map_or_else(
            || Arc::new(|_| {}) as crate::net::Waker,
            |ctx| on_screen::waker(&self.on_screen, ctx),
        )
    }

    pub fn on_screen(&self) -> &OnScreen {
        &self.on_screen
    }

    pub fn frames(&mut self) -> &mut Frames {
        &mut self.frames
    }
}
