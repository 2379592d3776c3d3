//! Replies to the server's utility commands and one player setting:
//!
//! ```text
//! :min/avg/max/mdev = 131.497/132.073/132.718/0.460 ms      (ping)
//! Server time    - Mon Jan  2, 00:46 PST 2012               (date)
//! Artmachine Blitz (1276), Std ( 819), Wild (----), Light(----), Bug(----)
//! ```
//! The last is `availinfo`: a player who became open for matches, with
//! the ratings a challenger weighs.

use serde::Serialize;

use super::Notice;
use crate::protocol::words::is_handle;

/// One rating of an availability line: `Blitz`, `1276` (`----`: none).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KindRating {
    pub kind: String,
    pub rating: String,
}

pub(super) fn parse(line: &str) -> Option<Notice> {
    ping(line)
        .or_else(|| time(line))
        .or_else(|| available(line))
}

/// `:min/avg/max/mdev = 131.497/132.073/132.718/0.460 ms`
fn ping(line: &str) -> Option<Notice> {
    let values = line
        .strip_prefix(":min/avg/max/mdev = ")?
        .strip_suffix(" ms")?;
    let us: Vec<u32> = values
        .split('/')
        .map(|v| v.parse::<f64>().ok().map(|ms| (ms * 1000.0).round() as u32))
        .collect::<Option<_>>()?;
    let [min_us, avg_us, max_us, _mdev] = us.as_slice() else {
        return None;
    };
    Some(Notice::PingTimes {
        min_us: *min_us,
        avg_us: *avg_us,
        max_us: *max_us,
    })
}

/// `Server time    - Mon Jan  2, 00:46 PST 2012` (also `Local time`, `GMT`).
fn time(line: &str) -> Option<Notice> {
    let (clock, time) = line.split_once(" - ")?;
    let clock = match clock.trim_end() {
        "Local time" => "local",
        "Server time" => "server",
        "GMT" => "gmt",
        _ => return None,
    };
    let time = time.trim();
    let looks_like_a_date = time.len() <= 40 && time.contains(':') && time.contains(',');
    looks_like_a_date.then(|| Notice::ServerTime {
        clock: clock.to_owned(),
        time: time.to_owned(),
    })
}

/// `Artmachine Blitz (1276), Std ( 819), Wild (----), Light(----), Bug(----)`
fn available(line: &str) -> Option<Notice> {
    let (handle, rest) = line.split_once(' ')?;
    if !is_handle(handle) {
        return None;
    }
    let ratings = rest
        .split(", ")
        .map(|part| {
            let (kind, rating) = part.trim().strip_suffix(')')?.split_once('(')?;
            let (kind, rating) = (kind.trim(), rating.trim());
            let ok = !kind.is_empty()
                && kind.chars().all(|c| c.is_ascii_alphabetic())
                && !rating.is_empty()
                && rating.chars().all(|c| c.is_ascii_digit() || c == '-');
            ok.then(|| KindRating {
                kind: kind.to_owned(),
                rating: rating.to_owned(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    (ratings.len() >= 2).then(|| Notice::Available {
        handle: handle.to_owned(),
        ratings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ping_date_and_availability() {
        assert_eq!(
            parse(":min/avg/max/mdev = 131.497/132.073/132.718/0.460 ms"),
            Some(Notice::PingTimes {
                min_us: 131497,
                avg_us: 132073,
                max_us: 132718
            })
        );
        assert_eq!(
            parse("Server time    - Mon Jan  2, 00:46 PST 2012"),
            Some(Notice::ServerTime {
                clock: "server".into(),
                time: "Mon Jan  2, 00:46 PST 2012".into()
            })
        );
        let Some(Notice::Available { handle, ratings }) =
            parse("Artmachine Blitz (1276), Std ( 819), Wild (----), Light(----), Bug(----)")
        else {
            panic!()
        };
        assert_eq!(handle, "Artmachine");
        assert_eq!(ratings.len(), 5);
        assert_eq!(
            (ratings[1].kind.as_str(), ratings[1].rating.as_str()),
            ("Std", "819")
        );
        for other in [
            "BotA tells you: Blitz (1276), Std (819)",
            "Server time is now",
            ":min/avg/max/mdev = a/b/c/d ms",
            "BotA (1500)",
        ] {
            assert_eq!(parse(other), None, "{other}");
        }
    }
}
