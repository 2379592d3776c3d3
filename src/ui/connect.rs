//! The connect form: server, guest or handle and password, timeseal.

use crate::app::ConnectRequest;
use crate::protocol::command::Secret;

#[derive(Debug, Clone)]
pub struct ConnectForm {
    pub server: String,
    pub guest: bool,
    pub handle: String,
    pub password: String,
    pub timeseal: bool,
    /// Remember this login (the password in the OS keyring) and log in at start.
    pub remember: bool,
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
            timeseal: true,
            remember: false,
        }
    }
}

/// Draws the form; returns a request when the user presses Connect.
pub fn connect_form_ui(ui: &mut egui::Ui, form: &mut ConnectForm) -> Option<ConnectRequest> {
    let mut request = None;
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.heading("Connect to a chess server");
        ui.add_space(12.0);
        egui::Grid::new("connect form")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Server");
                ui.text_edit_singleline(&mut form.server)
                    .labelled_by(label.id);
                ui.end_row();
                ui.label("");
                ui.checkbox(&mut form.guest, "Log in as a guest");
                ui.end_row();
                if !form.guest {
                    let label = ui.label("Handle");
                    ui.text_edit_singleline(&mut form.handle)
                        .labelled_by(label.id);
                    ui.end_row();
                    let label = ui.label("Password");
                    ui.add(egui::TextEdit::singleline(&mut form.password).password(true))
                        .labelled_by(label.id);
                    ui.end_row();
                }
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
        if ui
            .add_enabled(ready, egui::Button::new("Connect"))
            .clicked()
        {
            let handle = if form.guest {
                "guest".to_owned()
            } else {
                form.handle.trim().to_owned()
            };
            let password = (!form.guest && !form.password.is_empty())
                .then(|| Secret::new(std::mem::take(&mut form.password)));
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
