//! Clock text and colours: `m:ss`, tenths under 20 s, negative once the
//! flag has fallen, a low-time colour under 1/8 of the base time.

use egui::Color32;

use crate::ui::theme;

/// Below this, clocks show tenths and repaint ten times a second.
pub const TENTHS_BELOW_MS: i64 = 20_000;

/// `5:03`, `1:02:03`, `19.4` (under 20 s), `-0:03` / `-1.2` once flagged.
pub fn clock_text(remaining_ms: i64) -> String {
    let sign = if remaining_ms < 0 { "-" } else { "" };
    let ms = remaining_ms.unsigned_abs();
    if ms < TENTHS_BELOW_MS as u64 {
        return format!("{sign}{}.{}", ms / 1000, ms % 1000 / 100);
    }
    let secs = ms / 1000;
    let (hours, minutes, seconds) = (secs / 3600, secs / 60 % 60, secs % 60);
    if hours > 0 {
        format!("{sign}{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{sign}{minutes}:{seconds:02}")
    }
}

/// The low-time threshold: 1/8 of the base time, clamped to 10-60 s
/// (as lichess does).
pub fn low_time_ms(initial_time_min: u32) -> i64 {
    crate::config::automatic_low_time_ms(initial_time_min)
}

/// The low-time mark the user set (`set_seconds`; 0: [`low_time_ms`]).
pub fn low_mark_ms(set_seconds: u32, initial_time_min: u32) -> i64 {
    crate::config::low_mark_ms(set_seconds, initial_time_min)
}

/// Colours of a clock: running, idle, or low on time.
pub fn clock_colors(
    remaining_ms: i64,
    running: bool,
    low_ms: i64,
    timed: bool,
) -> (Color32, Color32) {
    if timed && remaining_ms < low_ms {
        (theme::CLOCK_LOW_BG, theme::CLOCK_LOW_FG)
    } else if running {
        (theme::CLOCK_RUNNING_BG, theme::CLOCK_RUNNING_FG)
    } else {
        (theme::CLOCK_IDLE_BG, theme::CLOCK_IDLE_FG)
    }
}

/// Draws one clock (its accessible label says whose it is and the time).
pub fn clock_ui(
    ui: &mut egui::Ui,
    who: &str,
    remaining_ms: i64,
    running: bool,
    low_ms: i64,
    timed: bool,
    size: f32,
) -> egui::Response {
    let text = if timed {
        clock_text(remaining_ms)
    } else {
        "-".to_owned()
    };
    let (bg, fg) = clock_colors(remaining_ms, running, low_ms, timed);
    // Painted, not a framed label: a frame is a child Ui and a label a
    // selectable text, and with 32 clocks on the wall that was a tenth of
    // a frame's layout.
    let font = egui::FontId::monospace(size);
    let galley = ui.painter().layout_no_wrap(text.clone(), font, fg);
    let margin = egui::vec2(6.0, 2.0);
    let (rect, response) =
        ui.allocate_exact_size(galley.size() + 2.0 * margin, egui::Sense::hover());
    if ui.is_rect_visible(rect) {
        ui.painter().rect_filled(rect, 4.0, bg);
        ui.painter().galley(rect.min + margin, galley, fg);
    }
    let accessible = format!("{who} clock {text}");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &accessible));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text() {
        assert_eq!(clock_text(300_000), "5:00");
        assert_eq!(clock_text(299_001), "4:59");
        assert_eq!(clock_text(20_000), "0:20");
        assert_eq!(clock_text(19_999), "19.9");
        assert_eq!(clock_text(5_040), "5.0");
        assert_eq!(clock_text(0), "0.0");
        assert_eq!(clock_text(-1_250), "-1.2");
        assert_eq!(clock_text(-63_000), "-1:03");
        assert_eq!(clock_text(3_723_000), "1:02:03");
    }

    #[test]
    fn low_time() {
        assert_eq!(low_time_ms(1), 10_000);
        assert_eq!(low_time_ms(3), 22_500);
        assert_eq!(low_time_ms(15), 60_000);
    }
}
