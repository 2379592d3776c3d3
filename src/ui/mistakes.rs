//! Your mistakes: the Training tab's section (the deck, its background
//! review, "Practise") and the card's window: "find a better move" on a
//! board of its own, by mouse, by the board's keys or typed; after the
//! try, your move and the engine's in words and on the board (the
//! engine's as an arrow, yours marked), the game opened at that moment on
//! request.

use shakmaty::{Board, Color, Move, Square};

use crate::game::rules::Playable;
use crate::protocol::marks::Mark;
use crate::ui::board::pieces::PieceCache;
use crate::ui::board::{BoardAction, BoardState, BoardStyle, BoardView, board_ui};

/// What the section shows.
#[derive(Debug, Clone, Default)]
pub struct DeckSummary {
    /// A deck is kept (there is a data directory).
    pub kept: bool,
    /// The deck was read (else: "Reading…").
    pub loaded: bool,
    pub cards: usize,
    pub due: usize,
    /// When the next card comes, in words, if none is due.
    pub next_due: Option<String>,
    /// The background review is on.
    pub review_on: bool,
    /// Games reviewed, and still to review.
    pub reviewed: usize,
    pub left: usize,
    /// The game under review: its players, positions looked at, of all.
    pub under_way: Option<(String, usize, usize)>,
    /// Why the review waits, if it does.
    pub waiting: Option<&'static str>,
    /// The last news (a review taken in, a file that did not read).
    pub news: Option<String>,
    /// The user plays a game: cards wait until it is over.
    pub playing: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckAction {
    Practise,
    Background(bool),
}

/// The Training tab's "Your mistakes" section.
pub fn deck_section_ui(ui: &mut egui::Ui, deck: &DeckSummary) -> Option<DeckAction> {
    let mut action = None;
    ui.label(egui::RichText::new("Your mistakes").strong().size(15.0));
    if !deck.kept {
        ui.weak("No deck: Kibitz has no data directory to keep it in here.");
        return None;
    }
    if !deck.loaded {
        ui.weak("Reading your deck…");
        return None;
    }
    ui.label(match deck.cards {
        0 => {
            "No card yet: each mistake (?) or blunder (??) of yours in a reviewed game becomes one."
                .to_owned()
        }
        1 => "1 card: a position where you went wrong, to find a better move in.".to_owned(),
        n => format!("{n} cards: positions where you went wrong, to find better moves in."),
    });
    ui.horizontal_wrapped(|ui| {
        let label = match deck.due {
            0 => "Practise".to_owned(),
            n => format!("Practise ({n} due)"),
        };
        let button = ui.add_enabled(deck.due > 0 && !deck.playing, egui::Button::new(label));
        let button = match &deck.next_due {
            _ if deck.playing => button.on_disabled_hover_text("After your game"),
            Some(when) => button.on_disabled_hover_text(format!("The next card comes back {when}")),
            None => button,
        };
        if button.clicked() {
            action = Some(DeckAction::Practise);
        }
        if deck.due == 0
            && let Some(when) = &deck.next_due
        {
            ui.weak(format!("Next card {when}"));
        }
    });
    let mut on = deck.review_on;
    if ui
        .checkbox(&mut on, "Review my games in the background")
        .on_hover_text("With the engine, while it has nothing else to do and you are not playing")
        .changed()
    {
        action = Some(DeckAction::Background(on));
    }
    let reviewed = format!(
        "{} of your games reviewed, {} to go",
        deck.reviewed, deck.left
    );
    match (&deck.under_way, deck.waiting) {
        _ if !deck.review_on => {
            ui.weak(reviewed);
        }
        (_, Some(why)) => {
            ui.weak(format!("{reviewed}; waiting: {why}."));
        }
        (Some((players, known, all)), None) => {
            ui.weak(format!(
                "{reviewed}. Reviewing {players}: {known} of {all} positions."
            ));
        }
        (None, None) => {
            ui.weak(reviewed);
        }
    }
    if let Some(news) = &deck.news {
        ui.label(news);
    }
    action
}

/// What the card's window shows.
pub struct CardView<'a> {
    /// The question, or the answer once given.
    pub words: &'a str,
    pub pieces: &'a Board,
    pub orientation: Color,
    /// The board to try a move on (None: answered, or waiting for the
    /// engine's word).
    pub playable: Option<&'a Playable>,
    /// The move tried, marked.
    pub tried: Option<(Option<Square>, Square)>,
    /// The engine's move, drawn as an arrow once answered (blue).
    pub engine: Option<(Square, Square)>,
    /// The move played in the game, drawn as a mark once answered (green).
    pub played: Option<(Square, Square)>,
    /// Both in SAN, for the legend: the engine's, the game's.
    pub legend: Option<(String, String)>,
    pub answered: bool,
    /// Cards due after this one.
    pub due_after: usize,
    /// The game can be opened at that moment (not opened yet for this
    /// card).
    pub can_open: bool,
    /// The move before the card's position (the opponent's), marked.
    pub last_move: Option<(Option<Square>, Square)>,
    /// Why the last move typed was not taken.
    pub refusal: Option<&'a str>,
    /// A new card: the keyboard goes to it.
    pub give_keyboard: bool,
    /// Just answered: the keyboard goes to Next card (or Done).
    pub focus_next: bool,
    pub style: BoardStyle,
    pub auto_queen: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardAction {
    Tried(Move),
    /// A move typed (SAN or coordinates).
    Typed(String),
    GiveUp,
    Next,
    OpenGame,
    Close,
}

/// Room under the board for the move field and the buttons.
const BELOW_BOARD: f32 = 96.0;
/// The legend's words in the arrows' colours (as on the board, a shade
/// lighter to read on the window).
const ENGINE_BLUE: egui::Color32 = egui::Color32::from_rgb(90, 140, 230);
const PLAYED_GREEN: egui::Color32 = egui::Color32::from_rgb(60, 170, 70);
/// Lines of words over the board.
const WORDS_LINES: f32 = 3.0;

/// The card's window; `typed`: the move field's text.
pub fn card_window_ui(
    ctx: &egui::Context,
    view: &CardView<'_>,
    state: &mut BoardState,
    cache: &mut PieceCache,
    typed: &mut String,
) -> Option<CardAction> {
    let mut action = None;
    let mut open = true;
    // As of the last frame: Escape on a square lets go of the board first.
    let had_square = state.square_focused;
    let mut field_focused = false;
    egui::Window::new("Your mistakes")
        .open(&mut open)
        .default_size([460.0, 600.0])
        .default_pos(ctx.content_rect().center() - egui::vec2(230.0, 300.0))
        .resizable(true)
        .collapsible(false)
        .show(ctx, |ui| {
            (action, field_focused) = card_ui(ui, view, state, cache, typed);
        });
    // The card's board or its move field has the keyboard: the arrows,
    // Home and End are theirs, not the game boards' behind the window
    // (drawn after it).
    if state.square_focused || field_focused {
        ctx.input_mut(|i| {
            for key in [
                egui::Key::ArrowLeft,
                egui::Key::ArrowRight,
                egui::Key::ArrowUp,
                egui::Key::ArrowDown,
                egui::Key::Home,
                egui::Key::End,
            ] {
                i.consume_key(egui::Modifiers::NONE, key);
            }
        });
    }
    // Escape closes the card (when no square or field holds the key: a
    // square lets go of the keyboard with it first).
    let escape = !had_square
        && !state.square_focused
        && !ctx.text_edit_focused()
        && !state.is_choosing_promotion()
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if !open || escape {
        return Some(CardAction::Close);
    }
    action
}

fn card_ui(
    ui: &mut egui::Ui,
    view: &CardView<'_>,
    state: &mut BoardState,
    cache: &mut PieceCache,
    typed: &mut String,
) -> (Option<CardAction>, bool) {
    let mut action = None;
    let mut field_focused = false;
    // The words in a room of their own height: the board holds still
    // when the question (two lines) becomes the answer (three).
    let width = ui.available_width();
    let words_height = ui.text_style_height(&egui::TextStyle::Body) * WORDS_LINES;
    ui.allocate_ui_with_layout(
        egui::vec2(width, words_height),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_min_size(egui::vec2(width, words_height));
            ui.add(egui::Label::new(egui::RichText::new(view.words).strong()).wrap());
        },
    );
    let room = ui.available_size();
    let side = room.x.min(room.y - BELOW_BOARD).clamp(160.0, 720.0);
    let played = view.played.map(|(from, to)| Mark::Arrow(from, to));
    let board = BoardView {
        label: "Board, your mistake",
        pieces: view.pieces,
        orientation: view.orientation,
        playable: view.playable,
        mover: view.playable.map(Playable::turn),
        last_move: view.tried.or(view.last_move),
        check: None,
        premoves: &[],
        slide: None,
        auto_queen: view.auto_queen,
        allow_premove: false,
        style: view.style,
        marks: played.as_slice(),
        best_move: view.engine,
        typing: !typed.is_empty(),
    };
    match board_ui(ui, state, &board, cache, side) {
        Some(BoardAction::Move(mv)) => action = Some(CardAction::Tried(mv)),
        Some(BoardAction::Refused(why)) => state.said = Some(why.to_owned()),
        _ => {}
    }
    // Under the board, three rows of their own height, whatever shows:
    // the move field (or, once answered, the legend), why a typed move
    // was not taken, the buttons. Nothing under the pointer moves.
    let row_height = ui.spacing().interact_size.y + 4.0;
    let width = ui.available_width();
    let row = egui::vec2(width, row_height);
    let layout = egui::Layout::left_to_right(egui::Align::Center);
    ui.allocate_ui_with_layout(row, layout, |ui| {
        ui.set_min_size(row);
        match &view.legend {
            Some((engine, played)) if view.answered => {
                ui.label(egui::RichText::new("Blue").color(ENGINE_BLUE).strong());
                ui.label(format!("the engine's move, {engine};"));
                ui.label(egui::RichText::new("green").color(PLAYED_GREEN).strong());
                ui.label(format!("yours in the game, {played}."));
            }
            _ if view.answered => {}
            _ => {
                // While the engine looks at a try, the row stays, off.
                let trying = view.playable.is_some();
                let label = ui.label("Your move:");
                let field = ui.add_enabled(
                    trying,
                    egui::TextEdit::singleline(typed)
                        .hint_text("e.g. Nf3")
                        .desired_width(90.0),
                );
                let field = field.labelled_by(label.id);
                // A new card: the keyboard goes to the board's squares for a
                // screen reader (they exist only then: a square took the
                // request), else to this field.
                if view.give_keyboard && state.focus_square && !field.has_focus() {
                    state.focus_square = false;
                    field.request_focus();
                }
                field_focused = field.has_focus();
                if field.lost_focus()
                    && ui.input(|i| i.key_pressed(egui::Key::Enter))
                    && !typed.trim().is_empty()
                {
                    action = Some(CardAction::Typed(typed.clone()));
                    // The field keeps the keyboard for another try (its
                    // text to mend, if it was no move).
                    field.request_focus();
                }
                if ui
                    .add_enabled(trying, egui::Button::new("Show the answer"))
                    .clicked()
                {
                    action = Some(CardAction::GiveUp);
                }
            }
        }
    });
    ui.allocate_ui_with_layout(row, layout, |ui| {
        ui.set_min_size(row);
        if let Some(why) = view.refusal {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
    });
    // The game's button first: it stays where it is when the next one's
    // words change ("Next card (3 due)", "Done").
    ui.horizontal_wrapped(|ui| {
        let open = if view.can_open {
            "Open the game here"
        } else {
            "Opened on a board"
        };
        if ui
            .add_enabled(view.can_open, egui::Button::new(open))
            .on_hover_text("The game on a review board, at this position")
            .clicked()
        {
            action = Some(CardAction::OpenGame);
        }
        if view.answered {
            let next = match view.due_after {
                0 => "Done".to_owned(),
                n => format!("Next card ({n} due)"),
            };
            let next = ui.button(next);
            // Answered: the keyboard goes on to the next card (the move
            // field it was in is gone).
            if view.focus_next {
                next.request_focus();
            }
            if next.clicked() {
                action = Some(if view.due_after == 0 {
                    CardAction::Close
                } else {
                    CardAction::Next
                });
            }
        }
    });
    (action, field_focused)
}
