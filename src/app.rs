//! The application: drains network events into the store (time-boxed),
//! lays out the panels, and turns the panels' actions into commands.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use shakmaty::{Move, Position};

use crate::archive;
use crate::config::{self, Settings};
use crate::game::{Effect, GameStore, Now};
use crate::net::{self, NetEvent, NetHandle, Status};
use crate::protocol::command::{Command, MoveText, ObserveTarget};
use crate::protocol::event::Event;
use crate::protocol::message::{Message, ProseOffer};
use crate::protocol::offer::{OfferKind, OfferLine};
use crate::protocol::style12::{Relation, VerboseMove};
use crate::recording::Chunk;
use crate::sound::Player;
use crate::ui::board::Slide;
pub use crate::ui::connect::ConnectRequest;
use crate::ui::connect::{ConnectForm, connect_form_ui};
use crate::ui::console::{Console, console_ui};
use crate::ui::dialogs::{Dialogs, dialogs_ui};
use crate::ui::game_view::{Action, GameView, PendingOffer};
use crate::ui::lobby::{Lobby, lobby_ui};
use crate::ui::pieces::PieceCache;
use crate::ui::settings::settings_window_ui;

/// After a reconnect, how long an interrupted game may take to send its
/// board again before it counts as ended unseen.
const RESUME_WAIT: Duration = Duration::from_secs(15);
/// ... and how long at most while our `observe` of it is still unanswered
/// (it waits behind the set-up: an idle old FICS answers a line every 2 s).
const RESUME_PATIENCE: Duration = Duration::from_secs(60);
/// How long one frame may spend applying network events.
const EVENT_BUDGET: Duration = Duration::from_millis(8);
/// Commands remembered for the console's echo and for tests.
const SENT_LOG: usize = 1000;

/// Where the app's "now" comes from.
#[derive(Debug, Clone, Copy)]
pub enum TimeSource {
    /// Time since this instant (the network thread stamps events on the same clock).
    Real(Instant),
    /// A fixed time, for tests.
    Fixed(Now),
}

/// How to start.
#[derive(Debug, Clone, Default)]
pub struct StartOptions {
    /// Connect at once (from `--server/--user`).
    pub connect: Option<ConnectRequest>,
    /// Games to observe once logged in.
    pub observe: Vec<u32>,
    /// Show a recording instead of connecting.
    pub replay: Option<(Vec<Chunk>, f64)>,
    /// Show only the first N games of the recording.
    pub replay_games: Option<usize>,
}

mod analysis;
mod announce;
mod auto_flag;
mod connection;
mod events;
mod feedback;
mod frame_stats;
mod launch;
mod layout;
mod on_screen;
mod own_replies;
mod partners;
mod repaint;
mod shortcuts;
mod status_bar;
mod title;

pub use launch::{mark_launch, step as launch_step};
mod wall;

pub struct KibitzApp {
    net: Option<NetHandle>,
    pub store: GameStore,
    views: BTreeMap<u32, GameView>,
    pub settings: Settings,
    pub status: Option<Status>,
    pub console: Console,
    pub lobby: Lobby,
    pub dialogs: Dialogs,
    lobby_open: bool,
    offers: Vec<(Option<u32>, PendingOffer)>,
    pub connect: ConnectForm,
    observe_on_login: Vec<u32>,
    server: String,
    /// Finished games go to the archive here (`None`: not archived, as for
    /// replays and tests).
    archive_dir: Option<std::path::PathBuf>,
    /// Where settings are saved (`None`: not saved, e.g. in tests).
    config_dir: Option<std::path::PathBuf>,
    /// The settings as last saved, to notice changes.
    saved_settings: Settings,
    settings_open: bool,
    /// Record the raw session (for bug reports), into this directory.
    pub recording: bool,
    pub recordings_dir: Option<std::path::PathBuf>,
    sounds: Player,
    /// The audio device is still to be opened (after the first frame).
    open_audio: bool,
    /// Games whose low-time warning already sounded.
    low_time_warned: std::collections::BTreeSet<u32>,
    time: TimeSource,
    cache: PieceCache,
    /// Every command sent, newest last (bounded).
    pub sent: VecDeque<Command>,
    /// The game the keyboard steps through.
    focused: Option<u32>,
    /// The game shown alone, if any.
    pub maximized: Option<u32>,
    /// Games shown in OS windows of their own.
    pub detached: std::collections::BTreeSet<u32>,
    /// Free tiling (drag panels anywhere) instead of the automatic grid.
    pub free_tiling: bool,
    workspace: crate::ui::workspace::Workspace,
    waker: Option<egui::Context>,
    /// What is on screen, for the network thread's waker.
    on_screen: Arc<on_screen::OnScreen>,
    /// The live region's text for screen readers (`app/announce.rs`).
    announcement: Option<String>,
    /// Requests of Kibitz's own whose replies stay out of the console.
    own_replies: own_replies::OwnReplies,
    /// The window title last sent (sent again only when it changes).
    title: String,
    /// "Fill the wall": its state between frames.
    wall: wall::Wall,
    /// Partner boards asked for, not yet here.
    partners_requested: std::collections::BTreeSet<u32>,
    /// When the reconnect logged in, while games wait to come back
    /// (`resume_deadline`).
    resume_started: Option<Now>,
    /// `KIBITZ_FRAME_STATS=1`: frames counted and logged every 10 s.
    frame_stats: Option<frame_stats::FrameStats>,
    /// Network events applied since the last frame (for the frame stats).
    events_since_frame: usize,
    /// Engine analysis: the engine thread, its status and results.
    analyses: analysis::Analyses,
    /// Engine updates taken since the last frame (for the frame stats).
    engine_updates_since_frame: usize,
}

impl KibitzApp {
    /// An app with no connection (tests, or before the user connects).
    pub fn new(time: TimeSource) -> Self {
        KibitzApp {
            net: None,
            store: GameStore::new(),
            views: BTreeMap::new(),
            settings: Settings::default(),
            status: None,
            console: Console::default(),
            lobby: Lobby::default(),
            dialogs: Dialogs::default(),
            lobby_open: true,
            offers: Vec::new(),
            connect: ConnectForm::default(),
            observe_on_login: Vec::new(),
            server: String::new(),
            archive_dir: None,
            config_dir: None,
            saved_settings: Settings::default(),
            settings_open: false,
            recording: false,
            recordings_dir: None,
            sounds: Player::silent(),
            open_audio: false,
            low_time_warned: std::collections::BTreeSet::new(),
            time,
            cache: PieceCache::default(),
            sent: VecDeque::new(),
            focused: None,
            maximized: None,
            detached: std::collections::BTreeSet::new(),
            free_tiling: false,
            workspace: crate::ui::workspace::Workspace::default(),
            waker: None,
            on_screen: Arc::default(),
            title: "Kibitz".to_owned(),
            own_replies: own_replies::OwnReplies::default(),
            announcement: None,
            wall: wall::Wall::default(),
            resume_started: None,
            partners_requested: std::collections::BTreeSet::new(),
            frame_stats: launch::stats_wanted().then(frame_stats::FrameStats::new),
            events_since_frame: 0,
            analyses: analysis::Analyses::default(),
            engine_updates_since_frame: 0,
        }
    }

    /// The app as `kibitz` starts it: connecting or replaying if asked.
    pub fn start(ctx: &egui::Context, options: StartOptions) -> Self {
        Self::start_with_storage(ctx, None, options)
    }

    /// As [`Self::start`], restoring the workspace layout from eframe's storage.
    pub fn start_with_storage(
        ctx: &egui::Context,
        storage: Option<&dyn eframe::Storage>,
        options: StartOptions,
    ) -> Self {
        launch::step("window and GL context ready");
        let mut app = KibitzApp::new(TimeSource::Real(Instant::now()));
        if let Some(layout) = storage.and_then(|s| eframe::get_value::<Layout>(s, LAYOUT_KEY)) {
            app.lobby_open = layout.lobby_open;
            app.free_tiling = layout.free_tiling;
            if let Some(tree) = layout.tiles {
                app.workspace.tree = tree;
            }
        }
        app.waker = Some(ctx.clone());
        app.observe_on_login = options.observe;
        app.config_dir = config::config_dir();
        if let Some(dir) = &app.config_dir {
            let loaded = config::load(dir);
            if let Some(notice) = loaded.notice {
                app.console.push_note(&notice);
            }
            app.settings = loaded.settings;
            app.saved_settings = app.settings.clone();
            app.console.history = app.settings.console_history.clone();
        }
        app.recordings_dir = archive::data_dir().map(|d| d.join("recordings"));
        app.archive_dir = archive::data_dir();
        if let Some(profile) = app.settings.current_server() {
            app.connect = ConnectForm::from_profile(profile);
        }
        launch::step("settings loaded");
        // The audio device opens after the first frame: the window first.
        app.open_audio = true;
        if let Some((chunks, speed)) = options.replay {
            // A recording's games are already somebody's archive.
            app.archive_dir = None;
            let waker = waker_of(ctx, &app.on_screen);
            match net::replay::spawn_limited(chunks, speed, options.replay_games, waker) {
                Ok(handle) => app.attach(handle, "replay"),
                Err(e) => app.console.push_note(&format!("cannot replay: {e}")),
            }
        } else if let Some(request) = options.connect {
            app.connect_to(request);
        } else if let Some(request) = app.remembered_login() {
            app.connect_to(request);
        }
        launch::step("app ready");
        app
    }

    /// Archives finished games into `dir` from now on (tests; `start` uses
    /// the user's data dir).
    pub fn archive_into(&mut self, dir: std::path::PathBuf) {
        self.archive_dir = Some(dir);
    }

    /// Plays sounds through `player` (tests: a recording stand-in).
    pub fn set_sound_player(&mut self, player: Player) {
        self.sounds = player;
        self.open_audio = false;
    }

    /// Saves settings into `dir` from now on (tests; `start` uses the user's config dir).
    pub fn enable_settings_in(&mut self, dir: std::path::PathBuf) {
        self.config_dir = Some(dir);
    }

    /// A game panel's UI state.
    pub fn view(&self, game: u32) -> Option<&GameView> {
        self.views.get(&game)
    }

    /// The game whose tile has the keyboard.
    pub fn focused(&self) -> Option<u32> {
        self.focused
    }

    pub fn now(&self) -> Now {
        match self.time {
            TimeSource::Real(origin) => origin.elapsed(),
            TimeSource::Fixed(now) => now,
        }
    }

    pub fn set_time(&mut self, now: Now) {
        self.time = TimeSource::Fixed(now);
    }

    fn attach(&mut self, handle: NetHandle, server: &str) {
        self.time = TimeSource::Real(handle.origin());
        self.net = Some(handle);
        self.server = server.to_owned();
    }

    /// Sends a command the user gave (echoed in the console).
    pub fn send(&mut self, command: Command) {
        if !command.is_sensitive() {
            self.console.echo(&command);
        }
        self.transmit(command);
    }

    /// Sends a command of Kibitz's own (housekeeping): not echoed, and its
    /// reply kept out of the console.
    /// It waits for the set-up (its answer needs the set-up's settings); the
    /// user's commands go ahead of it.
    pub fn send_quiet(&mut self, command: Command) {
        self.own_replies.asked(&command);
        if let Some(net) = &self.net {
            net.send_after_setup(command.clone());
        }
        self.log_sent(command);
    }

    /// Puts a command of the user's on the wire.
    fn transmit(&mut self, command: Command) {
        if let Some(net) = &self.net {
            net.send(command.clone());
        }
        self.log_sent(command);
    }

    /// Remembers a command sent (the console's echo, tests).
    fn log_sent(&mut self, command: Command) {
        self.sent.push_back(command);
        if self.sent.len() > SENT_LOG {
            self.sent.pop_front();
        }
    }

    /// Sends a move and shows it at once.
    pub fn play(&mut self, number: u32, mv: Move) {
        let Some(game) = self.store.get(number) else {
            return;
        };
        let after = game
            .position()
            .and_then(|p| p.play(mv).ok())
            .map(|p| p.to_setup(shakmaty::EnPassantMode::Legal));
        if let Some(setup) = after {
            self.views.entry(number).or_default().pending = Some((mv, setup));
        }
        self.send(Command::Move(move_text(mv)));
    }

    fn archive(&mut self, number: u32) {
        if let Some(game) = self.store.get(number).cloned() {
            self.archive_game(&game);
        }
    }

    fn archive_game(&mut self, game: &crate::game::Game) {
        let number = game.number;
        if !(self.settings.archive_games && archive::worth_archiving(game)) {
            return;
        }
        let Some(dir) = self.archive_dir.clone() else {
            return;
        };
        let server = if self.server.is_empty() {
            "fics"
        } else {
            &self.server
        };
        match archive::append(&dir, game, server, archive::UtcTime::now()) {
            Ok(path) => self
                .console
                .push_note(&format!("game {number} saved to {}", path.display())),
            Err(e) => self
                .console
                .push_note(&format!("game {number} NOT saved: {e:#}")),
        }
    }

    /// Saves changed settings atomically, but not in the middle of a drag.
    fn save_settings_if_changed(&mut self, ctx: &egui::Context) {
        // Copied only when it changed: this runs every frame.
        if self.settings.console_history != self.console.history {
            self.settings.console_history = self.console.history.clone();
        }
        if self.settings == self.saved_settings || ctx.input(|i| i.pointer.any_down()) {
            return;
        }
        if let Some(dir) = &self.config_dir
            && let Err(e) = config::save(dir, &self.settings)
        {
            self.console
                .push_note(&format!("settings NOT saved: {e:#}"));
        }
        self.saved_settings = self.settings.clone();
    }

    fn handle(&mut self, action: Action) {
        match action {
            Action::Send(command) => self.send(command),
            Action::Move { game, mv } => self.play(game, mv),
            Action::Maximize { game } => {
                self.maximized = if self.maximized == Some(game) {
                    None
                } else {
                    Some(game)
                };
            }
            Action::Detach { game } => {
                if !self.detached.remove(&game) {
                    self.detached.insert(game);
                }
            }
            Action::Close { game } => {
                let observing = self.store.get(game).is_some_and(|g| {
                    !g.is_over()
                        && !g.detached
                        && matches!(
                            g.relation,
                            Relation::Observing | Relation::ObservingExamined
                        )
                });
                if observing {
                    self.send(Command::Unobserve(Some(game)));
                    self.wall_dismissed(game, true, self.now());
                }
                self.store.close(game);
                self.views.remove(&game);
            }
            Action::Unobserve { game } => {
                self.send(Command::Unobserve(Some(game)));
                self.wall_dismissed(game, false, self.now());
            }
        }
    }

    /// The whole window's contents.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.count_frame(ui);
        let now = self.now();
        if self.resume_deadline().is_some_and(|at| now >= at) {
            self.give_up_interrupted(now, crate::game::store::UNSEEN_END);
        }
        self.wall_tick(now);
        self.auto_flag(now);
        self.low_time_warning(now);
        // Before any widget reads the keys.
        for action in self.shortcuts(ui.ctx(), now) {
            self.handle(action);
        }
        if self.settings_open {
            settings_window_ui(
                ui.ctx(),
                &mut self.settings,
                &self.analyses.status,
                &mut self.settings_open,
            );
        }
        self.save_settings_if_changed(ui.ctx());
        if let Some(command) = dialogs_ui(ui.ctx(), &mut self.dialogs) {
            self.send(command);
        }
        self.cache.new_frame();
        // The window is cleared in the panels' colour (`clear_color`), so no
        // panel paints its background again: a window's worth of pixels less
        // per frame, which a software renderer feels.
        let side = egui::Frame::side_top_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::Panel::top("status")
            .frame(side)
            .show(ui, |ui| self.status_bar_ui(ui));
        egui::Panel::bottom("console")
            .frame(side)
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| {
                if let Some(command) = console_ui(ui, &mut self.console) {
                    self.send(command);
                }
            });
        if self.lobby_open {
            let mut commands = Vec::new();
            egui::Panel::left("lobby")
                .frame(side)
                .resizable(true)
                .default_size(330.0)
                .show(ui, |ui| commands = lobby_ui(ui, &mut self.lobby));
            for command in commands {
                self.send(command);
            }
        }
        let mut actions = Vec::new();
        let mut analysed = Vec::new();
        let central = egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::CentralPanel::default().frame(central).show(ui, |ui| {
            actions.extend(self.offers_ui(ui));
            let no_games = self.store.games().next().is_none();
            if self.net.is_none() && (no_games || self.connect.open) {
                let profiles = &self.settings.servers;
                if let Some(request) = connect_form_ui(ui, &mut self.connect, profiles) {
                    self.connect_to(request);
                }
                return;
            }
            let (game_actions, wanted) = self.games_ui(ui, now);
            actions.extend(game_actions);
            analysed = wanted;
        });
        for action in actions {
            self.handle(action);
        }
        if ui.input(|i| i.viewport().minimized == Some(true)) {
            self.pause_analysis();
        } else {
            self.plan_analysis(analysed);
        }
        self.on_screen
            .update(self.console.tab, self.lobby_open || self.lobby.wall.on);
        self.update_title(ui.ctx());
        self.schedule_repaint(ui.ctx(), now);
    }

    /// Repaint only when something visible changes: a running clock's next
    /// digit (observed clocks coalesced, see [`repaint`]). Animations and
    /// network events ask for their own frames. Idle, the app costs nothing.
    fn schedule_repaint(&self, ctx: &egui::Context, now: Now) {
        let list_refresh = self
            .wall
            .last_list_request
            .filter(|_| matches!(self.status, Some(Status::LoggedIn { .. })))
            .filter(|_| self.lobby_open || self.lobby.wall.on)
            .map(|at| at + wall::LIST_REFRESH);
        let next = [
            repaint::next_clock_frame(self.store.games(), now),
            self.wall_deadline(),
            self.auto_flag_deadline(now),
            list_refresh,
            self.resume_deadline(),
        ]
        .into_iter()
        .flatten()
        .min();
        if let Some(at) = next {
            ctx.request_repaint_after(at.saturating_sub(now));
        }
    }
}

/// Where the workspace layout is kept in eframe's storage.
const LAYOUT_KEY: &str = "kibitz-layout";

/// The workspace layout remembered across runs.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct Layout {
    lobby_open: bool,
    free_tiling: bool,
    /// The free-tiling tree; its panes are game numbers, which the next
    /// session's games replace as they come.
    tiles: Option<egui_tiles::Tree<u32>>,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            lobby_open: true,
            free_tiling: false,
            tiles: None,
        }
    }
}

impl eframe::App for KibitzApp {
    /// The panels' colour: see the central panel in [`KibitzApp::show`].
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.poll_network();
        self.poll_engine();
        // eframe runs no `ui` while the window is minimized: stop here.
        if ctx.input(|i| i.viewport().minimized == Some(true)) {
            self.pause_analysis();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let layout = Layout {
            lobby_open: self.lobby_open,
            free_tiling: self.free_tiling,
            tiles: Some(self.workspace.tree.clone()),
        };
        eframe::set_value(storage, LAYOUT_KEY, &layout);
        if let Some(dir) = &self.config_dir
            && let Err(e) = config::save(dir, &self.settings)
        {
            tracing::warn!("settings not saved at exit: {e:#}");
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}

fn waker_of(ctx: &egui::Context, on_screen: &Arc<on_screen::OnScreen>) -> net::Waker {
    let ctx = ctx.clone();
    let on_screen = Arc::clone(on_screen);
    Arc::new(move |wake| ctx.request_repaint_after(on_screen.within(wake)))
}

fn offer_kind_name(kind: &OfferKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "offer".into())
}

/// The server's notation for a move: `e2e4`, `e7e8=q`, `o-o`, `P@e4`.
pub fn move_text(mv: Move) -> MoveText {
    match mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => MoveText::normal(from, to, promotion),
        Move::EnPassant { from, to } => MoveText::normal(from, to, None),
        Move::Castle { king, rook } if rook.file() > king.file() => MoveText::castle_short(),
        Move::Castle { .. } => MoveText::castle_long(),
        Move::Put { role, to } => MoveText::drop(role, to),
    }
}
