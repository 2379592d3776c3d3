//! A recorded session played back through the same pipeline as a live one:
//! the same decoding, the same events on the same kind of handle, with the
//! original timing scaled by a speed factor. For offline demos and tests.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::event::{NetEvent, Status};
use super::task::{NetCommand, NetHandle, Waker};
use crate::protocol::decoder::StreamDecoder;
use crate::protocol::event::Event;
use crate::recording::Chunk;

/// Plays `chunks` at `speed` times their original pace (`f64::INFINITY`:
/// as fast as possible) on a thread of its own.
pub fn spawn(chunks: Vec<Chunk>, speed: f64, waker: Waker) -> std::io::Result<NetHandle> {
    spawn_limited(chunks, speed, None, waker)
}

/// As [`spawn`], but with at most `max_games` games: boards of games first
/// seen after that many are left out (for benchmarks of one game).
pub fn spawn_limited(
    chunks: Vec<Chunk>,
    speed: f64,
    max_games: Option<usize>,
    waker: Waker,
) -> std::io::Result<NetHandle> {
    let (command_tx, mut command_rx) = mpsc::channel::<NetCommand>(16);
    let (event_tx, event_rx) = mpsc::channel(4096);
    let origin = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let thread = std::thread::Builder::new()
        .name("kibitz-replay".into())
        .spawn(move || {
            runtime.block_on(async move {
                let send = |event: NetEvent| {
                    let event_tx = event_tx.clone();
                    let waker = Arc::clone(&waker);
                    async move {
                        let wake = super::urgency::Wake::of(&event);
                        let sent = event_tx.send(event).await.is_ok();
                        waker(wake);
                        sent
                    }
                };
                send(NetEvent::Status(Status::Connected)).await;
                let mut decoder = StreamDecoder::new();
                let mut events = Vec::new();
                let mut games = GameFilter::new(max_games);
                for chunk in chunks {
                    let due = scaled(chunk.at, speed);
                    let wait = tokio::time::sleep_until((origin + due).into());
                    tokio::pin!(wait);
                    let mut stop = false;
                    while !stop {
                        tokio::select! {
                            () = &mut wait => break,
                            // A recording cannot answer commands; only a
                            // logout (or the UI leaving) matters.
                            command = command_rx.recv() => {
                                stop = matches!(command, None | Some(NetCommand::Logout));
                            }
                        }
                    }
                    if stop {
                        break;
                    }
                    decoder.push(&chunk.bytes, &mut events);
                    let at = origin.elapsed();
                    for event in events.drain(..) {
                        if !games.keeps(&event) {
                            continue;
                        }
                        if !send(NetEvent::Protocol { at, event }).await {
                            return;
                        }
                    }
                }
                decoder.finish(&mut events);
                let at = origin.elapsed();
                for event in events.drain(..) {
                    send(NetEvent::Protocol { at, event }).await;
                }
                let reason = "end of the recording".to_owned();
                send(NetEvent::Status(Status::Stopped { reason })).await;
            });
        })?;
    Ok(NetHandle::from_parts(command_tx, event_rx, origin, thread))
}

/// Keeps the boards of the first `max` games seen (all without a limit).
struct GameFilter {
    max: Option<usize>,
    seen: Vec<u32>,
}

impl GameFilter {
    fn new(max: Option<usize>) -> Self {
        GameFilter {
            max,
            seen: Vec::new(),
        }
    }

    fn keeps(&mut self, event: &Event) -> bool {
        let Some(max) = self.max else {
            return true;
        };
        let game = match event {
            Event::Board(board) => board.game,
            Event::Holdings(holdings) => holdings.game,
            _ => return true,
        };
        if self.seen.contains(&game) {
            return true;
        }
        if self.seen.len() < max {
            self.seen.push(game);
            return true;
        }
        false
    }
}

/// `at / speed`, saturating; a non-positive or non-finite speed plays at once.
fn scaled(at: Duration, speed: f64) -> Duration {
    if speed.is_finite() && speed > 0.0 {
        Duration::try_from_secs_f64(at.as_secs_f64() / speed).unwrap_or(Duration::MAX)
    } else {
        Duration::ZERO
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaling() {
        assert_eq!(
            scaled(Duration::from_secs(10), 10.0),
            Duration::from_secs(1)
        );
        assert_eq!(
            scaled(Duration::from_secs(10), f64::INFINITY),
            Duration::ZERO
        );
        assert_eq!(scaled(Duration::from_secs(10), 0.0), Duration::ZERO);
    }
}
