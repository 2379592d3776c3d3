//! The engine's `info` and `bestmove` lines read by Kibitz itself:
//! shakmaty-uci's parser takes only `e2e4`-style moves, and a variant
//! engine writes drops (`N@f7`) and suicide's king promotions (`e7e8k`).
//! What is not understood in a line is skipped, never an error.

use shakmaty::uci::UciMove;

/// An `info` line, as far as the analysis needs it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u8>,
    pub multi_pv: Option<u16>,
    pub score: Option<Score>,
    pub pv: Vec<UciMove>,
}

/// The engine's score for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

/// The words after which the pv stops (the next field of the line).
const FIELDS: [&str; 16] = [
    "depth",
    "seldepth",
    "time",
    "nodes",
    "pv",
    "multipv",
    "score",
    "currmove",
    "currmovenumber",
    "hashfull",
    "nps",
    "tbhits",
    "sbhits",
    "cpuload",
    "string",
    "refutation",
];

/// Moves kept of one line at most (engines print a few dozen).
const MAX_PV: usize = 64;

/// Reads an `info` line; None for any other line.
pub fn parse_info(line: &str) -> Option<Info> {
    let mut words = line.split_whitespace().peekable();
    if words.next()? != "info" {
        return None;
    }
    let mut info = Info::default();
    while let Some(word) = words.next() {
        match word {
            "depth" => info.depth = words.next().and_then(|w| w.parse().ok()),
            "multipv" => info.multi_pv = words.next().and_then(|w| w.parse().ok()),
            "score" => {
                let kind = words.next();
                let value = words.next().and_then(|w| w.parse::<i32>().ok());
                info.score = match (kind, value) {
                    (Some("cp"), Some(cp)) => Some(Score::Centipawns(cp)),
                    (Some("mate"), Some(n)) => Some(Score::Mate(n)),
                    _ => info.score,
                };
            }
            "pv" => {
                while let Some(mv) = words.next_if(|w| !FIELDS.contains(w)) {
                    match UciMove::from_ascii(mv.as_bytes()) {
                        Ok(mv) if info.pv.len() < MAX_PV => info.pv.push(mv),
                        _ => {}
                    }
                }
            }
            // The rest of the line is the engine's words.
            "string" => break,
            _ => {}
        }
    }
    Some(info)
}

/// Reads a `bestmove` line: Some(None) for `bestmove (none)` or a move
/// Kibitz cannot read; None for any other line.
pub fn parse_bestmove(line: &str) -> Option<Option<UciMove>> {
    let mut words = line.split_whitespace();
    if words.next()? != "bestmove" {
        return None;
    }
    Some(
        words
            .next()
            .and_then(|w| UciMove::from_ascii(w.as_bytes()).ok()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_king_promotions_and_the_usual() {
        let info = parse_info(
            "info depth 5 seldepth 2 multipv 1 score mate 1 nodes 379 nps 189500 tbhits 0 time 2 pv N@f7",
        )
        .expect("info");
        assert_eq!(info.depth, Some(5));
        assert_eq!(info.multi_pv, Some(1));
        assert_eq!(info.score, Some(Score::Mate(1)));
        assert_eq!(info.pv.len(), 1);
        assert_eq!(info.pv[0].to_string(), "N@f7");
        let info = parse_info("info depth 12 score cp -31 lowerbound pv e7e8k d2d4 hashfull 3")
            .expect("info");
        assert_eq!(info.score, Some(Score::Centipawns(-31)));
        assert_eq!(
            info.pv.iter().map(ToString::to_string).collect::<Vec<_>>(),
            ["e7e8k", "d2d4"]
        );
        assert_eq!(
            parse_info("info string NNUE evaluation using x pv"),
            Some(Info::default())
        );
        assert_eq!(parse_info("bestmove e2e4"), None);
        assert_eq!(
            parse_bestmove("bestmove N@f7 ponder h7h6").map(|m| m.map(|m| m.to_string())),
            Some(Some("N@f7".to_owned()))
        );
        assert_eq!(parse_bestmove("bestmove (none)"), Some(None));
    }
}
