//! One frame's CPU time (layout, painting to shapes, tessellation; no GPU)
//! with 1 and 16 live boards, through egui_kittest.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use egui_kittest::Harness;
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::decoder::StreamDecoder;

fn app_with_games(count: u32) -> KibitzApp {
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(10)));
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    for game in 1..=count {
        let first = format!(
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 {game} White{game} Black{game} 0 3 0 39 39 180000 180000 1 none (0:00.000) none 0 0 0\n\r"
        );
        let moved = format!(
            "<12> r-bqkbnr pppp-ppp --n----- ----p--- --B-P--- -----N-- PPPP-PPP RNBQK--R B -1 1 1 1 1 3 {game} White{game} Black{game} 0 3 0 39 39 178000 179000 3 B/f1-c4 (0:01.000) Bc4 0 1 5\n\r"
        );
        decoder.push(first.as_bytes(), &mut events);
        decoder.push(moved.as_bytes(), &mut events);
    }
    for event in &events {
        app.apply_event(Duration::from_secs(10), event);
    }
    app
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    for boards in [1, 16] {
        let mut harness = Harness::builder()
            .with_size([1600.0, 1000.0])
            .build_ui_state(
                |ui, app: &mut KibitzApp| app.show(ui),
                app_with_games(boards),
            );
        // Warm up: rasterize pieces, settle the layout.
        harness.run_steps(5);
        let mut millis = 10_000u64;
        group.bench_function(format!("{boards}_boards"), |b| {
            b.iter(|| {
                // Advance the clock so every frame has something new to draw.
                millis += 100;
                harness.state_mut().set_time(Duration::from_millis(millis));
                harness.step();
            });
        });
        // What telling a clock's tick from the rest costs (issue 35's
        // damage): the shapes of two frames a second apart, compared.
        let before = harness.output().shapes.clone();
        harness
            .state_mut()
            .set_time(Duration::from_millis(millis + 1000));
        harness.step();
        let after = harness.output().shapes.clone();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0));
        group.bench_function(format!("{boards}_boards_damage"), |b| {
            b.iter(|| kibitz::paint::damage::damage(&before, &after, screen));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
