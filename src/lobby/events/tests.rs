//! The events model fed the bots' lines through the decoder, as the server
//! sends them.

use super::*;
use crate::protocol::decoder::LineDecoder;

fn fed(events: &mut ServerEvents, lines: &[&str]) {
    let mut decoder = LineDecoder::new();
    for line in lines {
        let mut out = Vec::new();
        decoder.decode((*line).to_owned(), &mut out);
        for event in &out {
            events.apply(event);
        }
    }
}

#[test]
fn relayed_tournaments_and_their_games() {
    let mut events = ServerEvents::default();
    assert_eq!(events.ask_all().len(), 5);
    fed(
        &mut events,
        &[
            ":The following tournaments are currently in progress:",
            ":12   Tata Steel Masters 2026                 Round Started",
            ":14   Gibraltar Open                          Round Over",
            ":There are 2 games in the Tata Steel Masters 2026",
            ":104  Carlsen         Giri            *       C65",
            ":105  Anand           Nakamura        1-0     B90",
        ],
    );
    assert_eq!(events.relays.len(), 2);
    let tata = events.relay(12).unwrap();
    assert_eq!(tata.games.len(), 2);
    assert_eq!(tata.games[0].white, "Carlsen");
    // A relayed game ends: its result is known at once.
    fed(
        &mut events,
        &["{Game 104 (Carlsen vs. Giri) Giri resigns} 1-0"],
    );
    assert_eq!(events.relay(12).unwrap().games[0].result, "1-0");
    // Listed again without Gibraltar: it is over.
    fed(
        &mut events,
        &[
            ":The following tournaments are currently in progress:",
            ":12   Tata Steel Masters 2026                 Round Started",
            ":There are 1 games in the Tata Steel Masters 2026",
            ":110  Carlsen         Anand           *       C42",
        ],
    );
    assert_eq!(events.relays.len(), 1);
    assert_eq!(events.relay(12).unwrap().games.len(), 1);
    // A games list for a tournament asked by id but not listed: named.
    let ask = events.ask_games(20);
    assert_eq!(ask.to_line().unwrap(), "tell relay listgames 20");
    fed(
        &mut events,
        &[
            ":There are 1 games in the Women's Candidates",
            ":120 Ju Lei * E20",
        ],
    );
    assert_eq!(events.relay(20).unwrap().name, "Women's Candidates");
    // A row without a header before it is nobody's.
    let mut fresh = ServerEvents::default();
    fed(
        &mut fresh,
        &[":104  Carlsen         Giri            *       C65"],
    );
    assert!(fresh.relays.is_empty());
}

#[test]
fn tournaments_joined_and_standings() {
    let mut events = ServerEvents::default();
    fed(
        &mut events,
        &[
            ":mamer's tourney list:",
            r":| 12 | +open<  | mamer   | 5 0 r SS\5     | 2026.1128.2200 |",
            r":|  5 | done     | mamer   | 2 12 r SS\7    | 2026.1127.2200 |",
            ":Listed: 2 tourneys",
        ],
    );
    assert_eq!(events.tourneys.len(), 2);
    assert!(events.tourney(12).unwrap().entry.joinable);
    fed(
        &mut events,
        &[
            ":You have joined tourney #12.",
            ":mamer TOURNEY #12 UPDATE: KibUser has joined tourney #12 (seed: 3, score: 0); 3 players now!",
        ],
    );
    let t = events.joined().unwrap();
    assert_eq!((t.entry.id, t.players), (12, Some(3)));
    // Paired: the user's game of the tournament starts, and ends.
    fed(
        &mut events,
        &[
            "**** Starting FICS session as KibUser ****",
            "{Game 55 (BotA vs. KibUser) Creating rated blitz match.}",
        ],
    );
    let (game, opponent, white) = events.joined().unwrap().your_game.clone().unwrap();
    assert_eq!((game, opponent.as_str(), white), (55, "BotA", false));
    fed(
        &mut events,
        &["{Game 55 (BotA vs. KibUser) BotA resigns} 0-1"],
    );
    let t = events.joined().unwrap();
    assert_eq!(t.your_game, None);
    assert_eq!(t.your_last.as_deref(), Some("You won against BotA (0-1)"));
    assert_eq!(events.take_standings_due(), Some(12));
    assert_eq!(events.take_standings_due(), None);
    fed(
        &mut events,
        &[
            ":Tourney #12's standard grid:",
            ":|  1 | +BotA(1500)   | +3w           |",
            ":|  2 | -BotB(1450)   | =bye          |",
            ":|  3 | -KibUser(1400) | -1b          |",
        ],
    );
    assert_eq!(events.tourney(12).unwrap().grid.len(), 3);
    fed(
        &mut events,
        &[
            ":mamer TOURNEY #12 UPDATE: The tourney has ended.",
            ":You withdrew from tourney #12.",
        ],
    );
    let t = events.tourney(12).unwrap();
    assert!(!t.entry.running && !t.entry.joined && !t.entry.joinable);
    // A new tournament opened, with its name the line before.
    fed(
        &mut events,
        &[
            ":mamer TOURNEY INFO: *** The Nightly 5 0 at 22:00 ***",
            ":Tourney #13, a 5 0 rated blitz Swiss, has been opened!",
        ],
    );
    let t = events.tourney(13).unwrap();
    assert_eq!(t.title(), "The Nightly 5 0 at 22:00");
    assert!(t.entry.joinable);
    fed(
        &mut events,
        &[":mamer TOURNEY INFO: Tourney #13 has been aborted!"],
    );
    assert!(events.tourney(13).is_none());
}

#[test]
fn king_of_the_hill() {
    let mut events = ServerEvents::default();
    fed(
        &mut events,
        &[
            ":mamer's KOTH list:",
            ":|  1 | Yes  | 5 0 r   | -        | -     |",
            ":|  2 | Yes  | 15 0 r  | BotA     | -     |",
            ":Total: 2 KOTHs",
            ":mamer KOTH INFO: BotB is the new king of KOTH #1, a 5 0 r!",
            ":mamer KOTH INFO: BotA, the king of KOTH #2, has started a game with BotC.",
            "{Game 77 (BotC vs. BotA) Creating rated standard match.}",
        ],
    );
    assert_eq!(events.koths[0].entry.king.as_deref(), Some("BotB"));
    assert_eq!(events.koths[1].entry.game, Some(77));
    assert_eq!(events.koths[1].challenger.as_deref(), Some("BotC"));
    fed(&mut events, &["{Game 77 (BotC vs. BotA) BotC resigns} 0-1"]);
    assert_eq!(events.koths[1].entry.game, None);
    fed(
        &mut events,
        &[":mamer KOTH INFO: BotB abdicated as king of KOTH #1!"],
    );
    assert_eq!(events.koths[0].entry.king, None);
}

#[test]
fn the_bots_refusal_and_their_notice_at_login() {
    let mut events = ServerEvents::default();
    // Unasked at login: the relay bot tells only those who want it.
    fed(
        &mut events,
        &[
            ":The following tournaments are currently in progress:",
            ":Unable to comply. BotE is not accepting challenges now.",
        ],
    );
    assert_eq!(events.relay_at_login, Some(true));
    assert_eq!(
        events.refusal.as_deref(),
        Some("Unable to comply. BotE is not accepting challenges now.")
    );
    // Asked by Kibitz: no news of the setting.
    let mut asked = ServerEvents::default();
    asked.ask_all();
    fed(
        &mut asked,
        &[":The following tournaments are currently in progress:"],
    );
    assert_eq!(asked.relay_at_login, None);
}

#[test]
fn a_bot_not_on_the_server_is_said() {
    let mut events = ServerEvents::default();
    fed(&mut events, &["relay is not logged in."]);
    assert!(events.absent.contains("relay"));
    // The old FICS's and FatICS's words.
    fed(
        &mut events,
        &[
            "No user named \"mamer\" is logged in.",
            "No player named \"relay\" is online.",
        ],
    );
    assert!(events.absent.contains("mamer"));
    events.ask_all();
    assert!(events.absent.is_empty());
}
