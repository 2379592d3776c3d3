//! The top bar: connection status, quick settings, dialogs. It wraps onto
//! a second line rather than push a button off the window, and the status
//! text is shortened to fit (the whole text on hover).

use crate::config::PlaySettings;
use crate::net::Status;

/// The status text's place with its Log out or Connect… button, in
/// points: "logged in as KibUser on freechess.org:5000" fits; a longer
/// one is shortened.
const STATUS_WIDTH: f32 = 340.0;
/// The least it gets ("not connected" and its button; a narrower window
/// wraps the bar).
const MIN_STATUS_WIDTH: f32 = 190.0;
/// What the announcements at the bar's end keep, where the window allows.
const MIN_ANNOUNCEMENT_WIDTH: f32 = 120.0;

/// What the bar shows and switches.
pub struct TopBar<'a> {
    pub status: Option<&'a Status>,
    /// The link is in doubt: "no answer from the server for 14 s".
    pub quiet: Option<String>,
    /// A session exists (maybe over).
    pub session: bool,
    /// The connect form is on screen: Connect… would lead where the user
    /// already is.
    pub form_shown: bool,
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
        let in_doubt = bar.quiet.is_some() && matches!(bar.status, Some(Status::LoggedIn { .. }));
        let text = match bar.status {
            Some(Status::LoggedIn { .. }) if bar.quiet.is_some() => {
                bar.quiet.clone().unwrap_or_default()
            }
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
        // A place of one width whatever it says ("not connected", "logged
        // in as ... on ..."), with Log out or Connect… at its end: the
        // switches and buttons after it stayed put no more. The text
        // shortened to fit, whole on hover.
        // What the switches and buttons after it take (measured the frame
        // before: the same every frame) is left to them, so that the bar
        // stays one line where it can.
        let rest_id = ui.scope_id().with("bar after the status");
        let after = ui.data(|d| d.get_temp::<f32>(rest_id)).unwrap_or(730.0);
        let left = ui.max_rect().right() - ui.cursor().min.x;
        // What is spare, less a place for the announcements at the bar's
        // end.
        let spare = left - after - 3.0 * ui.spacing().item_spacing.x;
        let width = (spare - MIN_ANNOUNCEMENT_WIDTH).clamp(MIN_STATUS_WIDTH, STATUS_WIDTH);
        let height = ui.spacing().interact_size.y;
        let connected = bar.session && !matches!(bar.status, Some(Status::Stopped { .. }));
        ui.allocate_ui_with_layout(
            egui::vec2(width, height),
            egui::Layout::right_to_left(egui::Align::Center),
            |ui| {
                ui.set_min_width(width);
                // Also before any session: a game pasted or opened hides
                // the connect form, and this is the way back to it.
                if connected {
                    if ui.button("Log out").clicked() {
                        actions.push(BarAction::LogOut);
                    }
                } else if !bar.form_shown && ui.button("Connect…").clicked() {
                    actions.push(BarAction::Connect);
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    // Shortened, the label shows the whole text on hover
                    // by itself (a tooltip of ours showed it twice);
                    // the screen reader hears it whole.
                    let mut words = egui::RichText::new(&text);
                    if in_doubt {
                        words = words.color(ui.visuals().warn_fg_color).strong();
                    }
                    ui.add(egui::Label::new(words).truncate())
                        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
                });
            },
        );
        // The switches and buttons, each measured: their natural width,
        // for the next frame's status width (they wrap where the window is
        // narrower).
        let mut natural = 0.0;
        let gap = ui.spacing().item_spacing.x;
        let mut measured = |response: egui::Response| {
            natural += response.rect.width() + gap;
            response
        };
        measured(ui.separator());
        measured(ui.checkbox(&mut bar.play.auto_queen, "Auto-queen"));
        measured(ui.checkbox(&mut bar.play.premove, "Premove"));
        measured(ui.checkbox(&mut bar.play.auto_flag, "Auto-flag"));
        let mut recording = bar.recording;
        if measured(ui.checkbox(&mut recording, "Record session"))
            .on_hover_text("Save the raw server session for a bug report (never your password)")
            .changed()
        {
            actions.push(BarAction::Record(recording));
        }
        measured(ui.checkbox(bar.lobby_open, "Lobby"));
        let mut free_tiling = bar.free_tiling;
        if measured(ui.checkbox(&mut free_tiling, "Free tiling"))
            .on_hover_text("Drag a panel's handle to split or tab; off: an automatic grid")
            .changed()
        {
            actions.push(BarAction::FreeTiling(free_tiling));
        }
        if measured(ui.button("Seek…")).clicked() {
            *bar.seek_open = true;
        }
        if measured(ui.button("Match…")).clicked() {
            *bar.match_open = true;
        }
        if measured(ui.button("Settings…")).clicked() {
            *bar.settings_open = !*bar.settings_open;
        }
        ui.data_mut(|d| d.insert_temp(rest_id, natural));
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
