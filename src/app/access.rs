//! The app as tests and tools see it: what they read of it (the games,
//! a board's view, the settings, the console, the lobby, what was sent)
//! and set in it (where it keeps its files, a clock, a sound player).
//! Nothing here routes: events, replies and wants pass through `app.rs`.

use super::*;

impl KibitzApp {
    /// Archives finished games into `dir` from now on (tests; `start` uses
    /// the user's data dir).
    pub fn archive_into(&mut self, dir: std::path::PathBuf) {
        self.keeping.archive_into(Some(dir));
    }

    /// Keeps the deck of the user's mistakes in `dir` (tests; `start`
    /// uses the user's data dir).
    pub fn keep_deck_in(&mut self, dir: std::path::PathBuf) {
        self.parts.library.keep_deck_in(Some(dir), None);
    }

    /// Waits until the deck's disk work asked so far is done (tests).
    pub fn wait_for_deck(&self) {
        self.parts.library.wait_for_deck();
    }

    /// Plays sounds through `player` (tests: a recording stand-in).
    pub fn set_sound_player(&mut self, player: Player) {
        self.parts.feedback.set_player(player);
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
        &self.store
    }

    /// A game panel's UI state.
    pub fn view(&self, game: u32) -> Option<&GameView> {
        self.parts.boards.view(game)
    }

    /// The game whose tile has the keyboard.
    pub fn focused(&self) -> Option<u32> {
        self.parts.boards.focused()
    }

    /// The game shown alone, if any.
    pub fn maximized(&self) -> Option<u32> {
        self.parts.boards.maximized()
    }

    /// Whether the game is shown in an OS window of its own.
    pub fn is_detached(&self, game: u32) -> bool {
        self.parts.boards.is_detached(game)
    }

    /// Takes a game off the screen (and out of the store).
    pub fn close_game(&mut self, game: u32) {
        self.change(Change::Close(game));
    }

    pub fn set_free_tiling(&mut self, on: bool) {
        self.parts.boards.set_free_tiling(on);
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
        self.parts.console.console()
    }

    pub fn lobby(&self) -> &Lobby {
        self.parts.lobby.lobby()
    }

    pub fn lobby_mut(&mut self) -> &mut Lobby {
        self.parts.lobby.lobby_mut()
    }

    /// The connect form (its error after a refused login).
    pub fn connect_form(&self) -> &crate::ui::dialogs::connect::ConnectForm {
        self.parts.chrome.connect_form()
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
        self.host.now()
    }

    pub fn set_time(&mut self, now: Now) {
        self.host.set_time(TimeSource::Fixed(now));
    }
}
