//! An opening tree of the user's own games: for each position of their
//! games' first `MAX_PLIES` plies, the moves played there (by the user and
//! by their opponents), how often, how the user scored after them, and
//! which games. Positions are keyed by their Zobrist hash, so a
//! transposition meets the games that reached it by another order.
//!
//! Kept as one table of (position, game, move) sorted by position, 16
//! bytes a ply: a position's moves are a binary search and a short count
//! away, and 30,000 games of 30 plies hold 15 MB, however little they
//! share (a map of positions to moves took 130 bytes a ply).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role, Square};

use super::listed::ListedGame;

/// How deep the tree goes (15 moves each): openings, not endgames.
pub const MAX_PLIES: usize = 30;

/// One move of one game, in the position before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ply {
    position: u64,
    game: u32,
    /// From, to and promotion, as in UCI (see `encode`).
    mv: u16,
}

/// What the tree keeps of a game besides its place in the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Side {
    me_white: bool,
    /// The user's result: 1 won, 0 drawn, -1 lost, None unfinished.
    outcome: Option<i8>,
}

/// One move played in a position, over all the games that played it there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Branch {
    pub mv: Move,
    /// Games where the user made it, and where the opponent did.
    pub by_me: u32,
    pub by_them: u32,
    /// The user's results in those games (unfinished games count in none).
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// The games, by their place in [`OpeningTree::games`], in the order
    /// added (by `build`: newest first).
    pub games: Vec<u32>,
}

impl Branch {
    pub fn count(&self) -> u32 {
        self.by_me + self.by_them
    }

    /// The user's points per finished game after this move, in percent.
    pub fn score_percent(&self) -> Option<u32> {
        let finished = self.won + self.drawn + self.lost;
        (finished > 0).then(|| (self.won * 200 + self.drawn * 100) / (finished * 2))
    }

    /// The move as written in `position` (the one it was played in).
    pub fn san(&self, position: &Chess) -> String {
        SanPlus::from_move(position.clone(), self.mv).to_string()
    }

    /// `Nf3: 12 games (8 yours), +6 =3 -3, 62 %` (`san`: the move).
    pub fn words(&self, san: &str) -> String {
        let games = match self.count() {
            1 => "1 game".to_owned(),
            n => format!("{n} games"),
        };
        let yours = match (self.by_me, self.by_them) {
            (_, 0) => " (all yours)".to_owned(),
            (0, _) => " (all your opponents')".to_owned(),
            (mine, _) => format!(" ({mine} yours)"),
        };
        let score = self
            .score_percent()
            .map_or_else(String::new, |p| format!(", {p} %"));
        format!(
            "{san}: {games}{yours}, +{} ={} -{}{score}",
            self.won, self.drawn, self.lost
        )
    }
}

/// The tree of one user's games.
#[derive(Debug, Default)]
pub struct OpeningTree {
    /// Whose games.
    pub me: String,
    /// Every ply kept, sorted by position once built (see `sort`).
    plies: Vec<Ply>,
    sides: Vec<Side>,
    /// The games in the tree, as listed (a click opens one).
    pub games: Vec<ListedGame>,
}

impl OpeningTree {
    pub fn new(me: &str) -> OpeningTree {
        OpeningTree {
            me: me.to_owned(),
            ..OpeningTree::default()
        }
    }

    /// The moves played in `position`, the most played first.
    pub fn at(&self, position: &Chess) -> Vec<Branch> {
        let key = key(position);
        let first = self.plies.partition_point(|p| p.position < key);
        let here = self.plies[first..].iter().take_while(|p| p.position == key);
        let mut branches: Vec<(u16, Branch)> = Vec::new();
        for ply in here {
            let Some(side) = self.sides.get(ply.game as usize) else {
                continue;
            };
            let at = match branches.iter().position(|(mv, _)| *mv == ply.mv) {
                Some(at) => at,
                None => {
                    // A move that is not legal here: another position of
                    // the same hash (one in 2^64).
                    let Some(mv) = decode(ply.mv, position) else {
                        continue;
                    };
                    branches.push((ply.mv, Branch::new(mv)));
                    branches.len() - 1
                }
            };
            let branch = &mut branches[at].1;
            if position.turn().is_white() == side.me_white {
                branch.by_me += 1;
            } else {
                branch.by_them += 1;
            }
            match side.outcome {
                Some(1) => branch.won += 1,
                Some(0) => branch.drawn += 1,
                Some(_) => branch.lost += 1,
                None => {}
            }
            branch.games.push(ply.game);
        }
        let mut branches: Vec<Branch> = branches.into_iter().map(|(_, b)| b).collect();
        branches.sort_by_key(|b| std::cmp::Reverse(b.count()));
        branches
    }

    /// The memory its table and list take, in bytes (the games' tags
    /// roughly).
    pub fn heap_bytes(&self) -> usize {
        self.plies.capacity() * std::mem::size_of::<Ply>()
            + self.sides.capacity() * std::mem::size_of::<Side>()
            + self
                .games
                .iter()
                .map(|g| std::mem::size_of::<ListedGame>() + g.heap_bytes())
                .sum::<usize>()
    }

    /// How many positions it holds.
    pub fn positions(&self) -> usize {
        self.plies.chunk_by(|a, b| a.position == b.position).count()
    }

    /// Adds a game of standard chess from the usual start: `listed`, its
    /// moves in SAN (as written; stops at the first it cannot play).
    pub fn add(&mut self, listed: ListedGame, sans: &[String]) {
        let me_white = listed.white().eq_ignore_ascii_case(&self.me);
        if !me_white && !listed.black().eq_ignore_ascii_case(&self.me) {
            return;
        }
        let outcome = match (listed.result(), me_white) {
            ("1-0", true) | ("0-1", false) => Some(1),
            ("1-0", false) | ("0-1", true) => Some(-1),
            ("1/2-1/2", _) => Some(0),
            _ => None,
        };
        let game = u32::try_from(self.games.len()).unwrap_or(u32::MAX);
        self.games.push(listed);
        self.sides.push(Side { me_white, outcome });
        let mut position = Chess::default();
        for san in sans.iter().take(MAX_PLIES) {
            let Some(mv) = San::from_ascii(san.trim_end_matches(['+', '#', '!', '?']).as_bytes())
                .ok()
                .and_then(|s| s.to_move(&position).ok())
            else {
                break;
            };
            self.plies.push(Ply {
                position: key(&position),
                game,
                mv: encode(&mv),
            });
            position.play_unchecked(mv);
        }
    }

    /// Sorts the table by position (once, when built; a stable sort keeps
    /// each position's games in the order added).
    pub fn sort(&mut self) {
        self.plies.sort_by_key(|p| p.position);
        self.plies.shrink_to_fit();
    }

    /// The tree of `me`'s games among `listed` (standard chess from the
    /// usual start; bughouse and variants left out), their moves read
    /// from their files. Slow (every file read): off the UI thread.
    pub fn build(listed: &[ListedGame], me: &str) -> OpeningTree {
        let mut tree = OpeningTree::new(me);
        let mut by_file: HashMap<Arc<PathBuf>, Vec<&ListedGame>> = HashMap::new();
        for game in listed {
            let chess = !game.is_bughouse() && matches!(game.variant(), "" | "Standard");
            if chess && game.played_by(me) {
                by_file
                    .entry(Arc::clone(&game.file))
                    .or_default()
                    .push(game);
            }
        }
        // Newest first: the month files by name (`2026-11.pgn`) from the
        // last, the games of each from its end.
        let mut by_file: Vec<_> = by_file.into_iter().collect();
        by_file.sort_by(|a, b| b.0.cmp(&a.0));
        for (file, mut wanted) in by_file {
            wanted.sort_by_key(|g| g.index);
            wanted.dedup_by_key(|g| g.index);
            let places: Vec<u32> = wanted.iter().map(|g| g.index).collect();
            let read = super::read::games_at(&file, &places);
            let pairs: Vec<_> = wanted.into_iter().zip(read).collect();
            for (listed, (_, game)) in pairs.into_iter().rev() {
                if game.fen.is_none() && listed.same_players(&game.white, &game.black) {
                    tree.add(listed.clone(), &game.sans);
                }
            }
        }
        tree.sort();
        tree
    }
}

impl Branch {
    fn new(mv: Move) -> Branch {
        Branch {
            mv,
            by_me: 0,
            by_them: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            games: Vec::new(),
        }
    }
}

/// A move of chess in 16 bits: from (6), to (6), promotion role (3).
fn encode(mv: &Move) -> u16 {
    let (from, to, promotion) = match mv.to_uci(shakmaty::CastlingMode::Standard) {
        UciMove::Normal {
            from,
            to,
            promotion,
        } => (from, to, promotion),
        _ => (Square::A1, Square::A1, None),
    };
    u16::from(from) | u16::from(to) << 6 | promotion.map_or(0, |r| r as u16) << 12
}

fn decode(bits: u16, position: &Chess) -> Option<Move> {
    let square = |b: u16| Square::new(u32::from(b & 63));
    let promotion = match bits >> 12 {
        0 => None,
        2 => Some(Role::Knight),
        3 => Some(Role::Bishop),
        4 => Some(Role::Rook),
        5 => Some(Role::Queen),
        6 => Some(Role::King),
        _ => return None,
    };
    let uci = UciMove::Normal {
        from: square(bits),
        to: square(bits >> 6),
        promotion,
    };
    uci.to_move(position).ok()
}

fn key(position: &Chess) -> u64 {
    let hash: Zobrist64 = position.zobrist_hash(EnPassantMode::Legal);
    hash.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::record::ArchivedGame;

    fn listed(white: &str, black: &str, result: &str) -> ListedGame {
        ListedGame::of(&ArchivedGame {
            white: white.to_owned(),
            black: black.to_owned(),
            result: result.to_owned(),
            ..ArchivedGame::default()
        })
    }

    fn sans(moves: &str) -> Vec<String> {
        moves.split_whitespace().map(str::to_owned).collect()
    }

    fn after(moves: &str) -> Chess {
        let mut position = Chess::default();
        for san in moves.split_whitespace() {
            let mv = San::from_ascii(san.as_bytes())
                .unwrap()
                .to_move(&position)
                .unwrap();
            position.play_unchecked(mv);
        }
        position
    }

    #[test]
    fn counts_moves_by_whom_and_how_the_user_scored() {
        let mut tree = OpeningTree::new("Me");
        tree.add(listed("Me", "A", "1-0"), &sans("e4 e5 Nf3"));
        tree.add(listed("B", "me", "1-0"), &sans("e4 c5"));
        tree.add(listed("Me", "C", "1/2-1/2"), &sans("d4 d5"));
        tree.add(listed("D", "E", "1-0"), &sans("e4 e5"));
        tree.sort();
        let start = tree.at(&Chess::default());
        assert_eq!(start.len(), 2);
        assert_eq!(start[0].san(&Chess::default()), "e4");
        assert_eq!((start[0].by_me, start[0].by_them), (1, 1));
        assert_eq!((start[0].won, start[0].drawn, start[0].lost), (1, 0, 1));
        assert_eq!(start[0].score_percent(), Some(50));
        assert_eq!(start[0].games, vec![0, 1]);
        assert_eq!(
            start[1].words("d4"),
            "d4: 1 game (all yours), +0 =1 -0, 50 %"
        );
        let after_e4 = tree.at(&after("e4"));
        assert_eq!(after_e4.len(), 2);
        // Someone else's game is not the user's.
        assert_eq!(tree.games.len(), 3);
    }

    #[test]
    fn a_transposition_meets_the_same_position() {
        let mut tree = OpeningTree::new("me");
        tree.add(listed("me", "a", "1-0"), &sans("d4 d5 c4 e6 Nc3"));
        tree.add(listed("me", "b", "0-1"), &sans("c4 e6 Nc3 d5 d4 Nf6"));
        tree.sort();
        let here = tree.at(&after("d4 d5 c4 e6 Nc3"));
        assert_eq!(here.len(), 1);
        assert_eq!(here[0].san(&after("d4 d5 c4 e6 Nc3")), "Nf6");
        assert_eq!(here[0].games, [1], "the game of the other order");
        assert_eq!((here[0].won, here[0].lost), (0, 1));
    }

    #[test]
    fn stops_at_a_move_it_cannot_play() {
        let mut tree = OpeningTree::new("me");
        tree.add(listed("me", "a", "*"), &sans("e4 e5 Ke3 Qh5"));
        tree.add(listed("me", "a", "*"), &sans("e4 e9 Nf3"));
        tree.sort();
        assert_eq!(tree.positions(), 2);
        assert_eq!(tree.at(&after("e4"))[0].score_percent(), None);
    }
}
