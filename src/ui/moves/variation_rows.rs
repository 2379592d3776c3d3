//! The tried lines in a move list: each under the move it branches after,
//! a few moves a row, indented; a click on a move shows its position, ×
//! deletes the line.

use egui::RichText;

use crate::ui::game_panel::game_view::GameView;
use crate::ui::moves::rows::MoveRow;

/// Moves of a line on one row.
const MOVES_A_ROW: usize = 6;

/// A row of the move list: the game's moves, or a part of a tried line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ListRow {
    Moves(MoveRow),
    /// Line `line`'s moves from its `first` (0-based).
    Line {
        line: usize,
        first: usize,
    },
}

/// The game's rows with each tried line's rows under the row of the move
/// it branches after (before all rows if it branches at the start).
pub(crate) fn with_lines(rows: Vec<MoveRow>, view: &GameView) -> Vec<ListRow> {
    let variations = &view.variations;
    let line_rows = |from: usize, out: &mut Vec<ListRow>| {
        for (line, l) in variations.branching_at(from) {
            for first in (0..l.moves.len()).step_by(MOVES_A_ROW) {
                out.push(ListRow::Line { line, first });
            }
        }
    };
    let mut out = Vec::with_capacity(rows.len() + variations.lines().len());
    line_rows(0, &mut out);
    for row in rows {
        out.push(ListRow::Moves(row));
        // A line after White's move comes after the row all the same (its
        // first move, Black's, is numbered `12…`).
        for index in [row.white, row.black].into_iter().flatten() {
            line_rows(index + 1, &mut out);
        }
    }
    out
}

/// One row of line `line`, from its move `first`; `start_ply`: the game's
/// first half-move; `promotable`: a review board, whose moves the line
/// can replace. Whether the user asked for that.
pub(crate) fn line_row_ui(
    ui: &mut egui::Ui,
    start_ply: u32,
    game_moves: usize,
    view: &mut GameView,
    (line, first): (usize, usize),
    promotable: bool,
) -> bool {
    let Some(l) = view.variations.line(line) else {
        return false;
    };
    let from = l.from;
    let shown: Vec<(usize, String)> = l
        .moves
        .iter()
        .enumerate()
        .skip(first)
        .take(MOVES_A_ROW)
        .map(|(k, tried)| {
            let ply = start_ply as usize + from + k;
            let number = ply / 2 + 1;
            let text = if ply.is_multiple_of(2) {
                format!("{number}. {}", tried.san)
            } else if k == first {
                format!("{number}… {}", tried.san)
            } else {
                tried.san.clone()
            };
            (k, text)
        })
        .collect();
    let mut picked = None;
    let mut delete = false;
    let mut promote = false;
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 3.0;
        // Indented under the move it branches after (a line's later rows
        // further: its continuation).
        ui.add_space(if first == 0 { 14.0 } else { 24.0 });
        for (k, text) in shown {
            let current = view.line == Some((line, k + 1));
            let response = ui
                .selectable_label(current, RichText::new(text).italics())
                .on_hover_text("A move you tried (not the game's)");
            if response.clicked() {
                picked = Some(k + 1);
            }
        }
        if first == 0 {
            let response = ui.small_button("×").on_hover_text("Delete this variation");
            response.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::Button, true, "Delete this variation")
            });
            delete = response.clicked();
            promote = promotable
                && ui
                    .small_button("Promote")
                    .on_hover_text("Make this line the game's moves (the game's become a line)")
                    .clicked();
        }
    });
    if let Some(plies) = picked {
        view.line = Some((line, plies));
    }
    if delete {
        let at = view.at(game_moves);
        let at = view.variations.delete(line, at);
        view.go(at, game_moves);
    }
    promote
}
