//! The application: a few parts, each owning its state (ARCHITECTURE.md has
//! the table), and the frame that ties them together. Network events are
//! drained each frame within a budget and routed to the parts in a fixed
//! order ([`KibitzApp::apply_event`]); what one part asks of another (a
//! command to send, a game to archive, words to announce) comes back to
//! this file as a return value and is carried out here. No other file
//! has an `impl KibitzApp`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use shakmaty::Move;

use crate::config::Settings;
use crate::game::{Effect, Game, GameStore, Now};
use crate::net::{self, NetEvent, Status};
use crate::protocol::adjourned::AdjournedLine;
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::event::Event;
use crate::protocol::partnership::Partnership;
use crate::protocol::reply::{Answer, Reply};
use crate::recording::Chunk;
use crate::sound::Player;
use crate::ui::confirm::Decision;
pub use crate::ui::connect::ConnectRequest;
use crate::ui::console::Console;
use crate::ui::game_view::{Action, GameView, PanelSettings};
use crate::ui::lobby::Lobby;
use crate::ui::my_games::MyGamesAction;

/// How long one frame may spend applying network events.
const EVENT_BUDGET: Duration = Duration::from_millis(8);

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
mod asked;
mod boards;
mod chrome;
mod feedback;
mod frame_stats;
mod keeping;
mod launch;
mod on_screen;
mod pick_file;
mod repaint;
mod shortcuts;
mod status_bar;
mod title;
mod wall;
mod wire;

pub use boards::move_text;
pub use launch::{mark_launch, step as launch_step};
pub use pick_file::Picker;

use analysis::Analyses;
use asked::Asker;
use boards::{Boards, BoardsFrame};
use chrome::{BarState, Chrome};
use feedback::{Feedback, LookedAt};
use frame_stats::Frames;
use keeping::Keeping;
use shortcuts::Shortcut;
use status_bar::BarAction;
use wall::{Wall, WallSwitches};
use wire::Wire;

pub struct KibitzApp {
    /// The games and everything shown of them.
    boards: Boards,
    /// "Fill the wall": its state between frames.
    wall: Wall,
    /// The session with the server.
    wire: Wire,
    /// Settings, logins and the archive.
    keeping: Keeping,
    /// Console, lobby, dialogs, top bar, title.
    chrome: Chrome,
    /// Sounds and the OS attention request.
    feedback: Feedback,
    /// Engine analysis: the engine thread, its status and results.
    analyses: Analyses,
    /// Frames counted (and logged with `KIBITZ_FRAME_STATS=1`).
    frames: Frames,
    time: TimeSource,
    /// The window's context, to wake it from other threads.
    waker: Option<egui::Context>,
    /// What is on screen, for the network thread's waker.
    on_screen: Arc<on_screen::OnScreen>,
    /// The file dialog for a PGN file, while it is open.
    pick_file: pick_file::PickFile,
}

impl KibitzApp {
    /// An app with no connection (tests, or before the user connects).
    pub fn new(time: TimeSource) -> Self {
        KibitzApp {
            boards: Boards::default(),
            wall: Wall::default(),
            wire: Wire::default(),
            keeping: Keeping::default(),
            chrome: Chrome::default(),
            feedback: Feedback::default(),
            analyses: Analyses::default(),
            frames: Frames::new(),
            time,
            waker: None,
            pick_file: pick_file::PickFile::default(),
            on_screen: Arc::default(),
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
            app.chrome.set_lobby_open(layout.lobby_open);
            app.boards.set_free_tiling(layout.free_tiling);
            if let Some(tree) = layout.tiles {
                app.boards.restore_tiles(tree);
            }
        }
        app.waker = Some(ctx.clone());
        app.wire.observe_on_login(options.observe);
        if let Some(dir) = crate::config::config_dir() {
            if let Some(notice) = app.keeping.load_from(dir) {
                app.chrome.note(&notice);
            }
            app.chrome
                .set_history(app.keeping.settings().console_history.clone());
        }
        let data_dir = crate::archive::data_dir();
        app.wire
            .set_recordings_dir(data_dir.as_ref().map(|d| d.join("recordings")));
        app.keeping.archive_into(data_dir);
        if let Some(profile) = app.keeping.settings().current_server() {
            app.chrome.connect_with(profile);
        }
        launch::step("settings loaded");
        // The audio device opens after the first frame: the window first.
        app.feedback.open_audio_later();
        if let Some((chunks, speed)) = options.replay {
            // A recording's games are already somebody's archive.
            app.keeping.archive_into(None);
            let waker = waker_of(ctx, &app.on_screen);
            match net::replay::spawn_limited(chunks, speed, options.replay_games, waker) {
                Ok(handle) => app.time = TimeSource::Real(app.wire.attach(handle, "replay")),
                Err(e) => app.chrome.note(&format!("cannot replay: {e}")),
            }
        } else if let Some(request) = options.connect {
            app.connect_to(request);
        } else {
            match app.keeping.remembered_login() {
                Ok(Some(request)) => app.connect_to(request),
                Ok(None) => {}
                Err(note) => app.chrome.note(&note),
            }
        }
        launch::step("app ready");
        app
    }

    /// Archives finished games into `dir` from now on (tests; `start` uses
    /// the user's data dir).
    pub fn archive_into(&mut self, dir: std::path::PathBuf) {
        self.keeping.archive_into(Some(dir));
    }

    /// Plays sounds through `player` (tests: a recording stand-in).
    pub fn set_sound_player(&mut self, player: Player) {
        self.feedback.set_player(player);
    }

    /// Saves settings into `dir` from now on (tests; `start` uses the user's config dir).
    pub fn enable_settings_in(&mut self, dir: std::path::PathBuf) {
        self.keeping.save_into(dir);
    }

    /// Session recordings go into `dir` (tests; `start` uses the user's data dir).
    pub fn set_recordings_dir(&mut self, dir: std::path::PathBuf) {
        self.wire.set_recordings_dir(Some(dir));
    }

    /// The games.
    pub fn store(&self) -> &GameStore {
        self.boards.store()
    }

    /// A game panel's UI state.
    pub fn view(&self, game: u32) -> Option<&GameView> {
        self.boards.view(game)
    }

    /// The game whose tile has the keyboard.
    pub fn focused(&self) -> Option<u32> {
        self.boards.focused()
    }

    /// The game shown alone, if any.
    pub fn maximized(&self) -> Option<u32> {
        self.boards.maximized()
    }

    /// Whether the game is shown in an OS window of its own.
    pub fn is_detached(&self, game: u32) -> bool {
        self.boards.is_detached(game)
    }

    /// Takes a game off the screen (and out of the store).
    pub fn close_game(&mut self, game: u32) {
        self.boards.close(game);
    }

    pub fn set_free_tiling(&mut self, on: bool) {
        self.boards.set_free_tiling(on);
    }

    pub fn settings(&self) -> &Settings {
        self.keeping.settings()
    }

    pub fn settings_mut(&mut self) -> &mut Settings {
        self.keeping.settings_mut()
    }

    /// The session's status, once the network thread gave one.
    pub fn status(&self) -> Option<&Status> {
        self.wire.status()
    }

    pub fn console(&self) -> &Console {
        self.chrome.console()
    }

    pub fn lobby(&self) -> &Lobby {
        self.chrome.lobby()
    }

    pub fn lobby_mut(&mut self) -> &mut Lobby {
        self.chrome.lobby_mut()
    }

    /// The connect form (its error after a refused login).
    pub fn connect_form(&self) -> &crate::ui::connect::ConnectForm {
        self.chrome.connect_form()
    }

    /// Every command sent, newest last (the last thousand).
    pub fn sent(&self) -> &std::collections::VecDeque<Command> {
        self.wire.sent()
    }

    /// Kibitz's own requests whose replies have not come, oldest first
    /// (what a scripted server answers in tests).
    pub fn awaiting(&self) -> Vec<crate::protocol::request::Request> {
        self.wire.awaiting().collect()
    }

    /// The engine's state, for the status of the panels.
    pub fn engine_status(&self) -> &crate::engine::process::EngineStatus {
        self.analyses.status()
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

    /// Sends a command the user gave (echoed in the console).
    pub fn send(&mut self, command: Command) {
        self.chrome.echo(&command);
        self.wire.send(command);
    }

    /// Sends a request of Kibitz's own (housekeeping) for `asker`: not
    /// echoed; its reply goes to `asker` only (see [`Self::answer`]), never
    /// to the console.
    fn ask(&mut self, asker: Asker, command: Command) {
        self.wire.ask(asker, command);
    }

    /// Asks for the players list: who is on (blitz ratings), then their
    /// standard and lightning ratings.
    fn ask_players(&mut self) {
        let now = self.now();
        for category in crate::protocol::who::WhoCategory::ALL {
            self.chrome.players_asked(category, now);
            self.ask(Asker::Players(category), Command::Who(category));
        }
    }

    /// Sends a move and shows it at once.
    pub fn play(&mut self, number: u32, mv: Move) {
        if let Some(command) = self.boards.play(number, mv) {
            self.send(command);
        }
    }

    /// Logs in: the login is remembered (if settings are kept) and the
    /// network thread started.
    pub fn connect_to(&mut self, request: ConnectRequest) {
        if self.keeping.keeps_settings()
            && let Some(note) = self.keeping.remember_login(&request)
        {
            self.chrome.note(&note);
        }
        self.chrome.connecting(&request);
        let waker = self.waker.as_ref().map_or_else(
            || Arc::new(|_| {}) as net::Waker,
            |ctx| waker_of(ctx, &self.on_screen),
        );
        match self.wire.connect(&request, waker) {
            Ok(origin) => self.time = TimeSource::Real(origin),
            Err(e) => self
                .chrome
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
            self.chrome
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
            self.frames.network_event();
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
        if let Some(ctx) = &self.waker {
            ctx.request_repaint();
        }
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
        // A refused login has its note already (and the form).
        if let Status::Stopped { reason } | Status::RetryingIn { reason, .. } = &status
            && !self.chrome.login_refused()
        {
            self.chrome.note(reason);
        }
        let stopped = match &status {
            Status::RetryingIn { .. } => {
                self.boards.connection_lost(now);
                false
            }
            Status::Stopped { .. } => {
                self.boards.connection_lost(now);
                true
            }
            _ => false,
        };
        let why = match &status {
            Status::Stopped { reason } => Some(format!("the session ended ({reason})")),
            _ => None,
        };
        if matches!(status, Status::RetryingIn { .. } | Status::Stopped { .. }) {
            self.chrome.forget_asked();
        }
        self.wire.on_status(status);
        if let Some(why) = why {
            self.give_up_interrupted(now, &why);
        }
        if stopped && self.chrome.login_refused() {
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
        let effects = self.boards.give_up_interrupted(now, why);
        self.carry_out(&effects);
    }

    /// Folds one protocol event into the app: the parts in a fixed order.
    pub fn apply_event(&mut self, now: Now, event: &Event) {
        // The console shows the text (the lines of replies to our own
        // requests come as `OwnReply`, for the log).
        self.chrome.apply(event);
        match event {
            Event::OwnReply(text) => tracing::debug!("reply to Kibitz: {text}"),
            Event::Unparsed { line, error } => tracing::warn!("unparsed line ({error}): {line}"),
            Event::Reply(reply) => self.answer(now, reply),
            _ => {}
        }
        // The boards: the store says what changed.
        let applied = self.boards.apply(now, event);
        let moved = match event {
            Event::Board(board) => applied.effects.contains(&Effect::Moved(board.game)),
            _ => false,
        };
        // What the user hears and is told.
        let settings = self.keeping.settings();
        let looked_at = LookedAt {
            focused: self.boards.focused(),
            maximized: self.boards.maximized(),
        };
        let store = self.boards.store();
        self.feedback.on_event(
            event,
            moved,
            store,
            settings,
            looked_at,
            self.waker.as_ref(),
        );
        let mode = settings.play.announce_moves;
        if let Some(words) = announce::event_words(event, moved, store, looked_at.focused, mode) {
            self.chrome.say(words);
        }
        self.carry_out(&applied.effects);
        if let Some(command) = applied.premove {
            self.send(command);
        }
        if let Some(target) = applied.observe_partner {
            let asker = match target {
                ObserveTarget::Game(game) => Asker::Observe(game),
                ObserveTarget::Player(_) => Asker::Nobody,
            };
            self.ask(asker, Command::Observe(target));
        }
        match event {
            Event::LoginFailed { reason } => {
                let server = self.wire.server().to_owned();
                let forgotten = self.keeping.login_refused(&server);
                self.chrome.login_failed(reason, forgotten);
            }
            Event::LoggedIn { handle, titles } => {
                // Guests (`(U)`) have no notify list (the server refuses one).
                let guest = titles.iter().any(|t| t == "U")
                    || handle.to_ascii_lowercase().starts_with("guest");
                if !guest {
                    let list = Command::Notify(crate::protocol::command::ListOp::Show);
                    self.ask(Asker::Friends, list);
                }
                self.logged_in(now);
            }
            Event::Presence(presence) if presence.notify => {
                let what = if presence.arrived { "arrived" } else { "left" };
                self.chrome
                    .tell_friend(format!("{} {what}", presence.handle), None);
            }
            Event::GameNotification(n) => {
                let text = format!(
                    "{} vs. {} started game {} ({})",
                    n.white, n.black, n.game, n.description
                );
                self.chrome.tell_friend(text, Some(n.game));
            }
            Event::Adjourned(AdjournedLine::OpponentsOnline { names, .. }) => {
                self.chrome.tell_adjourned(names, false);
            }
            Event::Adjourned(AdjournedLine::OpponentArrived { handle }) => {
                self.chrome
                    .tell_adjourned(std::slice::from_ref(handle), true);
            }
            Event::Partnership(Partnership::Formed { partner }) => {
                self.chrome
                    .say(format!("{partner} is your bughouse partner"));
            }
            Event::Partnership(Partnership::Ended { text }) => self.chrome.say(text.clone()),
            Event::TimesealRefused { .. } => {
                let server = self.wire.server().to_owned();
                self.chrome.without_timeseal(&server);
                self.keeping.without_timeseal(&server);
            }
            _ => {}
        }
        if let Some((from, kind)) = applied.offer {
            self.chrome.say(announce::offer_words(&from, &kind));
        }
    }

    /// The reply to a request of ours goes to the part that asked.
    fn answer(&mut self, now: Now, reply: &Reply) {
        let Some(asker) = self.wire.answered(reply.to) else {
            return;
        };
        self.chrome.answer(&asker, &reply.answer);
        match (asker, &reply.answer) {
            (Asker::Games, Answer::Games { .. }) => {
                // The wall fills from the new list.
                let pending = self.wire.pending_observes().collect();
                let lobby = self.chrome.lobby();
                for game in self.wall.fill(lobby, self.boards.store(), pending) {
                    let observe = Command::Observe(ObserveTarget::Game(game));
                    self.ask(Asker::Observe(game), observe);
                }
            }
            (Asker::ExamineLookup, answer) => match self.boards.examine_answered(answer) {
                Some(Ok(examine)) => self.send(examine),
                Some(Err(why)) => self.chrome.say(why),
                None => {}
            },
            (Asker::Observe(game), Answer::ObserveRefused { .. }) => {
                // Refused after the reconnect: the game is gone.
                let effects = self.boards.gone_while_disconnected(game, now);
                self.carry_out(&effects);
            }
            _ => {}
        }
    }

    /// Logged in: the lobby's seeks, the games we observed before a
    /// reconnect (each comes back or is refused: it ended while we were
    /// away), the games asked for on the command line.
    fn logged_in(&mut self, now: Now) {
        // The lobby's seeks are there from the start (then kept live by
        // the seek stream); the games list follows too (`Wall::tick`), and
        // the players (kept live by arrivals and departures).
        self.ask(Asker::Seeks, Command::Sought);
        self.ask_players();
        let store = self.boards.store();
        let again = store.interrupted_observed();
        let asked = self.wire.logged_in_at(now, store.any_interrupted());
        for game in again {
            self.ask(
                Asker::Observe(game),
                Command::Observe(ObserveTarget::Game(game)),
            );
        }
        // The games given on the command line: after the set-up, whose
        // style 12 their boards need.
        for game in asked {
            let observe = Command::Observe(ObserveTarget::Game(game));
            self.chrome.echo(&observe);
            self.wire.send_after_setup(observe);
        }
    }

    /// What the store reported: its own requests go out, ended games are
    /// archived.
    fn carry_out(&mut self, effects: &[Effect]) {
        for effect in effects {
            match effect {
                // Housekeeping (`moves N` to complete a history): not
                // echoed; the store reads the list as it passes.
                Effect::Send(command) => self.ask(Asker::Nobody, command.clone()),
                Effect::Ended(number) => {
                    if let Some(game) = self.boards.store().get(*number).cloned() {
                        self.archive(&game);
                    }
                }
                Effect::Retired(game) => self.archive(game),
                Effect::Started(_) | Effect::Moved(_) => {}
            }
        }
    }

    fn archive(&mut self, game: &Game) {
        if let Some(note) = self.keeping.archive(game, self.wire.server()) {
            self.chrome.note(&note);
        }
    }

    /// Takes what the engine said since the last frame.
    pub fn poll_engine(&mut self) {
        let updates = self.analyses.poll();
        self.frames.engine_updates(updates);
    }

    fn handle(&mut self, action: Action) {
        let now = self.now();
        match action {
            Action::Send(command) => self.send(command),
            Action::Say(words) => self.chrome.say(words),
            Action::Move { game, mv } => self.play(game, mv),
            Action::Maximize { game } => self.boards.toggle_maximized(game),
            Action::Detach { game } => self.boards.toggle_detached(game),
            Action::Close { game } => {
                if self.boards.observing_live(game) {
                    self.send(Command::Unobserve(Some(game)));
                    self.dismiss(game, true, now);
                }
                self.boards.close(game);
            }
            Action::Unobserve { game } => {
                self.send(Command::Unobserve(Some(game)));
                self.dismiss(game, false, now);
            }
            Action::Profile { handle } => self.open_profile(&handle),
            Action::Mark { game, mark } => {
                if let Some(kibitz) = self.boards.toggle_mark(game, mark) {
                    self.ask(Asker::Nobody, kibitz);
                }
            }
            Action::Examine { game } => {
                if let Some(history) = self.boards.examine_finished(game) {
                    self.ask(Asker::ExamineLookup, history);
                }
            }
        }
    }

    /// PGN files dropped on the window or picked in the file dialog.
    fn open_pgn_files(&mut self, ctx: &egui::Context) {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        for file in dropped {
            self.open_pgn_file(file.path());
        }
        if let Some(path) = self.pick_file.picked() {
            self.open_pgn_file(&path);
        }
    }

    /// A PGN file's games listed in My games, the one game opened at once
    /// when it holds only one.
    fn open_pgn_file(&mut self, path: &std::path::Path) {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let games = crate::archive::read::read_file(path);
        if let [only] = games.as_slice()
            && let Err(why) = self.boards.open_review(only, self.now())
        {
            self.chrome.say(format!("Cannot open {name}: {why}"));
        }
        self.chrome.show_pgn_file(name, games);
    }

    /// Asks for files another way than the system's dialog (tests).
    pub fn set_file_picker(&mut self, picker: Picker) {
        self.pick_file.set_picker(picker);
    }

    /// Opens a player's card and asks the server for what it shows.
    pub fn open_profile(&mut self, handle: &str) {
        self.chrome.open_profile(handle);
        let card = || Asker::Card(handle.to_owned());
        self.ask(card(), Command::Finger(handle.to_owned()));
        self.ask(card(), Command::History(handle.to_owned()));
        // Guests keep no journal (nor does FatICS: its refusal is ours too).
        if !handle.starts_with("Guest") {
            self.ask(card(), Command::Journal(handle.to_owned()));
        }
        // Our own card lists our adjourned games, to resume them from.
        let own = self
            .wire
            .me()
            .is_some_and(|me| me.eq_ignore_ascii_case(handle) && !me.starts_with("Guest"));
        if own {
            self.ask(card(), Command::Stored(handle.to_owned()));
        }
    }

    /// The user unobserved or closed an observed game: the wall does not
    /// bring it back (and fills a closed one's place at once).
    fn dismiss(&mut self, game: u32, closed: bool, now: Now) {
        let Some(players) = self.boards.players(game) else {
            return;
        };
        let on = self.chrome.lobby().wall.on;
        if self.wall.dismissed(game, players, closed, now, on) {
            self.ask(Asker::Games, Command::Games);
        }
    }

    fn shortcut(&mut self, shortcut: Shortcut, now: Now) {
        let settings = self.keeping.settings();
        let (default_on, confirm_resign) = (
            settings.analysis.on_by_default,
            settings.play.confirm_resign,
        );
        match shortcut {
            Shortcut::FocusNext(forward) => self.boards.focus_next(forward),
            Shortcut::CommandLine => self.chrome.focus_command_line(),
            Shortcut::Flip => self.boards.flip_keyboard_board(),
            Shortcut::ToggleAnalysis => self.boards.toggle_analysis(default_on),
            Shortcut::SayClocks => {
                let store = self.boards.store();
                let game = self
                    .boards
                    .keyboard_board()
                    .and_then(|n| store.get(n))
                    .or_else(|| store.games().next());
                let words = announce::clocks_words(game, now);
                self.chrome.say(words);
            }
            Shortcut::AnswerOffer(accept) => {
                if let Some(command) = self.boards.answer_newest_offer(accept) {
                    self.send(command);
                }
            }
            Shortcut::Draw => self.send(Command::Draw),
            Shortcut::Takeback => self.send(Command::Takeback(1)),
            Shortcut::Resign | Shortcut::Abort => {
                let (decision, command) = if shortcut == Shortcut::Resign {
                    (Decision::Resign, Command::Resign)
                } else {
                    (Decision::Abort, Command::Abort)
                };
                if self.boards.confirm(decision, now, confirm_resign) {
                    self.send(command);
                }
            }
        }
    }

    /// Once a frame, before drawing: the clocks' consequences (auto-flag,
    /// low time, interrupted games given up) and the wall's turn.
    fn tick(&mut self, now: Now) {
        if self
            .wire
            .resume_deadline(self.boards.store())
            .is_some_and(|at| now >= at)
        {
            self.give_up_interrupted(now, crate::game::store::UNSEEN_END);
        }
        let switches = WallSwitches {
            on: self.chrome.lobby().wall.on,
            logged_in: self.wire.logged_in(),
            lobby_open: self.chrome.lobby_open(),
        };
        let step = self.wall.tick(now, switches, self.boards.store());
        for game in step.close {
            self.boards.close(game);
        }
        if step.ask_list {
            self.ask(Asker::Games, Command::Games);
        }
        if self.wire.logged_in() && self.chrome.players_due(now) {
            self.ask_players();
        }
        let auto_flag = self.keeping.settings().play.auto_flag;
        for claim in self.boards.auto_flag(now, auto_flag) {
            self.send(claim);
        }
        let settings = self.keeping.settings();
        if let Some(left) = self.feedback.low_time(self.boards.store(), settings, now) {
            self.chrome.say(announce::low_time_words(left));
        }
    }

    /// Saves changed settings atomically, but not in the middle of a drag.
    fn save_settings_if_changed(&mut self, ctx: &egui::Context) {
        // Copied only when it changed: this runs every frame.
        if self.keeping.settings().console_history != *self.chrome.history() {
            self.keeping.settings_mut().console_history = self.chrome.history().clone();
        }
        if ctx.input(|i| i.pointer.any_down()) {
            return;
        }
        if let Some(note) = self.keeping.save_if_changed() {
            self.chrome.note(&note);
        }
    }

    /// The whole window's contents.
    pub fn show(&mut self, ui: &mut egui::Ui) {
        self.feedback.frame(ui.ctx());
        let now = self.now();
        let boards = &self.boards;
        self.frames.count(ui, now, || boards.animating());
        self.tick(now);
        // Before any widget reads the keys.
        let playing = self.boards.own_live_game().is_some();
        for shortcut in shortcuts::shortcuts(ui.ctx(), playing) {
            self.shortcut(shortcut, now);
        }
        let settings = self.keeping.settings_mut();
        if let Some(command) = self
            .chrome
            .windows_ui(ui.ctx(), settings, self.analyses.status())
        {
            self.send(command);
        }
        self.save_settings_if_changed(ui.ctx());
        self.open_pgn_files(ui.ctx());
        self.panels_ui(ui, now);
        self.chrome.describe_focused(ui.ctx());
        self.on_screen
            .update(self.chrome.console_tab(), self.chrome.lobby_lists_wanted());
        self.on_screen
            .set_players_shown(self.chrome.players_shown());
        let me = self.wire.me();
        let own = self.boards.store().own_live_game();
        self.chrome
            .update_title(ui.ctx(), me, self.wire.server(), own);
        self.schedule_repaint(ui.ctx(), now);
    }

    /// The top bar, the console, the lobby and the boards (or the connect
    /// form).
    fn panels_ui(&mut self, ui: &mut egui::Ui, now: Now) {
        // The window is cleared in the panels' colour (`clear_color`), so no
        // panel paints its background again: a window's worth of pixels less
        // per frame, which a software renderer feels.
        let side = egui::Frame::side_top_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        let mut bar_actions = Vec::new();
        egui::Panel::top("status").frame(side).show(ui, |ui| {
            let state = BarState {
                status: self.wire.status(),
                session: self.wire.has_session(),
                server: self.wire.server(),
                settings: self.keeping.settings_mut(),
                recording: self.wire.recording(),
                free_tiling: self.boards.free_tiling(),
            };
            bar_actions = self.chrome.top_bar_ui(ui, state);
        });
        for action in bar_actions {
            match action {
                BarAction::Record(on) => self.set_recording(on),
                BarAction::FreeTiling(on) => self.boards.set_free_tiling(on),
                BarAction::LogOut => self.wire.logout(),
                BarAction::Connect => {
                    self.wire.drop_session();
                    self.chrome.open_connect_form();
                }
            }
        }
        let mut typed = None;
        egui::Panel::bottom("console")
            .frame(side)
            .resizable(true)
            .default_size(150.0)
            .show(ui, |ui| typed = self.chrome.console_ui(ui));
        if let Some(command) = typed {
            self.send(command);
        }
        if let Some(handle) = self.chrome.take_card_wanted() {
            self.open_profile(&handle);
        }
        if self.chrome.lobby_open() {
            let (mut commands, mut card, mut my_games) = (Vec::new(), None, None);
            egui::Panel::left("lobby")
                .frame(side)
                .resizable(true)
                .default_size(330.0)
                .show(ui, |ui| {
                    (commands, card, my_games) = self.chrome.lobby_ui(ui, self.wire.me())
                });
            match my_games {
                Some(MyGamesAction::Reload) => {
                    let games = self
                        .keeping
                        .games_dir()
                        .map(|dir| crate::archive::read::read_archive(&dir))
                        .unwrap_or_default();
                    self.chrome.set_my_games(games);
                }
                Some(MyGamesAction::OpenFile) => self.pick_file.open(self.waker.clone()),
                Some(MyGamesAction::Open(game)) => {
                    let now = self.now();
                    if let Err(why) = self.boards.open_review(&game, now) {
                        self.chrome.say(format!("Cannot open that game: {why}"));
                    }
                }
                None => {}
            }
            for command in commands {
                self.send(command);
            }
            if let Some(handle) = card {
                self.open_profile(&handle);
            }
        }
        if self.chrome.profile().is_some() {
            let mut commands = Vec::new();
            egui::Panel::right("profile")
                .frame(side)
                .resizable(true)
                .default_size(360.0)
                // Wide enough for its table whatever the finger holds.
                .min_size(300.0)
                .show(ui, |ui| {
                    egui::ScrollArea::vertical()
                        .id_salt("profile card")
                        .show(ui, |ui| {
                            commands = self.chrome.profile_ui(ui, self.wire.me())
                        });
                });
            for command in commands {
                self.send(command);
            }
        }
        let mut actions = Vec::new();
        let mut analysed = None;
        let mut login = None;
        let central = egui::Frame::central_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::CentralPanel::default().frame(central).show(ui, |ui| {
            if let Some(command) = self.chrome.notice_ui(ui) {
                actions.push(Action::Send(command));
            }
            actions.extend(self.boards.offers_ui(ui));
            let no_games = self.boards.store().games().next().is_none();
            if !self.wire.has_session() && self.chrome.connect_form_wanted(no_games) {
                let profiles = &self.keeping.settings().servers;
                login = self.chrome.connect_form_ui(ui, profiles);
                return;
            }
            let settings = self.keeping.settings();
            let frame = BoardsFrame {
                settings: PanelSettings::from(settings),
                analysis_on_by_default: settings.analysis.on_by_default,
                results: self.analyses.results(),
                engine: self.analyses.status(),
                ptells: &settings.play.ptell_buttons,
                online: self.wire.logged_in(),
            };
            let drawn = self.boards.ui(ui, now, frame);
            actions.extend(drawn.actions);
            analysed = Some((drawn.analysed, drawn.review));
        });
        if let Some(request) = login {
            self.connect_to(request);
        }
        for action in actions {
            self.handle(action);
        }
        if ui.input(|i| i.viewport().minimized == Some(true)) {
            self.pause_analysis();
        } else {
            let looked_at = self.boards.maximized().or(self.boards.focused());
            let settings = &self.keeping.settings().analysis;
            let (wanted, review) = analysed.unwrap_or_default();
            self.analyses
                .plan(wanted, review, looked_at, settings, self.waker.as_ref());
        }
    }

    /// Stops the engine's search (the window is minimized).
    fn pause_analysis(&mut self) {
        let settings = &self.keeping.settings().analysis;
        self.analyses.pause(settings, self.waker.as_ref());
    }

    /// Repaint only when something visible changes: a running clock's next
    /// digit (observed clocks coalesced, see [`repaint`]). Animations and
    /// network events ask for their own frames. Idle, the app costs nothing.
    fn schedule_repaint(&self, ctx: &egui::Context, now: Now) {
        let list_refresh = self
            .wall
            .next_list()
            .filter(|_| self.wire.logged_in())
            .filter(|_| self.chrome.lobby_lists_wanted());
        let store = self.boards.store();
        let auto_flag = self.keeping.settings().play.auto_flag;
        let next = [
            repaint::next_clock_frame(store.games(), now),
            self.wall.deadline(),
            self.boards.auto_flag_deadline(now, auto_flag),
            list_refresh,
            self.chrome.players_next().filter(|_| self.wire.logged_in()),
            self.wire.resume_deadline(store),
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
            lobby_open: self.chrome.lobby_open(),
            free_tiling: self.boards.free_tiling(),
            tiles: Some(self.boards.tiles().clone()),
        };
        eframe::set_value(storage, LAYOUT_KEY, &layout);
        self.keeping.save_at_exit();
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
