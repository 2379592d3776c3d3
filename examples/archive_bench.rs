//! My games at size: writes an archive of N generated games (12 month
//! files, games of 30-120 plies of legal chess, the tags Kibitz writes),
//! then measures, in this process, listing it as My games does (tags only,
//! off the UI thread in the app) against reading every game whole (as
//! Kibitz did before), and opening one game of the list.
//!
//!   cargo run --release --example archive_bench -- [GAMES] [DIR]
//!
//! GAMES: default 100000. DIR: where the archive is written and kept (a
//! data dir's `games/`, to try My games in the window); by default a
//! temporary directory, removed. A DIR kept from an earlier run is not
//! written again: run twice to see the listing as at each start (from
//! the index).

use std::fmt::Write as _;
use std::sync::atomic::AtomicUsize;
use std::time::Instant;

use shakmaty::{Chess, Position};

/// The process's resident memory, in MB (Linux; 0 elsewhere).
fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(0.0, |pages| pages * 4096.0 / 1e6)
}

/// A small deterministic generator (no dependency for a bench).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % below.max(1)
    }
}

fn game_text(number: usize, rng: &mut Lcg) -> String {
    let plies = 30 + rng.next(91);
    let mut position = Chess::default();
    let mut movetext = String::new();
    for ply in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.next(moves.len())];
        let san = shakmaty::san::SanPlus::from_move(position.clone(), mv);
        if ply % 2 == 0 {
            let _ = write!(movetext, "{}. ", ply / 2 + 1);
        }
        let _ = write!(
            movetext,
            "{san} {{[%clk 0:02:{:02}] [%emt 0:00:0{}]}} ",
            59 - ply % 60,
            ply % 10
        );
        position.play_unchecked(mv);
    }
    let players = ["KibUser", "BotA", "BotB", "BotC", "GuestXYZW", "Magnus"];
    let white = players[rng.next(players.len())];
    let black = players[(rng.next(players.len() - 1)
        + 1
        + players.iter().position(|p| *p == white).unwrap_or(0))
        % players.len()];
    format!(
        "[Event \"FICS rated blitz game\"]\n[Site \"freechess.org\"]\n[Date \"2026.{:02}.{:02}\"]\n[Round \"-\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"1-0\"]\n[WhiteElo \"1720\"]\n[BlackElo \"1690\"]\n[TimeControl \"180+0\"]\n[GameNumber \"{number}\"]\n[Termination \"normal\"]\n[Reason \"{black} resigns\"]\n[ECO \"C50\"]\n[Opening \"Italian Game\"]\n\n{movetext}{{{black} resigns}} 1-0\n\n",
        number % 12 + 1,
        number % 28 + 1
    )
}

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let kept = std::env::args().nth(2).map(std::path::PathBuf::from);
    let dir = kept.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("kibitz-archive-bench-{}", std::process::id()))
    });
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    // A DIR kept from an earlier run is listed as it is (its index too):
    // the listing's memory as at each start of Kibitz.
    let months: Vec<_> = (1..=12)
        .map(|m| dir.join(format!("2026-{m:02}.pgn")))
        .collect();
    if months.iter().all(|m| m.exists()) {
        println!("archive: kept from an earlier run in {}", dir.display());
    } else {
        let started = Instant::now();
        let mut rng = Lcg(7);
        let mut files = vec![String::new(); 12];
        for number in 0..games {
            files[number % 12].push_str(&game_text(number, &mut rng));
        }
        let mut bytes = 0;
        for (text, month) in files.iter().zip(&months) {
            bytes += text.len();
            std::fs::write(month, text).expect("written");
        }
        drop(files);
        println!(
            "archive: {games} games, {:.0} MB in 12 files, written in {:.1} s",
            bytes as f64 / 1e6,
            started.elapsed().as_secs_f64()
        );
    }

    let before = rss_mb();
    let started = Instant::now();
    let progress = AtomicUsize::new(0);
    let first = kibitz::archive::read::read_archive(&dir, &[], &progress);
    println!(
        "listed (the PGN read and indexed, or from the index if kept): {} games in {:.2} s, +{:.0} MB held",
        first.len(),
        started.elapsed().as_secs_f64(),
        rss_mb() - before
    );
    drop(first);
    let started = Instant::now();
    let listed = kibitz::archive::read::read_archive(&dir, &[], &progress);
    println!(
        "listed again (from the index, as at each start): {} games in {:.2} s",
        listed.len(),
        started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let opened = kibitz::archive::read::with_moves(&listed[listed.len() / 2]).expect("read again");
    println!(
        "one game opened from the list: {} moves read in {:.1} ms",
        opened.sans.len(),
        started.elapsed().as_secs_f64() * 1000.0
    );

    // A search typed letter by letter, as My games filters on each change
    // (the user's own games, newest first).
    let mut my_games = kibitz::ui::my_games::MyGames::default();
    my_games.games = listed;
    my_games.me = Some("KibUser".to_owned());
    let shown = my_games.shown().len();
    let mut slowest_ms: f64 = 0.0;
    let typed = "magnus";
    for letters in 1..=typed.len() {
        my_games.search = typed[..letters].to_owned();
        let started = Instant::now();
        let found = my_games.shown().len();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        slowest_ms = slowest_ms.max(ms);
        println!(
            "search \"{}\": {found} games in {ms:.1} ms",
            my_games.search
        );
    }
    println!(
        "search typed letter by letter: {shown} own games listed, slowest letter {slowest_ms:.1} ms"
    );

    // The opening tree of the user's games (built off the UI thread).
    let before = rss_mb();
    let started = Instant::now();
    let tree = kibitz::archive::tree::OpeningTree::build(&my_games.games, "KibUser");
    println!(
        "opening tree of KibUser's {} games: {} positions in {:.2} s, {:.0} MB held by the tree (+{:.0} MB resident, the files' reading included)",
        tree.games.len(),
        tree.positions(),
        started.elapsed().as_secs_f64(),
        tree.heap_bytes() as f64 / 1e6,
        rss_mb() - before
    );
    drop(tree);
    drop(my_games);

    let before = rss_mb();
    let started = Instant::now();
    let mut whole = Vec::new();
    for month in &months {
        whole.extend(kibitz::archive::read::read_file(month));
    }
    let whole_s = started.elapsed().as_secs_f64();
    println!(
        "read whole (moves too, as before): {} games in {whole_s:.2} s, +{:.0} MB held",
        whole.len(),
        rss_mb() - before
    );
    if kept.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
