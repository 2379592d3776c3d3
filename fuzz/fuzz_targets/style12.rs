//! Any text as a `<12>` line: no panic; whatever parses writes back to a
//! line that parses to the same value, and its FEN can be built.
#![no_main]

use kibitz::protocol::style12::Style12;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in [format!("<12> {text}"), text.into_owned()] {
        for ms in [false, true] {
            if let Ok(board) = Style12::parse(&line, ms) {
                let written = board.to_string();
                let again = Style12::parse(&written, ms).expect("written line parses");
                assert_eq!(again, board);
                let _ = board.fen();
            }
        }
    }
});
