use std::time::Duration;

use super::*;
use crate::protocol::presence::Presence;
use crate::protocol::who::{WhoEnd, parse_who_line};

fn listing(players: &mut Players, category: WhoCategory, lines: &[&str]) {
    players.asked(category, Duration::ZERO);
    let entries: Vec<_> = lines
        .iter()
        .flat_map(|line| parse_who_line(line).expect("a who line"))
        .collect();
    players.answered(category, &entries);
}

fn arrival(handle: &str, arrived: bool) -> Event {
    Event::Presence(Presence {
        handle: handle.into(),
        titles: Vec::new(),
        arrived,
        notify: false,
        watcher: false,
    })
}

fn handles(players: &Players) -> Vec<&str> {
    players.shown().iter().map(|p| p.handle.as_str()).collect()
}

fn three_listings() -> Players {
    let mut players = Players::default();
    listing(
        &mut players,
        WhoCategory::Blitz,
        &["1882 BotA     ++++^RndA     1500:Carol", "2100^Dave(GM)"],
    );
    listing(
        &mut players,
        WhoCategory::Standard,
        &["1700 BotA     2300^Dave(GM)"],
    );
    listing(&mut players, WhoCategory::Lightning, &["1558 BotA"]);
    players
}

#[test]
fn the_listings_make_one_list_with_ratings_per_speed() {
    let players = three_listings();
    assert_eq!(players.len(), 4);
    assert!(players.listed);
    let bota = players.get("bota").expect("BotA");
    assert_eq!(
        bota.ratings,
        [
            Some(Rating::established(1882)),
            Some(Rating::established(1700)),
            Some(Rating::established(1558))
        ]
    );
    let dave = players.get("Dave").expect("Dave");
    assert_eq!(dave.titles, [Title::GrandMaster]);
    assert_eq!(dave.status, PlayerStatus::Playing);
    assert_eq!(
        dave.rating(WhoCategory::Lightning),
        None,
        "not listed in lightning"
    );
    // Highest blitz first by default.
    assert_eq!(handles(&players), ["Dave", "BotA", "Carol", "RndA"]);
}

#[test]
fn arrivals_and_departures_keep_it_live_and_the_next_listing_replaces_it() {
    let mut players = three_listings();
    players.apply(&arrival("Erin", true));
    assert!(players.get("erin").is_some_and(|p| p.ratings == [None; 3]));
    players.apply(&arrival("RndA", false));
    assert!(players.get("RndA").is_none());
    assert_eq!(players.len(), 4);
    // The next blitz listing says who is on; ratings of other speeds stay.
    listing(
        &mut players,
        WhoCategory::Blitz,
        &["1890 BotA      1600 Erin"],
    );
    assert_eq!(handles(&players), ["BotA", "Erin"]);
    let bota = players.get("BotA").expect("BotA");
    assert_eq!(bota.ratings[0], Some(Rating::established(1890)));
    assert_eq!(bota.ratings[1], Some(Rating::established(1700)));
}

#[test]
fn a_who_listing_passing_by_is_not_ours() {
    // Only a reply to our own `who` (routed by its id) fills the list; the
    // lines of one the user typed do nothing here.
    let mut players = Players::default();
    let entries = parse_who_line("1882 BotA").expect("line");
    players.apply(&Event::WhoEntries(entries));
    players.apply(&Event::WhoEnd(WhoEnd {
        shown: 1,
        total: None,
    }));
    assert!(players.is_empty() && !players.listed);
}

#[test]
fn sorting_and_filters() {
    let mut players = three_listings();
    players.sort = Column::Handle;
    players.descending = false;
    assert_eq!(handles(&players), ["BotA", "Carol", "Dave", "RndA"]);
    players.descending = true;
    assert_eq!(handles(&players), ["RndA", "Dave", "Carol", "BotA"]);
    players.sort = Column::Rating(WhoCategory::Standard);
    players.descending = true;
    assert_eq!(handles(&players)[..2], ["Dave", "BotA"]);
    players.sort = Column::Status;
    players.descending = false;
    assert_eq!(handles(&players)[0], "BotA", "free first");
    players.name_filter = "O".into();
    assert_eq!(handles(&players), ["BotA", "Carol"]);
    players.name_filter.clear();
    players.free_only = true;
    assert_eq!(handles(&players), ["BotA"]);
    players.free_only = false;
    players.min_rating = 1600;
    players.max_rating = 2000;
    assert_eq!(handles(&players), ["BotA"]);
}

#[test]
fn refresh_waits_for_the_listings_and_the_interval() {
    let mut players = Players::default();
    assert!(players.refresh_due(Duration::ZERO));
    players.asked(WhoCategory::Blitz, Duration::from_secs(5));
    assert!(
        !players.refresh_due(Duration::from_secs(100)),
        "still on its way"
    );
    players.answered(WhoCategory::Blitz, &[]);
    assert!(!players.refresh_due(Duration::from_secs(64)));
    assert!(players.refresh_due(Duration::from_secs(65)));
    players.asked(WhoCategory::Blitz, Duration::from_secs(65));
    players.forget_asked();
    assert!(!players.refresh_due(Duration::from_secs(66)));
    // Someone arrives: asked about 5 s after the last listing, not 60.
    players.apply(&arrival("Erin", true));
    assert!(players.refresh_due(Duration::from_secs(70)));
    listing(&mut players, WhoCategory::Blitz, &["1600 Erin"]);
    assert_eq!(players.next_refresh(), Some(Duration::from_secs(60)));
}

#[test]
fn the_servers_word_that_a_player_is_not_online_or_not_open() {
    let mut players = three_listings();
    players.apply(&Event::Notice(Notice::NotOnline {
        handle: "carol".into(),
    }));
    assert_eq!(players.len(), 3);
    assert!(players.get("Carol").is_none());
    players.apply(&Event::Notice(Notice::NotOpen {
        handle: "BotA".into(),
        bughouse: false,
    }));
    assert_eq!(
        players.get("BotA").map(|p| p.status),
        Some(PlayerStatus::Closed)
    );
    // Not open for bughouse says nothing of other challenges.
    players.apply(&Event::Notice(Notice::NotOpen {
        handle: "RndA".into(),
        bughouse: true,
    }));
    assert_ne!(
        players.get("RndA").map(|p| p.status),
        Some(PlayerStatus::Closed)
    );
}
