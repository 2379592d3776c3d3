//! The connect form: server, guest or handle and password, timeseal.

use crate::protocol::command::Secret;

/// A login the user asked for (the form, the command line or a remembered
/// profile).
#[derive(Debug, Clone)]
pub struct ConnectRequest {
    pub server: String,
    pub handle: String,
    pub password: Option<Secret>,
    pub timeseal: bool,
    /// Save this login as the profile to use at start (password to the keyring).
    pub remember: bool,
}

#[derive(Debug, Clone)]
pub struct ConnectForm {
    pub server: String,
    pub guest: bool,
    pub handle: String,
    pub password: String,
    pub timeseal: bool,
    /// Remember this login (the password in the OS keyring) and log in at start.
    pub remember: bool,
    /// Why the last login failed, shown on the form.
    pub error: Option<String>,
    /// Shown even while game panels are open (after "Connect…" or a
    /// failed login).
    pub open: bool,
    /// "Play the computer…" was pressed (taken by the app).
    pub play_computer: bool,
}

impl ConnectForm {
    /// The form filled from a saved server profile.
    pub fn from_profile(profile: &crate::config::ServerProfile) -> Self {
        ConnectForm {
            server: profile.address.clone(),
            guest: profile.is_guest(),
            handle: profile.handle.clone(),
            password: String::new(),
            timeseal: profile.timeseal,
            remember: profile.remember_password,
            error: None,
            open: false,
            play_computer: false,
        }
    }
}

impl Default for ConnectForm {
    fn default() -> Self {
        ConnectForm {
            server: "freechess.org:5000".into(),
            guest: true,
            handle: String::new(),
            password: String::new(),
            timeseal: crate::config::timeseal_by_default("freechess.org:5000"),
            remember: false,
            error: None,
            open: false,
            play_computer: false,
        }
    }
}

/// Draws the form; returns a request when the user presses Connect.
/// `profiles` are the saved servers: editing the server address takes the
/// timeseal choice remembered for it, or the default rule. `games`: boards
/// wait behind the form (a Cancel button goes back to them).
pub fn connect_form_ui(
    ui: &mut egui::Ui,
    form: &mut ConnectForm,
    profiles: &[crate::config::ServerProfile],
    games: bool,
) -> Option<ConnectRequest> {
    let mut request = None;
    let mut entered = false;
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.heading("Connect to a chess server");
        if let Some(error) = &form.error {
            ui.add_space(8.0);
            ui.label(egui::RichText::new(error).color(ui.visuals().error_fg_color));
        }
        ui.add_space(12.0);
        egui::Grid::new("connect form")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Server");
                let server = ui
                    .text_edit_singleline(&mut form.server)
                    .labelled_by(label.id);
                // The form takes the keyboard the first time it shows with
                // nothing else focused: a screen reader starts on it, not
                // at the top bar's switches (Tab then goes to Connect).
                let first = ui.make_persistent_id("connect form focused once");
                if !ui.data(|d| d.get_temp::<bool>(first).unwrap_or(false)) {
                    ui.data_mut(|d| d.insert_temp(first, true));
                    if ui.memory(|m| m.focused().is_none()) {
                        server.request_focus();
                    }
                }
                let edited = server.changed();
                if edited {
                    let address = form.server.trim();
                    form.timeseal = profiles.iter().find(|p| p.address == address).map_or_else(
                        || crate::config::timeseal_by_default(address),
                        |p| p.timeseal,
                    );
                }
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut form.guest, "Log in as a guest");
                ui.end_row();
                // Handle and password stay in their place as a guest,
                // greyed: ticking the box moved every row below them.
                let registered = !form.guest;
                let label = ui.label("Handle");
                let handle = ui
                    .add_enabled(registered, egui::TextEdit::singleline(&mut form.handle))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label("Password");
                let password = ui
                    .add_enabled(
                        registered,
                        egui::TextEdit::singleline(&mut form.password).password(true),
                    )
                    .labelled_by(label.id);
                ui.end_row();
                // Enter in the handle or password field connects, as in
                // every login form.
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                entered = registered && enter && (handle.lost_focus() || password.lost_focus());
                ui.label("");
                ui.checkbox(
                    &mut form.timeseal,
                    "Timeseal (fair clocks on lagging connections)",
                );
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut form.remember, "Remember me and log in at start");
                ui.end_row();
            });
        ui.add_space(12.0);
        let ready = form.guest || !form.handle.trim().is_empty();
        let (clicked, cancelled) = ui
            .horizontal(|ui| {
                // Centred: the row is as wide as its buttons.
                let buttons = if games { 2.0 } else { 1.0 };
                let width = 70.0 * buttons + ui.spacing().item_spacing.x * (buttons - 1.0);
                ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
                let clicked = ui
                    .add_enabled(
                        ready,
                        egui::Button::new("Connect").min_size(egui::vec2(70.0, 0.0)),
                    )
                    .clicked();
                let cancelled = games
                    && ui
                        .add(egui::Button::new("Cancel").min_size(egui::vec2(70.0, 0.0)))
                        .on_hover_text("Back to the boards")
                        .clicked();
                (clicked, cancelled)
            })
            .inner;
        if cancelled {
            form.open = false;
        }
        // No server needed for this one.
        ui.add_space(20.0);
        ui.vertical_centered(|ui| {
            ui.weak("or, with no server:");
            if ui
                .button("Play the computer…")
                .on_hover_text("Any strength, any variant, on this computer")
                .clicked()
            {
                form.play_computer = true;
            }
        });
        if clicked || (entered && ready) {
            let handle = if form.guest {
                "guest".to_owned()
            } else {
                form.handle.trim().to_owned()
            };
            let password = (!form.guest && !form.password.is_empty())
                .then(|| Secret::new(std::mem::take(&mut form.password)));
            form.error = None;
            form.open = false;
            request = Some(ConnectRequest {
                server: form.server.trim().to_owned(),
                handle,
                password,
                timeseal: form.timeseal,
                remember: form.remember,
            });
        }
    });
    request
}
