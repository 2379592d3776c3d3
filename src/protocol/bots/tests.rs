//! Each record on a line as the bots print it (written from the formats
//! FICS's help, Free Chess Club and lichess's relay importer read), and
//! lines that only look like one.

use super::koth::{KothEntry, KothLine};
use super::relay::RelayLine;
use super::tourney::{GridRow, RoundResult, TourneyEntry, TourneyLine, TourneyUpdate};
use super::{BotLine, parse_bot_line};

fn relay(line: &str) -> RelayLine {
    match parse_bot_line(line) {
        Some(BotLine::Relay(r)) => r,
        other => panic!("{line:?} read as {other:?}"),
    }
}

fn tourney(line: &str) -> TourneyLine {
    match parse_bot_line(line) {
        Some(BotLine::Tourney(t)) => t,
        other => panic!("{line:?} read as {other:?}"),
    }
}

fn koth(line: &str) -> KothLine {
    match parse_bot_line(line) {
        Some(BotLine::Koth(k)) => k,
        other => panic!("{line:?} read as {other:?}"),
    }
}

#[test]
fn relay_tourney_list() {
    assert_eq!(
        relay(":The following tournaments are currently in progress:"),
        RelayLine::TourneysHeader
    );
    assert_eq!(
        relay(":12   Tata Steel Masters 2026                 Round Started"),
        RelayLine::Tourney {
            id: 12,
            name: "Tata Steel Masters 2026".into(),
            status: "Round Started".into()
        }
    );
    assert_eq!(
        relay(":3 Swedish Championship  Round Over"),
        RelayLine::Tourney {
            id: 3,
            name: "Swedish Championship".into(),
            status: "Round Over".into()
        }
    );
    assert_eq!(
        relay(":There are no tournaments in progress."),
        RelayLine::NoTourneys
    );
}

#[test]
fn relay_games() {
    assert_eq!(
        relay(":There are 7 games in the Tata Steel Masters 2026"),
        RelayLine::GamesHeader {
            count: 7,
            tourney: "Tata Steel Masters 2026".into()
        }
    );
    assert_eq!(
        relay(":There is 1 game in Swedish Championship."),
        RelayLine::GamesHeader {
            count: 1,
            tourney: "Swedish Championship".into()
        }
    );
    assert_eq!(
        relay(":104  Carlsen         Giri            *       C65"),
        RelayLine::Game {
            game: 104,
            white: "Carlsen".into(),
            black: "Giri".into(),
            result: "*".into(),
            eco: Some("C65".into())
        }
    );
    assert_eq!(
        relay(":98 Anand Nakamura 1/2-1/2 B90"),
        RelayLine::Game {
            game: 98,
            white: "Anand".into(),
            black: "Nakamura".into(),
            result: "1/2-1/2".into(),
            eco: Some("B90".into())
        }
    );
    assert_eq!(
        relay(":There is no tournament with id 99."),
        RelayLine::NoSuchTourney { id: 99 }
    );
    assert_eq!(
        relay(":KibUser will be notified of relayed tournament at login."),
        RelayLine::NotifyAtLogin {
            handle: "KibUser".into(),
            on: true
        }
    );
    assert_eq!(
        relay(":lipsticks will no longer be notified of relayed tournament at login."),
        RelayLine::NotifyAtLogin {
            handle: "lipsticks".into(),
            on: false
        }
    );
}

#[test]
fn tourney_list() {
    assert_eq!(
        tourney(":mamer's tourney list:"),
        TourneyLine::ListHeader {
            manager: "mamer".into()
        }
    );
    assert_eq!(
        tourney(r":| 12 | +open<  | mamer   | 5 0 r SS\5     | 2026.1128.2200 |"),
        TourneyLine::Entry(TourneyEntry {
            id: 12,
            status: "open".into(),
            joinable: true,
            joined: false,
            running: true,
            manager: "mamer".into(),
            terms: r"5 0 r SS\5".into(),
            starts: Some("2026.1128.2200".into()),
        })
    );
    let TourneyLine::Entry(joined) =
        tourney(r":|  7 | >started< | BotH | 3 0 u RR\4 | -------------- |")
    else {
        panic!()
    };
    assert!(joined.joined && joined.running && !joined.joinable);
    assert_eq!(joined.starts, None);
    let TourneyLine::Entry(done) =
        tourney(r":|  5 | done     | mamer | 2 12 r SS\7 | 2026.1127.2200 |")
    else {
        panic!()
    };
    assert!(!done.running && !done.joinable && done.status == "done");
    assert_eq!(
        tourney(":Listed: 3 tourneys"),
        TourneyLine::Listed { count: 3 }
    );
}

#[test]
fn tourney_news() {
    assert_eq!(
        tourney(":mamer TOURNEY INFO: *** The Nightly 5 0 at 22:00 ***"),
        TourneyLine::Title {
            name: "The Nightly 5 0 at 22:00".into()
        }
    );
    assert_eq!(
        tourney(":Tourney #12, a 5 0 rated blitz Swiss, has been opened!"),
        TourneyLine::Opened {
            id: 12,
            what: "5 0 rated blitz Swiss".into()
        }
    );
    assert_eq!(
        tourney(
            ":mamer TOURNEY #12 UPDATE: BotA has joined tourney #12 (seed: 1, score: 0); 3 players now!"
        ),
        TourneyLine::Update {
            id: 12,
            update: TourneyUpdate::Joined {
                handle: "BotA".into(),
                players: 3
            }
        }
    );
    assert_eq!(
        tourney(":mamer TOURNEY #12 UPDATE: BotA withdrew from tourney #12; 2 players now."),
        TourneyLine::Update {
            id: 12,
            update: TourneyUpdate::Withdrew {
                handle: "BotA".into(),
                players: 2
            }
        }
    );
    for (said, update) in [
        ("Tourney #12 has started!", TourneyUpdate::Started),
        ("Tourney #12 has been closed!", TourneyUpdate::Closed),
        ("The tourney has ended.", TourneyUpdate::Ended),
        (
            "Round 2 has begun.",
            TourneyUpdate::Said {
                text: "Round 2 has begun.".into(),
            },
        ),
    ] {
        assert_eq!(
            tourney(&format!(":mamer TOURNEY #12 UPDATE: {said}")),
            TourneyLine::Update { id: 12, update }
        );
    }
    assert_eq!(
        tourney(":mamer TOURNEY INFO: Tourney #12 has been aborted!"),
        TourneyLine::Aborted { id: 12 }
    );
    assert_eq!(
        tourney(":You have joined tourney #12."),
        TourneyLine::YouJoined { id: 12 }
    );
    assert_eq!(
        tourney(":You withdrew from tourney #12."),
        TourneyLine::YouWithdrew { id: 12 }
    );
    assert_eq!(
        tourney(":Your TourneyInfo variable has been set to On."),
        TourneyLine::Variable {
            name: "TourneyInfo".into(),
            value: "On".into()
        }
    );
    assert_eq!(
        tourney(":TourneyInfo:      Off"),
        TourneyLine::Variable {
            name: "TourneyInfo".into(),
            value: "Off".into()
        }
    );
    assert_eq!(parse_bot_line(":Language:      English"), None);
    assert_eq!(
        tourney(":You are now observing tourney #12."),
        TourneyLine::Observing { id: 12, on: true }
    );
}

#[test]
fn tourney_players_and_grid() {
    assert_eq!(
        tourney(":Tourney #12's player list:"),
        TourneyLine::PlayersHeader { id: 12 }
    );
    let TourneyLine::Player(p) = tourney(":|  2 | +BotB(1450)    | +playing |") else {
        panic!()
    };
    assert_eq!(
        (p.seed, p.handle.as_str(), p.rating.as_str()),
        (2, "BotB", "1450")
    );
    assert_eq!(p.status, "playing");
    let TourneyLine::Player(titled) = tourney(":|  1 | -GMFoo(GM)(2600) | waiting |") else {
        panic!()
    };
    assert_eq!(titled.handle, "GMFoo");
    assert_eq!(
        tourney(":Tourney #12's standard grid:"),
        TourneyLine::GridHeader { id: 12 }
    );
    assert_eq!(
        tourney(":|  1 | +BotA(1500)   | +2w =3b -bye  |"),
        TourneyLine::GridRow(GridRow {
            seed: 1,
            handle: "BotA".into(),
            rating: "1500".into(),
            rounds: vec![
                RoundResult {
                    result: '+',
                    opponent_seed: Some(2),
                    white: Some(true)
                },
                RoundResult {
                    result: '=',
                    opponent_seed: Some(3),
                    white: Some(false)
                },
                RoundResult {
                    result: '-',
                    opponent_seed: None,
                    white: None
                },
            ],
            score_halves: 3,
        })
    );
}

#[test]
fn koth_lines() {
    assert_eq!(
        koth(":mamer's KOTH list:"),
        KothLine::ListHeader {
            manager: "mamer".into()
        }
    );
    assert_eq!(
        koth(":|  1 | Yes  | 5 0 r   | BotA     | 42    |"),
        KothLine::Entry(KothEntry {
            id: 1,
            open: true,
            terms: "5 0 r".into(),
            king: Some("BotA".into()),
            game: Some(42)
        })
    );
    assert_eq!(
        koth(":|  2 | Yes  | 15 0 r  | -        | -     |"),
        KothLine::Entry(KothEntry {
            id: 2,
            open: true,
            terms: "15 0 r".into(),
            king: None,
            game: None
        })
    );
    assert_eq!(koth(":Total: 2 KOTHs"), KothLine::Total { count: 2 });
    assert_eq!(
        koth(":mamer KOTH INFO: BotA is the new king of KOTH #1, a 5 0 r!"),
        KothLine::NewKing {
            id: 1,
            king: "BotA".into()
        }
    );
    assert_eq!(
        koth(":mamer KOTH INFO: BotA abdicated as king of KOTH #1!"),
        KothLine::ThroneEmpty {
            id: 1,
            king: "BotA".into()
        }
    );
    assert_eq!(
        koth(":mamer KOTH INFO: BotA, the king of KOTH #1, has started a game with BotB."),
        KothLine::GameStarted {
            id: 1,
            king: "BotA".into(),
            challenger: "BotB".into()
        }
    );
    assert_eq!(
        koth(
            ":BotA, the current king of KOTH #1, a 5 0 r, defended the title against BotB and is still the king!"
        ),
        KothLine::Defended {
            id: 1,
            king: "BotA".into(),
            challenger: "BotB".into()
        }
    );
    assert_eq!(
        koth(":mamer KOTH INFO: The throne of KOTH #2, a 15 0 r, is still empty."),
        KothLine::StillEmpty { id: 2 }
    );
    assert_eq!(
        koth(":BotA, the king of KOTH #1, has a record of 3 victories, 1 loss and 0 draws."),
        KothLine::Record {
            id: 1,
            wins: 3,
            losses: 1,
            draws: 0
        }
    );
    assert_eq!(
        koth(":You will now be following KOTH #1."),
        KothLine::Following { id: Some(1) }
    );
    assert_eq!(
        koth(":You will not follow any KOTH."),
        KothLine::Following { id: None }
    );
}

#[test]
fn other_lines_are_no_record() {
    for line in [
        "12   Tata Steel Masters 2026   Round Started",
        ":",
        "::",
        ":hello there",
        ":mamer(TD) t-shouts: The Nightly starts in 5 minutes",
        ":104 Carlsen Giri * C65 extra",
        ":104 Carlsen Giri won C65",
        ":| a | b |",
        ":|  1 | Maybe | 5 0 r | BotA | 42 |",
        ":min/avg/max/mdev = 131.497/132.073/132.718/0.460 ms",
        ":Tourney #12 is great",
        ":You have joined tourney #12 and more",
    ] {
        assert_eq!(parse_bot_line(line), None, "{line:?}");
    }
    let long = format!(":There are 3 games in the {}", "x".repeat(500));
    assert_eq!(parse_bot_line(&long), None);
}
