//! `kibitz`: the desktop client, and its command-line tools.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Tool::Decode { file }) => {
            let mut stdout = std::io::stdout().lock();
            match kibitz::cli::decode::run(file.as_deref(), &mut stdout) {
                Ok(s) => {
                    eprintln!(
                        "decode: {} bytes, {} events: {} boards, {} game ends, {} unparsed",
                        s.bytes, s.events, s.boards, s.game_ends, s.unparsed
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("kibitz decode: {e:#}");
                    ExitCode::FAILURE
                }
            }
        }
        None => {
            eprintln!(
                "The Kibitz window is not part of this build yet; `kibitz decode FILE` decodes a \
                 recorded server stream. See `kibitz --help`."
            );
            ExitCode::FAILURE
        }
    }
}
