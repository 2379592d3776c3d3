//! One repaint schedule for the whole window: the next frame is the earliest
//! moment something visible must change, and changes that fall due close
//! together share that frame.
//!
//! Clocks of observed games that show whole seconds tick together, on the
//! window's whole seconds ([`OBSERVED_CLOCK_GRID`]): each new digit waits
//! for the next one, at most a second. Sixteen clocks that tick at sixteen
//! phases of the second then cost one frame a second, and the frames drawn
//! for moves in between (at once since damage repaint, `net::urgency`)
//! show them too. The own game's clocks, and any clock that shows tenths
//! (under 20 s), stay exact. Network events carry their own deadline (see
//! `net::urgency`), given to egui by the network thread.

use std::time::Duration;

use crate::game::{Game, Now};
use crate::ui::game_panel::next_clock_change;

/// The beat observed clocks tick on together.
pub const OBSERVED_CLOCK_GRID: Duration = Duration::from_secs(1);

/// The latest moment the next frame may come for the clocks of `games`:
/// for each running clock, its next visible change, put off to the next
/// beat where the game is only observed and the clock shows whole seconds.
pub fn next_clock_frame<'a>(games: impl IntoIterator<Item = &'a Game>, now: Now) -> Option<Now> {
    games
        .into_iter()
        .filter_map(|game| {
            let change = next_clock_change(game, now)?;
            Some(if exact(game, now) {
                change
            } else {
                on_beat(change)
            })
        })
        .min()
}

/// Whether this game's clock is drawn on its change itself.
fn exact(game: &Game, now: Now) -> bool {
    let own = game.my_color().is_some();
    let tenths = game.clock.running().is_some_and(|color| {
        game.remaining_ms(color, now) <= crate::ui::game_panel::clock::TENTHS_BELOW_MS
    });
    own || tenths
}

/// The first beat at or after `at`.
fn on_beat(at: Now) -> Now {
    let beat = OBSERVED_CLOCK_GRID.as_nanos();
    let beats = at.as_nanos().div_ceil(beat);
    Duration::from_nanos(u64::try_from(beats * beat).unwrap_or(u64::MAX))
}

#[cfg(test)]
mod tests;
