//! The move-time chart under a review's evaluation graph: a bar per move,
//! White's up from the middle, Black's down, as long as the move took
//! (against the game's longest); the position on the board marked by a
//! line, as on the graph above it. A click or a drag shows that position.

use egui::{Color32, Pos2, Rect, Sense, Stroke, pos2};

use crate::game::Game;
use crate::ui::theme;

/// Draws the chart of `game`'s move times in `rect` (`current`: the
/// position shown, 0 the start); the position picked, if any.
pub fn time_chart_ui(ui: &mut egui::Ui, rect: Rect, game: &Game, current: usize) -> Option<usize> {
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let times: Vec<Option<u64>> = game.moves.iter().map(|m| m.time_taken_ms).collect();
    let longest = times.iter().flatten().copied().max().unwrap_or(0);
    let slowest = times
        .iter()
        .position(|t| *t == Some(longest))
        .map(|i| game.moves[i].san.as_str())
        .unwrap_or("");
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Image,
            true,
            format!(
                "Move times chart, the longest {} ({slowest})",
                move_time(longest)
            ),
        )
    });
    let painter = ui.painter_at(rect);
    let colors = theme::graph_colors(ui.visuals().dark_mode);
    painter.rect_filled(rect, 2.0, colors.ground);
    // Positions as the graph above counts them: the start, then one a move.
    let count = times.len() + 1;
    let x_of = |index: usize| rect.left() + rect.width() * index as f32 / (count - 1).max(1) as f32;
    let middle = rect.center().y;
    let half = rect.height() / 2.0 - 1.0;
    let width = (rect.width() / count as f32 * 0.7).clamp(1.0, 6.0);
    for (i, took) in times.iter().enumerate() {
        let Some(took) = took.filter(|_| longest > 0) else {
            continue;
        };
        // A square root: a long think does not flatten the quick moves.
        let length = half * (took as f32 / longest as f32).sqrt();
        let white = (game.start_ply as usize + i).is_multiple_of(2);
        let (top, bottom, color) = if white {
            (middle - length, middle, colors.white)
        } else {
            (middle, middle + length, colors.black)
        };
        let x = x_of(i + 1);
        let bar = Rect::from_min_max(pos2(x - width / 2.0, top), pos2(x + width / 2.0, bottom));
        painter.rect_filled(bar, 0.0, color);
    }
    painter.hline(
        rect.x_range(),
        middle,
        Stroke::new(1.0, Color32::from_gray(0x90)),
    );
    let x = x_of(current.min(count - 1));
    painter.vline(x, rect.y_range(), Stroke::new(1.5, theme::INACCURACY));
    let index_at = |pos: Pos2| {
        let t = ((pos.x - rect.left()) / rect.width().max(1.0)).clamp(0.0, 1.0);
        (t * (count - 1) as f32).round() as usize
    };
    (response.clicked() || response.dragged())
        .then(|| response.interact_pointer_pos())
        .flatten()
        .map(index_at)
}

/// A move's time as the list shows it: `3.2` (tenths under ten seconds),
/// `12`, `1:05`.
pub fn move_time(ms: u64) -> String {
    let seconds = ms / 1000;
    match seconds {
        0..10 => format!("{}.{}", seconds, ms % 1000 / 100),
        10..60 => seconds.to_string(),
        _ => format!("{}:{:02}", seconds / 60, seconds % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_times_as_the_list_shows_them() {
        assert_eq!(move_time(3_240), "3.2");
        assert_eq!(move_time(0), "0.0");
        assert_eq!(move_time(12_900), "12");
        assert_eq!(move_time(65_000), "1:05");
        assert_eq!(move_time(3_600_000), "60:00");
    }
}
