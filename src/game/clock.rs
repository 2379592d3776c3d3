//! A game's two clocks, extrapolated locally between boards.
//!
//! Each board carries both remaining times as of the moment it arrived. The
//! side whose clock runs loses `now - received_at`; the other is frozen. The
//! next board snaps both to the server's values, also upward (timeseal
//! credits transit time back). Never decremented per tick, so no drift.

use std::time::Duration;

use shakmaty::{ByColor, Color};

use super::snapshot::Snapshot;
use crate::protocol::style12::Relation;

/// Time since the origin the caller chose (the net thread's start).
pub type Now = Duration;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    /// Both remaining times as of `received_at`.
    remaining_ms: ByColor<i64>,
    received_at: Now,
    /// The side whose clock runs, if any.
    running: Option<Color>,
    /// The server sent whole seconds, the fraction dropped: the true time
    /// left lies in [t, t + 1 s).
    whole_seconds: bool,
}

impl Clock {
    /// A clock that does not run, showing `remaining_ms`.
    pub fn frozen(remaining_ms: ByColor<i64>, now: Now) -> Self {
        Clock {
            remaining_ms,
            received_at: now,
            running: None,
            whole_seconds: false,
        }
    }

    /// The clock as a board received at `now` sets it.
    ///
    /// Which side runs: where the server sends the "ticking" field, it
    /// decides. Where it does not (old servers), the side to move runs only
    /// in a played or observed game with a time control once both sides
    /// have made their first move (FICS starts the clock with Black's reply).
    pub fn from_board(board: &Snapshot, now: Now) -> Self {
        let runs = match board.ticking {
            Some(ticking) => ticking,
            None => {
                let live = matches!(
                    board.relation,
                    Relation::Observing | Relation::PlayingMyMove | Relation::PlayingOpponentToMove
                );
                live && board.is_timed() && board.ply >= 2
            }
        };
        Clock {
            remaining_ms: board.remaining_ms,
            received_at: now,
            running: runs.then_some(board.turn),
            whole_seconds: board.whole_seconds,
        }
    }

    /// Remaining time of `color` at `now`; negative once the flag has fallen.
    pub fn remaining_ms(&self, color: Color, now: Now) -> i64 {
        let base = self.remaining_ms[color];
        if self.running == Some(color) {
            let elapsed = now.saturating_sub(self.received_at).as_millis();
            base.saturating_sub(i64::try_from(elapsed).unwrap_or(i64::MAX))
        } else {
            base
        }
    }

    /// How long until `color`'s time is surely out by the server's count
    /// too (zero or less: it is): where the board said whole seconds, the
    /// dropped fraction is counted as up to a whole second more.
    pub fn surely_out_in_ms(&self, color: Color, now: Now) -> i64 {
        let slack = if self.whole_seconds { 1000 } else { 0 };
        self.remaining_ms(color, now).saturating_add(slack)
    }

    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// Stops both clocks at their values at `now` (game end, pause).
    pub fn stop(&mut self, now: Now) {
        if let Some(color) = self.running {
            self.remaining_ms[color] = self.remaining_ms(color, now);
            self.received_at = now;
            self.running = None;
        }
    }

    /// The next moment the display of the running clock changes, given it
    /// shows whole seconds, and tenths under `tenths_below_ms`.
    pub fn next_visible_change(&self, now: Now, tenths_below_ms: i64) -> Option<Now> {
        let color = self.running?;
        let remaining = self.remaining_ms(color, now);
        let step = if remaining <= tenths_below_ms {
            100
        } else {
            1000
        };
        // Time until `remaining` crosses the next multiple of `step` downward.
        let until = remaining.rem_euclid(step);
        let until = if until == 0 { step } else { until };
        Some(now + Duration::from_millis(until.unsigned_abs()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 0 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0";
    const MODERN_TICKING: &str = "<12> r-bqkbnr pppp-ppp --n----- ----p--Q --B-P--- -------- PPPP-PPP RNB-K-NR B -1 1 1 1 1 3 1 BotA BotB 0 3 2 39 39 181291 179452 3 B/f1-c4 (0:00.709) Bc4 0 1 7";

    /// A style-12 line as the game keeps it.
    fn snapshot(line: &str, ms: bool) -> Snapshot {
        Snapshot::from_style12(&crate::protocol::style12::Style12::parse(line, ms).expect(line))
    }

    fn secs(s: u64) -> Now {
        Duration::from_secs(s)
    }

    #[test]
    fn old_server_observed_game_runs_for_the_side_to_move() {
        let board = snapshot(OLD, false);
        let clock = Clock::from_board(&board, secs(10));
        assert_eq!(clock.running(), Some(Color::Black));
        assert_eq!(clock.remaining_ms(Color::Black, secs(13)), 119_000);
        assert_eq!(clock.remaining_ms(Color::White, secs(13)), 119_000);
        assert_eq!(clock.remaining_ms(Color::Black, secs(200)), -68_000);
    }

    #[test]
    fn whole_seconds_count_the_dropped_fraction() {
        // The board says Black has 122 s: truly somewhere in [122, 123).
        let board = snapshot(OLD, false);
        let clock = Clock::from_board(&board, secs(10));
        assert_eq!(clock.remaining_ms(Color::Black, secs(132)), 0);
        assert_eq!(clock.surely_out_in_ms(Color::Black, secs(132)), 1000);
        assert_eq!(clock.surely_out_in_ms(Color::Black, secs(133)), 0);
        // Milliseconds: no slack.
        let board = snapshot(MODERN_TICKING, true);
        let clock = Clock::from_board(&board, secs(0));
        assert_eq!(clock.surely_out_in_ms(Color::Black, secs(0)), 179_452);
    }

    #[test]
    fn old_server_first_moves_examined_and_untimed_do_not_run() {
        let first = OLD.replace(" 2 K/e1-e2", " 1 K/e1-e2");
        let board = snapshot(&first, false);
        assert_eq!(board.ply, 1);
        assert_eq!(Clock::from_board(&board, secs(0)).running(), None);
        let examined = OLD.replace("Einstein 0 2", "Einstein 2 2");
        let board = snapshot(&examined, false);
        assert_eq!(Clock::from_board(&board, secs(0)).running(), None);
        let untimed = OLD.replace("Einstein 0 2 12", "Einstein 0 0 0");
        let board = snapshot(&untimed, false);
        assert_eq!(Clock::from_board(&board, secs(0)).running(), None);
    }

    #[test]
    fn the_ticking_field_decides() {
        let board = snapshot(MODERN_TICKING, true);
        let clock = Clock::from_board(&board, Duration::from_millis(500));
        assert_eq!(clock.running(), Some(Color::Black));
        assert_eq!(
            clock.remaining_ms(Color::Black, Duration::from_millis(1_952)),
            178_000
        );
        let paused = MODERN_TICKING.replace("Bc4 0 1 7", "Bc4 0 0 7");
        let board = snapshot(&paused, true);
        assert_eq!(Clock::from_board(&board, secs(0)).running(), None);
    }

    #[test]
    fn stop_freezes_the_value() {
        let board = snapshot(OLD, false);
        let mut clock = Clock::from_board(&board, secs(0));
        clock.stop(secs(5));
        assert_eq!(clock.remaining_ms(Color::Black, secs(50)), 117_000);
        assert_eq!(clock.running(), None);
    }

    #[test]
    fn next_visible_change() {
        let board = snapshot(MODERN_TICKING, true);
        let clock = Clock::from_board(&board, secs(0));
        // 179452 ms shows 2:59; it shows 2:58 after 452 ms more.
        assert_eq!(
            clock.next_visible_change(secs(0), 20_000),
            Some(Duration::from_millis(452))
        );
        let low = MODERN_TICKING.replace("181291 179452", "181291 15050");
        let clock = Clock::from_board(&snapshot(&low, true), secs(0));
        assert_eq!(
            clock.next_visible_change(secs(0), 20_000),
            Some(Duration::from_millis(50))
        );
    }
}
