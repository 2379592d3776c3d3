//! A game panel's engine analysis: whether the panel shows it and what
//! (this position's analysis, or the last one dimmed until it comes), the
//! evaluation bar and row in the tile, and the engine's line previewed on
//! the board. The widgets themselves are in `view.rs`.

use egui::RichText;
use shakmaty::variant::VariantPosition;
use shakmaty::{Color, Move};

use crate::engine::analysis::Analysis;
use crate::game::Game;
use crate::ui::analysis::view::{
    Subject, analysis_row_ui, eval_bar_ui, preview_caption, preview_position, subject,
};
use crate::ui::board::{BoardView, board_ui};
use crate::ui::game_panel::game_view::{GameView, PanelContext};
use crate::ui::game_panel::tile::TileLayout;
use crate::ui::theme;

/// A panel's analysis this frame: what the engine may look at, and what
/// to show for it (fresh: of this position, else the last one dimmed).
pub(crate) struct Shown {
    subject: Subject,
    analysis: Option<(Analysis, bool)>,
}

impl Shown {
    /// The analysis of the position shown (not the last position's), and
    /// that position.
    pub(crate) fn fresh(&self) -> Option<(&Analysis, &shakmaty::variant::VariantPosition)> {
        match (&self.analysis, &self.subject) {
            (Some((analysis, true)), Subject::Position(target)) => {
                Some((analysis, &target.position))
            }
            _ => None,
        }
    }
}

/// Whether this panel shows analysis, and what; a position the engine may
/// look at goes into `cx`'s wanted list.
pub(crate) fn shown_analysis(
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
) -> Option<Shown> {
    if !view.analysis.is_on(game, cx.analysis.default_on) {
        view.analysis.preview = None;
        view.analysis.best = None;
        view.analysis.position = None;
        return None;
    }
    let subject = subject(game, view.browse, view.line_position());
    let mut analysis = None;
    if let Subject::Position(target) = &subject {
        cx.analysis.wanted.push((game.number, target.clone()));
        if let Some(fresh) = cx.analysis.results.get(&target.key) {
            if view.analysis.last.as_ref() != Some(fresh) {
                view.analysis.last = Some(fresh.clone());
            }
            analysis = Some((fresh.clone(), true));
        }
    }
    // A preview lasts while its position is shown and analysed.
    if view.analysis.preview.as_ref().is_some_and(|(key, _)| {
        !matches!(&subject, Subject::Position(t) if &t.key == key) || analysis.is_none()
    }) {
        view.analysis.preview = None;
    }
    // The position the lines are of, while it is shown.
    view.analysis.position = match (&subject, &analysis) {
        (Subject::Position(target), Some(_)) => Some(target.position.clone()),
        _ => None,
    };
    // The best move as an arrow: this position's own analysis only.
    view.analysis.best = analysis
        .as_ref()
        .filter(|_| cx.settings.best_move_arrow && view.analysis.preview.is_none())
        .and_then(|(a, _)| a.line.first())
        .and_then(|mv| Some((mv.from()?, mv.to())));
    let analysis = analysis.or_else(|| view.analysis.last.clone().map(|a| (a, false)));
    Some(Shown { subject, analysis })
}

/// The engine's line played out up to the previewed move.
pub(crate) struct Preview {
    position: VariantPosition,
    last: Move,
    caption: RichText,
}

/// The preview the user asked for, if its line is still there.
pub(crate) fn preview_of(view: &GameView, shown: &Shown) -> Option<Preview> {
    let (_, plies) = view.analysis.preview.as_ref()?;
    let (analysis, _) = shown.analysis.as_ref()?;
    let Subject::Position(target) = &shown.subject else {
        return None;
    };
    let (position, last) = preview_position(&target.position, &analysis.line, *plies)?;
    let caption = preview_caption(&target.position, &analysis.line_san, *plies);
    Some(Preview {
        position,
        last,
        caption,
    })
}

/// The evaluation bar beside the board and the row under it; a click on a
/// move of the line previews it.
pub(crate) fn bar_and_row_ui(
    ui: &mut egui::Ui,
    layout: TileLayout,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    orientation: Color,
    shown: &Shown,
) {
    if let Some(bar) = layout.eval_bar {
        let analysis = shown.analysis.as_ref();
        let fresh = analysis.is_some_and(|(_, fresh)| *fresh);
        eval_bar_ui(ui, bar, analysis.map(|(a, _)| a), orientation, fresh);
    }
    let Some(row) = layout.analysis_row else {
        return;
    };
    let previewing = view.analysis.preview.as_ref().map(|(_, plies)| *plies);
    let clicked = analysis_row_ui(
        ui,
        row,
        ui.scope_id().with(("analysis", game.number)),
        &shown.subject,
        shown.analysis.as_ref().map(|(a, fresh)| (a, *fresh)),
        match &shown.subject {
            Subject::Position(target) if target.variant.needs_variant_engine() => {
                cx.analysis.variant_status
            }
            _ => cx.analysis.status,
        },
        previewing,
    );
    if let (Some(plies), Subject::Position(target)) = (clicked, &shown.subject) {
        view.analysis.preview = (plies > 0).then(|| (target.key.clone(), plies));
    }
}

/// The engine's line played out on the board up to a move: no moves can
/// be made on it, a caption says what it is, a click on it goes back.
pub(crate) fn preview_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &mut PanelContext<'_>,
    orientation: Color,
    side: f32,
    preview: Preview,
) {
    let label = format!("Board, game {}, engine line", game.number);
    let position = &preview.position;
    let setup = shakmaty::Position::to_setup(position, shakmaty::EnPassantMode::Legal);
    let check = shakmaty::Position::is_check(position)
        .then(|| setup.board.king_of(setup.turn))
        .flatten();
    let board_view = BoardView {
        typing: false,
        label: &label,
        pieces: &setup.board,
        orientation,
        playable: None,
        mover: None,
        last_move: Some((preview.last.from(), preview.last.to())),
        check,
        premoves: &[],
        slide: None,
        auto_queen: cx.settings.auto_queen,
        allow_premove: false,
        style: cx.settings.style,
        marks: &[],
        best_move: None,
    };
    let board_rect = egui::Rect::from_min_size(ui.cursor().min, egui::Vec2::splat(side));
    board_ui(ui, &mut view.board, &board_view, cx.cache, side);
    // The caption over the bottom rank, translucent: the pieces show through.
    let size = (side * 0.028).clamp(10.0, 16.0);
    let height = (size * 1.7).round();
    let band = egui::Rect::from_min_size(
        board_rect.left_bottom() - egui::vec2(0.0, height),
        egui::vec2(board_rect.width(), height),
    );
    ui.painter()
        .rect_filled(band, 0.0, theme::BANNER_BG.gamma_multiply(0.7));
    ui.put(
        band.shrink2(egui::vec2(4.0, 0.0)),
        egui::Label::new(preview.caption.color(theme::BANNER_FG).size(size)).truncate(),
    );
    let clicked = ui.input(|i| {
        i.pointer.primary_pressed()
            && i.pointer
                .interact_pos()
                .is_some_and(|p| board_rect.contains(p))
    });
    if clicked {
        view.analysis.preview = None;
    }
}
