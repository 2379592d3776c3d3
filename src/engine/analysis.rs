//! What an engine says about a position, as a player reads it: the
//! evaluation from White's point of view (centipawns or mate in N), the
//! depth, and the best line as SAN, checked move by move against the
//! position (an engine's line that stops being legal is cut there).

use shakmaty::EnPassantMode;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::variant::VariantPosition;
use shakmaty::{Color, Move, Position};

use super::info::{Info, Score};

/// An evaluation from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns: positive is better for White.
    Centipawns(i32),
    /// Mate in this many moves: positive White mates, negative Black does.
    Mate(i32),
}

impl std::fmt::Display for Eval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Eval::Centipawns(cp) => write!(f, "{:+.2}", f64::from(cp) / 100.0),
            Eval::Mate(n) if n >= 0 => write!(f, "#{n}"),
            Eval::Mate(n) => write!(f, "#-{}", n.unsigned_abs()),
        }
    }
}

/// The engine's latest word on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub depth: u8,
    pub eval: Eval,
    /// The best line, legal from the position on.
    pub line: Vec<Move>,
    /// The same line in SAN (`Nf3`, `Qxf7#`).
    pub line_san: Vec<String>,
    /// The next best lines, best first (a multi-PV search; none otherwise).
    pub others: Vec<PvLine>,
}

/// One line of a multi-PV search: its evaluation and moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PvLine {
    pub eval: Eval,
    pub line: Vec<Move>,
    pub line_san: Vec<String>,
}

impl Analysis {
    /// The primary line and `others`, as one analysis.
    pub fn of(depth: u8, best: PvLine, others: Vec<PvLine>) -> Analysis {
        Analysis {
            depth,
            eval: best.eval,
            line: best.line,
            line_san: best.line_san,
            others,
        }
    }
}

/// A position's name for caching its analysis: the FEN without the move
/// counters, so the same position reached twice is looked at once.
pub fn position_key(position: &VariantPosition) -> String {
    let fen = Fen::from_position(position, EnPassantMode::Legal).to_string();
    let fields: Vec<&str> = fen.split(' ').take(4).collect();
    fields.join(" ")
}

/// The share of the bar that is White's, 0 to 1: the winning chances
/// lichess derives from centipawns, so +1 is a small edge and +5 nearly
/// all; a mate fills the bar for its side.
pub fn white_share(eval: Eval) -> f32 {
    match eval {
        Eval::Mate(n) if n > 0 => 1.0,
        Eval::Mate(n) if n < 0 => 0.0,
        Eval::Mate(_) => 0.5,
        Eval::Centipawns(cp) => {
            let chances = 2.0 / (1.0 + (-0.003_682_08 * cp as f32).exp()) - 1.0;
            0.5 + 0.5 * chances
        }
    }
}

/// Reads an `info` line about `position`. `None` for an info line without
/// a score (`currmove`, `string`, `hashfull` ...), or with a secondary
/// line of a multi-PV search (see [`read_line`]).
pub fn read_info(position: &VariantPosition, info: &Info) -> Option<Analysis> {
    match read_line(position, info)? {
        (1, depth, best) => Some(Analysis::of(depth, best, Vec::new())),
        _ => None,
    }
}

/// Reads an `info` line of a search on `position` that has a score: which
/// line it is (1: the best; a multi-PV search numbers them), the depth,
/// and the line.
pub fn read_line(position: &VariantPosition, info: &Info) -> Option<(u8, u8, PvLine)> {
    let score = info.score?;
    // The engine speaks for the side to move.
    let sign = if position.turn() == Color::White {
        1
    } else {
        -1
    };
    let eval = match score {
        Score::Mate(mate) => Eval::Mate(sign * mate),
        Score::Centipawns(cp) => Eval::Centipawns(sign * cp),
    };
    let mut line = Vec::new();
    let mut line_san = Vec::new();
    let mut pos = position.clone();
    for uci in &info.pv {
        let Ok(mv) = uci.to_move(&pos) else {
            break;
        };
        line_san.push(SanPlus::from_move_and_play_unchecked(&mut pos, mv).to_string());
        line.push(mv);
    }
    let index = info
        .multi_pv
        .map_or(1, |n| u8::try_from(n.max(1)).unwrap_or(u8::MAX));
    Some((
        index,
        info.depth.unwrap_or(0),
        PvLine {
            eval,
            line,
            line_san,
        },
    ))
}

#[cfg(test)]
mod tests {
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;
    use shakmaty::variant::Variant;

    use super::*;

    fn position(fen: &str) -> VariantPosition {
        let fen: Fen = fen.parse().expect("fen");
        VariantPosition::from_setup(Variant::Chess, fen.into_setup(), CastlingMode::Standard)
            .expect("position")
    }

    fn info(line: &str) -> Info {
        crate::engine::info::parse_info(line).expect("an info line")
    }

    #[test]
    fn scores_are_turned_to_whites_view_and_the_line_to_san() {
        let start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let a = read_info(&start, &info("info depth 12 score cp 31 pv e2e4 e7e5 g1f3"))
            .expect("analysis");
        assert_eq!(a.depth, 12);
        assert_eq!(a.eval, Eval::Centipawns(31));
        assert_eq!(a.line_san, ["e4", "e5", "Nf3"]);
        assert_eq!(a.eval.to_string(), "+0.31");
        // Black to move and better: negative for White.
        let black = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let a = read_info(&black, &info("info depth 5 score cp 40 pv c7c5")).expect("analysis");
        assert_eq!(a.eval, Eval::Centipawns(-40));
        assert_eq!(a.eval.to_string(), "-0.40");
    }

    #[test]
    fn keys_ignore_move_counters_and_the_bar_follows_winning_chances() {
        let a = position("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1");
        let b = position("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 5 9");
        assert_eq!(position_key(&a), position_key(&b));
        assert_eq!(
            position_key(&a),
            "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq -"
        );
        assert_eq!(white_share(Eval::Centipawns(0)), 0.5);
        let small = white_share(Eval::Centipawns(100));
        assert!((0.55..0.7).contains(&small), "{small}");
        assert!(white_share(Eval::Centipawns(-500)) < 0.15);
        assert_eq!(white_share(Eval::Mate(3)), 1.0);
        assert_eq!(white_share(Eval::Mate(-1)), 0.0);
    }

    #[test]
    fn mate_scores_and_lines_cut_where_they_stop_being_legal() {
        // Scholar's mate pending: White mates in 1.
        let p = position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
        let a = read_info(&p, &info("info depth 3 score mate 1 pv h5f7 e8e7")).expect("analysis");
        assert_eq!(a.eval, Eval::Mate(1));
        assert_eq!(a.eval.to_string(), "#1");
        assert_eq!(a.line_san, ["Qxf7#"], "e8e7 after mate is cut");
        // Info lines without a score are not an analysis.
        assert_eq!(
            read_info(&p, &info("info currmove h5f7 currmovenumber 1")),
            None
        );
        assert_eq!(
            read_info(&p, &info("info depth 3 multipv 2 score cp 10 pv d2d3")),
            None,
            "a secondary line"
        );
    }
}
