//! Every real-server transcript decodes completely and correctly.

use crate::common;

use std::collections::HashMap;

use kibitz::protocol::event::Event;
use kibitz::protocol::holdings::Holdings;
use kibitz::protocol::message::Message;
use kibitz::protocol::style12::Style12;
use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::variant::Crazyhouse;
use shakmaty::{CastlingMode, Chess, EnPassantMode, FromSetup, Position, Role, Setup};

/// Lines of the raw stream that start (after prompts) with `prefix`.
fn raw_lines_starting(bytes: &[u8], prefix: &str) -> Vec<String> {
    String::from_utf8_lossy(bytes)
        .split('\n')
        .map(|l| {
            let mut l = l.trim_matches(['\r', '\0']);
            while let Some(rest) = l.strip_prefix("fics% ") {
                l = rest;
            }
            l.trim_start_matches("[G]\0").to_owned()
        })
        .filter(|l| l.starts_with(prefix))
        .collect()
}

#[test]
fn every_board_and_game_end_is_decoded() {
    for path in common::transcripts() {
        let bytes = common::read(&path);
        let events = common::decode(&bytes);
        let name = path.display();
        let unparsed: Vec<_> = events
            .iter()
            .filter(|e| matches!(e, Event::Unparsed { .. } | Event::LineCut { .. }))
            .collect();
        // Bughouse's old server truncates long <b1> lines: those are read as
        // truncated holdings, not failures. Nothing else may fail.
        assert!(unparsed.is_empty(), "{name}: {unparsed:?}");

        let boards = events
            .iter()
            .filter(|e| matches!(e, Event::Board(_)))
            .count();
        let raw_boards = raw_lines_starting(&bytes, "<12>").len();
        assert_eq!(boards, raw_boards, "{name}: boards");

        let ends: Vec<(u32, String)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Message(Message::GameEnd(end)) => {
                    Some((end.game, end.result.as_str().to_owned()))
                }
                _ => None,
            })
            .collect();
        let raw_ends: Vec<(u32, String)> = raw_lines_starting(&bytes, "{Game ")
            .into_iter()
            .filter_map(|l| {
                let result = l.rsplit_once("} ")?.1.trim().to_owned();
                let game = l.strip_prefix("{Game ")?.split(' ').next()?.parse().ok()?;
                Some((game, result))
            })
            .collect();
        assert_eq!(ends, raw_ends, "{name}: game ends");
    }
}

#[test]
fn known_counts_and_results() {
    let cases = [
        ("real-server/observe-live-games.bin", 144, vec![]),
        ("modern-server/observe-live-games.bin", 96, vec![]),
        ("real-server/own-game-white.bin", 53, vec!["0-1"]),
        ("extra-old/many-games-observer.bin", 717, vec![]),
        ("real-server/end-resign-white.bin", 8, vec!["1-0"]),
        ("real-server/end-checkmate-white.bin", 8, vec!["1-0"]),
        ("real-server/end-flag-white.bin", 5, vec!["0-1"]),
        ("real-server/end-draw-white.bin", 7, vec!["1/2-1/2"]),
        ("real-server/end-abort-white.bin", 5, vec!["*"]),
        // The disconnecting side's file simply stops: no end line.
        ("real-server/end-disconnect-white.bin", 5, vec![]),
        ("modern-server/own-game-white.bin", 8, vec!["1-0"]),
        ("modern-server/end-autoflag-white.bin", 3, vec!["0-1"]),
        ("modern-server/crazyhouse-white.bin", 40, vec!["1-0"]),
    ];
    for (file, boards, results) in cases {
        let events = common::decode(&common::read(&common::fixtures_dir().join(file)));
        let got_boards = events
            .iter()
            .filter(|e| matches!(e, Event::Board(_)))
            .count();
        assert_eq!(got_boards, boards, "{file}");
        let got: Vec<&str> = events
            .iter()
            .filter_map(|e| match e {
                Event::Message(Message::GameEnd(end)) => Some(end.result.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(got, results, "{file}");
    }
}

/// The position reached by playing `san` after `previous`, as a FEN.
fn replay(previous: &Style12, holdings: Option<&Holdings>, san: &str) -> Option<String> {
    let san: San = san.trim_end_matches(['+', '#']).parse().ok()?;
    let mut setup: Setup = previous.setup();
    if let Some(h) = holdings {
        let mut pockets = shakmaty::ByColor::<shakmaty::ByRole<u8>>::default();
        for (color, counts) in [
            (shakmaty::Color::White, &h.white_counts),
            (shakmaty::Color::Black, &h.black_counts),
        ] {
            let pocket = pockets.get_mut(color);
            pocket.pawn = counts.pawn;
            pocket.knight = counts.knight;
            pocket.bishop = counts.bishop;
            pocket.rook = counts.rook;
            pocket.queen = counts.queen;
        }
        setup.pockets = Some(pockets);
        let mut pos = Crazyhouse::from_setup(setup, CastlingMode::Chess960)
            .or_else(shakmaty::PositionError::ignore_too_much_material)
            .ok()?;
        let m = san.to_move(&pos).ok()?;
        pos.play_unchecked(m);
        let mut after = pos.to_setup(EnPassantMode::Legal);
        after.pockets = None;
        after.promoted = shakmaty::Bitboard::EMPTY;
        return Some(
            Fen::try_from_setup(after)
                .unwrap_or_else(|e| e.ignore())
                .to_string(),
        );
    }
    let mut pos = Chess::from_setup(setup, CastlingMode::Chess960).ok()?;
    let m = san.to_move(&pos).ok()?;
    pos.play_unchecked(m);
    Some(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
}

/// Board, turn, castling and en passant: the FEN fields that do not depend
/// on how a server counts moves in variants.
fn position_fields(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_board_matches_the_replayed_san() {
    let mut checked = 0;
    for path in common::transcripts() {
        let events = common::decode(&common::read(&path));
        let mut last: HashMap<u32, Style12> = HashMap::new();
        let mut holdings: HashMap<u32, Holdings> = HashMap::new();
        for event in events {
            match event {
                Event::Holdings(h) => {
                    holdings.insert(h.game, h);
                }
                Event::Board(board) => {
                    let board = *board;
                    if let Some(previous) = last.get(&board.game) {
                        let next_ply = board.ply() == previous.ply() + 1;
                        if let (true, Some(san)) = (next_ply, board.last_san.as_deref()) {
                            let pocket = holdings.get(&board.game);
                            let replayed = replay(previous, pocket, san).unwrap_or_else(|| {
                                panic!("{}: cannot play {san} after {previous}", path.display())
                            });
                            if pocket.is_some() {
                                assert_eq!(
                                    position_fields(&replayed),
                                    position_fields(&board.fen()),
                                    "{}: {board}",
                                    path.display()
                                );
                            } else {
                                assert_eq!(replayed, board.fen(), "{}: {board}", path.display());
                            }
                            checked += 1;
                        }
                    }
                    last.insert(board.game, board);
                }
                _ => {}
            }
        }
    }
    assert!(checked > 1500, "only {checked} boards were checked");
}

#[test]
fn promotions_and_drops_in_verbose_moves() {
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("real-server/own-game-white.bin"),
    ));
    let last = events
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Board(b) => Some(b),
            _ => None,
        })
        .expect("a board");
    assert_eq!(last.last_san.as_deref(), Some("d1=Q+"));
    assert!(
        last.board
            .piece_at(shakmaty::Square::D1)
            .is_some_and(|p| p.role == Role::Queen)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any chunking of any transcript gives the same events.
    #[test]
    fn chunking_never_changes_events(
        file in 0usize..64,
        sizes in prop::collection::vec(1usize..300, 1..20),
    ) {
        let files = common::transcripts();
        let path = &files[file % files.len()];
        let bytes = common::read(path);
        let whole = common::decode(&bytes);
        prop_assert_eq!(common::decode_chunked(&bytes, &sizes), whole);
    }
}

#[test]
fn one_byte_chunks_give_the_same_events() {
    for path in common::transcripts() {
        let bytes = common::read(&path);
        assert_eq!(
            common::decode_chunked(&bytes, &[1]),
            common::decode(&bytes),
            "{}",
            path.display()
        );
    }
}

/// `kibitz decode` on a `games` list as freechess.org writes it while it
/// relays a tournament (the formats other clients' test suites keep): long
/// games, whose base time runs into the type letters and whose clocks of
/// an hour or more run into the dash, are entries like any other.
#[test]
fn decode_reads_a_long_games_list() {
    let listing = "\n\r\
 12  978 hadamar      923 Johnnyp    [ br  5   0]   4:59 -  5:00 (39-39) W:  2\n\r\
 88 ++++ GuestABCD   1711 Bravo      [ su165   0]  45:00 - 1:02:03 (39-39) B:  2\n\r\
103 2586 GMNakamura  2654 GMCarlsen  [ sr120   0] 1:19:56 -1:13:34 (39-39) W: 21\n\r\
104 2701 GMCaruana   2690 GMSo       [psr120  30] 1:45:10 -1:59:59 (38-39) B: 17\n\r\
\n\r  4 games displayed (of 212 in progress).\n\rfics% ";
    let records = decode_text("decode-long-games", listing);
    let entries: Vec<&serde_json::Value> = records
        .iter()
        .filter(|r| r["type"] == "games_entry")
        .collect();
    let games: Vec<u64> = entries.iter().filter_map(|e| e["game"].as_u64()).collect();
    assert_eq!(games, [12, 88, 103, 104], "{records:#?}");
    assert_eq!(entries[2]["time_min"], 120);
    assert_eq!(entries[2]["white_clock_s"], 4796);
    assert_eq!(entries[2]["black_clock_s"], 4414);
    assert_eq!(entries[3]["private"], true);
    assert_eq!(entries[3]["increment_s"], 30);
    assert_eq!(
        entries[0]["white_rating"],
        serde_json::json!({"known": {"value": 978, "marker": "established"}})
    );
    assert!(
        records
            .iter()
            .any(|r| r["type"] == "games_end" && r["in_progress"] == 212)
    );
}

/// `kibitz decode` on the replies to a player's own commands: each line a
/// `text` record, then its typed record.
#[test]
fn decode_types_the_replies_to_the_users_commands() {
    let replies = "BotA is not logged in.\n\rfics% \
That seek is not available.\n\rfics% \
You are already offering an identical match to BotB.\n\rfics% \
BotC is not open for bughouse.\n\rfics% \
Promotion piece set to KNIGHT.\n\rfics% \
\n\rBotD, whom you are following, has started a game with BotE.\n\rfics% \
There are no offers pending to other players.\n\r\n\r\
Offers from other players:\n\r\n\r  43: GuestWXFZ is offering a challenge: GuestWXFZ (----) Schoon ( 978) unrated blitz 5 0.\n\r\n\rfics% ";
    let records = decode_text("decode-notices", replies);
    let typed: Vec<&serde_json::Value> = records
        .iter()
        .filter(|r| !matches!(r["type"].as_str(), Some("text" | "prompt")))
        .collect();
    let types: Vec<&str> = typed.iter().filter_map(|r| r["type"].as_str()).collect();
    assert_eq!(
        types,
        [
            "not_online",
            "seek_gone",
            "identical_match",
            "not_open",
            "promotion_piece",
            "following",
            "pending",
            "pending",
            "pending"
        ],
        "{records:#?}"
    );
    assert_eq!(typed[0]["handle"], "BotA");
    assert_eq!(typed[4]["piece"], "knight");
    assert_eq!(typed[5]["news"]["opponent"], "BotE");
    assert_eq!(typed[8]["number"], 43);
    assert_eq!(typed[8]["player"], "GuestWXFZ");
    // Each typed record follows its line's text.
    let at = records
        .iter()
        .position(|r| r["type"] == "not_online")
        .expect("typed");
    assert_eq!(records[at - 1]["text"], "BotA is not logged in.");
}

/// `kibitz decode` of `text` written to a file: its NDJSON records.
fn decode_text(name: &str, text: &str) -> Vec<serde_json::Value> {
    let dir = common::TempDir::new(name);
    let path = dir.path().join("server.bin");
    std::fs::write(&path, text).expect("write");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kibitz"))
        .arg("decode")
        .arg(&path)
        .output()
        .expect("kibitz decode");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect()
}

/// `inchannel` and `messages` in both servers' words, as the captures
/// of the two local servers show them (`kibitz decode` types them).
#[test]
fn channel_members_and_messages_left_are_typed() {
    let text = "fics% Channel 50: BotA admin(*)\n\r2 people are in channel 50.\n\r\
fics% 50: KibUser TestUser\n\rThere are 2 players in channel 50.\n\r\
fics% There are 0 players in channel 4.\n\r\
fics% 12: chess is fun\n\rBotA(50): hi\n\r\
fics% You have 2 messages.\n\rfics% Messages:\n\r 1. TestUser at Thu Nov 26,  0:03 UTC: an offline note\n\r\
 2. TestUser at Thu Nov 26,  0:03 UTC: a second note\n\rfics% ";
    let records = decode_text("decode-inchannel", text);
    let members: Vec<&serde_json::Value> = records
        .iter()
        .filter(|r| r["type"] == "inchannel")
        .collect();
    assert_eq!(members.len(), 3, "{records:?}");
    assert_eq!(members[0]["members"], serde_json::json!(["BotA", "admin"]));
    assert_eq!(
        members[1]["members"],
        serde_json::json!(["KibUser", "TestUser"])
    );
    assert_eq!(members[2]["channel"], 4);
    assert_eq!(members[2]["members"], serde_json::json!([]));
    let messages: Vec<&serde_json::Value> =
        records.iter().filter(|r| r["type"] == "messages").collect();
    assert_eq!(messages.len(), 4, "waiting, header, two rows: {messages:?}");
    assert_eq!(messages[0]["messages"]["total"], 2);
    assert_eq!(messages[3]["messages"]["text"], "a second note");
}
