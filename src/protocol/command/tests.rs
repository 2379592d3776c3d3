use super::ascii::transliterate;
use super::*;

type TestResult = Result<(), CommandError>;

fn line(command: Command) -> Result<String, CommandError> {
    command.to_line()
}

fn tell(to: &str, text: &str) -> Command {
    Command::tell(to, text)
}

#[test]
fn login_lines() -> TestResult {
    assert_eq!(line(Command::Login("guest".into()))?, "guest");
    assert_eq!(line(Command::Login("BotB".into()))?, "BotB");
    assert_eq!(
        line(Command::Password(Secret::new("s3cr et!")))?,
        "s3cr et!"
    );
    assert_eq!(line(Command::EnterAsGuest)?, "");
    Ok(())
}

#[test]
fn game_lines() -> TestResult {
    let cases = [
        (Command::Observe(ObserveTarget::Game(12)), "observe 12"),
        (
            Command::Observe(ObserveTarget::Player("MAd".into())),
            "observe MAd",
        ),
        (Command::Unobserve(None), "unobserve"),
        (Command::Unobserve(Some(7)), "unobserve 7"),
        (Command::Moves(42), "moves 42"),
        (Command::Refresh(None), "refresh"),
        (Command::Refresh(Some(3)), "refresh 3"),
        (Command::Games, "games"),
        (Command::Unseek(None), "unseek"),
        (Command::Unseek(Some(4)), "unseek 4"),
        (Command::Play(17), "play 17"),
        (Command::Sought, "sought"),
        (Command::Accept(None), "accept"),
        (Command::Accept(Some(2)), "accept 2"),
        (Command::Decline(None), "decline"),
        (Command::Decline(Some(5)), "decline 5"),
        (Command::Withdraw(None), "withdraw"),
        (Command::Withdraw(Some(1)), "withdraw 1"),
        (Command::WithdrawTo("BotA".into()), "withdraw BotA"),
        (Command::Channels(None), "showlist channel"),
        (Command::Channels(Some((50, true))), "addlist channel 50"),
        (Command::Channels(Some((4, false))), "sublist channel 4"),
        (Command::Draw, "draw"),
        (Command::Resign, "resign"),
        (Command::Abort, "abort"),
        (Command::Flag, "flag"),
        (Command::Takeback(2), "takeback 2"),
        (Command::Moretime(60), "moretime 60"),
        (Command::KeepAlive, "date"),
        (Command::Probe, ""),
    ];
    for (command, expected) in cases {
        assert_eq!(line(command)?, expected);
    }
    Ok(())
}

#[test]
fn move_lines() -> TestResult {
    let e4 = MoveText::normal(Square::E2, Square::E4, None);
    assert_eq!(line(Command::Move(e4))?, "e2-e4");
    let promo = MoveText::normal(Square::E7, Square::E8, Some(Role::Queen));
    assert_eq!(promo.to_string(), "e7-e8=q");
    let under = MoveText::normal(Square::B2, Square::A1, Some(Role::Knight));
    assert_eq!(under.to_string(), "b2-a1=n");
    assert_eq!(MoveText::castle_short().to_string(), "o-o");
    assert_eq!(MoveText::castle_long().to_string(), "o-o-o");
    assert_eq!(MoveText::drop(Role::Pawn, Square::E4).to_string(), "P@e4");
    assert_eq!(MoveText::drop(Role::Knight, Square::F7).to_string(), "N@f7");
    Ok(())
}

#[test]
fn setup_lines() -> TestResult {
    assert_eq!(line(Command::Setup(SetupStep::Style12))?, "set style 12");
    assert_eq!(line(Command::Setup(SetupStep::Lock))?, "iset lock 1");
    assert_eq!(
        line(Command::Setup(SetupStep::Interface))?,
        format!("set interface Kibitz {}", env!("CARGO_PKG_VERSION"))
    );
    Ok(())
}

#[test]
fn setup_sequence_is_complete_and_ends_with_lock() {
    let lines: Vec<String> = setup_sequence().iter().map(|s| s.to_string()).collect();
    let interface = format!("set interface Kibitz {}", env!("CARGO_PKG_VERSION"));
    let expected = [
        "iset block 1",
        "set style 12",
        "iset nowrap 1",
        "iset defprompt 1",
        "iset ms 1",
        "iset seekinfo 1",
        "iset seekremove 1",
        "iset pendinfo 1",
        "iset gameinfo 1",
        "iset startpos 1",
        "iset pin 1",
        "set bell 0",
        "set ptime 0",
        &interface,
        "iset lock 1",
    ];
    assert_eq!(lines, expected);
    assert_eq!(setup_sequence().last(), Some(&SetupStep::Lock));
}

#[test]
fn seek_lines() -> TestResult {
    let full = SeekParams {
        time_min: 5,
        increment_s: 0,
        rated: true,
        color: Some(Color::White),
        variant: Some("crazyhouse".into()),
        rating_range: Some((1200, 1800)),
        manual: true,
        formula: true,
    };
    assert_eq!(
        line(Command::Seek(full))?,
        "seek 5 0 rated white m f 1200-1800 crazyhouse"
    );
    let plain = SeekParams {
        time_min: 15,
        increment_s: 10,
        ..SeekParams::default()
    };
    assert_eq!(line(Command::Seek(plain))?, "seek 15 10 unrated");
    let fr = SeekParams {
        time_min: 3,
        increment_s: 2,
        color: Some(Color::Black),
        variant: Some("  wild   fr ".into()),
        ..SeekParams::default()
    };
    assert_eq!(line(Command::Seek(fr))?, "seek 3 2 unrated black wild fr");
    Ok(())
}

#[test]
fn seek_errors() {
    let backwards = SeekParams {
        rating_range: Some((1800, 1200)),
        ..SeekParams::default()
    };
    assert_eq!(
        line(Command::Seek(backwards)),
        Err(CommandError::BadRatingRange(1800, 1200))
    );
    for bad in ["", "  ", "crazyhouse\u{0}", "wild-fr", "atomic;x"] {
        let params = SeekParams {
            variant: Some(bad.into()),
            ..SeekParams::default()
        };
        assert_eq!(
            line(Command::Seek(params)),
            Err(CommandError::BadVariant(bad.into()))
        );
    }
}

#[test]
fn match_lines() -> TestResult {
    let m = MatchParams {
        handle: "BotB".into(),
        time_min: Some(3),
        increment_s: Some(0),
        rated: false,
        color: Some(Color::White),
        variant: None,
    };
    assert_eq!(line(Command::Match(m))?, "match BotB 3 0 unrated white");
    let defaults = MatchParams {
        handle: "BotB".into(),
        rated: true,
        ..MatchParams::default()
    };
    assert_eq!(line(Command::Match(defaults))?, "match BotB rated");
    let zh = MatchParams {
        handle: "BotB".into(),
        time_min: Some(2),
        variant: Some("wild/fr".into()),
        ..MatchParams::default()
    };
    assert_eq!(line(Command::Match(zh))?, "match BotB 2 unrated wild/fr");
    Ok(())
}

#[test]
fn match_errors() {
    let lone_inc = MatchParams {
        handle: "BotB".into(),
        increment_s: Some(5),
        ..MatchParams::default()
    };
    assert_eq!(
        line(Command::Match(lone_inc)),
        Err(CommandError::IncrementWithoutTime)
    );
    let bad_handle = MatchParams {
        handle: "Bot B".into(),
        ..MatchParams::default()
    };
    assert_eq!(
        line(Command::Match(bad_handle)),
        Err(CommandError::BadHandle("Bot B".into()))
    );
}

#[test]
fn chat_lines() -> TestResult {
    assert_eq!(line(tell("BotB", "hello there"))?, "tell BotB hello there");
    assert_eq!(line(Command::Say("gg".into()))?, "say gg");
    assert_eq!(
        line(Command::Kibitz("nice move".into()))?,
        "kibitz nice move"
    );
    assert_eq!(line(Command::Whisper("hmm".into()))?, "whisper hmm");
    let channel = Command::ChannelTell {
        channel: 53,
        text: "anyone for bughouse?".into(),
    };
    assert_eq!(line(channel)?, "tell 53 anyone for bughouse?");
    Ok(())
}

#[test]
fn chat_errors() {
    assert_eq!(
        line(Command::ChannelTell {
            channel: 256,
            text: "hi".into()
        }),
        Err(CommandError::BadChannel(256))
    );
    assert_eq!(
        line(Command::Say(" \n\t ".into())),
        Err(CommandError::EmptyText)
    );
    assert_eq!(line(tell("BotB", "")), Err(CommandError::EmptyText));
    assert_eq!(
        line(Command::Kibitz("\u{1f600}".into())),
        Err(CommandError::NotAscii('\u{1f600}'))
    );
    assert_eq!(
        line(Command::Whisper("中".into())),
        Err(CommandError::NotAscii('中'))
    );
}

#[test]
fn newlines_cannot_smuggle_commands() -> TestResult {
    assert_eq!(line(tell("X", "hi\nresign"))?, "tell X hi resign");
    assert_eq!(line(tell("X", "hi\r\nresign"))?, "tell X hi resign");
    assert_eq!(line(Command::Say("a\tb\x07c\x1bd".into()))?, "say a b c d");
    assert_eq!(line(Command::Say("a\u{85}b\u{2028}c".into()))?, "say a b c");
    assert_eq!(line(Command::Say("gg\n".into()))?, "say gg");
    assert_eq!(
        line(Command::Raw("tell X hi\nabort".into()))?,
        "tell X hi abort"
    );
    Ok(())
}

#[test]
fn every_line_is_printable_ascii() -> TestResult {
    let nasty = "a\n\r\t\x00\x7f\u{9b}é–…\u{a0}b";
    let commands = [
        tell("X", nasty),
        Command::Say(nasty.into()),
        Command::Kibitz(nasty.into()),
        Command::Whisper(nasty.into()),
        Command::ChannelTell {
            channel: 1,
            text: nasty.into(),
        },
        Command::Raw(nasty.into()),
    ];
    for command in commands {
        let text = line(command)?;
        assert!(text.bytes().all(|b| matches!(b, b' '..=b'~')), "{text:?}");
    }
    Ok(())
}

#[test]
fn transliteration() -> TestResult {
    assert_eq!(
        line(Command::Say("Café Straße Ærø œuvre".into()))?,
        "say Cafe Strasse AEro oeuvre"
    );
    assert_eq!(
        line(Command::Say("Łódź Dvořák Gödel naïve Şişli".into()))?,
        "say Lodz Dvorak Godel naive Sisli"
    );
    assert_eq!(
        line(Command::Say(
            "\u{201c}it\u{2019}s\u{201d} \u{2018}ok\u{2019}".into()
        ))?,
        "say \"it's\" 'ok'"
    );
    assert_eq!(
        line(Command::Say("a\u{2013}b\u{2014}c\u{2026}\u{a0}d".into()))?,
        "say a-b-c... d"
    );
    Ok(())
}

#[test]
fn transliteration_covers_latin_1_and_extended_a_letters() {
    // Every letter in U+00C0..=U+017F except the two non-letters × and ÷.
    for c in ('\u{c0}'..='\u{17f}').filter(|c| !matches!(c, '×' | '÷')) {
        let ascii = transliterate(c);
        assert!(
            ascii.is_some_and(|s| !s.is_empty() && s.is_ascii()),
            "{c:?} U+{:04X}",
            u32::from(c)
        );
    }
    assert_eq!(transliterate('×'), None);
}

#[test]
fn raw_lines() -> TestResult {
    assert_eq!(line(Command::Raw("$finger".into()))?, "$finger");
    assert_eq!(line(Command::Raw("$$date".into()))?, "$$date");
    assert_eq!(line(Command::Raw(String::new()))?, "");
    assert_eq!(line(Command::Raw("  +censor X".into()))?, "  +censor X");
    assert_eq!(
        line(Command::Raw("tell X ☃".into())),
        Err(CommandError::NotAscii('☃'))
    );
    Ok(())
}

#[test]
fn bad_handles() {
    let long = "a".repeat(18);
    for bad in ["", "Bot1", "Bot B", "Bötb", "a\nresign", long.as_str()] {
        let expected = Err(CommandError::BadHandle(bad.to_owned()));
        assert_eq!(line(Command::Login(bad.into())), expected);
        assert_eq!(line(tell(bad, "hi")), expected);
        assert_eq!(
            line(Command::Observe(ObserveTarget::Player(bad.into()))),
            expected
        );
    }
    assert!(line(Command::Login("a".repeat(17))).is_ok());
    assert!(line(Command::Login("X".into())).is_ok());
}

#[test]
fn bad_passwords_never_leak() {
    for bad in ["", "pass\nword", "päss", "tab\there"] {
        let err = line(Command::Password(Secret::new(bad)));
        assert_eq!(err, Err(CommandError::BadPassword));
    }
    let message = CommandError::BadPassword.to_string();
    assert!(!message.contains("päss"));
}

#[test]
fn secret_is_never_printed() {
    let command = Command::Password(Secret::new("hunter2"));
    let debug = format!("{command:?}");
    assert!(!debug.contains("hunter2"), "{debug}");
    assert!(debug.contains("<password>"));
    let secret = Secret::new("hunter2");
    assert_eq!(format!("{secret}"), "<password>");
    assert_eq!(format!("{secret:?}"), "<password>");
    assert_eq!(format!("{secret:#?}"), "<password>");
    assert_eq!(secret.expose(), "hunter2");
}

#[test]
fn only_passwords_are_sensitive() {
    assert!(Command::Password(Secret::new("x")).is_sensitive());
    assert!(!Command::Login("x".into()).is_sensitive());
    assert!(!Command::Raw("x".into()).is_sensitive());
    assert!(!Command::EnterAsGuest.is_sensitive());
}

#[test]
fn people_commands() {
    use crate::protocol::who::WhoCategory;
    let line = |c: Command| c.to_line().expect("a line");
    assert_eq!(line(Command::Who(WhoCategory::Lightning)), "who L");
    assert_eq!(line(Command::Finger("BotA".into())), "finger BotA");
    assert_eq!(line(Command::History("BotA".into())), "history BotA");
    assert_eq!(line(Command::Notify(ListOp::Show)), "showlist notify");
    assert_eq!(
        line(Command::Notify(ListOp::Add("BotB".into()))),
        "addlist notify BotB"
    );
    assert_eq!(
        line(Command::GameNotify(ListOp::Remove("BotB".into()))),
        "sublist gnotify BotB"
    );
    assert_eq!(line(Command::Partner(Some("BotB".into()))), "partner BotB");
    assert_eq!(line(Command::Partner(None)), "partner");
    assert_eq!(line(Command::PartnerTell("need N".into())), "ptell need N");
    // A handle that is no handle is refused, not sent.
    assert!(Command::Finger("a b".into()).to_line().is_err());
    assert!(
        Command::Notify(ListOp::Add("x;y".into()))
            .to_line()
            .is_err()
    );
}
