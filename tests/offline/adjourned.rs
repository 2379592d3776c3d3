//! Adjourned games as both servers tell them (real transcripts): the
//! adjournment, the `stored` list, the opponents online at login, and the
//! game resumed (FatICS) with its whole move list.

use crate::common;

use kibitz::protocol::adjourned::{AdjournedLine, StoredGame};
use kibitz::protocol::event::Event;
use kibitz::protocol::message::{EndReason, Message};

fn events(file: &str) -> Vec<Event> {
    common::decode(&common::read(&common::fixtures_dir().join(file)))
}

fn adjourned(events: &[Event]) -> Vec<AdjournedLine> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Adjourned(line) => Some(line.clone()),
            _ => None,
        })
        .collect()
}

fn adjournments(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(e, Event::Message(Message::GameEnd(end)) if end.reason == EndReason::Adjourn)
        })
        .count()
}

fn online(names: &[&str]) -> AdjournedLine {
    AdjournedLine::OpponentsOnline {
        count: names.len() as u32,
        names: names.iter().map(|n| (*n).to_owned()).collect(),
    }
}

#[test]
fn the_old_fics() {
    let first = events("real-server/adjourned-kibuser-1.bin");
    assert_eq!(adjournments(&first), 1);
    assert_eq!(
        adjourned(&first),
        [
            AdjournedLine::StoredHeader {
                handle: "KibUser".into()
            },
            AdjournedLine::Stored(StoredGame {
                opponent: "bota".into(),
                ..StoredGame::default()
            }),
        ]
    );
    // The next login: the opponent's name is on the line after the bell.
    let second = events("real-server/adjourned-kibuser-2.bin");
    assert_eq!(
        adjourned(&second)[..2],
        [
            online(&["BotA"]),
            AdjournedLine::StoredHeader {
                handle: "KibUser".into()
            },
        ]
    );
}

#[test]
fn fatics_adjourns_and_resumes() {
    let first = events("modern-server/adjourned-kibuser-1.bin");
    assert_eq!(adjournments(&first), 1);
    // Every column of FatICS's row.
    let stored = adjourned(&first).into_iter().find_map(|line| match line {
        AdjournedLine::Stored(game) => Some(game),
        _ => None,
    });
    let stored = stored.expect("a stored game");
    assert_eq!(
        (stored.opponent.as_str(), stored.online, stored.color),
        ("BotA", Some(false), Some('W'))
    );
    assert_eq!(
        (stored.time_min, stored.increment_s, stored.rated),
        (Some(5), Some(0), Some(true))
    );
    assert_eq!((stored.to_move, stored.move_number), (Some('B'), Some(6)));
    assert_eq!(stored.eco.as_deref(), Some("B00"));
    assert_eq!(stored.date.as_deref(), Some("2026-11-25 11:46 UTC"));
    let second = events("modern-server/adjourned-kibuser-2.bin");
    assert_eq!(
        adjourned(&second),
        [
            online(&["BotA"]),
            AdjournedLine::StoredHeader {
                handle: "KibUser".into()
            },
            AdjournedLine::Stored(StoredGame {
                opponent: "BotA".into(),
                online: Some(true),
                ..stored.clone()
            }),
            AdjournedLine::NoneStored {
                handle: "KibUser".into()
            },
        ]
    );
    assert!(second.iter().any(|e| matches!(
        e,
        Event::Message(Message::GameCreated {
            continuing: true,
            ..
        })
    )));
    let list = second
        .iter()
        .find_map(|e| match e {
            Event::MoveList(list) => Some(list),
            _ => None,
        })
        .expect("the resumed game's moves");
    assert_eq!(list.moves.len(), 12);
}
