//! The application: a few parts, each owning its state (ARCHITECTURE.md has
//! the table), and the frame that ties them together. Network events are
//! drained each frame within a budget and routed to the parts in a fixed
//! order ([`KibitzApp::apply_event`]), a reply to the part that asked
//! ([`KibitzApp::answer`]); what one part wants of another (a command to
//! send, a game to archive, words to announce) comes back as a `Want` and
//! is carried out in one place ([`KibitzApp::run`]). No other file has an
//! `impl KibitzApp` but `app/access.rs`: what tests and tools read of the
//! app and set in it, routing nothing.

use std::time::{Duration, Instant};

use shakmaty::Move;

use crate::config::Settings;
use crate::console::Console;
use crate::game::{Change, Game, GameStore, Now};
use crate::net::{self, NetEvent, Status};
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::event::Event;
use crate::protocol::reply::Reply;
use crate::sound::Player;
pub use crate::ui::dialogs::connect::ConnectRequest;
use crate::ui::game_panel::game_view::{Action, GameView, PanelSettings};
use crate::ui::lobby::Lobby;

/// The context every part reads (see [`Cx`]), of the app's fields that
/// are no part: a macro, so that it borrows those fields alone and a part
/// can be borrowed beside it.
macro_rules! cx {
    ($app:expr, $now:expr) => {
        Cx {
            now: $now,
            store: &$app.store,
            settings: $app.keeping.settings(),
            session: &$app.wire,
            looked_at: $app.parts.boards.looked_at(),
            window: $app.host.window(),
            in_front: $app.host.in_front(),
            family: $app.parts.chrome.server_family(),
        }
    };
}

/// How long one frame may spend applying network events.
const EVENT_BUDGET: Duration = Duration::from_millis(8);

mod access;
mod analysis;
mod announce;
mod archive_loading;
mod archive_writing;
mod asked;
mod boards;
mod card;
mod chat_keeping;
mod chrome;
mod computer;
mod console_panel;
mod disk_thread;
mod event_wall;
mod feedback;
mod frame_stats;
mod host;
mod keeping;
mod launch;
mod layout;
mod library;
mod link_doubt;
mod lobby_panel;
mod mistakes;
mod news;
mod notes;
mod on_screen;
mod opening_tree_loading;
mod options;
mod part;
mod parts;
mod pick_file;
mod repaint;
mod shortcuts;
mod status_bar;
mod title;
mod wall;
mod want;
mod windows;
mod wire;

pub use launch::{mark_launch, step as launch_step};
pub use options::{StartOptions, TimeSource};
pub use pick_file::Picker;

use analysis::Analyses;
use asked::Asker;
use boards::{Boards, BoardsFrame};
use chrome::BarState;
use host::Host;
use keeping::Keeping;
use layout::Layout;
use part::{Cx, Part};
use parts::Parts;
use shortcuts::Shortcut;
use want::Want;
use windows::Windows;
use wire::Wire;

pub struct KibitzApp {
    /// The games: written by the server's events and by `Want::Change`,
    /// nowhere else.
    store: GameStore,
    /// The session with the server.
    wire: Wire,
    /// Settings, logins and the archive.
    keeping: Keeping,
    /// Engine analysis: the engine thread, its status and results.
    analyses: Analyses,
    /// The clock, the window, what is on screen, the frames counted.
    host: Host,
    /// The parts that hear events, replies and ticks (`app/parts.rs`).
    parts: Parts,
    /// Settings, the dialogs, the position editor, the file dialog.
    windows: Windows,
}

impl KibitzApp {
    /// An app with no connection (tests, or before the user connects).
    pub fn new(time: TimeSource) -> Self {
        KibitzApp {
            store: GameStore::default(),
            wire: Wire::default(),
            keeping: Keeping::default(),
            analyses: Analyses::default(),
            host: Host::new(time),
            parts: Parts::default(),
            windows: Windows::default(),
        }
    }

    /// The app as `kibitz` starts it (connecting or replaying if asked),
    /// the workspace layout restored from eframe's storage.
    pub fn start_with_storage(
        ctx: &egui::Context,
        storage: Option<&dyn eframe::Storage>,
        options: StartOptions,
    ) -> Self {
        launch::step("window and GL context ready");
        let mut app = KibitzApp::new(TimeSource::Real(Instant::now()));
        if let Some(layout) = storage.and_then(Layout::restored) {
            *app.parts.lobby.open_mut() = layout.lobby_open;
            app.parts.boards.set_free_tiling(layout.free_tiling);
            if let Some(tree) = layout.tiles {
                app.parts.boards.restore_tiles(tree);
            }
        }
        app.host.set_window(ctx);
        app.wire.observe_on_login(options.observe);
        if let Some(dir) = crate::config::config_dir() {
            if let Some(notice) = app.keeping.load_from(dir) {
                app.parts.console.note(&notice);
            }
            app.parts
                .console
                .set_history(app.keeping.settings().console_history.clone());
        }
        let data_dir = crate::archive::data_dir();
        app.wire
            .set_recordings_dir(data_dir.as_ref().map(|d| d.join("recordings")));
        app.parts
            .library
            .keep_deck_in(data_dir.clone(), Some(ctx.clone()));
        app.keeping.archive_into(data_dir);
        if let Some(profile) = app.keeping.settings().current_server() {
            app.parts.chrome.connect_with(profile);
            app.parts.library.connect_with(profile);
        }
        launch::step("settings loaded");
        // The audio device opens after the first frame: the window first.
        app.parts.feedback.open_audio_later();
        // (Its own thread: the first D-Bus call waits for nobody here.)
        app.host.open_notifications();
        if let Some((chunks, speed)) = options.replay {
            // A recording's games are already somebody's archive.
            app.keeping.archive_into(None);
            let waker = app.host.waker();
            match net::replay::spawn_limited(chunks, speed, options.replay_games, waker) {
                Ok(handle) => app.host.count_from(app.wire.attach(handle, "replay")),
                Err(e) => app.parts.console.note(&format!("cannot replay: {e}")),
            }
        } else if let Some(request) = options.connect {
            app.connect_to(request);
        } else if options.computer {
            // No remembered login: a game against the computer needs none.
        } else {
            match app.keeping.remembered_login() {
                Ok(Some(request)) => app.connect_to(request),
                Ok(None) => {}
                Err(note) => app.parts.console.note(&note),
            }
        }
        if options.computer {
            let terms = app.keeping.settings().computer.clone();
            app.play_computer(&terms);
        }
        launch::step("app ready");
        app
    }

    /// Sends a command the user gave (echoed in the console).
    pub fn send(&mut self, command: Command) {
        // The game against the computer takes its own commands (and a
        // rematch of it), before any server.
        let now = self.now();
        let cx = cx!(self, now);
        if let Some(wants) = self.parts.computer.intercept(&cx, &command) {
            self.parts.console.echo(&command);
            return self.run(wants);
        }
        let command = Boards::as_sent(&self.store, command, self.parts.chrome.server_family());
        self.parts.console.echo(&command);
        self.wire.send(command);
    }

    /// Sends a move and shows it at once.
    pub fn play(&mut self, number: u32, mv: Move) {
        if let Some(command) = self.parts.boards.play(&self.store, number, mv) {
            self.send(command);
        }
    }

    /// Logs in: the login is remembered (if settings are kept) and the
    /// network thread started.
    pub fn connect_to(&mut self, request: ConnectRequest) {
        if self.keeping.keeps_settings()
            && let Some(note) = self.keeping.remember_login(&request)
        {
            self.parts.console.note(&note);
        }
        self.parts.chrome.connecting(&request);
        self.parts.lobby.new_session();
        let (data_dir, window) = (self.keeping.data_dir(), self.host.window().cloned());
        self.parts
            .console
            .connecting(data_dir, &request.server, window);
        // The last session's watched games and the wall's plans leave.
        let closed = self.parts.boards.new_session(&self.store);
        self.run(closed);
        match self.wire.connect(&request, self.host.waker()) {
            Ok(origin) => self.host.count_from(origin),
            Err(e) => self
                .parts
                .console
                .note(&format!("cannot start the network thread: {e}")),
        }
    }

    /// Whether sessions are recorded.
    pub fn recording(&self) -> bool {
        self.wire.recording()
    }

    /// Turns session recording on or off, for the session running now too.
    pub fn set_recording(&mut self, on: bool) {
        if let Some(path) = self.wire.set_recording(on) {
            self.parts
                .console
                .note(&format!("recording the session to {}", path.display()));
        }
    }

    /// Drains network events for at most the frame's budget.
    pub fn poll_network(&mut self) {
        let started = Instant::now();
        while started.elapsed() < EVENT_BUDGET {
            let Some(event) = self.wire.next_event() else {
                return;
            };
            self.host.frames().network_event();
            match event {
                NetEvent::Status(status) => {
                    if self.on_status(status) {
                        return;
                    }
                }
                NetEvent::Protocol { at, event } => self.apply_event(at, &event),
            }
        }
        // Out of time: come back next frame for the rest.
        if let Some(ctx) = self.host.window() {
            ctx.request_repaint();
        }
    }

    /// Buttons pressed in the desktop's notifications (a challenge
    /// accepted) are carried out.
    fn poll_notifications(&mut self) {
        while let Some(acted) = self.host.notifier().acted() {
            self.act_on_notification(&acted);
        }
    }

    /// A notification's button pressed (as [`Self::poll_notifications`]
    /// does; tests give their own).
    pub fn act_on_notification(&mut self, acted: &crate::notifications::Acted) {
        let wants = self.parts.feedback.acted(acted, self.now());
        self.run(wants);
    }

    /// Talks to the desktop's notification service (the window app does at
    /// its start; tests on a bus of their own).
    pub fn open_notifications(&mut self) {
        self.host.open_notifications();
    }

    /// The notifications shown lately, newest last.
    pub fn notes_shown(&mut self) -> Vec<crate::notifications::Note> {
        self.host.notifier().shown().to_vec()
    }

    /// Folds a status of the network thread in (as [`Self::poll_network`]
    /// does; tests give their own).
    pub fn apply_status(&mut self, status: Status) {
        self.on_status(status);
    }

    /// Live games wait, clocks stopped and marked, while the connection is
    /// down; when the session is over for good they are saved unfinished.
    /// True when the session is dropped (a refused login: back to the form).
    fn on_status(&mut self, status: Status) -> bool {
        let now = self.now();
        let lost = matches!(status, Status::RetryingIn { .. } | Status::Stopped { .. });
        let ended = match &status {
            Status::Stopped { reason } => Some(crate::game::store::session_ended(reason)),
            _ => None,
        };
        if lost {
            // A refused login has its note already (and the form).
            if let Status::Stopped { reason } | Status::RetryingIn { reason, .. } = &status
                && !self.parts.chrome.login_refused()
            {
                self.parts.console.note(reason);
            }
            self.change(Change::ConnectionLost { now });
            self.parts.chrome.connection_lost();
            self.parts.lobby.connection_lost();
            self.parts.news.connection_lost();
        }
        self.wire.on_status(status);
        if let Some(why) = &ended {
            self.give_up_interrupted(now, why);
        }
        if ended.is_some() && self.parts.chrome.login_refused() {
            // The login failed: back to the form, which says why.
            self.wire.drop_session();
            return true;
        }
        false
    }

    /// Interrupted games that did not come back end unfinished and are
    /// archived; their panels stay, with the reason.
    fn give_up_interrupted(&mut self, now: Now, why: &str) {
        self.wire.resume_done();
        let why = why.to_owned();
        self.change(Change::GiveUpInterrupted { why, now });
    }

    /// Folds one protocol event into the app: the store first, then
    /// every part hears it with what it changed.
    pub fn apply_event(&mut self, now: Now, event: &Event) {
        match event {
            Event::OwnReply(text) => tracing::debug!("reply to Kibitz: {text}"),
            Event::Unparsed { line, error } => tracing::warn!("unparsed line ({error}): {line}"),
            Event::Reply(reply) => self.answer(now, reply),
            _ => {}
        }
        let effects = self.store.apply(now, event);
        let mut wants = Want::of_effects(&effects);
        let (cx, parts) = self.parts(now);
        for part in parts {
            wants.extend(part.on_event(&cx, event, &effects));
        }
        self.run(wants);
    }

    /// The store's other door: what the user and the session change in
    /// it; every part hears what changed.
    fn change(&mut self, change: Change) {
        let effects = self.store.change(change);
        let mut wants = Want::of_effects(&effects);
        let (cx, parts) = self.parts(self.now());
        for part in parts {
            wants.extend(part.on_change(&cx, &effects));
        }
        self.run(wants);
    }

    /// The reply to a request of ours goes to the part that asked (each
    /// looks for its own).
    fn answer(&mut self, now: Now, reply: &Reply) {
        let Some(asker) = self.wire.answered(reply.to) else {
            return;
        };
        let mut wants = Vec::new();
        let (cx, parts) = self.parts(now);
        for part in parts {
            wants.extend(part.on_reply(&cx, &asker, &reply.answer));
        }
        self.run(wants);
    }

    /// The parts that hear events, replies and ticks, and the context they
    /// read (everything but them).
    fn parts(&mut self, now: Now) -> (Cx<'_>, [&mut dyn Part; 9]) {
        let cx = cx!(self, now);
        (cx, self.parts.all())
    }

    /// Logged in: the games we observed before a reconnect (each comes
    /// back or is refused: it ended while we were away), the games asked
    /// for on the command line.
    fn logged_in(&mut self, now: Now) {
        let store = &self.store;
        let again = store.interrupted_observed();
        let asked = self.wire.logged_in_at(now, store.any_interrupted());
        self.run(again.into_iter().map(Want::observe));
        // The games given on the command line: after the set-up, whose
        // style 12 their boards need.
        for game in asked {
            let observe = Command::Observe(ObserveTarget::Game(game));
            self.parts.console.echo(&observe);
            self.wire.send_after_setup(observe);
        }
    }

    /// Carries out what the parts want done, in one place.
    fn run(&mut self, wants: impl IntoIterator<Item = Want>) {
        for want in wants {
            match want {
                Want::Send(command) => self.send(command),
                // Not echoed; its reply goes to `asker` only (see
                // [`Self::answer`]), never to the console.
                Want::Ask(asker, command) => {
                    self.wire.ask(asker, command);
                }
                Want::CloseGame(game) => self.change(Change::Close(game)),
                Want::Change(change) => self.change(change),
                Want::Say(words) => self.parts.chrome.say(words),
                Want::Notify(note) => self.host.notifier().show(note),
                Want::CloseNote(tag) => self.host.notifier().close(tag),
                Want::Raise => {
                    if let Some(ctx) = self.host.window() {
                        ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
                        ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
                    }
                }
                Want::OpenCard(handle) => self.open_profile(&handle),
                Want::ArchiveEnded(number) => {
                    if let Some(game) = self.store.get(number).cloned() {
                        self.archive(&game);
                    }
                }
                Want::Archive(game) => self.archive(&game),
                Want::Review { game, source } => {
                    let now = self.now();
                    match self.parts.boards.open_review(&self.store, &game, now) {
                        Ok(opened) => self.run(opened),
                        // Said, and kept in the console (the top bar's
                        // room cuts a long message).
                        Err(why) => {
                            let words = format!("Cannot open {source}: {why}");
                            self.parts.console.note(&words);
                            self.parts.chrome.say(words);
                        }
                    }
                }
                Want::ReloadMyGames => self.parts.library.load(self.keeping.games_dir()),
                Want::BrowseFocused(plies) => self.parts.boards.browse_focused(&self.store, plies),
                Want::ShowMyGames => self.parts.lobby.show_my_games(),
                Want::SetUp(fen) => self.windows.set_up_position(fen.as_deref()),
                Want::PickFile => self.windows.pick_file(self.host.window().cloned()),
                Want::Record(on) => self.set_recording(on),
                Want::FreeTiling(on) => self.parts.boards.set_free_tiling(on),
                Want::LogOut => self.wire.logout(),
                Want::Connect => {
                    self.wire.drop_session();
                    self.parts.chrome.open_connect_form();
                }
                Want::Dismissed {
                    game,
                    players,
                    closed,
                } => {
                    // The wall does not bring it back (and fills a closed
                    // one's place at once).
                    let now = self.now();
                    if self.parts.lobby.dismissed(game, players, closed, now) {
                        self.wire.ask(Asker::Games, Command::Games);
                    }
                }
                Want::LoginRefused => {
                    let server = self.wire.server().to_owned();
                    if self.keeping.login_refused(&server) {
                        self.parts.chrome.password_forgotten();
                    }
                }
                Want::SessionReady => self.logged_in(self.now()),
                Want::WithoutTimeseal(server) => self.keeping.without_timeseal(&server),
                Want::Note(text) => self.parts.console.note(&text),
                Want::TalkTo(handle) => self.parts.console.talk_to(handle),
                Want::Challenge(handle) => self.windows.challenge(handle),
                Want::Apply(event) => self.apply_event(self.now(), &event),
                Want::OfferComputerGame { fen, variant } => {
                    self.windows.offer_computer_game(fen, variant);
                }
                Want::PlayComputer(terms) => self.play_computer(&terms),
            }
        }
    }

    /// A game against the computer under `terms` (remembered for the
    /// next); said where it cannot start.
    pub fn play_computer(&mut self, terms: &crate::computer::terms::ComputerTerms) {
        let now = self.now();
        let cx = cx!(self, now);
        let started = self.parts.computer.play(&cx, terms);
        self.keeping.settings_mut().computer = terms.clone();
        if let Err(why) = started {
            self.parts.console.note(&why);
            self.parts.chrome.say(why);
        }
    }

    fn archive(&mut self, game: &Game) {
        let partner = self.store.partner_of(game);
        let server = if self.parts.computer.is_computer_game(game.number) {
            computer::SITE
        } else {
            self.wire.server()
        };
        let window = self.host.window().cloned();
        self.keeping.archive(game, partner, server, window);
    }

    /// The game against the computer's engine and clocks, also while the
    /// window is hidden (eframe then runs no ui pass, so no part ticks: its
    /// move waited and its clock ran on until the window came back, and it
    /// lost on time). Woken again when its next move or flag is due.
    pub fn tick_computer(&mut self) {
        let now = self.now();
        let cx = cx!(self, now);
        let wants = self.parts.computer.on_tick(&cx);
        let next = self.parts.computer.next_frame(&cx);
        self.run(wants);
        if let (Some(at), Some(ctx)) = (next, self.host.window()) {
            ctx.request_repaint_after(at.saturating_sub(now));
        }
    }

    /// The window closes: a game against the computer going on ends
    /// unfinished and is archived (a server keeps its own games) before
    /// Kibitz exits.
    pub fn close(&mut self) {
        let wants = self.parts.computer.cut_off();
        self.run(wants);
        self.archive_written();
    }

    /// Waits until every finished game is written to the archive, its
    /// note in the console (tests: the writing is off the UI thread).
    pub fn archive_written(&mut self) {
        self.keeping.archive_written();
        self.archive_noted();
    }

    /// What the archive's writing said meanwhile, in the console; My
    /// games, showing the archive, reads it again (the game just written
    /// is listed).
    fn archive_noted(&mut self) {
        let notes = self.keeping.archive_notes();
        for note in &notes {
            self.parts.console.note(note);
        }
        if !notes.is_empty() {
            self.parts.library.archive_grew(self.keeping.games_dir());
        }
    }

    /// Takes what the engine said since the last frame.
    pub fn poll_engine(&mut self) {
        let updates = self.analyses.poll();
        self.host.frames().engine_updates(updates);
    }

    /// What a game's panel asked for.
    fn handle(&mut self, action: Action) {
        let wants = self.parts.boards.act(&self.store, action);
        self.run(wants);
    }

    /// PGN files dropped on the window or picked in the file dialog: their
    /// games listed in My games, a file of one game opened at once.
    fn open_pgn_files(&mut self, ctx: &egui::Context) {
        let (picked, no_dialog) = match self.windows.picked() {
            Some(pick_file::Picked::File(path)) => (Some(path), false),
            Some(pick_file::Picked::NoDialog) => (None, true),
            None => (None, false),
        };
        let mut wants = self.parts.library.opened(ctx, picked);
        if no_dialog {
            let words = "No file dialog opened on this desktop (it needs xdg-desktop-portal or zenity): drop the file on the window, or paste its games";
            wants.push(Want::Say(words.to_owned()));
            wants.push(Want::Note(words.to_owned()));
        }
        self.run(wants);
    }

    /// Asks for files another way than the system's dialog (tests).
    pub fn set_file_picker(&mut self, picker: Picker) {
        self.windows.set_picker(picker);
    }

    /// Opens a player's card and asks the server for what it shows.
    pub fn open_profile(&mut self, handle: &str) {
        let wants = self.parts.card.open(handle, self.wire.me());
        self.run(wants);
    }

    fn shortcut(&mut self, shortcut: Shortcut, now: Now) {
        if shortcut == Shortcut::CommandLine {
            self.parts.console.focus_command_line();
        } else {
            let cx = cx!(self, now);
            let wants = self.parts.boards.shortcut(&cx, shortcut);
            self.run(wants);
        }
    }

    /// Once a frame, before drawing: the clocks' consequences (auto-flag,
    /// low time, interrupted games given up) and the wall's turn.
    fn tick(&mut self, now: Now) {
        if self
            .wire
            .resume_deadline(&self.store)
            .is_some_and(|at| now >= at)
        {
            self.give_up_interrupted(now, crate::game::store::UNSEEN_END);
        }
        let mut wants = Vec::new();
        let (cx, parts) = self.parts(now);
        for part in parts {
            wants.extend(part.on_tick(&cx));
        }
        self.run(wants);
    }

    /// Saves changed settings atomically, but not in the middle of a drag.
    fn save_settings_if_changed(&mut self, ctx: &egui::Context) {
        // Copied only when it changed: this runs every frame.
        if self.keeping.settings().console_history != *self.parts.console.history() {
            self.keeping.settings_mut().console_history = self.parts.console.history().clone();
        }
        if ctx.input(|i| i.pointer.any_down()) {
            return;
        }
        if let Some(note) = self.keeping.save_if_changed() {
            self.parts.console.note(&note);
        }
    }

    /// The whole window's contents.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.host.look(ui.ctx());
        self.poll_notifications();
        self.parts.feedback.frame(ui.ctx());
        let now = self.now();
        let boards = &self.parts.boards;
        self.host.frames().count(ui, now, || boards.animating());
        self.tick(now);
        self.archive_noted();
        // Before any widget reads the keys.
        let playing = self.store.own_live_game().is_some();
        for shortcut in shortcuts::shortcuts(ui.ctx(), playing) {
            self.shortcut(shortcut, now);
        }
        let engines = [self.analyses.status(), self.analyses.variant_status()];
        let online = self.wire.logged_in();
        let family = self.parts.chrome.server_family();
        let settings = self.keeping.settings_mut();
        let wants = (self.windows).ui(ui.ctx(), settings, engines, online, family);
        self.run(wants);
        self.save_settings_if_changed(ui.ctx());
        self.open_pgn_files(ui.ctx());
        self.panels_ui(ui, now);
        self.parts.chrome.describe_focused(ui.ctx());
        let on_screen = self.host.on_screen();
        on_screen.update(self.parts.console.tab(), self.parts.lobby.lists_wanted());
        on_screen.set_players_shown(self.parts.lobby.players_shown());
        let me = self.wire.me();
        let own = self.store.own_live_game();
        self.parts
            .chrome
            .update_title(ui.ctx(), me, self.wire.server(), own);
        self.parts.chrome.fit_to_screen(ui.ctx());
        self.schedule_repaint(ui.ctx(), now);
    }

    /// The top bar, the console, the lobby and the boards (or the connect
    /// form).
    fn panels_ui(&mut self, ui: &mut egui::Ui, now: Now) {
        // The window is cleared in the panels' colour (`clear_color`), so no
        // panel paints its background again: a window's worth of pixels less
        // per frame, which a software renderer feels.
        let side = egui::Frame::side_top_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        let state = BarState {
            status: self.wire.status(),
            quiet: self.parts.chrome.link_words(self.now()),
            session: self.wire.has_session(),
            no_games: self.store.games().next().is_none(),
            server: self.wire.server(),
            settings: self.keeping.settings_mut(),
            recording: self.wire.recording(),
            free_tiling: self.parts.boards.free_tiling(),
            windows: self.windows.switches(),
            lobby_open: self.parts.lobby.open_mut(),
        };
        let times = state.settings.console_times;
        let mut wants = self.parts.chrome.top_panel_ui(ui, side, state);
        // Under the top bar, across the window; then the lobby at the
        // left, the card at the right.
        wants.extend(self.parts.console.panel_ui(ui, side, times));
        let cx = cx!(self, now);
        let library = &mut self.parts.library;
        let (lobby, my_games) =
            (self.parts.lobby).panel_ui(ui, &cx, side, |ui, tab| library.tab_ui(ui, tab));
        let me = self.wire.me();
        wants.extend(lobby);
        wants.extend(my_games.map(|action| library.act(action)));
        let friends = &self.parts.lobby.lobby().friends;
        wants.extend(self.parts.card.panel_ui(ui, side, me, friends));
        wants.extend(
            (self.parts.library).keep_collections(&mut self.keeping.settings_mut().collections),
        );
        self.run(wants);
        let mut actions = Vec::new();
        let mut analysed = None;
        let mut login = None;
        let mut over_boards = Vec::new();
        // The card's window before the boards: the keys its board takes
        // are not the boards' then.
        (self.parts.library).mistakes_window_ui(ui.ctx(), self.keeping.settings());
        let central = egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::CentralPanel::default().frame(central).show(ui, |ui| {
            if let Some(command) = self.parts.news.notice_ui(ui) {
                actions.push(Action::Send(command));
            }
            actions.extend(self.parts.boards.offers_ui(ui, &self.store));
            over_boards = self.parts.lobby.over_boards_ui(ui, &self.store);
            let no_games = self.store.games().next().is_none();
            if !self.wire.has_session() && self.parts.chrome.connect_form_wanted(no_games) {
                let profiles = &self.keeping.settings().servers;
                login = self.parts.chrome.connect_form_ui(ui, profiles, !no_games);
                return;
            }
            let settings = self.keeping.settings();
            let frame = BoardsFrame {
                settings: PanelSettings::from(settings),
                analysis_on_by_default: settings.analysis.on_by_default,
                results: self.analyses.results(),
                engine: self.analyses.status(),
                variant_engine: self.analyses.variant_status(),
                ptells: &settings.play.ptell_buttons,
                online: self.wire.logged_in(),
                opening_tree: self.parts.library.opening_tree(),
                server: self.wire.server(),
                link_quiet: self.parts.chrome.link_words(now),
            };
            let cx = cx!(self, now);
            let drawn = self.parts.boards.ui(ui, &cx, frame);
            actions.extend(drawn.actions);
            analysed = Some((drawn.analysed, drawn.review));
        });
        if let Some(request) = login {
            self.connect_to(request);
        }
        self.run(over_boards);
        if self.parts.chrome.take_play_computer() {
            self.run([Want::OfferComputerGame {
                fen: None,
                variant: None,
            }]);
        }
        for action in actions {
            self.handle(action);
        }
        if ui.input(|i| i.viewport().minimized == Some(true)) {
            self.pause_analysis();
        } else {
            let looked_at = self
                .parts
                .boards
                .maximized()
                .or(self.parts.boards.focused());
            let settings = &self.keeping.settings().analysis;
            let (wanted, mut review) = analysed.unwrap_or_default();
            // The deck's: a tried move at once, its background review
            // only when nothing on screen wants the engine.
            let (idle, playing) = (
                wanted.is_empty() && review.is_empty(),
                self.store.own_live_game().is_some(),
            );
            review.extend(
                self.parts
                    .library
                    .engine_work(self.analyses.results(), idle, playing),
            );
            let window = self.host.window();
            (self.analyses).plan(wanted, review, looked_at, settings, window);
        }
    }

    /// Stops the engine's search (the window is minimized).
    fn pause_analysis(&mut self) {
        let settings = &self.keeping.settings().analysis;
        self.analyses.pause(settings, self.host.window());
    }

    /// Repaint only when something visible changes: a running clock's next
    /// digit (observed clocks coalesced, see [`repaint`]). Animations and
    /// network events ask for their own frames. Idle, the app costs nothing.
    fn schedule_repaint(&mut self, ctx: &egui::Context, now: Now) {
        let store = &self.store;
        let own = [
            repaint::next_clock_frame(store.games(), now),
            self.wire.resume_deadline(store),
        ];
        let (cx, parts) = self.parts(now);
        let next = parts
            .iter()
            .filter_map(|part| part.next_frame(&cx))
            .chain(own.into_iter().flatten())
            .min();
        if let Some(at) = next {
            ctx.request_repaint_after(at.saturating_sub(now));
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
        self.tick_computer();
        // eframe runs no `ui` while the window is minimized: stop here.
        if ctx.input(|i| i.viewport().minimized == Some(true)) {
            self.pause_analysis();
        }
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.close();
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let layout = Layout {
            lobby_open: self.parts.lobby.is_open(),
            free_tiling: self.parts.boards.free_tiling(),
            tiles: Some(self.parts.boards.tiles().clone()),
        };
        layout.save(storage);
        self.keeping.save_at_exit();
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
