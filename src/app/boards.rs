//! The boards: the games (the store) and everything shown of them: each
//! board's view state, which board has the keyboard, which is shown alone or
//! in a window of its own, the free-tiling layout, the offers, the pieces'
//! images, auto-flag and the partner boards asked for. Nothing outside this
//! folder writes them: events come in through [`Boards::apply`], the
//! panels' actions and the shortcuts through the methods named for them.

use std::collections::{BTreeMap, BTreeSet};

use shakmaty::Move;

use crate::engine::process::EngineStatus;
use crate::engine::results::Results;
use crate::engine::scheduler::Target;
use crate::game::{Change, Effect, Game, GameStore, Now};
use crate::protocol::chat::ChatKind;
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::event::Event;
use crate::protocol::marks::{Mark, mark_text};
use crate::protocol::message::{EndReason, Message};
use crate::protocol::partnership::Partnership;
use crate::protocol::reply::Answer;
use crate::protocol::style12::{Relation, Style12, VerboseMove};
use crate::ui::analysis_view::AnalysisFrame;
use crate::ui::board::Slide;
use crate::ui::confirm::Decision;
use crate::ui::examine::examine_keys;
use crate::ui::game_panel::game_panel_ui;
use crate::ui::game_view::{Action, GameView, PanelContext, PanelSettings};
use crate::ui::move_list::browse_keys;
use crate::ui::pieces::PieceCache;
use crate::ui::workspace::Workspace;

use super::asked::Asker;
use super::want::Want;

mod auto_flag;
mod commands;
mod examine_lookup;
mod focus;
mod layout;
mod linked;
mod partners;
mod review;

pub use partners::partners_together;

/// Whether `effects` added a move to `game`.
pub fn moved(effects: &[Effect], game: u32) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::Moved { game: g, .. } if *g == game))
}

/// What one event did to the boards.
#[derive(Debug, Default)]
pub struct Applied {
    /// What changed in the store (moves added, games started and ended).
    pub effects: Vec<Effect>,
    /// The event was a board that added a move to its game.
    pub moved: bool,
    /// A premove that became legal: the user's move, to send.
    pub premove: Option<Command>,
    /// An offer that came: who offers what (for the announcement).
    pub offer: Option<(String, String)>,
    /// The partner board to observe (bughouse): by number, or our
    /// partner's game by their name.
    pub observe_partner: Option<ObserveTarget>,
}

impl Applied {
    /// What of it the app carries out: the store's requests and games to
    /// archive, the premove to send, the partner board to observe, the
    /// offer said.
    pub fn wants(&self) -> Vec<Want> {
        let mut wants = Want::of_effects(&self.effects);
        wants.extend(self.premove.clone().map(Want::Send));
        match &self.observe_partner {
            Some(ObserveTarget::Game(game)) => wants.push(Want::observe(*game)),
            Some(target) => {
                wants.push(Want::Ask(Asker::Nobody, Command::Observe(target.clone())));
            }
            None => {}
        }
        if let Some((from, kind)) = &self.offer {
            wants.push(Want::Say(super::announce::offer_words(from, kind)));
        }
        wants
    }
}

#[derive(Default)]
pub struct Boards {
    store: GameStore,
    views: BTreeMap<u32, GameView>,
    /// The game the keyboard steps through.
    focused: Option<u32>,
    /// The game shown alone, if any.
    maximized: Option<u32>,
    /// Games shown in OS windows of their own.
    detached: BTreeSet<u32>,
    /// Free tiling (drag panels anywhere) instead of the automatic grid.
    free_tiling: bool,
    workspace: Workspace,
    cache: PieceCache,
    offers: crate::game::offers::Offers,
    auto_flag: auto_flag::AutoFlag,
    partners: partners::Partners,
    /// "Examine" on a finished game, waiting for our history.
    examine_lookup: examine_lookup::ExamineLookup,
    /// The bughouse partner's last tell (who, what).
    partner_said: Option<(String, String)>,
    /// Bughouse games under review: their two boards on one time line.
    linked: Vec<linked::LinkedReview>,
    /// Each docked game's cell in the grid, kept while it is shown (see
    /// `layout::Slots`): a game coming or going moves no other.
    slots: layout::Slots,
}

impl Boards {
    pub fn store(&self) -> &GameStore {
        &self.store
    }

    pub fn view(&self, game: u32) -> Option<&GameView> {
        self.views.get(&game)
    }

    pub fn focused(&self) -> Option<u32> {
        self.focused
    }

    pub fn maximized(&self) -> Option<u32> {
        self.maximized
    }

    pub fn is_detached(&self, game: u32) -> bool {
        self.detached.contains(&game)
    }

    pub fn free_tiling(&self) -> bool {
        self.free_tiling
    }

    pub fn set_free_tiling(&mut self, on: bool) {
        self.free_tiling = on;
    }

    /// The free-tiling layout, to remember across runs.
    pub fn tiles(&self) -> &egui_tiles::Tree<u32> {
        &self.workspace.tree
    }

    pub fn restore_tiles(&mut self, tree: egui_tiles::Tree<u32>) {
        self.workspace.tree = tree;
    }

    /// Our live game, if we play one.
    pub fn own_live_game(&self) -> Option<u32> {
        self.store.own_live_game().map(|g| g.number)
    }

    /// The board the keyboard's shortcuts act on: the focused one, else
    /// our live game.
    pub fn keyboard_board(&self) -> Option<u32> {
        self.focused.or_else(|| self.own_live_game())
    }

    /// A piece slides or is dragged (the frame stats' "animation").
    pub fn animating(&self) -> bool {
        self.views
            .values()
            .any(|v| v.slide.is_some() || v.board.is_dragging())
    }

    /// Folds one event into the store and the boards' views.
    pub fn apply(&mut self, now: Now, event: &Event) -> Applied {
        let mut applied = Applied {
            offer: self.offers.apply(event),
            observe_partner: match event {
                Event::GameInfo(info) => info
                    .partner_game
                    .and_then(|game| self.partners.follow(game, &self.store))
                    .map(ObserveTarget::Game),
                Event::Partnership(partnership) => {
                    self.partners.on_partnership(partnership, &self.store)
                }
                _ => None,
            },
            ..Applied::default()
        };
        // A new game under the number of a finished one starts afresh: the
        // old board's view (its analysis switch, its flip) is not its.
        if let Event::Message(
            Message::GameCreated { game, .. } | Message::ObservationStarted { game },
        ) = event
            && self.store.get(*game).is_none_or(|g| g.is_over())
        {
            self.views.remove(game);
        }
        applied.effects = self.store.apply(now, event);
        applied.moved = match event {
            Event::Board(board) => moved(&applied.effects, board.game),
            _ => false,
        };
        for effect in &applied.effects {
            match effect {
                // Its number now shows another game: a new panel.
                Effect::Retired(game) => {
                    self.views.remove(&game.number);
                }
                // A new game under a number: no claim made in it yet.
                Effect::Started(number) => self.auto_flag.forget(*number),
                _ => {}
            }
        }
        match event {
            Event::Board(board) => {
                // The partner board of our game (named before it came, or
                // observed by our partner's name) names ours back.
                let by_name = self.partners.arrived(board);
                if let Some(ours) = self.own_live_game() {
                    let named = self.store.get(ours).and_then(|g| g.partner) == Some(board.game);
                    if by_name || named {
                        let link = Change::LinkPartners {
                            ours,
                            theirs: board.game,
                        };
                        self.store.change(link);
                    }
                }
                let moved = moved(&applied.effects, board.game);
                applied.premove = self.on_board(now, board, moved);
            }
            // A resumed game takes the place of its adjourned panel.
            Event::Message(Message::GameCreated {
                game,
                white,
                black,
                continuing: true,
                ..
            }) => {
                let adjourned: Vec<u32> = self
                    .store
                    .games()
                    .filter(|g| {
                        g.number != *game
                            && g.outcome
                                .as_ref()
                                .is_some_and(|o| o.reason == EndReason::Adjourn)
                            && g.players.white.handle.eq_ignore_ascii_case(white)
                            && g.players.black.handle.eq_ignore_ascii_case(black)
                    })
                    .map(|g| g.number)
                    .collect();
                for number in adjourned {
                    self.close(number);
                }
            }
            Event::Partnership(Partnership::PartnerPlaying { game: Some(theirs) }) => {
                if let Some(ours) = self.own_live_game() {
                    let link = Change::LinkPartners {
                        ours,
                        theirs: *theirs,
                    };
                    self.store.change(link);
                }
            }
            Event::Chat(chat) if chat.kind == ChatKind::PartnerTell => {
                let words: String = chat.text.chars().take(200).collect();
                self.partner_said = Some((chat.from.clone(), words));
            }
            Event::Chat(chat) => self.chat_on_tile(now, chat),
            Event::Message(message @ (Message::IllegalMove { .. } | Message::NotYourMove)) => {
                // Our optimistic move was refused: show the server's board
                // again, and say so on it.
                let why = match message {
                    Message::IllegalMove {
                        attempted: Some(text),
                    } => format!("The server refused {text}"),
                    Message::IllegalMove { attempted: None } => {
                        "The server refused the move".to_owned()
                    }
                    _ => "It is not your move".to_owned(),
                };
                for view in self.views.values_mut() {
                    if view.pending.take().is_some() {
                        view.refusal = Some(why.clone());
                    }
                }
            }
            Event::Message(Message::GameEnd(end)) => {
                self.offers.game_ended(&end.white, &end.black);
                if let Some(view) = self.views.get_mut(&end.game) {
                    view.premoves.clear();
                    view.pending = None;
                }
            }
            _ => {}
        }
        applied
    }

    /// Chat that belongs on a board: a game's kibitzes, whispers and says
    /// on its tile, a tell to the user on the own game's (not missed while
    /// playing); one line, for [`crate::ui::game_view::CHAT_ON_TILE`].
    fn chat_on_tile(&mut self, now: Now, chat: &crate::protocol::chat::ChatLine) {
        let game = match chat.kind {
            ChatKind::Kibitz | ChatKind::Whisper | ChatKind::Say => chat.game,
            ChatKind::Tell => self.own_live_game(),
            _ => None,
        };
        let Some(game) = game.filter(|g| self.store.get(*g).is_some()) else {
            return;
        };
        let words: String = chat.text.chars().take(200).collect();
        let line = match chat.kind {
            ChatKind::Tell => format!("{} tells you: {words}", chat.from),
            _ => format!("{}: {words}", chat.from),
        };
        self.views.entry(game).or_default().chat = Some((line, now));
    }

    /// A board arrived: our pending move is settled, the opponent's move
    /// slides in, a queued premove goes if it is still legal.
    fn on_board(&mut self, now: Now, board: &Style12, moved: bool) -> Option<Command> {
        let game = self.store.get(board.game)?;
        let view = self.views.entry(board.game).or_default();
        view.pending = None;
        view.refusal = None;
        // The opponent's (or an observed) move slides in; our own is already
        // there. Only where it is seen well: the own game, a maximized or a
        // large board; elsewhere the move just appears.
        let ours = board.relation == Relation::PlayingOpponentToMove;
        let seen_well = board.relation.is_playing()
            || self.maximized == Some(board.game)
            || view.board_side >= crate::ui::board::SLIDE_MIN_SIDE;
        if moved
            && seen_well
            && !ours
            && let VerboseMove::Normal { from, to, .. } = board.last_move
            && let Some(piece) = board.board.piece_at(to)
        {
            let slide = Slide {
                piece,
                from,
                to,
                progress: 0.0,
            };
            view.slide = Some((slide, now));
        }
        if board.relation != Relation::PlayingMyMove {
            return None;
        }
        // Our turn: the first premove queued goes now if it is still
        // legal; one that is not clears the queue (the rest was planned on
        // it).
        let premove = *view.premoves.first()?;
        let Some(legal) = game.legal_now(&premove) else {
            view.premoves.clear();
            return None;
        };
        view.premoves.remove(0);
        self.play(board.game, legal)
    }

    /// Our move on a board: shown at once, until the server's board
    /// confirms or refuses it. The command to send.
    pub fn play(&mut self, number: u32, mv: Move) -> Option<Command> {
        let game = self.store.get(number)?;
        let playable = game.playable()?;
        let view = self.views.entry(number).or_default();
        view.refusal = None;
        if let Some(setup) = playable.after(&mv) {
            view.pending = Some((mv, setup));
        }
        Some(Command::Move(playable.move_text(&mv)))
    }

    /// A reply to the boards' own request: the history asked for by
    /// [`Self::examine_finished`] (the `examine` to send, or why there is
    /// none), or an observe refused after a reconnect (the game is gone).
    pub fn on_reply(&mut self, now: Now, asker: &Asker, answer: &Answer) -> Vec<Want> {
        match (asker, answer) {
            (Asker::ExamineLookup, answer) => match self.examine_lookup.answered(answer) {
                Some(Ok(examine)) => vec![Want::Send(examine)],
                Some(Err(why)) => vec![Want::Say(why)],
                None => Vec::new(),
            },
            (Asker::Observe(game), Answer::ObserveRefused { .. }) => {
                let gone = Change::GoneWhileDisconnected { game: *game, now };
                Want::of_effects(&self.store.change(gone))
            }
            _ => Vec::new(),
        }
    }

    /// "Examine" on a finished game of ours: the history to ask for (the
    /// `examine` follows from its reply, see [`Self::examine_answered`]).
    pub fn examine_finished(&mut self, number: u32) -> Option<Command> {
        let game = self.store.get(number)?;
        let me = game.my_color()?;
        let opponent = &game.players[!me].handle;
        let own = &game.players[me].handle;
        Some(self.examine_lookup.ask(own, opponent))
    }

    /// The user drew (or took away) a mark on a board: on an examined
    /// board the others see it too, by the kibitz returned.
    pub fn toggle_mark(&mut self, number: u32, mark: Mark) -> Option<Command> {
        let toggle = Change::ToggleMark { game: number, mark };
        self.store
            .change(toggle)
            .into_iter()
            .find_map(|effect| match effect {
                Effect::Marked {
                    change,
                    shared: true,
                    ..
                } => Some(Command::Kibitz(mark_text(change))),
                _ => None,
            })
    }

    /// The connection dropped: live games stop their clocks and wait.
    pub fn connection_lost(&mut self, now: Now) {
        self.store.change(Change::ConnectionLost { now });
    }

    /// Interrupted games that did not come back end unfinished.
    pub fn give_up_interrupted(&mut self, now: Now, why: &str) -> Vec<Effect> {
        let give_up = Change::GiveUpInterrupted {
            why: why.to_owned(),
            now,
        };
        self.store.change(give_up)
    }

    /// A new session: the last one's games leave (all archived as they
    /// ended): their numbers are the new server's (an old game 1 kept the
    /// wall from a new game 1), and their Rematch would challenge on the
    /// wrong server. Boards opened from files stay.
    pub fn new_session(&mut self) {
        let session: Vec<u32> = (self.store.games())
            .filter(|g| !g.is_opened())
            .map(|g| g.number)
            .collect();
        for game in session {
            self.close(game);
        }
        self.maximized = None;
    }

    /// A game leaves the screen (and the store).
    pub fn close(&mut self, game: u32) {
        self.store.change(Change::Close(game));
        self.views.remove(&game);
    }

    /// A live game we observe (closing it stops observing it).
    pub fn observing_live(&self, game: u32) -> bool {
        self.store.get(game).is_some_and(|g| {
            !g.is_over()
                && !g.detached
                && matches!(
                    g.relation,
                    Relation::Observing | Relation::ObservingExamined
                )
        })
    }

    /// Engine analysis on or off for the board with the keyboard (else
    /// the first board).
    pub fn toggle_analysis(&mut self, default_on: bool) {
        let game = self
            .keyboard_board()
            .and_then(|n| self.store.get(n))
            .or_else(|| self.store.games().next());
        if let Some(game) = game {
            let view = self.views.entry(game.number).or_default();
            view.analysis.toggle(game, default_on);
        }
    }

    /// Resign or abort from the keyboard in our live game: true when it is
    /// to be sent (no confirmation needed, or this press confirms).
    pub fn confirm(&mut self, decision: Decision, now: Now, confirm_resign: bool) -> bool {
        let Some(own) = self.own_live_game() else {
            return false;
        };
        let rated = self.store.get(own).and_then(|g| g.rated);
        let needs = decision.needs_confirmation(confirm_resign, rated);
        let view = self.views.entry(own).or_default();
        view.confirm.press(decision, now, needs)
    }

    /// Accepts or declines the newest offer: the command to send.
    pub fn answer_newest_offer(&mut self, accept: bool) -> Option<Command> {
        self.offers.answer_newest(accept)
    }

    /// Claims a win on time where the opponent is surely out (Auto-flag
    /// on): the claims to send.
    pub fn auto_flag(&mut self, now: Now, on: bool) -> Vec<Command> {
        if !on {
            return Vec::new();
        }
        self.auto_flag.due(&self.store, now)
    }

    /// When auto-flag needs a frame to claim (or claim again).
    pub fn auto_flag_deadline(&self, now: Now, on: bool) -> Option<Now> {
        on.then(|| self.auto_flag.deadline(&self.store, now))
            .flatten()
    }

    /// Offers to the user that no game panel shows (challenges, mostly).
    pub fn offers_ui(&mut self, ui: &mut egui::Ui) -> Vec<Action> {
        let opponent = |g: &Game| g.my_color().map(|c| g.players[!c].handle.clone());
        let (finished, live): (Vec<&Game>, Vec<&Game>) =
            self.store.games().partition(|g| g.is_over());
        let opponents: Vec<String> = live.into_iter().filter_map(opponent).collect();
        let finished: Vec<String> = finished.into_iter().filter_map(opponent).collect();
        crate::ui::offers::bar_ui(ui, &mut self.offers, &opponents, &finished)
    }

    /// The game panels; also the boards that want analysis, in drawing
    /// order. Linked review boards show their time line and follow it.
    pub fn ui(&mut self, ui: &mut egui::Ui, now: Now, cx: BoardsFrame<'_>) -> Drawn {
        let store = &self.store;
        self.linked.retain(|l| l.open(store));
        for linked in &self.linked {
            linked.show(&self.store, &mut self.views);
        }
        let drawn = self.panels_ui(ui, now, cx);
        for linked in &mut self.linked {
            if linked.follow(&self.store, &mut self.views) {
                ui.ctx().request_repaint();
            }
        }
        drawn
    }

    fn panels_ui(&mut self, ui: &mut egui::Ui, now: Now, cx: BoardsFrame<'_>) -> Drawn {
        self.cache.new_frame(cx.settings.style.pieces);
        let all: Vec<u32> = self.store.games().map(|g| g.number).collect();
        self.detached.retain(|n| all.contains(n));
        if self.maximized.is_some_and(|n| !all.contains(&n)) {
            self.maximized = None;
        }
        let docked: Vec<u32> = all
            .iter()
            .copied()
            .filter(|n| !self.detached.contains(n))
            .collect();
        let docked = partners_together(&self.store, &docked);
        let area = ui.available_rect_before_wrap();
        // Esc leaves the maximized game (unless it cancels a premove or a
        // selection on the board first).
        if self.maximized.is_some()
            && ui.input(|i| i.key_pressed(egui::Key::Escape))
            && self
                .views
                .values()
                .all(|v| v.premoves.is_empty() && v.board.selected.is_none())
        {
            self.maximized = None;
        }
        let placed = layout::place(area, &docked, self.maximized, &self.store, &mut self.slots);
        let offers = self.offers.pending();
        let mut actions = Vec::new();
        let keyboard = self.keyboard_game();
        let mut panel = PanelContext {
            now,
            settings: cx.settings,
            offers: &offers,
            cache: &mut self.cache,
            focused: self.focused,
            keyboard,
            analysis: AnalysisFrame {
                default_on: cx.analysis_on_by_default,
                results: cx.results,
                status: cx.engine,
                variant_status: cx.variant_engine,
                wanted: Vec::new(),
                review: Vec::new(),
            },
            ptells: cx.ptells,
            partner_said: self
                .partner_said
                .as_ref()
                .map(|(who, what)| (who.as_str(), what.as_str())),
            partner: self.partners.partner(),
            examinable: cx.online
                && self.store.own_live_game().is_none()
                && !self.store.games().any(Game::is_examined_by_us),
            opening_tree: cx.opening_tree,
            server: cx.server,
        };
        // Detached games live in OS windows of their own.
        for &number in &self.detached {
            let (Some(game), Some(view)) = (self.store.get(number), self.views.get_mut(&number))
            else {
                continue;
            };
            actions.extend(layout::window_ui(ui, game, view, &mut panel));
        }
        if docked.is_empty() {
            ui.centered_and_justified(|ui| {
                let text = if all.is_empty() {
                    "No games yet: pick one in the lobby, type `observe N`, or seek a game."
                } else {
                    "All games are in windows of their own."
                };
                ui.label(text);
            });
            return Drawn {
                actions,
                analysed: panel.analysis.wanted,
                review: panel.analysis.review,
            };
        }
        if self.free_tiling && self.maximized.is_none() {
            self.workspace.sync(&docked);
            let store = &self.store;
            let views = &mut self.views;
            let mut show = |ui: &mut egui::Ui, number: u32| {
                let Some(game) = store.get(number) else {
                    return;
                };
                let view = views.entry(number).or_default();
                actions.extend(game_panel_ui(ui, game, view, &mut panel));
            };
            let mut behavior = crate::ui::workspace::PaneUi { show: &mut show };
            self.workspace.tree.ui(&mut behavior, ui);
            return Drawn {
                actions,
                analysed: panel.analysis.wanted,
                review: panel.analysis.review,
            };
        }
        let tiles = layout::Tiles {
            store: &self.store,
            views: &mut self.views,
            focused: &mut self.focused,
        };
        actions.extend(layout::grid_ui(ui, area, &placed, tiles, &mut panel));
        if let Some(number) = self.focused.or(docked.first().copied())
            && let (Some(game), Some(view)) = (self.store.get(number), self.views.get_mut(&number))
        {
            if game.is_examined_by_us() {
                // The server holds an examined game's position: keys step
                // it there.
                if let Some(command) = examine_keys(ui, view.board.square_focused) {
                    actions.push(Action::Send(command));
                }
            } else {
                browse_keys(ui, game, view);
            }
            // Up or Down on the board with the keyboard while nothing has
            // the focus: a square takes it (Left and Right step the moves).
            let nothing_focused = ui.memory(|m| m.focused().is_none());
            let up_down = ui.input(|i| {
                i.key_pressed(egui::Key::ArrowUp) || i.key_pressed(egui::Key::ArrowDown)
            });
            if nothing_focused && up_down && !view.board.square_focused {
                view.board.focus_square = true;
                ui.ctx().request_repaint();
            }
        }
        ui.allocate_space(ui.available_size());
        Drawn {
            actions,
            analysed: panel.analysis.wanted,
            review: panel.analysis.review,
        }
    }

    /// The players of a game (for the wall's memory of dismissed games).
    pub fn players(&self, game: u32) -> Option<(String, String)> {
        let g: &Game = self.store.get(game)?;
        Some((
            g.players.white.handle.clone(),
            g.players.black.handle.clone(),
        ))
    }
}

/// What the boards' frame reads from the other parts.
pub struct BoardsFrame<'a> {
    pub settings: PanelSettings,
    pub analysis_on_by_default: bool,
    pub results: &'a Results,
    pub engine: &'a EngineStatus,
    /// The variant engine's (Fairy-Stockfish's).
    pub variant_engine: &'a EngineStatus,
    /// The partner tell buttons (settings).
    pub ptells: &'a [String],
    /// Logged in: server commands can be sent from the boards.
    pub online: bool,
    /// The user's games as an opening tree, once built.
    pub opening_tree: Option<&'a crate::archive::tree::OpeningTree>,
    /// The server's name (a game copied as PGN names it).
    pub server: &'a str,
}

/// What the boards' frame asks for.
pub struct Drawn {
    pub actions: Vec<Action>,
    /// The boards drawn with analysis on: game number and position, in
    /// drawing order.
    pub analysed: Vec<(u32, Target)>,
    /// Positions of games under review still to look at.
    pub review: Vec<Target>,
}
