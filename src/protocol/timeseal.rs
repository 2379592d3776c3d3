//! Timeseal: the per-line wrapper FICS uses to charge players for thinking
//! time only, not for network transit.
//!
//! Every client→server line (once timeseal is on, including the handle and the
//! password) is sent as an encoded line that carries a client timestamp in
//! milliseconds. The server compares the timestamp on our reply to its ping
//! (`[G]`, see [`ping_reply`]) with the timestamp on our move and charges the
//! difference.
//!
//! Encoding one line (the payload has no trailing newline):
//! 1. append `0x18`, the decimal timestamp, `0x19`;
//! 2. pad with filler `b'1'` to a multiple of 12 bytes;
//! 3. in every 12-byte block swap bytes 0↔11, 2↔9, 4↔7;
//! 4. for each byte at index `n`: set bit 7, XOR with
//!    `KEY[(n + offset) % 50]`, subtract 32 (wrapping);
//! 5. append `0x80 | offset`, then `\n`.
//!
//! We always use offset 0 and filler `b'1'`, as most open clients do; the
//! decoder accepts any offset and any filler, as the server does.
//!
//! Timestamps: the server charges differences between timestamps, so any
//! increasing millisecond count works, except that a stamp of 0 means "not
//! timeseal": the servers' decoder prints `0: <line>` for a malformed line,
//! so a hello stamped 0 is taken as a login name. [`StampClock`] gives the
//! stamps: never 0, strictly increasing. This module never reads a clock;
//! callers pass the time since an origin of their choosing.
//!
//! Bit 7 of every payload byte is lost by step 4, and a payload byte `0x18`
//! would be taken as the start of the timestamp, so payloads must be 7-bit and
//! free of `0x18`. [`crate::protocol::command`] only produces printable ASCII.
//! A payload must also be a single line: the server splits decoded text on
//! `\n`.

use serde::Serialize;

/// The XOR key of the original timeseal, indexed by `(position + offset) % 50`.
const KEY: &[u8; 50] = b"Timestamp (FICS) v1.0 - programmed by Henrik Gram.";
/// The swaps and the padding work on blocks of this many bytes.
const BLOCK: usize = 12;
/// Byte pairs swapped inside each block.
const SWAPS: [(usize, usize); 3] = [(0, 11), (2, 9), (4, 7)];
/// Padding byte; any byte works, `1` is what most open clients send.
const FILLER: u8 = b'1';
/// Marks the start of the timestamp (and the end of the payload).
const TS_START: u8 = 0x18;
/// Marks the end of the timestamp.
const TS_END: u8 = 0x19;
/// The offset we encode with; the final byte of every line is `0x80 | offset`.
const OFFSET: u8 = 0;
/// The payload the server expects in reply to a `[G]` ping.
const PING_REPLY: [u8; 2] = [0x02, 0x39];

/// The client's timeseal clock: one per connection, for the hello, every
/// line and every ping reply alike.
///
/// Real clients send their machine's tick count; we send milliseconds since
/// the session's origin plus [`StampClock::ORIGIN_MS`], so that a line sent
/// the instant the connection opens is not stamped 0. Two lines sent in the
/// same millisecond get consecutive stamps: servers expect each line's stamp
/// to be later than the one before.
#[derive(Debug, Clone, Default)]
pub struct StampClock {
    last_ms: u64,
}

impl StampClock {
    /// The stamp of the origin itself; any non-zero value works.
    pub const ORIGIN_MS: u64 = 1_000;

    /// The stamp for a line sent `since_origin` after the origin: at least
    /// [`Self::ORIGIN_MS`], and always above the previous stamp.
    pub fn stamp(&mut self, since_origin: std::time::Duration) -> u64 {
        let elapsed_ms = u64::try_from(since_origin.as_millis()).unwrap_or(u64::MAX);
        let wall_ms = Self::ORIGIN_MS.saturating_add(elapsed_ms);
        let stamp = wall_ms.max(self.last_ms.saturating_add(1));
        self.last_ms = stamp;
        stamp
    }
}

/// Which timeseal protocol to announce in the hello line.
///
/// v1 servers ping with `[G]\n\r`, v2 servers with `[G]\0`; the line encoding
/// is the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimesealVersion {
    /// Hello `TIMESTAMP|client|system|`.
    V1,
    /// Hello `TIMESEAL2|client|system|`.
    V2,
}

/// Encodes one line (without its newline) stamped with `timestamp_ms`.
///
/// The result ends with `0x80` (offset 0) and `\n` and is ready to be written
/// to the socket as is.
pub fn encode_line(payload: &[u8], timestamp_ms: u64) -> Vec<u8> {
    encode_with_offset(payload, timestamp_ms, OFFSET)
}

/// The encoder behind [`encode_line`], with the key offset as a parameter so
/// tests can exercise the decoder with offsets other clients use.
fn encode_with_offset(payload: &[u8], timestamp_ms: u64, offset: u8) -> Vec<u8> {
    // Keep the offset within the 7 bits the final byte can carry.
    let offset = offset & 0x7f;
    let digits = timestamp_ms.to_string();
    let plain_len = payload.len() + digits.len() + 2;
    let padded_len = plain_len.div_ceil(BLOCK) * BLOCK;

    let mut buf = Vec::with_capacity(padded_len + 2);
    buf.extend_from_slice(payload);
    buf.push(TS_START);
    buf.extend_from_slice(digits.as_bytes());
    buf.push(TS_END);
    buf.resize(padded_len, FILLER);

    for block in buf.chunks_exact_mut(BLOCK) {
        for (a, b) in SWAPS {
            block.swap(a, b);
        }
    }
    for (n, byte) in buf.iter_mut().enumerate() {
        let key = KEY[(n + usize::from(offset)) % KEY.len()];
        *byte = ((*byte | 0x80) ^ key).wrapping_sub(32);
    }

    buf.push(0x80 | offset);
    buf.push(b'\n');
    buf
}

/// The first line sent after connecting, before any prompt: it tells the
/// server that this connection speaks timeseal and which version.
///
/// `client` and `system` are free text shown to admins; `|` (the field
/// separator) and anything outside printable ASCII are removed from them.
pub fn hello(version: TimesealVersion, client: &str, system: &str, timestamp_ms: u64) -> Vec<u8> {
    let tag = match version {
        TimesealVersion::V1 => "TIMESTAMP",
        TimesealVersion::V2 => "TIMESEAL2",
    };
    let text = format!("{tag}|{}|{}|", hello_field(client), hello_field(system));
    encode_line(text.as_bytes(), timestamp_ms)
}

/// Keeps only the characters that cannot break the `|`-separated hello.
fn hello_field(text: &str) -> String {
    text.chars()
        .filter(|&c| matches!(c, ' '..='~') && c != '|')
        .collect()
}

/// The encoded answer to a server ping (`[G]`); send it as soon as the ping
/// is seen, since its timestamp marks when the position reached us.
pub fn ping_reply(timestamp_ms: u64) -> Vec<u8> {
    encode_line(&PING_REPLY, timestamp_ms)
}

/// Decodes one encoded line the way the server does and returns the payload
/// and its timestamp.
///
/// `encoded` may or may not end with `\n`. Returns `None` for anything the
/// server would take as "not timeseal": no offset byte, a body that is empty
/// or not a multiple of 12 bytes, a byte whose decoded bit 7 is clear (the
/// encoder always sets it), a missing `0x18`/`0x19`, a timestamp that is
/// empty, has a non-digit or overflows `u64`, or a timestamp of 0 (the
/// servers' decoder reports a malformed line as stamp 0, so they cannot tell
/// the two apart). Never panics.
pub fn decode_line(encoded: &[u8]) -> Option<(Vec<u8>, u64)> {
    let line = encoded.strip_suffix(b"\n").unwrap_or(encoded);
    let (&marker, body) = line.split_last()?;
    if marker & 0x80 == 0 || body.is_empty() || body.len() % BLOCK != 0 {
        return None;
    }
    let offset = usize::from(marker & 0x7f);

    let mut plain = Vec::with_capacity(body.len());
    for (n, &byte) in body.iter().enumerate() {
        let key = KEY[(n + offset) % KEY.len()];
        let restored = byte.wrapping_add(32) ^ key;
        if restored & 0x80 == 0 {
            return None;
        }
        plain.push(restored & 0x7f);
    }
    for block in plain.chunks_exact_mut(BLOCK) {
        for (a, b) in SWAPS {
            block.swap(a, b);
        }
    }

    let start = plain.iter().position(|&b| b == TS_START)?;
    let after_start = plain.get(start + 1..)?;
    let end = after_start.iter().position(|&b| b == TS_END)?;
    let timestamp = parse_decimal(after_start.get(..end)?)?;
    if timestamp == 0 {
        return None;
    }

    plain.truncate(start);
    Some((plain, timestamp))
}

/// Parses a non-empty run of ASCII digits, refusing anything else and
/// overflow.
fn parse_decimal(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        if !d.is_ascii_digit() {
            return None;
        }
        acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

#[cfg(test)]
mod tests;
