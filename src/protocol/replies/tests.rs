use super::*;
use crate::protocol::command::{Command, ObserveTarget, SetupStep};
use crate::protocol::decoder::StreamDecoder;
use crate::protocol::who::WhoCategory;

const T0: Now = Duration::ZERO;

/// `text` decoded and folded: what comes out.
fn fold(replies: &mut Replies, text: &str) -> Vec<Event> {
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    decoder.push(text.as_bytes(), &mut events);
    decoder.finish(&mut events);
    let mut out = VecDeque::new();
    for event in events {
        replies.fold(T0, event, &mut out);
    }
    replies.flush(&mut out);
    out.into()
}

fn shown(events: &[Event]) -> Vec<&str> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Text(t) if !t.trim().is_empty() => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

fn quiet(events: &[Event]) -> Vec<&str> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::OwnReply(t) if !t.trim().is_empty() => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

fn answers(events: &[Event]) -> Vec<(RequestId, &Answer)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Reply(r) => Some((r.to, &r.answer)),
            _ => None,
        })
        .collect()
}

fn ask(replies: &mut Replies, id: u64, command: Command) {
    replies.sent(T0, None, &Request::kibitz(RequestId(id), command));
}

fn user(replies: &mut Replies, command: Command) {
    replies.sent(T0, None, &command.into());
}

const WHO: &str = "\n\r 1500 BotA         1720.BotB\n\r\n\r 2 players displayed (of 2). (*) indicates system administrator.\n\rfics% ";

#[test]
fn a_who_typed_before_ours_is_shown_and_ours_is_not() {
    let mut replies = Replies::default();
    // The user's went on the wire first (typed during the set-up).
    user(&mut replies, Command::Who(WhoCategory::Blitz));
    ask(&mut replies, 7, Command::Who(WhoCategory::Blitz));
    let first = fold(&mut replies, WHO);
    assert!(
        shown(&first).iter().any(|l| l.contains("BotA")),
        "{first:?}"
    );
    assert!(
        answers(&first).is_empty(),
        "the user's is nobody's: {first:?}"
    );
    let second = fold(&mut replies, WHO);
    assert_eq!(shown(&second), Vec::<&str>::new(), "{second:?}");
    assert!(quiet(&second).iter().any(|l| l.contains("BotA")));
    match answers(&second).as_slice() {
        [(RequestId(7), Answer::Who(entries))] => assert_eq!(entries.len(), 2),
        other => panic!("{other:?}"),
    }
    // The typed events still pass (`kibitz watch` prints them).
    assert!(second.iter().any(|e| matches!(e, Event::WhoEnd(_))));
}

#[test]
fn a_framed_reply_is_the_numbered_requests_whatever_came_before() {
    let mut replies = Replies::default();
    replies.set_block_mode(true);
    replies.sent(T0, Some(1), &Request::kibitz(RequestId(11), Command::Games));
    replies.sent(T0, Some(2), &Command::Games.into());
    // The server answers the second first (it would not, but the frame says).
    let games = "\u{15}2\u{16}43\u{16}  1 1720 BotA        1720 BotB       [ br  3   2]   2:59 -  3:00 (39-39) W:  2\n\r\n\r  1 games displayed.\n\r\u{17}\n\rfics% \u{15}1\u{16}43\u{16}There are no games in progress.\n\r\u{17}\n\rfics% ";
    let out = fold(&mut replies, games);
    assert_eq!(
        shown(&out),
        [
            "  1 1720 BotA        1720 BotB       [ br  3   2]   2:59 -  3:00 (39-39) W:  2",
            "  1 games displayed."
        ]
    );
    assert_eq!(quiet(&out), ["There are no games in progress."]);
    match answers(&out).as_slice() {
        [(RequestId(11), Answer::Games { entries, end })] => {
            assert!(entries.is_empty());
            assert_eq!(end.as_ref().map(|e| e.displayed), Some(0));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_framed_finger_ends_with_its_frame() {
    let mut replies = Replies::default();
    replies.set_block_mode(true);
    replies.sent(
        T0,
        Some(3),
        &Request::kibitz(RequestId(4), Command::Finger("BotA".into())),
    );
    let finger = "\u{15}3\u{16}37\u{16}Finger of BotA:\n\r\n\rOn for: 5 mins   Idle: 0 secs\n\r\u{17}\n\rfics% ";
    let out = fold(&mut replies, finger);
    assert_eq!(shown(&out), Vec::<&str>::new());
    match answers(&out).as_slice() {
        [(RequestId(4), Answer::Finger(f))] => assert_eq!(f.handle, "BotA"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_unframed_line_in_block_mode_is_nobodys() {
    let mut replies = Replies::default();
    replies.set_block_mode(true);
    replies.sent(T0, Some(1), &Request::kibitz(RequestId(5), Command::Games));
    let out = fold(&mut replies, "BotA(50): hello\n\rfics% ");
    assert_eq!(shown(&out), ["BotA(50): hello"]);
    assert!(answers(&out).is_empty());
}

const MOVES: &str = "\n\rMovelist for game 5:\n\r\n\rBotA (1720) vs. BotB (1720) --- Sun Nov 22 18:33:07 2026\n\rRated blitz match, initial time: 3 minutes, increment: 2 seconds.\n\r\n\rMove  BotA                    BotB\n\r----  ---------------------   ---------------------\n\r  1.  e4      (0:00.000)      e5      (0:00.000)\n\r      {Still in progress} *\n\rfics% ";

#[test]
fn our_moves_listing_stays_out_and_a_typed_one_is_shown() {
    let mut replies = Replies::default();
    ask(&mut replies, 9, Command::Moves(5));
    let ours = fold(&mut replies, MOVES);
    assert_eq!(shown(&ours), Vec::<&str>::new(), "{ours:?}");
    assert!(matches!(
        answers(&ours).as_slice(),
        [(RequestId(9), Answer::Moves(_))]
    ));
    let typed = fold(&mut replies, MOVES);
    assert!(
        shown(&typed)
            .iter()
            .any(|l| l.starts_with("Movelist for game 5"))
    );
    assert!(
        shown(&typed)
            .iter()
            .any(|l| l.contains("Still in progress"))
    );
}

#[test]
fn a_listing_that_is_not_one_is_shown_after_all() {
    let mut replies = Replies::default();
    ask(&mut replies, 9, Command::Moves(5));
    let out = fold(
        &mut replies,
        "Movelist for game 5:\n\rsomething else entirely\n\rfics% ",
    );
    assert_eq!(
        shown(&out),
        ["Movelist for game 5:", "something else entirely"]
    );
}

#[test]
fn refusals_answer_our_observes_and_the_users_is_shown() {
    let mut replies = Replies::default();
    for (id, game) in [(1, 3), (2, 4), (3, 9)] {
        ask(
            &mut replies,
            id,
            Command::Observe(ObserveTarget::Game(game)),
        );
    }
    let out = fold(
        &mut replies,
        "\n\rYou are now observing game 3.\n\rGame 3: Anna (1500) Boris (1600) rated blitz 5 0\n\r\n\r<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 3 Anna Boris 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0\n\rfics% There is no such game.\n\rfics% Sorry, game 9 is a private game.\n\rfics% ",
    );
    assert_eq!(shown(&out), Vec::<&str>::new(), "{out:?}");
    let got: Vec<_> = answers(&out)
        .into_iter()
        .map(|(id, a)| (id.0, a.name()))
        .collect();
    assert_eq!(
        got,
        [
            (1, "observing"),
            (2, "observe_refused"),
            (3, "observe_refused")
        ]
    );
    assert!(out.iter().any(|e| matches!(e, Event::Board(_))));
    let typed = fold(&mut replies, "There is no such game.\n\rfics% ");
    assert_eq!(shown(&typed), ["There is no such game."]);
}

#[test]
fn an_unknown_player_answers_the_oldest_of_ours_that_names_one() {
    let mut replies = Replies::default();
    ask(&mut replies, 1, Command::History("Nobody".into()));
    ask(&mut replies, 2, Command::Finger("Nobody".into()));
    let out = fold(
        &mut replies,
        "There is no player matching the name nobody.\n\rfics% There is no player matching the name nobody.\n\rfics% ",
    );
    assert_eq!(shown(&out), Vec::<&str>::new());
    let got: Vec<_> = answers(&out)
        .into_iter()
        .map(|(id, a)| (id.0, a.name()))
        .collect();
    assert_eq!(got, [(1, "no_such_player"), (2, "no_such_player")]);
}

#[test]
fn a_history_runs_to_the_prompt() {
    let mut replies = Replies::default();
    ask(&mut replies, 6, Command::History("BotA".into()));
    let out = fold(
        &mut replies,
        "\n\rHistory for BotA:\n\r                  Opponent      Type         ECO End Date\n\r 0: + 1720 W 1700 BotB          [ br  3   2] C20 Mat Sun Nov 22 18:40 UTC 2026\n\rfics% ",
    );
    assert_eq!(shown(&out), Vec::<&str>::new(), "{out:?}");
    match answers(&out).as_slice() {
        [(RequestId(6), Answer::History { handle, rows })] => {
            assert_eq!(handle.as_deref(), Some("BotA"));
            assert_eq!(rows.len(), 1);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_request_never_answered_is_given_up() {
    let mut replies = Replies::default();
    ask(&mut replies, 1, Command::Games);
    let mut out = VecDeque::new();
    let later = GIVE_UP_AFTER + Duration::from_secs(1);
    replies.fold(
        later,
        Event::Text("There are no games in progress.".into()),
        &mut out,
    );
    replies.fold(
        later,
        Event::GamesEnd(crate::protocol::games_list::GamesEnd {
            displayed: 0,
            in_progress: Some(0),
        }),
        &mut out,
    );
    replies.flush(&mut out);
    let out: Vec<Event> = out.into();
    assert_eq!(shown(&out), ["There are no games in progress."]);
}

#[test]
fn setup_replies_are_ours_in_the_order_sent() {
    let mut replies = Replies::default();
    for step in [SetupStep::Style12, SetupStep::Ms] {
        let line = Request::kibitz(RequestId::UNROUTED, Command::Setup(step));
        replies.sent(T0, None, &line);
    }
    let out = fold(
        &mut replies,
        "Style 12 set.\n\rfics% ms set.\n\rfics% Style 12 set.\n\rfics% ",
    );
    assert_eq!(quiet(&out), ["Style 12 set.", "ms set."]);
    // A third, typed by the user, is shown.
    assert_eq!(shown(&out), ["Style 12 set."]);
}

proptest::proptest! {
    /// Hostile output, framed or not, against many requests of every kind:
    /// no panic, and what is remembered stays bounded.
    #[test]
    fn hostile_output_never_panics_and_stays_bounded(
        chunks in proptest::collection::vec(
            "(\u{15}[0-9]{1,3}\u{16}[0-9]{1,3}\u{16}|\u{17}|\n\r|fics% |There is no player matching x\\.|Finger of BotA:|History for BotA:|Movelist for game 5:| 1500 BotA|  1 games displayed\\.|block set\\.|[a-z <>0-9]{0,20})*",
            0..30,
        ),
        block in proptest::bool::ANY,
    ) {
        let kinds = [
            Command::Games,
            Command::Who(WhoCategory::Blitz),
            Command::Finger("BotA".into()),
            Command::History("BotA".into()),
            Command::Moves(5),
            Command::Observe(ObserveTarget::Game(5)),
            Command::Setup(SetupStep::Ms),
            Command::Draw,
        ];
        let mut replies = Replies::default();
        replies.set_block_mode(block);
        for i in 0..(MAX_IN_FLIGHT + 50) {
            let wire_id = block.then_some(i as u32 % 1000);
            let command = kinds[i % kinds.len()].clone();
            replies.sent(T0, wire_id, &Request::kibitz(RequestId(i as u64), command));
        }
        let mut decoder = StreamDecoder::new();
        let mut out = VecDeque::new();
        for chunk in &chunks {
            let mut events = Vec::new();
            decoder.push(chunk.as_bytes(), &mut events);
            for event in events {
                replies.fold(T0, event, &mut out);
            }
            replies.flush(&mut out);
            out.clear();
            proptest::prop_assert!(replies.in_flight.len() <= MAX_IN_FLIGHT);
            let held = replies.current.as_ref().and_then(|r| r.held.as_ref()).map_or(0, Vec::len);
            proptest::prop_assert!(held <= MAX_HELD);
        }
    }
}
