//! Decisions that cost a game (resigning; aborting a rated game) are
//! confirmed: the first click arms the button, which then says "click
//! again"; a second click within [`CONFIRM_WITHIN`] carries it out. The
//! keyboard path goes through the same [`Confirm::press`].

use std::time::Duration;

use crate::game::Now;

/// How long an armed button waits for its second click.
pub const CONFIRM_WITHIN: Duration = Duration::from_secs(3);

/// A decision that may need confirming.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Resign,
    Abort,
}

impl Decision {
    /// Whether this decision takes a second press: resigning always, while
    /// "confirm resign" is on; aborting only a rated game (an unrated abort
    /// costs nothing).
    pub fn needs_confirmation(self, confirm_resign: bool, rated: Option<bool>) -> bool {
        confirm_resign && (self == Decision::Resign || rated == Some(true))
    }
}

/// One panel's armed button, if any.
#[derive(Debug, Clone, Copy, Default)]
pub struct Confirm {
    armed: Option<(Decision, Now)>,
}

impl Confirm {
    /// The button of `decision` was pressed at `now`: true when the
    /// decision is to be carried out (no confirmation needed, or this is the
    /// second press in time); otherwise the button is armed.
    pub fn press(&mut self, decision: Decision, now: Now, needs_confirmation: bool) -> bool {
        let confirmed = self.is_armed(decision, now);
        if confirmed || !needs_confirmation {
            self.armed = None;
            true
        } else {
            self.armed = Some((decision, now));
            false
        }
    }

    /// Whether `decision`'s button waits for its second press.
    pub fn is_armed(&self, decision: Decision, now: Now) -> bool {
        self.armed
            .is_some_and(|(armed, at)| armed == decision && now.saturating_sub(at) < CONFIRM_WITHIN)
    }

    /// When the armed button goes back to normal (for the repaint).
    pub fn expires_at(&self) -> Option<Now> {
        self.armed.map(|(_, at)| at + CONFIRM_WITHIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: Now = Duration::from_secs(100);

    #[test]
    fn a_second_press_within_three_seconds_confirms() {
        let mut confirm = Confirm::default();
        assert!(!confirm.press(Decision::Resign, T, true));
        assert!(confirm.is_armed(Decision::Resign, T + Duration::from_secs(2)));
        assert!(confirm.press(Decision::Resign, T + Duration::from_secs(2), true));
        assert!(!confirm.is_armed(Decision::Resign, T + Duration::from_secs(2)));
    }

    #[test]
    fn a_late_or_different_press_only_arms_again() {
        let mut confirm = Confirm::default();
        assert!(!confirm.press(Decision::Resign, T, true));
        assert!(!confirm.press(Decision::Resign, T + CONFIRM_WITHIN, true));
        assert!(!confirm.press(Decision::Abort, T + CONFIRM_WITHIN, true));
        assert!(confirm.is_armed(Decision::Abort, T + CONFIRM_WITHIN));
        assert!(!confirm.is_armed(Decision::Resign, T + CONFIRM_WITHIN));
    }

    #[test]
    fn without_confirmation_one_press_does_it() {
        let mut confirm = Confirm::default();
        assert!(confirm.press(Decision::Resign, T, false));
        assert_eq!(confirm.expires_at(), None);
    }
}
