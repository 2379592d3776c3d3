//! Every colour and size the UI uses, in one place.

use egui::Color32;

use crate::engine::review::Judgement;

/// Board squares.
pub const LIGHT_SQUARE: Color32 = Color32::from_rgb(0xEE, 0xE4, 0xD0);
pub const DARK_SQUARE: Color32 = Color32::from_rgb(0xB0, 0x8A, 0x66);
/// The last move's two squares (drawn over the square colour).
pub const LAST_MOVE: Color32 = Color32::from_rgba_unmultiplied_const(0xC8, 0xD0, 0x40, 0x78);
/// The selected piece's square.
pub const SELECTED: Color32 = Color32::from_rgba_unmultiplied_const(0x30, 0x90, 0x50, 0x80);
/// A king in check (radial glow colour).
pub const CHECK: Color32 = Color32::from_rgba_unmultiplied_const(0xE0, 0x20, 0x20, 0xA0);
/// Legal-target dots and capture rings.
pub const TARGET: Color32 = Color32::from_rgba_unmultiplied_const(0x20, 0x50, 0x28, 0x70);
/// A queued premove.
pub const PREMOVE: Color32 = Color32::from_rgba_unmultiplied_const(0x40, 0x68, 0xC0, 0x90);
/// Coordinates drawn on the edge squares.
pub const COORDINATE_ON_LIGHT: Color32 = DARK_SQUARE;
pub const COORDINATE_ON_DARK: Color32 = LIGHT_SQUARE;

/// Clocks.
pub const CLOCK_RUNNING_BG: Color32 = Color32::from_rgb(0xF2, 0xF2, 0xF2);
pub const CLOCK_RUNNING_FG: Color32 = Color32::from_rgb(0x10, 0x10, 0x10);
pub const CLOCK_IDLE_BG: Color32 = Color32::from_rgb(0x40, 0x40, 0x44);
pub const CLOCK_IDLE_FG: Color32 = Color32::from_rgb(0xC8, 0xC8, 0xC8);
pub const CLOCK_LOW_BG: Color32 = Color32::from_rgb(0xC0, 0x30, 0x28);
pub const CLOCK_LOW_FG: Color32 = Color32::WHITE;

/// Result banner.
pub const BANNER_BG: Color32 = Color32::from_rgb(0x2E, 0x4A, 0x6E);
pub const BANNER_FG: Color32 = Color32::WHITE;

/// Moves judged in a review (lichess's colours), and the evaluation graph.
pub const INACCURACY: Color32 = Color32::from_rgb(0x56, 0xB4, 0xE9);
pub const MISTAKE: Color32 = Color32::from_rgb(0xE6, 0x9F, 0x00);
pub const BLUNDER: Color32 = Color32::from_rgb(0xDB, 0x30, 0x31);
/// The graph's ground (before any position is known), White's share and
/// Black's, its line.
pub const GRAPH_BG: Color32 = Color32::from_rgb(0x5A, 0x5A, 0x5E);
pub const GRAPH_WHITE: Color32 = Color32::from_rgb(0xD8, 0xD8, 0xD8);
pub const GRAPH_BLACK: Color32 = Color32::from_rgb(0x30, 0x30, 0x33);
pub const GRAPH_LINE: Color32 = Color32::from_rgb(0xD0, 0x90, 0x30);

/// The smallest board edge, in points: below it panels show names and
/// clocks only.
pub const MIN_BOARD: f32 = 96.0;
/// The opponent's move slides over this long.
pub const ANIMATION_SECS: f32 = 0.15;

/// Light and dark squares of the board's theme (or the user's colours).
pub fn board_colors(board: &crate::config::BoardSettings) -> (Color32, Color32) {
    use crate::config::BoardTheme;
    let rgb = |[r, g, b]: [u8; 3]| Color32::from_rgb(r, g, b);
    match board.theme {
        BoardTheme::Brown => (LIGHT_SQUARE, DARK_SQUARE),
        BoardTheme::Blue => (
            Color32::from_rgb(0xDE, 0xE3, 0xE6),
            Color32::from_rgb(0x8C, 0xA2, 0xAD),
        ),
        BoardTheme::Green => (
            Color32::from_rgb(0xEE, 0xEE, 0xD2),
            Color32::from_rgb(0x76, 0x96, 0x56),
        ),
        BoardTheme::Grey => (
            Color32::from_rgb(0xDC, 0xDC, 0xDC),
            Color32::from_rgb(0x9A, 0x9A, 0x9A),
        ),
        BoardTheme::Purple => (
            Color32::from_rgb(0xE8, 0xE0, 0xF0),
            Color32::from_rgb(0x8E, 0x76, 0xA8),
        ),
        BoardTheme::Ice => (
            Color32::from_rgb(0xE6, 0xF0, 0xF6),
            Color32::from_rgb(0x7F, 0xA8, 0xC9),
        ),
        BoardTheme::Olive => (
            Color32::from_rgb(0xE8, 0xE6, 0xC4),
            Color32::from_rgb(0x8C, 0x8A, 0x52),
        ),
        BoardTheme::Coral => (
            Color32::from_rgb(0xF4, 0xE4, 0xDA),
            Color32::from_rgb(0xC8, 0x7A, 0x6A),
        ),
        BoardTheme::Custom => (rgb(board.custom_light), rgb(board.custom_dark)),
    }
}

/// The colour of a judgement's glyph (lichess's).
pub fn judgement_color(judgement: Judgement) -> Color32 {
    match judgement {
        Judgement::Inaccuracy => INACCURACY,
        Judgement::Mistake => MISTAKE,
        Judgement::Blunder => BLUNDER,
    }
}
