//! A hostile game file: any bytes read as PGN (listed and whole) and as
//! BPGN, each game replayed onto a board. Nothing may panic or hang; a
//! game that cannot be replayed says why.
#![no_main]

use std::path::Path;
use std::time::Duration;

use kibitz::archive::read::{ListedGame, read_pgn};
use kibitz::archive::replay::{review_bughouse, review_game};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let games = if kibitz::archive::bpgn::is_bpgn(data) {
        kibitz::archive::bpgn::read_bpgn(data, Path::new("fuzz.bpgn"))
    } else {
        read_pgn(data, Path::new("fuzz.pgn"))
    };
    for game in games.iter().take(8) {
        let _ = ListedGame::of(game);
        if game.other_board.is_some() {
            let _ = review_bughouse(game, [1_000_000, 1_000_001], Duration::ZERO);
        } else {
            let _ = review_game(game, 1_000_000, Duration::ZERO);
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = kibitz::archive::read::pasted_game(text);
    }
});
