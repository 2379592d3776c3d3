//! The wall clock in the user's time zone, for the times shown beside
//! chat and server lines: the platform's offset from UTC (daylight saving
//! included), or UTC where it cannot be had.

use std::time::{SystemTime, UNIX_EPOCH};

/// The hour and minute now, on the user's clock.
pub fn now_hh_mm() -> (u32, u32) {
    hh_mm(now_local_s())
}

/// A time of day on the user's clock, as a console line shows it
/// (`14:05`): read by the app, passed to the models that stamp lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeOfDay {
    pub hour: u32,
    pub minute: u32,
}

impl TimeOfDay {
    /// Now, on the user's clock.
    pub fn now() -> TimeOfDay {
        let (hour, minute) = now_hh_mm();
        TimeOfDay { hour, minute }
    }
}

impl std::fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)
    }
}

/// Now, in seconds since 1970 moved to the user's zone (a calendar date
/// and time read from it is the user's).
pub fn now_local_s() -> i64 {
    let unix = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let unix = i64::try_from(unix).unwrap_or(0);
    unix + utc_offset_s(unix)
}

/// The hour and minute of a time given in seconds since 1970 (already
/// moved to the local zone).
fn hh_mm(local_s: i64) -> (u32, u32) {
    let of_day = local_s.rem_euclid(86_400);
    ((of_day / 3600) as u32, (of_day / 60 % 60) as u32)
}

/// Seconds east of UTC at `unix` (the C library's `tm_gmtoff`).
#[cfg(unix)]
#[allow(unsafe_code)] // one C library call; see SAFETY
fn utc_offset_s(unix: i64) -> i64 {
    // `time_t` is 64 bits on the targets Kibitz builds for (and 32 on
    // some others: the cast then wraps in 2038, as the C library would).
    let time = unix as libc::time_t;
    // SAFETY: `localtime_r` writes only the `tm` it is given and reads the
    // time it is given; both live on this stack frame.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&time, &mut tm).is_null() {
            return 0;
        }
        tm.tm_gmtoff as i64
    }
}

/// Seconds east of UTC now (Windows gives the bias in minutes west).
#[cfg(windows)]
#[allow(unsafe_code)] // one Win32 call; see SAFETY
fn utc_offset_s(_unix: i64) -> i64 {
    use windows_sys::Win32::System::Time::{GetTimeZoneInformation, TIME_ZONE_INFORMATION};
    /// `GetTimeZoneInformation`'s answer when daylight saving is on.
    const DAYLIGHT: u32 = 2;
    let mut zone = TIME_ZONE_INFORMATION::default();
    // SAFETY: the call fills the structure it is given, which lives here.
    let which = unsafe { GetTimeZoneInformation(&mut zone) };
    let extra = if which == DAYLIGHT {
        zone.DaylightBias
    } else {
        zone.StandardBias
    };
    -i64::from(zone.Bias + extra) * 60
}

#[cfg(not(any(unix, windows)))]
fn utc_offset_s(_unix: i64) -> i64 {
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hours_and_minutes_of_the_day() {
        assert_eq!(hh_mm(0), (0, 0));
        assert_eq!(hh_mm(3600 * 25 + 61), (1, 1));
        assert_eq!(hh_mm(-60), (23, 59), "before 1970 in a zone east of it");
        let (h, m) = now_hh_mm();
        assert!(h < 24 && m < 60);
    }
}
