use super::*;
use crate::protocol::command::{Command, Secret};
use crate::protocol::request::{Request, RequestId};

pub(super) fn at(ms: u64) -> Now {
    Duration::from_millis(ms)
}

pub(super) fn sent(session: &mut Session) -> Vec<String> {
    std::iter::from_fn(|| session.poll_transmit())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect()
}

pub(super) fn events(session: &mut Session) -> Vec<Event> {
    std::iter::from_fn(|| session.poll_event()).collect()
}

pub(super) fn config(handle: &str, password: Option<&str>) -> SessionConfig {
    SessionConfig::new(handle, password.map(Secret::new))
}

#[test]
fn guest_login_on_a_modern_server() {
    let mut s = Session::new(config("guest", None), at(0));
    s.send(at(0), Command::Games);
    s.handle_bytes(at(1), b"Welcome\n\r\n\rlogin: ");
    assert_eq!(sent(&mut s), ["guest\n"]);
    s.handle_bytes(
        at(2),
        b"\n\rLogging you in as \"GuestEIET\"; you may use this name to play unrated games.\n\r\n\rPress return to enter the server as \"GuestEIET\":\n\r\xff\xfb\x01",
    );
    assert_eq!(sent(&mut s), ["\n"]);
    assert_eq!(*s.state(), SessionState::CredentialsSent);
    s.handle_bytes(
        at(3),
        b"\xff\xfc\x01\n\r**** Starting FICS session as GuestEIET(U) ****\n\rMOTD\n\rfics% ",
    );
    let evs = events(&mut s);
    assert!(evs.contains(&Event::LoggedIn {
        handle: "GuestEIET".into(),
        titles: vec!["U".into()]
    }));
    assert_eq!(s.handle(), Some("GuestEIET"));
    // One line at a time: the next when the server's prompt answers.
    assert_eq!(sent(&mut s), ["iset block 1\n"]);
    let lines = answer_all(&mut s, at(4));
    // The set-up ends with the lock; the command queued before login comes after.
    assert_eq!(lines[lines.len() - 2], "iset lock 1\n");
    assert_eq!(lines[lines.len() - 1], "games\n");
}

/// Answers each line sent with a prompt until nothing more goes out; the
/// lines sent meanwhile.
pub(super) fn answer_all(s: &mut Session, now: Now) -> Vec<String> {
    let mut lines = Vec::new();
    // The old FICS's echo of `iset block 1` (no block mode), in case it is
    // still waiting for it.
    let mut answer: &[u8] = b"com_iset: block 1\n\rfics% ";
    for _ in 0..100 {
        s.handle_bytes(now, answer);
        let more = sent(s);
        // The old FICS's echo of `iset block 1` (no block mode).
        answer = if more.last().is_some_and(|l| l == "iset block 1\n") {
            b"com_iset: block 1\n\rfics% "
        } else {
            b"fics% "
        };
        if more.is_empty() {
            break;
        }
        lines.extend(more);
    }
    events(s);
    lines
}

/// A guest's login up to the session's first words (`started`, the bytes
/// that start it): `iset block 1` has gone out.
pub(super) fn guest_started(started: &[u8]) -> Session {
    let mut s = Session::new(config("guest", None), at(0));
    s.handle_bytes(at(0), b"login: ");
    s.handle_bytes(at(0), b"Press return to enter the server as \"GuestA\":");
    s.handle_bytes(at(0), started);
    s
}

/// A guest just logged in: the set-up's first line is out, unanswered.
fn guest_logging_in() -> Session {
    let mut s = guest_started(b"**** Starting FICS session as GuestA(U) ****\n\rMOTD\n\r");
    assert_eq!(sent(&mut s), ["guest\n", "\n", "iset block 1\n"]);
    // The old FICS only echoes it: no block mode.
    s.handle_bytes(at(0), b"fics% com_iset: block 1\n\rfics% ");
    assert_eq!(sent(&mut s), ["set style 12\n"]);
    assert!(!s.block_mode());
    s
}

#[test]
fn the_set_up_goes_one_line_per_prompt_or_pace() {
    let mut s = guest_logging_in();
    assert!(s.setting_up());
    // Text without a prompt does not release the next line...
    s.handle_bytes(at(10), b"Style 12 set.\n\r");
    assert!(sent(&mut s).is_empty());
    // ...the prompt does.
    s.handle_bytes(at(11), b"fics% ");
    assert_eq!(sent(&mut s), ["iset nowrap 1\n"]);
    // No prompt at all: the next goes after PACE.
    assert_eq!(s.poll_timeout(), Some(at(11) + PACE));
    s.handle_timeout(at(11) + PACE - at(1));
    assert!(sent(&mut s).is_empty());
    s.handle_timeout(at(11) + PACE);
    assert_eq!(sent(&mut s), ["iset defprompt 1\n"]);
    let rest = answer_all(&mut s, at(100));
    assert_eq!(rest.last().map(String::as_str), Some("iset lock 1\n"));
    assert!(!s.setting_up());
    // Nothing queued: no pacing deadline (only the link's check), and a
    // command goes at once.
    assert_eq!(
        s.poll_timeout(),
        Some(at(100) + crate::protocol::liveness::QUIET)
    );
    s.send(at(200), Command::Games);
    assert_eq!(sent(&mut s), ["games\n"]);
}

#[test]
fn a_users_command_goes_ahead_of_the_set_up_and_kibitzs_own_after_it() {
    let mut s = guest_logging_in();
    s.send(at(1), Request::kibitz(RequestId::UNROUTED, Command::Sought));
    s.send(at(2), Command::Raw("observe 5".into()));
    s.handle_bytes(at(3), b"Style 12 set.\n\rfics% ");
    assert_eq!(sent(&mut s), ["observe 5\n"]);
    assert!(s.setting_up(), "sent before the set-up ends");
    // A move is never held, not even behind an unanswered line.
    s.send(at(4), Command::Raw("e2e4".into()));
    assert!(sent(&mut s).is_empty(), "typed text is paced");
    s.send(
        at(4),
        Command::Move(crate::protocol::command::MoveText::castle_short()),
    );
    assert_eq!(sent(&mut s), ["o-o\n"]);
    let rest = answer_all(&mut s, at(10));
    assert_eq!(rest.first().map(String::as_str), Some("e2e4\n"));
    let lock = rest
        .iter()
        .position(|l| l == "iset lock 1\n")
        .expect("lock");
    assert_eq!(rest[lock + 1..], ["sought\n"]);
}

#[test]
fn old_server_without_a_session_line_logs_in_at_the_first_prompt() {
    let mut s = Session::new(config("guest", None), at(0));
    s.handle_bytes(at(1), b"login: ");
    s.handle_bytes(at(2), b"\xff\xfb\x01\n\r\"guest\" is not a registered name.\n\r\n\rPress return to enter the FICS as \"guest\":");
    assert_eq!(sent(&mut s), ["guest\n", "\n"]);
    s.handle_bytes(at(3), b"\xff\xfc\x01\n\rWelcome\n\rfics% ");
    assert!(events(&mut s).contains(&Event::LoggedIn {
        handle: "guest".into(),
        titles: vec![]
    }));
    assert_eq!(*s.state(), SessionState::Ready);
    let mut lines = sent(&mut s);
    lines.extend(answer_all(&mut s, at(4)));
    assert!(lines.iter().any(|l| l == "iset ms 1\n"));
}

#[test]
fn registered_login_sends_the_password_once() {
    let mut s = Session::new(config("BotE", Some("hunter2")), at(0));
    s.handle_bytes(at(1), b"login: ");
    s.handle_bytes(at(2), b"\xff\xfb\x01\n\r\"BotE\" is a registered name.  If it is yours, type the password.\n\r\n\rpassword: ");
    assert_eq!(sent(&mut s), ["BotE\n", "hunter2\n"]);
    s.handle_bytes(
        at(3),
        b"\xff\xfc\x01\n\r\n\r**** Invalid password! ****\n\r\n\r",
    );
    assert!(events(&mut s).contains(&Event::LoginFailed {
        reason: "invalid password".into()
    }));
    assert_eq!(*s.state(), SessionState::Closed);
    s.send(at(4), Command::Games);
    assert!(sent(&mut s).is_empty());
}

#[test]
fn registered_handle_without_password_fails_instead_of_guessing() {
    let mut s = Session::new(config("BotE", None), at(0));
    s.handle_bytes(at(1), b"login: ");
    s.handle_bytes(at(2), b"password: ");
    assert_eq!(sent(&mut s), ["BotE\n"]);
    assert!(
        events(&mut s)
            .iter()
            .any(|e| matches!(e, Event::LoginFailed { .. }))
    );
}

#[test]
fn a_second_login_prompt_is_not_answered_again() {
    let mut s = Session::new(config("x", None), at(0));
    s.handle_bytes(at(1), b"login: ");
    s.handle_bytes(
        at(2),
        b"\n\rA name should be at least three characters long!\n\rlogin: ",
    );
    assert_eq!(sent(&mut s), ["x\n"]);
    assert_eq!(*s.state(), SessionState::Closed);
}

#[test]
fn timeseal_hello_encoded_lines_and_pings() {
    let mut cfg = config("guest", None);
    cfg.timeseal = Some(TimesealVersion::V2);
    let mut s = Session::new(cfg, at(0));
    let decode = |bytes: Vec<u8>| timeseal::decode_line(&bytes).expect("valid timeseal");
    let hello = decode(s.poll_transmit().expect("hello first"));
    assert!(hello.0.starts_with(b"TIMESEAL2|Kibitz|"));
    // Sent the instant the session starts, and still not stamped 0.
    assert_eq!(hello.1, StampClock::ORIGIN_MS);
    s.handle_bytes(at(1500), b"login: ");
    let (line, stamp) = decode(s.poll_transmit().expect("login"));
    assert_eq!(
        (line.as_slice(), stamp),
        (&b"guest"[..], StampClock::ORIGIN_MS + 1500)
    );
    s.handle_bytes(at(2000), b"fics% [G]\0");
    let (pong, stamp) = decode(s.poll_transmit().expect("pong"));
    assert_eq!(
        (pong.as_slice(), stamp),
        (&[0x02, b'9'][..], StampClock::ORIGIN_MS + 2000)
    );
    assert!(events(&mut s).contains(&Event::Ping(TimesealVersion::V2)));
}

#[test]
fn pings_are_not_answered_without_timeseal() {
    let mut s = Session::new(config("guest", None), at(0));
    s.handle_bytes(at(1), b"[G]\0");
    assert!(sent(&mut s).is_empty());
}

pub(super) fn ready_session() -> Session {
    let mut s = guest_started(b"**** Starting FICS session as GuestA(U) ****\n\rfics% ");
    answer_all(&mut s, at(0));
    events(&mut s);
    s
}

#[test]
fn setup_replies_are_marked_and_other_text_is_not() {
    let mut s = ready_session();
    s.handle_bytes(
        at(10),
        b"fics% Style 12 set.\n\rfics% ms set.\n\rfics% Hello there\n\rfics% ",
    );
    s.handle_timeout(at(1000));
    let evs = events(&mut s);
    assert!(evs.contains(&Event::OwnReply("Style 12 set.".into())));
    assert!(evs.contains(&Event::OwnReply("ms set.".into())));
    assert!(evs.contains(&Event::Text("Hello there".into())));
    assert!(s.ms());
}

/// The replies a modern server (FatICS) and the old one give to the rest
/// of the set-up: none of them reaches the console.
#[test]
fn every_setup_reply_of_both_servers_is_marked() {
    let mut s = ready_session();
    let replies = [
        "You will not hear beeps.",
        "interface set to \"Kibitz 0.1.0\".",
        "Bell off.",
        "No such variable name ptime.",
        "Interface set to Kibitz 0.1.0.",
        "seekinfo set.",
    ];
    let mut bytes = Vec::new();
    for reply in replies {
        bytes.extend_from_slice(format!("fics% {reply}\n\r").as_bytes());
    }
    bytes.extend_from_slice(b"fics% ");
    s.handle_bytes(at(10), &bytes);
    s.handle_timeout(at(1000));
    let evs = events(&mut s);
    for reply in replies {
        assert!(
            evs.contains(&Event::OwnReply(reply.into())),
            "{reply}: {evs:?}"
        );
    }
}

#[test]
fn a_held_line_is_released_by_the_timeout() {
    let mut s = ready_session();
    s.handle_bytes(at(10), b"\n\rRemoving game 1 from observation list.\n\r");
    assert!(events(&mut s).is_empty());
    assert_eq!(s.poll_timeout(), Some(at(10) + HELD_LINE_DELAY));
    s.handle_timeout(at(10) + HELD_LINE_DELAY);
    let evs = events(&mut s);
    assert!(evs.contains(&Event::Message(Message::ObservationEnded { game: 1 })));
    assert_eq!(
        s.poll_timeout(),
        Some(at(10) + crate::protocol::liveness::QUIET)
    );
}

#[test]
fn kicked_closes_the_session() {
    let mut s = ready_session();
    s.handle_bytes(
        at(5),
        b"\n\r**** GuestA has arrived - you can't both be logged in. ****\n\r",
    );
    s.handle_eof(at(6));
    assert_eq!(*s.state(), SessionState::Closed);
    assert!(
        events(&mut s)
            .iter()
            .any(|e| matches!(e, Event::Message(Message::Kicked { .. })))
    );
}

/// Every line Kibitz sends over a whole timeseal session (hello, login,
/// set-up, ping replies, moves), with everything arriving in the same
/// millisecond, is one the servers' strict decoder takes: stamps >= 1 and
/// strictly increasing.
#[test]
fn a_whole_timeseal_session_decodes_strictly() {
    let transcripts: [(&[u8], &str, Option<&str>); 2] = [
        (
            include_bytes!("../../../tests/fixtures/modern-server/timeseal2-guest.bin"),
            "guest",
            None,
        ),
        (
            include_bytes!("../../../tests/fixtures/modern-server/own-game-white.bin"),
            "BotA",
            Some("secret"),
        ),
    ];
    for (transcript, handle, password) in transcripts {
        let mut cfg = config(handle, password);
        cfg.timeseal = Some(TimesealVersion::V2);
        let mut s = Session::new(cfg, at(0));
        s.send(at(0), Command::Raw("observe 1".into()));
        let mut lines = Vec::new();
        for (i, chunk) in transcript.chunks(7).enumerate() {
            // Lines go out one per prompt or PACE: let time pass.
            let now = at(i as u64 * 60);
            s.handle_bytes(now, chunk);
            s.handle_timeout(now);
            s.send(now, Command::Raw("e2e4".into()));
            lines.extend(std::iter::from_fn(|| s.poll_transmit()));
        }
        let mut previous = 0;
        let mut pongs = 0;
        for line in &lines {
            let (payload, stamp) = timeseal::decode_line(line).expect("strictly valid timeseal");
            assert!(stamp > previous, "stamp {stamp} after {previous}");
            previous = stamp;
            pongs += usize::from(payload == [0x02, b'9']);
        }
        assert!(*s.state() == SessionState::Ready, "logged in");
        assert!(pongs >= 1, "pings answered");
        assert!(lines.len() > 20);
    }
}

fn timeseal_session(handle: &str) -> Session {
    let mut cfg = config(handle, None);
    cfg.timeseal = Some(TimesealVersion::V2);
    let mut s = Session::new(cfg, at(0));
    sent(&mut s);
    s
}

#[test]
fn a_hello_read_as_a_name_is_reported_as_refused_timeseal() {
    // FatICS, when the hello's stamp is 0: the hello is the login name.
    let mut s = timeseal_session("guest");
    s.handle_bytes(at(1), b"Welcome\n\rlogin: ");
    s.handle_bytes(
        at(2),
        b"\n\rNames should be at most 17 characters long.  Try again.\n\rlogin: ",
    );
    assert_eq!(*s.state(), SessionState::Closed);
    let evs = events(&mut s);
    assert!(
        evs.iter()
            .any(|e| matches!(e, Event::TimesealRefused { .. }))
    );
    assert!(!evs.iter().any(|e| matches!(e, Event::LoginFailed { .. })));

    // Old FICS without timeseal.
    let mut s = timeseal_session("KibUser");
    s.handle_bytes(
        at(1),
        b"login: \n\rSorry, names can only consist of lower and upper case letters.  Try again.\n\r",
    );
    s.handle_timeout(at(1000));
    assert!(
        events(&mut s)
            .iter()
            .any(|e| matches!(e, Event::TimesealRefused { .. }))
    );

    let mut s = timeseal_session("guest");
    s.handle_bytes(at(1), b"unknown timeseal version\n\r");
    s.handle_eof(at(2));
    assert!(
        events(&mut s)
            .iter()
            .any(|e| matches!(e, Event::TimesealRefused { .. }))
    );
}

#[test]
fn a_bad_handle_is_a_failed_login_not_a_timeseal_problem() {
    let mut s = timeseal_session("no");
    s.handle_bytes(at(1), b"login: ");
    s.handle_bytes(
        at(2),
        b"\n\rA name should be at least three characters long!\n\r",
    );
    s.handle_timeout(at(1000));
    let evs = events(&mut s);
    assert!(evs.iter().any(|e| matches!(e, Event::LoginFailed { .. })));
    assert!(
        !evs.iter()
            .any(|e| matches!(e, Event::TimesealRefused { .. }))
    );
    // Without timeseal, a name refusal is always a failed login.
    let mut s = Session::new(config("guest", None), at(0));
    s.handle_bytes(
        at(1),
        b"Sorry, names can only consist of lower and upper case letters.\n\r",
    );
    s.handle_timeout(at(1000));
    assert!(
        events(&mut s)
            .iter()
            .any(|e| matches!(e, Event::LoginFailed { .. }))
    );
}

/// FatICS and freechess.org take block mode: every line after it goes
/// numbered, and a reply framed with the number is addressed to its request.
#[test]
fn block_mode_numbers_every_line_and_addresses_the_replies() {
    let mut s = guest_started(b"**** Starting FICS session as GuestA(U) ****\n\rfics% ");
    assert_eq!(sent(&mut s), ["guest\n", "\n", "iset block 1\n"]);
    // Nothing goes while the answer is awaited: not a command, not a move.
    s.send(at(1), Command::Games);
    s.send(
        at(1),
        Command::Move(crate::protocol::command::MoveText::castle_short()),
    );
    s.handle_timeout(at(1) + PACE * 4);
    assert!(sent(&mut s).is_empty());
    // The reply to `iset block 1` itself is not framed.
    s.handle_bytes(at(2), b"block set.\n\rfics% ");
    assert!(s.block_mode());
    assert_eq!(sent(&mut s), ["1 games\n"]);
    let evs = events(&mut s);
    assert!(
        evs.contains(&Event::OwnReply("block set.".into())),
        "{evs:?}"
    );
    s.handle_bytes(
        at(3),
        b"\x151\x1643\x16There are no games in progress.\n\r\x17\n\rfics% ",
    );
    assert_eq!(sent(&mut s), ["2 o-o\n"]);
    let evs = events(&mut s);
    assert!(evs.contains(&Event::Text("There are no games in progress.".into())));
    // Kibitz's own request: its reply is addressed, its lines the log's.
    s.send(at(4), Request::kibitz(RequestId(42), Command::Games));
    s.handle_bytes(at(5), b"\x152\x161\x16\x17\n\rfics% ");
    let lines = answer_all(&mut s, at(6));
    assert!(
        lines
            .iter()
            .all(|l| l.split(' ').next().unwrap().parse::<u32>().is_ok()),
        "{lines:?}"
    );
    let id = lines.last().unwrap().split(' ').next().unwrap().to_owned();
    assert_eq!(lines.last().map(|l| &l[id.len()..]), Some(" games\n"));
    s.handle_bytes(
        at(7),
        format!("\x15{id}\x1643\x16  1 1720 BotA        1720 BotB       [ br  3   2]   2:59 -  3:00 (39-39) W:  2\n\r\n\r  1 games displayed.\n\r\x17\n\rfics% ").as_bytes(),
    );
    let evs = events(&mut s);
    assert!(
        !evs.iter()
            .any(|e| matches!(e, Event::Text(t) if t.contains("BotA"))),
        "{evs:?}"
    );
    let reply = evs.iter().find_map(|e| match e {
        Event::Reply(reply) => Some(reply),
        _ => None,
    });
    let reply = reply.expect("a reply");
    assert_eq!(reply.to, RequestId(42));
    assert!(
        matches!(&reply.answer, crate::protocol::reply::Answer::Games { entries, .. } if entries.len() == 1)
    );
}

/// A server that does not answer `iset block 1` at all: the lines go on,
/// unnumbered, after a while.
#[test]
fn no_answer_to_block_mode_means_none() {
    let mut s = guest_started(b"**** Starting FICS session as GuestA(U) ****\n\rMOTD\n\r");
    assert_eq!(sent(&mut s), ["guest\n", "\n", "iset block 1\n"]);
    s.handle_timeout(at(0) + HELD_LINE_DELAY);
    assert_eq!(s.poll_timeout(), Some(at(0) + BLOCK_WAIT));
    s.handle_timeout(at(0) + BLOCK_WAIT);
    assert_eq!(sent(&mut s), ["set style 12\n"]);
    assert!(!s.block_mode());
}

/// A `who` the user typed during the set-up goes ahead of Kibitz's own:
/// on the old FICS (no frames) the first listing is the user's.
#[test]
fn a_who_typed_during_the_set_up_is_the_users() {
    let mut s = guest_logging_in();
    s.send(
        at(1),
        Request::kibitz(
            RequestId(7),
            Command::Who(crate::protocol::who::WhoCategory::Blitz),
        ),
    );
    s.send(
        at(1),
        Command::Who(crate::protocol::who::WhoCategory::Blitz),
    );
    let mut lines = Vec::new();
    for _ in 0..40 {
        s.handle_bytes(at(2), b"fics% ");
        lines.extend(sent(&mut s));
    }
    let at_line = |l: &str| lines.iter().position(|x| x == l).expect(l);
    assert!(at_line("who b\n") < at_line("iset lock 1\n"), "{lines:?}");
    events(&mut s);
    let who = b"\n\r 1500 BotA         1720.BotB\n\r\n\r 2 players displayed (of 2). (*) indicates system administrator.\n\rfics% ";
    s.handle_bytes(at(3), who);
    let first = events(&mut s);
    assert!(
        first
            .iter()
            .any(|e| matches!(e, Event::Text(t) if t.contains("BotA"))),
        "{first:?}"
    );
    assert!(!first.iter().any(|e| matches!(e, Event::Reply(_))));
    s.handle_bytes(at(4), who);
    let second = events(&mut s);
    assert!(
        !second
            .iter()
            .any(|e| matches!(e, Event::Text(t) if t.contains("BotA"))),
        "{second:?}"
    );
    assert!(
        second
            .iter()
            .any(|e| matches!(e, Event::Reply(r) if r.to == RequestId(7)))
    );
}

/// FatICS as it really answers: the prompt after the login's last words
/// comes after `iset block 1` went out, then `block set.` (as in the
/// fixture `modern-server/iset-block.bin`). That prompt is not the answer.
#[test]
fn the_logins_late_prompt_does_not_answer_block_mode() {
    let mut s = Session::new(config("guest", None), at(0));
    s.handle_bytes(at(0), b"login: ");
    s.handle_bytes(at(0), b"Press return to enter the server as \"GuestA\":");
    s.handle_bytes(
        at(1),
        b"**** Starting FICS session as GuestA(U) ****\n\rMOTD\n\r",
    );
    assert_eq!(sent(&mut s), ["guest\n", "\n", "iset block 1\n"]);
    s.handle_bytes(
        at(2),
        b"Use \"messages u\" to view unread messages.\n\rfics% ",
    );
    assert!(sent(&mut s).is_empty(), "still waiting for its answer");
    s.handle_bytes(at(3), b"block set.\n\rfics% ");
    assert!(s.block_mode());
    assert_eq!(sent(&mut s), ["1 set style 12\n"]);
}

/// FatICS quotes the line it failed on, the password too: it is shown as
/// stars.
#[test]
fn a_password_quoted_back_by_the_server_is_hidden() {
    let mut s = Session::new(config("KibUser", Some("KibUserpass")), at(0));
    s.handle_bytes(at(0), b"login: ");
    s.handle_bytes(at(1), b"password: ");
    sent(&mut s);
    s.handle_bytes(
        at(2),
        b"\n\rIt appears you have found a bug in FatICS. Please notify wmahan.\n\rError info: exception ; line was \"'KibUserpass'\"\n\r",
    );
    s.handle_timeout(at(2) + HELD_LINE_DELAY);
    let evs = events(&mut s);
    let shown: Vec<&Event> = evs
        .iter()
        .filter(|e| matches!(e, Event::Text(t) if t.contains("line was")))
        .collect();
    assert_eq!(
        shown,
        [&Event::Text(
            "Error info: exception ; line was \"'********'\"".into()
        )]
    );
    assert!(!format!("{evs:?}").contains("KibUserpass"));
}
