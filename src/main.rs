//! `kibitz`: the desktop client, and its command-line tools.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use kibitz::cli::watch::{Observe, WatchOptions};
use kibitz::protocol::command::Secret;

const DEFAULT_SERVER: &str = "freechess.org:5000";

#[derive(Parser)]
#[command(
    name = "kibitz",
    version,
    about = "A client for FICS-style chess servers"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Tool>,
}

#[derive(Subcommand)]
enum Tool {
    /// Decode a raw server byte stream into NDJSON events (one per line).
    Decode {
        /// The recording to read; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Connect, log in, observe, and print every event as NDJSON; on exit a
    /// JSON summary of every game.
    Watch {
        /// The server, `host:port`.
        #[arg(long, default_value = DEFAULT_SERVER)]
        server: String,
        /// A registered handle, or `guest`.
        #[arg(long, default_value = "guest")]
        user: String,
        /// The environment variable holding the password (never a flag: it
        /// would show in the process list).
        #[arg(long, value_name = "VAR")]
        password_env: Option<String>,
        /// Games to observe: `N,M,...` or `all` (every game `games` lists).
        #[arg(long, value_parser = Observe::parse)]
        observe: Option<Observe>,
        /// Log out after this many seconds.
        #[arg(long, value_name = "SECS")]
        duration: Option<f64>,
        /// Record every received byte to FILE (`kibitz replay FILE` plays it).
        #[arg(long, value_name = "FILE")]
        record: Option<PathBuf>,
        /// Use timeseal 2 (default: on for freechess.org, off elsewhere).
        #[arg(long, overrides_with = "no_timeseal")]
        timeseal: bool,
        #[arg(long)]
        no_timeseal: bool,
        /// Do not append finished games to the PGN archive.
        #[arg(long)]
        no_archive: bool,
    },
    /// Play a recording (ours, or a fixture `.bin` with its `.events.tsv`)
    /// through the same pipeline; prints what `watch` prints.
    Replay {
        file: PathBuf,
        /// Speed factor over the original timing (`inf` for no waiting).
        #[arg(long, default_value_t = 1.0)]
        speed: f64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Tool::Decode { file }) => decode(file),
        Some(Tool::Watch {
            server,
            user,
            password_env,
            observe,
            duration,
            record,
            timeseal,
            no_timeseal,
            no_archive,
        }) => {
            let password = match password_env {
                Some(var) => match std::env::var(&var) {
                    Ok(p) if !p.is_empty() => Some(Secret::new(p)),
                    Ok(_) => None,
                    Err(_) => {
                        eprintln!("kibitz watch: the variable {var} is not set");
                        return ExitCode::FAILURE;
                    }
                },
                None => None,
            };
            let timeseal = if timeseal || no_timeseal {
                timeseal
            } else {
                server.starts_with("freechess.org")
            };
            let options = WatchOptions {
                server,
                user,
                password,
                observe,
                duration: duration.and_then(|s| Duration::try_from_secs_f64(s).ok()),
                record,
                timeseal,
                archive: !no_archive,
            };
            kibitz::cli::watch::watch(options, &mut std::io::stdout().lock())
        }
        Some(Tool::Replay { file, speed }) => {
            kibitz::cli::watch::replay(&file, speed, &mut std::io::stdout().lock())
        }
        None => {
            eprintln!(
                "The Kibitz window is not part of this build yet. Try `kibitz watch --observe all`, \
                 `kibitz replay FILE` or `kibitz decode FILE`; see `kibitz --help`."
            );
            return ExitCode::FAILURE;
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kibitz: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn decode(file: Option<PathBuf>) -> anyhow::Result<()> {
    let s = kibitz::cli::decode::run(file.as_deref(), &mut std::io::stdout().lock())?;
    eprintln!(
        "decode: {} bytes, {} events: {} boards, {} game ends, {} unparsed",
        s.bytes, s.events, s.boards, s.game_ends, s.unparsed
    );
    Ok(())
}
