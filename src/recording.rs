//! Recorded server sessions: every byte received from the server with its
//! arrival time, so a session can be replayed with its original timing (bug
//! reports, offline demos, tests).
//!
//! # Format (version 1)
//!
//! Text headers around raw payloads, so a recording reads fine in a pager
//! yet holds any byte the server sent:
//!
//! ```text
//! KIBITZ-RECORDING 1\n
//! R <ms> <len>\n<len bytes>\n     bytes received <ms> after connecting
//! N <ms> <len>\n<len bytes>\n     a note: a line the client sent (UTF-8)
//! ```
//!
//! `<ms>` (milliseconds since connect, sub-millisecond precision is dropped)
//! and `<len>` (payload bytes) are decimal. The length alone delimits the
//! payload, which may hold `\n`, NUL or anything else; the `\n` after it
//! only keeps the file readable and is checked. A payload is at most
//! [`MAX_CHUNK_BYTES`]: the recorder splits longer ones, readers reject them.
//! Notes are for people reading the file; [`parse`] skips them.
//!
//! [`load`] also reads the test fixtures' raw transcripts with their timing
//! files (`X.bin` + `X.bin.events.tsv`) and any other file as plain bytes.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail, ensure};

/// The first line of every recording in our format.
const HEADER_LINE: &str = "KIBITZ-RECORDING 1";
/// What identifies our format whatever the version, so a future version is
/// reported as such instead of being replayed as raw bytes.
const MAGIC: &str = "KIBITZ-RECORDING ";
/// A record header is `R`, two `u64`s and two spaces: far below this.
const MAX_HEADER_LINE: usize = 64;
/// The largest payload a record may hold, so a corrupt length can never ask
/// for a huge allocation.
pub const MAX_CHUNK_BYTES: usize = 16 * 1024 * 1024;
/// How a file in no known format is cut: a typical socket read.
pub const RAW_CHUNK_BYTES: usize = 4096;

/// Bytes received from the server, and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// Since the connection was opened.
    pub at: Duration,
    pub bytes: Vec<u8>,
}

/// Writes a recording in our format; see the module docs.
#[derive(Debug)]
pub struct Recorder<W: Write> {
    out: W,
}

impl<W: Write> Recorder<W> {
    /// Starts a recording by writing the header.
    pub fn new(mut out: W) -> io::Result<Self> {
        writeln!(out, "{HEADER_LINE}")?;
        Ok(Self { out })
    }

    /// Records bytes received `at` (since connect). An empty read is kept;
    /// more than [`MAX_CHUNK_BYTES`] is split into records at the same time.
    pub fn record(&mut self, at: Duration, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return self.write_record('R', at, bytes);
        }
        for piece in bytes.chunks(MAX_CHUNK_BYTES) {
            self.write_record('R', at, piece)?;
        }
        Ok(())
    }

    /// Notes a line the client sent, for people reading the recording.
    ///
    /// For non-sensitive text only: recordings end up in bug reports, so the
    /// caller must never pass a password (the net layer writes `<password>`
    /// instead, as the fixtures' timing files do). Text beyond
    /// [`MAX_CHUNK_BYTES`] is cut.
    pub fn note(&mut self, at: Duration, text: &str) -> io::Result<()> {
        let mut end = text.len().min(MAX_CHUNK_BYTES);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        self.write_record('N', at, &text.as_bytes()[..end])
    }

    /// Pushes buffered records to the writer, so a crash loses little.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// The writer back (flush first if it buffers).
    pub fn into_inner(self) -> W {
        self.out
    }

    fn write_record(&mut self, kind: char, at: Duration, payload: &[u8]) -> io::Result<()> {
        // Readers parse a u64; 584 million years is not a real timestamp.
        let ms = u64::try_from(at.as_millis()).unwrap_or(u64::MAX);
        writeln!(self.out, "{kind} {ms} {}", payload.len())?;
        self.out.write_all(payload)?;
        self.out.write_all(b"\n")
    }
}

/// Creates (or truncates) `path` and starts a buffered recording in it.
pub fn create_file(path: &Path) -> io::Result<Recorder<BufWriter<File>>> {
    Recorder::new(BufWriter::new(File::create(path)?))
}

/// Reads the chunks of a recording, whatever its kind:
/// - our format, recognised by its header (see the module docs);
/// - a raw server transcript `X.bin` with a timing file `X.bin.events.tsv`
///   beside it, as in `tests/fixtures/`;
/// - anything else: the raw bytes, in [`RAW_CHUNK_BYTES`] chunks at time 0.
///
/// Times in the result never decrease (a later chunk claiming an earlier
/// time is moved to its predecessor's), so a replayer may sleep the
/// differences. The file is read whole: recordings are trusted to be
/// reasonably sized, not to be well-formed.
pub fn load(path: &Path) -> Result<Vec<Chunk>> {
    let bytes = fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.starts_with(MAGIC.as_bytes()) {
        return parse(&bytes).with_context(|| format!("reading recording {}", path.display()));
    }
    let events = events_path(path);
    match fs::read(&events) {
        Ok(tsv) => parse_transcript(&bytes, &tsv)
            .with_context(|| format!("reading timing file {}", events.display())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(raw_chunks(&bytes)),
        Err(e) => Err(e).with_context(|| format!("reading {}", events.display())),
    }
}

/// Parses a recording in our format (header included); see the module docs.
/// A truncated or malformed recording is an error naming the byte offset.
pub fn parse(bytes: &[u8]) -> Result<Vec<Chunk>> {
    let (first, mut pos) = header_line(bytes, 0)?;
    if first != HEADER_LINE {
        match first.strip_prefix(MAGIC) {
            Some(version) => bail!("unsupported recording version {version:?}"),
            None => bail!("not a Kibitz recording (first line {first:?})"),
        }
    }
    let mut chunks = Vec::new();
    let mut last = Duration::ZERO;
    while pos < bytes.len() {
        let start = pos;
        let (line, after) = header_line(bytes, pos)?;
        let (kind, ms, len) = parse_record_header(line)
            .with_context(|| format!("bad record header {line:?} at byte {start}"))?;
        let left = bytes.len() - after;
        ensure!(
            len < left,
            "truncated record at byte {start}: {len} payload bytes and a newline announced, \
             {left} left"
        );
        let payload = &bytes[after..after + len];
        ensure!(
            bytes[after + len] == b'\n',
            "record at byte {start} is not followed by a newline (wrong length?)"
        );
        pos = after + len + 1;
        if kind == 'R' {
            last = last.max(Duration::from_millis(ms));
            chunks.push(Chunk {
                at: last,
                bytes: payload.to_vec(),
            });
        }
    }
    Ok(chunks)
}

/// The header line starting at `pos` (without its `\n`) and the offset
/// after it; looks no further than [`MAX_HEADER_LINE`] bytes.
fn header_line(bytes: &[u8], pos: usize) -> Result<(&str, usize)> {
    let window = &bytes[pos..bytes.len().min(pos + MAX_HEADER_LINE)];
    let Some(len) = window.iter().position(|&b| b == b'\n') else {
        if window.len() < MAX_HEADER_LINE {
            bail!("truncated header line at byte {pos}");
        }
        bail!("header line at byte {pos} is too long (not a record header)");
    };
    let line = std::str::from_utf8(&window[..len])
        .with_context(|| format!("header line at byte {pos} is not text"))?;
    Ok((line, pos + len + 1))
}

/// `R <ms> <len>` or `N <ms> <len>`, the length within [`MAX_CHUNK_BYTES`].
fn parse_record_header(line: &str) -> Result<(char, u64, usize)> {
    let mut fields = line.split(' ');
    let (Some(kind), Some(ms), Some(len), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        bail!("expected `R|N <ms> <len>`");
    };
    let kind = match kind {
        "R" => 'R',
        "N" => 'N',
        other => bail!("unknown record kind {other:?}"),
    };
    let ms = parse_decimal(ms).context("bad time")?;
    let len = parse_decimal(len).context("bad length")?;
    ensure!(
        len <= MAX_CHUNK_BYTES as u64,
        "payload of {len} bytes exceeds the {MAX_CHUNK_BYTES} byte limit"
    );
    Ok((kind, ms, usize::try_from(len)?))
}

/// Plain ASCII digits only: `u64::from_str` would also take a `+` sign.
fn parse_decimal(s: &str) -> Result<u64> {
    ensure!(
        !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()),
        "{s:?} is not a decimal number"
    );
    Ok(s.parse()?)
}

/// `X.bin` -> `X.bin.events.tsv`.
fn events_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".events.tsv");
    PathBuf::from(name)
}

/// Cuts a raw transcript `bin` at the `RECV` rows of its timing file.
///
/// Columns: `t_sec` (seconds, decimal), `recv_offset`, `kind`, `data`; a
/// `RECV` row's data is the size of the chunk starting at `recv_offset`.
/// Other kinds (`SEND`, `HELLO`, `PONG`) are skipped. The result always
/// concatenates to `bin`: bytes the rows skip over join the next chunk,
/// rows pointing back into bytes already delivered deliver only what is
/// new, rows beyond the end are cut to it, and bytes no row covers form a
/// last chunk at the last time in the file.
fn parse_transcript(bin: &[u8], tsv: &[u8]) -> Result<Vec<Chunk>> {
    let text = String::from_utf8_lossy(tsv);
    let mut chunks = Vec::new();
    let mut pos = 0;
    // The latest time seen in any row, and in any chunk pushed.
    let mut latest = Duration::ZERO;
    let mut last_chunk = Duration::ZERO;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let mut fields = line.splitn(4, '\t');
        let (Some(t), Some(offset), Some(kind)) = (fields.next(), fields.next(), fields.next())
        else {
            bail!("line {n}: expected tab-separated t_sec, recv_offset, kind, data");
        };
        if i == 0 && t == "t_sec" {
            continue;
        }
        let at = parse_secs(t).with_context(|| format!("line {n}: bad t_sec {t:?}"))?;
        latest = latest.max(at);
        if kind != "RECV" {
            continue;
        }
        let offset = parse_decimal(offset).with_context(|| format!("line {n}: bad recv_offset"))?;
        let size = parse_decimal(fields.next().unwrap_or("").trim())
            .with_context(|| format!("line {n}: bad RECV size"))?;
        let end = offset.saturating_add(size);
        let end = usize::try_from(end).unwrap_or(usize::MAX).min(bin.len());
        if end <= pos {
            continue;
        }
        last_chunk = last_chunk.max(at);
        push_split(&mut chunks, last_chunk, &bin[pos..end]);
        pos = end;
    }
    if pos < bin.len() {
        push_split(&mut chunks, latest.max(last_chunk), &bin[pos..]);
    }
    Ok(chunks)
}

/// Pushes `bytes` as chunks of at most [`MAX_CHUNK_BYTES`], all at `at`.
fn push_split(chunks: &mut Vec<Chunk>, at: Duration, bytes: &[u8]) {
    chunks.extend(bytes.chunks(MAX_CHUNK_BYTES).map(|piece| Chunk {
        at,
        bytes: piece.to_vec(),
    }));
}

/// `12.345` -> 12.345 s, exactly (no float rounding); digits past the
/// nanosecond are ignored.
fn parse_secs(s: &str) -> Result<Duration> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let secs = parse_decimal(whole)?;
    ensure!(
        frac.bytes().all(|b| b.is_ascii_digit()),
        "{s:?} is not a decimal number"
    );
    let frac = &frac[..frac.len().min(9)];
    let nanos = if frac.is_empty() {
        0
    } else {
        // At most 9 digits, scaled to 9: below 10^9, so no overflow.
        let digits = u32::try_from(frac.len())?;
        frac.parse::<u32>()? * 10u32.pow(9 - digits)
    };
    Ok(Duration::new(secs, nanos))
}

/// Any other file: its bytes as a socket might have delivered them at once.
fn raw_chunks(bytes: &[u8]) -> Vec<Chunk> {
    bytes
        .chunks(RAW_CHUNK_BYTES)
        .map(|piece| Chunk {
            at: Duration::ZERO,
            bytes: piece.to_vec(),
        })
        .collect()
}

#[cfg(test)]
mod tests;

/// `bytes` with every whole `secret` in them (a password the server quoted
/// back) turned into stars, for a recording: never the password there.
pub fn hide_secret<'a>(bytes: &'a [u8], secret: Option<&str>) -> std::borrow::Cow<'a, [u8]> {
    let Some(secret) = secret.map(str::as_bytes).filter(|s| s.len() >= 3) else {
        return std::borrow::Cow::Borrowed(bytes);
    };
    if !bytes.windows(secret.len()).any(|w| w == secret) {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut out = bytes.to_vec();
    let mut at = 0;
    while at + secret.len() <= out.len() {
        if out[at..at + secret.len()] == *secret {
            out[at..at + secret.len()].fill(b'*');
            at += secret.len();
        } else {
            at += 1;
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod hide_tests {
    use super::hide_secret;

    #[test]
    fn a_secret_in_the_bytes_becomes_stars() {
        let bytes = b"line was \"'KibUserpass'\" and KibUserpass";
        assert_eq!(
            &*hide_secret(bytes, Some("KibUserpass")),
            b"line was \"'***********'\" and ***********"
        );
        assert_eq!(&*hide_secret(b"nothing", Some("KibUserpass")), b"nothing");
        assert_eq!(
            &*hide_secret(b"ab ab", Some("ab")),
            b"ab ab",
            "too short to hide"
        );
    }
}
