//! Frame statistics for everyone: with `KIBITZ_FRAME_STATS=1`
//! Kibitz logs, every 10 s, how many frames it
//! drew, how many a second, the process CPU time per frame, and why the
//! frames were drawn. For performance work and bug reports.

use std::time::{Duration, Instant};

/// How often a line is written.
const WINDOW: Duration = Duration::from_secs(10);

/// Why a frame was drawn (the first that applies, in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// Keyboard, mouse, window changes.
    Input,
    /// Network events were applied.
    Network,
    /// Engine analysis came.
    Engine,
    /// A piece slid or was dragged.
    Animation,
    /// Nothing else: a clock's next digit.
    Clock,
}

impl Cause {
    const ALL: [Cause; 5] = [
        Cause::Input,
        Cause::Network,
        Cause::Engine,
        Cause::Animation,
        Cause::Clock,
    ];

    fn name(self) -> &'static str {
        match self {
            Cause::Input => "input",
            Cause::Network => "network",
            Cause::Engine => "engine",
            Cause::Animation => "animation",
            Cause::Clock => "clock",
        }
    }
}

#[derive(Debug)]
pub struct FrameStats {
    since: Instant,
    cpu_since: Option<Duration>,
    frames: u32,
    by_cause: [u32; 5],
    /// `KIBITZ_FRAME_STATS=trace`: a line for every frame too.
    pub trace: bool,
}

impl FrameStats {
    pub fn new() -> Self {
        FrameStats {
            since: Instant::now(),
            cpu_since: process_cpu_time(),
            frames: 0,
            trace: std::env::var_os("KIBITZ_FRAME_STATS").is_some_and(|v| v == "trace"),
            by_cause: [0; 5],
        }
    }

    /// Counts one frame; every 10 s returns the line to log and starts over.
    pub fn frame(&mut self, cause: Cause) -> Option<String> {
        self.frames += 1;
        self.by_cause[cause as usize] += 1;
        let elapsed = self.since.elapsed();
        if elapsed < WINDOW {
            return None;
        }
        let cpu = process_cpu_time();
        let cpu_used = cpu
            .zip(self.cpu_since)
            .map(|(now, then)| now.saturating_sub(then));
        let line = summary(elapsed, self.frames, cpu_used, &self.by_cause);
        *self = FrameStats {
            since: Instant::now(),
            cpu_since: cpu,
            frames: 0,
            by_cause: [0; 5],
            trace: self.trace,
        };
        Some(line)
    }
}

impl Default for FrameStats {
    fn default() -> Self {
        Self::new()
    }
}

/// `frame stats: 10.0 s, 38 frames, 3.8 frames/s, CPU 2.1 ms/frame, 0.8 % of a core; clock 30, network 6, animation 0, input 2`
fn summary(elapsed: Duration, frames: u32, cpu: Option<Duration>, by_cause: &[u32; 5]) -> String {
    let secs = elapsed.as_secs_f64();
    let per_second = f64::from(frames) / secs;
    let cpu_text = match cpu {
        Some(cpu) => format!(
            "CPU {:.1} ms/frame, {:.1} % of a core",
            cpu.as_secs_f64() * 1000.0 / f64::from(frames.max(1)),
            cpu.as_secs_f64() / secs * 100.0
        ),
        None => "CPU unknown".to_owned(),
    };
    let causes: Vec<String> = Cause::ALL
        .iter()
        .map(|c| format!("{} {}", c.name(), by_cause[*c as usize]))
        .collect();
    format!(
        "frame stats: {secs:.1} s, {frames} frames, {per_second:.1} frames/s, {cpu_text}; {}",
        causes.join(", ")
    )
}

/// The process's CPU time (user + system, all threads), where the system
/// tells it: `/proc/self/stat` on Linux (in ticks of 1/100 s, the USER_HZ
/// of every Linux architecture Kibitz builds for).
fn process_cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name is in parentheses and may hold spaces.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // Fields 14 and 15 of the line, counted from the pid as 1.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis((utime + stime) * 10))
}

/// The frames' bookkeeping: what happened since the last frame (for the
/// cause), and the stats when they are asked for.
#[derive(Debug, Default)]
pub struct Frames {
    stats: Option<FrameStats>,
    /// Network events applied since the last frame.
    events: usize,
    /// Engine updates taken since the last frame.
    engine_updates: usize,
    /// How the window paints (damage repaint or not) was logged.
    painting_logged: bool,
    /// Partial frames verified when last logged (`KIBITZ_DAMAGE=verify`).
    verified_logged: u64,
}

impl Frames {
    /// Stats on when `KIBITZ_FRAME_STATS` asks for them.
    pub fn new() -> Self {
        Frames {
            stats: super::launch::stats_wanted().then(FrameStats::new),
            ..Frames::default()
        }
    }

    pub fn network_event(&mut self) {
        self.events += 1;
    }

    pub fn engine_updates(&mut self, count: usize) {
        self.engine_updates += count;
    }

    /// Counts this frame, and why it was drawn, when frame stats are on.
    pub fn count(
        &mut self,
        ui: &egui::Ui,
        now: crate::game::Now,
        animating: impl FnOnce() -> bool,
    ) {
        let network = std::mem::take(&mut self.events) > 0;
        let engine = std::mem::take(&mut self.engine_updates) > 0;
        // Decided by the window at its first frame (vendor/eframe).
        if !self.painting_logged
            && let Some(words) = eframe::damage::decision()
        {
            tracing::info!("{words}");
            self.painting_logged = true;
        }
        // KIBITZ_DAMAGE=verify: every 20 partial frames checked, the tally.
        let (verified, differed, most) = eframe::damage::verified();
        if verified >= self.verified_logged + 20 {
            self.verified_logged = verified;
            tracing::info!(
                "damage verify: {verified} partial frames, {differed} differed from the whole frame (at most {most} pixels)"
            );
        }
        let Some(stats) = self.stats.as_mut() else {
            return;
        };
        let input = ui.input(|i| {
            !i.events.is_empty() || i.pointer.any_down() || i.pointer.delta() != egui::Vec2::ZERO
        });
        let cause = if input {
            Cause::Input
        } else if network {
            Cause::Network
        } else if engine {
            Cause::Engine
        } else if animating() {
            Cause::Animation
        } else {
            Cause::Clock
        };
        if stats.trace {
            // Every frame, with what asked egui for it: for finding the
            // frames nobody needed.
            let causes = ui.ctx().repaint_causes();
            eprintln!("kibitz: frame at {now:?}, {cause:?}: {causes:?}");
        }
        if let Some(line) = stats.frame(cause) {
            tracing::info!("{line}");
            eprintln!("kibitz: {line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_line() {
        let line = summary(
            Duration::from_secs(10),
            40,
            Some(Duration::from_millis(100)),
            &[2, 6, 0, 0, 32],
        );
        assert_eq!(
            line,
            "frame stats: 10.0 s, 40 frames, 4.0 frames/s, CPU 2.5 ms/frame, 1.0 % of a core; \
             input 2, network 6, engine 0, animation 0, clock 32"
        );
    }

    #[test]
    fn counts_and_reports_after_the_window() {
        let mut stats = FrameStats::new();
        assert_eq!(stats.frame(Cause::Clock), None);
        stats.since -= WINDOW;
        let line = stats.frame(Cause::Network).expect("a report");
        assert!(line.contains(" 2 frames"), "{line}");
        assert!(
            line.contains("network 1, engine 0, animation 0, clock 1"),
            "{line}"
        );
        assert_eq!(stats.frames, 0);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn reads_the_process_cpu_time() {
        let before = process_cpu_time().expect("linux has /proc");
        let mut x = 0u64;
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(50) {
            x = x.wrapping_add(std::hint::black_box(1));
        }
        let after = process_cpu_time().expect("linux has /proc");
        assert!(after >= before && x > 0);
    }
}
