//! The keeping: what outlives the window. The settings (loaded at start,
//! saved atomically when they change), the server profiles with their
//! passwords in the OS keyring, and the archive of finished games.

use std::path::PathBuf;

use crate::archive;
use crate::config::{self, ServerProfile, Settings};
use crate::game::Game;
use crate::ui::dialogs::connect::ConnectRequest;

use super::archive_writing::{ArchiveWriting, Record};

#[derive(Default)]
pub struct Keeping {
    settings: Settings,
    /// The settings as last saved, to notice changes.
    saved: Settings,
    /// Where settings are saved (`None`: not saved, e.g. in tests).
    config_dir: Option<PathBuf>,
    /// Finished games go to the archive here (`None`: not archived, as for
    /// replays and tests).
    archive_dir: Option<PathBuf>,
    /// The games being written there, off the UI thread.
    writing: ArchiveWriting,
}

impl Keeping {
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    /// Loads the settings from `dir` and saves them there from now on: a
    /// note for the user if the file could not be read.
    pub fn load_from(&mut self, dir: PathBuf) -> Option<String> {
        let loaded = config::load(&dir);
        self.settings = loaded.settings;
        self.saved = self.settings.clone();
        self.config_dir = Some(dir);
        loaded.notice
    }

    /// Saves settings into `dir` from now on.
    pub fn save_into(&mut self, dir: PathBuf) {
        self.config_dir = Some(dir);
    }

    /// Archives finished games into `dir` (`None`: not at all).
    pub fn archive_into(&mut self, dir: Option<PathBuf>) {
        self.archive_dir = dir;
    }

    /// The user's data directory (the archive, kept conversations).
    pub fn data_dir(&self) -> Option<&std::path::Path> {
        self.archive_dir.as_deref()
    }

    /// Where the archive's month files are (the My games tab reads them).
    pub fn games_dir(&self) -> Option<PathBuf> {
        self.archive_dir.as_ref().map(|dir| dir.join("games"))
    }

    /// Whether logins are remembered (settings are kept somewhere).
    pub fn keeps_settings(&self) -> bool {
        self.config_dir.is_some()
    }

    /// Saves changed settings atomically: a note if that failed.
    pub fn save_if_changed(&mut self) -> Option<String> {
        if self.settings == self.saved {
            return None;
        }
        self.saved = self.settings.clone();
        let dir = self.config_dir.as_ref()?;
        config::save(dir, &self.settings)
            .err()
            .map(|e| format!("settings NOT saved: {e:#}"))
    }

    /// Saves the settings as they are (the window closes).
    pub fn save_at_exit(&self) {
        if let Some(dir) = &self.config_dir
            && let Err(e) = config::save(dir, &self.settings)
        {
            tracing::warn!("settings not saved at exit: {e:#}");
        }
    }

    /// Appends a finished game to the archive (if games are archived and
    /// this one is worth it), written off the UI thread (`window`: woken
    /// for the note it makes, see [`Self::archive_notes`]). A bughouse
    /// board goes with its other board (`partner`, where Kibitz has it) in
    /// one record, once both have ended: nothing while the other plays on.
    pub fn archive(
        &mut self,
        game: &Game,
        partner: Option<&Game>,
        server: &str,
        window: Option<egui::Context>,
    ) {
        if !self.settings.archive_games {
            return;
        }
        let Some(dir) = self.archive_dir.clone() else {
            return;
        };
        let server = if server.is_empty() { "fics" } else { server }.to_owned();
        let record = match partner {
            // Its end comes with this one's: the record is written then.
            Some(other) if !other.is_over() && !other.detached => return,
            Some(other) if other.is_over() => {
                if !(archive::worth_archiving(game) || archive::worth_archiving(other)) {
                    return;
                }
                // Board A is the user's own, else the lower number.
                let own_first = game.relation.is_playing()
                    || (!other.relation.is_playing() && game.number < other.number);
                let boards = if own_first {
                    [game.clone(), other.clone()]
                } else {
                    [other.clone(), game.clone()]
                };
                Record::Bughouse(Box::new(boards))
            }
            _ => {
                if !archive::worth_archiving(game) {
                    return;
                }
                Record::Game(Box::new(game.clone()))
            }
        };
        self.writing.write(dir, record, server, window);
    }

    /// What was said of the games written since ("game 7 saved to ..."),
    /// for the console.
    pub fn archive_notes(&mut self) -> Vec<String> {
        self.writing.notes()
    }

    /// Waits until every game given to the archive is written (tests).
    pub fn archive_written(&mut self) {
        self.writing.wait();
    }

    /// The login to make at start: the current profile, when remembered
    /// (a registered one only with its password in the keyring). Err: a
    /// note for the user.
    pub fn remembered_login(&self) -> Result<Option<ConnectRequest>, String> {
        let Some(profile) = self.settings.current_server() else {
            return Ok(None);
        };
        if !profile.remember_password {
            return Ok(None);
        }
        let password = if profile.is_guest() {
            None
        } else {
            match crate::secrets::recall(&profile.address, &profile.handle) {
                Some(password) => Some(password),
                None => return Err("no remembered password: log in below".to_owned()),
            }
        };
        let handle = if profile.is_guest() {
            "guest".to_owned()
        } else {
            profile.handle.clone()
        };
        Ok(Some(ConnectRequest {
            server: profile.address.clone(),
            handle,
            password,
            timeseal: profile.timeseal,
            remember: true,
        }))
    }

    /// Saves (or forgets) the login as the current server profile; the
    /// password goes to the keyring only. A note if the keyring refused.
    pub fn remember_login(&mut self, request: &ConnectRequest) -> Option<String> {
        let guest = request.handle.eq_ignore_ascii_case("guest");
        let profile = ServerProfile {
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
        let mut note = None;
        if request.remember {
            if let (false, Some(password)) = (guest, &request.password)
                && let Err(e) = crate::secrets::remember(&request.server, &request.handle, password)
            {
                note = Some(e);
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
        note
    }

    /// The server refused the login: a remembered password for it is
    /// forgotten (it would fail again at every start). True if one was.
    pub fn login_refused(&mut self, server: &str) -> bool {
        if self.config_dir.is_none() {
            return false;
        }
        let Some(profile) = self
            .settings
            .servers
            .iter_mut()
            .find(|p| p.address == server && !p.is_guest() && p.remember_password)
        else {
            return false;
        };
        crate::secrets::forget(server, &profile.handle);
        profile.remember_password = false;
        true
    }

    /// The server does not speak timeseal: its profile says so from now on.
    pub fn without_timeseal(&mut self, server: &str) {
        if let Some(profile) = self
            .settings
            .servers
            .iter_mut()
            .find(|p| p.address == server)
        {
            profile.timeseal = false;
        }
    }
}
