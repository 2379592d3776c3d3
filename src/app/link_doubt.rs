//! A link in doubt: the server has said nothing, not even to the session's
//! question (`protocol::liveness`), since a moment the user is shown
//! ("no answer from the server for 14 s", ticking), till it speaks again
//! or the connection is dropped.

use std::time::Duration;

use crate::game::Now;

#[derive(Debug, Default)]
pub struct LinkDoubt {
    /// The last byte from the server came then.
    quiet_since: Option<Now>,
}

impl LinkDoubt {
    /// The server fell silent (since `heard_at`), or spoke again (`None`).
    pub fn set(&mut self, heard_at: Option<Now>) {
        self.quiet_since = heard_at;
    }

    /// The words for the top bar and the boards.
    pub fn words(&self, now: Now) -> Option<String> {
        let since = self.quiet_since?;
        let seconds = now.saturating_sub(since).as_secs();
        Some(format!("no answer from the server for {seconds} s"))
    }

    /// While in doubt, the words change every second.
    pub fn next_frame(&self, now: Now) -> Option<Now> {
        let since = self.quiet_since?;
        let into_second = now.saturating_sub(since).subsec_nanos();
        Some(now + Duration::from_nanos(1_000_000_000 - u64::from(into_second)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_count_the_seconds_and_the_next_frame_is_the_next_second() {
        let mut doubt = LinkDoubt::default();
        assert_eq!(doubt.words(Duration::from_secs(5)), None);
        doubt.set(Some(Duration::from_secs(10)));
        let now = Duration::from_millis(23_400);
        assert_eq!(
            doubt.words(now).as_deref(),
            Some("no answer from the server for 13 s")
        );
        assert_eq!(doubt.next_frame(now), Some(Duration::from_secs(24)));
        doubt.set(None);
        assert_eq!(doubt.next_frame(now), None);
    }
}
