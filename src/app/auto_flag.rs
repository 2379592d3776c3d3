//! Auto-flag: in the user's own game, claim the win on time once the
//! opponent's clock is surely out, and claim again (at most once a second)
//! while the server says "Your opponent is not out of time!": our estimate
//! can run ahead of the server's count (a seconds-only board drops the
//! fraction, timeseal gives lag back, a board arrives late). The game's end
//! stops it.

use std::time::Duration;

use super::KibitzApp;
use crate::game::{Game, Now};
use crate::protocol::command::Command;

/// The shortest time between two claims in one game.
pub const RETRY: Duration = Duration::from_secs(1);

/// When auto-flag claims next in `game` (the user's, live, the opponent's
/// clock running): when the opponent is surely out, and not within
/// [`RETRY`] of the last claim.
pub fn next_claim(game: &Game, last_claim: Option<Now>, now: Now) -> Option<Now> {
    let me = game.my_color()?;
    if game.is_over() || game.clock.running() != Some(!me) {
        return None;
    }
    let out_in_ms = game.clock.surely_out_in_ms(!me, now).max(0);
    let out_at = now + Duration::from_millis(out_in_ms.unsigned_abs());
    Some(match last_claim {
        Some(at) => out_at.max(at + RETRY),
        None => out_at,
    })
}

impl KibitzApp {
    /// Claims the win where the opponent's time is out (Auto-flag on).
    pub(super) fn auto_flag(&mut self, now: Now) {
        if !self.settings.play.auto_flag {
            return;
        }
        let due: Vec<u32> = self
            .store
            .games()
            .filter(|game| {
                let last = self.views.get(&game.number).and_then(|v| v.flag_claimed_at);
                next_claim(game, last, now).is_some_and(|at| at <= now)
            })
            .map(|game| game.number)
            .collect();
        for number in due {
            self.views.entry(number).or_default().flag_claimed_at = Some(now);
            self.send(Command::Flag);
        }
    }

    /// When auto-flag needs a frame to claim (or claim again).
    pub(super) fn auto_flag_deadline(&self, now: Now) -> Option<Now> {
        if !self.settings.play.auto_flag {
            return None;
        }
        self.store
            .games()
            .filter_map(|game| {
                let last = self.views.get(&game.number).and_then(|v| v.flag_claimed_at);
                next_claim(game, last, now)
            })
            .min()
    }
}
