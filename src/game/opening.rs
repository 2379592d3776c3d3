//! The opening a game is in, named by position (a transposition finds its
//! name too): Kibitz's list (`resources/openings.tsv`: ECO code, name, the
//! moves from the start), replayed once into a table of positions.

use std::collections::HashMap;
use std::sync::OnceLock;

use shakmaty::san::San;
use shakmaty::{Chess, Position, Setup};

/// A named opening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// `C50`.
    pub eco: String,
    /// `Italian Game: Giuoco Piano`.
    pub name: String,
}

impl Opening {
    /// `C50 Italian Game`.
    pub fn label(&self) -> String {
        format!("{} {}", self.eco, self.name)
    }
}

const LIST: &str = include_str!("../../resources/openings.tsv");

/// The opening whose line ends in this position, if any (chess from the
/// usual start only: another start's positions are in no line).
pub fn named(setup: &Setup) -> Option<&'static Opening> {
    book().get(&key(setup))
}

/// A position as the table knows it: the pieces, the side to move and the
/// castling rights (an en-passant square or the move counters do not make
/// another opening).
fn key(setup: &Setup) -> String {
    format!(
        "{} {} {:x}",
        setup.board,
        setup.turn.char(),
        setup.castling_rights.0
    )
}

fn book() -> &'static HashMap<String, Opening> {
    static BOOK: OnceLock<HashMap<String, Opening>> = OnceLock::new();
    BOOK.get_or_init(|| {
        let mut book = HashMap::new();
        for line in LIST
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let mut fields = line.split('\t');
            let (Some(eco), Some(name), Some(moves)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let Some(end) = replay(moves) else {
                tracing::warn!("openings list: a line that does not replay: {line}");
                continue;
            };
            // The first line to reach a position names it (the list goes
            // from the broad names to the narrow ones: a later, longer line
            // reaching the same position is a transposition).
            book.entry(key(&end)).or_insert_with(|| Opening {
                eco: eco.to_owned(),
                name: name.to_owned(),
            });
        }
        book
    })
}

/// The position after `moves` (SAN, spaces between) from the start.
fn replay(moves: &str) -> Option<Setup> {
    let mut position = Chess::default();
    for san in moves.split_whitespace() {
        let mv = san.parse::<San>().ok()?.to_move(&position).ok()?;
        position = position.play(mv).ok()?;
    }
    Some(position.to_setup(shakmaty::EnPassantMode::Legal))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> Setup {
        replay(moves).expect("legal")
    }

    #[test]
    fn every_line_of_the_list_replays() {
        let lines = LIST
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        for line in lines {
            let moves = line.split('\t').nth(2).expect("three fields");
            assert!(replay(moves).is_some(), "{line}");
        }
        assert!(book().len() > 150, "{}", book().len());
    }

    #[test]
    fn positions_are_named_whatever_the_move_order() {
        let italian = named(&after("e4 e5 Nf3 Nc6 Bc4")).expect("named");
        assert_eq!(italian.label(), "C50 Italian Game");
        // The Queen's Gambit Declined by way of 1. c4.
        let qgd = named(&after("c4 e6 Nc3 d5 d4")).expect("a transposition");
        assert_eq!(qgd.name, "Queen's Gambit Declined");
        assert_eq!(named(&after("a3 a6 b3")), None);
    }
}
