//! One game: names, ratings, clocks, the board, the move list, a result
//! banner and the buttons that fit the user's relation to the game. It
//! returns [`Action`]s; only UI-only state (selection, browsing, flip) is
//! changed here.

use egui::{Align, Layout, RichText};
use shakmaty::{Color, Move, Setup, Square};

use super::board::{BoardAction, BoardState, BoardView, Slide, board_ui, holdings_ui};
use super::clock::{TENTHS_BELOW_MS, clock_ui, low_time_ms};
use super::pieces::PieceCache;
use super::theme;
use crate::game::{Game, Now};
use crate::protocol::command::Command;
use crate::protocol::style12::{Relation, VerboseMove};

/// What a panel asks the app to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Send a command to the server.
    Send(Command),
    /// Play this move in this game.
    Move { game: u32, mv: Move },
    /// The user closed the panel.
    Close { game: u32 },
    /// Show this game alone (again: back to all games).
    Maximize { game: u32 },
    /// Move this game into an OS window of its own (again: dock it back).
    Detach { game: u32 },
}

/// An offer to the user that a panel can answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingOffer {
    pub from: String,
    /// `draw`, `abort`, `takeback` ...
    pub kind: String,
    pub accept: Command,
    pub decline: Command,
}

/// A panel's own state, kept between frames.
#[derive(Debug, Clone, Default)]
pub struct GameView {
    pub board: BoardState,
    /// The user turned the board around.
    pub flipped: bool,
    /// Showing the position after this many plies of the history, not the live one.
    pub browse: Option<usize>,
    pub premove: Option<Move>,
    /// Our move, shown until the server's board confirms or refuses it.
    pub pending: Option<(Move, Setup)>,
    /// The opponent's last move sliding in, and when it started.
    pub slide: Option<(Slide, Now)>,
    /// Auto-flag fired for this game already.
    pub flag_sent: bool,
}

/// Settings a panel follows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PanelSettings {
    pub auto_queen: bool,
    pub premove: bool,
    pub style: super::board::BoardStyle,
    pub animation_secs: f32,
}

impl From<&crate::config::Settings> for PanelSettings {
    fn from(settings: &crate::config::Settings) -> Self {
        PanelSettings {
            auto_queen: settings.play.auto_queen,
            premove: settings.play.premove,
            style: super::board::BoardStyle::from(&settings.board),
            animation_secs: settings.board.animation_ms as f32 / 1000.0,
        }
    }
}

/// Everything one panel needs for a frame.
pub struct PanelContext<'a> {
    pub now: Now,
    pub settings: PanelSettings,
    pub offers: &'a [PendingOffer],
    pub cache: &'a mut PieceCache,
}

/// Draws a game panel in the space `ui` offers.
pub fn game_panel_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
) -> Vec<Action> {
    let mut actions = Vec::new();
    let Some(board) = game.board.as_deref() else {
        ui.label(format!("Game {}: waiting for the board…", game.number));
        return actions;
    };
    let my_color = game.my_color();
    let base = my_color.unwrap_or(if board.flip {
        Color::Black
    } else {
        Color::White
    });
    let orientation = if view.flipped { !base } else { base };
    let bar_height = 26.0;
    let extra = if game.outcome.is_some() {
        bar_height
    } else {
        0.0
    };
    // The board as tall as the panel allows; the moves and buttons go beside
    // it when that leaves them a useful column, else below it.
    let tallest = (ui.available_height() - 2.0 * bar_height - extra - 32.0).max(0.0);
    let wide = ui.available_width() - tallest >= 140.0;
    let board_side = if wide {
        tallest.min(ui.available_width() - 140.0)
    } else {
        ui.available_width().min(tallest)
    }
    .max(0.0)
    .floor();

    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(board_side.max(180.0));
            player_bar_ui(ui, game, !orientation, cx, &mut view.board);
            if board_side >= theme::MIN_BOARD
                && let Some(action) = board_area_ui(ui, game, view, cx, orientation, board_side)
            {
                actions.push(action);
            }
            player_bar_ui(ui, game, orientation, cx, &mut view.board);
            if let Some(outcome) = &game.outcome {
                egui::Frame::new()
                    .fill(theme::BANNER_BG)
                    .inner_margin(4)
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        let text = format!("{} {}", outcome.result.as_str(), outcome.text);
                        ui.label(RichText::new(text).color(theme::BANNER_FG).strong());
                    });
            }
            if !wide {
                buttons_ui(ui, game, view, cx, &mut actions);
                // The move list below, where a narrow panel has room for it.
                if ui.available_height() > 60.0 {
                    move_list_ui(ui, game, view);
                }
            }
        });
        if wide {
            ui.vertical(|ui| {
                buttons_ui(ui, game, view, cx, &mut actions);
                move_list_ui(ui, game, view);
            });
        }
    });
    actions
}

fn board_area_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
    orientation: Color,
    side: f32,
) -> Option<Action> {
    let board = game.board.as_deref()?;
    let browsing = view
        .browse
        .and_then(|i| game.moves.get(i)?.position.clone());
    let live = browsing.is_none();
    let pending = view.pending.as_ref().map(|(_, setup)| setup.clone());
    let setup = browsing.or(pending).unwrap_or_else(|| board.setup());
    let position = if live && view.pending.is_none() && !game.is_over() {
        game.position()
    } else {
        None
    };
    let check = game
        .position()
        .filter(|p| live && shakmaty::Position::is_check(p))
        .and_then(|p| {
            let turn = shakmaty::Position::turn(&p);
            shakmaty::Position::board(&p).king_of(turn)
        });
    let last_move = if live { last_move_squares(board) } else { None };
    let slide = view.slide.and_then(|(slide, started)| {
        let duration = cx.settings.animation_secs.max(0.001);
        let progress = cx.now.saturating_sub(started).as_secs_f32() / duration;
        (progress < 1.0 && live).then_some(Slide { progress, ..slide })
    });
    if slide.is_none() {
        view.slide = None;
    }
    let label = format!("Board, game {}", game.number);
    let board_view = BoardView {
        label: &label,
        pieces: &setup.board,
        orientation,
        position: position.as_ref(),
        mover: game.my_color().filter(|_| !game.is_over()),
        last_move,
        check,
        premove: view.premove.as_ref(),
        slide,
        auto_queen: cx.settings.auto_queen,
        allow_premove: cx.settings.premove,
        style: cx.settings.style,
    };
    let action = board_ui(ui, &mut view.board, &board_view, cx.cache, side);
    match action? {
        BoardAction::Move(mv) => Some(Action::Move {
            game: game.number,
            mv,
        }),
        BoardAction::Premove(mv) => {
            view.premove = Some(mv);
            None
        }
        BoardAction::CancelPremove => {
            view.premove = None;
            None
        }
    }
}

/// The squares of the last move, from the verbose notation.
fn last_move_squares(
    board: &crate::protocol::style12::Style12,
) -> Option<(Option<Square>, Square)> {
    let back = (!board.turn).backrank();
    let on_back = |file| Square::from_coords(file, back);
    match board.last_move {
        VerboseMove::Normal { from, to, .. } => Some((Some(from), to)),
        VerboseMove::Drop { to, .. } => Some((None, to)),
        VerboseMove::CastleShort => {
            Some((Some(on_back(shakmaty::File::E)), on_back(shakmaty::File::G)))
        }
        VerboseMove::CastleLong => {
            Some((Some(on_back(shakmaty::File::E)), on_back(shakmaty::File::C)))
        }
        VerboseMove::None | VerboseMove::Other(_) => None,
    }
}

/// Name, rating, holdings and clock of one side.
fn player_bar_ui(
    ui: &mut egui::Ui,
    game: &Game,
    color: Color,
    cx: &mut PanelContext<'_>,
    board: &mut BoardState,
) {
    let player = &game.players[color];
    let remaining = game.remaining_ms(color, cx.now);
    let running = game.clock.running() == Some(color);
    let timed = game.initial_time_min > 0 || game.increment_s > 0;
    let to_move = game.board.as_deref().is_some_and(|b| b.turn == color) && !game.is_over();
    ui.horizontal(|ui| {
        let mut name = RichText::new(&player.handle).strong();
        if to_move {
            name = name.underline();
        }
        ui.label(name);
        if let Some(rating) = &player.rating {
            ui.label(RichText::new(format!("({rating})")).weak());
        }
        if let Some(holdings) = &game.holdings {
            let counts = if color.is_white() {
                &holdings.white_counts
            } else {
                &holdings.black_counts
            };
            let counts = [
                counts.pawn,
                counts.knight,
                counts.bishop,
                counts.rook,
                counts.queen,
            ];
            // Our own pieces in hand can be dragged onto the board.
            let mine = game.my_color() == Some(color) && !game.is_over();
            holdings_ui(ui, board, color, counts, mine, cx.cache, 22.0);
        }
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            let low = low_time_ms(game.initial_time_min);
            let who = if color.is_white() { "White" } else { "Black" };
            clock_ui(ui, who, remaining, running, low, timed, 18.0);
            let lag = game.lag[color].last_ms;
            if lag > 0 {
                ui.label(RichText::new(format!("lag {lag} ms")).small().weak());
            }
        });
    });
}

fn buttons_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    actions: &mut Vec<Action>,
) {
    let relation = game.relation;
    ui.horizontal_wrapped(|ui| {
        if relation.is_playing() && !game.is_over() {
            for (label, command) in [
                ("Draw", Command::Draw),
                ("Resign", Command::Resign),
                ("Abort", Command::Abort),
                ("Takeback", Command::Takeback(1)),
                ("Flag", Command::Flag),
            ] {
                if ui.button(label).clicked() {
                    actions.push(Action::Send(command));
                }
            }
        }
        if matches!(relation, Relation::Observing | Relation::ObservingExamined)
            && !game.is_over()
            && !game.detached
            && named_button(ui, "Unobserve", &format!("Unobserve game {}", game.number)).clicked()
        {
            actions.push(Action::Send(Command::Unobserve(Some(game.number))));
        }
        if ui.button("Flip").clicked() {
            view.flipped = !view.flipped;
        }
        if named_button(ui, "Maximize", &format!("Maximize game {}", game.number)).clicked() {
            actions.push(Action::Maximize { game: game.number });
        }
        if named_button(ui, "Window", &format!("Detach game {}", game.number))
            .on_hover_text("Show this game in a window of its own (again: dock it back)")
            .clicked()
        {
            actions.push(Action::Detach { game: game.number });
        }
        let close = ui.button("Close");
        let name = format!("Close game {}", game.number);
        close.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        if close.clicked() {
            actions.push(Action::Close { game: game.number });
        }
    });
    let opponent = game.my_color().map(|c| game.players[!c].handle.as_str());
    for offer in cx
        .offers
        .iter()
        .filter(|o| Some(o.from.as_str()) == opponent)
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} offers: {}", offer.from, offer.kind));
            if ui.button("Accept").clicked() {
                actions.push(Action::Send(offer.accept.clone()));
            }
            if ui.button("Decline").clicked() {
                actions.push(Action::Send(offer.decline.clone()));
            }
        });
    }
}

/// The SAN move list; a click shows that position, arrows step, "Live" returns.
fn move_list_ui(ui: &mut egui::Ui, game: &Game, view: &mut GameView) {
    ui.horizontal(|ui| {
        let live = view.browse.is_none();
        if ui.add_enabled(!live, egui::Button::new("Live")).clicked() {
            view.browse = None;
        }
        if game.incomplete {
            ui.label(RichText::new("(earlier moves missing)").weak());
        }
    });
    let first_ply = game.start_ply as usize;
    egui::ScrollArea::vertical()
        .id_salt(("moves", game.number))
        .auto_shrink([false, false])
        .stick_to_bottom(view.browse.is_none())
        .show(ui, |ui| {
            egui::Grid::new(("move grid", game.number))
                .num_columns(3)
                .show(ui, |ui| {
                    let mut ply = first_ply;
                    let mut index = 0;
                    if ply % 2 == 1 && !game.moves.is_empty() {
                        ui.label(format!("{}.", ply / 2 + 1));
                        ui.label("…");
                    }
                    while index < game.moves.len() {
                        if ply.is_multiple_of(2) {
                            ui.label(format!("{}.", ply / 2 + 1));
                        }
                        let current = view
                            .browse
                            .map_or(index + 1 == game.moves.len(), |b| b == index);
                        let san = &game.moves[index].san;
                        if ui.selectable_label(current, san).clicked() {
                            view.browse = (index + 1 != game.moves.len()).then_some(index);
                        }
                        if ply % 2 == 1 {
                            ui.end_row();
                        }
                        ply += 1;
                        index += 1;
                    }
                });
        });
}

/// Steps through the history with the keyboard: Left/Right, Home/End.
pub fn browse_keys(ui: &egui::Ui, game: &Game, view: &mut GameView) {
    let last = game.moves.len().checked_sub(1);
    let Some(last) = last else {
        return;
    };
    let (left, right, home, end) = ui.input(|i| {
        (
            i.key_pressed(egui::Key::ArrowLeft),
            i.key_pressed(egui::Key::ArrowRight),
            i.key_pressed(egui::Key::Home),
            i.key_pressed(egui::Key::End),
        )
    });
    let at = view.browse.unwrap_or(last);
    let target = if left {
        Some(at.saturating_sub(1))
    } else if right {
        Some((at + 1).min(last))
    } else if home {
        Some(0)
    } else if end {
        Some(last)
    } else {
        return;
    };
    view.browse = target.filter(|&t| t != last);
}

/// When the displayed clock next changes: for repaint scheduling.
pub fn next_clock_change(game: &Game, now: Now) -> Option<Now> {
    game.clock.next_visible_change(now, TENTHS_BELOW_MS)
}

/// A button whose accessible name says which game it acts on.
fn named_button(ui: &mut egui::Ui, text: &str, name: &str) -> egui::Response {
    let response = ui.button(text);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response
}
