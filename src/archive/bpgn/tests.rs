use std::path::Path;
use std::time::Duration;

use super::*;
use crate::archive::replay::review_bughouse;
use crate::game::clock::Now;
use crate::game::{Outcome, Ply};
use crate::protocol::game_type::GameType;
use crate::protocol::message::EndReason;
use shakmaty::Setup;

/// A board of a 3 0 bughouse game: its players and (move, seconds taken).
fn board(number: u32, white: &str, black: &str, moves: &[(&str, u64)]) -> Game {
    let mut game = Game::new(number, Now::ZERO);
    game.players.white.handle = white.into();
    game.players.white.rating = Some("1800".into());
    game.players.black.handle = black.into();
    game.players.black.rating = Some("----".into());
    game.kind = Some(GameType::Bughouse);
    game.rated = Some(true);
    game.initial_time_min = 3;
    game.start = Some(Setup::initial());
    game.moves = moves
        .iter()
        .map(|(san, s)| Ply {
            san: (*san).into(),
            time_taken_ms: Some(s * 1000),
            position: None,
            seen: None,
        })
        .collect();
    game
}

fn ended(game: &mut Game, result: GameResult, text: &str, at_s: u64) {
    game.end(
        Outcome {
            result,
            reason: EndReason::Other,
            text: text.into(),
            seen: true,
        },
        Duration::from_secs(at_s),
    );
}

/// Board A: 1. e4 d5 2. exd5 (White takes a pawn: its partner, Black on
/// board B, gets it); board B: 1. Nf3 P@e6 (that pawn dropped).
fn two_boards() -> [Game; 2] {
    let mut a = board(12, "KibUser", "BotA", &[("e4", 1), ("d5", 3), ("exd5", 2)]);
    let mut b = board(13, "BotD", "BotC", &[("Nf3", 2), ("P@e6", 5)]);
    // Board B's Black is flagged first: its end decides (for White B, the
    // team of board A's Black).
    ended(&mut b, GameResult::WhiteWins, "BotC forfeits on time", 60);
    ended(&mut a, GameResult::BlackWins, "Partners' game ended", 61);
    [a, b]
}

#[test]
fn both_boards_in_one_record_in_the_order_played() {
    let [a, b] = two_boards();
    let text = bpgn(
        [&a, &b],
        "127.0.0.1:5000",
        UtcTime::from_unix(1_795_372_987),
    );
    for tag in [
        "[Event \"127.0.0.1 rated bughouse game\"]",
        "[WhiteA \"KibUser\"]",
        "[WhiteAElo \"1800\"]",
        "[BlackA \"BotA\"]",
        "[WhiteB \"BotD\"]",
        "[BlackB \"BotC\"]",
        "[Result \"0-1\"]",
        "[TimeControl \"180+0\"]",
        "[Variant \"Bughouse\"]",
        "[Reason \"BotC forfeits on time\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(text.contains(tag), "{tag} in\n{text}");
    }
    assert!(!text.contains("BlackAElo"), "no rating, no tag");
    assert!(!text.contains("[FEN"), "the usual start");
    // Board A at 1 s, 4 s, 6 s; board B at 2 s, 7 s. (Lines wrap under
    // 80 columns.)
    assert!(text.lines().all(|line| line.len() < 80));
    let text = text.replace('\n', " ");
    assert!(
        text.contains(
            "1A. e4 {179.000} 1B. Nf3 {178.000} 1a. d5 {177.000} 2A. exd5 {177.000} \
             1b. P@e6 {175.000} {BotC forfeits on time} 0-1"
        ),
        "{text}"
    );
}

#[test]
fn a_record_read_back_replays_both_boards_passing_the_pieces() {
    let [a, b] = two_boards();
    let text = bpgn([&a, &b], "fics", UtcTime::from_unix(1_795_372_987));
    let games = read_bpgn(text.as_bytes(), Path::new("2026-11.bpgn"));
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(
        (game.white.as_str(), game.black.as_str()),
        ("KibUser", "BotA")
    );
    assert_eq!(game.sans, ["e4", "d5", "exd5"]);
    assert_eq!(game.result, "0-1");
    assert_eq!(game.reason, "BotC forfeits on time");
    assert_eq!(game.kind(), "bughouse");
    let listed = crate::archive::listed::ListedGame::of(game);
    assert!(listed.matches("botc"), "board B's players are searched");
    let other = game.other_board.as_deref().expect("board B");
    assert_eq!(
        (other.white.as_str(), other.black.as_str()),
        ("BotD", "BotC")
    );
    assert_eq!(other.sans, ["Nf3", "P@e6"]);
    use Board::{A, B};
    assert_eq!(other.order, [A, B, A, A, B]);

    let ([ra, rb], timeline) = review_bughouse(game, [7, 8], Now::ZERO).expect("replayed");
    assert_eq!(timeline.len(), 5);
    assert_eq!((ra.partner, rb.partner), (Some(8), Some(7)));
    // The pawn White took on A went to Black on B (who dropped it), not
    // into White's own hand.
    let a_pockets = ra.board.as_deref().unwrap().setup.pockets.unwrap();
    assert_eq!(a_pockets.white.pawn, 0);
    let b_board = rb.board.as_deref().unwrap();
    assert_eq!(
        b_board.setup.board.piece_at(shakmaty::Square::E6),
        Some(shakmaty::Piece {
            color: shakmaty::Color::Black,
            role: shakmaty::Role::Pawn
        })
    );
    assert!(b_board.flip, "board B seen from its Black side");
    assert_eq!(rb.moves[1].san, "P@e6", "a pawn drop as FICS writes it");
    // Board B's hand step by step: the pawn arrives with exd5 (step 4)
    // and leaves with the drop (step 5).
    let black_pawns = |step: usize| timeline.pockets_at(step, B).map(|p| p.black.pawn);
    assert_eq!(
        (black_pawns(3), black_pawns(4), black_pawns(5)),
        (Some(0), Some(1), Some(0))
    );
    assert_eq!(
        (
            ra.outcome.as_ref().unwrap().result,
            rb.outcome.as_ref().unwrap().result
        ),
        (GameResult::BlackWins, GameResult::WhiteWins)
    );
}

#[test]
fn a_drop_of_a_piece_nobody_passed_is_refused_with_its_place() {
    let text = "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n\n\
                1A. e4 1a. N@f6 *";
    let games = read_bpgn(text.as_bytes(), Path::new("x.bpgn"));
    let error = review_bughouse(&games[0], [1, 2], Now::ZERO).unwrap_err();
    assert!(error.contains("1a (N@f6)"), "{error}");
}

#[test]
fn the_databases_layout_reads() {
    // Two tags a line, clocks glued to the moves, a note, CRLF, a
    // variation, two games.
    let text = "[Event \"FICS rated bughouse game\"]\r\n[Date \"2016.01.02\"]\r\n\
        [WhiteA \"alice\"][WhiteAElo \"2100\"]\r\n[BlackA \"bob\"][BlackAElo \"2050\"]\r\n\
        [WhiteB \"carol\"][WhiteBElo \"2000\"]\r\n[BlackB \"dave\"][BlackBElo \"1900\"]\r\n\
        [Result \"1-0\"]\r\n\r\n{C:This is game number 100}\r\n\
        1A. e4{299.000} 1B. d4{295.000} 1a. e5{299.000} (1a. c5) 1b. d5{298.000} \
        2A.Nf3{295.000}\r\n{bob resigns} 1-0\r\n\r\n\
        [WhiteA \"eve\"][BlackA \"mallory\"][WhiteB \"x\"][BlackB \"y\"]\r\n\r\n1A. d4 *\r\n";
    assert!(is_bpgn(text.as_bytes()));
    let games = read_bpgn(text.as_bytes(), Path::new("db.bpgn"));
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.white_elo, "2100");
    assert_eq!(first.sans, ["e4", "e5", "Nf3"]);
    assert_eq!(first.reason, "bob resigns");
    assert_eq!(first.date, "2016.01.02");
    let other = first.other_board.as_deref().unwrap();
    assert_eq!(
        (other.black.as_str(), other.black_elo.as_str()),
        ("dave", "1900")
    );
    assert_eq!(other.sans, ["d4", "d5"]);
    assert_eq!(games[1].white, "eve");
    assert_eq!(games[1].index, 1);
    review_bughouse(first, [1, 2], Now::ZERO).expect("replayed");
}

#[test]
fn anything_else_reads_as_nothing_without_a_panic() {
    for text in [
        &b""[..],
        b"[WhiteA \"unterminated",
        b"[WhiteA \"a\"] {never closed",
        b"1A. 1B. 2a. ((((( ))) [ ] [X] 1A.",
        b"\xff\xfe[BlackA \"\xc3\x28\"] 9999999999999999999999A. e4",
        b"]]]]}}}}{{{{[[[[",
    ] {
        let games = read_bpgn(text, Path::new("x.bpgn"));
        for game in &games {
            let _ = review_bughouse(game, [1, 2], Now::ZERO);
        }
    }
    assert!(!is_bpgn(b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 *"));
}

#[test]
fn a_start_that_is_not_chess_goes_in_one_fen_for_both_boards() {
    let [mut a, b] = two_boards();
    let fen: shakmaty::fen::Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        .parse()
        .unwrap();
    a.start = Some(fen.into_setup());
    a.start_ply = 1;
    a.moves.remove(0);
    let text = bpgn([&a, &b], "fics", UtcTime::from_unix(0));
    assert!(
        text.contains(
            "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"
        ),
        "{text}"
    );
    // Board A's history begins with Black's move: `1a.`, and no clocks
    // (the time before it is unknown).
    assert!(text.contains("1a. d5 "), "{text}");
    assert!(!text.contains("1a. d5 {"), "{text}");
}

proptest::proptest! {
    /// Any text at all (a file dropped on the window is anyone's): read
    /// and replayed without a panic.
    #[test]
    fn any_text_reads_without_a_panic(text in "(\\[WhiteA \"[a-z]{0,3}\"\\]|[0-9]{1,3}[AaBb]\\.|[{}()\\[\\];%\" a-zA-Z0-9@+#=x.\\-\r\n]){0,60}") {
        for game in read_bpgn(text.as_bytes(), Path::new("x.bpgn")) {
            let _ = review_bughouse(&game, [1, 2], Now::ZERO);
        }
    }
}

#[test]
fn stray_brackets_are_read_in_one_pass() {
    // A tag is looked for on its own line: 100,000 stray `["` on one line
    // are not 100,000 searches to the end of the file.
    let text = format!("[WhiteA \"x\"]\n{}\n1A. e4 *", "[\"".repeat(100_000));
    let games = read_bpgn(text.as_bytes(), Path::new("x.bpgn"));
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].sans, ["e4"]);
}

#[test]
fn a_drop_recorded_before_the_capture_that_passed_it_is_played_after() {
    // Whole-second clocks put board B's drop before board A's capture.
    let text = "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n\n\
                1A. e4 1a. d5 1B. Nf3 1b. P@e6 2A. exd5 *";
    let games = read_bpgn(text.as_bytes(), Path::new("x.bpgn"));
    let ([_, b], timeline) = review_bughouse(&games[0], [1, 2], Now::ZERO).expect("replayed");
    assert_eq!(b.moves[1].san, "P@e6");
    use Board::{A, B};
    assert_eq!(
        timeline.order(),
        [A, A, B, A, B],
        "the drop after the capture"
    );
    // A drop no capture ever passed is still refused.
    let text = "[WhiteA \"a\"][BlackA \"b\"][WhiteB \"c\"][BlackB \"d\"]\n\n\
                1A. e4 1a. d5 1B. Nf3 1b. P@e6 2A. Nf3 *";
    let games = read_bpgn(text.as_bytes(), Path::new("x.bpgn"));
    assert!(review_bughouse(&games[0], [1, 2], Now::ZERO).is_err());
}
