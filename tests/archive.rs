//! Finished games go to the PGN archive, and the archive reads back.

mod common;

use std::time::Duration;

use kibitz::archive::{self, UtcTime};
use kibitz::game::{Effect, GameStore};
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
    // Drop the comment, then read tokens.
    let (before, after) = movetext.split_once('{').unwrap_or((&movetext, ""));
    let after = after.split_once('}').map_or("", |(_, rest)| rest);
    let tokens: Vec<&str> = before
        .split_whitespace()
        .chain(after.split_whitespace())
        .collect();
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

#[test]
fn a_late_joined_game_records_its_start_position() {
    let (store, number) = finished_store("extra-old/draw-repetition-white.bin");
    let game = store.get(number).expect("game");
    let text = archive::pgn(game, "fics", UtcTime::from_unix(0));
    // A full game from the start needs no FEN tag.
    assert!(!text.contains("[FEN "), "{text}");
    assert!(text.contains("1. Nf3 Nf6 2. Ng1 Ng8"), "{text}");
}
