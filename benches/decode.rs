//! Decode throughput: framing + parsing of a style-12-heavy stream, in
//! style-12 lines per second (criterion reports elements/s).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kibitz::protocol::decoder::StreamDecoder;
use kibitz::protocol::event::Event;

/// A modern-server stream: 33-token boards with ms clocks, each followed by
/// a prompt, as an observer of many games receives them.
fn modern_stream(boards: usize) -> Vec<u8> {
    let line = "<12> r-bqkbnr pppp-ppp --n----- ----p--Q --B-P--- -------- PPPP-PPP RNB-K-NR B -1 1 1 1 1 3 1 BotA BotB 0 3 2 39 39 181291 179452 3 B/f1-c4 (0:00.709) Bc4 0 1 7";
    let mut bytes = Vec::new();
    for i in 0..boards {
        let game = i % 16 + 1;
        bytes.extend_from_slice(b"\n\r");
        bytes.extend_from_slice(line.replace(" 1 BotA", &format!(" {game} BotA")).as_bytes());
        bytes.extend_from_slice(b"\n\rfics% ");
    }
    bytes
}

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read(path).expect("fixture")
}

fn decode_all(bytes: &[u8], events: &mut Vec<Event>) -> usize {
    let mut decoder = StreamDecoder::new();
    let mut boards = 0;
    // Network-sized reads.
    for chunk in bytes.chunks(1400) {
        decoder.push(chunk, events);
        boards += events
            .iter()
            .filter(|e| matches!(e, Event::Board(_)))
            .count();
        events.clear();
    }
    decoder.finish(events);
    boards
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode");
    for (name, bytes) in [
        ("modern_33_token_boards", modern_stream(10_000)),
        (
            "old_server_many_games",
            fixture("extra-old/many-games-observer.bin"),
        ),
    ] {
        let mut events = Vec::new();
        let boards = decode_all(&bytes, &mut events);
        group.throughput(Throughput::Elements(boards as u64));
        group.bench_function(name, |b| {
            b.iter(|| decode_all(black_box(&bytes), &mut events));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
