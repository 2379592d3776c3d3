//! Auto-flag: in the user's own game, claim the win on time once the
//! opponent's clock is surely out, and claim again (at most once a second)
//! while the server says "Your opponent is not out of time!": our estimate
//! can run ahead of the server's count (a seconds-only board drops the
//! fraction, timeseal gives lag back, a board arrives late). The game's end
//! stops it.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::game::{Game, GameStore, Now};
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

/// The claims made, per game (the newest only).
#[derive(Debug, Default)]
pub struct AutoFlag {
    last_claims: BTreeMap<u32, Now>,
}

impl AutoFlag {
    /// The games in which to claim now; each claim is remembered.
    pub fn due(&mut self, store: &GameStore, now: Now) -> Vec<Command> {
        // Games that left the store are forgotten (bounded by the store).
        self.last_claims.retain(|n, _| store.get(*n).is_some());
        let due: Vec<u32> = store
            .games()
            .filter(|game| {
                let last = self.last_claims.get(&game.number).copied();
                next_claim(game, last, now).is_some_and(|at| at <= now)
            })
            .map(|game| game.number)
            .collect();
        due.into_iter()
            .map(|number| {
                self.last_claims.insert(number, now);
                Command::Flag
            })
            .collect()
    }

    /// A new game under this number.
    pub fn forget(&mut self, game: u32) {
        self.last_claims.remove(&game);
    }

    /// When a claim (or the next one) is due.
    pub fn deadline(&self, store: &GameStore, now: Now) -> Option<Now> {
        store
            .games()
            .filter_map(|game| {
                let last = self.last_claims.get(&game.number).copied();
                next_claim(game, last, now)
            })
            .min()
    }
}
