//! The lobby as a part of the app: its lists (games, seeks, players,
//! friends) kept from the server's events and the replies to its requests,
//! the wall it fills, the players list asked for while its tab shows, and
//! the panel at the window's left (the My games tab is the library's).

use crate::game::{Effect, GameStore, Now};
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::reply::Answer;
use crate::protocol::words::is_guest;
use crate::ui::lobby::events::EventAction;
use crate::ui::lobby::training::{TrainingAction, training_bar_ui};
use crate::ui::lobby::{Lobby, Tab, lobby_ui};
use crate::ui::my_games::MyGamesAction;

use super::asked::Asker;
use super::event_wall::{EventWall, Watched};
use super::part::{Cx, Part};
use super::wall::{Wall, WallSwitches};
use super::want::Want;

pub struct LobbyPanel {
    lobby: Lobby,
    /// The panel is shown (the top bar's switch).
    open: bool,
    /// "Fill the wall": its state between frames.
    wall: Wall,
    /// "Watch the round": one event's games.
    event_wall: EventWall,
}

impl Default for LobbyPanel {
    fn default() -> Self {
        LobbyPanel {
            lobby: Lobby::default(),
            open: true,
            wall: Wall::default(),
            event_wall: EventWall::default(),
        }
    }
}

impl LobbyPanel {
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    pub fn lobby_mut(&mut self) -> &mut Lobby {
        &mut self.lobby
    }

    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The top bar's switch.
    pub fn open_mut(&mut self) -> &mut bool {
        &mut self.open
    }

    /// The lobby's lists are wanted: the lobby is open, or the wall waits
    /// for its games list.
    pub fn lists_wanted(&self) -> bool {
        self.open || self.lobby.wall.on
    }

    /// The lobby shows its Players tab.
    pub fn players_shown(&self) -> bool {
        self.open && self.lobby.tab == Tab::Players
    }

    /// The lobby opens at My games (a file's games were listed there).
    pub fn show_my_games(&mut self) {
        self.lobby.tab = Tab::MyGames;
        self.open = true;
    }

    /// A new session starts clean: the last one's lists, players, friends
    /// and the wall's plans were another server's or user's.
    pub fn new_session(&mut self) {
        self.lobby.lists = Default::default();
        self.lobby.players.new_session();
        self.lobby.friends = Default::default();
        self.lobby.events = Default::default();
        self.lobby.training = Default::default();
        self.wall = Wall::default();
        self.event_wall = EventWall::default();
    }

    /// The connection is gone: our own requests are not answered; the
    /// games, seeks and players listed were the server's: none is to be
    /// observed, played or challenged now (Observe did nothing after a
    /// logout; the players kept their Match buttons). The next login
    /// lists them again.
    pub fn connection_lost(&mut self) {
        self.lobby.players.new_session();
        self.lobby.lists = Default::default();
        self.lobby.events = Default::default();
        self.event_wall = EventWall::default();
        // The list goes with the connection: asked again as soon as the
        // next login allows, not at the old time's turn.
        self.wall.connection_lost();
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
        self.event_wall.dismissed(game);
        let on = self.lobby.wall.on;
        self.wall.dismissed(game, players, closed, now, on)
    }

    /// Asks for the players list: who is on (blitz ratings), then their
    /// standard and lightning ratings.
    fn ask_players(&mut self, now: Now) -> Vec<Want> {
        let ask = |category| Want::Ask(Asker::Players(category), Command::Who(category));
        let categories = crate::protocol::who::WhoCategory::ALL;
        for category in categories {
            self.lobby.players.asked(category, now);
        }
        categories.into_iter().map(ask).collect()
    }

    /// Logged in: the lobby's seeks are there from the start (then kept
    /// live by the seek stream; the games list follows with the wall's
    /// turn), the players (kept live by arrivals and departures) and the
    /// friends (guests, `(U)`, have no notify list: the server refuses one).
    fn logged_in(&mut self, handle: &str, titles: &[String], now: Now) -> Vec<Want> {
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

    /// The lobby's panel at the window's left (`side`: its frame), when it
    /// is open; `my_games` draws the My games tab. What its buttons want.
    pub fn panel_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &Cx<'_>,
        side: egui::Frame,
        library: impl FnOnce(&mut egui::Ui, crate::lobby::model::Tab) -> Option<MyGamesAction>,
    ) -> (Vec<Want>, Option<MyGamesAction>) {
        let me = cx.session.me();
        if !self.open {
            return (Vec::new(), None);
        }
        let mut out = Default::default();
        egui::Panel::left("lobby")
            .frame(side)
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| {
                // The lobby keeps its width unless the user drags its
                // edge: a wider row (the user's own game entering the
                // games list) pushed it, and the boards, 40 px right
                // mid-game. What is wider is cut at its edge.
                let place = ui.available_rect_before_wrap();
                let mut inner = ui.new_child(egui::UiBuilder::new().max_rect(place));
                inner.set_clip_rect(place.intersect(ui.clip_rect()));
                out = lobby_ui(&mut inner, &mut self.lobby, me, library);
                ui.advance_cursor_after_rect(place);
            });
        for command in &out.commands {
            if let Command::Play(index) = command {
                self.lobby.lists.playing(*index);
            }
        }
        let mut wants: Vec<Want> = out.commands.into_iter().map(lobby_want).collect();
        wants.extend(out.profile.map(Want::OpenCard));
        wants.extend(out.challenge.map(Want::Challenge));
        for action in out.events {
            wants.extend(self.event_action(cx, action));
        }
        for action in out.training {
            wants.extend(self.training_action(action));
        }
        if out.play_computer {
            wants.push(Want::OfferComputerGame {
                fen: None,
                variant: None,
            });
        }
        (wants, out.my_games)
    }

    /// The lobby's bars over the boards: the event watched, the training
    /// bot's problem.
    pub fn over_boards_ui(&mut self, ui: &mut egui::Ui, store: &GameStore) -> Vec<Want> {
        let mut wants = self.event_wall_ui(ui, store);
        wants.extend(self.training_bar_ui(ui));
        wants
    }

    /// The event wall's title bar: the event watched, and a way to stop
    /// (its boards close).
    fn event_wall_ui(&mut self, ui: &mut egui::Ui, store: &GameStore) -> Vec<Want> {
        let Some(name) = self.lobby.events.watching.clone() else {
            return Vec::new();
        };
        let mut wants = Vec::new();
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(&name).strong().size(16.0));
            if ui
                .button("Stop watching")
                .on_hover_text("Its boards close")
                .clicked()
            {
                wants = self.event_wall.stop(&mut self.lobby.events, store);
            }
            if self.event_wall.is_empty() {
                ui.weak("No game of it is going on now (asked again every minute).");
            }
        });
        wants
    }

    /// The bar over the training board: its objective and buttons.
    fn training_bar_ui(&mut self, ui: &mut egui::Ui) -> Vec<Want> {
        let Some(session) = &self.lobby.training.session else {
            return Vec::new();
        };
        let actions = training_bar_ui(ui, session);
        actions
            .into_iter()
            .flat_map(|a| self.training_action(a))
            .collect()
    }

    /// A Training click: the bot's commands, as the user's (a bot not on
    /// the server says so).
    fn training_action(&mut self, action: TrainingAction) -> Vec<Want> {
        let training = &mut self.lobby.training;
        let commands: Vec<Command> = match action {
            TrainingAction::Puzzle(puzzle) => training.start_puzzle(puzzle),
            TrainingAction::Endgame(name) => training.start_endgame(name),
            TrainingAction::Lectures => training.follow_lectures(),
            TrainingAction::AboutLectures => vec![Command::Raw("finger LectureBot".to_owned())],
            TrainingAction::Hint => training.hint().into_iter().collect(),
            TrainingAction::Solution => training.solution().into_iter().collect(),
            TrainingAction::Back => training.back().into_iter().collect(),
            TrainingAction::Next => training.next_one(),
            TrainingAction::Stop => training.stop(),
            TrainingAction::Dismiss => {
                // A session stopped left its board (unexamined): the dead
                // board goes with its line.
                let left = (training.session.as_ref())
                    .filter(|s| s.standing == crate::training::bots::Standing::Stopped)
                    .and_then(|s| s.game);
                training.dismiss();
                return left.map(Want::CloseGame).into_iter().collect();
            }
        };
        // In order: the bot is asked after kibitzes are on.
        commands.into_iter().map(Want::Send).collect()
    }

    fn event_action(&mut self, cx: &Cx<'_>, action: EventAction) -> Vec<Want> {
        let what = match action {
            EventAction::Send(command) => return vec![bot_want(command)],
            EventAction::WatchRelay(id) => Watched::Relay(id),
            EventAction::WatchTourney(id) => Watched::Tourney(id),
        };
        let (events, games) = (&mut self.lobby.events, &self.lobby.lists.games);
        self.event_wall.watch(what, events, games, cx.store, cx.now)
    }

    /// Whether the players list is due again (its tab shown, the refresh
    /// time passed).
    fn players_due(&self, now: Now) -> bool {
        self.players_shown() && self.lobby.players.refresh_due(now)
    }

    /// When the players list is next due, while its tab is shown.
    fn players_next(&self) -> Option<Now> {
        (self.lobby.players.next_refresh()).filter(|_| self.players_shown())
    }
}

/// The lobby's lists follow the server's events and the replies to its
/// requests; its timers (the wall, the players list) tick.
impl Part for LobbyPanel {
    fn on_event(&mut self, cx: &Cx<'_>, event: &Event, _effects: &[Effect]) -> Vec<Want> {
        self.lobby.players.apply(event);
        self.lobby.friends.apply(event);
        self.lobby.lists.apply(event);
        let mut wants = Vec::new();
        if self.lobby.events.apply(event) {
            let games = &self.lobby.lists.games;
            wants = self.event_wall.listed(&self.lobby.events, games, cx.store);
        }
        // The user's tournament game ended: the standings after it.
        if let Some(id) = self.lobby.events.take_standings_due() {
            let text = format!("standardgrid {id}");
            wants.push(bot_want(Command::tell(crate::lobby::events::TD, &text)));
        }
        // What the training bot said, for the screen reader; its board
        // seen from the side to play.
        if let Some(words) = self.lobby.training.apply(event) {
            wants.push(Want::Say(words));
            let session = self.lobby.training.session.as_ref();
            if let Some((game, side)) = session.and_then(|s| Some((s.game?, s.side_to_play()?))) {
                wants.push(Want::Change(crate::game::Change::SeenFrom { game, side }));
            }
        }
        if let Event::LoggedIn { handle, titles } = event {
            wants.extend(self.logged_in(handle, titles, cx.now));
        }
        wants
    }

    fn on_reply(&mut self, cx: &Cx<'_>, asker: &Asker, answer: &Answer) -> Vec<Want> {
        match (asker, answer) {
            // The wall fills from the new list.
            (Asker::Games, Answer::Games { entries, .. }) => {
                self.lobby.lists.set_games(entries);
                let pending = cx.session.pending_observes().collect();
                let games = self.wall.fill(&self.lobby, cx.store, pending);
                let mut wants: Vec<Want> = games.into_iter().map(Want::observe).collect();
                let events = &self.lobby.events;
                wants.extend(self.event_wall.listed(events, entries, cx.store));
                return wants;
            }
            (Asker::Seeks, Answer::Sought(seeks)) => self.lobby.lists.add_seeks(seeks),
            (Asker::Players(category), Answer::Who(entries)) => {
                self.lobby.players.answered(*category, entries);
            }
            // Not a listing after all: asked again when due.
            (Asker::Players(category), _) => self.lobby.players.unanswered(*category),
            (Asker::Friends, Answer::NotifyList(names)) => self.lobby.friends.set_list(names),
            _ => {}
        }
        Vec::new()
    }

    fn on_tick(&mut self, cx: &Cx<'_>) -> Vec<Want> {
        let logged_in = cx.session.logged_in();
        let switches = WallSwitches {
            on: self.lobby.wall.on,
            logged_in,
            lobby_open: self.open,
        };
        let mut wants = self.wall.tick(cx.now, switches, cx.store).wants();
        if logged_in && self.players_due(cx.now) {
            wants.extend(self.ask_players(cx.now));
        }
        // The Events tab shown the first time: its lists are asked for.
        let events_shown = self.open && self.lobby.tab == Tab::Events;
        if logged_in && events_shown && !self.lobby.events.asked {
            wants.extend(self.lobby.events.ask_all().into_iter().map(bot_want));
        }
        if logged_in {
            wants.extend(self.event_wall.tick(&mut self.lobby.events, cx.now));
        }
        wants
    }

    fn next_frame(&self, cx: &Cx<'_>) -> Option<Now> {
        let logged_in = cx.session.logged_in();
        let list_refresh = (self.wall.next_list()).filter(|_| logged_in && self.lists_wanted());
        let players = self.players_next().filter(|_| logged_in);
        let event_wall = self.event_wall.deadline().filter(|_| logged_in);
        [self.wall.deadline(), list_refresh, players, event_wall]
            .into_iter()
            .flatten()
            .min()
    }
}

/// An Events tab's command: an observe is Kibitz's own (a refusal comes
/// back to it); a tell to a bot is answered in qtells, and the server's
/// `(told relay)` stays out of the console (no tab opens for the bot).
fn bot_want(command: Command) -> Want {
    match command {
        Command::Observe(crate::protocol::command::ObserveTarget::Game(game)) => {
            Want::observe(game)
        }
        command => Want::Ask(Asker::Nobody, command),
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
