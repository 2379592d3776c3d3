//! The network task against a scripted server on 127.0.0.1 that answers the
//! way the real-server transcripts show: logins, observing, whole games,
//! every kind of game end, timeseal 2, and a drop mid-game with reconnect.

use crate::common;
use common::fake_server;

use std::sync::Arc;
use std::time::Duration;

use fake_server::{Expected, FakeServer, Script, Step, fixture_path};
use kibitz::game::{Effect, GameStore};
use kibitz::net::backoff::Backoff;
use kibitz::net::{self, NetConfig, NetEvent, NetHandle, Status};
use kibitz::protocol::command::{Command, ObserveTarget, Secret};
use kibitz::protocol::event::Event;
use kibitz::protocol::message::{EndReason, GameResult};
use kibitz::protocol::session::SessionConfig;
use kibitz::protocol::style12::Relation;
use kibitz::protocol::timeseal::TimesealVersion;

/// What the transcript's client sent, split into login and the rest.
struct Transcript {
    handle: String,
    password: Option<Secret>,
    /// After the login, without the set-up lines Kibitz sends by itself.
    commands: Vec<String>,
}

fn transcript(fixture: &str) -> Transcript {
    let tsv = std::fs::read_to_string(fixture_path(&format!("{fixture}.events.tsv")))
        .expect("events file");
    let sent: Vec<String> = tsv
        .lines()
        .filter_map(|l| {
            let mut fields = l.splitn(4, '\t');
            let kind = fields.nth(2)?;
            (kind == "SEND").then(|| fields.next().unwrap_or("").to_owned())
        })
        .collect();
    let handle = sent[0].clone();
    let password = (sent[1] == "<password>").then(|| Secret::new("secret"));
    let commands = sent[2..]
        .iter()
        .filter(|c| !(c.starts_with("set ") || c.starts_with("iset ")))
        .cloned()
        .collect();
    Transcript {
        handle,
        password,
        commands,
    }
}

/// The script without waits for the transcript client's set-up lines: Kibitz
/// sends its own set-up, in its own order.
fn own_setup(mut script: Script) -> Script {
    script.steps.retain(|step| {
        !matches!(step, Step::Expect(fake_server::Expected::Line(l)) if l.starts_with("set ") || l.starts_with("iset "))
    });
    script
}

fn is_move(text: &str) -> bool {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    matches!(text, "o-o" | "o-o-o")
        || (b.len() >= 4 && square(b[0], b[1]) && square(b[2], b[3]))
        || (b.len() == 4 && b[1] == b'@')
}

fn client(addr: &str, t: &Transcript, timeseal: bool, reconnect: bool) -> NetHandle {
    let mut session = SessionConfig::new(&t.handle, t.password.clone());
    if timeseal {
        session.timeseal = Some(TimesealVersion::V2);
    }
    let mut config = NetConfig::new(addr, session);
    config.reconnect = reconnect;
    config.backoff = Backoff::new(Duration::from_millis(50), Duration::from_millis(200));
    net::task::spawn(config, Arc::new(|_| {})).expect("spawn")
}

/// Everything one run saw.
struct Run {
    events: Vec<NetEvent>,
    store: GameStore,
    received: Vec<String>,
}

impl Run {
    fn protocol(&self) -> impl Iterator<Item = &Event> {
        self.events.iter().filter_map(|e| match e {
            NetEvent::Protocol { event, .. } => Some(event),
            NetEvent::Status(_) => None,
        })
    }

    fn boards(&self) -> usize {
        self.protocol()
            .filter(|e| matches!(e, Event::Board(_)))
            .count()
    }
}

/// Plays a fixture as its client did: commands after the login, a move
/// whenever the board says it is our move, `quit` once the game is over (or
/// after `boards` boards when observing).
async fn play(fixture: &str, timeseal: bool, boards: Option<usize>) -> Run {
    let t = transcript(fixture);
    let mut script = own_setup(Script::from_fixture(&fixture_path(fixture)).expect("script"));
    script.push(Step::Close);
    let server = FakeServer::start(vec![script], timeseal)
        .await
        .expect("server");
    let mut handle = client(&server.addr.to_string(), &t, timeseal, false);
    let mut pending: std::collections::VecDeque<String> = t.commands.into();
    let mut store = GameStore::new();
    let mut events = Vec::new();
    let mut seen_boards = 0;
    let mut quitting = false;
    let mut logged_in = false;
    let run = async {
        while let Some(event) = handle.recv().await {
            let stop = matches!(event, NetEvent::Status(Status::Stopped { .. }));
            if let NetEvent::Protocol { at, event } = &event {
                for effect in store.apply(*at, event) {
                    if let Effect::Send(command) = effect {
                        handle.send(command);
                    }
                }
                let my_move =
                    matches!(event, Event::Board(b) if b.relation == Relation::PlayingMyMove);
                if matches!(event, Event::LoggedIn { .. }) {
                    logged_in = true;
                    // Leading commands (match, observe ...) go at once.
                    while pending.front().is_some_and(|c| !is_move(c) && c != "quit") {
                        let command = pending.pop_front().unwrap_or_default();
                        handle.send(Command::Raw(command));
                    }
                } else if my_move && pending.front().is_some_and(|c| c != "quit") {
                    let command = pending.pop_front().unwrap_or_default();
                    handle.send(Command::Raw(command));
                }
                if matches!(event, Event::Board(_)) {
                    seen_boards += 1;
                }
                let over = store.games().any(|g| g.is_over());
                let enough = boards.is_some_and(|n| seen_boards >= n);
                if logged_in && !quitting && (over || enough) && pending.iter().all(|c| c == "quit")
                {
                    quitting = true;
                    handle.logout();
                }
            }
            events.push(event);
            if stop {
                break;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), run)
        .await
        .unwrap_or_else(|_| panic!("{fixture}: timed out"));
    let received = server.received(0, Duration::from_secs(5)).await;
    Run {
        events,
        store,
        received,
    }
}

/// After the login, the old FICS's answer to `iset block 1` (an echo, no
/// block mode), without a prompt: the rest of the set-up is paced.
fn old_fics_block_answer(mut script: Script) -> Script {
    script
        .steps
        .push(Step::Expect(Expected::Line("iset block 1".into())));
    script
        .steps
        .push(Step::Send(b"com_iset: block 1\n\r\n\r".to_vec()));
    script
}

/// A guest logged in on a server that answers nothing after the login but
/// the old FICS's echo of `iset block 1`: the server, the client, the
/// handle it was given.
async fn guest_logged_in() -> (FakeServer, NetHandle, Option<String>) {
    let t = transcript("modern-server/guest-login.bin");
    let script = old_fics_block_answer(
        Script::from_fixture(&fixture_path("modern-server/guest-login.bin"))
            .expect("script")
            .login_only(),
    );
    let server = FakeServer::start(vec![script], false)
        .await
        .expect("server");
    let mut handle = client(&server.addr.to_string(), &t, false, false);
    let mut logged_in = None;
    while let Some(event) = handle.recv().await {
        if let NetEvent::Status(Status::LoggedIn { handle }) = event {
            logged_in = Some(handle);
            break;
        }
    }
    (server, handle, logged_in)
}

#[tokio::test]
async fn a_command_typed_during_the_set_up_goes_ahead_of_it() {
    // The server answers nothing (no prompts): the set-up goes a line per
    // PACE, and what the user types meanwhile is not kept behind it.
    let (server, handle, _) = guest_logged_in().await;
    handle.ask(
        kibitz::protocol::request::RequestId::UNROUTED,
        Command::Games,
    );
    handle.send(Command::Observe(ObserveTarget::Game(5)));
    let received = server.received(0, Duration::from_secs(3)).await;
    let at = |line: &str| {
        received
            .iter()
            .position(|l| l == line)
            .unwrap_or_else(|| panic!("{line}: {received:?}"))
    };
    assert!(at("observe 5") < at("iset lock 1"), "{received:?}");
    assert!(at("games") > at("iset lock 1"), "{received:?}");
    handle.logout();
}

#[tokio::test]
async fn guest_login_then_setup_with_lock_last() {
    let (server, handle, logged_in) = guest_logged_in().await;
    assert_eq!(logged_in.as_deref(), Some("GuestEIET"));
    handle.logout();
    let received = server.received(0, Duration::from_secs(3)).await;
    assert_eq!(received[..4], ["guest", "", "iset block 1", "set style 12"]);
    let lock = received
        .iter()
        .position(|l| l == "iset lock 1")
        .expect("lock");
    // Everything automatic comes before the lock; only the user's quit after.
    assert!(
        received[3..lock]
            .iter()
            .all(|l| l.starts_with("iset ") || l.starts_with("set "))
    );
    assert_eq!(received[lock + 1..], ["quit"]);
}

#[tokio::test]
async fn registered_login_sends_the_password_and_never_leaks_it() {
    let run = play("real-server/registered-login.bin", false, Some(0)).await;
    assert_eq!(run.received[..2], ["BotE", "secret"]);
    assert!(run.events.iter().any(|e| matches!(
        e,
        NetEvent::Status(Status::LoggedIn { handle }) if handle == "BotE"
    )));
    // The password appears in no event.
    let shown = format!("{:?}", run.events);
    assert!(!shown.contains("secret"));
}

#[tokio::test]
async fn wrong_password_stops_without_retrying() {
    let t = transcript("real-server/registered-login-bad-password.bin");
    let mut script = Script::from_fixture(&fixture_path(
        "real-server/registered-login-bad-password.bin",
    ))
    .expect("script");
    script.push(Step::Close);
    let server = FakeServer::start(vec![script], false)
        .await
        .expect("server");
    let mut handle = client(&server.addr.to_string(), &t, false, true);
    let mut statuses = Vec::new();
    while let Some(event) = handle.recv().await {
        if let NetEvent::Status(status) = event {
            let stop = matches!(status, Status::Stopped { .. });
            statuses.push(status);
            if stop {
                break;
            }
        }
    }
    assert!(matches!(
        statuses.last(),
        Some(Status::Stopped { reason }) if reason.contains("invalid password")
    ));
    assert!(
        !statuses
            .iter()
            .any(|s| matches!(s, Status::RetryingIn { .. }))
    );
}

#[tokio::test]
async fn observing_three_games_at_once() {
    let run = play("real-server/observe-live-games.bin", false, Some(144)).await;
    assert_eq!(run.boards(), 144);
    assert_eq!(run.store.games().count(), 3);
    for sent in ["observe 1", "observe 2", "observe 3"] {
        assert!(run.received.iter().any(|l| l == sent), "{sent}");
    }
    for game in run.store.games() {
        assert_eq!(game.relation, Relation::Observing);
        assert!(game.moves.len() > 10);
    }
}

#[tokio::test]
async fn playing_a_whole_game() {
    let run = play("real-server/own-game-white.bin", false, None).await;
    assert_eq!(run.boards(), 53);
    let game = run.store.get(1).expect("game 1");
    assert_eq!(game.moves.len(), 52);
    let outcome = game.outcome.as_ref().expect("over");
    assert_eq!(
        (outcome.result, outcome.reason),
        (GameResult::BlackWins, EndReason::Checkmate)
    );
    // Our moves went out as the transcript's client sent them, in order.
    let moves: Vec<&String> = run.received.iter().filter(|l| is_move(l)).collect();
    assert_eq!(moves.len(), 26);
    assert_eq!(moves[0], "b1a3");
    assert_eq!(moves[8], "o-o-o");
    assert_eq!(run.received.last().map(String::as_str), Some("quit"));
}

#[tokio::test]
async fn every_kind_of_game_end() {
    for (fixture, _, reason, result) in common::ENDINGS {
        let run = play(fixture, false, None).await;
        let game = run
            .store
            .games()
            .next()
            .unwrap_or_else(|| panic!("{fixture}: no game"));
        let outcome = game
            .outcome
            .as_ref()
            .unwrap_or_else(|| panic!("{fixture}: not over"));
        assert_eq!(
            (outcome.reason, outcome.result),
            (reason, result),
            "{fixture}"
        );
        assert_eq!(game.clock.running(), None, "{fixture}");
    }
}

#[tokio::test]
async fn a_rated_game_over_timeseal_two() {
    let run = play("modern-server/own-game-white.bin", true, None).await;
    // The hello came first and decoded; every line was timeseal-encoded (the
    // server decodes them all); each ping was answered.
    assert!(
        run.received[0].starts_with("TIMESEAL2|"),
        "{:?}",
        run.received
    );
    assert_eq!(run.received[1..3], ["BotA", "secret"]);
    assert!(
        !run.received.iter().any(|l| l.starts_with('<')),
        "{:?}",
        run.received
    );
    let pings = run
        .protocol()
        .filter(|e| matches!(e, Event::Ping(TimesealVersion::V2)))
        .count();
    let pongs = run.received.iter().filter(|l| *l == "\u{2}9").count();
    assert!(pings >= 4);
    assert_eq!(pongs, pings);
    let game = run.store.get(1).expect("game 1");
    assert_eq!(
        game.outcome.as_ref().map(|o| o.result),
        Some(GameResult::WhiteWins)
    );
}

#[tokio::test]
async fn idle_timeseal_guest_answers_every_ping() {
    let run = play("modern-server/timeseal2-guest.bin", true, Some(0)).await;
    let pongs = run.received.iter().filter(|l| *l == "\u{2}9").count();
    assert_eq!(pongs, 2);
}

#[tokio::test]
async fn a_drop_mid_game_reconnects_and_observes_again() {
    let fixture = "real-server/observe-live-games.bin";
    let t = transcript(fixture);
    let full = own_setup(Script::from_fixture(&fixture_path(fixture)).expect("script"));
    // The first connection dies a few boards in; the second logs in and
    // must be asked to observe the same three games again.
    let first = full.clone().cut_after_sends(12);
    let mut second = full.login_only();
    for game in 1..=3 {
        second.push(Step::Expect(fake_server::Expected::Line(format!(
            "observe {game}"
        ))));
    }
    second.push(Step::Close);
    let server = FakeServer::start(vec![first, second], false)
        .await
        .expect("server");
    let mut handle = client(&server.addr.to_string(), &t, false, true);
    let mut statuses = Vec::new();
    let mut sent_observes = false;
    let run = async {
        while let Some(event) = handle.recv().await {
            match event {
                NetEvent::Status(status) => {
                    let stop = matches!(status, Status::Stopped { .. });
                    statuses.push(status);
                    if stop {
                        break;
                    }
                }
                NetEvent::Protocol {
                    event: Event::LoggedIn { .. },
                    ..
                } if !sent_observes => {
                    sent_observes = true;
                    for game in 1..=3 {
                        handle.send(Command::Observe(ObserveTarget::Game(game)));
                    }
                }
                _ => {}
            }
            if server.finished(1, Duration::ZERO).await {
                handle.logout();
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(20), run).await;
    assert!(
        server.finished(1, Duration::from_secs(5)).await,
        "second connection: {:?}",
        server.received(1, Duration::ZERO).await
    );
    let retry = statuses
        .iter()
        .find_map(|s| match s {
            Status::RetryingIn { delay, .. } => Some(*delay),
            _ => None,
        })
        .expect("a retry after the drop");
    assert!(
        retry >= Duration::from_millis(37) && retry <= Duration::from_millis(63),
        "{retry:?}"
    );
    let logins = statuses
        .iter()
        .filter(|s| matches!(s, Status::LoggedIn { .. }))
        .count();
    assert_eq!(logins, 2);
    let second = server.received(1, Duration::from_secs(1)).await;
    for game in 1..=3 {
        assert!(second.contains(&format!("observe {game}")), "{second:?}");
    }
}

/// A server without timeseal (old FICS) reads the hello as a login name and
/// refuses it: Kibitz connects again at once without timeseal, and the guest
/// login succeeds on that second connection.
#[tokio::test]
async fn a_refused_timeseal_hello_retries_without_timeseal() {
    let fixture = "real-server/guest-login.bin";
    let t = transcript(fixture);
    let login =
        own_setup(Script::from_fixture(&fixture_path(fixture)).expect("script")).login_only();
    let Some(Step::Send(banner)) = login.steps.first().cloned() else {
        panic!("the transcript starts with the server's banner");
    };
    assert!(banner.ends_with(b"login: "));
    let refusing = Script {
        steps: vec![
            Step::Send(banner),
            // The hello, read as a name.
            Step::Expect(fake_server::Expected::AnyPassword),
            Step::Send(
                b"\n\rSorry, names can only consist of lower and upper case letters.  Try again.\n\rlogin: "
                    .to_vec(),
            ),
            Step::Close,
        ],
    };
    let server = FakeServer::start(vec![refusing, login], false)
        .await
        .expect("server");
    let mut handle = client(&server.addr.to_string(), &t, true, true);
    let mut refused = false;
    let mut logged_in = None;
    let mut statuses = Vec::new();
    let run = async {
        while let Some(event) = handle.recv().await {
            match event {
                NetEvent::Protocol {
                    event: Event::TimesealRefused { .. },
                    ..
                } => refused = true,
                NetEvent::Protocol {
                    event: Event::LoggedIn { handle: name, .. },
                    ..
                } => {
                    logged_in = Some(name);
                    handle.logout();
                }
                NetEvent::Status(status) => {
                    let stop = matches!(status, Status::Stopped { .. });
                    statuses.push(status);
                    if stop {
                        break;
                    }
                }
                _ => {}
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(20), run).await;
    assert!(refused, "{statuses:?}");
    assert!(logged_in.is_some(), "{statuses:?}");
    // No backoff wait and no failed login on the way.
    assert!(
        !statuses
            .iter()
            .any(|s| matches!(s, Status::RetryingIn { .. })),
        "{statuses:?}"
    );
    let second = server.received(1, Duration::from_secs(1)).await;
    assert_eq!(
        second.first().map(String::as_str),
        Some("guest"),
        "{second:?}"
    );
}

/// A server in the manner of FatICS and freechess.org: it takes `iset block
/// 1`, then wants every line numbered and frames each reply with the
/// number (a `games` listing for `games`, nothing for the rest; a line
/// without a number is refused with code 519, as the real one does).
async fn block_mode_server(
    listener: tokio::net::TcpListener,
    lines: Arc<std::sync::Mutex<Vec<String>>>,
) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    const GAMES: &str = "  1 1720 BotA        1720 BotB       [ br  3   2]   2:59 -  3:00 (39-39) W:  2\n\r\n\r  1 games displayed.\n\r";
    let Ok((stream, _)) = listener.accept().await else {
        return;
    };
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read).lines();
    let _ = write.write_all(b"login: ").await;
    let _ = read.next_line().await;
    let _ = write
        .write_all(b"Press return to enter the server as \"GuestB\":")
        .await;
    let _ = read.next_line().await;
    let _ = write
        .write_all(b"**** Starting FICS session as GuestB(U) ****\n\rfics% ")
        .await;
    let mut block = false;
    while let Ok(Some(line)) = read.next_line().await {
        lines.lock().expect("lines").push(line.clone());
        let numbered = line
            .split_once(' ')
            .and_then(|(id, rest)| Some((id.parse::<u32>().ok()?, rest)));
        let answer = match (block, numbered) {
            (false, _) if line == "iset block 1" => {
                block = true;
                "block set.\n\rfics% ".to_owned()
            }
            (false, _) => "fics% ".to_owned(),
            (true, Some((id, "quit"))) => {
                let _ = write
                    .write_all(
                        format!("\x15{id}\x16103\x16Logging you out.\n\r\x17\n\r").as_bytes(),
                    )
                    .await;
                return;
            }
            (true, Some((id, command))) => {
                let (code, output) = if command == "games" {
                    (43, GAMES)
                } else {
                    (0, "")
                };
                format!("\x15{id}\x16{code}\x16{output}\x17\n\rfics% ")
            }
            (true, None) => "\x150\x16519\x16\x17\n\rfics% ".to_owned(),
        };
        if write.write_all(answer.as_bytes()).await.is_err() {
            return;
        }
    }
}

#[tokio::test]
async fn block_mode_numbers_every_line_and_addresses_its_reply() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address").to_string();
    let lines = Arc::new(std::sync::Mutex::new(Vec::new()));
    let server = tokio::spawn(block_mode_server(listener, Arc::clone(&lines)));
    let config = NetConfig::new(&addr, SessionConfig::guest());
    let mut handle = net::task::spawn(config, Arc::new(|_| {})).expect("spawn");
    handle.send(Command::Games);
    handle.ask(kibitz::protocol::request::RequestId(9), Command::Games);
    let mut texts = Vec::new();
    let reply = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(event) = handle.recv().await {
            match event {
                NetEvent::Protocol {
                    event: Event::Reply(reply),
                    ..
                } => return Some(reply),
                NetEvent::Protocol {
                    event: Event::Text(text),
                    ..
                } => texts.push(text),
                _ => {}
            }
        }
        None
    })
    .await
    .expect("in time")
    .expect("a reply");
    assert_eq!(reply.to, kibitz::protocol::request::RequestId(9));
    match &reply.answer {
        kibitz::protocol::reply::Answer::Games { entries, .. } => assert_eq!(entries.len(), 1),
        other => panic!("{other:?}"),
    }
    // The user's `games` (sent first) was shown; ours was not.
    let listed = texts.iter().filter(|t| t.contains("BotA")).count();
    assert_eq!(listed, 1, "{texts:?}");
    handle.logout();
    let _ = tokio::time::timeout(Duration::from_secs(5), server).await;
    let lines = lines.lock().expect("lines").clone();
    // (The login's lines are not recorded.)
    assert_eq!(lines[0], "iset block 1");
    // Every line after it carries its number: none was refused.
    for line in &lines[1..] {
        let (id, _) = line.split_once(' ').expect("numbered");
        assert!(id.parse::<u32>().is_ok_and(|n| n > 0), "{line}");
    }
    assert!(
        lines.iter().any(|l| l.ends_with(" set style 12")),
        "{lines:?}"
    );
    assert!(
        lines.last().is_some_and(|l| l.ends_with(" quit")),
        "{lines:?}"
    );
}
