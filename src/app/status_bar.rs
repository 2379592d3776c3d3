//! The top bar: connection status, quick settings, dialogs. It wraps onto
//! a second line rather than push a button off the window, and the status
//! text is shortened to fit (the whole text on hover).

use crate::config::PlaySettings;
use crate::net::Status;

/// What the bar shows and switches.
pub struct TopBar<'a> {
    pub status: Option<&'a Status>,
    /// A session exists (maybe over).
    pub session: bool,
    pub server: &'a str,
    pub play: &'a mut PlaySettings,
    pub recording: bool,
    pub lobby_open: &'a mut bool,
    pub free_tiling: bool,
    pub seek_open: &'a mut bool,
    pub match_open: &'a mut bool,
    pub settings_open: &'a mut bool,
}

/// What the user asked of the bar beyond its switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarAction {
    Record(bool),
    FreeTiling(bool),
    LogOut,
    /// The session is over: back to the connect form.
    Connect,
}

/// The bar; `rest` draws the end of it (the live region).
pub fn top_bar_ui(
    ui: &mut egui::Ui,
    bar: TopBar<'_>,
    rest: impl FnOnce(&mut egui::Ui),
) -> Vec<BarAction> {
    let mut actions = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.strong("Kibitz");
        let server = bar.server;
        let text = match bar.status {
            None if !bar.session => "not connected".to_owned(),
            None => "starting…".to_owned(),
            Some(Status::Connecting { attempt }) if *attempt > 1 => {
                format!("connecting (attempt {attempt})…")
            }
            Some(Status::Connecting { .. }) => format!("connecting to {server}…"),
            Some(Status::Connected) => format!("connected to {server}"),
            Some(Status::LoggedIn { handle }) => {
                format!("logged in as {handle} on {server}")
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
        ui.checkbox(&mut bar.play.auto_queen, "Auto-queen");
        ui.checkbox(&mut bar.play.premove, "Premove");
        ui.checkbox(&mut bar.play.auto_flag, "Auto-flag");
        let mut recording = bar.recording;
        if ui
            .checkbox(&mut recording, "Record session")
            .on_hover_text("Save the raw server session for a bug report (never your password)")
            .changed()
        {
            actions.push(BarAction::Record(recording));
        }
        ui.checkbox(bar.lobby_open, "Lobby");
        let mut free_tiling = bar.free_tiling;
        if ui
            .checkbox(&mut free_tiling, "Free tiling")
            .on_hover_text("Drag a panel's handle to split or tab; off: an automatic grid")
            .changed()
        {
            actions.push(BarAction::FreeTiling(free_tiling));
        }
        if ui.button("Seek…").clicked() {
            *bar.seek_open = true;
        }
        if ui.button("Match…").clicked() {
            *bar.match_open = true;
        }
        if ui.button("Settings…").clicked() {
            *bar.settings_open = !*bar.settings_open;
        }
        let connected = bar.session && !matches!(bar.status, Some(Status::Stopped { .. }));
        if connected && ui.button("Log out").clicked() {
            actions.push(BarAction::LogOut);
        }
        if !connected && bar.session && ui.button("Connect…").clicked() {
            actions.push(BarAction::Connect);
        }
        // The rest of the row, whatever its width, and never a row of its
        // own: an announcement that wrapped ("Checkmate", an offer) made
        // the bar a line taller, and the board moved under the pointer.
        // A rectangle of its own, so the layout never decides to wrap it.
        let start = ui.cursor().min + egui::vec2(ui.spacing().item_spacing.x, 0.0);
        let width = (ui.max_rect().right() - start.x).max(1.0);
        let place = egui::Rect::from_min_size(start, egui::vec2(width, height));
        ui.scope_builder(
            egui::UiBuilder::new()
                .max_rect(place)
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
            rest,
        );
    });
    actions
}
