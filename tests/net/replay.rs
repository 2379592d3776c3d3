//! `kibitz replay` plays a recording through the live pipeline: at speed 10
//! its final store is the one `kibitz decode` of the same bytes implies.

use crate::common;

use std::collections::BTreeMap;

use kibitz::protocol::event::Event;
use serde_json::Value;

#[test]
fn replay_at_speed_ten_ends_in_the_store_decode_implies() {
    let path = common::fixtures_dir().join("real-server/observe-live-games.bin");
    let mut out = Vec::new();
    kibitz::cli::watch::replay(&path, 10.0, &mut out).expect("replay");
    let text = String::from_utf8(out).expect("utf-8");
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("json line"))
        .collect();
    let boards = lines.iter().filter(|l| l["type"] == "board").count();
    assert_eq!(boards, 144);
    assert_eq!(lines.first().expect("first")["status"], "connected");
    let summary = lines.last().expect("summary");
    assert_eq!(summary["type"], "summary");

    // What decode implies: per game, the last board and the SANs of every
    // board after the first (the observer joined mid-game).
    let mut expected: BTreeMap<u64, (String, Vec<String>, i64, i64)> = BTreeMap::new();
    for event in common::decode(&common::read(&path)) {
        if let Event::Board(b) = event {
            let entry = expected
                .entry(u64::from(b.game))
                .or_insert_with(|| (String::new(), Vec::new(), 0, 0));
            if !entry.0.is_empty() {
                entry.1.push(b.last_san.clone().expect("san"));
            }
            entry.0 = b.fen();
            entry.2 = b.remaining_ms.white;
            entry.3 = b.remaining_ms.black;
        }
    }
    let games = summary["games"].as_array().expect("games");
    assert_eq!(games.len(), expected.len());
    for game in games {
        let number = game["game"].as_u64().expect("number");
        let (fen, sans, white_ms, black_ms) = &expected[&number];
        assert_eq!(game["fen"], fen.as_str(), "game {number}");
        let moves: Vec<&str> = game["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| m.as_str().expect("san"))
            .collect();
        assert_eq!(&moves, sans, "game {number}");
        assert_eq!(game["white_ms"], *white_ms, "game {number}");
        assert_eq!(game["black_ms"], *black_ms, "game {number}");
        assert_eq!(game["result"], Value::Null);
        // Observed, timed, both sides have moved: the side to move's clock runs.
        assert!(game["running"].is_string(), "game {number}");
    }
}

#[test]
fn replay_of_a_finished_game_reports_the_result() {
    let path = common::fixtures_dir().join("real-server/end-resign-white.bin");
    let mut out = Vec::new();
    kibitz::cli::watch::replay(&path, f64::INFINITY, &mut out).expect("replay");
    let text = String::from_utf8(out).expect("utf-8");
    let summary: Value = serde_json::from_str(text.lines().last().expect("summary")).expect("json");
    let game = &summary["games"][0];
    assert_eq!(game["result"], "1-0");
    assert_eq!(game["reason"], "resign");
    assert_eq!(game["running"], Value::Null);
    assert_eq!(game["moves"].as_array().expect("moves").len(), 7);
}
