//! A link that dies without a word: the network thread, through a proxy
//! that stops forwarding and closes nothing, against a small live server
//! (it answers every line with a prompt, as FICS does). The loss is noticed
//! within the bound while a game is watched, the user told before, the
//! connection made again and the game observed again.

use crate::common;

use std::sync::Arc;
use std::time::Duration;

use common::proxy::Proxy;
use kibitz::net::backoff::Backoff;
use kibitz::net::{self, NetConfig, NetEvent, Status};
use kibitz::protocol::command::{Command, ObserveTarget};
use kibitz::protocol::event::Event;
use kibitz::protocol::liveness::{ANSWER_WITHIN, QUIET_WITH_GAMES};
use kibitz::protocol::session::SessionConfig;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::mpsc;

const BOARD: &str = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 5 Anna Boris 0 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0";

/// A live server: a guest login, then a prompt for every line (the
/// blank line too), and game 5's board for `observe 5`. Every line it
/// reads goes to `heard`, with the connection's number.
async fn live_server(listener: TcpListener, heard: mpsc::UnboundedSender<(usize, String)>) {
    let mut connection = 0;
    while let Ok((socket, _)) = listener.accept().await {
        connection += 1;
        let heard = heard.clone();
        tokio::spawn(async move {
            let (read, mut write) = socket.into_split();
            let mut lines = BufReader::new(read).lines();
            let mut say = async |text: &str| write.write_all(text.as_bytes()).await.is_ok();
            if !say("login: ").await {
                return;
            }
            let _ = lines.next_line().await;
            say("Press return to enter the server as \"GuestA\":").await;
            let _ = lines.next_line().await;
            say("**** Starting FICS session as GuestA(U) ****\n\rfics% ").await;
            while let Ok(Some(line)) = lines.next_line().await {
                let line = line.trim_end().to_owned();
                let _ = heard.send((connection, line.clone()));
                let answer = if line == "iset block 1" {
                    "iset: Command not found.\n\rfics% ".to_owned()
                } else if line == "observe 5" {
                    format!("You are now observing game 5.\n\r\n\r{BOARD}\n\rfics% ")
                } else {
                    "fics% ".to_owned()
                };
                if !say(&answer).await {
                    return;
                }
            }
        });
    }
}

#[tokio::test]
async fn a_link_that_dies_silently_is_noticed_and_made_again() {
    let listener = TcpListener::bind(("127.0.0.1", 0)).await.expect("bind");
    let upstream = listener.local_addr().expect("addr").to_string();
    let (heard_tx, mut heard) = mpsc::unbounded_channel();
    tokio::spawn(live_server(listener, heard_tx));
    let proxy = Proxy::start(&upstream);

    let mut config = NetConfig::new(&proxy.addr, SessionConfig::guest());
    config.backoff = Backoff::new(Duration::from_millis(50), Duration::from_millis(200));
    let mut handle = net::task::spawn(config, Arc::new(|_| {})).expect("spawn");
    let mut statuses = Vec::new();
    let mut protocol = Vec::new();
    let mut cut_at = None;
    let mut board_at = None;
    let run = async {
        while let Some(event) = handle.recv().await {
            let now = handle.now();
            match event {
                NetEvent::Status(status) => {
                    let again = matches!(status, Status::LoggedIn { .. }) && cut_at.is_some();
                    statuses.push((now, status));
                    if again {
                        break;
                    }
                }
                NetEvent::Protocol { event, at } => {
                    if let Event::LoggedIn { .. } = event
                        && cut_at.is_none()
                    {
                        handle.send(Command::Observe(ObserveTarget::Game(5)));
                    }
                    if let Event::Board(_) = event
                        && board_at.is_none()
                    {
                        board_at = Some(at);
                    }
                    protocol.push((at, event));
                }
            }
            // Watched a while (one question asked and answered on the
            // way: no alarm), then the link dies.
            if let Some(board) = board_at
                && cut_at.is_none()
            {
                tokio::time::sleep_until(
                    tokio::time::Instant::from_std(handle.origin() + board)
                        + QUIET_WITH_GAMES
                        + Duration::from_secs(2),
                )
                .await;
                proxy.cut();
                cut_at = Some(handle.now());
            }
        }
    };
    let bound = QUIET_WITH_GAMES + ANSWER_WITHIN;
    tokio::time::timeout(bound * 3, run)
        .await
        .unwrap_or_else(|_| panic!("no reconnect: {statuses:?}"));
    let cut_at = cut_at.expect("cut");
    let mut lines = Vec::new();
    while let Ok(line) = heard.try_recv() {
        lines.push(line);
    }
    // Before the cut the server was asked once, answered, and nobody was
    // alarmed.
    assert!(lines.contains(&(1, String::new())), "{lines:?}");
    let quiet = protocol
        .iter()
        .find(|(_, e)| matches!(e, Event::LinkQuiet { .. }))
        .map(|(at, _)| *at)
        .expect("the user told of the silence");
    assert!(quiet > cut_at, "no alarm before the cut");
    let (lost_at, reason) = statuses
        .iter()
        .find_map(|(at, s)| match s {
            Status::RetryingIn { reason, .. } => Some((*at, reason.clone())),
            _ => None,
        })
        .expect("the link given up");
    assert!(
        reason.starts_with("no answer from the server for "),
        "{reason}"
    );
    // Within the bound of the last byte heard, which came before the cut.
    let noticed_after = lost_at - cut_at;
    assert!(
        noticed_after <= bound,
        "noticed {noticed_after:?} after the cut"
    );
    assert!(quiet < lost_at);
    eprintln!(
        "cut at {cut_at:?}; told at +{:?}; dropped at +{noticed_after:?}",
        quiet - cut_at
    );
    // The game is observed again on the new connection.
    tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            if let Some((2, line)) = heard.recv().await
                && line == "observe 5"
            {
                break;
            }
        }
    })
    .await
    .expect("observe 5 again after the reconnect");
    handle.logout();
}
