//! Connecting: remembered logins (profile in the settings, password in the
//! OS keyring) and session recordings.

use std::sync::Arc;

use super::{ConnectRequest, KibitzApp, waker_of};
use crate::archive;
use crate::net::{self, NetConfig};
use crate::protocol::session::SessionConfig;
use crate::protocol::timeseal::TimesealVersion;

impl KibitzApp {
    /// The login to make at start: the current profile, when remembered
    /// (a registered one only with its password in the keyring).
    pub(super) fn remembered_login(&mut self) -> Option<ConnectRequest> {
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
        // The form shows this login if it comes back (a refused password).
        let guest = request.handle.eq_ignore_ascii_case("guest");
        self.connect.server = request.server.clone();
        self.connect.guest = guest;
        if !guest {
            self.connect.handle = request.handle.clone();
        }
        self.connect.timeseal = request.timeseal;
        self.connect.remember = request.remember;
        let mut session = SessionConfig::new(&request.handle, request.password.clone());
        if request.timeseal {
            session.timeseal = Some(TimesealVersion::V2);
        }
        let mut config = NetConfig::new(&request.server, session);
        // The window re-observes by itself after a reconnect (`app/events.rs`):
        // it knows which games are gone by the server's answers.
        config.reobserve = false;
        if self.recording {
            config.record = self.next_recording_path();
        }
        let waker = self.waker.as_ref().map_or_else(
            || Arc::new(|_| {}) as net::Waker,
            |ctx| waker_of(ctx, &self.on_screen),
        );
        match net::task::spawn(config, waker) {
            Ok(handle) => self.attach(handle, &request.server),
            Err(e) => self
                .console
                .push_note(&format!("cannot start the network thread: {e}")),
        }
    }

    /// The server refused the login: the connect form comes back with the
    /// reason, and a remembered password that was refused is forgotten (it
    /// would fail again at every start).
    pub(super) fn login_failed(&mut self, reason: &str) {
        self.connect.error = Some(format!("Login failed: {reason}"));
        self.connect.open = true;
        if self.config_dir.is_none() {
            return;
        }
        let server = self.server.clone();
        if let Some(profile) = self
            .settings
            .servers
            .iter_mut()
            .find(|p| p.address == server && !p.is_guest() && p.remember_password)
        {
            crate::secrets::forget(&server, &profile.handle);
            profile.remember_password = false;
            self.connect.remember = false;
        }
    }

    /// The server did not take the timeseal hello; the network thread is
    /// already connecting again without it. Remember that for this server,
    /// so the next login (and the connect form) goes without at once.
    pub(super) fn without_timeseal(&mut self) {
        self.console.push_note(&format!(
            "{} does not speak timeseal: reconnecting without it (remembered for this server)",
            self.server
        ));
        self.connect.timeseal = false;
        if let Some(profile) = self
            .settings
            .servers
            .iter_mut()
            .find(|p| p.address == self.server)
        {
            profile.timeseal = false;
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
}
