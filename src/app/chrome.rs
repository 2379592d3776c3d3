//! The chrome: the connect form, the top bar with its live region for
//! screen readers, and the window (its title, its fit to the screen, light
//! or dark). The lobby, the card, the news, the library, the console and
//! the windows over the boards are parts of their own.

use crate::config::{ServerProfile, Settings};
use crate::game::{Effect, Game};
use crate::lobby::server::ServerFamily;
use crate::protocol::event::Event;
use crate::ui::dialogs::connect::{ConnectForm, ConnectRequest, connect_form_ui};

use super::announce::Announcement;
use super::link_doubt::LinkDoubt;
use super::part::{Cx, Part};
use super::status_bar::{BarAction, TopBar, top_bar_ui};
use super::title::window_title;
use super::want::Want;

pub struct Chrome {
    connect: ConnectForm,
    /// The screen reader's live region (`app/announce.rs`).
    announcement: Announcement,
    /// The window title last sent (sent again only when it changes).
    title: String,
    /// The window was checked against the screen's size (once).
    fitted: bool,
    /// Which FICS the server is (the variants the dialogs offer).
    server: ServerFamily,
    /// The server silent even to the session's question.
    link: LinkDoubt,
}

impl Default for Chrome {
    fn default() -> Self {
        Chrome {
            connect: ConnectForm::default(),
            announcement: Announcement::default(),
            server: ServerFamily::Unknown,
            title: "Kibitz".to_owned(),
            fitted: false,
            link: LinkDoubt::default(),
        }
    }
}

/// What the top bar reads of the other parts (and the settings it switches).
pub struct BarState<'a> {
    pub status: Option<&'a crate::net::Status>,
    /// The link is in doubt: its words.
    pub quiet: Option<String>,
    pub session: bool,
    /// No board is open (the connect form shows instead, without a
    /// session).
    pub no_games: bool,
    pub server: &'a str,
    pub settings: &'a mut Settings,
    /// The lobby's switch.
    pub lobby_open: &'a mut bool,
    pub recording: bool,
    pub free_tiling: bool,
    /// The windows' switches (Seek…, Match…, Settings…).
    pub windows: super::windows::WindowSwitches<'a>,
}

impl Chrome {
    pub fn connect_form(&self) -> &ConnectForm {
        &self.connect
    }

    /// Which FICS family the server is, as far as it has said.
    pub fn server_family(&self) -> ServerFamily {
        self.server
    }

    /// Puts `text` in the screen reader's live region.
    pub fn say(&mut self, text: String) {
        self.announcement.say(text);
    }

    /// A session begins; the connect form shows this login if it comes
    /// back (a refused password).
    pub fn connecting(&mut self, request: &ConnectRequest) {
        let guest = request.handle.eq_ignore_ascii_case("guest");
        self.connect.server = request.server.clone();
        self.server = ServerFamily::of_address(&request.server);
        self.connect.guest = guest;
        if !guest {
            self.connect.handle = request.handle.clone();
        }
        self.connect.timeseal = request.timeseal;
        self.connect.remember = request.remember;
    }

    /// The connect form for a profile (at start).
    pub fn connect_with(&mut self, profile: &ServerProfile) {
        self.connect = ConnectForm::from_profile(profile);
    }

    /// The login was refused: the form comes back, saying why (and that the
    /// password is no longer remembered, if it was).
    pub fn login_failed(&mut self, reason: &str) {
        self.connect.error = Some(format!("Login failed: {reason}"));
        self.connect.open = true;
    }

    /// The refused login's remembered password was forgotten: the form's
    /// box says so.
    pub fn password_forgotten(&mut self) {
        self.connect.remember = false;
    }

    /// The connection is gone: what the top bar last said of the session
    /// no longer holds.
    pub fn connection_lost(&mut self) {
        self.announcement.clear();
        self.link.set(None);
    }

    /// The link in doubt, in words ("no answer from the server for 14 s").
    pub fn link_words(&self, now: crate::game::Now) -> Option<String> {
        self.link.words(now)
    }

    /// The login failed and the form says why: a stop needs no note.
    pub fn login_refused(&self) -> bool {
        self.connect.error.is_some()
    }

    /// The server does not speak timeseal (the network thread reconnects
    /// without it).
    pub fn without_timeseal(&mut self) {
        self.connect.timeseal = false;
    }

    /// Back to the connect form (the session is over).
    pub fn open_connect_form(&mut self) {
        self.connect.open = true;
    }

    /// The connect form, when it is to be shown instead of the boards: the
    /// login it asks for.
    pub fn connect_form_ui(
        &mut self,
        ui: &mut egui::Ui,
        profiles: &[ServerProfile],
        games: bool,
    ) -> Option<ConnectRequest> {
        connect_form_ui(ui, &mut self.connect, profiles, games)
    }

    /// "Play the computer…" was pressed on the form (once).
    pub fn take_play_computer(&mut self) -> bool {
        std::mem::take(&mut self.connect.play_computer)
    }

    /// Whether the form replaces the boards (no session, and no games or
    /// the user asked for it).
    pub fn connect_form_wanted(&self, no_games: bool) -> bool {
        no_games || self.connect.open
    }

    /// The top bar.
    fn top_bar_ui(&mut self, ui: &mut egui::Ui, state: BarState<'_>) -> Vec<BarAction> {
        let bar = TopBar {
            status: state.status,
            quiet: state.quiet,
            session: state.session,
            form_shown: !state.session && self.connect_form_wanted(state.no_games),
            server: state.server,
            play: &mut state.settings.play,
            recording: state.recording,
            lobby_open: state.lobby_open,
            free_tiling: state.free_tiling,
            seek_open: state.windows.seek_open,
            match_open: state.windows.match_open,
            settings_open: state.windows.settings_open,
        };
        let announcement = &mut self.announcement;
        top_bar_ui(ui, bar, |ui| announcement.ui(ui))
    }

    /// The newest announcement as the focused widget's description, where
    /// that is how the screen reader hears it (see `Announcement`); after
    /// everything is drawn.
    pub fn describe_focused(&self, ctx: &egui::Context) {
        self.announcement.describe_focused(ctx);
    }

    /// The top bar across the window (`side`: its frame), the windows'
    /// look as the settings say; what it wants done.
    pub fn top_panel_ui(
        &mut self,
        ui: &mut egui::Ui,
        side: egui::Frame,
        bar: BarState<'_>,
    ) -> Vec<Want> {
        // Light or dark windows, as the settings say (set when it changes).
        let wanted = match bar.settings.appearance {
            crate::config::Appearance::System => egui::ThemePreference::System,
            crate::config::Appearance::Light => egui::ThemePreference::Light,
            crate::config::Appearance::Dark => egui::ThemePreference::Dark,
        };
        crate::ui::theme::install_visuals(ui.ctx());
        if ui.ctx().options(|o| o.theme_preference) != wanted {
            ui.ctx().set_theme(wanted);
        }
        let mut actions = Vec::new();
        egui::Panel::top("status").frame(side).show(ui, |ui| {
            actions = self.top_bar_ui(ui, bar);
        });
        let want = |action| match action {
            BarAction::Record(on) => Want::Record(on),
            BarAction::FreeTiling(on) => Want::FreeTiling(on),
            BarAction::LogOut => Want::LogOut,
            BarAction::Connect => Want::Connect,
        };
        actions.into_iter().map(want).collect()
    }

    /// Once, as soon as the screen's size is known: a window taller or
    /// wider than the screen (the first window is 1180x820; a 1366x768
    /// laptop cut off its command line) is made to fit, 48 px to spare
    /// for the desktop's panels.
    pub fn fit_to_screen(&mut self, ctx: &egui::Context) {
        if self.fitted {
            return;
        }
        let (monitor, inner) = ctx.input(|i| (i.viewport().monitor_size, i.viewport().inner_rect));
        let (Some(monitor), Some(inner)) = (monitor, inner) else {
            return;
        };
        self.fitted = true;
        let room = monitor - egui::vec2(16.0, 48.0);
        if inner.width() > room.x || inner.height() > room.y {
            let size = inner.size().min(room);
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
            ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(egui::pos2(8.0, 8.0)));
        }
    }

    /// Who, where and whose move, in the window's title.
    pub fn update_title(
        &mut self,
        ctx: &egui::Context,
        me: Option<&str>,
        server: &str,
        own: Option<&Game>,
    ) {
        let title = window_title(me, server, own);
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}

/// The chrome hears what says which server it is and how the login went.
impl Part for Chrome {
    fn on_event(&mut self, cx: &Cx<'_>, event: &Event, _effects: &[Effect]) -> Vec<Want> {
        self.server.apply(event);
        match event {
            Event::LoginFailed { reason } => {
                self.login_failed(reason);
                vec![Want::LoginRefused]
            }
            Event::LoggedIn { .. } => vec![Want::SessionReady],
            Event::LinkQuiet { heard_at } => {
                self.link.set(Some(*heard_at));
                vec![Want::Say("No answer from the server".to_owned())]
            }
            Event::LinkHeard => {
                self.link.set(None);
                Vec::new()
            }
            Event::TimesealRefused { .. } => {
                let server = cx.session.server();
                self.without_timeseal();
                vec![
                    Want::Note(format!(
                        "{server} does not speak timeseal: reconnecting without it (remembered for this server)"
                    )),
                    Want::WithoutTimeseal(server.to_owned()),
                ]
            }
            _ => Vec::new(),
        }
    }

    /// While the link is in doubt, its words tick every second.
    fn next_frame(&self, cx: &Cx<'_>) -> Option<crate::game::Now> {
        self.link.next_frame(cx.now)
    }
}
