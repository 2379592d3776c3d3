//! The chrome: what is around the boards but the console and the windows
//! over them (`console_panel.rs`, `windows.rs`): the lobby, the connect
//! form, the top bar with its live region for screen readers, the player
//! card, and the window's title.

use crate::config::{ServerProfile, Settings};
use crate::game::{Game, Now};
use crate::lobby::card::Profile;
use crate::lobby::friends::Notice;
use crate::lobby::server::ServerFamily;
use crate::protocol::adjourned::AdjournedLine;
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::notice::{FollowNews, Notice as ServerNotice};
use crate::protocol::partnership::Partnership;
use crate::protocol::reply::Answer;
use crate::protocol::words::is_guest;
use crate::ui::connect::{ConnectForm, ConnectRequest, connect_form_ui};
use crate::ui::friends::{NoticeAction, notice_ui};
use crate::ui::lobby::{Lobby, lobby_ui};
use crate::ui::my_games::MyGamesAction;

use super::announce::Announcement;
use super::asked::Asker;
use super::status_bar::{BarAction, TopBar, top_bar_ui};
use super::title::window_title;
use super::want::Want;

mod my_games;
mod part;
mod people;
use super::want::review;

pub struct Chrome {
    lobby: Lobby,
    lobby_open: bool,
    /// The user's games as an opening tree, for the review boards.
    opening_tree: super::opening_tree_loading::OpeningTreeLoading,
    /// My games' list of collections changed: the settings take it.
    collections_changed: bool,
    connect: ConnectForm,
    /// The screen reader's live region (`app/announce.rs`).
    announcement: Announcement,
    /// The window title last sent (sent again only when it changes).
    title: String,
    /// The window was checked against the screen's size (once).
    fitted: bool,
    /// The player card shown beside the boards, if any.
    profile: Option<Profile>,
    /// News of a friend (arrived, left, started a game) above the boards.
    notice: Option<Notice>,
    /// Which FICS the server is (the variants the dialogs offer).
    server: ServerFamily,
    /// My games being read off the UI thread.
    archive: super::archive_loading::ArchiveLoading,
    /// "Fill the wall": its state between frames.
    wall: super::wall::Wall,
}

impl Default for Chrome {
    fn default() -> Self {
        Chrome {
            lobby: Lobby::default(),
            lobby_open: true,
            opening_tree: Default::default(),
            collections_changed: false,
            connect: ConnectForm::default(),
            announcement: Announcement::default(),
            server: ServerFamily::Unknown,
            title: "Kibitz".to_owned(),
            fitted: false,
            profile: None,
            notice: None,
            archive: Default::default(),
            wall: Default::default(),
        }
    }
}

/// What the top bar reads of the other parts (and the settings it switches).
pub struct BarState<'a> {
    pub status: Option<&'a crate::net::Status>,
    pub session: bool,
    /// No board is open (the connect form shows instead, without a
    /// session).
    pub no_games: bool,
    pub server: &'a str,
    pub settings: &'a mut Settings,
    pub recording: bool,
    pub free_tiling: bool,
    /// The windows' switches (Seek…, Match…, Settings…).
    pub windows: super::windows::WindowSwitches<'a>,
}

impl Chrome {
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    pub fn lobby_mut(&mut self) -> &mut Lobby {
        &mut self.lobby
    }

    pub fn connect_form(&self) -> &ConnectForm {
        &self.connect
    }

    /// Which FICS family the server is, as far as it has said.
    pub fn server_family(&self) -> ServerFamily {
        self.server
    }

    pub fn lobby_open(&self) -> bool {
        self.lobby_open
    }

    pub fn set_lobby_open(&mut self, open: bool) {
        self.lobby_open = open;
    }

    /// The lobby's lists are wanted: the lobby is open, or the wall waits
    /// for its games list.
    pub fn lobby_lists_wanted(&self) -> bool {
        self.lobby_open || self.lobby.wall.on
    }

    /// An event for the console, the lobby's seek stream, the players'
    /// arrivals and departures, the friends' changes. (The lines of replies
    /// to Kibitz's own requests are not text: the console never sees them.)
    /// Messages left while the user was away are asked for, into their
    /// senders' tabs.
    pub fn apply(&mut self, event: &Event) -> Vec<Want> {
        self.server.apply(event);
        self.lobby.players.apply(event);
        self.lobby.friends.apply(event);
        self.lobby.lists.apply(event);
        self.tell(event);
        Vec::new()
    }

    /// News told above the boards and to the screen reader: a friend came
    /// or left or started a game, an adjourned game's opponent is online, a
    /// bughouse partnership formed or ended.
    fn tell(&mut self, event: &Event) {
        match event {
            Event::Presence(presence) if presence.notify => {
                let what = if presence.arrived { "arrived" } else { "left" };
                self.tell_friend(format!("{} {what}", presence.handle), None);
            }
            Event::GameNotification(n) => {
                let text = format!(
                    "{} vs. {} started game {} ({})",
                    n.white, n.black, n.game, n.description
                );
                self.tell_friend(text, Some(n.game));
            }
            Event::Adjourned(AdjournedLine::OpponentsOnline { names, .. }) => {
                self.tell_adjourned(names, false);
            }
            Event::Adjourned(AdjournedLine::OpponentArrived { handle }) => {
                self.tell_adjourned(std::slice::from_ref(handle), true);
            }
            Event::Partnership(Partnership::Formed { partner }) => {
                self.say(format!("{partner} is your bughouse partner"));
            }
            Event::Partnership(Partnership::Ended { text }) => self.say(text.clone()),
            Event::Notice(ServerNotice::Following { handle, news }) => {
                self.say(match news {
                    // Its board comes: the server observes it for us.
                    FollowNews::StartedGame { opponent, partner } => match partner {
                        Some(partner) => format!(
                            "Following {handle}: partner {partner} started a game with {opponent}"
                        ),
                        None => format!("Following {handle}: started a game with {opponent}"),
                    },
                    FollowNews::StartedExamining => {
                        format!("Following {handle}: started examining a game")
                    }
                    FollowNews::LoggedOut => format!("{handle}, whom you followed, logged out"),
                });
            }
            _ => {}
        }
    }

    /// The reply to a request of the lobby's, the players list's, the
    /// friends' or the card's.
    pub fn answer(&mut self, asker: &Asker, answer: &Answer) {
        match (asker, answer) {
            (Asker::Games, Answer::Games { entries, .. }) => self.lobby.lists.set_games(entries),
            (Asker::Seeks, Answer::Sought(seeks)) => self.lobby.lists.add_seeks(seeks),
            (Asker::Players(category), Answer::Who(entries)) => {
                self.lobby.players.answered(*category, entries);
            }
            // Not a listing after all: asked again when due.
            (Asker::Players(category), _) => self.lobby.players.unanswered(*category),
            (Asker::Friends, Answer::NotifyList(names)) => self.lobby.friends.set_list(names),
            (Asker::Card(handle), answer) => {
                if let Some(profile) = &mut self.profile
                    && profile.handle.eq_ignore_ascii_case(handle)
                {
                    profile.answer(answer);
                }
            }
            _ => {}
        }
    }

    /// Puts `text` in the screen reader's live region.
    pub fn say(&mut self, text: String) {
        self.announcement.say(text);
    }

    /// A session begins; the connect form shows this login if it comes
    /// back (a refused password).
    pub fn connecting(&mut self, request: &ConnectRequest) {
        // A new session starts clean: the last one's lists, players and
        // friends were another server's or user's.
        self.lobby.lists = Default::default();
        self.lobby.players.new_session();
        self.lobby.friends = Default::default();
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
        // Offline too, My games knows the user's own games.
        if !profile.is_guest() {
            self.lobby.my_games.me = Some(profile.handle.clone());
        }
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

    /// The user unobserved or closed an observed game: `Wall::dismissed`,
    /// with the wall's switch, which is the lobby's.
    pub fn dismissed(
        &mut self,
        game: u32,
        players: (String, String),
        closed: bool,
        now: Now,
    ) -> bool {
        let on = self.lobby.wall.on;
        self.wall.dismissed(game, players, closed, now, on)
    }

    /// A new session: the wall's plans were the last one's.
    pub fn new_wall(&mut self) {
        self.wall = Default::default();
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

    /// The user's games as an opening tree, once built.
    pub fn opening_tree(&self) -> Option<&crate::archive::tree::OpeningTree> {
        self.opening_tree.tree()
    }

    /// Whether the form replaces the boards (no session, and no games or
    /// the user asked for it).
    pub fn connect_form_wanted(&self, no_games: bool) -> bool {
        no_games || self.connect.open
    }

    /// The top bar.
    pub fn top_bar_ui(&mut self, ui: &mut egui::Ui, state: BarState<'_>) -> Vec<BarAction> {
        let bar = TopBar {
            status: state.status,
            session: state.session,
            form_shown: !state.session && self.connect_form_wanted(state.no_games),
            server: state.server,
            play: &mut state.settings.play,
            recording: state.recording,
            lobby_open: &mut self.lobby_open,
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

    /// The panels around the boards: the top bar, the console (drawn by
    /// `console`, the console's part: under the top bar, across the
    /// window), the lobby and the player card (`side`: their frame); what
    /// they want done.
    pub fn side_panels_ui(
        &mut self,
        ui: &mut egui::Ui,
        side: egui::Frame,
        bar: BarState<'_>,
        me: Option<&str>,
        console: impl FnOnce(&mut egui::Ui) -> Vec<Want>,
    ) -> Vec<Want> {
        let mut wants = Vec::new();
        // My games' collections: a change made there goes to the settings
        // (and My games is read again), else the settings' list is shown.
        let collections = &mut self.lobby.my_games.collections;
        if std::mem::take(&mut self.collections_changed) {
            bar.settings.collections.clone_from(collections);
            wants.push(Want::ReloadMyGames);
        } else if *collections != bar.settings.collections {
            collections.clone_from(&bar.settings.collections);
        }
        // The opening tree follows the archive's list (not a file's).
        let my_games = &self.lobby.my_games;
        if my_games.file.is_none() && my_games.loaded {
            let (generation, me) = (my_games.generation, my_games.me.as_deref());
            self.opening_tree.keep_up(&my_games.games, generation, me);
        }
        if self.opening_tree.building() {
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
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
        egui::Panel::top("status").frame(side).show(ui, |ui| {
            wants.extend(
                self.top_bar_ui(ui, bar)
                    .into_iter()
                    .map(|action| match action {
                        BarAction::Record(on) => Want::Record(on),
                        BarAction::FreeTiling(on) => Want::FreeTiling(on),
                        BarAction::LogOut => Want::LogOut,
                        BarAction::Connect => Want::Connect,
                    }),
            );
        });
        wants.extend(console(ui));
        if self.lobby_open {
            egui::Panel::left("lobby")
                .frame(side)
                .resizable(true)
                .default_size(330.0)
                .show(ui, |ui| {
                    // My games as the reading off the UI thread stands.
                    if let Some(games) = self.archive.poll() {
                        self.set_my_games(games);
                    }
                    self.lobby.my_games.progress = self.archive.progress();
                    if self.lobby.my_games.progress.is_some() {
                        ui.ctx()
                            .request_repaint_after(std::time::Duration::from_millis(100));
                    }
                    // The lobby keeps its width unless the user drags its
                    // edge: a wider row (the user's own game entering the
                    // games list) pushed it, and the boards, 40 px right
                    // mid-game. What is wider is cut at its edge.
                    let place = ui.available_rect_before_wrap();
                    let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(place));
                    inner.set_clip_rect(place.intersect(ui.clip_rect()));
                    let (commands, card, my_games, challenge) = self.lobby_ui(&mut inner, me);
                    ui.advance_cursor_after_rect(place);
                    wants.extend(commands.into_iter().map(lobby_want));
                    wants.extend(card.map(Want::OpenCard));
                    wants.extend(challenge.map(Want::Challenge));
                    wants.extend(my_games.map(|action| match action {
                        MyGamesAction::Reload => Want::ReloadMyGames,
                        MyGamesAction::SetUp => Want::SetUp(None),
                        MyGamesAction::OpenFile => Want::PickFile,
                        MyGamesAction::Open(game) => review(&game, "that game".to_owned()),
                        // The settings take the new list at the next frame.
                        MyGamesAction::AddCollection(kept) => {
                            let collections = &mut self.lobby.my_games.collections;
                            collections.retain(|c| c.path != kept.path);
                            collections.push(kept);
                            self.collections_changed = true;
                            ui.ctx().request_repaint();
                            Want::Say("Kept in My games".to_owned())
                        }
                        MyGamesAction::RemoveCollection(path) => {
                            let collections = &mut self.lobby.my_games.collections;
                            collections.retain(|c| c.path != path);
                            self.collections_changed = true;
                            ui.ctx().request_repaint();
                            Want::Say("Removed from My games; the file stays".to_owned())
                        }
                    }));
                });
        }
        if self.profile.is_some() {
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
                            wants.extend(self.profile_ui(ui, me));
                        });
                });
        }
        wants
    }

    /// The lobby: the commands its buttons give, a player whose card to
    /// open, what the My games tab asks for, a player to challenge (from
    /// the Players tab: the Match dialog opens for them).
    pub fn lobby_ui(
        &mut self,
        ui: &mut egui::Ui,
        me: Option<&str>,
    ) -> (
        Vec<Command>,
        Option<String>,
        Option<MyGamesAction>,
        Option<String>,
    ) {
        let out = lobby_ui(ui, &mut self.lobby, me);
        for command in &out.commands {
            if let Command::Play(index) = command {
                self.lobby.lists.playing(*index);
            }
        }
        (out.commands, out.profile, out.my_games, out.challenge)
    }

    /// Logged in: the lobby's seeks are there from the start (then kept
    /// live by the seek stream; the games list follows with the wall's
    /// turn), the players (kept live by arrivals and departures) and the
    /// friends (guests, `(U)`, have no notify list: the server refuses one).
    pub fn logged_in(&mut self, handle: &str, titles: &[String], now: Now) -> Vec<Want> {
        // My games tells the user's own games by this handle.
        if !is_guest(handle, titles) {
            self.lobby.my_games.me = Some(handle.to_owned());
        }
        // The user's channels open their tabs (the console reads the list
        // as it passes).
        let mut wants = vec![
            Want::Ask(Asker::Seeks, Command::Sought),
            Want::Ask(Asker::Nobody, Command::Channels(None)),
        ];
        wants.extend(self.ask_players(now));
        if !is_guest(handle, titles) {
            let list = Command::Notify(crate::protocol::command::ListOp::Show);
            wants.push(Want::Ask(Asker::Friends, list));
        }
        wants
    }

    /// Tells of a friend: the notice above the boards and the live region.
    pub fn tell_friend(&mut self, text: String, game: Option<u32>) {
        self.announcement.say(text.clone());
        self.notice = Some(Notice::with_game(text, game));
    }

    /// Opponents of our adjourned games are online: a notice with a
    /// Resume for each (at most three: the rest are named).
    pub fn tell_adjourned(&mut self, opponents: &[String], arrived: bool) {
        let Some(first) = opponents.first() else {
            return;
        };
        let text = if arrived {
            format!("{first} arrived: you have an adjourned game")
        } else if opponents.len() == 1 {
            format!("You have an adjourned game with {first}, who is online")
        } else {
            format!(
                "You have adjourned games with {}, who are online",
                opponents.join(", ")
            )
        };
        self.announcement.say(text.clone());
        let buttons = opponents
            .iter()
            .take(3)
            .map(|handle| {
                (
                    format!("Resume against {handle}"),
                    Command::Resume(handle.clone()),
                )
            })
            .collect();
        self.notice = Some(Notice { text, buttons });
    }

    /// The friend notice above the boards: Observe gives its command.
    pub fn notice_ui(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        let notice = self.notice.as_ref()?;
        match notice_ui(ui, notice)? {
            NoticeAction::Send(command) => {
                self.notice = None;
                Some(command)
            }
            NoticeAction::Dismiss => {
                self.notice = None;
                None
            }
        }
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

/// A lobby button's command: its lists' Refresh asks for the list the
/// lobby reads (the reply fills the list, not the console).
fn lobby_want(command: Command) -> Want {
    match command {
        Command::Games => Want::Ask(Asker::Games, command),
        Command::Sought => Want::Ask(Asker::Seeks, command),
        command => Want::Send(command),
    }
}
