use super::*;
use proptest::prelude::*;

#[test]
fn vector_single_letter() {
    // Payload b"a", timestamp 5.
    // plain:   61 18 35 19 31 31 31 31 31 31 31 31   ('a' 0x18 '5' 0x19, 8 x '1')
    // swap 0<->11: 31 18 35 19 31 31 31 31 31 31 31 61
    // swap 2<->9:  31 18 31 19 31 31 31 31 31 35 31 61
    // swap 4<->7:  unchanged (both 0x31)
    // key "Timestamp (F" = 54 69 6d 65 73 74 61 6d 70 20 28 46
    // n0: (31|80)=b1 ^ 54 = e5, -20 = c5
    // n1: (18|80)=98 ^ 69 = f1, -20 = d1
    // n2: b1 ^ 6d = dc -> bc    n3: 99 ^ 65 = fc -> dc
    // n4: b1 ^ 73 = c2 -> a2    n5: b1 ^ 74 = c5 -> a5
    // n6: b1 ^ 61 = d0 -> b0    n7: b1 ^ 6d = dc -> bc
    // n8: b1 ^ 70 = c1 -> a1    n9: b5 ^ 20 = 95 -> 75
    // n10: b1 ^ 28 = 99 -> 79   n11: e1 ^ 46 = a7 -> 87
    // then 0x80 (offset 0) and '\n'.
    let expected: [u8; 14] = [
        0xc5, 0xd1, 0xbc, 0xdc, 0xa2, 0xa5, 0xb0, 0xbc, 0xa1, 0x75, 0x79, 0x87, 0x80, 0x0a,
    ];
    assert_eq!(encode_line(b"a", 5), expected);
    assert_eq!(decode_line(&expected), Some((b"a".to_vec(), 5)));
}

#[test]
fn vector_move() {
    // Payload b"e2e4", timestamp 1234.
    // plain:   65 32 65 34 18 31 32 33 34 19 31 31   ("e2e4" 0x18 "1234" 0x19 "11")
    // swap 0<->11: 31 32 65 34 18 31 32 33 34 19 31 65
    // swap 2<->9:  31 32 19 34 18 31 32 33 34 65 31 65
    // swap 4<->7:  31 32 19 34 33 31 32 18 34 65 31 65
    // n0: b1 ^ 54 = e5 -> c5   n1: b2 ^ 69 = db -> bb
    // n2: 99 ^ 6d = f4 -> d4   n3: b4 ^ 65 = d1 -> b1
    // n4: b3 ^ 73 = c0 -> a0   n5: b1 ^ 74 = c5 -> a5
    // n6: b2 ^ 61 = d3 -> b3   n7: 98 ^ 6d = f5 -> d5
    // n8: b4 ^ 70 = c4 -> a4   n9: e5 ^ 20 = c5 -> a5
    // n10: b1 ^ 28 = 99 -> 79  n11: e5 ^ 46 = a3 -> 83
    let expected: [u8; 14] = [
        0xc5, 0xbb, 0xd4, 0xb1, 0xa0, 0xa5, 0xb3, 0xd5, 0xa4, 0xa5, 0x79, 0x83, 0x80, 0x0a,
    ];
    assert_eq!(encode_line(b"e2e4", 1234), expected);
    assert_eq!(decode_line(&expected), Some((b"e2e4".to_vec(), 1234)));
}

#[test]
fn vector_two_blocks() {
    // Payload b"hello world!" (exactly 12 bytes), timestamp 0: the second
    // block is 18 '0' 19 + 9 x '1', and keys 12..24 ("ICS) v1.0 - ") apply.
    // block 2 plain:   18 30 19 31 31 31 31 31 31 31 31 31
    // block 2 swapped: 31 30 31 31 31 31 31 31 31 19 31 18
    // n12: b1 ^ 49 = f8 -> d8   n21: 99 ^ 20 = b9 -> 99   n23: 98 ^ 20 = b8 -> 98
    let expected: [u8; 26] = [
        0xd5, 0x6c, 0x61, 0x69, 0x7c, 0xb4, 0x76, 0x62, 0x62, 0xac, 0xac, 0x8e, 0xd8, 0xd3, 0xc2,
        0x78, 0x71, 0xa7, 0x60, 0x7f, 0x61, 0x99, 0x7c, 0x98, 0x80, 0x0a,
    ];
    assert_eq!(encode_line(b"hello world!", 0), expected);
}

#[test]
fn output_shape() {
    for len in 0..40 {
        let payload = vec![b'x'; len];
        let out = encode_line(&payload, 987_654);
        let (body, tail) = out.split_at(out.len() - 2);
        assert_eq!(tail, [0x80, b'\n']);
        assert_eq!(body.len() % BLOCK, 0);
        // Encoded bytes never contain a newline, so one line stays one line.
        assert!(!body.contains(&b'\n'));
    }
}

#[test]
fn round_trips() {
    let long: Vec<u8> = (0..100u8).map(|i| b'a' + i % 26).collect();
    let printable: Vec<u8> = (0x20..=0x7e).collect();
    let payloads: Vec<&[u8]> = vec![
        b"",
        b"x",
        b"guest",
        b"e7e8=q",
        b"tell BotB hello there",
        b"12345678",
        b"123456789",
        &long,
        &printable,
    ];
    for payload in payloads {
        for ts in [1, 9, 10, 999, 1_234_567, u64::MAX] {
            let out = encode_line(payload, ts);
            assert_eq!(decode_line(&out), Some((payload.to_vec(), ts)));
            // Also without the trailing newline.
            assert_eq!(
                decode_line(&out[..out.len() - 1]),
                Some((payload.to_vec(), ts))
            );
        }
    }
}

#[test]
fn decodes_any_offset() {
    for offset in 0..=127u8 {
        let out = encode_with_offset(b"observe 12", 42, offset);
        assert_eq!(out[out.len() - 2], 0x80 | offset);
        assert_eq!(decode_line(&out), Some((b"observe 12".to_vec(), 42)));
    }
}

#[test]
fn garbage_is_rejected() {
    let valid = encode_line(b"resign", 77);
    let mut wrong_length = valid.clone();
    wrong_length.remove(0);
    let mut no_marker = valid.clone();
    let marker = no_marker.len() - 2;
    no_marker[marker] = 0x00;
    let mut flipped = valid.clone();
    flipped[3] ^= 0x80;

    let cases: Vec<&[u8]> = vec![
        b"",
        b"\n",
        b"\x80\n",
        b"\x80",
        b"resign\n",
        b"aaaaaaaaaaaa\x80\n",
        &wrong_length,
        &no_marker,
        &flipped,
    ];
    for case in cases {
        assert_eq!(decode_line(case), None, "{case:?}");
    }
}

/// Encodes an arbitrary plain body (a multiple of 12 bytes, timestamp
/// markers included or not) to reach each decoder check.
fn encode_plain(plain: &[u8], offset: u8) -> Vec<u8> {
    let mut buf = plain.to_vec();
    for block in buf.chunks_exact_mut(BLOCK) {
        for (a, b) in SWAPS {
            block.swap(a, b);
        }
    }
    for (n, byte) in buf.iter_mut().enumerate() {
        let key = KEY[(n + usize::from(offset)) % KEY.len()];
        *byte = ((*byte | 0x80) ^ key).wrapping_sub(32);
    }
    buf.extend_from_slice(&[0x80 | offset, b'\n']);
    buf
}

#[test]
fn malformed_timestamps_are_rejected() {
    // Each plain body is exactly one 12-byte block.
    assert!(decode_line(&encode_plain(b"ab\x1812\x19111111", 0)).is_some());
    assert_eq!(decode_line(&encode_plain(b"abc123411111", 0)), None); // no 0x18
    assert_eq!(decode_line(&encode_plain(b"ab\x18123411111", 0)), None); // no 0x19
    assert_eq!(decode_line(&encode_plain(b"ab\x18\x1911111111", 0)), None); // empty
    assert_eq!(decode_line(&encode_plain(b"ab\x181x2\x1911111", 0)), None); // non-digit
    assert_eq!(decode_line(&encode_plain(b"ab\x18+12\x191111", 0)), None); // sign
    assert_eq!(decode_line(&encode_plain(b"ab\x180\x19111111", 0)), None); // zero
    assert_eq!(decode_line(&encode_plain(b"ab\x18000\x191111", 0)), None); // zero
    assert_eq!(
        decode_line(&encode_plain(b"ab\x19\x18123\x191111", 0)),
        Some((b"ab\x19".to_vec(), 123))
    );
}

#[test]
fn timestamp_overflow_is_rejected() {
    // u64::MAX is 18446744073709551615; one more must not wrap.
    let mut plain = b"\x1818446744073709551616\x19".to_vec();
    plain.resize(24, FILLER);
    assert_eq!(decode_line(&encode_plain(&plain, 0)), None);
    let mut max = b"\x1818446744073709551615\x19".to_vec();
    max.resize(24, FILLER);
    assert_eq!(
        decode_line(&encode_plain(&max, 0)),
        Some((vec![], u64::MAX))
    );
}

/// A real server reads a stamp of 0 as "not timeseal" and the hello as a
/// login name: the decoder here refuses it the same way.
#[test]
fn stamp_zero_is_not_timeseal() {
    assert_eq!(decode_line(&encode_line(b"guest", 0)), None);
    assert_eq!(
        decode_line(&hello(TimesealVersion::V2, "Kibitz", "linux", 0)),
        None
    );
}

#[test]
fn clock_starts_above_zero_and_always_increases() {
    use std::time::Duration;
    let mut clock = StampClock::default();
    // The very first line, the instant the connection opens.
    assert_eq!(clock.stamp(Duration::ZERO), StampClock::ORIGIN_MS);
    // Lines sent in the same millisecond still get increasing stamps.
    assert_eq!(clock.stamp(Duration::ZERO), StampClock::ORIGIN_MS + 1);
    assert_eq!(
        clock.stamp(Duration::from_micros(900)),
        StampClock::ORIGIN_MS + 2
    );
    // Real time catches up and then leads.
    assert_eq!(
        clock.stamp(Duration::from_millis(5)),
        StampClock::ORIGIN_MS + 5
    );
    assert_eq!(
        clock.stamp(Duration::from_secs(60)),
        StampClock::ORIGIN_MS + 60_000
    );
    // Time that went backwards (a caller's bug) still gives a later stamp.
    assert_eq!(
        clock.stamp(Duration::from_secs(1)),
        StampClock::ORIGIN_MS + 60_001
    );
    // No overflow at the far end.
    assert_eq!(clock.stamp(Duration::MAX), u64::MAX);
    assert_eq!(clock.stamp(Duration::MAX), u64::MAX);
}

#[test]
fn ping_reply_payload() {
    assert_eq!(
        decode_line(&ping_reply(31_337)),
        Some((vec![0x02, 0x39], 31_337))
    );
}

#[test]
fn hello_text() {
    let v1 = hello(TimesealVersion::V1, "kibitz", "linux", 1);
    assert_eq!(
        decode_line(&v1),
        Some((b"TIMESTAMP|kibitz|linux|".to_vec(), 1))
    );
    let v2 = hello(TimesealVersion::V2, "Kibitz 0.1", "Linux x86_64", 12);
    assert_eq!(
        decode_line(&v2),
        Some((b"TIMESEAL2|Kibitz 0.1|Linux x86_64|".to_vec(), 12))
    );
}

#[test]
fn hello_strips_separators_and_unprintables() {
    let out = hello(TimesealVersion::V2, "ki|bi\ntz\u{e9}", "a\x00|b\x7f", 3);
    assert_eq!(
        decode_line(&out),
        Some((b"TIMESEAL2|kibitz|ab|".to_vec(), 3))
    );
}

#[test]
fn version_serializes_snake_case() -> Result<(), serde_json::Error> {
    assert_eq!(serde_json::to_string(&TimesealVersion::V1)?, "\"v1\"");
    assert_eq!(serde_json::to_string(&TimesealVersion::V2)?, "\"v2\"");
    Ok(())
}

proptest! {
    #[test]
    fn prop_round_trip(
        payload in proptest::collection::vec(
            (0u8..0x80).prop_filter("timestamp marker", |&b| b != TS_START),
            0..300,
        ),
        ts in 1..=u64::MAX,
        offset in 0u8..0x80,
    ) {
        let out = encode_with_offset(&payload, ts, offset);
        prop_assert_eq!(decode_line(&out), Some((payload, ts)));
    }

    #[test]
    fn prop_decode_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = decode_line(&bytes);
    }

    /// Well-formed framing around plain text made mostly of the bytes
    /// the decoder cares about, so every check after the bit-7 one runs.
    #[test]
    fn prop_decode_never_panics_on_aligned(
        plain in proptest::collection::vec(
            prop::sample::select(vec![TS_START, TS_END, b'0', b'9', b'a', 0x7f]),
            1..5,
        ),
        blocks in 1usize..4,
        offset in 0u8..0x80,
    ) {
        let mut plain = plain;
        plain.resize(blocks * BLOCK, b'5');
        let _ = decode_line(&encode_plain(&plain, offset));
    }
}
