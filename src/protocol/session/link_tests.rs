//! The session's check of the link (`protocol::liveness`) against a
//! simulated server: the question, the user told, the link given up, the
//! bounds, an hour of the slowest live server without an alarm, the
//! question numbered in block mode, and the keep-alive beside it.

use super::tests::{at, events, guest_started, ready_session, sent};
use super::*;

/// Runs a live server's side until `end`: every deadline met, each of the
/// session's questions answered with a prompt `answer_after` later, and
/// `every` a line of the server's own (`None`: silence). The lines sent,
/// with when.
fn live_server(
    s: &mut Session,
    end: Now,
    answer_after: Duration,
    every: Option<(Duration, &[u8])>,
) -> Vec<(Now, String)> {
    let mut lines = Vec::new();
    let mut now = at(0);
    let mut answer_at: Option<Now> = None;
    let mut next_line = every.map(|(gap, _)| gap);
    while now < end {
        let next = [s.poll_timeout(), answer_at, next_line]
            .into_iter()
            .flatten()
            .min()
            .expect("something due");
        now = next.min(end);
        if answer_at == Some(now) {
            answer_at = None;
            s.handle_bytes(now, b"fics% ");
        }
        if let (Some(at_), Some((gap, line))) = (next_line, every)
            && at_ == now
        {
            s.handle_bytes(now, line);
            next_line = Some(now + gap);
        }
        s.handle_timeout(now);
        for line in sent(s) {
            if line == "\n" {
                answer_at.get_or_insert(now + answer_after);
            }
            lines.push((now, line));
        }
    }
    lines
}

#[test]
fn keep_alive_after_thirty_idle_minutes() {
    let mut s = ready_session();
    // The questions of a silent server's link (answered) are not activity.
    let lines = live_server(&mut s, KEEP_ALIVE_AFTER * 2 + at(1), at(200), None);
    let dates: Vec<Now> = lines
        .iter()
        .filter(|(_, l)| l == "date\n")
        .map(|(at, _)| *at)
        .collect();
    assert_eq!(dates, [KEEP_ALIVE_AFTER, KEEP_ALIVE_AFTER * 2]);
    // Incoming traffic does not reset the server's idle timer, so it does not reset ours.
    let mut s = ready_session();
    s.handle_bytes(Duration::from_secs(60), b"<12> x\n\r");
    let lines = live_server(&mut s, KEEP_ALIVE_AFTER + at(1), at(200), None);
    assert!(lines.contains(&(KEEP_ALIVE_AFTER, "date\n".to_owned())));
}

fn board_line(game: u32) -> Vec<u8> {
    format!("<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 {game} GuestA GuestB 0 3 0 39 39 180 180 1 none (0:00) none 0 0 0\n\rfics% ").into_bytes()
}

#[test]
fn a_silent_server_is_asked_then_the_user_told_then_the_link_given_up() {
    use crate::protocol::liveness::{ANSWER_WITHIN, QUIET, QUIET_WITH_GAMES, TELL_AFTER};
    let mut s = ready_session();
    assert_eq!(s.poll_timeout(), Some(QUIET));
    s.handle_timeout(QUIET);
    assert_eq!(sent(&mut s), ["\n"], "a blank line: the prompt answers it");
    s.handle_timeout(QUIET + TELL_AFTER);
    assert_eq!(events(&mut s), [Event::LinkQuiet { heard_at: at(0) }]);
    // The server answers after all: the user is told so.
    s.handle_bytes(QUIET + TELL_AFTER + at(500), b"fics% ");
    assert_eq!(events(&mut s)[0], Event::LinkHeard);
    // A game on: the server is asked sooner; nothing ever comes.
    let heard = QUIET + TELL_AFTER + at(1000);
    s.handle_bytes(heard, &board_line(7));
    events(&mut s);
    assert_eq!(s.poll_timeout(), Some(heard + QUIET_WITH_GAMES));
    let mut now = heard;
    while let Some(due) = s.poll_timeout() {
        now = due;
        s.handle_timeout(now);
        if *s.state() == SessionState::Closed {
            break;
        }
    }
    let lost = events(&mut s)
        .into_iter()
        .find_map(|e| match e {
            Event::LinkLost { silent } => Some(silent),
            _ => None,
        })
        .expect("the link given up");
    assert_eq!(lost, QUIET_WITH_GAMES + ANSWER_WITHIN);
    assert_eq!(now, heard + lost);
    assert!(
        lost <= Duration::from_secs(30),
        "the bound while a game is on"
    );
    assert!(
        QUIET + ANSWER_WITHIN <= Duration::from_secs(60),
        "the bound otherwise"
    );
    assert_eq!(*s.state(), SessionState::Closed);
}

/// The old FICS, the slowest live server: it answers a line within its
/// 1-2 s wake-up (2.5 s here), and an observed game may go minutes
/// without a move. An hour of it: never an alarm.
#[test]
fn a_slow_live_server_raises_no_alarm() {
    let mut s = ready_session();
    s.handle_bytes(at(0), &board_line(7));
    let board = board_line(7);
    let lines = live_server(
        &mut s,
        Duration::from_secs(3600),
        at(2500),
        Some((Duration::from_secs(150), &board)),
    );
    let evs = events(&mut s);
    assert!(
        !evs.iter()
            .any(|e| matches!(e, Event::LinkQuiet { .. } | Event::LinkLost { .. })),
        "{evs:?}"
    );
    assert_eq!(*s.state(), SessionState::Ready);
    let questions = lines.iter().filter(|(_, l)| l == "\n").count();
    assert!(questions > 100, "asked every 10 s of silence: {questions}");
}

/// In block mode the question is numbered, as the empty command `$$`
/// (which leaves the idle time alone); its empty frame shows nowhere.
#[test]
fn in_block_mode_the_question_is_numbered_and_its_answer_silent() {
    use crate::protocol::liveness::QUIET;
    let mut s = guest_started(b"**** Starting FICS session as GuestA(U) ****\n\rfics% ");
    sent(&mut s);
    s.handle_bytes(at(0), b"block set.\n\rfics% ");
    let mut wire_ids = 1;
    for _ in 0..100 {
        let more = sent(&mut s);
        if more.is_empty() {
            break;
        }
        for line in more {
            let id = line.split(' ').next().unwrap().to_owned();
            wire_ids = id.parse().unwrap();
            s.handle_bytes(at(0), format!("\x15{id}\x160\x16\x17\n\rfics% ").as_bytes());
        }
    }
    events(&mut s);
    s.handle_timeout(QUIET);
    let probe = format!("{} $$\n", wire_ids + 1);
    assert_eq!(sent(&mut s), [probe]);
    s.handle_bytes(
        QUIET + at(100),
        format!("\x15{}\x16159\x16\x17\n\rfics% ", wire_ids + 1).as_bytes(),
    );
    let evs = events(&mut s);
    assert!(
        evs.iter().all(|e| !matches!(
            e,
            Event::Text(_) | Event::Reply(_) | Event::LinkQuiet { .. }
        )),
        "{evs:?}"
    );
}
