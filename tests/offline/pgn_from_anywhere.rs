//! PGN from anywhere (issue 48): what other programs and sites write
//! opens, lists and replays; small files of our own, one case each.

use std::path::Path;
use std::time::Duration;

use kibitz::archive::read::{ListedGame, read_pgn};
use kibitz::archive::replay::review_game;
use kibitz::protocol::game_type::GameType;

/// The games of `text`, read whole and as a list reads them.
fn both(text: &[u8]) -> (Vec<kibitz::archive::read::ArchivedGame>, Vec<ListedGame>) {
    let dir = std::env::temp_dir().join(format!(
        "kibitz-pgn-anywhere-{}-{}",
        std::process::id(),
        text.len()
    ));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("games.pgn");
    std::fs::write(&file, text).expect("write");
    let listed = kibitz::archive::read::list_file(&file)
        .iter()
        .map(ListedGame::of)
        .collect();
    let read = read_pgn(text, Path::new("games.pgn"));
    let _ = std::fs::remove_dir_all(&dir);
    (read, listed)
}

/// The game's final position as FEN, replayed.
fn final_fen(game: &kibitz::archive::read::ArchivedGame) -> Result<String, String> {
    let game = review_game(game, 1_000_000, Duration::ZERO)?;
    Ok(game.board.as_ref().expect("a board").fen())
}

#[test]
fn variant_names_in_the_worlds_spellings() {
    let fr = GameType::Wild("fr".into());
    for tag in [
        "Chess960",
        "chess 960",
        "Fischerandom",
        "fischerandom",
        "Fischer Random",
        "960",
    ] {
        assert_eq!(GameType::from_pgn_variant(tag), fr, "{tag}");
    }
    for tag in ["Antichess", "Suicide", "Giveaway", "anti-chess"] {
        assert_eq!(GameType::from_pgn_variant(tag), GameType::Suicide, "{tag}");
    }
    assert_eq!(
        GameType::from_pgn_variant("Crazyhouse"),
        GameType::Crazyhouse
    );
    assert_eq!(GameType::from_pgn_variant("Atomic"), GameType::Atomic);
    for (tag, name) in [
        ("King of the Hill", "kingofthehill"),
        ("Three-check", "threecheck"),
        ("3check", "threecheck"),
        ("Racing Kings", "racingkings"),
        ("Horde", "horde"),
    ] {
        let kind = GameType::from_pgn_variant(tag);
        assert_eq!(kind, GameType::Other(name.into()), "{tag}");
        // Written back as the readers spell it, and read again as itself.
        let written = kind.pgn_variant().expect("a tag");
        assert_eq!(GameType::from_pgn_variant(&written), kind, "{written}");
    }
    assert_eq!(GameType::from_pgn_variant("Standard"), GameType::Chess);
    assert_eq!(GameType::from_pgn_variant("From Position"), GameType::Chess);
}

#[test]
fn chess960_written_with_a_space_castles_by_its_rules() {
    // Rooks on b and g, king on e: O-O-O lands the king on c1 and the rook
    // on d1 (by ordinary rules it is no move: the rook is not on a1).
    let text = b"[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"chess 960\"]\n\
        [SetUp \"1\"]\n[FEN \"nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1\"]\n\n\
        1. d4 d5 2. Bf4 Bf5 3. Qd2 Qd7 4. O-O-O O-O-O *\n";
    let (read, listed) = both(text);
    assert_eq!((read.len(), listed.len()), (1, 1));
    let fen = final_fen(&read[0]).expect("replayed");
    assert!(fen.starts_with("n1kr1brn/"), "{fen}");
    assert!(fen.contains("/N1KR1BRN "), "{fen}");
}

#[test]
fn a_file_of_positions_lists_each_and_opens_it() {
    let text = b"[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n{White to play and win} *\n\n\
        [Event \"Study 2\"]\n[FEN \"8/8/8/8/8/5k2/8/5K1R w - - 0 1\"]\n[SetUp \"1\"]\n\n*\n";
    let (read, listed) = both(text);
    assert_eq!(listed.len(), 2, "both positions listed");
    assert_eq!((listed[0].white(), listed[0].black()), ("?", "?"));
    assert_eq!(read.len(), 2);
    let fen = final_fen(&read[1]).expect("opened as a position");
    assert!(fen.starts_with("8/8/8/8/8/5k2/8/5K1R w"), "{fen}");
}

#[test]
fn games_without_names_are_listed_and_the_result_comes_from_the_moves() {
    // An antichess export that starts with its variant; a GUI's empty tags
    // and no Result tag.
    let text = b"[Variant \"Antichess\"]\n[Black \"lichess AI\"]\n\n1. e3 b5 2. Bxb5 *\n\n\
        [White \"\"]\n[Black \"\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    let (read, listed) = both(text);
    assert_eq!(listed.len(), 2, "both listed");
    assert_eq!(listed[0].white(), "?");
    assert_eq!((listed[1].white(), listed[1].black()), ("?", "?"));
    assert_eq!(
        listed[1].result(),
        "1-0",
        "the result from the move text's end"
    );
    assert_eq!(read[1].result, "1-0");
    assert!(final_fen(&read[0]).is_ok());
    assert!(final_fen(&read[1]).is_ok());
}

#[test]
fn null_moves_are_passes() {
    let text = b"[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 -- 2. d4 Z0 3. Nf3 *\n";
    let (read, _) = both(text);
    let game = review_game(&read[0], 1_000_000, Duration::ZERO).expect("replayed");
    let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "--", "d4", "--", "Nf3"]);
    let fen = game.board.as_ref().expect("a board").fen();
    assert!(
        fen.starts_with("rnbqkbnr/pppppppp/8/8/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq - 2 3"),
        "{fen}"
    );
}

#[test]
fn coordinate_moves_replay() {
    let text = b"[White \"engine A\"]\n[Black \"engine B\"]\n[Result \"*\"]\n\n\
        1. g1f3 c7c5 2. e2e4 b8c6 3. f1b5 g8f6 4. e1g1 *\n";
    let (read, _) = both(text);
    let fen = final_fen(&read[0]).expect("replayed");
    assert!(fen.contains("RNBQ1RK1"), "castled: {fen}");
}

#[test]
fn latin1_and_windows_1252_names_read_as_written() {
    let mut text = b"[White \"Andr\xe9 Sch\xf6n\"]\n[Black \"\x80 M\xfcller\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n".to_vec();
    let (read, listed) = both(&text);
    assert_eq!(read[0].white, "André Schön");
    assert_eq!(read[0].black, "€ Müller");
    assert_eq!(listed[0].white(), "André Schön");
    // UTF-8 (with a BOM) as written.
    text = "\u{feff}[White \"Jöns\"]\n[Black \"Ülle\"]\n[Result \"*\"]\n\n1. d4 *\n"
        .as_bytes()
        .to_vec();
    let (read, _) = both(&text);
    assert_eq!(
        (read[0].white.as_str(), read[0].black.as_str()),
        ("Jöns", "Ülle")
    );
}

#[test]
fn the_variants_no_fics_plays_replay_from_their_own_starts() {
    let cases: [(&str, &str, &str); 4] = [
        (
            "Horde",
            "1. e5 d6 2. exd6 cxd6 *",
            "rnbqkbnr/pp2pppp/3p4/1PP2PP1/",
        ),
        (
            "King of the Hill",
            "1. e4 e5 2. Ke2 Ke7 3. Kd3 d6 4. Kc4 Kd7 5. Kd5 *",
            "rnbq1bnr/pppk1ppp/3p4/3Kp3/",
        ),
        (
            "Three-check",
            "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *",
            "r1bq1bnr/pppp1kpp/2n5/",
        ),
        ("Racing Kings", "1. Kh3 Ka3 *", "8/8/8/8/8/k6K/"),
    ];
    for (variant, moves, fen_start) in cases {
        let text = format!(
            "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"{variant}\"]\n\n{moves}\n"
        );
        let (read, listed) = both(text.as_bytes());
        assert_eq!(listed.len(), 1, "{variant}: listed");
        let fen = final_fen(&read[0]).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert!(fen.starts_with(fen_start), "{variant}: {fen}");
    }
}

#[test]
fn a_variant_kibitz_cannot_replay_is_listed_and_says_so() {
    let text = b"[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"Shogi\"]\n\n1. P7g7f *\n";
    let (read, listed) = both(text);
    assert_eq!(listed.len(), 1, "listed, never dropped");
    assert_eq!(
        final_fen(&read[0]).expect_err("not replayed"),
        "Kibitz cannot replay shogi games"
    );
}

#[test]
fn a_game_broken_halfway_keeps_the_games_around_it_and_says_where() {
    let text = b"[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n\
        [White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke4 Nc6 *\n\n\
        [White \"E\"]\n[Black \"F\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let (read, listed) = both(text);
    assert_eq!(listed.len(), 3);
    assert!(final_fen(&read[0]).is_ok());
    let why = final_fen(&read[1]).expect_err("a move that is not legal");
    assert_eq!(why, "move 2 (Ke4) is not legal there");
    assert!(final_fen(&read[2]).is_ok());
}

#[test]
fn text_that_is_not_pgn_is_no_games_and_never_a_panic() {
    for text in [
        &b""[..],
        b"\x00\xff\xfe garbage",
        b"This is a letter, not a game.\nRegards\n",
        b"[[[[[[[[[[[[",
        b"{ an unclosed comment",
        b"( ( ( ( (",
    ] {
        let (read, listed) = both(text);
        assert!(
            read.iter()
                .all(|g| final_fen(g).is_ok() || final_fen(g).is_err()),
            "opening never panics"
        );
        let _ = listed;
    }
    let (read, _) = both(b"This is a letter, not a game.\nRegards\n");
    assert!(read.is_empty(), "{read:?}");
}

/// A Python with python-chess, where one is installed.
fn python_chess() -> Option<&'static str> {
    ["python3", "/usr/bin/python3"].into_iter().find(|python| {
        std::process::Command::new(python)
            .args(["-c", "import chess.pgn, chess.variant"])
            .output()
            .is_ok_and(|out| out.status.success())
    })
}

/// What python-chess reads of a PGN: its errors, the final board's
/// placement and side to move.
const READ_BACK: &str = "import sys, chess.pgn\n\
game = chess.pgn.read_game(sys.stdin)\n\
board = game.end().board()\n\
print(len(game.errors), board.board_fen(), 'w' if board.turn else 'b', len(list(game.mainline_moves())))\n";

/// Every variant Kibitz archives that python-chess knows is written so
/// that python-chess reads it back to the same position (losers and the
/// wilds with kings on the d-file are FICS's own: no reader knows them).
#[test]
fn every_archived_variant_reads_back_in_python_chess() {
    let Some(python) = python_chess() else {
        eprintln!("python-chess is not installed: the read-back is not checked here");
        return;
    };
    let cases: [(&str, Option<&str>, &str); 9] = [
        ("", None, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O"),
        (
            "Crazyhouse",
            None,
            "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 Qxb4",
        ),
        ("Suicide", None, "1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6"),
        ("Atomic", None, "1. Nf3 d5 2. Ne5 f6 3. Nxd7"),
        (
            "Chess960",
            Some("nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w GBgb - 0 1"),
            "1. d4 d5 2. Bf4 Bf5 3. Qd2 Qd7 4. O-O-O O-O-O",
        ),
        ("King of the Hill", None, "1. e4 e5 2. Ke2 Ke7"),
        ("Three-check", None, "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7"),
        ("Horde", None, "1. e5 d6 2. exd6 cxd6"),
        ("Racing Kings", None, "1. Kh3 Ka3"),
    ];
    for (variant, fen, moves) in cases {
        let mut tags =
            format!("[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"{variant}\"]\n");
        if let Some(fen) = fen {
            tags.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
        }
        let text = format!("{tags}\n{moves} *\n");
        let read = read_pgn(text.as_bytes(), Path::new("x.pgn"));
        let mut game = review_game(&read[0], 1_000_000, Duration::ZERO)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        // As Kibitz archives a game of its own (its tags, not the file's).
        game.tags.clear();
        let written = kibitz::archive::pgn(&game, "127.0.0.1", kibitz::archive::UtcTime::now());
        let mut child = std::process::Command::new(python)
            .args(["-c", READ_BACK])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python");
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(written.as_bytes())
            .expect("write");
        let out = child.wait_with_output().expect("python ran");
        let said = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        let fen = game.board.as_ref().expect("a board").fen();
        let mut ours = fen.split_whitespace();
        let placement = ours.next().unwrap_or("").split('[').next().unwrap_or("");
        let turn = ours.next().unwrap_or("");
        let plies = game.moves.len();
        assert_eq!(
            said,
            format!("0 {placement} {turn} {plies}"),
            "{variant}: python-chess read\n{written}"
        );
    }
}

/// A game listed from a file opens again from it, named or not (a tester's
/// antichess export with a Result tag and no White said "its file changed
/// since it was listed").
#[test]
fn a_listed_game_without_a_name_opens_from_its_file() {
    let dir = std::env::temp_dir().join(format!("kibitz-pgn-unnamed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("anti.pgn");
    std::fs::write(
        &file,
        "[Variant \"Antichess\"]\n[Black \"anti_b\"]\n[Result \"*\"]\n\n1. e3 b5 2. Bxb5 *\n\n\
         [White \"OnlyWhite\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n",
    )
    .expect("write");
    let listed: Vec<ListedGame> = kibitz::archive::read::list_file(&file)
        .iter()
        .map(ListedGame::of)
        .collect();
    assert_eq!(listed.len(), 2);
    assert_eq!((listed[0].white(), listed[0].black()), ("?", "anti_b"));
    for game in &listed {
        let whole = kibitz::archive::read::with_moves(game).expect("opened from its file");
        assert!(final_fen(&whole).is_ok());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_letter_that_names_a_move_is_no_game() {
    let (_, listed) =
        both(b"Dear Anna,\n\nI think 1. e4 might be a good move for you.\n\nRegards\n");
    assert!(listed.is_empty(), "no game listed");
    // A movetext pasted alone (no tags, no end) is one.
    let pasted = kibitz::archive::read::pasted_game("1. e4 e5 2. Nf3").expect("a game");
    assert_eq!(pasted.sans, ["e4", "e5", "Nf3"]);
}

/// A game copied out is PGN every reader takes: the seven tags (a study's
/// positions had only Event, SetUp and FEN), no FEN for a drop game from
/// the usual start.
#[test]
fn a_copied_game_has_the_seven_tags_and_no_needless_fen() {
    let text =
        b"[Event \"Study 1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n*\n";
    let (read, _) = both(text);
    let game = review_game(&read[0], 1_000_000, Duration::ZERO).expect("opened");
    let copied = kibitz::archive::pgn(&game, "", kibitz::archive::UtcTime::now());
    for tag in [
        "[Event \"Study 1\"]",
        "[Site ",
        "[Date ",
        "[Round ",
        "[White \"?\"]",
        "[Black \"?\"]",
        "[Result \"*\"]",
        "[FEN \"4k3/",
    ] {
        assert!(copied.contains(tag), "{tag} in\n{copied}");
    }
    let zh = b"[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 *\n";
    let (read, _) = both(zh);
    let mut game = review_game(&read[0], 1_000_000, Duration::ZERO).expect("opened");
    game.tags.clear();
    let written = kibitz::archive::pgn(&game, "", kibitz::archive::UtcTime::now());
    assert!(!written.contains("[FEN"), "{written}");
}

/// A file with more games than a list holds says how many were listed.
#[test]
fn a_file_past_the_lists_bounds_says_so() {
    let dir = std::env::temp_dir().join(format!("kibitz-pgn-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let file = dir.join("big.pgn");
    let game = "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n";
    std::fs::write(&file, game.repeat(10_050)).expect("write");
    let listed = kibitz::archive::read::list_file(&file);
    assert_eq!(listed.len(), 10_000);
    let note = kibitz::archive::read::listing_note(&file, listed.len()).expect("a note");
    assert!(
        note.starts_with("Listed the first 10000 games of big.pgn"),
        "{note}"
    );
    assert_eq!(kibitz::archive::read::listing_note(&file, 12), None);
    let _ = std::fs::remove_dir_all(&dir);
}
