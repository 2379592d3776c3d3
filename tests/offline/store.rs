//! The game store fed from real transcripts: histories, takebacks, clocks.

use crate::common;

use std::time::Duration;

use kibitz::game::{Effect, GameStore};
use kibitz::protocol::command::Command;
use kibitz::protocol::event::Event;
use kibitz::protocol::message::{EndReason, GameResult};
use shakmaty::Color;

/// Applies every event of a transcript at `now`.
fn store_of(file: &str, now: Duration) -> (GameStore, Vec<Effect>) {
    let events = common::decode(&common::read(&common::fixtures_dir().join(file)));
    let mut store = GameStore::new();
    let mut effects = Vec::new();
    for event in &events {
        effects.extend(store.apply(now, event));
    }
    (store, effects)
}

fn plain(san: &str) -> String {
    san.trim_end_matches(['+', '#']).to_owned()
}

#[test]
fn own_game_history_equals_the_game_in_its_description() {
    // From own-game.md (en passant marks and check signs removed).
    let expected = "Na3 g6 d3 Nf6 b4 Bg7 h3 O-O Bg5 Bh8 Bxf6 e5 Bxd8 Rxd8 Qd2 d5 \
        O-O-O Bxh3 Rxh3 f5 Rxh7 Kxh7 g4 fxg4 b5 g5 Qxg5 d4 c4 dxc3 Qxd8 b6 Qxh8 Kxh8 \
        Kb1 c5 bxc6 Nxc6 Bh3 gxh3 Nxh3 Re8 Nf4 exf4 Nc2 Rxe2 Na3 Rxf2 Rd2 cxd2 Nc4 d1=Q";
    let expected: Vec<String> = expected.split_whitespace().map(str::to_owned).collect();
    let file = "real-server/own-game-white.bin";
    let (store, effects) = store_of(file, Duration::ZERO);
    let game = store.get(1).expect("game 1");
    let got: Vec<String> = game.san_moves().into_iter().map(plain).collect();
    assert_eq!(got, expected, "{file}");
    assert!(!game.incomplete);
    let outcome = game.outcome.as_ref().expect("ended");
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(game.players.white.handle, "BotG");
    assert!(effects.contains(&Effect::Ended(1)));
    // A played game from its first board needs no `moves`.
    assert!(!effects.iter().any(|e| matches!(e, Effect::Send(_))));
}

#[test]
fn takebacks_truncate_the_history() {
    for file in [
        "extra-old/takeback-observer.bin",
        "extra-modern/takeback-white.bin",
    ] {
        let events = common::decode(&common::read(&common::fixtures_dir().join(file)));
        let mut store = GameStore::new();
        let mut lengths = Vec::new();
        for event in &events {
            store.apply(Duration::ZERO, event);
            if let (Event::Board(_), Some(game)) = (event, store.get(1)) {
                lengths.push(game.ply());
            }
        }
        let drops: Vec<(u32, u32)> = lengths
            .windows(2)
            .filter(|w| w[1] < w[0])
            .map(|w| (w[0], w[1]))
            .collect();
        assert_eq!(drops, vec![(12, 11), (20, 18)], "{file}");
        let game = store.get(1).expect("game 1");
        assert_eq!(game.ply(), 30, "{file}");
        // The kept history is the game's real one: the last ply matches the board.
        let last = game.moves.last().expect("moves");
        assert_eq!(
            Some(last.san.as_str()),
            game.board.as_ref().and_then(|b| b.last_san.as_deref())
        );
    }
}

#[test]
fn late_join_asks_for_moves_and_merges_them() {
    let (store, effects) = store_of("extra-modern/observe-late-join.bin", Duration::ZERO);
    assert_eq!(effects.first(), Some(&Effect::Send(Command::Moves(1))));
    let game = store.get(1).expect("game 1");
    // The moves list filled the first 24 plies; the boards after it followed.
    assert!(game.moves.len() >= 24, "{}", game.moves.len());
    assert_eq!(game.moves[0].san, "h4");
    assert_eq!(game.moves[1].san, "b5");
}

#[test]
fn clocks_with_a_fixed_now_old_server() {
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("real-server/observe-live-games.bin"),
    ));
    let mut store = GameStore::new();
    let t0 = Duration::from_secs(100);
    for event in &events {
        store.apply(t0, event);
    }
    for game in store.games() {
        let board = game.board.as_ref().expect("board");
        assert_eq!(board.ticking, None, "31-token boards");
        let running = game.clock.running().expect("an observed timed game runs");
        assert_eq!(running, board.turn);
        let later = t0 + Duration::from_millis(2_500);
        assert_eq!(
            game.remaining_ms(running, later),
            board.remaining_ms[running] - 2_500
        );
        assert_eq!(
            game.remaining_ms(!running, later),
            board.remaining_ms[!running]
        );
    }
}

#[test]
fn clocks_with_a_fixed_now_modern_server() {
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("modern-server/observe-live-games.bin"),
    ));
    let mut store = GameStore::new();
    let t0 = Duration::from_secs(7);
    // The file ends with `quit`, whose `Removing game N from observation
    // list.` stops the clocks: apply everything before it.
    for event in events.iter().take_while(|e| {
        !matches!(
            e,
            Event::Message(kibitz::protocol::message::Message::ObservationEnded { .. })
        )
    }) {
        store.apply(t0, event);
    }
    assert_eq!(store.games().count(), 2);
    for game in store.games() {
        let board = game.board.as_ref().expect("board");
        assert_eq!(board.ticking, Some(true));
        assert!(board.lag_ms.is_some());
        let side = board.turn;
        assert_eq!(
            game.remaining_ms(side, t0 + Duration::from_millis(1_234)),
            board.remaining_ms[side] - 1_234
        );
        assert!(game.lag[Color::White].total_ms + game.lag[Color::Black].total_ms >= 0);
    }
}

#[test]
fn a_clock_keeps_running_while_another_game_ends() {
    let board = |game: u32, white: &str| {
        let line = format!(
            "<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 {game} {white} Einstein 0 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0"
        );
        Event::Board(Box::new(
            kibitz::protocol::style12::Style12::parse(&line, false).expect("board"),
        ))
    };
    let mut store = GameStore::new();
    let t0 = Duration::from_secs(1);
    store.apply(t0, &board(1, "Newton"));
    store.apply(t0, &board(2, "Leibniz"));
    let end = kibitz::protocol::message::parse_message(
        "{Game 1 (Newton vs. Einstein) Einstein resigns} 1-0",
    )
    .expect("end");
    let effects = store.apply(t0 + Duration::from_secs(5), &Event::Message(end));
    assert_eq!(effects, vec![Effect::Ended(1)]);
    let later = t0 + Duration::from_secs(30);
    let ended = store.get(1).expect("game 1");
    assert_eq!(ended.clock.running(), None);
    assert_eq!(ended.remaining_ms(Color::Black, later), 117_000);
    let live = store.get(2).expect("game 2");
    assert_eq!(live.remaining_ms(Color::Black, later), 92_000);
    // The final board re-sent after the end (FICS does, after a flag) is ignored.
    store.apply(later, &board(1, "Newton"));
    assert!(store.get(1).expect("game 1").is_over());
}

#[test]
fn every_ending_in_the_fixtures_reaches_the_store() {
    for (file, number, reason, result) in common::ENDINGS {
        let (store, effects) = store_of(file, Duration::ZERO);
        let game = store
            .get(number)
            .unwrap_or_else(|| panic!("{file}: no game {number}"));
        let outcome = game
            .outcome
            .as_ref()
            .unwrap_or_else(|| panic!("{file}: not ended"));
        assert_eq!((outcome.reason, outcome.result), (reason, result), "{file}");
        assert!(effects.contains(&Effect::Ended(number)), "{file}");
        assert_eq!(game.clock.running(), None, "{file}");
    }
}

#[test]
fn positions_validate_under_the_game_rules() {
    use shakmaty::Position;
    use shakmaty::variant::VariantPosition;

    // Crazyhouse: the position knows the pockets, so drops are legal moves.
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("modern-server/crazyhouse-white.bin"),
    ));
    let mut store = GameStore::new();
    let mut drops_seen = 0;
    for event in &events {
        store.apply(Duration::ZERO, event);
        if let (Event::Holdings(h), Some(game)) = (event, store.get(2))
            && !game.is_over()
            && h.passed.is_none()
        {
            let position = game.position().expect("a valid crazyhouse position");
            assert!(matches!(position, VariantPosition::Crazyhouse(_)));
            let pocketed = h.white_counts.pawn + h.white_counts.knight + h.black_counts.pawn;
            if pocketed > 0 {
                drops_seen += position
                    .legal_moves()
                    .iter()
                    .filter(|m| matches!(m, shakmaty::Move::Put { .. }))
                    .count();
            }
        }
    }
    assert!(drops_seen > 0);

    // A standard game: legal moves from the played position, and our colour.
    let (store, _) = store_of("real-server/own-game-white.bin", Duration::ZERO);
    let game = store.get(1).expect("game 1");
    assert_eq!(game.my_color(), Some(Color::White));
    let playable = game.playable().expect("a board");
    let position = game
        .position()
        .unwrap_or_else(|| panic!("valid: {:?} {:?}", game.kind, playable));
    assert!(position.is_checkmate());
}

#[test]
fn only_our_own_created_games_enter_the_store() {
    let mut store = GameStore::new();
    let event = |line: &str| {
        let mut decoder = kibitz::protocol::decoder::StreamDecoder::new();
        let mut out = Vec::new();
        decoder.push(format!("{line}\n\r").as_bytes(), &mut out);
        decoder.finish(&mut out);
        out
    };
    for e in event("**** Starting FICS session as Me ****") {
        store.apply(Duration::ZERO, &e);
    }
    // `gin` announces other people's games too: they stay out.
    for e in event("{Game 12 (Anna vs. Boris) Creating rated blitz match.}") {
        store.apply(Duration::ZERO, &e);
    }
    assert!(store.get(12).is_none());
    for e in event("{Game 13 (Me vs. Boris) Creating rated blitz match.}") {
        store.apply(Duration::ZERO, &e);
    }
    assert!(store.get(13).is_some());
}

#[test]
fn game_info_sent_before_the_first_board_is_kept_for_it() {
    // The modern server sends `<g1>` right after "You are now observing",
    // before the game's first `<12>`.
    let (store, _) = store_of("modern-server/observe-live-games.bin", Duration::ZERO);
    let game = store.get(1).expect("game 1");
    assert_eq!(
        game.kind,
        Some(kibitz::protocol::game_type::GameType::Blitz)
    );
    assert_eq!(game.rated, Some(false));
    assert_eq!(game.partner, None);
}

#[test]
fn game_info_ratings_fill_in_where_no_header_gave_them() {
    let mut store = GameStore::new();
    let lines = "<g1> 5 p=0 t=blitz r=1 u=1,1 it=180,0 i=180,0 pt=0 rt=1834E,0 ts=1,1\n\r\
        <12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 Alice Bob 0 3 0 39 39 180000 180000 1 none (0:00.000) none 0 0 0\n\r";
    for event in common::decode(lines.as_bytes()) {
        store.apply(Duration::ZERO, &event);
    }
    let game = store.get(5).expect("game 5");
    assert_eq!(game.rated, Some(true));
    assert_eq!(game.players.white.rating.as_deref(), Some("1834"));
    // FatICS's 0 means "no rating": no Elo is invented.
    assert_eq!(game.players.black.rating, None);
}

#[test]
fn the_store_says_what_changed() {
    // Observing a game: its first board starts it, the next ply is a move,
    // the same ply again and a takeback are not; the end is reported.
    let board = |ply_rest: &str| {
        let line = format!(
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR {ply_rest} 0 0"
        );
        Event::Board(Box::new(
            kibitz::protocol::style12::Style12::parse(&line, false).expect("board"),
        ))
    };
    let first = board("W -1 1 1 1 1 0 4 Newton Einstein 0 2 12 39 39 120 120 1 none (0:00) none");
    let second = board("B 4 1 1 1 1 0 4 Newton Einstein 0 2 12 39 39 120 120 1 P/e2-e4 (0:01) e4");
    let third = board("W 4 1 1 1 1 0 4 Newton Einstein 0 2 12 39 39 120 120 2 P/e7-e5 (0:01) e5");
    let mut store = GameStore::new();
    let t0 = Duration::from_secs(1);
    assert_eq!(store.apply(t0, &first), [Effect::Started(4)]);
    let moved = |san: &str| Effect::Moved {
        game: 4,
        san: san.to_owned(),
        ours: false,
    };
    assert_eq!(store.apply(t0, &second), [moved("e4")]);
    assert_eq!(store.apply(t0, &second), []);
    assert_eq!(store.apply(t0, &third), [moved("e5")]);
    assert_eq!(store.apply(t0, &second), [], "a takeback adds no move");
    let end = kibitz::protocol::message::parse_message(
        "{Game 4 (Newton vs. Einstein) Einstein resigns} 1-0",
    )
    .expect("end");
    assert_eq!(store.apply(t0, &Event::Message(end)), [Effect::Ended(4)]);
}

/// The variant of the user's own game from each server's words: the old
/// FICS's challenge (`Issuing: ... Loaded from` wrapped onto `\   wild/
/// bughouse.`; the game is created as `wild`), FatICS's `Creating: ...
/// lightning crazyhouse 2 0`.
#[test]
fn own_games_know_their_variant_on_both_servers() {
    use kibitz::protocol::game_type::GameType;
    let (store, _) = store_of("real-server/bughouse-board1-white.bin", Duration::ZERO);
    let game = store.get(1).expect("game 1");
    assert_eq!(game.kind, Some(GameType::Bughouse));
    let (store, _) = store_of("modern-server/crazyhouse-white.bin", Duration::ZERO);
    let game = store.get(2).expect("game 2");
    assert_eq!(game.kind, Some(GameType::Crazyhouse));
}

/// A mate the server writes as check (the old FICS: `Qh4+`) is written
/// from the position: `Qh4#`, in the history the move list, the archive
/// and Copy PGN all read.
#[test]
fn a_mate_written_as_check_is_written_as_mate() {
    let boards = [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 3 BotA BotB 0 2 0 39 39 120 120 1 none (0:00) none 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- -------- -----P-- PPPPP-PP RNBQKBNR B -1 1 1 1 1 0 3 BotA BotB 0 2 0 39 39 120 120 1 P/f2-f3 (0:00) f3 0 0 0",
        "<12> rnbqkbnr pppp-ppp -------- ----p--- -------- -----P-- PPPPP-PP RNBQKBNR W 4 1 1 1 1 0 3 BotA BotB 0 2 0 39 39 120 120 2 P/e7-e5 (0:00) e5 0 0 0",
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ------P- -----P-- PPPPP--P RNBQKBNR B 6 1 1 1 1 0 3 BotA BotB 0 2 0 39 39 120 120 2 P/g2-g4 (0:00) g4 0 0 0",
        "<12> rnb-kbnr pppp-ppp -------- ----p--- ------Pq -----P-- PPPPP--P RNBQKBNR W -1 1 1 1 1 0 3 BotA BotB 0 2 0 39 39 120 120 3 Q/d8-h4 (0:00) Qh4+ 0 0 0",
    ];
    let mut store = GameStore::new();
    for line in boards {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            store.apply(Duration::ZERO, &event);
        }
    }
    let game = store.get(3).expect("game 3");
    assert_eq!(game.san_moves(), ["f3", "e5", "g4", "Qh4#"]);
}

/// The old FICS tells the challenger of a wild game no `Creating:` line:
/// the challenge names the wild, the game's own line whether it is rated
/// (the archive's Event and My games say both).
#[test]
fn a_challengers_wild_game_is_rated_and_its_wild_known() {
    let lines = "Issuing: KibUser (----) [white] BotE (----) rated wild 5 0 Loaded from\n\r\\   wild/5.\n\rfics% \n\r{Game 2 (KibUser vs. BotE) Creating rated wild match.}\n\r\n\r<12> rnbkqbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBKQBNR W -1 0 0 0 0 0 2 KibUser BotE 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\r";
    let mut store = GameStore::new();
    for event in common::decode(lines.as_bytes()) {
        store.apply(Duration::ZERO, &event);
    }
    let game = store.get(2).expect("game 2");
    assert_eq!(game.rated, Some(true));
    assert_eq!(
        game.kind,
        Some(kibitz::protocol::game_type::GameType::Wild("5".into()))
    );
}
