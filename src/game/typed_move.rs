//! Moves typed on the keyboard, matched against the legal moves as the user
//! types: SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`, `N@f3` for drops) or
//! coordinates (`g1f3`, `e7e8q`). Check marks, the capture `x` and the
//! promotion `=` may be left out, `0-0` is castling, and letters are matched
//! as typed first (`bxc3` is the b-pawn, `Bxc3` the bishop), then in any
//! case when that finds nothing (`nf3`).

use shakmaty::Move;
use shakmaty::san::San;
use shakmaty::uci::UciMove;

use super::rules::Playable;
use crate::protocol::command::MoveText;

/// A legal move as the type-in box lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    /// Its SAN, as shown (`Nxf3+`).
    pub san: String,
}

/// What the typed text means so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Typed {
    /// Nothing typed.
    Empty,
    /// Exactly this move: Enter plays it.
    Move(Candidate),
    /// Several moves fit; Enter names them and sends nothing.
    Ambiguous(Vec<Candidate>),
    /// No legal move fits (a typo, or an illegal move).
    NoMatch,
}

impl Typed {
    /// What Enter does: the move to play, or the message to show.
    pub fn on_enter(&self) -> Result<Move, String> {
        match self {
            Typed::Move(candidate) => Ok(candidate.mv),
            Typed::Empty => Err("type a move, e.g. Nf3, e4, O-O or g1f3".to_owned()),
            Typed::Ambiguous(candidates) => {
                let names: Vec<&str> = candidates.iter().map(|c| c.san.as_str()).collect();
                Err(format!("ambiguous: {}", names.join(", ")))
            }
            Typed::NoMatch => Err("no legal move matches".to_owned()),
        }
    }
}

/// Matches `typed` against the moves of the side to move on `board` (for
/// a premove, the caller passes the board with the user's side to move),
/// under the game's rules (wild castling, drops, a board of unknown rules).
pub fn match_typed(board: &Playable, typed: &str) -> Typed {
    let text = normalize(typed);
    if text.is_empty() {
        return Typed::Empty;
    }
    let legal: Vec<Candidate> = board
        .moves(board.turn())
        .into_iter()
        .map(|mv| Candidate {
            mv,
            san: board.san_of(&mv),
        })
        .collect();
    // The whole move, as typed, then with the first letter a piece's.
    for text in [text.clone(), capitalized(&text)] {
        let exact = exact_matches(board, &legal, &text);
        match exact.len() {
            0 => {}
            1 => return Typed::Move(exact[0].clone()),
            _ => return Typed::Ambiguous(exact),
        }
    }
    // The start of a move: as typed first, then in any case.
    let mut prefix: Vec<Candidate> = legal
        .iter()
        .filter(|c| forms(c, board).iter().any(|f| f.starts_with(&text)))
        .cloned()
        .collect();
    if prefix.is_empty() {
        let lower = text.to_ascii_lowercase();
        prefix = legal
            .iter()
            .filter(|c| {
                forms(c, board)
                    .iter()
                    .any(|f| f.to_ascii_lowercase().starts_with(&lower))
            })
            .cloned()
            .collect();
    }
    match prefix.len() {
        0 => Typed::NoMatch,
        1 => Typed::Move(prefix.remove(0)),
        _ => Typed::Ambiguous(prefix),
    }
}

/// Without spaces, check marks and annotations; `0` castling as `O`; a
/// promotion piece after the rank given its `=`.
fn normalize(typed: &str) -> String {
    let mut text: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '+' | '#' | '!' | '?'))
        .collect();
    if text.starts_with('0') || text.starts_with("o-") {
        text = text.replace(['0', 'o'], "O");
    }
    let bytes = text.as_bytes();
    if let [.., rank, piece] = bytes
        && matches!(rank, b'1' | b'8')
        && matches!(piece.to_ascii_uppercase(), b'Q' | b'R' | b'B' | b'N')
        && !text.contains('=')
        && !looks_like_coordinates(&text)
    {
        let piece = char::from(piece.to_ascii_uppercase());
        text.truncate(text.len() - 1);
        text.push('=');
        text.push(piece);
    }
    text
}

/// `e7e8q`: four coordinates and a promotion letter.
fn looks_like_coordinates(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 5
        && b[0].is_ascii_alphabetic()
        && b[1].is_ascii_digit()
        && b[2].is_ascii_alphabetic()
        && b[3].is_ascii_digit()
}

/// The first letter as a piece letter (`nf3` -> `Nf3`), when it is one;
/// never for a pawn's file `b` (the bishop is `B`: typed as such).
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c @ ('n' | 'r' | 'q' | 'k')) => c.to_ascii_uppercase().to_string() + chars.as_str(),
        _ => text.to_owned(),
    }
}

/// The legal moves `text` names completely: as SAN (the capture mark
/// optional) or as coordinates.
fn exact_matches(board: &Playable, legal: &[Candidate], text: &str) -> Vec<Candidate> {
    if let Ok(San::Castle(_)) = San::from_ascii(text.as_bytes()) {
        // The board's own castling: `O-O` with the nearer rook in wild.
        let short = MoveText::castle_short();
        let wanted = if text == "O-O" {
            short
        } else {
            MoveText::castle_long()
        };
        return legal
            .iter()
            .filter(|c| matches!(c.mv, Move::Castle { .. }) && board.move_text(&c.mv) == wanted)
            .cloned()
            .collect();
    }
    if let Ok(san) = San::from_ascii(text.as_bytes()) {
        let other_capture = match san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => Some(San::Normal {
                role,
                file,
                rank,
                capture: !capture,
                to,
                promotion,
            }),
            _ => None,
        };
        let found: Vec<Candidate> = legal
            .iter()
            .filter(|c| san.matches(c.mv) || other_capture.is_some_and(|o| o.matches(c.mv)))
            .cloned()
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    if let Ok(uci) = text.to_ascii_lowercase().parse::<UciMove>() {
        let uci = uci.to_string();
        return legal
            .iter()
            .filter(|c| {
                coordinates(&c.mv, board) == uci || rook_coordinates(&c.mv) == Some(uci.clone())
            })
            .cloned()
            .collect();
    }
    Vec::new()
}

/// A move as squares: from, where its piece lands, the promotion.
fn coordinates(mv: &Move, board: &Playable) -> String {
    let to = board.landing(mv);
    match *mv {
        Move::Put { role, .. } => format!("{}@{to}", role.upper_char()),
        _ => {
            let from = mv.from().map(|f| f.to_string()).unwrap_or_default();
            let promotion = mv
                .promotion()
                .map(|r| r.char().to_string())
                .unwrap_or_default();
            format!("{from}{to}{promotion}")
        }
    }
}

/// A castling king taken onto its rook (`e1h1`).
fn rook_coordinates(mv: &Move) -> Option<String> {
    match *mv {
        Move::Castle { king, rook } => Some(format!("{king}{rook}")),
        _ => None,
    }
}

/// The ways a move may be written, for matching a start: its SAN with and
/// without check mark, capture and `=`, and its coordinates.
fn forms(candidate: &Candidate, board: &Playable) -> Vec<String> {
    let san = candidate.san.trim_end_matches(['+', '#']).to_owned();
    let uci = coordinates(&candidate.mv, board);
    vec![
        san.replace('x', ""),
        san.replace('=', ""),
        san.replace(['x', '='], ""),
        san,
        uci,
    ]
}

#[cfg(test)]
mod tests;
