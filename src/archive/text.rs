//! The text of a game file as other programs write it: UTF-8 (a BOM is
//! the PGN reader's), else Windows-1252, which old databases and Windows
//! programs write (Latin-1's printable characters are a part of it).

/// A tag's or a comment's text: UTF-8 (a BOM is the reader's), else what
/// old databases and Windows programs write, Windows-1252 (of which
/// Latin-1's printable characters are a part).
pub fn decode_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => bytes.iter().map(|&b| windows_1252(b)).collect(),
    }
}

/// One byte of Windows-1252 as a character (its five unassigned bytes as
/// the replacement character).
fn windows_1252(byte: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{fffd}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{fffd}', 'Ž',
        '\u{fffd}', '\u{fffd}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ',
        '\u{fffd}', 'ž', 'Ÿ',
    ];
    match byte {
        0x80..=0x9f => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_as_written_else_windows_1252() {
        assert_eq!(decode_text("Jöns".as_bytes()), "Jöns");
        assert_eq!(decode_text(b"Andr\xe9 \x80\x9c"), "André €œ");
        assert_eq!(decode_text(b"\x81"), "\u{fffd}");
    }
}
