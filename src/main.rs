//! `kibitz`: the desktop client, and its command-line tools.

// On Windows a window app: no console window opens beside it when it is
// started from Explorer or the Start menu (see `attach_console`).
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use kibitz::app::{ConnectRequest, KibitzApp, StartOptions};
use kibitz::cli::watch::{Observe, WatchOptions};
use kibitz::protocol::command::Secret;

const DEFAULT_SERVER: &str = "freechess.org:5000";

#[derive(Parser)]
#[command(
    name = "kibitz",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("KIBITZ_GIT_HASH"), ")"),
    about = "A client for FICS-style chess servers"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Tool>,
    /// Connect to this server (`host:port`) at once.
    #[arg(long)]
    server: Option<String>,
    /// Log in as this handle (`guest` for a guest login).
    #[arg(long)]
    user: Option<String>,
    /// The environment variable holding the password.
    #[arg(long, value_name = "VAR")]
    password_env: Option<String>,
    /// Games to observe once logged in: `N,M,...`.
    #[arg(long, value_delimiter = ',')]
    observe: Vec<u32>,
    /// Use timeseal 2 (default: on for freechess.org, off elsewhere; a
    /// server that refuses it is tried again without).
    #[arg(long, overrides_with = "no_timeseal")]
    timeseal: bool,
    /// Do not use timeseal.
    #[arg(long)]
    no_timeseal: bool,
    /// Play the computer at once, on the last game's terms (no server
    /// needed; beside a replay's games with `replay --window`).
    #[arg(long)]
    computer: bool,
    /// Put Kibitz in the desktop menu (a .desktop file and icons in the
    /// user's XDG data dirs), then exit.
    #[arg(long, conflicts_with = "uninstall_desktop_entry")]
    install_desktop_entry: bool,
    /// Remove what --install-desktop-entry installed, then exit.
    #[arg(long)]
    uninstall_desktop_entry: bool,
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
        /// Print NDJSON even on a terminal with a display.
        #[arg(long, conflicts_with = "window")]
        json: bool,
        /// Show the recording in the window even when output is piped.
        #[arg(long)]
        window: bool,
        /// In the window, show only the first N games of the recording.
        #[arg(long, value_name = "N", requires = "window")]
        games: Option<usize>,
    },
}

fn main() -> ExitCode {
    kibitz::app::mark_launch();
    #[cfg(windows)]
    attach_console();
    let cli = Cli::parse();
    if cli.install_desktop_entry || cli.uninstall_desktop_entry {
        return desktop_entry(cli.install_desktop_entry);
    }
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
            let password = match password_from(password_env.as_deref()) {
                Ok(password) => password,
                Err(e) => {
                    eprintln!("kibitz watch: {e}");
                    return ExitCode::FAILURE;
                }
            };
            let timeseal = if timeseal || no_timeseal {
                timeseal
            } else {
                kibitz::config::timeseal_by_default(&server)
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
        Some(Tool::Replay {
            file,
            speed,
            json,
            window,
            games,
        }) => {
            // A window for a person at a terminal with a display; NDJSON for
            // pipes, files and headless machines (the `watch` format).
            // Windows always has a display.
            let display = cfg!(windows)
                || std::env::var_os("DISPLAY").is_some()
                || std::env::var_os("WAYLAND_DISPLAY").is_some();
            let to_terminal = std::io::IsTerminal::is_terminal(&std::io::stdout());
            if window || (!json && display && to_terminal) {
                kibitz::recording::load(&file).and_then(|chunks| {
                    let options = StartOptions {
                        replay: Some((chunks, speed)),
                        replay_games: games,
                        // The window under both (scripts/frame-bench.sh).
                        computer: cli.computer,
                        ..StartOptions::default()
                    };
                    run_window(options)
                })
            } else {
                kibitz::cli::watch::replay(&file, speed, &mut std::io::stdout().lock())
            }
        }
        None => {
            let connect = match (cli.server, cli.user) {
                (None, None) => None,
                (server, user) => {
                    let server = server.unwrap_or_else(|| DEFAULT_SERVER.to_owned());
                    let password = match password_from(cli.password_env.as_deref()) {
                        Ok(password) => password,
                        Err(e) => {
                            eprintln!("kibitz: {e}");
                            return ExitCode::FAILURE;
                        }
                    };
                    Some(ConnectRequest {
                        timeseal: if cli.timeseal || cli.no_timeseal {
                            cli.timeseal
                        } else {
                            kibitz::config::timeseal_by_default(&server)
                        },
                        server,
                        handle: user.unwrap_or_else(|| "guest".to_owned()),
                        password,
                        remember: false,
                    })
                }
            };
            run_window(StartOptions {
                connect,
                observe: cli.observe,
                computer: cli.computer,
                ..StartOptions::default()
            })
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

fn password_from(var: Option<&str>) -> anyhow::Result<Option<Secret>> {
    let Some(var) = var else {
        return Ok(None);
    };
    match std::env::var(var) {
        Ok(p) if !p.is_empty() => Ok(Some(Secret::new(p))),
        Ok(_) => Ok(None),
        Err(_) => anyhow::bail!("the variable {var} is not set"),
    }
}

fn desktop_entry(install: bool) -> ExitCode {
    let result = if install {
        std::env::current_exe()
            .map_err(anyhow::Error::from)
            .and_then(|exe| kibitz::desktop::install_desktop_entry(&exe))
    } else {
        kibitz::desktop::uninstall_desktop_entry()
    };
    match result {
        Ok(paths) => {
            let verb = if install { "installed" } else { "removed" };
            for path in paths {
                println!("{verb} {}", path.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kibitz: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run_window(options: StartOptions) -> anyhow::Result<()> {
    // The log goes to a file in the data dir, unless the user turned it off.
    let settings = kibitz::config::config_dir().map(|dir| kibitz::config::load(&dir).settings);
    let _log = match (
        settings.as_ref().map(|s| s.log_to_file),
        kibitz::archive::data_dir(),
    ) {
        (Some(false), _) | (_, None) => None,
        (_, Some(dir)) => kibitz::logging::init(&dir),
    };
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Kibitz")
        .with_app_id("kibitz")
        .with_inner_size([1180.0, 820.0])
        .with_min_inner_size([480.0, 360.0]);
    if let Some(icon) = kibitz::desktop::window_icon() {
        viewport = viewport.with_icon(icon);
    }
    kibitz::app::launch_step("log and icon ready");
    let native = eframe::NativeOptions {
        viewport,
        persist_window: true,
        ..Default::default()
    };
    eframe::run_native(
        "Kibitz",
        native,
        Box::new(|cc| {
            // The window is open: errors before this still reached the terminal.
            #[cfg(windows)]
            detach_console();
            Ok(Box::new(KibitzApp::start_with_storage(
                &cc.egui_ctx,
                cc.storage,
                options,
            )))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the window: {e}"))
}

fn decode(file: Option<PathBuf>) -> anyhow::Result<()> {
    let s = kibitz::cli::decode::run(file.as_deref(), &mut std::io::stdout().lock())?;
    eprintln!(
        "decode: {} bytes, {} events: {} boards, {} game ends, {} unparsed",
        s.bytes, s.events, s.boards, s.game_ends, s.unparsed
    );
    Ok(())
}

/// A window app has no console of its own: started from a terminal
/// (`kibitz decode`, `kibitz --help`), it prints to that terminal's console.
/// Attaching points the standard handles at that console, so the ones the
/// parent gave us (output redirected to a file or a pipe) are put back.
/// From Explorer there is no parent console and nothing happens.
#[cfg(windows)]
#[allow(unsafe_code)] // Win32 calls on handles only; see SAFETY
fn attach_console() {
    use windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE;
    use windows_sys::Win32::System::Console::{
        ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_INPUT_HANDLE,
        STD_OUTPUT_HANDLE, SetStdHandle,
    };
    let ids = [STD_INPUT_HANDLE, STD_OUTPUT_HANDLE, STD_ERROR_HANDLE];
    // SAFETY: these calls take constants and handle values the system gave
    // us, and touch no memory of ours; each failure is harmless.
    unsafe {
        let given = ids.map(|id| GetStdHandle(id));
        if AttachConsole(ATTACH_PARENT_PROCESS) == 0 {
            return;
        }
        for (id, handle) in ids.into_iter().zip(given) {
            if !handle.is_null() && handle != INVALID_HANDLE_VALUE {
                SetStdHandle(id, handle);
            }
        }
    }
}

/// Once the window is open, it lets go of the terminal it was started
/// from: closing that terminal or Ctrl+C there no longer ends Kibitz.
#[cfg(windows)]
#[allow(unsafe_code)] // one Win32 call; see SAFETY
fn detach_console() {
    // SAFETY: no arguments; without a console it fails harmlessly.
    unsafe {
        windows_sys::Win32::System::Console::FreeConsole();
    }
}
