//! The fake server's scripts: what it sends and what it waits for, built
//! by hand or from a real transcript in `tests/fixtures/` (the `.bin` plus
//! its `.bin.events.tsv`). Part of `fake_server`, which re-exports it.

use std::fmt;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail, ensure};

use super::ClientLine;

/// The FICS prompt that ends a login script.
pub const PROMPT: &[u8] = b"fics% ";
/// The header line of every `.bin.events.tsv`.
const EVENTS_HEADER: &str = "t_sec\trecv_offset\tkind\tdata";
/// The password as the transcripts mask it.
const MASKED_PASSWORD: &str = "<password>";

/// `tests/fixtures/<relative>` of this crate, e.g.
/// `fixture_path("real-server/guest-login.bin")`.
pub fn fixture_path(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(relative)
}

/// The position of the first `needle` in `haystack`.
pub fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// What the server does, in order, on one connection.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Script {
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Server -> client bytes, written at once (the transcript's timing is not
    /// replayed).
    Send(Vec<u8>),
    /// Wait for a client line that matches; lines that do not match are
    /// skipped (but recorded).
    Expect(Expected),
    /// The server closes the socket; steps after it are ignored.
    Close,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// This exact text, after decoding (timeseal) and without the line end.
    Line(String),
    /// Any line: the transcripts mask the password.
    AnyPassword,
    /// A timeseal hello: the payload starts with `TIMESEAL2|` or `TIMESTAMP|`.
    Hello,
    /// A ping reply: the payload is `0x02 0x39`. Lenient, see [`FakeServer`].
    Pong,
}

impl Expected {
    pub(super) fn matches(&self, line: &ClientLine) -> bool {
        match (self, line) {
            (Expected::Line(want), ClientLine::Text(got) | ClientLine::NotTimeseal(got)) => {
                want == got
            }
            (Expected::AnyPassword, ClientLine::Text(_) | ClientLine::NotTimeseal(_)) => true,
            (Expected::Hello, ClientLine::Text(got)) => {
                got.starts_with("TIMESEAL2|") || got.starts_with("TIMESTAMP|")
            }
            (Expected::Pong, ClientLine::Pong) => true,
            _ => false,
        }
    }
}

impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Line(text) => write!(f, "line {text:?}"),
            Expected::AnyPassword => f.write_str("a password"),
            Expected::Hello => f.write_str("the timeseal hello"),
            Expected::Pong => f.write_str("a pong"),
        }
    }
}

impl Script {
    /// From a fixture pair, `bin` and `bin` + `.events.tsv`: RECV -> `Send`
    /// (those bytes of the `.bin`), SEND `<password>` -> `Expect(AnyPassword)`,
    /// other SEND -> `Expect(Line)`, HELLO -> `Expect(Hello)`, PONG ->
    /// `Expect(Pong)`. One step per row, in order.
    ///
    /// The transcripts do not say who hung up: a script ends with the last row.
    /// Push [`Step::Close`] to have the server close the connection, as a real
    /// server does after `quit`.
    pub fn from_fixture(bin: &Path) -> anyhow::Result<Script> {
        let bytes = std::fs::read(bin).with_context(|| format!("reading {}", bin.display()))?;
        let mut events_path = bin.as_os_str().to_owned();
        events_path.push(".events.tsv");
        let events_path = PathBuf::from(events_path);
        let events = std::fs::read_to_string(&events_path)
            .with_context(|| format!("reading {}", events_path.display()))?;
        parse_events(&bytes, &events).with_context(|| format!("in {}", events_path.display()))
    }

    /// Only the steps up to and including the first `fics% ` prompt sent after
    /// the login (the expected password, or the guest's empty line after the
    /// handle): a login script. The `Send` that holds the prompt is cut right
    /// after it. A script without such a prompt (a refused login) is returned
    /// unchanged.
    pub fn login_only(self) -> Script {
        let Some(login) = self.login_step() else {
            return self;
        };
        // The last bytes sent so far, fewer than a prompt: the prompt may be
        // split across two chunks.
        let mut tail: Vec<u8> = Vec::new();
        for (index, step) in self.steps.iter().enumerate().skip(login + 1) {
            let Step::Send(bytes) = step else {
                continue;
            };
            let mut joined = tail.clone();
            joined.extend_from_slice(bytes);
            if let Some(at) = find_bytes(&joined, PROMPT) {
                let keep = at + PROMPT.len() - tail.len();
                let mut steps = self.steps;
                steps.truncate(index + 1);
                if let Some(Step::Send(last)) = steps.last_mut() {
                    last.truncate(keep);
                }
                return Script { steps };
            }
            let from = joined.len().saturating_sub(PROMPT.len() - 1);
            tail = joined.split_off(from);
        }
        self
    }

    /// Keeps the steps up to and including the `n`-th `Send` (the server
    /// dropping mid-game), then appends `Close`. With `n == 0` only `Close`
    /// remains; with fewer than `n` sends the whole script is kept.
    pub fn cut_after_sends(mut self, n: usize) -> Script {
        let mut sends = 0;
        let cut = if n == 0 {
            Some(0)
        } else {
            self.steps
                .iter()
                .position(|step| {
                    if matches!(step, Step::Send(_)) {
                        sends += 1;
                    }
                    sends == n
                })
                .map(|index| index + 1)
        };
        if let Some(cut) = cut {
            self.steps.truncate(cut);
        }
        self.steps.push(Step::Close);
        self
    }

    pub fn push(&mut self, step: Step) {
        self.steps.push(step);
    }

    /// How many `Send` steps the script has.
    pub fn sends(&self) -> usize {
        self.steps
            .iter()
            .filter(|step| matches!(step, Step::Send(_)))
            .count()
    }

    /// Everything the script sends, concatenated: what a client that runs the
    /// whole script receives.
    pub fn server_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::new();
        for step in &self.steps {
            if let Step::Send(chunk) = step {
                bytes.extend_from_slice(chunk);
            }
        }
        bytes
    }

    /// The step that completes the login: the first expected password, or the
    /// first empty line expected after a non-empty one (the handle).
    fn login_step(&self) -> Option<usize> {
        let mut handle_seen = false;
        for (index, step) in self.steps.iter().enumerate() {
            match step {
                Step::Expect(Expected::AnyPassword) => return Some(index),
                Step::Expect(Expected::Line(line)) if line.is_empty() && handle_seen => {
                    return Some(index);
                }
                Step::Expect(Expected::Line(line)) if !line.is_empty() => handle_seen = true,
                _ => {}
            }
        }
        None
    }
}

fn parse_events(bin: &[u8], events: &str) -> anyhow::Result<Script> {
    let mut rows = events.split('\n').enumerate();
    match rows.next() {
        Some((_, header)) if header == EVENTS_HEADER => {}
        _ => bail!("the first line is not the header {EVENTS_HEADER:?}"),
    }
    let mut steps = Vec::new();
    let mut received = 0usize;
    for (index, row) in rows {
        let line = index + 1;
        if row.is_empty() {
            continue;
        }
        let mut fields = row.splitn(4, '\t');
        let (Some(_time), Some(offset), Some(kind)) = (fields.next(), fields.next(), fields.next())
        else {
            bail!("line {line}: fewer than 3 tab-separated fields: {row:?}");
        };
        let data = fields.next().unwrap_or("");
        let offset: usize = offset
            .parse()
            .with_context(|| format!("line {line}: recv_offset {offset:?}"))?;
        ensure!(
            offset == received,
            "line {line}: recv_offset {offset}, but the RECV rows before it add up to {received}"
        );
        let step = match kind {
            "RECV" => {
                let count: usize = data
                    .parse()
                    .with_context(|| format!("line {line}: RECV byte count {data:?}"))?;
                let chunk = received
                    .checked_add(count)
                    .and_then(|end| bin.get(received..end))
                    .with_context(|| {
                        format!(
                            "line {line}: RECV {count} bytes at {received} is past the end of the \
                             .bin ({} bytes)",
                            bin.len()
                        )
                    })?;
                received += count;
                Step::Send(chunk.to_vec())
            }
            "SEND" if data == MASKED_PASSWORD => Step::Expect(Expected::AnyPassword),
            "SEND" => Step::Expect(Expected::Line(data.to_owned())),
            "HELLO" => Step::Expect(Expected::Hello),
            "PONG" => Step::Expect(Expected::Pong),
            other => bail!("line {line}: unknown kind {other:?}"),
        };
        steps.push(step);
    }
    ensure!(
        received == bin.len(),
        "the RECV rows cover {received} bytes, the .bin has {}",
        bin.len()
    );
    Ok(Script { steps })
}
