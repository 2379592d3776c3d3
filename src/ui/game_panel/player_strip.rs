//! A player's strip above or below the board: the side-to-move dot, the
//! name (a click opens the card), the rating in words, the pieces in hand
//! (drop games) or the material (the pieces taken and the lead), the lag
//! and the clock.

use egui::{Align, Layout, RichText};
use shakmaty::{ByColor, Color, Role};

use crate::game::Game;
use crate::game::material::{Material, hand};
use crate::ui::board::pieces::PieceCache;
use crate::ui::board::{BoardState, holdings_ui};
use crate::ui::game_panel::clock::{clock_ui, low_mark_ms};
use crate::ui::game_panel::game_view::{Action, PanelContext};

/// The pieces in hand of each side (pawn, knight, bishop, rook, queen) in
/// the position shown: a browsed position's own, else the server's
/// holdings, else the board's (a review keeps them in its positions).
pub(crate) fn pieces_in_hand(game: &Game, browse: Option<usize>) -> Option<ByColor<[u8; 5]>> {
    let of_pockets = |pockets: ByColor<shakmaty::ByRole<u8>>| pockets.map(|r| hand(&r));
    let browsed = browse.and_then(|plies| game.position_after(plies)?.pockets);
    if let Some(pockets) = browsed {
        return Some(of_pockets(pockets));
    }
    if let Some(holdings) = &game.holdings {
        return Some(ByColor {
            white: hand(&holdings.white_counts.pocket()),
            black: hand(&holdings.black_counts.pocket()),
        });
    }
    game.board.as_deref()?.setup.pockets.map(of_pockets)
}

/// The material of the position shown (browsed, or the live one), from
/// the game's start.
pub(crate) fn material_of(game: &Game, browse: Option<usize>) -> Option<Material> {
    let start = game
        .start
        .as_ref()
        .map_or_else(shakmaty::Board::default, |s| s.board.clone());
    let now = match browse {
        Some(plies) => game.position_after(plies)?.board,
        None => game.board.as_deref()?.setup.board.clone(),
    };
    Some(Material::between(&start, &now))
}

/// `color`'s lead in pawns and the pieces it has taken, small (one
/// overlapping the next where several of a kind). All its pieces are one mesh
/// of the piece atlas: sixteen boards stay few draw calls.
fn taken_ui(ui: &mut egui::Ui, material: &Material, color: Color, cache: &mut PieceCache) {
    const SIDE: f32 = 13.0;
    // The lead first: text after the pieces would be a draw call more.
    let lead = material.lead(color);
    if lead > 0 {
        ui.label(RichText::new(format!("+{lead}")).small().strong());
    }
    let roles = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    // Each more of a kind a third of a piece further.
    let width_of = |count: u8| SIDE + (f32::from(count) - 1.0) * SIDE / 3.0;
    let needed: f32 = material.taken[color]
        .iter()
        .filter(|count| **count > 0)
        .map(|count| width_of(*count) + ui.spacing().item_spacing.x)
        .sum();
    // Where the pieces would run under the clock, the lead says it.
    if needed > ui.available_width() {
        return;
    }
    let pixels = (SIDE * ui.ctx().pixels_per_point()).round() as u32;
    let mut mesh: Option<egui::Mesh> = None;
    for (role, count) in roles.into_iter().zip(material.taken[color]).rev() {
        if count == 0 {
            continue;
        }
        let (rect, _) =
            ui.allocate_exact_size(egui::vec2(width_of(count), SIDE), egui::Sense::hover());
        let piece = shakmaty::Piece {
            color: !color,
            role,
        };
        let Some((texture, uv)) = cache.get(ui.ctx(), piece, pixels) else {
            continue;
        };
        let mesh = mesh.get_or_insert_with(|| egui::Mesh::with_texture(texture));
        for i in 0..count {
            let at = egui::vec2(f32::from(i) * SIDE / 3.0, 0.0);
            let square = egui::Rect::from_min_size(rect.min + at, egui::vec2(SIDE, SIDE));
            mesh.add_rect_with_uv(square, uv, egui::Color32::WHITE);
        }
    }
    if let Some(mesh) = mesh {
        ui.painter().add(egui::Shape::mesh(mesh));
    }
}

/// What the strips of a tile show besides the game's own fields.
#[derive(Clone, Copy)]
pub(crate) struct Shown<'a> {
    pub game: &'a Game,
    /// Pieces in hand (drop games), as of the position shown.
    pub in_hand: Option<ByColor<[u8; 5]>>,
    /// Pieces taken (other games), as of the position shown.
    pub material: Option<Material>,
    /// The opening's name, where the tile shows no move list.
    pub opening: Option<&'a str>,
}

/// Name, rating, holdings and clock of one side, in one line; `opening`:
/// the opening's name after them, where room is left (a tile too small for
/// its move list, which names it otherwise).
pub(crate) fn strip_ui(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    shown: Shown<'_>,
    color: Color,
    cx: &mut PanelContext<'_>,
    board: &mut BoardState,
    actions: &mut Vec<Action>,
) {
    let Shown {
        game,
        in_hand,
        material,
        opening,
    } = shown;
    let player = &game.players[color];
    let remaining = game.remaining_ms(color, cx.now);
    let running = game.clock.running() == Some(color);
    let timed = game.initial_time_min > 0 || game.increment_s > 0;
    let to_move = game.board.as_deref().is_some_and(|b| b.turn == color) && !game.is_over();
    let mut strip = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect)
            .layout(Layout::left_to_right(Align::Center)),
    );
    strip.set_clip_rect(rect.intersect(ui.clip_rect()));
    let ui = &mut strip;
    ui.spacing_mut().item_spacing.x = 4.0;
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        let low = low_mark_ms(cx.settings.low_time_seconds, game.initial_time_min);
        let who = if color.is_white() { "White" } else { "Black" };
        clock_ui(ui, who, remaining, running, low, timed, 15.0);
        let lag = game.lag[color].last_ms;
        if lag > 0 && rect.width() > 260.0 {
            ui.label(RichText::new(format!("lag {lag} ms")).small().weak());
        }
        ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
            // The side to move: a dot in its colour, and the name underlined.
            let (dot, _) = ui.allocate_exact_size(egui::vec2(8.0, 8.0), egui::Sense::hover());
            if to_move {
                let fill = if color.is_white() {
                    egui::Color32::WHITE
                } else {
                    egui::Color32::BLACK
                };
                ui.painter()
                    .circle(dot.center(), 4.0, fill, (1.0, egui::Color32::GRAY));
            }
            let mut name = RichText::new(&player.handle).strong();
            if to_move {
                name = name.underline();
            }
            // The name opens the player's card.
            let response = ui
                .add(
                    egui::Label::new(name)
                        .truncate()
                        .sense(egui::Sense::click()),
                )
                .on_hover_text(format!("{}'s profile", player.handle));
            if response.clicked() {
                actions.push(Action::Profile {
                    handle: player.handle.clone(),
                });
            }
            if let Some(rating) = &player.rating {
                // `1720`, `unrated`, `guest` (not the wire's `----`, `++++`).
                let shown = crate::protocol::words::Rating::parse(rating)
                    .map_or_else(|| rating.clone(), |r| r.shown());
                ui.label(RichText::new(shown).weak());
            }
            if let Some(in_hand) = in_hand {
                let counts = in_hand[color];
                // Our own pieces in hand can be dragged onto the board.
                let mine = game.my_color() == Some(color) && !game.is_over();
                holdings_ui(ui, board, color, counts, mine, cx.cache, 18.0);
            }
            if let Some(material) = &material {
                taken_ui(ui, material, color, cx.cache);
            }
            // A few letters at least, or nothing.
            if let Some(opening) = opening.filter(|_| ui.available_width() > 60.0) {
                ui.add(egui::Label::new(RichText::new(opening).small().weak()).truncate())
                    .on_hover_text(opening);
            }
        });
    });
}
