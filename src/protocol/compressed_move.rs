//! `<d1>`: a move in few bytes (`iv_compressmove`), which freechess.org
//! sends instead of a style-12 board to a client that asks for it:
//! `<d1> 2 64 Rxc2 e2c2p 1200 203800` is game 2, half-move 64, Rxc2 (from
//! e2 to c2, taking a pawn), 1.2 s taken, 203.8 s left on the mover's
//! clock. Kibitz asks for boards, so this is read for `kibitz decode` and
//! the log; the app acts on boards.

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CompressedMove {
    pub game: u32,
    pub half_move: u32,
    pub san: String,
    /// From and to square, and the piece taken (`p`) or promoted to.
    pub long: String,
    pub taken_ms: u64,
    pub left_ms: u64,
}

/// `<d1> ...`: Some(Err) when it is one and does not parse.
pub fn parse_compressed_move(line: &str) -> Option<Result<CompressedMove, String>> {
    let rest = line.strip_prefix("<d1> ")?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [game, half_move, san, long, taken, left] = words.as_slice() else {
        return Some(Err(format!("{} fields, want 6", words.len())));
    };
    let number = |w: &str, what: &str| w.parse::<u64>().map_err(|_| format!("bad {what}: {w}"));
    let read = || -> Result<CompressedMove, String> {
        Ok(CompressedMove {
            game: u32::try_from(number(game, "game")?).map_err(|e| e.to_string())?,
            half_move: u32::try_from(number(half_move, "half-move")?).map_err(|e| e.to_string())?,
            san: (*san).to_owned(),
            long: (*long).to_owned(),
            taken_ms: number(taken, "time taken")?,
            left_ms: number(left, "time left")?,
        })
    };
    Some(read())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_move() {
        assert_eq!(
            parse_compressed_move("<d1> 2 64 Rxc2 e2c2p 1200 203800"),
            Some(Ok(CompressedMove {
                game: 2,
                half_move: 64,
                san: "Rxc2".into(),
                long: "e2c2p".into(),
                taken_ms: 1200,
                left_ms: 203800,
            }))
        );
        assert!(matches!(
            parse_compressed_move("<d1> 2 x Rxc2 e2c2p 1 2"),
            Some(Err(_))
        ));
        assert!(matches!(parse_compressed_move("<d1> 2"), Some(Err(_))));
        assert_eq!(parse_compressed_move("<12> 2"), None);
    }
}
