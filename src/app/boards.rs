//! The boards: everything shown of the games (the store is the app's, read
//! through [`Cx`]): each board's view state, which board has the keyboard,
//! which is shown alone or in a window of its own, the free-tiling layout,
//! the offers, the pieces' images, auto-flag and the partner boards asked
//! for. A part like the others: it hears the events after the store (with
//! what they changed), the panels' actions and the shortcuts through the
//! methods named for them; what it would change in the store goes back as
//! [`Want::Change`].

use std::collections::{BTreeMap, BTreeSet};

use shakmaty::Move;

use crate::engine::process::EngineStatus;
use crate::engine::results::Results;
use crate::engine::scheduler::Target;
use crate::game::{Change, Effect, Game, GameStore, Now};
use crate::protocol::chat::{ChatKind, ChatLine};
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::event::Event;

use crate::protocol::message::{EndReason, Message};
use crate::protocol::partnership::Partnership;
use crate::protocol::reply::Answer;
use crate::protocol::style12::{Relation, Style12, VerboseMove};
use crate::ui::analysis::view::AnalysisFrame;
use crate::ui::board::Slide;
use crate::ui::board::pieces::PieceCache;
use crate::ui::game_panel::confirm::Decision;
use crate::ui::game_panel::examine::examine_keys;
use crate::ui::game_panel::game_panel_ui;
use crate::ui::game_panel::game_view::{Action, GameView, PanelContext, PanelSettings};
use crate::ui::moves::list::browse_keys;
use crate::ui::workspace::Workspace;

use super::asked::Asker;
use super::part::{Cx, LookedAt, Part};
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

#[derive(Default)]
pub struct Boards {
    views: BTreeMap<u32, GameView>,
    /// The game the keyboard steps through, the one shown alone.
    looked_at: LookedAt,
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
    /// Bughouse games under review: their two boards on one time line.
    linked: Vec<linked::LinkedReview>,
    /// Each docked game's cell in the grid, kept while it is shown (see
    /// `layout::Slots`): a game coming or going moves no other.
    slots: layout::Slots,
}

impl Boards {
    pub fn view(&self, game: u32) -> Option<&GameView> {
        self.views.get(&game)
    }

    pub fn focused(&self) -> Option<u32> {
        self.looked_at.focused
    }

    /// The focused board shows the position after `plies` of its game's
    /// moves.
    pub fn browse_focused(&mut self, store: &GameStore, plies: usize) {
        let Some(number) = self.looked_at.focused else {
            return;
        };
        let moves = store.get(number).map_or(0, |g| g.moves.len());
        self.views.entry(number).or_default().browse = (plies < moves).then_some(plies);
    }

    pub fn maximized(&self) -> Option<u32> {
        self.looked_at.maximized
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

    /// The boards the user looks at (every part reads it in [`Cx`]).
    pub fn looked_at(&self) -> LookedAt {
        self.looked_at
    }

    /// The board the keyboard's shortcuts act on: the focused one, else
    /// our live game.
    pub fn keyboard_board(&self, store: &GameStore) -> Option<u32> {
        (self.looked_at.focused).or_else(|| store.own_live_game().map(|g| g.number))
    }

    /// A piece slides or is dragged (the frame stats' "animation").
    pub fn animating(&self) -> bool {
        self.views
            .values()
            .any(|v| v.slide.is_some() || v.board.is_dragging())
    }

    /// One event, after the store applied it: the views follow (a new
    /// game under an old number starts afresh, a refused move is taken
    /// back, a premove goes), the offers and the partner board.
    fn follow(&mut self, cx: &Cx<'_>, event: &Event, effects: &[Effect]) -> Vec<Want> {
        let store = cx.store;
        let mut wants = Vec::new();
        if let Some((from, kind)) = self.offers.apply(event) {
            wants.push(Want::Say(super::announce::offer_words(&from, &kind)));
        }
        let observe_partner = match event {
            Event::GameInfo(info) => info
                .partner_game
                .and_then(|game| self.partners.follow(game, store))
                .map(ObserveTarget::Game),
            Event::Partnership(partnership) => self.partners.on_partnership(partnership, store),
            _ => None,
        };
        match observe_partner {
            Some(ObserveTarget::Game(game)) => wants.push(Want::observe(game)),
            Some(target) => wants.push(Want::Ask(Asker::Nobody, Command::Observe(target))),
            None => {}
        }
        for effect in effects {
            match effect {
                // Its number now shows another game: a new panel.
                Effect::Fresh(number) => {
                    self.views.remove(number);
                }
                Effect::Retired(game) => {
                    self.views.remove(&game.number);
                }
                // A new game under a number: no claim made in it yet. The
                // user's own comes into sight (another board shown alone
                // hid it: the game began unseen).
                Effect::Started(number) => {
                    self.auto_flag.forget(*number);
                    let own = store.get(*number).is_some_and(Game::is_own_live);
                    if own && self.looked_at.maximized.is_some_and(|m| m != *number) {
                        self.looked_at.maximized = None;
                    }
                }
                _ => {}
            }
        }
        let own = store.own_live_game().map(|g| g.number);
        match event {
            Event::Board(board) => {
                // The partner board of our game (named before it came, or
                // observed by our partner's name) names ours back.
                let by_name = self.partners.arrived(board);
                if let Some(ours) = own {
                    let named = store.get(ours).and_then(|g| g.partner) == Some(board.game);
                    if by_name || named {
                        let theirs = board.game;
                        wants.push(Want::Change(Change::LinkPartners { ours, theirs }));
                    }
                }
                let moved = moved(effects, board.game);
                let premove = self.on_board(cx.now, store, board, moved);
                wants.extend(premove.map(Want::Send));
            }
            // A resumed game takes the place of its adjourned panel.
            Event::Message(Message::GameCreated {
                game,
                white,
                black,
                continuing: true,
                ..
            }) => {
                let adjourned = store.games().filter(|g| {
                    g.number != *game
                        && g.outcome
                            .as_ref()
                            .is_some_and(|o| o.reason == EndReason::Adjourn)
                        && g.players.white.handle.eq_ignore_ascii_case(white)
                        && g.players.black.handle.eq_ignore_ascii_case(black)
                });
                wants.extend(adjourned.map(|g| Want::CloseGame(g.number)));
            }
            Event::Partnership(Partnership::PartnerPlaying { game: Some(theirs) }) => {
                if let Some(ours) = own {
                    let theirs = *theirs;
                    wants.push(Want::Change(Change::LinkPartners { ours, theirs }));
                }
            }
            Event::Chat(chat) if chat.kind == ChatKind::PartnerTell => {
                self.partners.told(&chat.from, &chat.text);
            }
            Event::Chat(chat) => self.chat_on_tile(cx.now, store, chat),
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
        wants
    }

    /// Chat that belongs on a board: a game's kibitzes, whispers and says
    /// on its tile, a tell to the user on the own game's (not missed while
    /// playing); one line, for [`crate::ui::game_panel::game_view::CHAT_ON_TILE`].
    fn chat_on_tile(&mut self, now: Now, store: &GameStore, chat: &ChatLine) {
        let game = match chat.kind {
            ChatKind::Kibitz | ChatKind::Whisper | ChatKind::Say => chat.game,
            ChatKind::Tell => store.own_live_game().map(|g| g.number),
            _ => None,
        };
        let Some(game) = game.filter(|g| store.get(*g).is_some()) else {
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
    fn on_board(
        &mut self,
        now: Now,
        store: &GameStore,
        board: &Style12,
        moved: bool,
    ) -> Option<Command> {
        let game = store.get(board.game)?;
        let view = self.views.entry(board.game).or_default();
        view.pending = None;
        view.refusal = None;
        // The opponent's (or an observed) move slides in; our own is already
        // there. Only where it is seen well: the own game, a maximized or a
        // large board; elsewhere the move just appears.
        let ours = board.relation == Relation::PlayingOpponentToMove;
        let seen_well = board.relation.is_playing()
            || self.looked_at.maximized == Some(board.game)
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
        self.play(store, board.game, legal)
    }

    /// Our move on a board: shown at once, until the server's board
    /// confirms or refuses it. The command to send.
    pub fn play(&mut self, store: &GameStore, number: u32, mv: Move) -> Option<Command> {
        let game = store.get(number)?;
        let playable = game.playable()?;
        let view = self.views.entry(number).or_default();
        view.refusal = None;
        if let Some(setup) = playable.after(&mv) {
            view.pending = Some((mv, setup));
        }
        Some(Command::Move(playable.move_text(&mv)))
    }

    /// "Examine" on a finished game of ours: the history to ask for (the
    /// `examine` follows from its reply, see [`Self::examine_answered`]).
    pub fn examine_finished(&mut self, store: &GameStore, number: u32) -> Option<Command> {
        let game = store.get(number)?;
        let me = game.my_color()?;
        let opponent = &game.players[!me].handle;
        let own = &game.players[me].handle;
        Some(self.examine_lookup.ask(own, opponent))
    }

    /// A new session: the last one's games leave (all archived as they
    /// ended): their numbers are the new server's (an old game 1 kept the
    /// wall from a new game 1), and their Rematch would challenge on the
    /// wrong server. Boards opened from files stay.
    pub fn new_session(&mut self, store: &GameStore) -> Vec<Want> {
        self.looked_at.maximized = None;
        (store.games())
            .filter(|g| !g.is_opened() && !g.is_computer())
            .map(|g| Want::CloseGame(g.number))
            .collect()
    }

    /// A live game we observe (closing it stops observing it).
    pub fn observing_live(store: &GameStore, game: u32) -> bool {
        store.get(game).is_some_and(|g| {
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
    pub fn toggle_analysis(&mut self, store: &GameStore, default_on: bool) {
        let game = (self.keyboard_board(store))
            .and_then(|n| store.get(n))
            .or_else(|| store.games().next());
        if let Some(game) = game {
            let view = self.views.entry(game.number).or_default();
            view.analysis.toggle(game, default_on);
        }
    }

    /// Resign or abort from the keyboard in our live game: true when it is
    /// to be sent (no confirmation needed, or this press confirms).
    pub fn confirm(&mut self, cx: &Cx<'_>, decision: Decision) -> bool {
        let Some(own) = cx.store.own_live_game() else {
            return false;
        };
        let (own, rated) = (own.number, own.rated);
        let confirm_resign = cx.settings.play.confirm_resign;
        let needs = decision.needs_confirmation(confirm_resign, rated);
        let view = self.views.entry(own).or_default();
        view.confirm.press(decision, cx.now, needs)
    }

    /// Accepts or declines the newest offer: the command to send.
    pub fn answer_newest_offer(&mut self, accept: bool) -> Option<Command> {
        self.offers.answer_newest(accept)
    }

    /// Offers to the user that no game panel shows (challenges, mostly).
    pub fn offers_ui(&mut self, ui: &mut egui::Ui, store: &GameStore) -> Vec<Action> {
        let opponent = |g: &Game| g.my_color().map(|c| g.players[!c].handle.clone());
        let (finished, live): (Vec<&Game>, Vec<&Game>) = store.games().partition(|g| g.is_over());
        let opponents: Vec<String> = live.into_iter().filter_map(opponent).collect();
        let finished: Vec<String> = finished.into_iter().filter_map(opponent).collect();
        crate::ui::offers::bar_ui(ui, &mut self.offers, &opponents, &finished)
    }

    /// The game panels; also the boards that want analysis, in drawing
    /// order. Linked review boards show their time line and follow it.
    pub fn ui(&mut self, ui: &mut egui::Ui, cx: &Cx<'_>, frame: BoardsFrame<'_>) -> Drawn {
        let store = cx.store;
        self.linked.retain(|l| l.open(store));
        for linked in &self.linked {
            linked.show(store, &mut self.views);
        }
        let drawn = self.panels_ui(ui, cx.now, store, frame);
        for linked in &mut self.linked {
            if linked.follow(store, &mut self.views) {
                ui.ctx().request_repaint();
            }
        }
        drawn
    }

    fn panels_ui(
        &mut self,
        ui: &mut egui::Ui,
        now: Now,
        store: &GameStore,
        cx: BoardsFrame<'_>,
    ) -> Drawn {
        self.cache.new_frame(cx.settings.style.pieces);
        let all: Vec<u32> = store.games().map(|g| g.number).collect();
        self.detached.retain(|n| all.contains(n));
        if self.looked_at.maximized.is_some_and(|n| !all.contains(&n)) {
            self.looked_at.maximized = None;
        }
        let docked: Vec<u32> = all
            .iter()
            .copied()
            .filter(|n| !self.detached.contains(n))
            .collect();
        let docked = partners_together(store, &docked);
        let area = ui.available_rect_before_wrap();
        // Esc leaves the maximized game (unless it cancels a premove or a
        // selection on the board first).
        if self.looked_at.maximized.is_some()
            && ui.input(|i| i.key_pressed(egui::Key::Escape))
            && self
                .views
                .values()
                .all(|v| v.premoves.is_empty() && v.board.selected.is_none())
        {
            self.looked_at.maximized = None;
        }
        let placed = layout::place(
            area,
            &docked,
            self.looked_at.maximized,
            store,
            &mut self.slots,
        );
        let offers = self.offers.pending();
        let mut actions = Vec::new();
        let keyboard = self.keyboard_game(store);
        let mut panel = PanelContext {
            now,
            link_quiet: cx.link_quiet.clone(),
            settings: cx.settings,
            offers: &offers,
            cache: &mut self.cache,
            focused: self.looked_at.focused,
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
            partner_said: self.partners.said(),
            partner: self.partners.partner(),
            examinable: cx.online
                && store.own_live_game().is_none()
                && !store.games().any(Game::is_examined_by_us),
            opening_tree: cx.opening_tree,
            server: cx.server,
        };
        // Detached games live in OS windows of their own.
        for &number in &self.detached {
            let (Some(game), Some(view)) = (store.get(number), self.views.get_mut(&number)) else {
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
        if self.free_tiling && self.looked_at.maximized.is_none() {
            self.workspace.sync(&docked);
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
            store,
            views: &mut self.views,
            focused: &mut self.looked_at.focused,
        };
        actions.extend(layout::grid_ui(ui, area, &placed, tiles, &mut panel));
        if let Some(number) = self.looked_at.focused.or(docked.first().copied())
            && let (Some(game), Some(view)) = (store.get(number), self.views.get_mut(&number))
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
    pub fn players(store: &GameStore, game: u32) -> Option<(String, String)> {
        let g: &Game = store.get(game)?;
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
    /// The link is in doubt: its words, over every live board.
    pub link_quiet: Option<String>,
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

/// The boards hear the events after the store, the replies to their own
/// requests, and a tick for auto-flag.
impl Part for Boards {
    fn on_event(&mut self, cx: &Cx<'_>, event: &Event, effects: &[Effect]) -> Vec<Want> {
        self.follow(cx, event, effects)
    }

    /// A game that left the store leaves the screen.
    fn on_change(&mut self, _cx: &Cx<'_>, effects: &[Effect]) -> Vec<Want> {
        for effect in effects {
            if let Effect::Closed(number) = effect {
                self.views.remove(number);
            }
        }
        Vec::new()
    }

    /// The history asked for by "Examine" on a finished game (the
    /// `examine` to send, or why there is none), or an observe refused
    /// after a reconnect (the game is gone).
    fn on_reply(&mut self, cx: &Cx<'_>, asker: &Asker, answer: &Answer) -> Vec<Want> {
        match (asker, answer) {
            (Asker::ExamineLookup, answer) => match self.examine_lookup.answered(answer) {
                Some(Ok(examine)) => vec![Want::Send(examine)],
                Some(Err(why)) => vec![Want::Say(why)],
                None => Vec::new(),
            },
            (Asker::Observe(game), Answer::ObserveRefused { .. }) => {
                let gone = Change::GoneWhileDisconnected {
                    game: *game,
                    now: cx.now,
                };
                vec![Want::Change(gone)]
            }
            _ => Vec::new(),
        }
    }

    /// Claims a win on time where the opponent is surely out (Auto-flag
    /// on).
    fn on_tick(&mut self, cx: &Cx<'_>) -> Vec<Want> {
        if !cx.settings.play.auto_flag {
            return Vec::new();
        }
        let claims = self.auto_flag.due(cx.store, cx.now);
        claims.into_iter().map(Want::Send).collect()
    }

    /// When auto-flag needs a frame to claim (or claim again).
    fn next_frame(&self, cx: &Cx<'_>) -> Option<Now> {
        let on = cx.settings.play.auto_flag;
        on.then(|| self.auto_flag.deadline(cx.store, cx.now))
            .flatten()
    }
}
