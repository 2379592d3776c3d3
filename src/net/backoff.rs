//! When to reconnect after the connection drops unexpectedly.
//!
//! Exponential backoff so a server that is down is not hammered, with jitter
//! so many clients dropped at once (a server restart) do not all come back in
//! the same instant. Pure: the caller supplies the randomness and sleeps, so
//! the policy is deterministic in tests and needs no clock or runtime.

use std::time::Duration;

/// Delays are computed in nanoseconds with 128-bit arithmetic; capping them
/// here (about 146 years) keeps `delay * (3 * 2^63 + jitter)` below 2^128.
const MAX_DELAY_NANOS: u128 = 1 << 62;

/// Exponential backoff with jitter: `min(max, base * 2^attempt)`, scaled by a
/// factor in `[0.75, 1.25)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backoff {
    base: Duration,
    max: Duration,
    attempt: u32,
}

impl Backoff {
    /// A policy whose first delay is about `base` and which never waits much
    /// more than `max` (at most `1.25 * max`, after jitter).
    pub fn new(base: Duration, max: Duration) -> Self {
        Self {
            base,
            max,
            attempt: 0,
        }
    }

    /// The delay before the next reconnection attempt; counts the attempt.
    ///
    /// `jitter` is a uniformly random `u64` drawn by the caller (see
    /// [`XorShift`]); the whole range maps uniformly onto the scale factor
    /// `[0.75, 1.25)`, so `u64::MAX / 2 + 1` gives the unjittered delay.
    pub fn next_delay(&mut self, jitter: u64) -> Duration {
        let base = self.base.as_nanos().min(MAX_DELAY_NANOS);
        let max = self.max.as_nanos().min(MAX_DELAY_NANOS);
        // base < 2^62 and the shift is at most 64, so this cannot overflow.
        let exponent = self.attempt.min(64);
        let delay = (base << exponent).min(max);
        // factor = (3 * 2^63 + jitter) / 2^65, in [0.75, 1.25).
        let scaled = (delay * ((3u128 << 63) + u128::from(jitter))) >> 65;
        self.attempt = self.attempt.saturating_add(1);
        from_nanos(scaled)
    }

    /// Start over from `base`, after a login succeeded.
    pub fn reset(&mut self) {
        self.attempt = 0;
    }

    /// How many delays were handed out since the last reset.
    pub fn attempt(&self) -> u32 {
        self.attempt
    }
}

impl Default for Backoff {
    /// 1 s, doubling up to a minute: quick after a blip, gentle on an outage.
    fn default() -> Self {
        Self::new(Duration::from_secs(1), Duration::from_secs(60))
    }
}

/// `Duration::from_nanos` takes a `u64`; ours can exceed it by 25 %.
fn from_nanos(nanos: u128) -> Duration {
    const NANOS_PER_SEC: u128 = 1_000_000_000;
    let secs = u64::try_from(nanos / NANOS_PER_SEC).unwrap_or(u64::MAX);
    // Below 10^9, so it fits.
    let subsec = u32::try_from(nanos % NANOS_PER_SEC).unwrap_or(0);
    Duration::new(secs, subsec)
}

/// A tiny xorshift64 generator for jitter: seeded once (from the clock, by
/// the net layer), it needs no dependency and no further system calls.
/// Not for anything that must be unpredictable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XorShift(u64);

impl XorShift {
    /// Xorshift never leaves the all-zero state, so seed 0 is replaced.
    const ZERO_SEED_REPLACEMENT: u64 = 0x9E37_79B9_7F4A_7C15;

    /// A generator from `seed`; 0 is replaced by a fixed non-zero constant.
    pub fn new(seed: u64) -> Self {
        if seed == 0 {
            Self(Self::ZERO_SEED_REPLACEMENT)
        } else {
            Self(seed)
        }
    }

    /// The next value (Marsaglia's xorshift64, shifts 13, 7, 17).
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const MID: u64 = 1 << 63;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn midpoint_jitter_gives_the_plain_doubling_sequence() {
        let mut b = Backoff::default();
        let delays: Vec<Duration> = (0..8).map(|_| b.next_delay(MID)).collect();
        let expected: Vec<Duration> = [1, 2, 4, 8, 16, 32, 60, 60].map(secs).to_vec();
        assert_eq!(delays, expected);
        assert_eq!(b.attempt(), 8);
    }

    #[test]
    fn jitter_extremes_stay_within_three_quarters_and_five_quarters() {
        let nominal = [1, 2, 4, 8, 16, 32, 60, 60, 60];
        let mut low = Backoff::default();
        let mut high = Backoff::default();
        for n in nominal {
            let d = secs(n);
            // Whole seconds are multiples of 4 ns, so the bounds are exact.
            assert_eq!(low.next_delay(0), d * 3 / 4);
            let h = high.next_delay(u64::MAX);
            assert!(h < d * 5 / 4, "{h:?} for {d:?}");
            assert!(h >= d * 5 / 4 - Duration::from_nanos(1), "{h:?} for {d:?}");
        }
    }

    #[test]
    fn reset_starts_over() {
        let mut b = Backoff::default();
        for _ in 0..5 {
            b.next_delay(MID);
        }
        assert_eq!(b.attempt(), 5);
        b.reset();
        assert_eq!(b.attempt(), 0);
        assert_eq!(b.next_delay(MID), secs(1));
        assert_eq!(b.attempt(), 1);
    }

    #[test]
    fn no_overflow_after_many_attempts() {
        let mut b = Backoff::default();
        for i in 0..1000u64 {
            let d = b.next_delay(i.wrapping_mul(0x0123_4567_89AB_CDEF));
            assert!(d >= secs(45) || i < 6, "attempt {i}: {d:?}");
            assert!(d < secs(75), "attempt {i}: {d:?}");
        }
        assert_eq!(b.attempt(), 1000);

        b.attempt = u32::MAX;
        assert_eq!(b.next_delay(MID), secs(60));
        assert_eq!(b.attempt(), u32::MAX);
    }

    #[test]
    fn extreme_durations_do_not_panic() {
        let mut b = Backoff::new(Duration::MAX, Duration::MAX);
        for _ in 0..100 {
            let d = b.next_delay(u64::MAX);
            assert!(d > Duration::from_secs(100 * 365 * 24 * 3600));
        }
        let mut zero = Backoff::new(Duration::ZERO, secs(60));
        assert_eq!(zero.next_delay(u64::MAX), Duration::ZERO);
        let mut inverted = Backoff::new(secs(10), secs(5));
        assert_eq!(inverted.next_delay(MID), secs(5));
    }

    #[test]
    fn xorshift_is_deterministic_and_never_stuck_at_zero() {
        let mut a = XorShift::new(42);
        let mut b = XorShift::new(42);
        let xs: Vec<u64> = (0..100).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..100).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert!(xs.iter().all(|&x| x != 0));

        let mut z = XorShift::new(0);
        assert_eq!(z, XorShift::new(XorShift::ZERO_SEED_REPLACEMENT));
        let zs: Vec<u64> = (0..100).map(|_| z.next_u64()).collect();
        assert!(zs.iter().all(|&x| x != 0));
        assert_ne!(zs[0], zs[1]);
    }

    #[test]
    fn xorshift_spreads_jitter_over_both_halves() {
        let mut r = XorShift::new(7);
        let high = (0..1000).filter(|_| r.next_u64() >= MID).count();
        assert!(
            (400..600).contains(&high),
            "{high} of 1000 in the upper half"
        );
    }

    proptest! {
        #[test]
        fn every_delay_is_within_the_jitter_bounds(
            base_ms in 0u64..10_000,
            max_ms in 0u64..1_000_000,
            attempts in 0usize..80,
            jitter in any::<u64>(),
        ) {
            let mut b = Backoff::new(Duration::from_millis(base_ms), Duration::from_millis(max_ms));
            for _ in 0..attempts {
                b.next_delay(jitter);
            }
            let nominal = Duration::from_millis(base_ms)
                .saturating_mul(1u32 << b.attempt().min(31))
                .min(Duration::from_millis(max_ms));
            let d = b.next_delay(jitter);
            // Millisecond inputs are multiples of 4 ns, so 0.75 is exact.
            prop_assert!(d >= nominal * 3 / 4);
            prop_assert!(d <= nominal * 5 / 4);
        }
    }
}
