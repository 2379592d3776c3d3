//! One board's engine analysis as a player reads it: the evaluation bar
//! beside the board (White's share, from White's side of the board), and a
//! row under it with the number, the depth and the best line in SAN, each
//! move of which previews the line on the board up to it.
//!
//! Which position is analysed is the board's: the live one, or the one
//! browsed in the move list. Never the user's own game while it is going
//! on (fair play); the row says so.

use egui::{Color32, Rect, RichText, Sense, pos2, vec2};
use shakmaty::variant::VariantPosition;
use shakmaty::{Color, Move, Position};

use crate::engine::analysis::{Analysis, position_key, white_share};
use crate::engine::process::EngineStatus;
use crate::engine::results::Results;
use crate::engine::scheduler::Target;
use crate::game::Game;
use crate::game::rules::Playable;

/// Plies of the engine's line shown (fewer where the row is narrow).
pub const LINE_PLIES: usize = 6;

/// A panel's analysis state, kept between frames.
#[derive(Debug, Clone, Default)]
pub struct AnalysisView {
    /// The panel's own switch (`None`: the default in Settings).
    pub on: Option<bool>,
    /// The engine's line previewed on the board up to this many plies, for
    /// the position with this key.
    pub preview: Option<(String, usize)>,
    /// The analysis last shown, shown dimmed until the new position has one.
    pub last: Option<Analysis>,
    /// The engine's best move in the position shown (from, to), when it
    /// is drawn as an arrow: set each frame.
    pub best: Option<(shakmaty::Square, shakmaty::Square)>,
    /// The position `last` is of, while it is the position shown.
    pub position: Option<VariantPosition>,
}

impl AnalysisView {
    /// Whether this panel shows analysis. The user's own live game shows
    /// only the fair-play note, and only when its switch was turned on by
    /// hand (the default does not shrink the board the user plays on).
    pub fn is_on(&self, game: &Game, default_on: bool) -> bool {
        if game.is_own_live() {
            self.on == Some(true)
        } else {
            self.on.unwrap_or(default_on)
        }
    }

    /// Turns this panel's analysis on or off.
    pub fn toggle(&mut self, game: &Game, default_on: bool) {
        self.on = Some(!self.is_on(game, default_on));
        self.preview = None;
    }
}

/// What the panels need of the analysis in a frame, and what they want.
pub struct AnalysisFrame<'a> {
    pub default_on: bool,
    pub results: &'a Results,
    pub status: &'a EngineStatus,
    /// The variant engine's state (boards of variants).
    pub variant_status: &'a EngineStatus,
    /// The boards drawn with analysis on, in drawing order (the panels fill it).
    pub wanted: Vec<(u32, Target)>,
    /// Positions of games under review still to look at, in their order.
    pub review: Vec<Target>,
}

/// What a board with analysis on shows.
#[derive(Debug, Clone)]
pub enum Subject {
    /// A position for the engine.
    Position(Target),
    /// Why there is none: the user's own game, a variant, the game's end.
    Note(String),
}

/// The position a board shows (the browsed one or the live one), if the
/// engine may and can look at it.
pub fn subject(game: &Game, browse: Option<usize>, tried: Option<&shakmaty::Setup>) -> Subject {
    if game.is_own_live() {
        return Subject::Note(
            "No engine in your own game while it is on (fair play); analysis comes back when it ends"
                .to_owned(),
        );
    }
    let Some(live) = game.playable() else {
        return Subject::Note("No position to analyse".to_owned());
    };
    let Some(variant) = live.rules.engine_variant() else {
        let kind = game
            .kind
            .as_ref()
            .map_or("this game".to_owned(), |k| k.describe());
        return Subject::Note(format!("No engine knows the rules of {kind}"));
    };
    let position = match (tried, browse) {
        (Some(setup), _) => Playable::new(live.rules, setup.clone()).position().cloned(),
        (None, Some(plies)) => game
            .position_after(plies)
            .and_then(|setup| Playable::new(live.rules, setup).position().cloned()),
        (None, None) => live.position().cloned(),
    };
    let Some(position) = position else {
        return Subject::Note("No position to analyse".to_owned());
    };
    if let shakmaty::Outcome::Known(outcome) = position.outcome() {
        let text = match outcome {
            shakmaty::KnownOutcome::Decisive { winner } => {
                let winner = if winner.is_white() { "White" } else { "Black" };
                format!("Checkmate: {winner} wins")
            }
            _ if position.is_stalemate() => "Stalemate".to_owned(),
            _ => "Draw: insufficient material".to_owned(),
        };
        return Subject::Note(text);
    }
    Subject::Position(Target {
        board: game.number,
        key: format!("{}{}", variant.key_prefix(), position_key(&position)),
        position,
        variant,
    })
}

/// The evaluation bar: White's share from White's side (the bottom when
/// White is at the bottom), a tick at even. Dimmed while it shows the last
/// position's evaluation.
pub fn eval_bar_ui(
    ui: &egui::Ui,
    rect: Rect,
    analysis: Option<&Analysis>,
    orientation: Color,
    fresh: bool,
) {
    let painter = ui.painter();
    let black = Color32::from_gray(0x40);
    let white = Color32::from_gray(0xF0);
    painter.rect_filled(rect, 1.0, black);
    let share = analysis.map_or(0.5, |a| white_share(a.eval));
    let height = rect.height() * share;
    let white_rect = if orientation == Color::White {
        Rect::from_min_max(pos2(rect.min.x, rect.max.y - height), rect.max)
    } else {
        Rect::from_min_max(rect.min, pos2(rect.max.x, rect.min.y + height))
    };
    let fill = if fresh && analysis.is_some() {
        white
    } else {
        Color32::from_gray(0xB0)
    };
    painter.rect_filled(white_rect, 1.0, fill);
    let mid = rect.center().y;
    painter.line_segment(
        [pos2(rect.min.x, mid), pos2(rect.max.x, mid)],
        (1.0, Color32::from_rgb(0xD0, 0x60, 0x30)),
    );
}

/// The row under the board: evaluation, depth and the best line; or the
/// engine's state, or a note. Returns the number of plies of the line to
/// preview when one of its moves is clicked (`Some(0)`: stop previewing).
pub fn analysis_row_ui(
    ui: &mut egui::Ui,
    rect: Rect,
    id: egui::Id,
    subject: &Subject,
    shown: Option<(&Analysis, bool)>,
    status: &EngineStatus,
    previewing: Option<usize>,
) -> Option<usize> {
    let painter = ui.painter_at(rect);
    let font = egui::FontId::proportional((rect.height() * 0.72).clamp(9.0, 18.0));
    let weak = ui.visuals().weak_text_color();
    let strong = ui.visuals().strong_text_color();
    let y = rect.center().y;
    let mut x = rect.min.x + 2.0;
    let layout =
        |text: &str, color: Color32| painter.layout_no_wrap(text.to_owned(), font.clone(), color);
    // Paints a laid-out text at `x` and moves `x` past it; its rect.
    let paint_at = |x: &mut f32, galley: std::sync::Arc<egui::Galley>, color: Color32| {
        let at = pos2(*x, y - galley.size().y / 2.0);
        let width = galley.size().x;
        painter.galley(at, galley, color);
        *x += width + 5.0;
        Rect::from_min_size(at, vec2(width, rect.height()))
    };
    let text_at = |x: &mut f32, text: &str, color: Color32| paint_at(x, layout(text, color), color);
    if let Subject::Note(note) = subject {
        text_at(&mut x, note, weak);
        let response = ui.interact(rect, id, Sense::hover());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, note));
        return None;
    }
    // A failed engine says so rather than show the last position's number.
    let failed = matches!(status, EngineStatus::Failed(_));
    let shown = shown.filter(|(_, fresh)| *fresh || !failed);
    let Some((analysis, fresh)) = shown else {
        let (text, color) = match status {
            EngineStatus::Failed(message) => (
                format!("Engine: {message}"),
                Color32::from_rgb(0xD0, 0x40, 0x40),
            ),
            EngineStatus::Ready { name } => (format!("{name}: thinking…"), weak),
            EngineStatus::Off | EngineStatus::Starting => ("Engine starting…".to_owned(), weak),
        };
        let r = text_at(&mut x, &text, color);
        let response = ui.interact(rect, id, Sense::hover());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
        if r.max.x > rect.max.x {
            let _ = response.on_hover_text(text);
        }
        return None;
    };
    let color = if fresh { strong } else { weak };
    let eval = analysis.eval.to_string();
    let number = text_at(&mut x, &eval, color);
    let depth = text_at(&mut x, &format!("d{}", analysis.depth), weak);
    let said = format!("Evaluation {eval}, depth {}", analysis.depth);
    let response = ui.interact(number.union(depth), id.with("eval"), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &said));
    // The last position's line is not this position's: only its number.
    let (true, Subject::Position(target)) = (fresh, subject) else {
        return None;
    };
    let mut clicked = None;
    let line = numbered_moves(&target.position, &analysis.line_san, LINE_PLIES);
    for (i, label) in line.iter().enumerate() {
        let galley = layout(label, color);
        let width = galley.size().x;
        if x + width > rect.max.x {
            break;
        }
        let plies = i + 1;
        let item = Rect::from_min_size(pos2(x - 2.0, rect.min.y), vec2(width + 4.0, rect.height()));
        let response = ui.interact(item, id.with(i), Sense::click());
        let name = format!("Preview the engine's line to {label}");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        if previewing == Some(plies) {
            painter.rect_filled(item, 2.0, ui.visuals().selection.bg_fill);
        } else if response.hovered() {
            painter.rect_filled(item, 2.0, ui.visuals().widgets.hovered.weak_bg_fill);
        }
        paint_at(&mut x, galley, color);
        if response.clicked() {
            clicked = Some(if previewing == Some(plies) { 0 } else { plies });
        }
    }
    clicked
}

/// The first `plies` moves of a line from `position`, numbered:
/// `["17… dxc2", "18. Nc3", "cxd1=Q+"]`.
pub(crate) fn numbered_moves(
    position: &VariantPosition,
    line_san: &[String],
    plies: usize,
) -> Vec<String> {
    let plies = plies.min(line_san.len());
    line_san
        .iter()
        .zip(move_numbers(position, plies))
        .map(|(san, number)| match number {
            Some(number) => format!("{number} {san}"),
            None => san.clone(),
        })
        .collect()
}

/// "12." before White's moves, "12…" before a line that starts with Black's.
fn move_numbers(position: &VariantPosition, plies: usize) -> Vec<Option<String>> {
    let mut number = position.fullmoves().get();
    let mut turn = position.turn();
    (0..plies)
        .map(|i| {
            let label = match turn {
                Color::White => Some(format!("{number}.")),
                Color::Black if i == 0 => Some(format!("{number}…")),
                Color::Black => None,
            };
            if turn == Color::Black {
                number += 1;
            }
            turn = !turn;
            label
        })
        .collect()
}

/// The position after the first `plies` moves of the line, and the last
/// of them (to mark on the board).
pub fn preview_position(
    position: &VariantPosition,
    line: &[Move],
    plies: usize,
) -> Option<(VariantPosition, Move)> {
    let mut pos = position.clone();
    let mut last = None;
    for &mv in line.iter().take(plies) {
        pos = pos.play(mv).ok()?;
        last = Some(mv);
    }
    Some((pos, last?))
}

/// A caption for the previewed line over the board, numbered from
/// `position` (`37… dxc6 38. e5`).
pub fn preview_caption(position: &VariantPosition, line_san: &[String], plies: usize) -> RichText {
    let moves = numbered_moves(position, line_san, plies).join(" ");
    RichText::new(format!("Engine line: {moves} (click the board to go back)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_the_position() {
        let start = VariantPosition::new(shakmaty::variant::Variant::Chess);
        let n = move_numbers(&start, 3);
        assert_eq!(n, [Some("1.".to_owned()), None, Some("2.".to_owned())]);
        let after_e4 = start
            .clone()
            .play(Move::Normal {
                role: shakmaty::Role::Pawn,
                from: shakmaty::Square::E2,
                capture: None,
                to: shakmaty::Square::E4,
                promotion: None,
            })
            .expect("e4");
        let n = move_numbers(&after_e4, 2);
        assert_eq!(n, [Some("1…".to_owned()), Some("2.".to_owned())]);
    }
}
