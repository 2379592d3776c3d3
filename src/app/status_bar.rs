//! The top bar: connection status, quick settings, dialogs. It wraps onto
//! a second line rather than push a button off the window, and the status
//! text is shortened to fit (the whole text on hover).

use super::KibitzApp;
use crate::net::Status;

impl KibitzApp {
    pub(super) fn status_bar_ui(&mut self, ui: &mut egui::Ui) {
        ui.horizontal_wrapped(|ui| {
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
            // At most a third of the bar, and never wider than what is left.
            let width = (ui.available_width() - 8.0)
                .min(ui.max_rect().width() / 3.0)
                .max(60.0);
            let height = ui.spacing().interact_size.y;
            ui.allocate_ui(egui::vec2(width, height), |ui| {
                ui.add(egui::Label::new(&text).truncate())
                    .on_hover_text(&text);
            });
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
                self.connect.open = true;
            }
            self.announcement_ui(ui);
        });
    }
}
