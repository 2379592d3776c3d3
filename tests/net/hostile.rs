//! Hostile servers on 127.0.0.1: the network task never panics, never holds
//! an unbounded line, and keeps the session going.

use std::sync::Arc;
use std::time::Duration;

use kibitz::net::{self, NetConfig, NetEvent, NetHandle, Status};
use kibitz::protocol::event::Event;
use kibitz::protocol::session::SessionConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

async fn listener() -> (TcpListener, String) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    (listener, addr)
}

fn client(addr: &str) -> NetHandle {
    let mut config = NetConfig::new(addr, SessionConfig::guest());
    config.reconnect = false;
    net::task::spawn(config, Arc::new(|_| {})).expect("spawn")
}

/// Collects events until the handle stops or `limit` passes.
async fn events_until_stopped(handle: &mut NetHandle, limit: Duration) -> Vec<NetEvent> {
    let mut events = Vec::new();
    let _ = tokio::time::timeout(limit, async {
        while let Some(event) = handle.recv().await {
            let stop = matches!(event, NetEvent::Status(Status::Stopped { .. }));
            events.push(event);
            if stop {
                break;
            }
        }
    })
    .await;
    events
}

fn protocol(events: &[NetEvent]) -> Vec<&Event> {
    events
        .iter()
        .filter_map(|e| match e {
            NetEvent::Protocol { event, .. } => Some(event),
            NetEvent::Status(_) => None,
        })
        .collect()
}

async fn read_line(socket: &mut TcpStream) -> String {
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while socket.read(&mut byte).await.expect("read") == 1 && byte[0] != b'\n' {
        line.push(byte[0]);
    }
    String::from_utf8_lossy(&line).into_owned()
}

#[tokio::test]
async fn a_mebibyte_line_is_cut_and_the_session_goes_on() {
    let (listener, addr) = listener().await;
    let mut handle = client(&addr);
    let (mut socket, _) = listener.accept().await.expect("accept");
    let huge = vec![b'x'; 1024 * 1024];
    socket.write_all(&huge).await.expect("write");
    socket
        .write_all(b"\n\r<12> not a board\n\rstill here\n\r\xc3\x28 caf\xe9 \n\rfics% ")
        .await
        .expect("write");
    drop(socket);
    let events = events_until_stopped(&mut handle, Duration::from_secs(10)).await;
    let events = protocol(&events);
    let cut = events
        .iter()
        .find_map(|e| match e {
            Event::LineCut { head } => Some(head.len()),
            _ => None,
        })
        .expect("the long line is reported");
    assert!(cut <= 200);
    assert!(events.iter().any(|e| matches!(e, Event::Unparsed { .. })));
    assert!(events.contains(&&Event::Text("still here".into())));
    assert!(events.contains(&&Event::Text("\u{fffd}( caf\u{fffd} ".into())));
    // Nothing held anywhere near the size of the line.
    for event in events {
        if let Event::Text(text) = event {
            assert!(text.len() < 64 * 1024);
        }
    }
}

#[tokio::test]
async fn a_server_dripping_one_byte_every_100_ms_still_gets_an_answer() {
    let (listener, addr) = listener().await;
    let mut handle = client(&addr);
    let (mut socket, _) = listener.accept().await.expect("accept");
    for &byte in b"Hi\n\rlogin: " {
        socket.write_all(&[byte]).await.expect("write");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(read_line(&mut socket).await, "guest");
    drop(socket);
    let events = events_until_stopped(&mut handle, Duration::from_secs(10)).await;
    assert!(protocol(&events).contains(&&Event::Text("Hi".into())));
}

#[tokio::test]
async fn a_server_closing_mid_line_delivers_the_partial_line() {
    let (listener, addr) = listener().await;
    let mut handle = client(&addr);
    let (mut socket, _) = listener.accept().await.expect("accept");
    socket
        .write_all(b"complete line\n\rhalf a li")
        .await
        .expect("write");
    drop(socket);
    let events = events_until_stopped(&mut handle, Duration::from_secs(10)).await;
    let texts: Vec<&Event> = protocol(&events);
    assert!(texts.contains(&&Event::Text("complete line".into())));
    assert!(texts.contains(&&Event::Text("half a li".into())));
    assert!(matches!(
        events.last(),
        Some(NetEvent::Status(Status::Stopped { reason })) if reason.contains("closed")
    ));
}

#[tokio::test]
async fn an_unreachable_server_is_reported_plainly() {
    // Bind and drop: nothing listens on this port any more.
    let (listener, addr) = listener().await;
    drop(listener);
    let mut handle = client(&addr);
    let events = events_until_stopped(&mut handle, Duration::from_secs(30)).await;
    assert!(matches!(
        events.last(),
        Some(NetEvent::Status(Status::Stopped { reason })) if reason.starts_with("server unreachable")
    ));
}
