//! Any bytes, in any chunking, through framing and line decoding: no panic,
//! and the chunking never changes the events.
#![no_main]

use kibitz::protocol::decoder::StreamDecoder;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (split, bytes) = match data.split_first() {
        Some((first, rest)) => (usize::from(*first).max(1), rest),
        None => return,
    };
    let mut whole = Vec::new();
    let mut decoder = StreamDecoder::new();
    decoder.push(bytes, &mut whole);
    decoder.finish(&mut whole);

    let mut chunked = Vec::new();
    let mut decoder = StreamDecoder::new();
    for chunk in bytes.chunks(split) {
        decoder.push(chunk, &mut chunked);
    }
    decoder.finish(&mut chunked);
    assert_eq!(whole, chunked);
});
