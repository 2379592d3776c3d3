use super::*;
use crate::local_time::TimeOfDay;

/// The tabs and speakers come from the typed chat event the decoder
/// gives after a line's text.
#[test]
fn chat_lines_go_to_their_tabs_by_their_typed_reading() {
    let mut console = Console::default();
    let mut events = Vec::new();
    let mut decoder = crate::protocol::decoder::StreamDecoder::new();
    decoder.push(
        b"Anna(SR)(TM) tells you: hi\n\rBob(53): all\n\rCid(1740)[90] kibitzes: nice\n\rThere is no such game.\n\r",
        &mut events,
    );
    decoder.finish(&mut events);
    for event in &events {
        console.push_event(event, TimeOfDay::default());
    }
    let kinds: Vec<(LineKind, Option<&str>)> = console
        .lines
        .iter()
        .map(|l| (l.kind, l.speaker.as_deref()))
        .collect();
    assert_eq!(
        kinds,
        [
            (LineKind::Chat(Chat::Tell), Some("Anna")),
            (LineKind::Chat(Chat::Channel), Some("Bob")),
            (LineKind::Chat(Chat::Game), Some("Cid")),
            (LineKind::Server, None),
        ]
    );
    // A tab per conversation, each with its line unread.
    let talks: Vec<(String, u32)> = console
        .talks
        .iter()
        .map(|t| (t.conversation.title(), t.unread))
        .collect();
    assert_eq!(
        talks,
        [
            ("Anna".to_owned(), 1),
            ("53 guest chat".to_owned(), 1),
            ("Game 90".to_owned(), 1)
        ]
    );
    let anna = ConsoleTab::Talk(Conversation::Person("anna".into()));
    let shown: Vec<&str> = console
        .lines
        .iter()
        .filter(|l| anna.shows(l))
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(shown, ["Anna(SR)(TM) tells you: hi"]);
    console.show_tab(anna);
    assert_eq!(console.talks[0].unread, 0, "read once shown");
    // Said in her tab: a tell to her; a leading `/` is a command.
    console.input = "hello".into();
    assert_eq!(
        console.submit().and_then(|c| c.to_line().ok()).as_deref(),
        Some("tell Anna hello")
    );
    console.input = "/games".into();
    assert_eq!(console.submit(), Some(Command::Raw("games".into())));
    // The user's own tell goes in the tab too; a closed tab comes back
    // with the next line.
    let bye = Command::Tell {
        to: "Anna".into(),
        text: "bye".into(),
    };
    console.echo(&bye, TimeOfDay::default());
    assert_eq!(
        console.lines.back().and_then(|l| l.conversation.clone()),
        Some(Conversation::Person("Anna".into()))
    );
    console.close_tab(&Conversation::Person("Anna".into()));
    assert_eq!(console.tab, ConsoleTab::All);
    assert_eq!(console.talks.len(), 2);
    // Completion knows the speakers.
    console.input = "tell an".into();
    console.complete();
    assert_eq!(console.input, "tell Anna ");
}

#[test]
fn tab_completes_commands_and_handles() {
    let mut console = Console::default();
    console.remember_handle("BotAnna");
    console.input = "obs".into();
    console.complete();
    assert_eq!(console.input, "observe ");
    console.input = "tell bota".into();
    console.complete();
    assert_eq!(console.input, "tell BotAnna ");
    console.input = "tell zz".into();
    console.complete();
    assert_eq!(console.input, "tell zz");
}

#[test]
fn character_references_are_shown_as_characters() {
    assert_eq!(
        unescape_char_refs("&#x2659;&#x265a; Thank you &#xe0;"),
        "PK Thank you \u{e0}"
    );
    assert_eq!(
        unescape_char_refs("a &#xZZ; b &#x; &#x1"),
        "a &#xZZ; b &#x; &#x1"
    );
    assert_eq!(unescape_char_refs("&#x7;bell"), "&#x7;bell");
}

#[test]
fn history_recalls_the_last_commands() {
    let mut console = Console::default();
    for line in ["games", "observe 7", "observe 7"] {
        console.input = line.into();
        console.submit();
    }
    assert_eq!(console.history, ["games", "observe 7"]);
    console.recall(true);
    assert_eq!(console.input, "observe 7");
    console.recall(true);
    assert_eq!(console.input, "games");
    console.recall(false);
    assert_eq!(console.input, "observe 7");
    console.recall(false);
    assert_eq!(console.input, "");
}

#[test]
fn scrollback_is_bounded_and_unparsed_lines_are_kept() {
    let mut console = Console::default();
    for i in 0..SCROLLBACK + 10 {
        console.push_event(&Event::Text(format!("line {i}")), TimeOfDay::default());
    }
    assert_eq!(console.lines.len(), SCROLLBACK);
    let broken = Event::Unparsed {
        line: "<12> broken".into(),
        error: "x".into(),
    };
    console.push_event(&broken, TimeOfDay::default());
    assert_eq!(
        console.lines.back().map(|l| l.kind),
        Some(LineKind::Unparsed)
    );
}

#[test]
fn the_handle_counts_as_a_word_of_its_own_in_any_case() {
    assert!(mentions("BotA tells you: hi KibUser", "KibUser"));
    assert!(mentions("kibuser, are you there?", "KibUser"));
    assert!(mentions("(KibUser)", "KibUser"));
    assert!(!mentions("There are 12 guests online", "guest"));
    assert!(!mentions("KibUsers unite", "KibUser"));
    assert!(!mentions("anything", ""));
}

/// A line shows the time it is given (the console reads no clock).
#[test]
fn a_line_shows_the_time_it_came() {
    let mut console = Console::default();
    let at = TimeOfDay { hour: 9, minute: 5 };
    console.push_event(&Event::Text("Welcome".into()), at);
    console.push_note(
        "saved",
        TimeOfDay {
            hour: 23,
            minute: 59,
        },
    );
    let times: Vec<&str> = console.lines.iter().map(|l| l.time.as_str()).collect();
    assert_eq!(times, ["09:05", "23:59"]);
}

/// The event bots' qtells, their announcements and t-shouts fill one
/// Events tab; the server's own announcement is no tab's.
#[test]
fn event_bots_lines_go_to_the_events_tab() {
    let mut console = Console::default();
    let mut events = Vec::new();
    let mut decoder = crate::protocol::decoder::StreamDecoder::new();
    decoder.push(
        b":mamer TOURNEY #31 UPDATE: BotA has joined tourney #31 (seed: 1, score: 0); 2 players now!\n\r    **ANNOUNCEMENT** from relay: FICS is relaying the Tata Steel Masters.\n\r:mamer(TD) t-shouts: The Nightly starts in 5 minutes\n\r    **ANNOUNCEMENT** from ROBOadmin: the server restarts\n\r:just a qtell\n\r",
        &mut events,
    );
    decoder.finish(&mut events);
    for event in &events {
        console.push_event(event, TimeOfDay::default());
    }
    let kept: Vec<&str> = console
        .kept
        .iter()
        .filter(|(c, _)| *c == Conversation::Events)
        .map(|(_, text)| text.as_str())
        .collect();
    // The update, relay's announcement, the t-shout, the qtell no record
    // reads; not the server's own announcement.
    assert_eq!(kept.len(), 4, "{kept:?}");
    assert!(kept[1].contains("Tata Steel"));
    assert_eq!(kept[3], ":just a qtell");
    let talks: Vec<(String, u32)> = console
        .talks
        .iter()
        .map(|t| (t.conversation.title(), t.unread))
        .collect();
    assert_eq!(talks, [("Events".to_owned(), 4)]);
    assert_eq!(
        Conversation::Events
            .message("standings 31")
            .to_line()
            .unwrap(),
        "tell mamer standings 31"
    );
}
