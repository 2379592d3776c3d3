//! A hostile server: any bytes, at any times, with timeouts in between. The
//! session must not panic and must keep its queues bounded by its input.
#![no_main]

use std::time::Duration;

use kibitz::protocol::command::{Command, Secret};
use kibitz::protocol::session::{Session, SessionConfig};
use kibitz::protocol::timeseal::TimesealVersion;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut config = SessionConfig::new("BotA", Some(Secret::new("pw")));
    if data.first().is_some_and(|b| b & 1 == 1) {
        config.timeseal = Some(TimesealVersion::V2);
    }
    let mut session = Session::new(config, Duration::ZERO);
    let mut now = Duration::ZERO;
    for (i, chunk) in data.chunks(17).enumerate() {
        now += Duration::from_millis(u64::from(chunk[0]) * 40);
        session.handle_bytes(now, chunk);
        if i % 5 == 0 {
            session.handle_timeout(now + Duration::from_secs(3600));
            session.send(now, Command::Games);
        }
        while session.poll_event().is_some() {}
        while session.poll_transmit().is_some() {}
        let _ = session.poll_timeout();
    }
    session.handle_eof(now);
    while session.poll_event().is_some() {}
});
