//! Helpers shared by the integration tests, in this one folder: the
//! fixture transcripts and apps made from them (here), the scripted server
//! (`fake_server`, run on a thread by `served`), the window against it
//! (`scripted_window`), the fake UCI engine (`fake_uci`), a renderer on the
//! CPU for pixel tests (`raster`) and the one way to
//! wait for another thread (`wait`).
#![allow(dead_code)] // each test binary uses a different part

pub mod fake_server;
pub mod fake_uci;
pub mod proxy;
pub mod raster;
pub mod scripted_window;
pub mod served;
pub mod wait;

use std::path::{Path, PathBuf};

use kibitz::protocol::decoder::StreamDecoder;
use kibitz::protocol::event::Event;
use kibitz::protocol::message::{EndReason, GameResult};

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Every `.bin` transcript, sorted by path.
pub fn transcripts() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in std::fs::read_dir(fixtures_dir()).expect("fixtures dir") {
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
    assert!(files.len() >= 20, "fixtures missing: {}", files.len());
    files
}

pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Decodes `bytes` fed in the given chunk sizes (cycled).
pub fn decode_chunked(bytes: &[u8], chunk_sizes: &[usize]) -> Vec<Event> {
    let mut decoder = StreamDecoder::new();
    let mut events = Vec::new();
    let mut rest = bytes;
    let mut sizes = chunk_sizes.iter().cycle();
    while !rest.is_empty() {
        let n = (*sizes.next().unwrap_or(&1)).clamp(1, rest.len());
        let (chunk, tail) = rest.split_at(n);
        decoder.push(chunk, &mut events);
        rest = tail;
    }
    decoder.finish(&mut events);
    events
}

pub fn decode(bytes: &[u8]) -> Vec<Event> {
    decode_chunked(bytes, &[usize::MAX])
}

/// What the server says (`bytes`, a server without block mode), applied to
/// the app as its network thread would deliver it: decoded, and the
/// replies to the app's own requests still on their way told apart and
/// addressed to them (`protocol::replies`, as the session does).
pub fn serve(app: &mut kibitz::app::KibitzApp, now: std::time::Duration, bytes: &[u8]) {
    use kibitz::protocol::replies::Replies;
    let mut replies = Replies::default();
    for request in app.awaiting() {
        replies.sent(now, None, &request);
    }
    let mut out = std::collections::VecDeque::new();
    for event in decode(bytes) {
        replies.fold(now, event, &mut out);
    }
    replies.flush(&mut out);
    for event in out {
        app.apply_event(now, &event);
    }
}

/// Every kind of game end in the transcripts: file, game number, reason, result.
pub const ENDINGS: [(&str, u32, EndReason, GameResult); 8] = [
    (
        "real-server/end-resign-white.bin",
        2,
        EndReason::Resign,
        GameResult::WhiteWins,
    ),
    (
        "real-server/end-checkmate-white.bin",
        4,
        EndReason::Checkmate,
        GameResult::WhiteWins,
    ),
    (
        "real-server/end-flag-white.bin",
        1,
        EndReason::TimeForfeit,
        GameResult::BlackWins,
    ),
    (
        "real-server/end-draw-white.bin",
        3,
        EndReason::Agreement,
        GameResult::Draw,
    ),
    (
        "real-server/end-abort-white.bin",
        5,
        EndReason::Abort,
        GameResult::NoResult,
    ),
    (
        "modern-server/end-autoflag-white.bin",
        3,
        EndReason::TimeForfeit,
        GameResult::BlackWins,
    ),
    (
        "extra-old/draw-repetition-white.bin",
        1,
        EndReason::Repetition,
        GameResult::Draw,
    ),
    (
        "modern-server/crazyhouse-white.bin",
        2,
        EndReason::Checkmate,
        GameResult::WhiteWins,
    ),
];

/// A fresh directory under the system's temp dir, removed when dropped.
pub struct TempDir(std::path::PathBuf);

impl TempDir {
    pub fn new(label: &str) -> Self {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!(
            "kibitz-test-{label}-{}-{n}-{nanos}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create temp dir");
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// An app observing `count` games: the boards of the old server's six-game
/// transcript, renumbered 1..=count (its games 1-6 plus copies), at a fixed
/// time of 10 s.
pub fn observed_games(count: u32) -> kibitz::app::KibitzApp {
    use kibitz::app::{KibitzApp, TimeSource};
    let bytes = read(&fixtures_dir().join("extra-old/many-games-observer.bin"));
    let text = String::from_utf8_lossy(&bytes);
    let now = std::time::Duration::from_secs(10);
    let mut app = KibitzApp::new(TimeSource::Fixed(now));
    let boards: Vec<&str> = text
        .split(['\n', '\r'])
        .map(|l| l.trim_start_matches("fics% "))
        .filter(|l| l.starts_with("<12>"))
        .collect();
    for copy in 0..count.div_ceil(6) {
        for line in &boards {
            let mut tokens: Vec<String> = line.split(' ').map(str::to_owned).collect();
            let game: u32 = tokens[16].parse().expect("game number");
            let number = game + copy * 6;
            if number > count {
                continue;
            }
            tokens[16] = number.to_string();
            for event in decode(format!("{}\n\r", tokens.join(" ")).as_bytes()) {
                app.apply_event(now, &event);
            }
        }
    }
    app
}

/// An app that has read `lines` (each a whole server line) at a fixed time
/// of 10 s.
pub fn app_with(lines: &[&str]) -> kibitz::app::KibitzApp {
    use kibitz::app::{KibitzApp, TimeSource};
    let now = std::time::Duration::from_secs(10);
    let mut app = KibitzApp::new(TimeSource::Fixed(now));
    for line in lines {
        for event in decode(format!("{line}\n\r").as_bytes()) {
            app.apply_event(now, &event);
        }
    }
    app
}

/// A drag with the left button as a hand does it: press, move half way,
/// move, release, a frame after each.
pub fn drag(
    h: &mut egui_kittest::Harness<'_, kibitz::app::KibitzApp>,
    from: egui::Pos2,
    to: egui::Pos2,
) {
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    h.hover_at(from + (to - from) * 0.5);
    h.run_steps(1);
    h.hover_at(to);
    h.run_steps(1);
    h.drop_at(to);
    h.run_steps(2);
}

/// The window size most tests use.
pub const SIZE: [f32; 2] = [1100.0, 760.0];

/// The window over `app` at `size`, a few frames drawn.
pub fn window(
    app: kibitz::app::KibitzApp,
    size: [f32; 2],
) -> egui_kittest::Harness<'static, kibitz::app::KibitzApp> {
    let mut h = egui_kittest::Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut kibitz::app::KibitzApp| app.show(ui), app);
    h.run_steps(3);
    h
}

/// Whether the window's last frame painted a vertex of `color` (a board's
/// squares are one mesh of plain coloured quads; an arrow is a mesh too).
pub fn painted(
    h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>,
    color: egui::Color32,
) -> bool {
    let output = h.output().clone();
    h.ctx
        .tessellate(output.shapes, output.pixels_per_point)
        .iter()
        .any(|p| match &p.primitive {
            egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.iter().any(|v| v.color == color),
            egui::epaint::Primitive::Callback(_) => false,
        })
}

/// The textures a window uploaded, in order: what a renderer was handed.
pub type Uploads = std::sync::Arc<std::sync::Mutex<Vec<(egui::TextureId, egui::ColorImage)>>>;

/// A renderer that keeps the textures it is handed, for pixel tests
/// without a GPU.
struct KeepTextures(Uploads, raster::Raster);

impl egui_kittest::TestRenderer for KeepTextures {
    fn handle_delta(&mut self, delta: &mut egui::TexturesDelta) {
        let mut kept = self.0.lock().expect("no test panicked holding it");
        for (id, deltas) in &delta.set {
            for one in deltas {
                let egui::ImageData::Color(image) = &one.image;
                kept.push((*id, (**image).clone()));
            }
        }
        self.1.handle_delta(delta);
    }

    fn render(
        &mut self,
        ctx: &egui::Context,
        output: &egui::FullOutput,
    ) -> Result<image::RgbaImage, String> {
        self.1.render(ctx, output)
    }
}

/// As `window`, keeping every texture uploaded.
pub fn window_keeping_textures(
    app: kibitz::app::KibitzApp,
    size: [f32; 2],
) -> (
    egui_kittest::Harness<'static, kibitz::app::KibitzApp>,
    Uploads,
) {
    let uploads = Uploads::default();
    let mut h = egui_kittest::Harness::builder()
        .with_size(size)
        .renderer(KeepTextures(uploads.clone(), raster::Raster::default()))
        .build_ui_state(|ui, app: &mut kibitz::app::KibitzApp| app.show(ui), app);
    h.run_steps(3);
    (h, uploads)
}

/// The console's lines, as shown.
pub fn console_lines(app: &kibitz::app::KibitzApp) -> Vec<String> {
    app.console().lines.iter().map(|l| l.text.clone()).collect()
}

/// The moves the app sent, as sent (`e2e4`, `N@f3`, `o-o`).
pub fn moves_sent(app: &kibitz::app::KibitzApp) -> Vec<String> {
    app.sent()
        .iter()
        .filter_map(|c| match c {
            kibitz::protocol::command::Command::Move(m) => Some(m.to_string()),
            _ => None,
        })
        .collect()
}

/// Ctrl as egui-winit reports it on Linux and Windows (both `ctrl` and
/// `command`).
#[allow(dead_code)] // not every test crate presses Ctrl
pub const CTRL: egui::Modifiers = egui::Modifiers {
    alt: false,
    ctrl: true,
    shift: false,
    mac_cmd: false,
    command: true,
};

/// My games shown in a window over an archive of `files` (month file
/// name, PGN text), logged in as `me` where given, the archive listed.
/// The directory lives as long as the harness is used: keep it.
pub fn my_games(
    label: &str,
    files: &[(&str, &str)],
    me: Option<&str>,
) -> (
    TempDir,
    egui_kittest::Harness<'static, kibitz::app::KibitzApp>,
) {
    use egui_kittest::kittest::Queryable;
    let dir = TempDir::new(label);
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).expect("the games directory");
    for (name, text) in files {
        std::fs::write(games.join(name), text).expect("a month file");
    }
    let mut app = app_with(&[]);
    if let Some(handle) = me {
        app.apply_event(
            std::time::Duration::from_secs(1),
            &kibitz::protocol::event::Event::LoggedIn {
                handle: handle.to_owned(),
                titles: Vec::new(),
            },
        );
    }
    app.archive_into(dir.path().to_path_buf());
    let mut h = window(app, [1400.0, 900.0]);
    h.get_by_label("My games").click();
    wait::archive_listed(&mut h);
    (dir, h)
}
