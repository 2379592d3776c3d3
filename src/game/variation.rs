//! Moves the user tries on a board that is not their live game (a finished
//! game, a review, a game they watch): lines that branch off the game's own
//! moves and are kept beside them, never sent to the server. Each line
//! starts after some number of the game's moves; a move tried in the middle
//! of a line starts another line from the same place with the same first
//! moves (siblings, as a move list shows them: one row each).

use shakmaty::{Move, Position, Setup};

/// One move of a line: the move, as written, and the position after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tried {
    pub mv: Move,
    pub san: String,
    pub after: Setup,
}

/// A line of tried moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The game's moves before it (0: from the start position).
    pub from: usize,
    pub moves: Vec<Tried>,
}

/// Where a board is: after some of the game's moves, or some of a line's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// After this many of the game's moves.
    Game(usize),
    /// After `plies` (1 or more) moves of line `line`.
    Line { line: usize, plies: usize },
}

/// The lines tried on one board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Variations {
    lines: Vec<Line>,
}

impl Variations {
    /// The lines of a game read back (`read`: each the index of the game's
    /// move it stands instead of, and its moves in SAN), replayed from the
    /// game's positions; a line stops at a move that does not play.
    pub fn replayed(game: &super::Game, read: &[(usize, Vec<String>)]) -> Variations {
        let Some(rules) = game.playable().map(|p| p.rules) else {
            return Variations::default();
        };
        let mut lines = Vec::new();
        for (from, sans) in read {
            let Some(mut setup) = game.position_after(*from) else {
                continue;
            };
            let mut moves = Vec::new();
            for san in sans {
                let playable = super::rules::Playable::new(rules, setup.clone());
                let Some(position) = playable.position() else {
                    break;
                };
                let Some(mv) = playable.read_san(san) else {
                    break;
                };
                let mut after = position.clone();
                after.play_unchecked(mv);
                setup = after.to_setup(shakmaty::EnPassantMode::Legal);
                moves.push(Tried {
                    mv,
                    san: playable.san_of(&mv),
                    after: setup.clone(),
                });
            }
            if !moves.is_empty() {
                lines.push(Line { from: *from, moves });
            }
        }
        Variations { lines }
    }

    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The line `line`, if there is one.
    pub fn line(&self, line: usize) -> Option<&Line> {
        self.lines.get(line)
    }

    /// The position after `at` within a line (None: `at` is the game's).
    pub fn position(&self, at: At) -> Option<&Setup> {
        match at {
            At::Game(_) => None,
            At::Line { line, plies } => Some(
                &self
                    .lines
                    .get(line)?
                    .moves
                    .get(plies.checked_sub(1)?)?
                    .after,
            ),
        }
    }

    /// The user plays `tried` where the board is (`at`); `game_next`: the
    /// game's own next move there, if `at` is the game's. Returns where the
    /// board is then: the game's next move is the game's, a line's next
    /// move follows the line, a move already tried from there is that line;
    /// else a new line.
    pub fn play(&mut self, at: At, tried: Tried, game_next: Option<&Move>) -> At {
        match at {
            At::Game(from) => {
                if game_next == Some(&tried.mv) {
                    return At::Game(from + 1);
                }
                if let Some(line) = self.find(from, &[], &tried.mv) {
                    return At::Line { line, plies: 1 };
                }
                self.lines.push(Line {
                    from,
                    moves: vec![tried],
                });
                At::Line {
                    line: self.lines.len() - 1,
                    plies: 1,
                }
            }
            At::Line { line, plies } => {
                let Some(current) = self.lines.get(line) else {
                    return at;
                };
                let plies = plies.min(current.moves.len());
                if plies == current.moves.len() {
                    self.lines[line].moves.push(tried);
                    return At::Line {
                        line,
                        plies: plies + 1,
                    };
                }
                if current.moves[plies].mv == tried.mv {
                    return At::Line {
                        line,
                        plies: plies + 1,
                    };
                }
                let (from, prefix) = (current.from, current.moves[..plies].to_vec());
                if let Some(sibling) = self.find(from, &prefix, &tried.mv) {
                    return At::Line {
                        line: sibling,
                        plies: plies + 1,
                    };
                }
                let mut moves = prefix;
                moves.push(tried);
                self.lines.push(Line { from, moves });
                At::Line {
                    line: self.lines.len() - 1,
                    plies: plies + 1,
                }
            }
        }
    }

    /// A line from `from` that starts with `prefix` and then `next`.
    fn find(&self, from: usize, prefix: &[Tried], next: &Move) -> Option<usize> {
        self.lines.iter().position(|l| {
            l.from == from
                && l.moves.len() > prefix.len()
                && l.moves[..prefix.len()] == *prefix
                && l.moves[prefix.len()].mv == *next
        })
    }

    /// One step back from `at`: a line's first move steps back to the
    /// game's position it branched from.
    pub fn back(&self, at: At) -> At {
        match at {
            At::Line { line, plies } if plies > 1 => At::Line {
                line,
                plies: plies - 1,
            },
            At::Line { line, .. } => At::Game(self.lines.get(line).map_or(0, |l| l.from)),
            At::Game(plies) => At::Game(plies.saturating_sub(1)),
        }
    }

    /// One step on along a line (the game's own steps are the game's).
    pub fn forward(&self, at: At) -> At {
        match at {
            At::Line { line, plies } => {
                let len = self.lines.get(line).map_or(0, |l| l.moves.len());
                At::Line {
                    line,
                    plies: (plies + 1).min(len.max(1)),
                }
            }
            game => game,
        }
    }

    /// Deletes line `line`; where the board then is if it was there
    /// (`at`): the position the line branched from.
    pub fn delete(&mut self, line: usize, at: At) -> At {
        let Some(removed) = (line < self.lines.len()).then(|| self.lines.remove(line)) else {
            return at;
        };
        match at {
            At::Line { line: l, .. } if l == line => At::Game(removed.from),
            At::Line { line: l, plies } if l > line => At::Line { line: l - 1, plies },
            other => other,
        }
    }

    /// The lines that branch after `plies` of the game's moves, by index.
    pub fn branching_at(&self, plies: usize) -> impl Iterator<Item = (usize, &Line)> {
        self.lines
            .iter()
            .enumerate()
            .filter(move |(_, l)| l.from == plies)
    }

    /// Makes line `line` the game's moves from its branch point on: it
    /// leaves the lines (the caller keeps the game's old moves as one in
    /// its place). Returns the branch point and the line's moves (to
    /// replace the game's from there).
    pub fn promote(&mut self, line: usize) -> Option<(usize, Vec<Tried>)> {
        if line >= self.lines.len() {
            return None;
        }
        let promoted = self.lines.remove(line);
        let from = promoted.from;
        // Lines that branched off the old moves after the branch point now
        // branch off a line: they go (their moves are no longer the game's).
        self.lines.retain(|l| l.from <= from);
        Some((from, promoted.moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::san::San;
    use shakmaty::{Chess, Position};

    /// The moves `sans` from the start, as tried moves.
    fn tried(sans: &str) -> Vec<Tried> {
        let mut position = Chess::default();
        sans.split_whitespace()
            .map(|san| {
                let mv = San::from_ascii(san.as_bytes())
                    .unwrap()
                    .to_move(&position)
                    .unwrap();
                position.play_unchecked(mv);
                Tried {
                    mv,
                    san: san.to_owned(),
                    after: position.to_setup(shakmaty::EnPassantMode::Legal),
                }
            })
            .collect()
    }

    #[test]
    fn a_move_off_the_game_starts_a_line_and_the_next_extends_it() {
        let game = tried("e4 e5 Nf3");
        let mut v = Variations::default();
        let side = tried("e4 c5 Nf3 d6");
        // The game's own move follows the game.
        assert_eq!(
            v.play(At::Game(0), side[0].clone(), Some(&game[0].mv)),
            At::Game(1)
        );
        let at = v.play(At::Game(1), side[1].clone(), Some(&game[1].mv));
        assert_eq!(at, At::Line { line: 0, plies: 1 });
        let at = v.play(at, side[2].clone(), None);
        let at = v.play(at, side[3].clone(), None);
        assert_eq!(at, At::Line { line: 0, plies: 3 });
        assert_eq!(v.lines()[0].from, 1);
        assert_eq!(v.position(at), Some(&side[3].after));
        // The same first move again is the same line.
        assert_eq!(
            v.play(At::Game(1), side[1].clone(), Some(&game[1].mv)),
            At::Line { line: 0, plies: 1 }
        );
        assert_eq!(v.lines().len(), 1);
    }

    #[test]
    fn a_move_in_the_middle_of_a_line_makes_a_sibling() {
        let mut v = Variations::default();
        let a = tried("d4 d5 c4");
        let b = tried("d4 d5 Nf3");
        let mut at = At::Game(0);
        for t in &a {
            at = v.play(at, t.clone(), None);
        }
        let at = v.back(at);
        assert_eq!(at, At::Line { line: 0, plies: 2 });
        let at = v.play(at, b[2].clone(), None);
        assert_eq!(at, At::Line { line: 1, plies: 3 });
        assert_eq!(v.lines()[1].moves[..2], a[..2]);
        assert_eq!(v.branching_at(0).count(), 2);
        // Back past a line's first move: the game's position it left.
        let back = v.back(v.back(v.back(at)));
        assert_eq!(back, At::Game(0));
    }

    #[test]
    fn deleting_a_line_returns_to_where_it_branched() {
        let mut v = Variations::default();
        let a = tried("e4 e5 Nf3");
        let b = tried("e4 c5");
        v.play(At::Game(1), a[1].clone(), None);
        let in_b = v.play(At::Game(1), b[1].clone(), None);
        assert_eq!(in_b, At::Line { line: 1, plies: 1 });
        assert_eq!(v.delete(0, in_b), At::Line { line: 0, plies: 1 });
        assert_eq!(v.delete(0, At::Line { line: 0, plies: 1 }), At::Game(1));
        assert!(v.is_empty());
    }

    #[test]
    fn promoting_a_line_takes_it_and_the_lines_off_later_moves_out() {
        let side = tried("e4 c5 Nf3");
        let mut v = Variations::default();
        let mut at = At::Game(1);
        for t in &side[1..] {
            at = v.play(at, t.clone(), None);
        }
        // A line off the game's later moves goes with them.
        v.play(At::Game(3), tried("e4 e5 Nf3 d6")[3].clone(), None);
        // One from before the branch point stays.
        v.play(At::Game(0), tried("d4")[0].clone(), None);
        assert_eq!(v.lines().len(), 3);
        let (from, moves) = v.promote(0).unwrap();
        assert_eq!(from, 1);
        assert_eq!(moves, side[1..]);
        assert_eq!(v.lines().len(), 1);
        assert_eq!(v.lines()[0].from, 0);
        assert_eq!(v.promote(5), None);
    }
}
