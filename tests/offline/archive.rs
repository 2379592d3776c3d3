//! Finished games go to the PGN archive, and the archive reads back.

use crate::common;

use std::ops::ControlFlow;
use std::time::Duration;

use kibitz::archive::{self, UtcTime};
use kibitz::game::{Change, Effect, GameStore};
use shakmaty::san::San;
use shakmaty::{Chess, Position};

fn finished_store(file: &str) -> (GameStore, u32) {
    let events = common::decode(&common::read(&common::fixtures_dir().join(file)));
    let mut store = GameStore::new();
    let mut ended = None;
    for event in &events {
        for effect in store.apply(Duration::ZERO, event) {
            if let Effect::Ended(n) = effect {
                ended = Some(n);
            }
        }
    }
    (store, ended.expect("a game ended"))
}

/// Reads the movetext of the first game of a PGN file back with shakmaty.
fn moves_of(pgn: &str) -> (Vec<(String, String)>, Vec<String>, String) {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let first_game = pgn.split("\n[Event ").next().unwrap_or(pgn);
    for line in first_game.lines() {
        if let Some(tag) = line.strip_prefix('[') {
            let (name, value) = tag.split_once(' ').expect("tag");
            tags.push((
                name.to_owned(),
                value.trim_end_matches(']').trim_matches('"').to_owned(),
            ));
        } else if !line.is_empty() {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    // Drop the comments (clocks, the end), then read tokens.
    let plain = without_comments(&movetext);
    let tokens: Vec<&str> = plain.split_whitespace().collect();
    let result = tokens.last().expect("result").to_string();
    let mut position = Chess::default();
    let mut sans = Vec::new();
    for token in &tokens[..tokens.len() - 1] {
        if token.ends_with('.') {
            continue;
        }
        let san: San = token
            .trim_end_matches(['+', '#'])
            .parse()
            .unwrap_or_else(|e| panic!("{token}: {e}"));
        let m = san.to_move(&position).expect("legal");
        position.play_unchecked(m);
        sans.push(token.trim_end_matches(['+', '#']).to_owned());
    }
    (tags, sans, result)
}

#[test]
fn own_game_archive_parses_back_to_the_same_moves() {
    let (store, number) = finished_store("real-server/own-game-white.bin");
    let game = store.get(number).expect("game");
    assert!(archive::worth_archiving(game));
    let dir = std::env::temp_dir().join(format!("kibitz-archive-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ended = UtcTime::from_unix(1_795_372_987);
    let path = archive::append(&dir, game, "127.0.0.1:5000", ended).expect("append");
    assert!(path.ends_with("games/2026-11.pgn"));
    // A second game appends, it does not overwrite.
    archive::append(&dir, game, "127.0.0.1:5000", ended).expect("append again");
    let text = std::fs::read_to_string(&path).expect("read");
    assert_eq!(text.matches("[Event ").count(), 2);

    let (tags, sans, result) = moves_of(&text);
    let expected: Vec<String> = game
        .san_moves()
        .into_iter()
        .map(|s| s.trim_end_matches(['+', '#']).to_owned())
        .collect();
    assert_eq!(sans, expected);
    assert_eq!(sans.len(), 52);
    assert_eq!(result, "0-1");
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(tag("White"), Some("BotG"));
    assert_eq!(tag("Black"), Some("BotH"));
    assert_eq!(tag("Site"), Some("127.0.0.1:5000"));
    assert_eq!(tag("GameNumber"), Some("1"));
    assert_eq!(tag("TimeControl"), Some("300+0"));
    assert_eq!(tag("Result"), Some("0-1"));
    assert_eq!(tag("Termination"), Some("normal"));
    assert_eq!(tag("Reason"), Some("BotG checkmated"));
    assert_eq!(tag("Date"), Some("2026.11.22"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_aborted_game_without_moves_is_not_archived_but_one_with_moves_is() {
    let (store, number) = finished_store("real-server/end-abort-white.bin");
    let game = store.get(number).expect("game");
    // Four plies were played before the abort.
    assert_eq!(game.moves.len(), 4);
    assert!(archive::worth_archiving(game));
    let text = archive::pgn(game, "fics", UtcTime::from_unix(0));
    assert!(text.contains("[Result \"*\"]"));
    assert!(text.contains("[Termination \"unterminated\"]"));
    assert!(text.trim_end().ends_with('*'));
}

/// The movetext without its comments and the move numbers that repeat
/// after them (`1...`): `1. Nf3 Nf6 2. Ng1`.
fn without_comments(movetext: &str) -> String {
    let mut plain = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|word| !word.ends_with("..."))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_late_joined_game_records_its_start_position() {
    let (store, number) = finished_store("extra-old/draw-repetition-white.bin");
    let game = store.get(number).expect("game");
    let text = archive::pgn(game, "fics", UtcTime::from_unix(0));
    // A full game from the start needs no FEN tag.
    assert!(!text.contains("[FEN "), "{text}");
    assert!(
        without_comments(&text).contains("1. Nf3 Nf6 2. Ng1 Ng8"),
        "{text}"
    );
    // Each move with the clock after it and the time it took.
    assert!(
        text.contains("1. Nf3 {[%clk 0:02:59] [%emt 0:00:01]}"),
        "{text}"
    );
}

/// What pgn-reader (the PGN reader of the shakmaty family) reads back.
#[derive(Default)]
struct ReadBack {
    tags: Vec<(String, String)>,
    sans: Vec<String>,
    comments: Vec<String>,
    outcome: String,
}

struct Collect;

impl pgn_reader::Visitor for Collect {
    type Tags = ReadBack;
    type Movetext = ReadBack;
    type Output = ReadBack;

    fn begin_tags(&mut self) -> ControlFlow<ReadBack, ReadBack> {
        ControlFlow::Continue(ReadBack::default())
    }

    fn tag(
        &mut self,
        tags: &mut ReadBack,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<ReadBack> {
        tags.tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: ReadBack) -> ControlFlow<ReadBack, ReadBack> {
        ControlFlow::Continue(tags)
    }

    fn san(&mut self, game: &mut ReadBack, san: pgn_reader::SanPlus) -> ControlFlow<ReadBack> {
        game.sans.push(san.to_string());
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        game: &mut ReadBack,
        comment: pgn_reader::RawComment<'_>,
    ) -> ControlFlow<ReadBack> {
        game.comments.push(
            String::from_utf8_lossy(comment.as_bytes())
                .trim()
                .to_owned(),
        );
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut ReadBack,
        outcome: pgn_reader::Outcome,
    ) -> ControlFlow<ReadBack> {
        game.outcome = outcome.to_string();
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: ReadBack) -> ReadBack {
        game
    }
}

fn read_back(pgn: &str) -> ReadBack {
    let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(pgn.as_bytes()));
    reader
        .read_game(&mut Collect)
        .expect("read")
        .expect("a game")
}

/// The headers players and tools expect (what FICS itself writes), read
/// back with pgn-reader and compared field by field.
#[test]
fn pgn_headers_read_back_field_by_field() {
    let (store, number) = finished_store("modern-server/own-game-white.bin");
    let game = store.get(number).expect("game");
    // The game lasted ten minutes and ended at 2026-11-22 18:43:07 UTC:
    // the PGN says when it began.
    let mut game = game.clone();
    game.ended = Some(game.began + Duration::from_secs(600));
    let game = &game;
    let ended = UtcTime::from_unix(1_795_372_987);
    let pgn = archive::pgn(game, "freechess.org:5000", ended);
    let back = read_back(&pgn);
    let expected = [
        ("Event", "FICS rated blitz game"),
        ("Site", "freechess.org:5000"),
        ("Date", "2026.11.22"),
        ("Round", "-"),
        ("White", "BotA"),
        ("Black", "BotB"),
        ("Result", "1-0"),
        ("WhiteElo", "1720"),
        ("BlackElo", "1720"),
        ("TimeControl", "180+2"),
        ("GameNumber", "1"),
        ("UTCDate", "2026.11.22"),
        ("UTCTime", "18:33:07"),
        ("Termination", "normal"),
        ("Reason", "BotB checkmated"),
        // Kibitz's own list names the opening the game reached.
        ("ECO", "C23"),
        ("Opening", "Bishop's Opening"),
    ];
    let tags: Vec<(&str, &str)> = back
        .tags
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(tags, expected);
    // The clocks and move times, then the end in words.
    let (clocks, words): (Vec<&String>, Vec<&String>) =
        back.comments.iter().partition(|c| c.starts_with("[%clk"));
    assert_eq!(words, ["BotB checkmated"]);
    assert_eq!(clocks.len(), back.sans.len(), "{clocks:?}");
    assert!(clocks.iter().all(|c| c.contains("[%emt ")), "{clocks:?}");
    assert_eq!(back.outcome, "1-0");
    assert_eq!(back.sans, game.san_moves());

    // Elsewhere the host names the event.
    let local = read_back(&archive::pgn(game, "127.0.0.1:5003", ended));
    assert_eq!(local.tags[0].1, "127.0.0.1 rated blitz game");
}

/// A crazyhouse game says so (Variant), and its event names the type.
#[test]
fn a_variant_game_has_its_variant_tag() {
    let (store, number) = finished_store("modern-server/crazyhouse-white.bin");
    let game = store.get(number).expect("game");
    let back = read_back(&archive::pgn(game, "freechess.org", UtcTime::from_unix(0)));
    let tag = |name: &str| {
        back.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    assert_eq!(
        tag("Event").as_deref(),
        Some("FICS unrated crazyhouse game")
    );
    assert_eq!(tag("Variant").as_deref(), Some("Crazyhouse"));
    assert_eq!(back.sans, game.san_moves());
}

/// The store after `lines` (whole server lines) at time zero.
fn store_after(lines: &[&str]) -> GameStore {
    let mut store = GameStore::new();
    for line in lines {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            store.apply(Duration::ZERO, &event);
        }
    }
    store
}

const WATCHED: [&str; 3] = [
    "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 12 BotA BotB 0 5 0 39 39 300 300 1 none (0:00) none 0 1 0",
    "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 12 BotA BotB 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 1 0",
    "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 12 BotA BotB 0 5 0 39 39 300 300 2 P/e7-e5 (0:00) e5 0 1 0",
];

/// The store after [`WATCHED`]'s boards with another relation to the user
/// (`1`: the user's own game, `2`: examined by the user).
fn watched_as(relation: &str) -> GameStore {
    let lines: Vec<String> = WATCHED
        .iter()
        .map(|l| l.replace(" BotA BotB 0 ", &format!(" BotA BotB {relation} ")))
        .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    store_after(&lines)
}

/// A game only watched that the user's own logout cut off is no result:
/// not archived. Cut off by a lost connection it still is (the user did
/// not choose to stop seeing it), and so is the user's own game.
#[test]
fn a_watched_game_cut_off_by_the_users_logout_is_not_archived() {
    let logged_out = kibitz::game::store::session_ended(kibitz::protocol::session::LOGGED_OUT);
    let mut store = store_after(&WATCHED);
    store.change(Change::ConnectionLost {
        now: Duration::ZERO,
    });
    store.change(Change::GiveUpInterrupted {
        why: logged_out.clone(),
        now: Duration::ZERO,
    });
    let game = store.get(12).expect("game 12");
    assert!(game.is_over());
    assert!(!archive::worth_archiving(game));

    let mut store = store_after(&WATCHED);
    store.change(Change::ConnectionLost {
        now: Duration::ZERO,
    });
    let dropped = kibitz::game::store::session_ended("connection lost: reset");
    store.change(Change::GiveUpInterrupted {
        why: dropped.clone(),
        now: Duration::ZERO,
    });
    assert!(archive::worth_archiving(store.get(12).expect("game 12")));

    let mut store = watched_as("1");
    store.change(Change::ConnectionLost {
        now: Duration::ZERO,
    });
    store.change(Change::GiveUpInterrupted {
        why: logged_out.clone(),
        now: Duration::ZERO,
    });
    assert!(archive::worth_archiving(store.get(12).expect("game 12")));
}

/// A game aborted after one ply is no game; after two it is kept.
#[test]
fn a_game_aborted_before_both_sides_moved_is_not_archived() {
    let abort = "{Game 12 (BotA vs. BotB) Game aborted by mutual agreement} *";
    let store = store_after(&[WATCHED[0], WATCHED[1], abort]);
    let game = store.get(12).expect("game 12");
    assert!(game.is_over());
    assert!(!archive::worth_archiving(game));
    let store = store_after(&[WATCHED[0], WATCHED[1], WATCHED[2], abort]);
    assert!(archive::worth_archiving(store.get(12).expect("game 12")));
}

/// Each wild is named so that it reads back as itself, and wild 5 (chess
/// from another start) is plain chess from its FEN to any PGN reader.
#[test]
fn wild_variants_are_told_apart_in_the_archive() {
    let wild = |n: &str| {
        let store = store_after(&[
            &format!("Creating: BotA (1500) BotB (1500) rated wild 3 0 Loaded from wild/{n}."),
            "{Game 12 (BotA vs. BotB) Creating rated wild match.}",
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 0 0 0 0 0 12 BotA BotB 0 3 0 39 39 180 180 1 none (0:00) none 0 1 0",
            "<12> rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R B -1 0 0 0 0 1 12 BotA BotB 0 3 0 39 39 180 180 1 N/g1-f3 (0:00) Nf3 0 1 0",
            "{Game 12 (BotA vs. BotB) BotB resigns} 1-0",
        ]);
        let game = store.get(12).expect("game 12").clone();
        archive::pgn(&game, "fics", UtcTime::now())
    };
    let w1 = wild("1");
    assert!(w1.contains("[Variant \"wild/1\"]"), "{w1}");
    let w5 = wild("5");
    assert!(!w5.contains("[Variant"), "{w5}");
    assert!(w5.contains("[Event \"FICS rated wild/5 game\"]"), "{w5}");
}

/// A game of the archive opened again and copied (or exported) is itself:
/// its own tags (not the server connected now, not game 1000000, not the
/// time of copying) and its clocks.
#[test]
fn a_game_opened_again_keeps_its_headers_and_clocks() {
    let text = "[Event \"FICS rated blitz game\"]\n[Site \"freechess.org\"]\n[Date \"2026.11.20\"]\n[Round \"-\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n[WhiteElo \"1710\"]\n[BlackElo \"1730\"]\n[TimeControl \"180+2\"]\n[GameNumber \"117\"]\n[UTCDate \"2026.11.20\"]\n[UTCTime \"18:02:07\"]\n\n1. e4 {[%clk 0:03:01] [%emt 0:00:01]} e5 {[%clk 0:02:59] [%emt 0:00:03]} 2. Qh5 {[%clk 0:02:58] [%emt 0:00:05]} Nc6 {[%clk 0:02:58] [%emt 0:00:03]} 3. Bc4 {[%clk 0:02:57] [%emt 0:00:03]} Nf6 {[%clk 0:02:57] [%emt 0:00:03]} 4. Qxf7# {[%clk 0:02:56] [%emt 0:00:03]} 1-0\n\n";
    let games = kibitz::archive::read::read_pgn(text.as_bytes(), std::path::Path::new("x.pgn"));
    let archived = games.first().expect("a game");
    let game = kibitz::archive::replay::review_game(archived, 1_000_000, Duration::ZERO)
        .expect("replayed");
    let copied = archive::pgn(&game, "127.0.0.1:5000", UtcTime::now());
    for tag in [
        "[Site \"freechess.org\"]",
        "[Date \"2026.11.20\"]",
        "[TimeControl \"180+2\"]",
        "[GameNumber \"117\"]",
        "[UTCTime \"18:02:07\"]",
        "[WhiteElo \"1710\"]",
        "[Result \"1-0\"]",
    ] {
        assert!(copied.contains(tag), "{tag} in\n{copied}");
    }
    assert!(!copied.contains("1000000"), "{copied}");
    assert!(copied.contains("Qxf7#"), "{copied}");
    assert!(copied.contains("[%clk 0:02:56]"), "{copied}");
}

/// A game the user examined when the connection dropped: the server ends
/// the examining with the session, so it waits for nothing; the board
/// stays, detached ("no longer examined"), and is no game to archive.
#[test]
fn an_examined_game_cut_off_by_a_drop_stays_to_study_and_is_not_archived() {
    let mut store = watched_as("2");
    store.change(Change::ConnectionLost {
        now: Duration::ZERO,
    });
    let game = store.get(12).expect("game 12");
    assert!(game.detached && !game.interrupted);
    assert_eq!(game.moves.len(), 2, "its moves stay");
    assert!(!store.any_interrupted());
    store.change(Change::GiveUpInterrupted {
        why: kibitz::game::store::UNSEEN_END.into(),
        now: Duration::ZERO,
    });
    assert!(!store.get(12).expect("game 12").is_over());
}

/// Our own game that never came back after a reconnect (and was not said
/// to be adjourned) did not go on unseen: the server ended it.
#[test]
fn our_game_that_never_came_back_was_ended_by_the_server() {
    let mut store = watched_as("1");
    store.change(Change::ConnectionLost {
        now: Duration::ZERO,
    });
    store.change(Change::GiveUpInterrupted {
        why: kibitz::game::store::UNSEEN_END.into(),
        now: Duration::ZERO,
    });
    let outcome = store
        .get(12)
        .and_then(|g| g.outcome.clone())
        .expect("ended");
    assert_eq!(outcome.text, kibitz::game::store::OWN_ENDED_WHILE_AWAY);
}
