//! The people records (`who`, arrivals and departures) read from both
//! servers' real output, and the players list built from them.

use crate::common;

use kibitz::lobby::players::Players;
use kibitz::protocol::event::Event;
use kibitz::protocol::presence::Presence;
use kibitz::protocol::who::{PlayerStatus, WhoCategory, WhoEntry};
use kibitz::protocol::words::{Rating, Title};

fn events(file: &str) -> Vec<Event> {
    common::decode(&common::read(&common::fixtures_dir().join(file)))
}

fn who_listings(events: &[Event]) -> Vec<Vec<WhoEntry>> {
    let mut listings = Vec::new();
    let mut current = Vec::new();
    for event in events {
        match event {
            Event::WhoEntries(entries) => current.extend(entries.iter().cloned()),
            Event::WhoEnd(end) => {
                assert_eq!(end.shown as usize, current.len(), "the count matches");
                listings.push(std::mem::take(&mut current));
            }
            _ => {}
        }
    }
    assert!(current.is_empty(), "every listing ends");
    listings
}

fn presence(events: &[Event]) -> Vec<(String, bool, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Presence(Presence {
                handle,
                arrived,
                notify,
                ..
            }) => Some((handle.clone(), *arrived, *notify)),
            _ => None,
        })
        .collect()
}

#[test]
fn old_fics_who_and_pin_lines() {
    let events = events("real-server/people-kibuser.bin");
    let listings = who_listings(&events);
    assert_eq!(listings.len(), 2, "`who` and `who a`");
    let all = &listings[0];
    assert_eq!(all.len(), 10);
    let bota = all.iter().find(|e| e.handle == "BotA").expect("BotA");
    assert_eq!(bota.rating, Rating::established(1882));
    assert_eq!(bota.status, PlayerStatus::Free);
    let rnda = all.iter().find(|e| e.handle == "RndA").expect("RndA");
    assert_eq!(
        (rnda.rating, rnda.status),
        (Rating::Guest, PlayerStatus::Playing)
    );
    let pins = presence(&events);
    assert!(pins.contains(&("BotB".to_owned(), true, false)), "{pins:?}");
    assert!(pins.contains(&("BotB".to_owned(), false, false)));
    assert!(pins.contains(&("RndA".to_owned(), false, false)));
    // Nothing else of the session is read as a listing or a presence.
    let texts = events
        .iter()
        .filter(|e| matches!(e, Event::Text(_)))
        .count();
    assert!(texts > 50);
}

#[test]
fn fatics_who_pin_and_notify_lines() {
    let events = events("modern-server/people-kibuser.bin");
    let listings = who_listings(&events);
    assert_eq!(listings.len(), 4, "who b, who s, who L, who");
    for listing in &listings {
        assert_eq!(listing.len(), 5);
        let guest = listing.iter().find(|e| e.handle == "RndB").expect("RndB");
        assert_eq!(guest.titles, [Title::Unregistered]);
        assert_eq!(guest.rating, Rating::Guest, "a guest's 0 is no rating");
        assert_eq!(guest.status, PlayerStatus::Playing);
    }
    let me = listings[0]
        .iter()
        .find(|e| e.handle == "KibUser")
        .expect("me");
    assert_eq!(me.status, PlayerStatus::Free);
    assert_eq!(
        presence(&events),
        [
            ("BotB".to_owned(), true, false),
            ("BotB".to_owned(), true, true),
            ("BotB".to_owned(), false, true),
            ("BotB".to_owned(), false, false),
        ]
    );
}

#[test]
fn the_players_list_from_a_real_session() {
    // The FatICS session's first three listings, as Kibitz asks for them.
    let events = events("modern-server/people-kibuser.bin");
    let mut players = Players::default();
    // Our three `who`s are answered in the order asked; the session
    // addresses each listing to its request (`protocol::replies`).
    let mut categories = WhoCategory::ALL.into_iter();
    let mut listing = Vec::new();
    for event in &events {
        match event {
            Event::WhoEntries(entries) => listing.extend(entries.iter().cloned()),
            Event::WhoEnd(_) => {
                let listed = std::mem::take(&mut listing);
                // Later listings were the user's.
                if let Some(category) = categories.next() {
                    players.asked(category, std::time::Duration::ZERO);
                    players.answered(category, &listed);
                }
            }
            event => players.apply(event),
        }
    }
    assert!(players.listed);
    assert_eq!(players.len(), 5, "BotB came and went");
    assert!(players.get("kibuser").is_some());
}

fn fingers(events: &[Event]) -> Vec<&kibitz::protocol::finger::Finger> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Finger(f) => Some(&**f),
            _ => None,
        })
        .collect()
}

#[test]
fn fingers_and_histories_of_both_servers() {
    use kibitz::protocol::finger::Seen;
    use kibitz::protocol::history::HistoryLine;
    let old = events("real-server/people-kibuser.bin");
    let found = fingers(&old);
    let names: Vec<&str> = found.iter().map(|f| f.handle.as_str()).collect();
    assert_eq!(names, ["KibUser", "BotA", "BotB"]);
    assert!(matches!(found[0].seen, Seen::Online { .. }));
    assert_eq!(found[0].ratings.len(), 4);
    assert_eq!(found[0].ratings[0].record, Some((0, 1, 0)));
    assert!(matches!(found[2].seen, Seen::LastDisconnected(_)));
    let rows: Vec<_> = old
        .iter()
        .filter_map(|e| match e {
            Event::History(HistoryLine::Row(row)) => Some(row),
            _ => None,
        })
        .collect();
    assert_eq!(rows.len(), 4, "two games in each of two histories");
    assert_eq!(rows[0].opponent, "KibUser");
    assert_eq!(rows[0].reason, "Fla");

    let modern = events("modern-server/people-kibuser.bin");
    let found = fingers(&modern);
    let names: Vec<&str> = found.iter().map(|f| f.handle.as_str()).collect();
    assert_eq!(names, ["KibUser", "BotA"]);
    assert!(matches!(found[0].seen, Seen::Online { .. }));
    assert_eq!(found[1].seen, Seen::NeverConnected);
    assert!(modern.iter().any(|e| matches!(
        e,
        Event::History(HistoryLine::NoGames { handle }) if handle.as_deref() == Some("BotA")
    )));
}
