//! The conversation with one UCI engine, sans-IO: lines from the engine
//! in (`handle_line`), lines to it out (`poll_transmit`), and what happened
//! (`poll_event`). One search at a time: asking for another position while
//! one runs sends `stop` and starts the new search when the engine has
//! answered with `bestmove`, so no analysis of the old position is taken
//! for the new one.

use std::collections::VecDeque;
use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::variant::VariantPosition;
use shakmaty::{EnPassantMode, Move};
use shakmaty_uci::UciMessage;

use super::analysis::{Analysis, PvLine, read_line};
use super::info::{parse_bestmove, parse_info};
use super::variant::EngineVariant;

/// What the engine may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOptions {
    pub threads: u32,
    pub hash_mb: u32,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: 1,
            hash_mb: 16,
        }
    }
}

/// How long one search may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Until stopped (the focused board).
    Infinite,
    /// A short look (the other boards, round robin).
    MoveTime(Duration),
    Depth(u8),
}

/// A position to analyse; `id` comes back with its results.
#[derive(Debug, Clone)]
pub struct Search {
    pub id: u64,
    pub position: VariantPosition,
    /// The rules to search by (options sent when they change).
    pub variant: EngineVariant,
    pub limit: Limit,
    /// Lines to search (MultiPV, 1 or more).
    pub lines: u8,
}

/// What the engine did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineEvent {
    /// Initialised and ready (`uciok`, options set, `readyok`).
    Ready { name: Option<String> },
    /// A better (or deeper) word on search `id`.
    Analysis { id: u64, analysis: Analysis },
    /// Search `id` ended, with the engine's best move if it is legal.
    Finished { id: u64, best: Option<Move> },
    /// A line the engine wrote that is not UCI.
    Unreadable(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// `uci` sent, waiting for `uciok`.
    Starting,
    /// Options and `isready` sent, waiting for `readyok`.
    Initializing,
    Idle,
    Searching,
    /// `stop` sent, waiting for `bestmove`.
    Stopping,
}

#[derive(Debug)]
pub struct EngineSession {
    state: State,
    options: EngineOptions,
    name: Option<String>,
    current: Option<Search>,
    next: Option<Search>,
    /// The rules the engine was last set to.
    variant: EngineVariant,
    /// The number of lines (MultiPV) the engine was last set to.
    multi_pv: u8,
    /// The current search's lines as last reported (index 0: the best),
    /// with the depth of the best.
    lines: Vec<Option<PvLine>>,
    depth: u8,
    out: VecDeque<String>,
    events: VecDeque<EngineEvent>,
}

impl EngineSession {
    /// A new conversation: `uci` is the first line out.
    pub fn new(options: EngineOptions) -> Self {
        EngineSession {
            state: State::Starting,
            options,
            name: None,
            current: None,
            next: None,
            variant: EngineVariant::CHESS,
            multi_pv: 1,
            lines: Vec::new(),
            depth: 0,
            out: VecDeque::from(["uci".to_owned()]),
            events: VecDeque::new(),
        }
    }

    /// Analyse this position (replacing any search asked for before).
    pub fn analyse(&mut self, search: Search) {
        match self.state {
            State::Idle => self.start(search),
            State::Searching => {
                self.out.push_back("stop".to_owned());
                self.state = State::Stopping;
                self.next = Some(search);
            }
            State::Starting | State::Initializing | State::Stopping => self.next = Some(search),
        }
    }

    /// Stop searching; nothing is started after.
    pub fn stop(&mut self) {
        self.next = None;
        if self.state == State::Searching {
            self.out.push_back("stop".to_owned());
            self.state = State::Stopping;
        }
    }

    /// The search running now, if any.
    pub fn searching(&self) -> Option<u64> {
        match self.state {
            State::Searching => self.current.as_ref().map(|s| s.id),
            _ => None,
        }
    }

    /// Waiting for the engine to answer (`uciok`, `readyok`, or `bestmove`
    /// after `stop`): an engine that takes seconds here has hung.
    pub fn awaiting_answer(&self) -> bool {
        matches!(
            self.state,
            State::Starting | State::Initializing | State::Stopping
        )
    }

    /// One line from the engine.
    pub fn handle_line(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() {
            return;
        }
        // Info and bestmove lines are Kibitz's to read (drops, king
        // promotions: see `info.rs`).
        if let Some(info) = parse_info(line) {
            if self.state == State::Searching
                && let Some(search) = &self.current
                && let Some((index, depth, line)) = read_line(&search.position, &info)
                && index <= search.lines.max(1)
            {
                let at = usize::from(index - 1);
                if self.lines.len() <= at {
                    self.lines.resize(at + 1, None);
                }
                self.lines[at] = Some(line);
                if index == 1 {
                    self.depth = depth;
                }
                // Each line's word, with the others as they stand (a
                // depth's lines come one after the other).
                if let Some(best) = self.lines[0].clone() {
                    let others = self.lines[1..].iter().flatten().cloned().collect();
                    self.events.push_back(EngineEvent::Analysis {
                        id: search.id,
                        analysis: Analysis::of(self.depth, best, others),
                    });
                }
            }
            return;
        }
        if let Some(best) = parse_bestmove(line) {
            self.search_ended(best);
            return;
        }
        let Ok(message) = line.parse::<UciMessage>() else {
            self.events
                .push_back(EngineEvent::Unreadable(line.to_owned()));
            return;
        };
        match message {
            UciMessage::Id {
                name: Some(name), ..
            } => self.name = Some(name),
            UciMessage::UciOk if self.state == State::Starting => {
                self.out.push_back(format!(
                    "setoption name Threads value {}",
                    self.options.threads
                ));
                self.out.push_back(format!(
                    "setoption name Hash value {}",
                    self.options.hash_mb
                ));
                self.out.push_back("isready".to_owned());
                self.state = State::Initializing;
            }
            UciMessage::ReadyOk if self.state == State::Initializing => {
                self.state = State::Idle;
                self.events.push_back(EngineEvent::Ready {
                    name: self.name.clone(),
                });
                if let Some(next) = self.next.take() {
                    self.start(next);
                }
            }
            // Options, info strings, late lines of a stopped search.
            _ => {}
        }
    }

    pub fn poll_transmit(&mut self) -> Option<String> {
        self.out.pop_front()
    }

    pub fn poll_event(&mut self) -> Option<EngineEvent> {
        self.events.pop_front()
    }

    /// `bestmove`: the search is over; the next one starts.
    fn search_ended(&mut self, best_move: Option<shakmaty::uci::UciMove>) {
        if !matches!(self.state, State::Searching | State::Stopping) {
            return;
        }
        if let Some(search) = self.current.take() {
            let best = best_move.and_then(|m| m.to_move(&search.position).ok());
            self.events.push_back(EngineEvent::Finished {
                id: search.id,
                best,
            });
        }
        self.state = State::Idle;
        if let Some(next) = self.next.take() {
            self.start(next);
        }
    }

    fn start(&mut self, search: Search) {
        self.out.extend(search.variant.options_after(self.variant));
        self.variant = search.variant;
        let lines = search.lines.max(1);
        if lines != self.multi_pv {
            self.out
                .push_back(format!("setoption name MultiPV value {lines}"));
            self.multi_pv = lines;
        }
        self.lines.clear();
        self.depth = 0;
        let fen = Fen::from_position(&search.position, EnPassantMode::Legal);
        self.out.push_back(format!("position fen {fen}"));
        self.out.push_back(match search.limit {
            Limit::Infinite => "go infinite".to_owned(),
            Limit::MoveTime(time) => format!("go movetime {}", time.as_millis()),
            Limit::Depth(depth) => format!("go depth {depth}"),
        });
        self.current = Some(search);
        self.state = State::Searching;
    }
}

#[cfg(test)]
mod tests;
