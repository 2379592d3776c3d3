use super::*;

fn chat(line: &str) -> ChatLine {
    parse_chat(line).unwrap_or_else(|| panic!("not chat: {line:?}"))
}

#[test]
fn tells_with_titles_and_the_partners() {
    let c = chat("Anna(SR)(TM) tells you: hello");
    assert_eq!(
        (c.kind, c.from.as_str(), c.text.as_str()),
        (ChatKind::Tell, "Anna", "hello")
    );
    assert_eq!(c.titles, ["SR", "TM"]);
    assert_eq!(chat("GuestXYZ(U) tells you: hi").titles, ["U"]);
    let p = chat("BotB (your partner) tells you: need N");
    assert_eq!(
        (p.kind, p.from.as_str(), p.text.as_str()),
        (ChatKind::PartnerTell, "BotB", "need N")
    );
    assert_eq!(p.tab(), Some(Chat::Tell));
}

#[test]
fn channels_and_shouts() {
    let c = chat("Anna(106): hello all");
    assert_eq!((c.kind, c.channel), (ChatKind::Channel, Some(106)));
    let c = chat("Bob(U)(53): hi");
    assert_eq!(
        (c.from.as_str(), c.titles.clone(), c.channel),
        ("Bob", vec!["U".to_owned()], Some(53))
    );
    assert_eq!(chat("TOPIC(1): *** help channel ***").channel, Some(1));
    assert_eq!(chat("Anna shouts: hi").kind, ChatKind::Shout);
    let it = chat("--> Anna waves to everyone");
    assert_eq!(
        (it.kind, it.from.as_str(), it.text.as_str()),
        (ChatKind::ItShout, "Anna", "waves to everyone")
    );
    assert_eq!(chat("Anna(TD) c-shouts: ready").kind, ChatKind::CShout);
    assert_eq!(chat("Anna t-shouts: round 2").kind, ChatKind::TShout);
    assert_eq!(chat("Anna shouts: hi").tab(), Some(Chat::Channel));
}

#[test]
fn game_chat_with_rating_and_game() {
    let k = chat("Bob(1740)[90] kibitzes: nice move");
    assert_eq!(
        (k.kind, k.rating.as_deref(), k.game),
        (ChatKind::Kibitz, Some("1740"), Some(90))
    );
    let w = chat("Cid(C)( 958)[235] whispers: hm");
    assert_eq!(
        (w.kind, w.titles.clone(), w.rating.as_deref(), w.game),
        (
            ChatKind::Whisper,
            vec!["C".to_owned()],
            Some("958"),
            Some(235)
        )
    );
    assert_eq!(
        chat("Dan(----)[5] kibitzes: x").rating.as_deref(),
        Some("----")
    );
    let s = chat("Eve(U)[386] says: gg");
    assert_eq!(
        (s.kind, s.game, s.tab()),
        (ChatKind::Say, Some(386), Some(Chat::Game))
    );
    assert_eq!(chat("Bob says: gg").game, None);
}

#[test]
fn the_servers_words() {
    let t = chat("(told BotA, who is playing)");
    assert_eq!(
        (t.kind, t.from.as_str(), t.text.as_str()),
        (ChatKind::Told, "BotA", "who is playing")
    );
    assert_eq!(chat("(told BotA)").text, "");
    let a = chat("**ANNOUNCEMENT** from relay: Round 3 starts");
    assert_eq!(
        (a.kind, a.from.as_str(), a.text.as_str()),
        (ChatKind::Announcement, "relay", "Round 3 starts")
    );
    assert_eq!(a.tab(), None);
}

#[test]
fn other_lines_are_not_chat() {
    for line in [
        "Game 1 (A vs. B) tells you: x",
        "You are now observing game 4.",
        "Game 97: Olaf requests to take back 1 half move(s).",
        "Creating: Schoon (1171) hadamar ( 978) rated blitz 5 0",
        "--> ",
        "(told two words)",
        "Name(abc1): text",
        "Name(1234): text",
    ] {
        assert_eq!(parse_chat(line), None, "{line:?}");
    }
}

#[test]
fn hostile_lines_are_bounded() {
    let long = format!("Anna tells you: {}", "x".repeat(10_000));
    assert_eq!(chat(&long).text.len(), MAX_TEXT);
}

/// What FICS's bots and it-shouts look like on freechess.org (lines of
/// other clients' test suites): an indented announcement, a t-shout passed
/// on in a bot's qtell, an it-shout whose words follow the handle at once.
#[test]
fn announcements_qtelled_shouts_and_glued_it_shouts() {
    let announced =
        chat("    **ANNOUNCEMENT** from relay: FICS is relaying the Swedish Championship.");
    assert_eq!(
        (announced.kind, announced.from.as_str()),
        (ChatKind::Announcement, "relay")
    );
    let passed =
        chat(":mamer(TD) t-shouts: 1 0 r DRR tourney: \"tell mamer JoinTourney 19\" to join.");
    assert_eq!(
        (passed.kind, passed.from.as_str()),
        (ChatKind::TShout, "mamer")
    );
    assert_eq!(passed.titles, ["TD"]);
    let glued = chat("--> MAd> (ics-auto-salutes 'Mekk)");
    assert_eq!(
        (glued.kind, glued.from.as_str()),
        (ChatKind::ItShout, "MAd")
    );
    assert_eq!(glued.text, "> (ics-auto-salutes 'Mekk)");
    // A qtell of a qtell, and a long run of colons, are no chat.
    assert!(parse_chat("::mamer(TD) t-shouts: hi").is_none());
    assert!(parse_chat(&":".repeat(20_000)).is_none());
}

/// An administrator's `(*)` among the titles (ROBOadmin's welcome).
#[test]
fn an_administrators_star_is_a_title() {
    let welcome =
        chat("ROBOadmin(*)(TD) tells you: Welcome to FICS - the Free Internet Chess Server.");
    assert_eq!(
        (welcome.kind, welcome.from.as_str()),
        (ChatKind::Tell, "ROBOadmin")
    );
    assert_eq!(welcome.titles, ["*", "TD"]);
}
