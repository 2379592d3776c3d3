//! A computer opponent's turn, in words and time: the `go` line that hands
//! the engine the game's clocks (it then spends them as a player would),
//! and how long its move waits before it is shown, so that on a slow time
//! control it does not answer every move at once (a setting), while never
//! costing it the game on time.

use std::time::Duration;

/// How long the engine looks in a game without a clock.
pub const UNTIMED_MOVE_TIME: Duration = Duration::from_secs(2);
/// From this base time on (rapid and slower) the engine may take a
/// human-like time to answer.
pub const SLOW_BASE: Duration = Duration::from_secs(10 * 60);
/// The share of its remaining time a human-like answer takes at most.
const MOST_OF_REMAINING: u32 = 40;
/// The longest a human-like answer waits.
const LONGEST_WAIT: Duration = Duration::from_secs(20);

/// The clocks as the engine is told them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clocks {
    pub white_ms: u64,
    pub black_ms: u64,
    pub increment_ms: u64,
    /// The engine plays White (whose clock its `movetime` cap reads).
    pub engine_white: bool,
}

/// A move takes at most this share of the engine's time left (plus most
/// of the increment): Stockfish made weaker (`UCI_LimitStrength`) still
/// spends its full-strength time, 14 s on a move of a 3 0 game.
const MOVES_TO_COME: u64 = 40;
/// ... and never less than this.
const SHORTEST_MOVE_MS: u64 = 100;

/// The `go` line for the engine's turn: its clocks (None: an untimed game,
/// a fixed time a move) and a cap on this move's time (a 40th of its
/// time left and most of the increment; the engine may answer sooner),
/// and a depth limit where its strength asks for one.
pub fn go_line(clocks: Option<Clocks>, depth: Option<u32>) -> String {
    let mut line = match clocks {
        Some(c) => {
            let left = if c.engine_white {
                c.white_ms
            } else {
                c.black_ms
            };
            let cap = (left / MOVES_TO_COME + c.increment_ms * 3 / 4)
                .max(SHORTEST_MOVE_MS)
                .min(left.saturating_sub(SHORTEST_MOVE_MS).max(1));
            format!(
                "go wtime {} btime {} winc {} binc {} movetime {cap}",
                c.white_ms, c.black_ms, c.increment_ms, c.increment_ms
            )
        }
        None if depth.is_some() => "go".to_owned(),
        None => format!("go movetime {}", UNTIMED_MOVE_TIME.as_millis()),
    };
    if let Some(depth) = depth {
        line.push_str(&format!(" depth {depth}"));
    }
    line
}

/// How long the engine's move waits before it is played, after the
/// engine took `thought` for it: nothing unless `human` is set and the game
/// is slow; then a time that grows with the clock left (a 40th of it, at
/// most 20 s), varied by `jitter` (0.0 to 1.0: half to the whole of it),
/// less what the engine already spent.
pub fn answer_delay(
    base: Duration,
    remaining: Duration,
    thought: Duration,
    human: bool,
    jitter: f64,
) -> Duration {
    if !human || base < SLOW_BASE {
        return Duration::ZERO;
    }
    let aim = (remaining / MOST_OF_REMAINING).min(LONGEST_WAIT);
    let aim = aim.mul_f64(0.5 + 0.5 * jitter.clamp(0.0, 1.0));
    aim.saturating_sub(thought)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_is_handed_the_clocks() {
        let clocks = Clocks {
            white_ms: 180_000,
            black_ms: 175_500,
            increment_ms: 2000,
            engine_white: false,
        };
        // 175.5 s / 40 + 1.5 s.
        assert_eq!(
            go_line(Some(clocks), None),
            "go wtime 180000 btime 175500 winc 2000 binc 2000 movetime 5887"
        );
        assert_eq!(
            go_line(Some(clocks), Some(3)),
            "go wtime 180000 btime 175500 winc 2000 binc 2000 movetime 5887 depth 3"
        );
        let flagging = Clocks {
            white_ms: 150,
            engine_white: true,
            increment_ms: 0,
            ..clocks
        };
        assert!(go_line(Some(flagging), None).ends_with("movetime 50"));
        assert_eq!(go_line(None, None), "go movetime 2000");
        assert_eq!(go_line(None, Some(5)), "go depth 5");
    }

    #[test]
    fn a_human_like_answer_only_on_a_slow_game_and_never_past_the_clock() {
        let s = Duration::from_secs;
        let blitz = answer_delay(s(180), s(170), Duration::ZERO, true, 1.0);
        assert_eq!(blitz, Duration::ZERO, "blitz: at once");
        let off = answer_delay(s(900), s(800), Duration::ZERO, false, 1.0);
        assert_eq!(off, Duration::ZERO, "the setting off: at once");
        let rapid = answer_delay(s(900), s(800), Duration::ZERO, true, 1.0);
        assert_eq!(rapid, s(20), "a 40th of 800 s, at most 20 s");
        let short = answer_delay(s(900), s(40), Duration::ZERO, true, 1.0);
        assert_eq!(short, s(1), "little time left: little wait");
        let half = answer_delay(s(900), s(400), Duration::ZERO, true, 0.0);
        assert_eq!(half, s(5), "jitter 0: half of 10 s");
        let spent = answer_delay(s(900), s(400), s(8), true, 1.0);
        assert_eq!(spent, s(2), "what the engine spent counts");
    }
}
