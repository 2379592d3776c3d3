use super::*;
use proptest::prelude::*;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn chunk(at_ms: u64, bytes: &[u8]) -> Chunk {
    Chunk {
        at: ms(at_ms),
        bytes: bytes.to_vec(),
    }
}

fn write(chunks: &[Chunk]) -> Vec<u8> {
    let mut rec = Recorder::new(Vec::new()).unwrap();
    for c in chunks {
        rec.record(c.at, &c.bytes).unwrap();
    }
    rec.into_inner()
}

/// A fresh path in the temp directory, removed again by the caller.
fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("kibitz-recording-{}-{name}", std::process::id()))
}

fn fixtures() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut bins = Vec::new();
    for dir in fs::read_dir(root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for file in fs::read_dir(dir).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "bin") {
                bins.push(file);
            }
        }
    }
    bins.sort();
    bins
}

#[test]
fn the_format_is_what_the_docs_say() {
    let mut rec = Recorder::new(Vec::new()).unwrap();
    rec.record(ms(5), b"a\nb").unwrap();
    rec.note(Duration::from_micros(7_900), "guest").unwrap();
    rec.record(ms(12), b"").unwrap();
    rec.flush().unwrap();
    assert_eq!(
        rec.into_inner(),
        b"KIBITZ-RECORDING 1\nR 5 3\na\nb\nN 7 5\nguest\nR 12 0\n\n"
    );
}

#[test]
fn round_trip_keeps_every_byte() {
    let all_bytes: Vec<u8> = (0..=255).collect();
    let chunks = vec![
        chunk(0, b"login: "),
        chunk(1, b"\x00\xff\xff\xfa\x01\xf0"),
        chunk(1, b"\n\n\r\nR 1 1\n"),
        chunk(2, b""),
        chunk(3, b"KIBITZ-RECORDING 1\n"),
        chunk(40_000, &all_bytes),
        chunk(u64::from(u32::MAX) * 10, b"\n"),
    ];
    let mut rec = Recorder::new(Vec::new()).unwrap();
    for (i, c) in chunks.iter().enumerate() {
        rec.note(c.at, &format!("sent line {i}\nwith a newline"))
            .unwrap();
        rec.record(c.at, &c.bytes).unwrap();
    }
    let bytes = rec.into_inner();
    assert_eq!(parse(&bytes).unwrap(), chunks);
    assert_eq!(parse(&write(&[])).unwrap(), vec![]);
}

#[test]
fn a_huge_read_is_split_into_readable_records() {
    let big = vec![0xAB; MAX_CHUNK_BYTES + 10];
    let parsed = parse(&write(&[chunk(9, &big)])).unwrap();
    assert_eq!(parsed.len(), 2);
    assert_eq!(parsed[0].bytes.len(), MAX_CHUNK_BYTES);
    assert_eq!(parsed[1].bytes.len(), 10);
    assert!(parsed.iter().all(|c| c.at == ms(9)));
}

#[test]
fn notes_are_cut_on_a_character_boundary() {
    let long = "é".repeat(MAX_CHUNK_BYTES / 2 + 1);
    let mut rec = Recorder::new(Vec::new()).unwrap();
    rec.note(ms(0), &format!("x{long}")).unwrap();
    let bytes = rec.into_inner();
    let header = format!("KIBITZ-RECORDING 1\nN 0 {}\n", MAX_CHUNK_BYTES - 1);
    assert!(bytes.starts_with(header.as_bytes()));
    assert_eq!(parse(&bytes).unwrap(), vec![]);
}

#[test]
fn decreasing_times_are_clamped() {
    let bytes = b"KIBITZ-RECORDING 1\nR 50 1\na\nR 20 1\nb\nR 60 1\nc\n";
    let times: Vec<Duration> = parse(bytes).unwrap().iter().map(|c| c.at).collect();
    assert_eq!(times, [ms(50), ms(50), ms(60)]);
}

#[test]
fn truncation_anywhere_errors_or_yields_a_prefix() {
    let chunks = [chunk(1, b"abc\n"), chunk(2, b""), chunk(3, b"\x00\xff")];
    let mut rec = Recorder::new(Vec::new()).unwrap();
    rec.record(ms(1), b"abc\n").unwrap();
    rec.note(ms(1), "hello").unwrap();
    rec.record(ms(2), b"").unwrap();
    rec.record(ms(3), b"\x00\xff").unwrap();
    let bytes = rec.into_inner();
    let mut complete = 0;
    for cut in 0..bytes.len() {
        match parse(&bytes[..cut]) {
            Ok(got) => {
                assert!(chunks.starts_with(&got), "cut at {cut}: {got:?}");
                complete += 1;
            }
            Err(e) => assert!(!format!("{e:#}").is_empty()),
        }
    }
    // Only the cuts at the four record boundaries parse.
    assert_eq!(complete, 4);
    let err = parse(&bytes[..bytes.len() - 2]).unwrap_err();
    assert!(format!("{err:#}").contains("truncated"), "{err:#}");
}

#[test]
fn malformed_recordings_are_errors() {
    let bad: &[&[u8]] = &[
        b"",
        b"KIBITZ-RECORDING 1",
        b"KIBITZ-RECORDING 2\n",
        b"KIBITZ-RECORDING 1\nR 1 99999999999999999999\n",
        b"KIBITZ-RECORDING 1\nR 1 18446744073709551615\n",
        b"KIBITZ-RECORDING 1\nR 1 16777217\n",
        b"KIBITZ-RECORDING 1\nR 1 2\nabc\n",
        b"KIBITZ-RECORDING 1\nR 1 2\na",
        b"KIBITZ-RECORDING 1\nX 1 1\na\n",
        b"KIBITZ-RECORDING 1\nR -1 1\na\n",
        b"KIBITZ-RECORDING 1\nR +1 1\na\n",
        b"KIBITZ-RECORDING 1\nR 1 1 1\na\n",
        b"KIBITZ-RECORDING 1\nR 1\na\n",
        b"KIBITZ-RECORDING 1\nR 1 1\n",
        b"KIBITZ-RECORDING 1\n\xff\xfe 1 1\na\n",
        b"KIBITZ-RECORDING 1\n\n",
    ];
    for input in bad {
        assert!(
            parse(input).is_err(),
            "{:?}",
            String::from_utf8_lossy(input)
        );
    }
    let mut long_line = b"KIBITZ-RECORDING 1\n".to_vec();
    long_line.extend(std::iter::repeat_n(b'7', 10_000));
    let err = parse(&long_line).unwrap_err();
    assert!(format!("{err:#}").contains("too long"), "{err:#}");
}

#[test]
fn every_fixture_loads_with_its_timing() {
    let bins = fixtures();
    assert!(bins.len() >= 30, "only {} fixtures found", bins.len());
    for bin in &bins {
        let raw = fs::read(bin).unwrap();
        let chunks = load(bin).unwrap();
        assert_eq!(chunks.concat_bytes(), raw, "{}", bin.display());
        assert!(chunks.windows(2).all(|w| w[0].at <= w[1].at));
        assert!(chunks.iter().all(|c| !c.bytes.is_empty()));

        // Every RECV row is one chunk, starting at its offset, at its time.
        let tsv = fs::read_to_string(events_path(bin)).unwrap();
        let rows: Vec<(u128, usize, usize)> = tsv
            .lines()
            .skip(1)
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .filter(|f| f[2] == "RECV")
            .map(|f| {
                let secs: f64 = f[0].parse().unwrap();
                (
                    (secs * 1000.0).round() as u128,
                    f[1].parse().unwrap(),
                    f[3].parse().unwrap(),
                )
            })
            .collect();
        assert_eq!(rows.len(), chunks.len(), "{}", bin.display());
        let mut offset = 0;
        for (c, (t_ms, at_offset, size)) in chunks.iter().zip(rows) {
            assert_eq!(c.at.as_millis(), t_ms, "{} at {offset}", bin.display());
            assert_eq!(offset, at_offset);
            assert_eq!(c.bytes.len(), size);
            offset += size;
        }
    }
}

trait ConcatBytes {
    fn concat_bytes(&self) -> Vec<u8>;
}

impl ConcatBytes for [Chunk] {
    fn concat_bytes(&self) -> Vec<u8> {
        self.iter().flat_map(|c| c.bytes.iter().copied()).collect()
    }
}

#[test]
fn fixture_spot_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let guest = load(&root.join("real-server/guest-login.bin")).unwrap();
    assert_eq!(guest[0].at, ms(437));
    assert_eq!(guest[0].bytes.len(), 1409);
    assert_eq!(guest[1].at, ms(438));
    assert_eq!(guest[1].bytes.len(), 3);
    let last = guest.last().unwrap();
    assert_eq!((last.at, last.bytes.len()), (ms(2035), 61));

    // Timeseal 2 pings arrive as their own 4-byte reads.
    let seal = load(&root.join("modern-server/timeseal2-guest.bin")).unwrap();
    let ping = seal.iter().find(|c| c.at == ms(8254)).unwrap();
    assert_eq!(ping.bytes.len(), 4);
    assert!(ping.bytes.starts_with(b"[G]"));
}

#[test]
fn an_incomplete_or_odd_timing_file_still_covers_every_byte() {
    let bin: Vec<u8> = (0..100).collect();
    let tsv = "t_sec\trecv_offset\tkind\tdata\n\
               0.5\t0\tRECV\t10\n\
               0.6\t10\tSEND\tguest\twith\ttabs\n\
               0.7\t20\tRECV\t10\n\
               0.65\t25\tRECV\t10\n\
               0.8\t30\tRECV\t0\n\
               0.9\t90\tRECV\t50\n\
               \n\
               1.25\t100\tPONG\t\n";
    let chunks = parse_transcript(&bin, tsv.as_bytes()).unwrap();
    let summary: Vec<(Duration, usize)> = chunks.iter().map(|c| (c.at, c.bytes.len())).collect();
    assert_eq!(
        summary,
        [(ms(500), 10), (ms(700), 20), (ms(700), 5), (ms(900), 65)]
    );
    assert_eq!(chunks.concat_bytes(), bin);

    let tail = parse_transcript(
        &bin,
        b"t_sec\trecv_offset\tkind\tdata\n0.1\t0\tRECV\t30\n2\t30\tSEND\tquit\n",
    )
    .unwrap();
    let summary: Vec<(Duration, usize)> = tail.iter().map(|c| (c.at, c.bytes.len())).collect();
    assert_eq!(summary, [(ms(100), 30), (ms(2000), 70)]);

    // No rows at all: everything at time 0.
    let none = parse_transcript(&bin, b"").unwrap();
    assert_eq!(none, vec![chunk(0, &bin)]);
}

#[test]
fn malformed_timing_files_are_errors() {
    let bin = b"hello";
    let bad: &[&[u8]] = &[
        b"0.1\t0\n",
        b"abc\t0\tRECV\t5\n",
        b"-1.0\t0\tRECV\t5\n",
        b"0.1\tx\tRECV\t5\n",
        b"0.1\t0\tRECV\tfive\n",
        b"0.1\t0\tRECV\n",
        b"0.1e3\t0\tRECV\t5\n",
        b"99999999999999999999\t0\tRECV\t5\n",
    ];
    for tsv in bad {
        let result = parse_transcript(bin, tsv);
        assert!(
            result.is_err(),
            "{:?}: {result:?}",
            String::from_utf8_lossy(tsv)
        );
    }
    // Huge offsets and sizes are cut to the file, not allocated.
    let huge = b"0.1\t0\tRECV\t18446744073709551615\n0.2\t18446744073709551615\tRECV\t9\n";
    assert_eq!(parse_transcript(bin, huge).unwrap(), vec![chunk(100, bin)]);
}

#[test]
fn seconds_parse_exactly() {
    assert_eq!(parse_secs("0.437").unwrap(), ms(437));
    assert_eq!(parse_secs("12").unwrap(), Duration::from_secs(12));
    assert_eq!(parse_secs("1.").unwrap(), Duration::from_secs(1));
    assert_eq!(
        parse_secs("3.1234567891").unwrap(),
        Duration::new(3, 123_456_789)
    );
    assert!(parse_secs("").is_err());
    assert!(parse_secs(".5").is_err());
    assert!(parse_secs("1.2.3").is_err());
}

#[test]
fn load_reads_all_three_kinds() {
    let ours = temp_path("ours.kibitz");
    let mut rec = create_file(&ours).unwrap();
    rec.record(ms(3), b"fics% ").unwrap();
    rec.note(ms(4), "<password>").unwrap();
    rec.flush().unwrap();
    drop(rec);
    assert_eq!(load(&ours).unwrap(), vec![chunk(3, b"fics% ")]);
    fs::remove_file(&ours).unwrap();

    let raw = temp_path("raw.bin");
    let bytes: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
    fs::write(&raw, &bytes).unwrap();
    let chunks = load(&raw).unwrap();
    let sizes: Vec<usize> = chunks.iter().map(|c| c.bytes.len()).collect();
    assert_eq!(sizes, [4096, 4096, 1808]);
    assert!(chunks.iter().all(|c| c.at == Duration::ZERO));
    assert_eq!(chunks.concat_bytes(), bytes);

    // With a timing file beside it, the same bytes are cut by its rows.
    let tsv = events_path(&raw);
    fs::write(
        &tsv,
        "t_sec\trecv_offset\tkind\tdata\n1.000\t0\tRECV\t10000\n",
    )
    .unwrap();
    assert_eq!(load(&raw).unwrap(), vec![chunk(1000, &bytes)]);
    fs::remove_file(&tsv).unwrap();
    fs::remove_file(&raw).unwrap();

    let future = temp_path("future.kibitz");
    fs::write(&future, "KIBITZ-RECORDING 9\n").unwrap();
    let err = load(&future).unwrap_err();
    assert!(format!("{err:#}").contains("version"), "{err:#}");
    fs::remove_file(&future).unwrap();

    let empty = temp_path("empty.bin");
    fs::write(&empty, "").unwrap();
    assert_eq!(load(&empty).unwrap(), vec![]);
    fs::remove_file(&empty).unwrap();

    assert!(load(&temp_path("missing")).is_err());
}

proptest! {
    #[test]
    fn any_chunks_round_trip(
        steps in proptest::collection::vec(
            (0u64..100_000, proptest::collection::vec(any::<u8>(), 0..300)),
            0..30,
        )
    ) {
        let mut at = 0;
        let chunks: Vec<Chunk> = steps
            .iter()
            .map(|(delta, bytes)| {
                at += delta;
                chunk(at, bytes)
            })
            .collect();
        prop_assert_eq!(parse(&write(&chunks)).unwrap(), chunks);
    }

    #[test]
    fn any_bytes_after_the_header_never_panic(
        tail in proptest::collection::vec(any::<u8>(), 0..400)
    ) {
        let mut bytes = b"KIBITZ-RECORDING 1\n".to_vec();
        bytes.extend_from_slice(&tail);
        if let Ok(chunks) = parse(&bytes) {
            prop_assert!(chunks.iter().map(|c| c.bytes.len()).sum::<usize>() <= tail.len());
        }
    }

    #[test]
    fn any_timing_file_covers_the_transcript(
        bin in proptest::collection::vec(any::<u8>(), 0..200),
        rows in proptest::collection::vec((0u32..5000, 0u64..250, 0u64..80, any::<bool>()), 0..20),
    ) {
        let mut tsv = String::from("t_sec\trecv_offset\tkind\tdata\n");
        for (t_ms, offset, size, recv) in rows {
            let kind = if recv { "RECV" } else { "SEND" };
            tsv.push_str(&format!("{}.{:03}\t{offset}\t{kind}\t{size}\n", t_ms / 1000, t_ms % 1000));
        }
        let chunks = parse_transcript(&bin, tsv.as_bytes()).unwrap();
        prop_assert_eq!(chunks.concat_bytes(), bin);
        prop_assert!(chunks.windows(2).all(|w| w[0].at <= w[1].at));
    }
}
