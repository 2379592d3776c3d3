use super::*;
use crate::game::GameStore;
use crate::protocol::decoder::StreamDecoder;

/// A store with `count` ticking games, black to move, each clock at a
/// different phase of the second; relation 0 (observed) or 1 (own move).
fn store(count: u32, relation: i32) -> GameStore {
    let mut store = GameStore::new();
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    for game in 1..=count {
        let black_ms = 170_000 + game * 61;
        let line = format!(
            "<12> r-bqkbnr pppp-ppp --n----- ----p--- --B-P--- -----N-- PPPP-PPP RNBQK--R B -1 1 1 1 1 3 {game} White{game} Black{game} {relation} 3 0 39 39 178000 {black_ms} 3 B/f1-c4 (0:01.000) Bc4 0 1 5\n\r"
        );
        decoder.push(line.as_bytes(), &mut events);
    }
    for event in &events {
        store.apply(Duration::ZERO, event);
    }
    store
}

/// Runs the schedule for `span` and returns the frame times; checks that
/// every visible clock change was drawn no later than `slack` after it.
fn run(store: &GameStore, span: Duration, slack: Duration) -> Vec<Now> {
    let mut frames = Vec::new();
    let mut now = Duration::ZERO;
    while now < span {
        let next = next_clock_frame(store.games(), now).expect("clocks run");
        assert!(next > now, "the schedule moves forward");
        // Every change in (now, next] is drawn at `next`.
        for game in store.games() {
            let mut change = now;
            while let Some(at) = next_clock_change(game, change) {
                if at > next {
                    break;
                }
                assert!(
                    next - at <= slack,
                    "game {} changed at {at:?}, drawn at {next:?}",
                    game.number
                );
                change = at;
            }
        }
        frames.push(next);
        now = next;
    }
    frames
}

#[test]
fn sixteen_observed_clocks_tick_together_once_a_second() {
    let store = store(16, 0);
    let frames = run(&store, Duration::from_secs(60), OBSERVED_CLOCK_GRID);
    // 16 clocks x 60 s would be 960 frames drawn one by one.
    assert!(frames.len() <= 61, "{} frames", frames.len());
    assert!(
        frames.len() >= 59,
        "the clocks still move: {}",
        frames.len()
    );
    assert!(frames.iter().all(|f| f.subsec_nanos() == 0), "{frames:?}");
}

#[test]
fn the_own_clock_is_exact() {
    let store = store(1, 1);
    let frames = run(&store, Duration::from_secs(10), Duration::ZERO);
    // One frame per second, on the change itself (170.061 s left: the
    // digit changes 61 ms after each whole second).
    let within: Vec<&Now> = frames
        .iter()
        .filter(|f| **f < Duration::from_secs(10))
        .collect();
    assert_eq!(within.len(), 10);
    assert!(within.iter().all(|f| f.subsec_millis() == 61), "{frames:?}");
}

#[test]
fn observed_clocks_under_twenty_seconds_are_exact() {
    let mut store = GameStore::new();
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    decoder.push(
        b"<12> r-bqkbnr pppp-ppp --n----- ----p--- --B-P--- -----N-- PPPP-PPP RNBQK--R B -1 1 1 1 1 3 9 W B 0 3 0 39 39 178000 15050 3 B/f1-c4 (0:01.000) Bc4 0 1 5\n\r",
        &mut events,
    );
    for event in &events {
        store.apply(Duration::ZERO, event);
    }
    assert_eq!(
        next_clock_frame(store.games(), Duration::ZERO),
        Some(Duration::from_millis(50))
    );
}

#[test]
fn no_running_clock_no_frame() {
    assert_eq!(
        next_clock_frame(GameStore::new().games(), Duration::ZERO),
        None
    );
}
