//! Logs: `tracing` to a daily-rotated file in the data dir (the last 7 kept).
//! Passwords never reach a log: they live in `Secret`, whose Debug and
//! Display print `<password>`, and the raw bytes sent are never logged.

use std::path::{Path, PathBuf};

use tracing_appender::non_blocking::WorkerGuard;
use tracing_appender::rolling::{RollingFileAppender, Rotation};

/// Keeps the log writer alive; logs are flushed when it drops.
pub struct LogGuard {
    _guard: WorkerGuard,
    pub dir: PathBuf,
}

/// Starts logging into `<data dir>/logs/kibitz.YYYY-MM-DD.log`. `None` if the
/// directory cannot be used (then Kibitz runs without a log file).
pub fn init(data_dir: &Path) -> Option<LogGuard> {
    let dir = data_dir.join("logs");
    std::fs::create_dir_all(&dir).ok()?;
    let appender = RollingFileAppender::builder()
        .rotation(Rotation::DAILY)
        .filename_prefix("kibitz")
        .filename_suffix("log")
        .max_log_files(7)
        .build(&dir)
        .ok()?;
    let (writer, guard) = tracing_appender::non_blocking(appender);
    let subscriber = tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    tracing::subscriber::set_global_default(subscriber).ok()?;
    tracing::info!(
        "Kibitz {} ({}) started",
        env!("CARGO_PKG_VERSION"),
        env!("KIBITZ_GIT_HASH")
    );
    Some(LogGuard { _guard: guard, dir })
}
