//! Checks the scripted fake server in `common/fake_server.rs` with a minimal
//! hand-written client.

use crate::common;
use common::fake_server;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail, ensure};
use fake_server::{
    Expected, FakeServer, Limits, PONG, PROMPT, Script, Step, find_bytes, fixture_path,
    real_timeout,
};
use kibitz::protocol::timeseal::{self, TimesealVersion};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Guards every client read (wall clock, also under a paused tokio clock), so
/// a broken server fails the test instead of hanging it.
const READ_LIMIT: Duration = Duration::from_secs(20);
const WAIT: Duration = Duration::from_secs(5);
const PING: &[u8] = b"[G]\0";

/// The client side: sends lines (plain or timeseal), reads until a pattern,
/// and optionally answers every `[G]\0` ping as soon as it is read.
struct Client {
    stream: TcpStream,
    /// Every byte received.
    seen: Vec<u8>,
    /// `seen[..consumed]` has been matched by `read_until`.
    consumed: usize,
    timeseal: bool,
    answer_pings: bool,
    pings_answered: usize,
    /// Fake timeseal timestamp.
    clock_ms: u64,
}

impl Client {
    async fn connect(addr: SocketAddr, timeseal: bool) -> anyhow::Result<Client> {
        let stream = TcpStream::connect(addr).await?;
        // As Kibitz does: no Nagle delay between two small lines.
        stream.set_nodelay(true)?;
        Ok(Client {
            stream,
            seen: Vec::new(),
            consumed: 0,
            timeseal,
            answer_pings: timeseal,
            pings_answered: 0,
            clock_ms: 0,
        })
    }

    fn tick(&mut self) -> u64 {
        self.clock_ms += 25;
        self.clock_ms
    }

    async fn send(&mut self, line: &str) -> anyhow::Result<()> {
        let bytes = if self.timeseal {
            let ts = self.tick();
            timeseal::encode_line(line.as_bytes(), ts)
        } else {
            format!("{line}\n").into_bytes()
        };
        self.stream.write_all(&bytes).await?;
        Ok(())
    }

    async fn send_hello(&mut self) -> anyhow::Result<()> {
        let ts = self.tick();
        let hello = timeseal::hello(TimesealVersion::V2, "selftest", "linux", ts);
        self.stream.write_all(&hello).await?;
        Ok(())
    }

    async fn send_pong(&mut self) -> anyhow::Result<()> {
        let ts = self.tick();
        self.stream.write_all(&timeseal::ping_reply(ts)).await?;
        Ok(())
    }

    /// Reads once; 0 at end of stream.
    async fn fill(&mut self) -> anyhow::Result<usize> {
        let mut buf = [0u8; 4096];
        let n = real_timeout(READ_LIMIT, self.stream.read(&mut buf))
            .await
            .with_context(|| {
                format!(
                    "read timed out after {:?}",
                    String::from_utf8_lossy(&self.seen)
                )
            })??;
        self.seen
            .extend_from_slice(buf.get(..n).unwrap_or_default());
        if self.answer_pings {
            let pings = self.seen.windows(PING.len()).filter(|w| *w == PING).count();
            while self.pings_answered < pings {
                self.send_pong().await?;
                self.pings_answered += 1;
            }
        }
        Ok(n)
    }

    async fn read_until(&mut self, pattern: &[u8]) -> anyhow::Result<()> {
        loop {
            let unread = self.seen.get(self.consumed..).unwrap_or_default();
            if let Some(at) = find_bytes(unread, pattern) {
                self.consumed += at + pattern.len();
                return Ok(());
            }
            if self.fill().await? == 0 {
                let unread = self.seen.get(self.consumed..).unwrap_or_default();
                bail!(
                    "end of stream before {:?}; got {:?}",
                    String::from_utf8_lossy(pattern),
                    String::from_utf8_lossy(unread)
                );
            }
        }
    }

    async fn wait_pings_answered(&mut self, count: usize) -> anyhow::Result<()> {
        while self.pings_answered < count {
            ensure!(self.fill().await? > 0, "end of stream before {count} pings");
        }
        Ok(())
    }

    async fn read_to_end(&mut self) -> anyhow::Result<()> {
        while self.fill().await? > 0 {}
        Ok(())
    }
}

fn strings(lines: &[&str]) -> Vec<String> {
    lines.iter().map(|&line| line.to_owned()).collect()
}

fn all_fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in std::fs::read_dir(fixture_path("")).expect("fixtures dir") {
        let dir = dir.expect("entry").path();
        if !dir.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&dir).expect("fixture subdir") {
            let path = file.expect("entry").path();
            if path.extension().is_some_and(|e| e == "bin") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_fixture_becomes_a_script() {
    let files = all_fixtures();
    assert!(files.len() >= 20, "fixtures missing: {}", files.len());
    for bin in files {
        let script = Script::from_fixture(&bin).unwrap_or_else(|e| panic!("{e:#}"));
        let bytes = std::fs::read(&bin).expect("bin");
        assert_eq!(script.server_bytes(), bytes, "{}", bin.display());
        assert!(
            script
                .steps
                .iter()
                .any(|s| matches!(s, Step::Expect(Expected::Line(_)))),
            "{}",
            bin.display()
        );

        // A login script ends at the first prompt after the login, or is the
        // whole transcript when the login was refused.
        let login = script.clone().login_only();
        if login != script {
            match login.steps.last() {
                Some(Step::Send(last)) => {
                    assert!(last.ends_with(PROMPT), "{}", bin.display());
                }
                other => panic!("{}: login ends with {other:?}", bin.display()),
            }
            let prompts = find_bytes(&login.server_bytes(), PROMPT);
            assert_eq!(
                prompts,
                Some(login.server_bytes().len() - PROMPT.len()),
                "{}: the only prompt is the last bytes",
                bin.display()
            );
        }
    }
}

#[test]
fn fixture_steps_follow_the_events() {
    let script =
        Script::from_fixture(&fixture_path("modern-server/timeseal2-guest.bin")).expect("script");
    let kinds: Vec<&str> = script
        .steps
        .iter()
        .map(|step| match step {
            Step::Send(_) => "send",
            Step::Expect(Expected::Hello) => "hello",
            Step::Expect(Expected::Pong) => "pong",
            Step::Expect(Expected::AnyPassword) => "password",
            Step::Expect(Expected::Line(_)) => "line",
            Step::Close => "close",
        })
        .collect();
    assert_eq!(kinds.first(), Some(&"hello"));
    assert_eq!(kinds.iter().filter(|&&k| k == "pong").count(), 2);
    assert_eq!(kinds.iter().filter(|&&k| k == "send").count(), 10);
    assert_eq!(
        script.steps.get(2),
        Some(&Step::Expect(Expected::Line("guest".into())))
    );

    let registered =
        Script::from_fixture(&fixture_path("real-server/registered-login.bin")).expect("script");
    assert!(
        registered
            .steps
            .contains(&Step::Expect(Expected::AnyPassword))
    );
    let login = registered.login_only();
    let last_expect = login
        .steps
        .iter()
        .rev()
        .find(|s| matches!(s, Step::Expect(_)));
    assert_eq!(last_expect, Some(&Step::Expect(Expected::AnyPassword)));
    assert!(login.server_bytes().ends_with(PROMPT));

    let missing = Script::from_fixture(&fixture_path("real-server/no-such-file.bin"));
    assert!(missing.is_err());
}

#[test]
fn login_only_of_the_guest_login() {
    let script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))
        .expect("script")
        .login_only();
    let expects: Vec<&Step> = script
        .steps
        .iter()
        .filter(|s| matches!(s, Step::Expect(_)))
        .collect();
    assert_eq!(
        expects,
        [
            &Step::Expect(Expected::Line("guest".into())),
            &Step::Expect(Expected::Line(String::new()))
        ]
    );
    assert!(script.server_bytes().ends_with(PROMPT));
}

#[test]
fn login_only_finds_a_prompt_split_across_sends() {
    let script = Script {
        steps: vec![
            Step::Send(b"login: ".to_vec()),
            Step::Expect(Expected::Line("guest".into())),
            Step::Send(b"fics% no prompt yet\n\r".to_vec()),
            Step::Expect(Expected::Line(String::new())),
            Step::Send(b"welcome\n\rfi".to_vec()),
            Step::Send(b"cs% and more".to_vec()),
            Step::Expect(Expected::Line("quit".into())),
        ],
    };
    let login = script.login_only();
    assert_eq!(login.steps.len(), 6);
    assert_eq!(login.steps.last(), Some(&Step::Send(b"cs% ".to_vec())));
}

#[test]
fn cut_after_sends_keeps_n_sends_then_closes() {
    let script =
        Script::from_fixture(&fixture_path("real-server/own-game-white.bin")).expect("script");
    let total = script.sends();
    let cut = script.clone().cut_after_sends(20);
    assert_eq!(cut.sends(), 20);
    assert_eq!(cut.steps.last(), Some(&Step::Close));
    assert!(matches!(
        cut.steps.get(cut.steps.len() - 2),
        Some(Step::Send(_))
    ));
    let all = script.clone().cut_after_sends(total + 5);
    assert_eq!(all.steps.len(), script.steps.len() + 1);
    assert_eq!(script.cut_after_sends(0).steps, [Step::Close]);
}

#[tokio::test(start_paused = true)]
async fn plain_guest_login_under_paused_time() -> anyhow::Result<()> {
    let script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))?.login_only();
    let server = FakeServer::start(vec![script], false).await?;
    let mut client = Client::connect(server.addr, false).await?;
    client.read_until(b"login: ").await?;
    // A minute of virtual time passes before the client answers: the
    // server's limits are wall-clock time, so it still waits.
    tokio::time::sleep(Duration::from_secs(60)).await;
    client.send("guest").await?;
    client.read_until(b"\":").await?;
    client.send("").await?;
    client.read_until(PROMPT).await?;

    assert!(server.finished(0, WAIT).await);
    assert_eq!(server.received(0, WAIT).await, strings(&["guest", ""]));
    // One script, one connection: the server no longer accepts.
    assert!(TcpStream::connect(server.addr).await.is_err());
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn extra_client_lines_are_skipped_and_recorded() -> anyhow::Result<()> {
    let script = Script::from_fixture(&fixture_path("real-server/guest-login.bin"))?.login_only();
    let server = FakeServer::start(vec![script], false).await?;
    let mut client = Client::connect(server.addr, false).await?;
    client.read_until(b"login: ").await?;
    client.stream.write_all(b"early\r\n").await?;
    client.send("guest").await?;
    client.read_until(b"\":").await?;
    client.send("iset ms 1").await?;
    client.send("").await?;
    client.read_until(PROMPT).await?;
    // Sent after the script's last step: still recorded.
    client.send("set style 12").await?;

    assert_eq!(
        server.received(0, WAIT).await,
        strings(&["early", "guest", "iset ms 1", "", "set style 12"])
    );
    Ok(())
}

#[tokio::test]
async fn timeseal_guest_session_replays_with_pongs() -> anyhow::Result<()> {
    let script = Script::from_fixture(&fixture_path("modern-server/timeseal2-guest.bin"))?;
    let expected_bytes = script.server_bytes();
    let server = FakeServer::start(vec![script], true).await?;
    let mut client = Client::connect(server.addr, true).await?;
    client.send_hello().await?;
    client.read_until(b"login: ").await?;
    client.send("guest").await?;
    client.read_until(b"\":").await?;
    client.send("").await?;
    client.read_until(PROMPT).await?;
    client.send("set style 12").await?;
    client.read_until(b"Style 12 set.").await?;
    client.wait_pings_answered(2).await?;
    client.send("who").await?;
    client.read_until(b"displayed.").await?;
    client.send("quit").await?;
    client.read_until(b"Thank you for using FatICS").await?;

    assert!(server.finished(0, WAIT).await);
    // The script ends without Close (the transcript does not say who hung
    // up): the client hangs up, and the server has sent the whole transcript.
    drop(client.stream);
    let received = server.received(0, WAIT).await;
    assert_eq!(
        received,
        strings(&[
            "TIMESEAL2|selftest|linux|",
            "guest",
            "",
            "set style 12",
            PONG,
            PONG,
            "who",
            "quit"
        ])
    );
    assert!(client.seen.len() <= expected_bytes.len());
    assert!(expected_bytes.starts_with(&client.seen));
    Ok(())
}

#[tokio::test]
async fn pongs_are_counted_and_never_block_long() -> anyhow::Result<()> {
    let script = Script {
        steps: vec![
            Step::Expect(Expected::Hello),
            Step::Send(PING.to_vec()),
            // Satisfied by the pong the client sent before the ping.
            Step::Expect(Expected::Pong),
            Step::Send(b"one\n\r".to_vec()),
            // The client sends "x" first: kept for the next Expect.
            Step::Expect(Expected::Pong),
            Step::Expect(Expected::Line("x".into())),
            Step::Send(b"two\n\r".to_vec()),
            // Never answered: skipped after the pong limit.
            Step::Expect(Expected::Pong),
            Step::Send(b"three\n\r".to_vec()),
            Step::Expect(Expected::Line("end".into())),
            Step::Send(b"bye\n\r".to_vec()),
            Step::Close,
        ],
    };
    let limits = Limits {
        expect: Duration::from_secs(5),
        pong: Duration::from_millis(300),
    };
    let server = FakeServer::start_with(vec![script], true, limits).await?;
    let mut client = Client::connect(server.addr, true).await?;
    client.answer_pings = false;
    client.send_hello().await?;
    client.send_pong().await?;
    client.read_until(b"one").await?;
    client.send("x").await?;
    client.send_pong().await?;
    client.read_until(b"two").await?;
    let started = std::time::Instant::now();
    client.read_until(b"three").await?;
    assert!(started.elapsed() >= Duration::from_millis(250));
    client.send("end").await?;
    client.read_to_end().await?;
    assert!(client.seen.ends_with(b"bye\n\r"));

    assert!(server.finished(0, WAIT).await);
    assert_eq!(
        server.received(0, WAIT).await,
        strings(&[
            "TIMESEAL2|selftest|linux|",
            PONG,
            "x",
            PONG,
            "<no pong>",
            "end"
        ])
    );
    Ok(())
}

#[tokio::test]
async fn lines_that_are_not_timeseal_are_read_as_plain_and_marked() -> anyhow::Result<()> {
    let script = Script {
        steps: vec![
            Step::Expect(Expected::Line("plain text".into())),
            Step::Expect(Expected::Line("ok".into())),
            Step::Close,
        ],
    };
    let server = FakeServer::start(vec![script], true).await?;
    let mut client = Client::connect(server.addr, true).await?;
    client.stream.write_all(b"plain text\n").await?;
    // Stamped 0: the real servers' decoder cannot tell it from a malformed
    // line, and neither can this one.
    let zero = timeseal::encode_line(b"zero", 0);
    client.stream.write_all(&zero).await?;
    client.send("ok").await?;
    client.read_to_end().await?;
    let received = server.received(0, WAIT).await;
    assert_eq!(received[0], "<not timeseal> plain text");
    assert!(received[1].starts_with("<not timeseal> "), "{received:?}");
    assert_eq!(received[2], "ok");
    assert_eq!(received.len(), 3);
    Ok(())
}

#[tokio::test]
async fn an_expectation_times_out_with_a_note_and_a_close() -> anyhow::Result<()> {
    let script = Script {
        steps: vec![
            Step::Send(b"login: ".to_vec()),
            Step::Expect(Expected::Line("guest".into())),
            Step::Send(b"never sent".to_vec()),
        ],
    };
    let limits = Limits {
        expect: Duration::from_millis(300),
        pong: Duration::from_millis(100),
    };
    let server = FakeServer::start_with(vec![script], false, limits).await?;
    let mut client = Client::connect(server.addr, false).await?;
    client.read_until(b"login: ").await?;
    client.send("wrong").await?;
    client.read_to_end().await?;
    assert_eq!(client.seen, b"login: ");

    assert!(!server.finished(0, WAIT).await);
    assert_eq!(
        server.received(0, WAIT).await,
        strings(&["wrong", "<timeout waiting for line \"guest\">"])
    );
    Ok(())
}

#[tokio::test]
async fn a_cut_script_closes_the_socket() -> anyhow::Result<()> {
    let bin = fixture_path("real-server/own-game-white.bin");
    let script = Script::from_fixture(&bin)?.cut_after_sends(1);
    let first = script.server_bytes();
    let server = FakeServer::start(vec![script], false).await?;
    let mut client = Client::connect(server.addr, false).await?;
    client.read_to_end().await?;
    assert_eq!(client.seen, first);
    assert!(std::fs::read(&bin)?.starts_with(&first));
    assert!(server.finished(0, WAIT).await);
    assert_eq!(server.received(0, WAIT).await, Vec::<String>::new());
    Ok(())
}

#[tokio::test]
async fn scripts_go_to_connections_in_order() -> anyhow::Result<()> {
    let script = |text: &str| Script {
        steps: vec![Step::Send(text.as_bytes().to_vec()), Step::Close],
    };
    let server = FakeServer::start(vec![script("first"), script("second")], false).await?;
    let mut one = Client::connect(server.addr, false).await?;
    one.read_to_end().await?;
    let mut two = Client::connect(server.addr, false).await?;
    two.read_to_end().await?;
    assert_eq!(one.seen, b"first");
    assert_eq!(two.seen, b"second");
    assert!(server.finished(1, WAIT).await);
    assert!(!server.finished(2, Duration::ZERO).await);
    Ok(())
}

#[tokio::test]
async fn dropping_the_server_closes_its_connections() -> anyhow::Result<()> {
    let script = Script {
        steps: vec![
            Step::Send(b"login: ".to_vec()),
            Step::Expect(Expected::Line("never".into())),
        ],
    };
    let server = FakeServer::start(vec![script], false).await?;
    let mut client = Client::connect(server.addr, false).await?;
    client.read_until(b"login: ").await?;
    drop(server);
    // End of stream (or a reset), well before the 10 s expectation limit.
    let started = std::time::Instant::now();
    let _ = client.read_to_end().await;
    assert!(started.elapsed() < Duration::from_secs(5));
    Ok(())
}
