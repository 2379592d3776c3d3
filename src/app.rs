//! The application: drains network events into the store (time-boxed),
//! lays out the panels, and turns the panels' actions into commands.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use egui::RichText;
use shakmaty::{Move, Position};

use crate::archive;
use crate::config::{self, Settings};
use crate::game::{Effect, GameStore, Now};
use crate::net::{self, NetConfig, NetEvent, NetHandle, Status};
use crate::protocol::command::{Command, MoveText, ObserveTarget, Secret};
use crate::protocol::event::Event;
use crate::protocol::message::{Message, ProseOffer};
use crate::protocol::offer::{OfferKind, OfferLine};
use crate::protocol::session::SessionConfig;
use crate::protocol::style12::{Relation, VerboseMove};
use crate::protocol::timeseal::TimesealVersion;
use crate::recording::Chunk;
use crate::sound::{Player, Sound};
use crate::ui::board::Slide;
use crate::ui::connect::{ConnectForm, connect_form_ui};
use crate::ui::console::{Console, console_ui};
use crate::ui::dialogs::{Dialogs, dialogs_ui};
use crate::ui::game_panel::{
    Action, GameView, PanelContext, PanelSettings, PendingOffer, browse_keys, game_panel_ui,
    next_clock_change,
};
use crate::ui::lobby::{Lobby, lobby_ui};
use crate::ui::pieces::PieceCache;
use crate::ui::settings::settings_window_ui;

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
}

#[derive(Debug, Clone)]
pub struct ConnectRequest {
    pub server: String,
    pub handle: String,
    pub password: Option<Secret>,
    pub timeseal: bool,
    /// Save this login as the profile to use at start (password to the keyring).
    pub remember: bool,
}

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
    connect: ConnectForm,
    observe_on_login: Vec<u32>,
    server: String,
    /// Finished games go to the archive (not for replays).
    archive_enabled: bool,
    /// Where settings are saved (`None`: not saved, e.g. in tests).
    config_dir: Option<std::path::PathBuf>,
    /// The settings as last saved, to notice changes.
    saved_settings: Settings,
    settings_open: bool,
    /// Record the raw session (for bug reports), into this directory.
    pub recording: bool,
    pub recordings_dir: Option<std::path::PathBuf>,
    sounds: Player,
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
            archive_enabled: true,
            config_dir: None,
            saved_settings: Settings::default(),
            settings_open: false,
            recording: false,
            recordings_dir: None,
            sounds: Player::silent(),
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
        if let Some(profile) = app.settings.current_server() {
            app.connect = ConnectForm::from_profile(profile);
        }
        app.sounds = Player::open();
        if let Some((chunks, speed)) = options.replay {
            // A recording's games are already somebody's archive.
            app.archive_enabled = false;
            let waker = waker_of(ctx);
            match net::replay::spawn(chunks, speed, waker) {
                Ok(handle) => app.attach(handle, "replay"),
                Err(e) => app.console.push_note(&format!("cannot replay: {e}")),
            }
        } else if let Some(request) = options.connect {
            app.connect_to(request);
        } else if let Some(request) = app.remembered_login() {
            app.connect_to(request);
        }
        app
    }

    /// Saves settings into `dir` from now on (tests; `start` uses the user's config dir).
    pub fn enable_settings_in(&mut self, dir: std::path::PathBuf) {
        self.config_dir = Some(dir);
    }

    /// A game panel's UI state.
    pub fn view(&self, game: u32) -> Option<&GameView> {
        self.views.get(&game)
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

    /// The login to make at start: the current profile, when remembered
    /// (a registered one only with its password in the keyring).
    fn remembered_login(&mut self) -> Option<ConnectRequest> {
        let profile = self.settings.current_server()?.clone();
        if !profile.remember_password {
            return None;
        }
        let password = if profile.is_guest() {
            None
        } else {
            match crate::secrets::recall(&profile.address, &profile.handle) {
                Some(password) => Some(password),
                None => {
                    self.console
                        .push_note("no remembered password: log in below");
                    return None;
                }
            }
        };
        let handle = if profile.is_guest() {
            "guest".to_owned()
        } else {
            profile.handle.clone()
        };
        Some(ConnectRequest {
            server: profile.address.clone(),
            handle,
            password,
            timeseal: profile.timeseal,
            remember: true,
        })
    }

    /// Saves (or forgets) the login as the current server profile; the
    /// password goes to the keyring only.
    fn remember_login(&mut self, request: &ConnectRequest) {
        let guest = request.handle.eq_ignore_ascii_case("guest");
        let profile = crate::config::ServerProfile {
            name: request.server.clone(),
            address: request.server.clone(),
            handle: if guest {
                String::new()
            } else {
                request.handle.clone()
            },
            timeseal: request.timeseal,
            remember_password: request.remember,
        };
        if request.remember {
            if let (false, Some(password)) = (guest, &request.password)
                && let Err(e) = crate::secrets::remember(&request.server, &request.handle, password)
            {
                self.console.push_note(&e);
            }
        } else if !guest {
            crate::secrets::forget(&request.server, &request.handle);
        }
        let servers = &mut self.settings.servers;
        match servers.iter().position(|p| p.address == profile.address) {
            Some(i) => {
                servers[i] = profile;
                self.settings.last_server = i;
            }
            None => {
                servers.push(profile);
                self.settings.last_server = servers.len() - 1;
            }
        }
    }

    pub fn connect_to(&mut self, request: ConnectRequest) {
        if self.config_dir.is_some() {
            self.remember_login(&request);
        }
        let mut session = SessionConfig::new(&request.handle, request.password.clone());
        if request.timeseal {
            session.timeseal = Some(TimesealVersion::V2);
        }
        let mut config = NetConfig::new(&request.server, session);
        if self.recording {
            config.record = self.next_recording_path();
        }
        let waker = self
            .waker
            .as_ref()
            .map_or_else(|| Arc::new(|| {}) as net::Waker, waker_of);
        match net::task::spawn(config, waker) {
            Ok(handle) => self.attach(handle, &request.server),
            Err(e) => self
                .console
                .push_note(&format!("cannot start the network thread: {e}")),
        }
    }

    /// A new file for a session recording: `<data dir>/recordings/<time>.kbz`.
    fn next_recording_path(&self) -> Option<std::path::PathBuf> {
        let dir = self.recordings_dir.clone()?;
        if let Err(e) = std::fs::create_dir_all(&dir) {
            tracing::warn!("cannot create {}: {e}", dir.display());
            return None;
        }
        let t = archive::UtcTime::now();
        let name = format!(
            "{:04}-{:02}-{:02}_{:02}{:02}{:02}.kbz",
            t.year, t.month, t.day, t.hour, t.minute, t.second
        );
        Some(dir.join(name))
    }

    /// Turns session recording on or off, for the session running now too.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
        let path = if on { self.next_recording_path() } else { None };
        if let (Some(path), true) = (&path, on) {
            self.console
                .push_note(&format!("recording the session to {}", path.display()));
        }
        if let Some(net) = &self.net {
            net.record(path);
        }
    }

    /// Sends a command the user gave (echoed in the console).
    pub fn send(&mut self, command: Command) {
        if !command.is_sensitive() {
            self.console.echo(&command);
        }
        self.send_quiet(command);
    }

    /// Sends a command without echoing it (Kibitz's own housekeeping).
    pub fn send_quiet(&mut self, command: Command) {
        if let Some(net) = &self.net {
            net.send(command.clone());
        }
        self.sent.push_back(command);
        if self.sent.len() > SENT_LOG {
            self.sent.pop_front();
        }
    }

    /// Drains network events for at most the frame's budget.
    pub fn poll_network(&mut self) {
        let started = Instant::now();
        while started.elapsed() < EVENT_BUDGET {
            let Some(event) = self.net.as_mut().and_then(NetHandle::try_recv) else {
                return;
            };
            match event {
                NetEvent::Status(status) => {
                    if let Status::Stopped { reason } | Status::RetryingIn { reason, .. } = &status
                    {
                        self.console.push_note(reason);
                    }
                    self.status = Some(status);
                }
                NetEvent::Protocol { at, event } => self.apply_event(at, &event),
            }
        }
        // Out of time: come back next frame for the rest.
        if let Some(ctx) = &self.waker {
            ctx.request_repaint();
        }
    }

    /// Folds one protocol event into the app.
    pub fn apply_event(&mut self, now: Now, event: &Event) {
        self.console.push_event(event);
        self.lobby.apply(event);
        if let Event::Unparsed { line, error } = event {
            tracing::warn!("unparsed line ({error}): {line}");
        }
        self.sound_and_attention(event);
        let previous_ply = match event {
            Event::Board(b) => self.store.get(b.game).map(|g| g.ply()),
            _ => None,
        };
        for effect in self.store.apply(now, event) {
            match effect {
                // Housekeeping (`moves N` to complete a history): not echoed.
                Effect::Send(command) => self.send_quiet(command),
                Effect::Ended(number) => self.archive(number),
            }
        }
        match event {
            Event::LoggedIn { .. } => {
                for game in std::mem::take(&mut self.observe_on_login) {
                    self.send(Command::Observe(ObserveTarget::Game(game)));
                }
            }
            Event::Board(board) => self.on_board(now, board, previous_ply),
            Event::Message(Message::IllegalMove { .. } | Message::NotYourMove) => {
                // Our optimistic move was refused: show the server's board again.
                for view in self.views.values_mut() {
                    view.pending = None;
                }
            }
            Event::Message(Message::OfferReceived { from, offer }) => {
                let (kind, accept, decline) = match offer {
                    ProseOffer::Draw => ("draw", Command::Draw, Command::Decline(None)),
                    ProseOffer::Abort => ("abort", Command::Abort, Command::Decline(None)),
                    ProseOffer::Adjourn => {
                        ("adjourn", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Takeback { .. } => {
                        ("takeback", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Match { .. } => {
                        ("match", Command::Accept(None), Command::Decline(None))
                    }
                };
                let offer = PendingOffer {
                    from: from.clone(),
                    kind: kind.into(),
                    accept,
                    decline,
                };
                self.offers.push((None, offer));
            }
            Event::Offer(OfferLine::From(offer)) => {
                let pending = PendingOffer {
                    from: offer.player.clone(),
                    kind: match offer.kind {
                        OfferKind::Match => format!("a match: {}", offer.params),
                        ref other => offer_kind_name(other),
                    },
                    accept: Command::Accept(Some(offer.id)),
                    decline: Command::Decline(Some(offer.id)),
                };
                // The prose line of the same offer came first on servers with both.
                self.offers
                    .retain(|(id, o)| !(id.is_none() && o.from == pending.from));
                self.offers.push((Some(offer.id), pending));
            }
            Event::Offer(OfferLine::Removed(id)) => self.offers.retain(|(i, _)| *i != Some(*id)),
            Event::Message(Message::GameEnd(end)) => {
                let players = [end.white.as_str(), end.black.as_str()];
                self.offers
                    .retain(|(_, o)| !players.contains(&o.from.as_str()));
                if let Some(view) = self.views.get_mut(&end.game) {
                    view.premove = None;
                    view.pending = None;
                }
            }
            _ => {}
        }
    }

    fn on_board(
        &mut self,
        now: Now,
        board: &crate::protocol::style12::Style12,
        previous: Option<u32>,
    ) {
        let Some(game) = self.store.get(board.game) else {
            return;
        };
        let view = self.views.entry(board.game).or_default();
        view.pending = None;
        let moved = previous.is_some_and(|p| game.ply() == p + 1);
        // The opponent's (or an observed) move slides in; our own is already there.
        let ours = board.relation == Relation::PlayingOpponentToMove;
        if moved
            && !ours
            && let VerboseMove::Normal { from, to, .. } = board.last_move
            && let Some(piece) = board.board.piece_at(to)
        {
            view.slide = Some((
                Slide {
                    piece,
                    from,
                    to,
                    progress: 0.0,
                },
                now,
            ));
        }
        if board.relation != Relation::PlayingMyMove {
            return;
        }
        // Our turn: a queued premove goes now if it is still legal.
        let Some(premove) = view.premove.take() else {
            return;
        };
        let legal = game.position().and_then(|position| {
            position.legal_moves().into_iter().find(|m| {
                m.from() == premove.from()
                    && m.to() == premove.to()
                    && m.promotion() == premove.promotion()
                    && m.role() == premove.role()
            })
        });
        if let Some(mv) = legal {
            self.play(board.game, mv);
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
        let Some(game) = self.store.get(number) else {
            return;
        };
        if !(self.archive_enabled && self.settings.archive_games && archive::worth_archiving(game))
        {
            return;
        }
        let Some(dir) = archive::data_dir() else {
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

    fn auto_flag(&mut self, now: Now) {
        if !self.settings.play.auto_flag {
            return;
        }
        let mut flags = Vec::new();
        for game in self.store.games().filter(|g| !g.is_over()) {
            let Some(me) = game.my_color() else { continue };
            let view = self.views.entry(game.number).or_default();
            if !view.flag_sent
                && game.clock.running() == Some(!me)
                && game.remaining_ms(!me, now) <= 0
            {
                view.flag_sent = true;
                flags.push(game.number);
            }
        }
        for _ in flags {
            self.send(Command::Flag);
        }
    }

    /// Sounds for what happens in the user's own games (and tells), and an
    /// OS attention request when the window is not focused.
    fn sound_and_attention(&mut self, event: &Event) {
        let mine = |game: u32| self.store.get(game).is_some_and(|g| g.my_color().is_some());
        let (sound, attention) = match event {
            Event::Board(b)
                if b.relation.is_playing()
                    && self
                        .store
                        .get(b.game)
                        .is_some_and(|g| b.ply() == g.ply() + 1) =>
            {
                let san = b.last_san.as_deref().unwrap_or("");
                let sound = if san.contains('+') || san.contains('#') {
                    Sound::Check
                } else if san.contains('x') {
                    Sound::Capture
                } else {
                    Sound::Move
                };
                (Some(sound), b.relation == Relation::PlayingMyMove)
            }
            Event::Message(Message::GameCreated { .. }) => (Some(Sound::GameStart), true),
            Event::Message(Message::GameEnd(end)) if mine(end.game) => (Some(Sound::GameEnd), true),
            Event::Message(Message::OfferReceived { .. }) | Event::Offer(OfferLine::From(_)) => {
                (None, true)
            }
            Event::Text(text) if is_tell(text) => (Some(Sound::Tell), false),
            _ => (None, false),
        };
        let s = &self.settings.sound;
        let wanted = match sound {
            Some(Sound::Move) => s.on_move,
            Some(Sound::Capture) => s.on_capture,
            Some(Sound::Check) => s.on_check,
            Some(Sound::GameStart | Sound::GameEnd) => s.on_game_start_end,
            Some(Sound::Tell) => s.on_tell,
            Some(Sound::LowTime) => s.on_low_time,
            None => false,
        };
        if let (Some(sound), true, true) = (sound, wanted, s.enabled) {
            self.sounds.play(sound, f32::from(s.volume_percent) / 100.0);
        }
        if attention
            && self.settings.attention
            && let Some(ctx) = &self.waker
        {
            let focused = ctx.input(|i| i.viewport().focused).unwrap_or(true);
            if !focused {
                ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
                    egui::UserAttentionType::Informational,
                ));
            }
        }
    }

    /// One beep when the user's clock drops under the low-time mark.
    fn low_time_warning(&mut self, now: Now) {
        let mut warn = false;
        for game in self.store.games().filter(|g| !g.is_over()) {
            let Some(me) = game.my_color() else { continue };
            let low = crate::ui::clock::low_time_ms(game.initial_time_min);
            let timed = game.initial_time_min > 0 || game.increment_s > 0;
            if timed && game.remaining_ms(me, now) < low && self.low_time_warned.insert(game.number)
            {
                warn = true;
            }
        }
        let s = &self.settings.sound;
        if warn && s.enabled && s.on_low_time {
            self.sounds
                .play(Sound::LowTime, f32::from(s.volume_percent) / 100.0);
        }
    }

    /// Saves changed settings atomically, but not in the middle of a drag.
    fn save_settings_if_changed(&mut self, ctx: &egui::Context) {
        self.settings.console_history = self.console.history.clone();
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
                }
                self.store.close(game);
                self.views.remove(&game);
            }
        }
    }

    /// The whole window's contents.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        let now = self.now();
        self.auto_flag(now);
        self.low_time_warning(now);
        if self.settings_open {
            settings_window_ui(ui.ctx(), &mut self.settings, &mut self.settings_open);
        }
        self.save_settings_if_changed(ui.ctx());
        if let Some(command) = dialogs_ui(ui.ctx(), &mut self.dialogs) {
            self.send(command);
        }
        self.cache.new_frame();
        egui::Panel::top("status").show(ui, |ui| self.status_bar_ui(ui));
        egui::Panel::bottom("console")
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
                .resizable(true)
                .default_size(330.0)
                .show(ui, |ui| commands = lobby_ui(ui, &mut self.lobby));
            for command in commands {
                self.send(command);
            }
        }
        let mut actions = Vec::new();
        egui::CentralPanel::default().show(ui, |ui| {
            actions.extend(self.offers_ui(ui));
            if self.net.is_none() && self.store.games().next().is_none() {
                if let Some(request) = connect_form_ui(ui, &mut self.connect) {
                    self.connect_to(request);
                }
                return;
            }
            actions.extend(self.games_ui(ui, now));
        });
        for action in actions {
            self.handle(action);
        }
        self.schedule_repaint(ui.ctx(), now);
    }

    fn status_bar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.strong("Kibitz");
            let text = match &self.status {
                None if self.net.is_none() => "not connected".to_owned(),
                None => "starting…".to_owned(),
                Some(Status::Connecting { attempt }) if *attempt > 1 => {
                    format!("connecting (attempt {attempt})…")
                }
                Some(Status::Connecting { .. }) => format!("connecting to {}…", self.server),
                Some(Status::Connected) => format!("connected to {}", self.server),
                Some(Status::LoggedIn { handle }) => {
                    format!("logged in as {handle} on {}", self.server)
                }
                Some(Status::RetryingIn { delay, reason }) => {
                    format!("{reason}: retrying in {} s", delay.as_secs().max(1))
                }
                Some(Status::Stopped { reason }) => format!("disconnected: {reason}"),
            };
            ui.label(text);
            ui.separator();
            ui.checkbox(&mut self.settings.play.auto_queen, "Auto-queen");
            ui.checkbox(&mut self.settings.play.premove, "Premove");
            ui.checkbox(&mut self.settings.play.auto_flag, "Auto-flag");
            let mut recording = self.recording;
            if ui
                .checkbox(&mut recording, "Record session")
                .on_hover_text("Save the raw server session for a bug report (never your password)")
                .changed()
            {
                self.set_recording(recording);
            }
            ui.checkbox(&mut self.lobby_open, "Lobby");
            ui.checkbox(&mut self.free_tiling, "Free tiling")
                .on_hover_text("Drag a panel's handle to split or tab; off: an automatic grid");
            if ui.button("Seek…").clicked() {
                self.dialogs.seek_open = true;
            }
            if ui.button("Match…").clicked() {
                self.dialogs.match_open = true;
            }
            if ui.button("Settings…").clicked() {
                self.settings_open = !self.settings_open;
            }
            let connected =
                self.net.is_some() && !matches!(self.status, Some(Status::Stopped { .. }));
            if connected
                && ui.button("Log out").clicked()
                && let Some(net) = &self.net
            {
                net.logout();
            }
            if !connected && self.net.is_some() && ui.button("Connect…").clicked() {
                self.net = None;
                self.status = None;
            }
        });
    }

    /// Offers to the user that no game panel shows (challenges, mostly).
    fn offers_ui(&mut self, ui: &mut egui::Ui) -> Vec<Action> {
        let mut actions = Vec::new();
        let opponents: Vec<String> = self
            .store
            .games()
            .filter(|g| !g.is_over())
            .filter_map(|g| g.my_color().map(|c| g.players[!c].handle.clone()))
            .collect();
        let mut answered = None;
        for (i, (_, offer)) in self.offers.iter().enumerate() {
            if opponents.contains(&offer.from) {
                continue;
            }
            ui.horizontal(|ui| {
                ui.label(RichText::new(format!("{} offers {}", offer.from, offer.kind)).strong());
                if ui.button("Accept").clicked() {
                    actions.push(Action::Send(offer.accept.clone()));
                    answered = Some(i);
                }
                if ui.button("Decline").clicked() {
                    actions.push(Action::Send(offer.decline.clone()));
                    answered = Some(i);
                }
            });
        }
        // Answered offers go at once (servers without `<pr>` never say so).
        if let Some(i) = answered {
            self.offers.remove(i);
        }
        actions
    }

    fn games_ui(&mut self, ui: &mut egui::Ui, now: Now) -> Vec<Action> {
        let all: Vec<u32> = self.store.games().map(|g| g.number).collect();
        self.detached.retain(|n| all.contains(n));
        if self.maximized.is_some_and(|n| !all.contains(&n)) {
            self.maximized = None;
        }
        let docked: Vec<u32> = all
            .iter()
            .copied()
            .filter(|n| !self.detached.contains(n))
            .collect();
        let area = ui.available_rect_before_wrap();
        let placed = self.layout(area, &docked);
        let offers: Vec<PendingOffer> = self.offers.iter().map(|(_, o)| o.clone()).collect();
        let mut actions = Vec::new();
        let mut cx = PanelContext {
            now,
            settings: PanelSettings::from(&self.settings),
            offers: &offers,
            cache: &mut self.cache,
        };
        // Detached games live in OS windows of their own.
        for &number in &self.detached {
            let (Some(game), Some(view)) = (self.store.get(number), self.views.get_mut(&number))
            else {
                continue;
            };
            let title = format!(
                "Kibitz: game {number}, {} vs {}",
                game.players.white.handle, game.players.black.handle
            );
            let builder = egui::ViewportBuilder::default()
                .with_title(title)
                .with_inner_size([560.0, 640.0]);
            let id = egui::ViewportId::from_hash_of(("game window", number));
            ui.ctx().show_viewport_immediate(id, builder, |ui, _class| {
                egui::CentralPanel::default().show(ui, |ui| {
                    actions.extend(game_panel_ui(ui, game, view, &mut cx));
                });
                if ui.input(|i| i.viewport().close_requested()) {
                    actions.push(Action::Detach { game: number });
                }
            });
        }
        if docked.is_empty() {
            ui.centered_and_justified(|ui| {
                let text = if all.is_empty() {
                    "No games yet: pick one in the lobby, type `observe N`, or seek a game."
                } else {
                    "All games are in windows of their own."
                };
                ui.label(text);
            });
            return actions;
        }
        if self.free_tiling && self.maximized.is_none() {
            self.workspace.sync(&docked);
            let store = &self.store;
            let views = &mut self.views;
            let mut show = |ui: &mut egui::Ui, number: u32| {
                let Some(game) = store.get(number) else {
                    return;
                };
                let view = views.entry(number).or_default();
                actions.extend(game_panel_ui(ui, game, view, &mut cx));
            };
            let mut behavior = crate::ui::workspace::PaneUi { show: &mut show };
            self.workspace.tree.ui(&mut behavior, ui);
            return actions;
        }
        for (number, rect) in placed {
            let Some(game) = self.store.get(number) else {
                continue;
            };
            let view = self.views.entry(number).or_default();
            let mut child = ui.new_child(
                egui::UiBuilder::new()
                    .max_rect(rect.shrink(4.0))
                    .id_salt(("game", number)),
            );
            child.set_clip_rect(rect);
            let before = view.board.clone();
            actions.extend(game_panel_ui(&mut child, game, view, &mut cx));
            if view.board != before
                || child.ui_contains_pointer() && child.input(|i| i.pointer.any_pressed())
            {
                self.focused = Some(number);
            }
        }
        if let Some(number) = self.focused.or(docked.first().copied())
            && let (Some(game), Some(view)) = (self.store.get(number), self.views.get_mut(&number))
        {
            browse_keys(ui, game, view);
        }
        ui.allocate_space(ui.available_size());
        actions
    }

    /// Where each docked game goes: a maximized game alone; else the user's
    /// own live game gets the left 60 % and the rest share a grid beside it;
    /// else one grid (1, 2x1, 2x2, 3x3, 4x4 ...).
    fn layout(&self, area: egui::Rect, docked: &[u32]) -> Vec<(u32, egui::Rect)> {
        if let Some(number) = self.maximized.filter(|n| docked.contains(n)) {
            return vec![(number, area)];
        }
        let own = docked.iter().copied().find(|&n| {
            self.store
                .get(n)
                .is_some_and(|g| g.my_color().is_some() && !g.is_over())
        });
        let Some(own) = own.filter(|_| docked.len() > 1) else {
            return grid(area, docked);
        };
        let (left, right) = area.split_left_right_at_fraction(0.6);
        let others: Vec<u32> = docked.iter().copied().filter(|&n| n != own).collect();
        let mut placed = vec![(own, left)];
        placed.extend(grid(right, &others));
        placed
    }

    /// Repaint only when something visible changes: a running clock's next
    /// digit, or an animation in flight. Idle, the app costs nothing.
    fn schedule_repaint(&self, ctx: &egui::Context, now: Now) {
        let next = self
            .store
            .games()
            .filter_map(|g| next_clock_change(g, now))
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
    fn logic(&mut self, _ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.poll_network();
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

/// `Name tells you: ...` (also `Name(U)`, `Name(TD)`): a private message.
fn is_tell(text: &str) -> bool {
    text.split_once(" tells you: ")
        .is_some_and(|(who, _)| !who.contains(' '))
}

/// A grid of near-square cells for `games` in `area`.
fn grid(area: egui::Rect, games: &[u32]) -> Vec<(u32, egui::Rect)> {
    if games.is_empty() {
        return Vec::new();
    }
    let columns = (games.len() as f32).sqrt().ceil() as usize;
    let rows = games.len().div_ceil(columns);
    let cell = egui::vec2(area.width() / columns as f32, area.height() / rows as f32);
    games
        .iter()
        .enumerate()
        .map(|(i, &number)| {
            let (row, column) = (i / columns, i % columns);
            let min = area.min + egui::vec2(column as f32 * cell.x, row as f32 * cell.y);
            (number, egui::Rect::from_min_size(min, cell))
        })
        .collect()
}

fn waker_of(ctx: &egui::Context) -> net::Waker {
    let ctx = ctx.clone();
    Arc::new(move || ctx.request_repaint())
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
