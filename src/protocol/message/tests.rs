use super::*;

fn end(line: &str) -> GameEnd {
    match parse_message(line) {
        Some(Message::GameEnd(end)) => end,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn game_ends_of_every_kind() {
    let cases = [
        (
            "{Game 2 (BotA vs. BotB) BotB resigns} 1-0",
            EndReason::Resign,
            "1-0",
        ),
        (
            "{Game 4 (BotC vs. BotD) BotD checkmated} 1-0",
            EndReason::Checkmate,
            "1-0",
        ),
        (
            "{Game 1 (BotE vs. BotF) BotE forfeits on time} 0-1",
            EndReason::TimeForfeit,
            "0-1",
        ),
        (
            "{Game 1 (A vs. B) A forfeits by disconnection} 0-1",
            EndReason::Disconnection,
            "0-1",
        ),
        (
            "{Game 3 (BotG vs. BotH) Game drawn by mutual agreement} 1/2-1/2",
            EndReason::Agreement,
            "1/2-1/2",
        ),
        (
            "{Game 1 (BotC vs. BotD) Game drawn by repetition} 1/2-1/2",
            EndReason::Repetition,
            "1/2-1/2",
        ),
        (
            "{Game 1 (A vs. B) Game drawn by the 50 move rule} 1/2-1/2",
            EndReason::FiftyMove,
            "1/2-1/2",
        ),
        (
            "{Game 1 (A vs. B) Game drawn by stalemate} 1/2-1/2",
            EndReason::Stalemate,
            "1/2-1/2",
        ),
        (
            "{Game 1 (A vs. B) Neither player has mating material} 1/2-1/2",
            EndReason::InsufficientMaterial,
            "1/2-1/2",
        ),
        (
            "{Game 1 (A vs. B) A ran out of time and B has no material to mate} 1/2-1/2",
            EndReason::InsufficientMaterial,
            "1/2-1/2",
        ),
        (
            "{Game 5 (AbortA vs. AbortB) Game aborted by mutual agreement} *",
            EndReason::Abort,
            "*",
        ),
        (
            "{Game 1 (DropA vs. DropB) aborted} *",
            EndReason::Abort,
            "*",
        ),
        (
            "{Game 1 (BotF vs. BotE) Game aborted on move 1 by BotF} *",
            EndReason::Abort,
            "*",
        ),
        (
            "{Game 1 (BotC vs. BotD) BotC aborts by disconnection} *",
            EndReason::Abort,
            "*",
        ),
        (
            "{Game 2 (BotA vs. BotB) Game adjourned by mutual agreement} *",
            EndReason::Adjourn,
            "*",
        ),
        (
            "{Game 1 (A vs. B) A lost connection; game adjourned} *",
            EndReason::Adjourn,
            "*",
        ),
        (
            "{Game 9 (A vs. B) Game drawn due to length} 1/2-1/2",
            EndReason::Other,
            "1/2-1/2",
        ),
    ];
    for (line, reason, result) in cases {
        let e = end(line);
        assert_eq!(e.reason, reason, "{line}");
        assert_eq!(e.result.as_str(), result, "{line}");
    }
    let e = end("{Game 2 (BotA vs. BotB) BotB resigns} 1-0");
    assert_eq!(
        (e.game, e.white.as_str(), e.black.as_str()),
        (2, "BotA", "BotB")
    );
    assert_eq!(e.reason_text, "BotB resigns");
}

#[test]
fn game_created_and_continuing() {
    assert_eq!(
        parse_message("{Game 1 (BotG vs. BotH) Creating unrated blitz match.}"),
        Some(Message::GameCreated {
            game: 1,
            white: "BotG".into(),
            black: "BotH".into(),
            continuing: false,
            description: "Creating unrated blitz match.".into()
        })
    );
    assert!(matches!(
        parse_message("{Game 55 (W vs. B) Continuing rated blitz match.}"),
        Some(Message::GameCreated {
            continuing: true,
            game: 55,
            ..
        })
    ));
    assert_eq!(parse_message("{Game 55 (W vs. B) something else}"), None);
    assert_eq!(parse_message("{Game 55 (W vs. B) x} 2-0"), None);
}

#[test]
fn creating_and_observation_headers() {
    let Some(Message::Creating(h)) =
        parse_message("Creating: BotA (1720) BotB (1720) rated blitz 3 2")
    else {
        panic!()
    };
    assert_eq!(
        (h.white.as_str(), h.white_rating.as_str()),
        ("BotA", "1720")
    );
    assert!(h.rated);
    assert_eq!((h.initial_time_min, h.increment_s), (Some(3), Some(2)));
    let Some(Message::ObservationHeader { game, header }) =
        parse_message("Game 1: BotA (----) BotB (----) unrated blitz 3 0")
    else {
        panic!()
    };
    assert_eq!(game, 1);
    assert!(!header.rated);
    assert_eq!(header.black_rating, "----");
    assert_eq!(parse_message("Game 1: BotA moves: e4"), None);
    assert_eq!(
        parse_message("Game 55: A disconnection will be considered a forfeit."),
        None
    );
    assert!(matches!(
        parse_message("Creating: BotC (----) BotD (----) unrated untimed 0 0"),
        Some(Message::Creating(GameHeader {
            initial_time_min: Some(0),
            ..
        }))
    ));
}

/// Ratings under 1000 are padded inside their parentheses (freechess.org,
/// from other clients' test suites).
#[test]
fn headers_with_ratings_under_a_thousand() {
    let Some(Message::Creating(h)) =
        parse_message("Creating: Schoon (1171) hadamar ( 978) rated blitz 5 0")
    else {
        panic!("not read")
    };
    assert_eq!(
        (
            h.black.as_str(),
            h.black_rating.as_str(),
            h.rated,
            h.kind.as_str()
        ),
        ("hadamar", "978", true, "blitz")
    );
    assert_eq!((h.initial_time_min, h.increment_s), (Some(5), Some(0)));
    let Some(Message::ObservationHeader { game, header }) =
        parse_message("Game 222: Johnnyp ( 923) schakeric (1321) rated standard 20 0")
    else {
        panic!("not read")
    };
    assert_eq!(game, 222);
    assert_eq!(header.white_rating, "923");
    assert_eq!(header.kind, "standard");
    let Some(Message::Creating(h)) =
        parse_message("Creating: GuestAB (   0) GuestCD (   0) unrated lightning 1 0")
    else {
        panic!("not read")
    };
    assert_eq!(h.white_rating, "0");
}

/// What observers are told of a game's players' offers is news of that
/// game, not an offer to the user.
#[test]
fn observers_notes_are_the_games() {
    for (line, game, text) in [
        (
            "Game 97: Olaf requests to take back 1 half move(s).",
            97,
            "Olaf requests to take back 1 half move(s).",
        ),
        ("Game 39: BotA offers a draw.", 39, "BotA offers a draw."),
        (
            "Game 39: BotB declines the draw request.",
            39,
            "BotB declines the draw request.",
        ),
        (
            "Game 5: BotA requests to pause the game.",
            5,
            "BotA requests to pause the game.",
        ),
        (
            "Game 5: BotB accepts the unpause request.",
            5,
            "BotB accepts the unpause request.",
        ),
        (
            "Game 12: BotA requests to abort the game.",
            12,
            "BotA requests to abort the game.",
        ),
    ] {
        assert_eq!(
            parse_message(line),
            Some(Message::GameNote {
                game,
                text: text.to_owned()
            }),
            "{line}"
        );
    }
    // To the player asked, it is an offer.
    assert!(matches!(
        parse_message("Olaf would like to take back 1 half move(s)."),
        Some(Message::OfferReceived { .. })
    ));
    assert_eq!(parse_message("Game 1: BotA moves: e4"), None);
}

#[test]
fn session_lines() {
    assert_eq!(
        parse_message("**** Starting FICS session as GuestEIET(U) ****"),
        Some(Message::SessionStarted {
            handle: "GuestEIET".into(),
            titles: vec!["U".into()]
        })
    );
    assert_eq!(
        parse_message("**** Starting FICS session as BotC ****"),
        Some(Message::SessionStarted {
            handle: "BotC".into(),
            titles: vec![]
        })
    );
    assert_eq!(
        parse_message("**** Invalid password! ****"),
        Some(Message::InvalidPassword)
    );
    assert!(matches!(
        parse_message("**** BotA has arrived - you can't both be logged in. ****"),
        Some(Message::Kicked { .. })
    ));
    assert_eq!(
        parse_message("**** BotA is already logged in - kicking them out. ****"),
        Some(Message::KickedOtherSession {
            handle: "BotA".into()
        })
    );
    assert_eq!(
        parse_message("**** Auto-logout because you were idle more than 60 minutes. ****"),
        Some(Message::IdleLogout)
    );
    assert_eq!(parse_message("Logging you out."), Some(Message::LoggingOut));
    assert!(matches!(
        parse_message(
            "Due to abusive behavior, no registered users may use this server from your site."
        ),
        Some(Message::LoginRefused { .. })
    ));
    assert!(matches!(
        parse_message("    **** Server shutting down immediately. ****"),
        Some(Message::ServerShutdown { .. })
    ));
    assert!(matches!(
        parse_message("Sorry, names may be at most 17 characters long.  Try again."),
        Some(Message::LoginRefused { .. })
    ));
}

#[test]
fn observation_examine_and_moves() {
    assert_eq!(
        parse_message("You are now observing game 12."),
        Some(Message::ObservationStarted { game: 12 })
    );
    assert_eq!(
        parse_message("Removing game 2 from observation list."),
        Some(Message::ObservationEnded { game: 2 })
    );
    assert_eq!(
        parse_message("There is no such game."),
        Some(Message::ObserveRefused {
            game: None,
            text: "There is no such game.".into()
        })
    );
    assert_eq!(
        parse_message("Sorry, game 7 is a private game."),
        Some(Message::ObserveRefused {
            game: Some(7),
            text: "Sorry, game 7 is a private game.".into()
        })
    );
    assert!(matches!(
        parse_message("You are already observing the maximum number of games."),
        Some(Message::ObserveRefused { game: None, .. })
    ));
    // Only the whole line: a tell quoting it is no refusal.
    assert_eq!(
        parse_message("BotA tells you: There is no such game."),
        None
    );
    assert_eq!(
        parse_message("You are no longer examining game 1."),
        Some(Message::ExamineEnded { game: 1 })
    );
    assert_eq!(
        parse_message("Game 1 (which you were observing) has no examiners."),
        Some(Message::ExaminersLeft { game: 1 })
    );
    assert_eq!(
        parse_message("Illegal move (e2e5)."),
        Some(Message::IllegalMove {
            attempted: Some("e2e5".into())
        })
    );
    assert_eq!(
        parse_message("Illegal move."),
        Some(Message::IllegalMove { attempted: None })
    );
    assert_eq!(
        parse_message("It is not your move."),
        Some(Message::NotYourMove)
    );
    assert_eq!(
        parse_message("Game 4: Game clock paused."),
        Some(Message::ClockPaused {
            game: 4,
            paused: true
        })
    );
}

#[test]
fn offers_in_words() {
    let offer = |line| match parse_message(line) {
        Some(Message::OfferReceived { from, offer }) => (from, offer),
        other => panic!("{line}: {other:?}"),
    };
    assert_eq!(
        offer("BotG offers you a draw."),
        ("BotG".into(), ProseOffer::Draw)
    );
    assert_eq!(
        offer("BotB offers to be your bughouse partner; type \"partner BotB\" to accept."),
        ("BotB".into(), ProseOffer::Partner)
    );
    // Another name in the command than the offerer's: not an offer we read.
    assert!(
        parse_message("BotB offers to be your bughouse partner; type \"partner BotC\" to accept.")
            .is_none()
    );
    assert_eq!(
        offer("AbortA would like to abort the game; type \"abort\" to accept."),
        ("AbortA".into(), ProseOffer::Abort)
    );
    assert_eq!(
        offer("BotA would like to take back 1 half move(s)."),
        ("BotA".into(), ProseOffer::Takeback { half_moves: 1 })
    );
    assert_eq!(
        offer("BotA would like to take back 2 half-move(s)."),
        ("BotA".into(), ProseOffer::Takeback { half_moves: 2 })
    );
    // `Game 1: BotA requests to take back ...` is what observers are told:
    // a note of game 1 (`observers_notes_are_the_games`), not an offer.
    assert!(matches!(
        offer("Challenge: BotA (----) [white] BotB (----) unrated blitz 3 0."),
        (from, ProseOffer::Match { .. }) if from == "BotA"
    ));
    assert_eq!(
        parse_message("BotB declines the draw request."),
        Some(Message::OfferDeclined {
            by: "BotB".into(),
            what: "draw".into()
        })
    );
}

#[test]
fn ordinary_text_is_not_a_message() {
    for line in [
        "",
        "BotA tells you: {Game 1 (A vs. B) A resigns} 1-0",
        "You accept the challenge of BotA.",
        "Game",
        "{Game x (A vs. B) A resigns} 1-0",
        "{Game 1 A resigns} 1-0",
        "****",
        "Illegal move (",
        "Some person with spaces offers you a draw.",
    ] {
        assert_eq!(parse_message(line), None, "{line}");
    }
}

/// The variant in a header: FatICS writes speed and variant, the old FICS
/// may add the board's file after the times.
#[test]
fn headers_name_their_variant() {
    let Some(Message::Creating(h)) =
        parse_message("Creating: BotA (----) BotB (----) unrated blitz chess960 5 0")
    else {
        panic!("not read")
    };
    assert_eq!(h.kind, "blitz chess960");
    assert_eq!((h.initial_time_min, h.increment_s), (Some(5), Some(0)));
    let Some(Message::Creating(h)) =
        parse_message("Creating: BotC (----) BotD (----) unrated lightning crazyhouse 2 0")
    else {
        panic!("not read")
    };
    assert_eq!(
        crate::protocol::game_type::GameType::parse(&h.kind),
        crate::protocol::game_type::GameType::Crazyhouse
    );
    let Some(Message::ObservationHeader { header, .. }) =
        parse_message("Game 7: BotA (1500) BotB (1500) rated wild 5 0 Loaded from wild/0")
    else {
        panic!("not read")
    };
    assert_eq!(header.kind, "wild/0");
    assert_eq!(header.initial_time_min, Some(5));
}

#[test]
fn examiners_come_and_go_and_back_up() {
    assert_eq!(
        parse_message("puzzlebot has made you an examiner of game 127."),
        Some(Message::Examiner {
            game: 127,
            handle: "puzzlebot".into(),
            change: ExaminerChange::MadeYou
        })
    );
    assert_eq!(
        parse_message("puzzlebot is now an examiner of game 127."),
        Some(Message::Examiner {
            game: 127,
            handle: "puzzlebot".into(),
            change: ExaminerChange::Joined
        })
    );
    assert_eq!(
        parse_message("puzzlebot stopped examining game 127."),
        Some(Message::Examiner {
            game: 127,
            handle: "puzzlebot".into(),
            change: ExaminerChange::Left
        })
    );
    assert_eq!(
        parse_message("Game 127: puzzlebot backs up 1 move."),
        Some(Message::BackedUp {
            game: 127,
            by: "puzzlebot".into(),
            half_moves: 1
        })
    );
    assert_eq!(
        parse_message("Game 1: LectureBot backs up 4 moves."),
        Some(Message::BackedUp {
            game: 1,
            by: "LectureBot".into(),
            half_moves: 4
        })
    );
    assert_eq!(
        parse_message("Someone said puzzlebot stopped examining game 127."),
        None
    );
}
