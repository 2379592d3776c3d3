//! `kibitz decode [FILE|-]`: a raw server byte stream in, NDJSON events out.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::Path;

use anyhow::Context;

use super::json::event_json;
use crate::protocol::decoder::StreamDecoder;
use crate::protocol::event::Event;
use crate::protocol::message::Message;

/// What a decode run saw, for the one-line summary.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    pub bytes: u64,
    pub events: u64,
    pub boards: u64,
    pub game_ends: u64,
    pub unparsed: u64,
}

impl Summary {
    fn count(&mut self, event: &Event) {
        self.events += 1;
        match event {
            Event::Board(_) => self.boards += 1,
            Event::Message(Message::GameEnd(_)) => self.game_ends += 1,
            Event::Unparsed { .. } | Event::LineCut { .. } => self.unparsed += 1,
            _ => {}
        }
    }
}

/// Decodes `input` (a path, or `-` / nothing for stdin) and writes NDJSON to
/// `out`. Unparsed lines are events like any other: they never fail the run.
pub fn run(input: Option<&Path>, out: &mut impl Write) -> anyhow::Result<Summary> {
    let mut reader: Box<dyn Read> = match input {
        None => Box::new(io::stdin().lock()),
        Some(path) if path.as_os_str() == "-" => Box::new(io::stdin().lock()),
        Some(path) => {
            Box::new(File::open(path).with_context(|| format!("cannot open {}", path.display()))?)
        }
    };
    let mut out = BufWriter::new(out);
    let mut decoder = StreamDecoder::new();
    let mut summary = Summary::default();
    let mut events = Vec::new();
    let mut buffer = vec![0u8; 64 * 1024];
    loop {
        let read = match reader.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e).context("read error"),
        };
        summary.bytes += read as u64;
        decoder.push(&buffer[..read], &mut events);
        write_events(&mut events, &mut out, &mut summary)?;
    }
    decoder.finish(&mut events);
    write_events(&mut events, &mut out, &mut summary)?;
    out.flush()?;
    Ok(summary)
}

fn write_events(
    events: &mut Vec<Event>,
    out: &mut impl Write,
    summary: &mut Summary,
) -> anyhow::Result<()> {
    for event in events.drain(..) {
        summary.count(&event);
        serde_json::to_writer(&mut *out, &event_json(&event))?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
