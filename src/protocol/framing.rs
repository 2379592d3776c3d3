//! Bytes -> frames: the server's raw byte stream cut into lines, prompts and
//! out-of-band signals.
//!
//! Every decision is taken one byte at a time, so any chunking of the input
//! yields the same frames. Memory is bounded whatever arrives: a line longer
//! than [`MAX_LINE_BYTES`] is cut and reported, telnet sub-negotiations and
//! escape sequences are skipped without being stored.
//!
//! What the stream looks like (see `shared/protocol.md` §1, §4, §13):
//! - lines end `\n\r` (LF then CR); we end lines on LF and drop every CR;
//! - `fics% ` prompts arrive without a newline and the next message is glued
//!   after them, or starts with a newline that only leaves the prompt line;
//! - telnet `IAC WILL/WONT ECHO` hide and show the password being typed;
//! - timeseal 2 pings are `[G]` + NUL anywhere in the text, timeseal 1 pings
//!   are a line `[G]`;
//! - without `iset nowrap 1` long lines are wrapped with `\n\r\   `;
//! - with `iset block 1` replies are framed `0x15 id 0x16 code 0x16 body 0x17`.

use std::collections::VecDeque;

use super::timeseal::TimesealVersion;

/// The longest line kept; the rest of a longer one is dropped.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// How much of a cut line is kept for the report.
const CUT_HEAD_BYTES: usize = 200;
/// Prompts are short; longer lines are never checked against them.
const MAX_PROMPT_BYTES: usize = 200;
/// Block ids and codes are small numbers; more digits than this is not a header.
const MAX_BLOCK_DIGITS: u8 = 9;

const IAC: u8 = 0xFF;
const SB: u8 = 250;
const SE: u8 = 240;
const WILL: u8 = 251;
const WONT: u8 = 252;
const TELNET_ECHO: u8 = 1;
const BELL: u8 = 0x07;
const ESC: u8 = 0x1B;
const BLOCK_START: u8 = 0x15;
const BLOCK_SEPARATOR: u8 = 0x16;
const BLOCK_END: u8 = 0x17;
const POSE_START: u8 = 0x18;
const POSE_END: u8 = 0x19;

/// One unit of server output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// A complete line of text, without its line end. Invalid UTF-8 is replaced.
    Line(String),
    /// A prompt that arrived without a line end.
    Prompt(Prompt),
    /// A timeseal ping the client must answer at once.
    Ping(TimesealVersion),
    /// Telnet echo negotiation: `true` when the server echoes (the client
    /// should hide what is typed, i.e. a password is being asked for).
    Echo { server_echoes: bool },
    /// A block-mode reply starts (`iset block 1`): `id` is the client's command id.
    BlockStart { id: u32, code: u32 },
    /// The current block-mode reply ends.
    BlockEnd,
    /// A line went past [`MAX_LINE_BYTES`]; its beginning is kept here and the
    /// rest of it, up to the next line end, is dropped.
    LineCut { head: String },
}

/// The prompts that wait for input and so come without a line end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// `fics% ` (or ICC's `aics% `): ready for a command.
    Command,
    /// `login: `.
    Login,
    /// `password: `.
    Password,
    /// `Press return to enter the server as "NAME":`.
    EnterAsGuest { name: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Telnet {
    Text,
    Iac,
    Option(u8),
    Subnegotiation,
    SubnegotiationIac,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    None,
    Started,
    Csi,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BlockHeader {
    None,
    Id { id: u32, digits: u8 },
    Code { id: u32, code: u32, digits: u8 },
}

/// The byte-stream framer. Feed it with [`Framer::push`], take frames with
/// [`Framer::next_frame`].
#[derive(Debug)]
pub struct Framer {
    line: Vec<u8>,
    /// Dropping the rest of an oversized line until its line end.
    cutting: bool,
    /// A complete line held back until we know the next line is not a
    /// `\   ` continuation of it.
    held: Option<String>,
    /// The next line end only leaves a prompt (or a block) line: no empty line.
    swallow_newline: bool,
    telnet: Telnet,
    escape: Escape,
    block: BlockHeader,
    out: VecDeque<Frame>,
}

impl Default for Framer {
    fn default() -> Self {
        Self::new()
    }
}

impl Framer {
    pub fn new() -> Self {
        Framer {
            line: Vec::with_capacity(256),
            cutting: false,
            held: None,
            swallow_newline: false,
            telnet: Telnet::Text,
            escape: Escape::None,
            block: BlockHeader::None,
            out: VecDeque::new(),
        }
    }

    /// Feeds received bytes; frames become available from [`Self::next_frame`].
    pub fn push(&mut self, mut bytes: &[u8]) {
        while let Some((&byte, rest)) = bytes.split_first() {
            if self.in_plain_line() {
                // Fast path: copy a run of ordinary bytes at once. It does
                // exactly what the byte-by-byte path would do with them.
                let room = MAX_LINE_BYTES - 1 - self.line.len();
                let window = &bytes[..room.min(bytes.len())];
                let run = window.iter().position(|&b| is_special(b));
                let run = run.unwrap_or(window.len());
                if run > 0 {
                    self.line.extend_from_slice(&bytes[..run]);
                    bytes = &bytes[run..];
                    continue;
                }
            }
            self.push_byte(byte);
            bytes = rest;
        }
    }

    /// Inside a started line of plain text that cannot become a prompt.
    fn in_plain_line(&self) -> bool {
        self.telnet == Telnet::Text
            && self.escape == Escape::None
            && self.block == BlockHeader::None
            && !self.cutting
            && !self.line.is_empty()
            && !could_become_prompt(&self.line)
    }

    /// The next complete frame, if any.
    pub fn next_frame(&mut self) -> Option<Frame> {
        self.out.pop_front()
    }

    /// Whether a complete line is held back waiting for a possible
    /// continuation. The caller releases it with [`Self::release_held`]
    /// after a short quiet time.
    pub fn has_held_line(&self) -> bool {
        self.held.is_some()
    }

    /// Emits the held-back line, if any: no continuation came in time.
    pub fn release_held(&mut self) {
        if let Some(line) = self.held.take() {
            self.out.push_back(Frame::Line(line));
        }
    }

    /// The connection ended: emits the held line and any unterminated text.
    pub fn finish(&mut self) {
        self.release_held();
        if !self.line.is_empty() && !self.cutting {
            let text = String::from_utf8_lossy(&self.line).into_owned();
            self.out.push_back(Frame::Line(text));
        }
        self.line.clear();
        self.cutting = false;
    }

    fn push_byte(&mut self, byte: u8) {
        match self.telnet {
            Telnet::Text => {
                if byte == IAC {
                    self.telnet = Telnet::Iac;
                } else {
                    self.text_byte(byte);
                }
            }
            Telnet::Iac => {
                self.telnet = match byte {
                    // IAC IAC is a literal 0xFF data byte.
                    IAC => {
                        self.text_byte(IAC);
                        Telnet::Text
                    }
                    WILL..=IAC => Telnet::Option(byte),
                    SB => Telnet::Subnegotiation,
                    // Any other two-byte command (NOP, GA, ...) carries nothing for us.
                    _ => Telnet::Text,
                };
            }
            Telnet::Option(command) => {
                if byte == TELNET_ECHO && (command == WILL || command == WONT) {
                    self.emit(Frame::Echo {
                        server_echoes: command == WILL,
                    });
                }
                self.telnet = Telnet::Text;
            }
            Telnet::Subnegotiation => {
                if byte == IAC {
                    self.telnet = Telnet::SubnegotiationIac;
                }
            }
            Telnet::SubnegotiationIac => {
                self.telnet = if byte == SE {
                    Telnet::Text
                } else {
                    Telnet::Subnegotiation
                };
            }
        }
    }

    fn text_byte(&mut self, byte: u8) {
        if self.escape_byte(byte) || self.block_header_byte(byte) {
            return;
        }
        match byte {
            b'\n' => self.end_line(),
            b'\r' | BELL | POSE_START | POSE_END => {}
            0 => self.nul(),
            ESC => self.escape = Escape::Started,
            BLOCK_START => {
                self.complete_partial_line();
                self.block = BlockHeader::Id { id: 0, digits: 0 };
            }
            BLOCK_END => {
                self.complete_partial_line();
                self.emit(Frame::BlockEnd);
                self.swallow_newline = true;
            }
            b'\t' => self.text(byte),
            _ if byte < 0x20 || byte == 0x7F => {}
            _ => self.text(byte),
        }
    }

    /// Skips VT100 highlighting (`ESC [ ... letter`), which some accounts have on.
    fn escape_byte(&mut self, byte: u8) -> bool {
        match self.escape {
            Escape::None => false,
            Escape::Started => {
                self.escape = if byte == b'[' {
                    Escape::Csi
                } else {
                    Escape::None
                };
                true
            }
            Escape::Csi => {
                if (0x40..=0x7E).contains(&byte) {
                    self.escape = Escape::None;
                }
                true
            }
        }
    }

    /// Parses `id 0x16 code 0x16` after a block start. Returns whether the
    /// byte was consumed; anything unexpected abandons the header.
    fn block_header_byte(&mut self, byte: u8) -> bool {
        let next = match (self.block, byte) {
            (BlockHeader::None, _) => return false,
            (BlockHeader::Id { id, digits }, b'0'..=b'9') if digits < MAX_BLOCK_DIGITS => {
                BlockHeader::Id {
                    id: id * 10 + u32::from(byte - b'0'),
                    digits: digits + 1,
                }
            }
            (BlockHeader::Id { id, digits }, BLOCK_SEPARATOR) if digits > 0 => BlockHeader::Code {
                id,
                code: 0,
                digits: 0,
            },
            (BlockHeader::Code { id, code, digits }, b'0'..=b'9') if digits < MAX_BLOCK_DIGITS => {
                BlockHeader::Code {
                    id,
                    code: code * 10 + u32::from(byte - b'0'),
                    digits: digits + 1,
                }
            }
            (BlockHeader::Code { id, code, digits }, BLOCK_SEPARATOR) if digits > 0 => {
                self.block = BlockHeader::None;
                self.emit(Frame::BlockStart { id, code });
                return true;
            }
            _ => {
                // Not a header after all: forget it and read the byte as text.
                self.block = BlockHeader::None;
                return false;
            }
        };
        self.block = next;
        true
    }

    fn nul(&mut self) {
        if self.line.ends_with(b"[G]") {
            self.line.truncate(self.line.len() - 3);
            self.emit(Frame::Ping(TimesealVersion::V2));
            if self.line.is_empty() {
                self.swallow_newline = true;
            }
        }
    }

    fn text(&mut self, byte: u8) {
        if self.cutting {
            return;
        }
        if self.line.is_empty() {
            self.swallow_newline = false;
            // A new line that cannot be a continuation releases the held one,
            // before anything of the new line (a prompt, say) is emitted.
            if byte != b'\\' {
                self.release_held();
            }
        }
        self.line.push(byte);
        if self.line.len() >= MAX_LINE_BYTES {
            let head_len = CUT_HEAD_BYTES.min(self.line.len());
            let head = String::from_utf8_lossy(&self.line[..head_len]).into_owned();
            self.line.clear();
            self.cutting = true;
            self.emit(Frame::LineCut { head });
            return;
        }
        if (byte == b' ' || byte == b':')
            && self.line.len() <= MAX_PROMPT_BYTES
            && let Some(prompt) = prompt_in(&self.line)
        {
            self.line.clear();
            self.emit(Frame::Prompt(prompt));
            self.swallow_newline = true;
        }
    }

    fn end_line(&mut self) {
        if self.cutting {
            self.cutting = false;
            self.line.clear();
            return;
        }
        if self.line.is_empty() && self.swallow_newline {
            self.swallow_newline = false;
            return;
        }
        self.swallow_newline = false;
        let text = line_text(&self.line);
        self.line.clear();
        self.complete_line(text);
    }

    /// Ends an unterminated line because a block boundary arrived.
    fn complete_partial_line(&mut self) {
        if !self.line.is_empty() && !self.cutting {
            let text = String::from_utf8_lossy(&self.line).into_owned();
            self.line.clear();
            self.complete_line(text);
        }
        self.line.clear();
        self.cutting = false;
    }

    fn complete_line(&mut self, text: String) {
        if let Some(rest) = text.strip_prefix("\\   ")
            && let Some(held) = self.held.as_mut()
            && held.len() + rest.len() < MAX_LINE_BYTES
        {
            // The server wraps at a space and drops it (`network.c`'s
            // word wrap): the words are joined by one again.
            if !held.ends_with(' ') {
                held.push(' ');
            }
            held.push_str(rest);
            return;
        }
        self.release_held();
        if text == "[G]" {
            self.out.push_back(Frame::Ping(TimesealVersion::V1));
        } else if text.starts_with('<') || text.is_empty() {
            // Machine lines are never wrapped: no reason to hold them back.
            self.out.push_back(Frame::Line(text));
        } else {
            self.held = Some(text);
        }
    }

    fn emit(&mut self, frame: Frame) {
        self.release_held();
        self.out.push_back(frame);
    }
}

/// Bytes the fast path must leave to the byte-by-byte state machine:
/// controls (line ends, NUL, bell, escape, block markers) and telnet's IAC.
fn is_special(byte: u8) -> bool {
    byte < 0x20 || byte == 0x7F || byte == IAC
}

/// Whether more bytes could still turn `line` into a prompt.
fn could_become_prompt(line: &[u8]) -> bool {
    const PROMPTS: [&[u8]; 4] = [b"fics% ", b"aics% ", b"login: ", b"password: "];
    const GUEST: &[u8] = b"Press return to enter ";
    line.len() <= MAX_PROMPT_BYTES
        && (PROMPTS.iter().any(|p| p.starts_with(line))
            || GUEST.starts_with(line)
            || line.starts_with(GUEST))
}

/// A line's bytes as text; invalid UTF-8 is replaced.
fn line_text(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// Recognises a prompt in an unterminated line.
fn prompt_in(line: &[u8]) -> Option<Prompt> {
    match line {
        b"fics% " | b"aics% " => Some(Prompt::Command),
        b"login: " => Some(Prompt::Login),
        b"password: " => Some(Prompt::Password),
        _ if line.starts_with(b"Press return to enter ") && line.ends_with(b"\":") => {
            let text = String::from_utf8_lossy(line);
            let name = text
                .trim_end_matches("\":")
                .rsplit('"')
                .next()
                .unwrap_or_default()
                .to_owned();
            Some(Prompt::EnterAsGuest { name })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
