//! What tells the user of something while Kibitz is not the window in
//! front (the desktop's notifications, kind by kind), and when a clock
//! counts as low.

use serde::{Deserialize, Serialize};

/// The longest low-time mark one can set, in seconds.
pub const LOW_TIME_SECONDS_MAX: u32 = 600;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AlertSettings {
    /// A challenge to you: its terms, with Accept and Decline.
    pub notify_challenges: bool,
    /// Your game started, or your opponent moved after a long think.
    pub notify_your_game: bool,
    /// Your clock ran low.
    pub notify_low_time: bool,
    /// A tell, or a message in a channel you keep a tab for.
    pub notify_tells: bool,
    /// A friend (on your notify list) arrived.
    pub notify_friends: bool,
    /// Your clock counts as low under this many seconds (a sound, its
    /// colour); 0: an eighth of the game's base time, 10 to 60 s.
    pub low_time_seconds: u32,
}

impl Default for AlertSettings {
    fn default() -> Self {
        AlertSettings {
            notify_challenges: true,
            notify_your_game: true,
            notify_low_time: true,
            notify_tells: false,
            notify_friends: false,
            low_time_seconds: 0,
        }
    }
}

impl AlertSettings {
    /// The low-time mark at most [`LOW_TIME_SECONDS_MAX`].
    pub fn sanitized(mut self) -> Self {
        self.low_time_seconds = self.low_time_seconds.min(LOW_TIME_SECONDS_MAX);
        self
    }

    /// The low-time mark of a game of `initial_time_min` minutes, in ms.
    pub fn low_time_ms(&self, initial_time_min: u32) -> i64 {
        low_mark_ms(self.low_time_seconds, initial_time_min)
    }
}

/// The automatic low-time mark: 1/8 of the base time, clamped to 10-60 s
/// (as lichess does).
pub fn automatic_low_time_ms(initial_time_min: u32) -> i64 {
    (i64::from(initial_time_min) * 60_000 / 8).clamp(10_000, 60_000)
}

/// The low-time mark the user set (`set_seconds`; 0: the automatic one).
pub fn low_mark_ms(set_seconds: u32, initial_time_min: u32) -> i64 {
    match set_seconds {
        0 => automatic_low_time_ms(initial_time_min),
        seconds => i64::from(seconds) * 1000,
    }
}
