//! One repaint schedule for the whole window: the next frame is the earliest
//! moment something visible must change, and changes that fall due close
//! together share that frame.
//!
//! Clocks of observed games may show their new digit up to
//! [`OBSERVED_CLOCK_SLACK`] late: sixteen clocks that tick at sixteen
//! different phases of the second then need about four frames a second, not
//! sixteen. The own game's clocks, and any clock that shows tenths (under
//! 20 s), stay exact. Network events carry their own deadline (see
//! `net::urgency`), given to egui by the network thread.

use std::time::Duration;

use crate::game::{Game, Now};
use crate::ui::game_panel::next_clock_change;

/// How late an observed clock may show its new digit.
pub const OBSERVED_CLOCK_SLACK: Duration = Duration::from_millis(250);

/// The latest moment the next frame may come for the clocks of `games`:
/// for each running clock, its next visible change, plus the slack where
/// the game is only observed and the clock shows whole seconds.
pub fn next_clock_frame<'a>(games: impl IntoIterator<Item = &'a Game>, now: Now) -> Option<Now> {
    games
        .into_iter()
        .filter_map(|game| {
            let change = next_clock_change(game, now)?;
            Some(change + clock_slack(game, now))
        })
        .min()
}

/// How late this game's clock may be drawn.
fn clock_slack(game: &Game, now: Now) -> Duration {
    let own = game.my_color().is_some();
    let tenths = game
        .clock
        .running()
        .is_some_and(|color| game.remaining_ms(color, now) <= crate::ui::clock::TENTHS_BELOW_MS);
    if own || tenths {
        Duration::ZERO
    } else {
        OBSERVED_CLOCK_SLACK
    }
}

#[cfg(test)]
mod tests;
