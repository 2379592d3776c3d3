//! A board's game and position copied to the clipboard: the game as PGN
//! (with the moves the user tried as variations, and the clock and time
//! comments the archive keeps), the position shown as FEN.

use crate::game::Game;
use crate::ui::game_panel::game_view::GameView;

/// The game as PGN, the tried lines as its variations.
pub fn pgn_text(game: &Game, view: &GameView, server: &str) -> String {
    let ended = crate::archive::UtcTime::now();
    crate::archive::pgn_with(game, server, ended, view.variations.lines())
}

/// The position the board shows (a tried line's, a browsed one, or the
/// game's now) as FEN.
pub fn fen_text(game: &Game, view: &GameView) -> Option<String> {
    let setup = match (view.line_position(), view.browse) {
        (Some(setup), _) => setup.clone(),
        (None, Some(plies)) => game.position_after(plies)?,
        (None, None) => game.board.as_deref()?.setup.clone(),
    };
    Some(crate::protocol::style12::fen_of(setup))
}

/// "Copy PGN" and "Copy FEN", each saying what it copied.
pub(crate) fn copy_buttons_ui(ui: &mut egui::Ui, game: &Game, view: &GameView, server: &str) {
    let pgn = ui
        .small_button("Copy PGN")
        .on_hover_text("The game as PGN, with the moves you tried as variations");
    if pgn.clicked() {
        ui.ctx().copy_text(pgn_text(game, view, server));
    }
    let fen = ui
        .small_button("Copy FEN")
        .on_hover_text("The position shown, as FEN (paste one anywhere to open it)");
    if fen.clicked()
        && let Some(text) = fen_text(game, view)
    {
        ui.ctx().copy_text(text);
    }
}
