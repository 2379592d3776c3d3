//! A bughouse game, both boards in one record: BPGN (Bughouse PGN, as the
//! bughouse databases write it). Four players (`WhiteA`, `BlackA`,
//! `WhiteB`, `BlackB`); the moves of both boards in the order they were
//! played, each numbered with its board and side (`1A.` White on board A,
//! `1a.` Black on board A, `1B.`, `1b.`), with the mover's clock after it
//! in seconds (`{178.350}`); the result from the side of board A's White
//! and their partner, board B's Black.

use std::path::Path;
use std::sync::Arc;

use super::record::{ArchivedGame, OtherBoard};
use super::{
    UtcTime, clocks_after, elo, event, fen_unless_usual, tag_lines, termination, time_control,
    utc_tags,
};
use crate::game::Game;
use crate::game::timeline::{Board, Timeline};
use crate::protocol::message::GameResult;

/// Games read from one file at most, and moves per board.
const MAX_GAMES: usize = 10_000;
const MAX_PLIES: usize = 2_000;
/// Tag values and the comment kept as the end's words, at most (chars).
const MAX_TEXT: usize = 200;

/// The BPGN text of a bughouse game (ending with a blank line): board A
/// first (the user's own, when they played).
pub fn bpgn([a, b]: [&Game; 2], server: &str, ended: UtcTime) -> String {
    let began = ended.earlier(a.length().max(b.length()));
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event(a, server)),
        ("Site", server.to_owned()),
        (
            "Date",
            format!("{:04}.{:02}.{:02}", began.year, began.month, began.day),
        ),
        ("Round", "-".to_owned()),
    ];
    for (board, game) in [("A", a), ("B", b)] {
        for color in [shakmaty::Color::White, shakmaty::Color::Black] {
            let side = if color.is_white() { "White" } else { "Black" };
            tags.push((
                tag_name(side, board, ""),
                game.players[color].handle.clone(),
            ));
            if let Some(elo) = elo(game, color) {
                tags.push((tag_name(side, board, "Elo"), elo));
            }
        }
    }
    let decider = decider([a, b]);
    let result = team_result([a, b], decider);
    tags.push(("Result", result.as_str().to_owned()));
    tags.push(("TimeControl", time_control(a)));
    tags.extend(utc_tags(began));
    if let Some(outcome) = decider.and_then(|g| g.outcome.as_ref()) {
        tags.push(("Termination", termination(outcome).to_owned()));
        tags.push(("Reason", outcome.text.clone()));
    }
    tags.push(("Variant", "Bughouse".to_owned()));
    let fens = [a, b].map(bughouse_start_fen);
    if fens.iter().any(Option::is_some) {
        let [fa, fb] = fens.map(|f| f.unwrap_or_else(|| CHESS_START.to_owned()));
        tags.push(("SetUp", "1".to_owned()));
        tags.push(("FEN", format!("{fa} | {fb}")));
    }
    let mut text = tag_lines(&tags);
    text.push('\n');
    let mut words = moves([a, b]);
    if let Some(outcome) = decider.and_then(|g| g.outcome.as_ref()) {
        words.push(format!("{{{}}}", outcome.text.replace('}', ")")));
    }
    words.push(result.as_str().to_owned());
    text.push_str(&super::wrapped(words));
    text.push_str("\n\n");
    text
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// `WhiteA`, `BlackBElo` ...
fn tag_name(side: &str, board: &str, suffix: &str) -> &'static str {
    match (side, board, suffix) {
        ("White", "A", "") => "WhiteA",
        ("Black", "A", "") => "BlackA",
        ("White", "B", "") => "WhiteB",
        ("Black", "B", "") => "BlackB",
        ("White", "A", _) => "WhiteAElo",
        ("Black", "A", _) => "BlackAElo",
        ("White", "B", _) => "WhiteBElo",
        _ => "BlackBElo",
    }
}

/// A board's start when it is not chess's (pockets aside: every bughouse
/// board has them, empty at the start).
fn bughouse_start_fen(game: &Game) -> Option<String> {
    let mut start = game.start.clone()?;
    start.pockets = None;
    start.promoted = shakmaty::Bitboard::EMPTY;
    fen_unless_usual(start)
}

/// The board whose end ended the game: the first to end (its partner's
/// ends with it).
fn decider([a, b]: [&Game; 2]) -> Option<&Game> {
    [a, b]
        .into_iter()
        .filter(|g| g.outcome.is_some())
        .min_by_key(|g| g.ended)
}

/// The result for board A's White and their partner (board B's Black).
fn team_result([a, _]: [&Game; 2], decider: Option<&Game>) -> GameResult {
    let Some(decider) = decider else {
        return GameResult::NoResult;
    };
    let result = decider
        .outcome
        .as_ref()
        .map_or(GameResult::NoResult, |o| o.result);
    if std::ptr::eq(decider, a) {
        return result;
    }
    match result {
        GameResult::WhiteWins => GameResult::BlackWins,
        GameResult::BlackWins => GameResult::WhiteWins,
        other => other,
    }
}

/// `1A. e4 {180.000} 1B. d4 {179.500} 1a. Nc6 ...`: both boards' moves in
/// the order played.
fn moves([a, b]: [&Game; 2]) -> Vec<String> {
    let timeline = Timeline::of(a, b);
    let clocks = [clocks_after(a), clocks_after(b)];
    let mut next = [0usize; 2];
    let mut words = Vec::with_capacity(timeline.len() * 3);
    for &board in timeline.order() {
        let (game, i) = match board {
            Board::A => (a, 0),
            Board::B => (b, 1),
        };
        let k = next[i];
        next[i] += 1;
        words.push(format!(
            "{}.",
            board.move_label(game.start_ply as usize + k)
        ));
        words.push(game.moves[k].san.clone());
        if let Some(ms) = clocks[i].get(k).copied().flatten() {
            words.push(format!("{{{}.{:03}}}", ms / 1000, ms % 1000));
        }
    }
    words
}

/// Whether a text is BPGN: a board-A tag near its start.
pub fn is_bpgn(text: &[u8]) -> bool {
    let head = &text[..text.len().min(4096)];
    head.windows(8)
        .any(|w| w == b"[WhiteA " || w == b"[BlackA ")
}

/// The bughouse games of a BPGN text, in order: board A as the game,
/// board B and the order of the moves as its other board. Whatever is not
/// BPGN is skipped; a game without players is none.
pub fn read_bpgn(text: &[u8], file: &Path) -> Vec<ArchivedGame> {
    // UTF-8, else Windows-1252 (as a PGN's tags are read).
    let text = super::text::decode_text(text);
    let mut games = Vec::new();
    let mut game = Reading::default();
    for token in Lexer::new(&text) {
        if games.len() >= MAX_GAMES - 1 {
            break;
        }
        match token {
            Token::Tag(..) if game.in_moves => {
                game.finish(file, &mut games);
                game = Reading::default();
                game.tag(token);
            }
            Token::Tag(..) => game.tag(token),
            Token::Comment(words) => game.comment(words),
            Token::Open => game.depth += 1,
            Token::Close => game.depth = game.depth.saturating_sub(1),
            Token::Word(_) if game.depth > 0 => {}
            Token::Word(word) if is_result(word) => {
                if game.found.result.is_empty() {
                    word.clone_into(&mut game.found.result);
                }
                game.finish(file, &mut games);
                game = Reading::default();
            }
            Token::Word(word) => game.word(word),
        }
    }
    game.finish(file, &mut games);
    games
}

fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// A game being read.
#[derive(Default)]
struct Reading {
    found: ArchivedGame,
    other: OtherBoard,
    /// In the movetext (a tag now starts the next game).
    in_moves: bool,
    /// The board and side of the next move (`1A.`).
    board: Option<Board>,
    /// Inside a variation (not the game's line).
    depth: usize,
    /// The last comment that was not a clock: the end in words.
    last_words: String,
}

impl Reading {
    fn tag(&mut self, token: Token<'_>) {
        let Token::Tag(name, value) = token else {
            return;
        };
        let value: String = value.chars().take(MAX_TEXT).collect();
        let game = &mut self.found;
        let field = match name {
            "WhiteA" => &mut game.white,
            "BlackA" => &mut game.black,
            "WhiteAElo" => &mut game.white_elo,
            "BlackAElo" => &mut game.black_elo,
            "WhiteB" => &mut self.other.white,
            "BlackB" => &mut self.other.black,
            "WhiteBElo" => &mut self.other.white_elo,
            "BlackBElo" => &mut self.other.black_elo,
            "Result" => &mut game.result,
            "Date" => &mut game.date,
            "Event" => &mut game.event,
            "Site" => &mut game.site,
            "TimeControl" => &mut game.time_control,
            "Reason" => &mut game.reason,
            "FEN" => {
                // `board A's FEN | board B's FEN`
                let mut halves = value.split('|').map(|h| h.trim().to_owned());
                game.fen = halves.next().filter(|h| !h.is_empty());
                self.other.fen = halves.next().filter(|h| !h.is_empty());
                return;
            }
            _ => return,
        };
        *field = value;
    }

    fn comment(&mut self, words: &str) {
        let words = words.trim();
        // A clock (`{178.350}`) or a note; the last note is the end's words.
        if self.in_moves && words.parse::<f64>().is_err() && !words.is_empty() {
            self.last_words = words.chars().take(MAX_TEXT).collect();
        }
    }

    fn word(&mut self, word: &str) {
        if word.starts_with('$') {
            return;
        }
        let san = match move_number(word) {
            Some((board, rest)) => {
                self.in_moves = true;
                self.board = Some(board);
                rest
            }
            None => word,
        };
        let Some(board) = self.board.take() else {
            return;
        };
        if san.is_empty() {
            self.board = Some(board);
            return;
        }
        let sans = match board {
            Board::A => &mut self.found.sans,
            Board::B => &mut self.other.sans,
        };
        if sans.len() < MAX_PLIES {
            sans.push(san.to_owned());
            self.other.order.push(board);
        }
    }

    fn finish(&mut self, file: &Path, games: &mut Vec<ArchivedGame>) {
        let mut found = std::mem::take(&mut self.found);
        if found.white.is_empty() && found.black.is_empty() && self.other.order.is_empty() {
            return;
        }
        found.variant = "Bughouse".to_owned();
        if found.reason.is_empty() {
            found.reason = std::mem::take(&mut self.last_words);
        }
        if found.result.is_empty() {
            found.result = "*".to_owned();
        }
        found.file = Arc::new(file.to_path_buf());
        found.index = games.len();
        found.other_board = Some(Box::new(std::mem::take(&mut self.other)));
        games.push(found);
    }
}

/// `12A.` / `3b.` (and `12A.e4`, a move glued on): the board, and what
/// follows the dot.
fn move_number(word: &str) -> Option<(Board, &str)> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &word[digits..];
    let mut chars = rest.chars();
    let board = match chars.next()? {
        'A' | 'a' => Board::A,
        'B' | 'b' => Board::B,
        _ => return None,
    };
    let after = chars.as_str();
    if digits == 0 || !after.starts_with('.') {
        return None;
    }
    Some((board, after.trim_start_matches('.')))
}

/// A piece of PGN text.
#[derive(Debug, PartialEq)]
enum Token<'a> {
    Tag(&'a str, String),
    Comment(&'a str),
    Open,
    Close,
    Word(&'a str),
}

struct Lexer<'a> {
    rest: &'a str,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        Lexer { rest: text }
    }

    /// `[Name "value"]`, its escapes read; None if it is not one. A tag is
    /// looked for on its own line only: a file of stray `[` is read in one
    /// pass, not once per bracket.
    fn tag(&mut self) -> Option<Token<'a>> {
        let line = &self.rest[..self.rest.find('\n').unwrap_or(self.rest.len())];
        let inner = line.strip_prefix('[')?;
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(inner.len());
        let (name, after) = inner.split_at(name_len);
        let mut chars = after.trim_start().strip_prefix('"')?.char_indices();
        let mut value = String::new();
        let end = loop {
            match chars.next()? {
                (_, '\\') => value.push(chars.next()?.1),
                (i, '"') => break i,
                (_, c) => value.push(c),
            }
        };
        let quoted = after.trim_start().strip_prefix('"')?;
        let close = quoted[end + 1..].find(']')?;
        let consumed = line.len() - quoted.len() + end + 1 + close + 1;
        self.rest = &self.rest[consumed..];
        Some(Token::Tag(name, value))
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        loop {
            self.rest = self.rest.trim_start();
            let c = self.rest.chars().next()?;
            match c {
                '[' => {
                    if let Some(tag) = self.tag() {
                        return Some(tag);
                    }
                    self.rest = &self.rest[1..];
                }
                '{' => {
                    let end = self.rest.find('}').unwrap_or(self.rest.len());
                    let words = &self.rest[1..end];
                    self.rest = self.rest.get(end + 1..).unwrap_or("");
                    return Some(Token::Comment(words));
                }
                ';' | '%' => {
                    let end = self.rest.find('\n').unwrap_or(self.rest.len());
                    self.rest = &self.rest[end..];
                }
                '(' => {
                    self.rest = &self.rest[1..];
                    return Some(Token::Open);
                }
                ')' => {
                    self.rest = &self.rest[1..];
                    return Some(Token::Close);
                }
                _ => {
                    let end = self
                        .rest
                        .find(|c: char| c.is_whitespace() || "{}()[;".contains(c))
                        .unwrap_or(self.rest.len())
                        .max(c.len_utf8());
                    let (word, rest) = self.rest.split_at(end);
                    self.rest = rest;
                    return Some(Token::Word(word));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
