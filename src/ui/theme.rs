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
/// The ring round the square with the keyboard (blue: apart from the
/// last move's yellow, the selection's green and check's red).
pub const FOCUS_RING: Color32 = Color32::from_rgb(0x20, 0x70, 0xE0);
/// Legal-target dots and capture rings.
pub const TARGET: Color32 = Color32::from_rgba_unmultiplied_const(0x20, 0x50, 0x28, 0x70);
/// A queued premove.
pub const PREMOVE: Color32 = Color32::from_rgba_unmultiplied_const(0x40, 0x68, 0xC0, 0x90);

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

/// The console's colours of one theme (light or dark windows): each
/// readable on that theme's panels (WCAG AA, 4.5:1; see the test).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConsoleColors {
    /// A line that names the user.
    pub mention: Color32,
    /// A tell to the user.
    pub tell: Color32,
    /// Other chat: channels, shouts, kibitzes.
    pub chat: Color32,
    /// A line Kibitz could not read.
    pub unparsed: Color32,
    /// Kibitz's own notes.
    pub note: Color32,
}

/// The console's colours for dark or light windows.
pub fn console_colors(dark: bool) -> ConsoleColors {
    if dark {
        ConsoleColors {
            mention: Color32::from_rgb(0xF0, 0x90, 0xE0),
            tell: Color32::from_rgb(0x70, 0xD0, 0x70),
            chat: Color32::from_rgb(0xA0, 0xC8, 0xF0),
            unparsed: Color32::from_rgb(0xD0, 0x80, 0x20),
            note: Color32::from_rgb(0x60, 0xA0, 0xE0),
        }
    } else {
        ConsoleColors {
            mention: Color32::from_rgb(0xA0, 0x20, 0x88),
            tell: Color32::from_rgb(0x1E, 0x6E, 0x1E),
            chat: Color32::from_rgb(0x1C, 0x5A, 0x9C),
            unparsed: Color32::from_rgb(0x9A, 0x4A, 0x00),
            note: Color32::from_rgb(0x20, 0x58, 0xA0),
        }
    }
}

/// egui's windows as Kibitz paints them: its own light and dark visuals
/// with the few colours that did not read changed. Weak text (hints,
/// greyed labels) was 2.6:1 on the light panels; an unticked checkbox and
/// an empty text field had no edge at all (grey 230 on 248, grey 60 on 27);
/// links, warnings and errors were below 4.5:1. Now each is readable as
/// WCAG AA asks: text 4.5:1, the edge of a control 3:1.
pub fn visuals(dark: bool) -> egui::Visuals {
    let mut v = if dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    let edge = if dark {
        Color32::from_gray(118)
    } else {
        Color32::from_gray(128)
    };
    v.widgets.inactive.bg_stroke = egui::Stroke::new(1.0, edge);
    if dark {
        v.weak_text_color = Some(Color32::from_gray(150));
        v.error_fg_color = Color32::from_rgb(0xFF, 0x60, 0x60);
    } else {
        v.weak_text_color = Some(Color32::from_gray(105));
        v.hyperlink_color = Color32::from_rgb(0x00, 0x5A, 0xB4);
        v.warn_fg_color = Color32::from_rgb(0xA8, 0x48, 0x00);
        v.error_fg_color = Color32::from_rgb(0xC0, 0x00, 0x00);
    }
    v
}

/// Puts [`visuals`] in the context for both themes, once (egui's own
/// visuals have no weak text colour of their own: that tells them apart).
pub fn install_visuals(ctx: &egui::Context) {
    if ctx
        .style_of(egui::Theme::Light)
        .visuals
        .weak_text_color
        .is_none()
    {
        ctx.set_visuals_of(egui::Theme::Dark, visuals(true));
        ctx.set_visuals_of(egui::Theme::Light, visuals(false));
    }
}

/// The evaluation graph's and the time chart's colours: ground, White's
/// share, Black's share, the line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GraphColors {
    pub ground: Color32,
    pub white: Color32,
    pub black: Color32,
    pub line: Color32,
}

/// The graphs follow the theme (a dark graph stood out on light windows).
pub fn graph_colors(dark: bool) -> GraphColors {
    if dark {
        GraphColors {
            ground: GRAPH_BG,
            white: GRAPH_WHITE,
            black: GRAPH_BLACK,
            line: GRAPH_LINE,
        }
    } else {
        GraphColors {
            ground: Color32::from_rgb(0xC8, 0xC8, 0xCC),
            white: Color32::from_rgb(0xFA, 0xFA, 0xFA),
            black: Color32::from_rgb(0x5A, 0x5A, 0x60),
            line: Color32::from_rgb(0xB0, 0x60, 0x00),
        }
    }
}

/// The coordinates' ink on light and on dark squares: the other square's
/// colour, darkened (or lightened) until it reads at 3:1 (the brown
/// board's own colours give 2.5:1), for any board's colours.
pub fn coordinate_colors(light: Color32, dark: Color32) -> (Color32, Color32) {
    // Toward `to` first; where even `to` does not read (white on a
    // mid-tone square), toward the other end.
    let readable = |from: Color32, to: Color32, other: Color32, ground: Color32| {
        let steps =
            |to: Color32| (0..=20).map(move |step| from.lerp_to_gamma(to, step as f32 / 20.0));
        steps(to)
            .chain(steps(other))
            .find(|c| contrast(*c, ground) >= 3.2)
            .unwrap_or(other)
    };
    (
        readable(dark, Color32::BLACK, Color32::WHITE, light),
        readable(light, Color32::WHITE, Color32::BLACK, dark),
    )
}

/// WCAG's contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Color32, b: Color32) -> f32 {
    fn luminance(c: Color32) -> f32 {
        let channel = |v: u8| {
            let v = f32::from(v) / 255.0;
            if v <= 0.040_45 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(c.r()) + 0.7152 * channel(c.g()) + 0.0722 * channel(c.b())
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The colour of a judgement's glyph (lichess's), readable as text on the
/// dark or light panels (lichess's light blue and amber were 2:1 on the
/// light ones).
pub fn judgement_color(judgement: Judgement, dark: bool) -> Color32 {
    match (judgement, dark) {
        (Judgement::Inaccuracy, true) => INACCURACY,
        (Judgement::Mistake, true) => MISTAKE,
        (Judgement::Blunder, true) => Color32::from_rgb(0xF0, 0x58, 0x58),
        (Judgement::Inaccuracy, false) => Color32::from_rgb(0x1A, 0x62, 0x9E),
        (Judgement::Mistake, false) => Color32::from_rgb(0x94, 0x58, 0x00),
        (Judgement::Blunder, false) => Color32::from_rgb(0xB8, 0x1C, 0x1C),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG AA: text 4.5:1 against what it is drawn on, marks and large
    /// text 3:1; over both themes' panels, the clocks, the banner, the
    /// graphs and every board theme's coordinates.
    #[test]
    fn every_text_and_mark_is_readable_on_its_ground() {
        for dark in [true, false] {
            let visuals = visuals(dark);
            let ground = visuals.panel_fill;
            // egui's own text, on panels, windows and text fields.
            for ground in [ground, visuals.window_fill, visuals.extreme_bg_color] {
                for (name, color) in [
                    ("text", visuals.text_color()),
                    ("weak text", visuals.weak_text_color()),
                    ("link", visuals.hyperlink_color),
                    ("warning", visuals.warn_fg_color),
                    ("error", visuals.error_fg_color),
                ] {
                    let ratio = contrast(color, ground);
                    assert!(ratio >= 4.5, "{name} on the {dark} theme: {ratio:.2}");
                }
            }
            // A button's text on the button, and the edge of an unticked
            // checkbox or an empty text field on the panel.
            let idle = &visuals.widgets.inactive;
            assert!(contrast(idle.fg_stroke.color, idle.weak_bg_fill) >= 4.5);
            assert!(
                contrast(idle.bg_stroke.color, ground) >= 3.0,
                "a control's edge, dark {dark}"
            );
            assert!(idle.bg_stroke.width >= 1.0);
            let c = console_colors(dark);
            for (name, color) in [
                ("mention", c.mention),
                ("tell", c.tell),
                ("chat", c.chat),
                ("unparsed", c.unparsed),
                ("note", c.note),
                ("text", visuals.text_color()),
            ] {
                let ratio = contrast(color, ground);
                assert!(ratio >= 4.5, "{name} on the {dark} theme: {ratio:.2}");
            }
            for judgement in [
                Judgement::Inaccuracy,
                Judgement::Mistake,
                Judgement::Blunder,
            ] {
                let ratio = contrast(judgement_color(judgement, dark), ground);
                assert!(
                    ratio >= 4.5,
                    "{judgement:?} on the {dark} theme: {ratio:.2}"
                );
            }
            // The graph reads by the edge between White's share and
            // Black's (its line only follows that edge).
            let g = graph_colors(dark);
            assert!(
                contrast(g.white, g.black) >= 3.0,
                "graph shares, dark {dark}"
            );
            assert!(
                contrast(g.ground, ground) >= 1.3,
                "the graph's edge, dark {dark}"
            );
        }
        for (fg, bg) in [
            (CLOCK_RUNNING_FG, CLOCK_RUNNING_BG),
            (CLOCK_IDLE_FG, CLOCK_IDLE_BG),
            (CLOCK_LOW_FG, CLOCK_LOW_BG),
            (BANNER_FG, BANNER_BG),
        ] {
            assert!(contrast(fg, bg) >= 4.5, "{fg:?} on {bg:?}");
        }
        use crate::config::{BoardSettings, BoardTheme};
        // Every theme but the user's own colours (checked as drawn: the
        // coordinates' colours are worked out for any squares).
        for theme in BoardTheme::ALL
            .into_iter()
            .filter(|t| *t != BoardTheme::Custom)
        {
            let board = BoardSettings {
                theme,
                ..BoardSettings::default()
            };
            let (light, dark) = board_colors(&board);
            let (on_light, on_dark) = coordinate_colors(light, dark);
            assert!(
                contrast(on_light, light) >= 3.0,
                "{theme:?} coordinates on light"
            );
            assert!(
                contrast(on_dark, dark) >= 3.0,
                "{theme:?} coordinates on dark"
            );
        }
    }
}
