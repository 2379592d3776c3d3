//! The event wall's choices: what it observes, keeps and closes.

use super::*;
use crate::protocol::decoder::StreamDecoder;
use crate::protocol::event::Event;

fn events_of(lines: &[&str]) -> Vec<Event> {
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    for line in lines {
        decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
    }
    decoder.finish(&mut events);
    events
}

fn observed(store: &mut GameStore, game: u32, white: &str, black: &str) {
    let board = format!(
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 {game} {white} {black} 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0"
    );
    for event in events_of(&[&board]) {
        store.apply(Now::ZERO, &event);
    }
}

fn fed(events: &mut ServerEvents, lines: &[&str]) {
    for event in events_of(lines) {
        events.apply(&event);
    }
}

fn observes(wants: &[Want]) -> Vec<u32> {
    wants
        .iter()
        .filter_map(|w| match w {
            Want::Ask(Asker::Observe(game), _) => Some(*game),
            _ => None,
        })
        .collect()
}

fn closes(wants: &[Want]) -> Vec<u32> {
    wants
        .iter()
        .filter_map(|w| match w {
            Want::CloseGame(game) => Some(*game),
            _ => None,
        })
        .collect()
}

const ROUND: [&str; 4] = [
    ":The following tournaments are currently in progress:",
    ":12   Tata Steel Masters 2026                 Round Started",
    ":There are 2 games in the Tata Steel Masters 2026",
    ":1    Carlsen         Giri            *       C65",
];

#[test]
fn a_board_the_user_opened_stays_when_watching_stops() {
    let mut events = ServerEvents::default();
    fed(&mut events, &ROUND);
    fed(
        &mut events,
        &[":2    Anand           Nakamura        *       B90"],
    );
    let mut store = GameStore::new();
    observed(&mut store, 1, "Carlsen", "Giri");
    let mut wall = EventWall::default();
    let wants = wall.watch(Watched::Relay(12), &mut events, &[], &store, Now::ZERO);
    // Game 1 is on screen already: only game 2 is observed.
    assert_eq!(observes(&wants), [2]);
    observed(&mut store, 2, "Anand", "Nakamura");
    let wants = wall.stop(&mut events, &store);
    assert_eq!(closes(&wants), [2]);
    assert_eq!(events.watching, None);
}

#[test]
fn another_event_sharing_games_keeps_them() {
    let mut events = ServerEvents::default();
    fed(&mut events, &ROUND);
    fed(
        &mut events,
        &[
            ":mamer's tourney list:",
            r":|   7 | started<  | mamer   | 3 0 u RR\4     | 2026.1128.0000 |",
            ":Listed: 1 tourneys",
        ],
    );
    let games_list: Vec<_> = crate::protocol::games_list::parse_games_entry(
        "  1 1500 Carlsen     1600 Giri       [ bu  3   0]   2:00 -  2:00 (39-39) W:  3",
    )
    .into_iter()
    .collect();
    let mut store = GameStore::new();
    let mut wall = EventWall::default();
    // The tournament's players are not known: its grid is asked for
    // with the games list.
    let wants = wall.watch(
        Watched::Tourney(7),
        &mut events,
        &games_list,
        &store,
        Now::ZERO,
    );
    let said: Vec<String> = wants
        .iter()
        .filter_map(|w| match w {
            Want::Ask(_, command) => command.to_line().ok(),
            _ => None,
        })
        .collect();
    assert_eq!(said, ["tell mamer standardgrid 7", "games"]);
    assert!(observes(&wants).is_empty());
    fed(
        &mut events,
        &[
            ":Tourney #7's standard grid:",
            ":|   1 | +Carlsen(2800)   | *2w        |",
            ":|   2 | +Giri(2750)      | *1b        |",
        ],
    );
    assert_eq!(observes(&wall.listed(&events, &games_list, &store)), [1]);
    observed(&mut store, 1, "Carlsen", "Giri");
    // The relayed round has game 1 too: it stays on screen.
    let wants = wall.watch(
        Watched::Relay(12),
        &mut events,
        &games_list,
        &store,
        Now::ZERO,
    );
    assert!(closes(&wants).is_empty() && observes(&wants).is_empty());
    // Stopping closes it: the walls opened it.
    assert_eq!(closes(&wall.stop(&mut events, &store)), [1]);
}
