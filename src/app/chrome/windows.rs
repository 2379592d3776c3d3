//! The chrome's windows over the boards: Settings, the Seek and Match
//! dialogs, and the position editor (what it asks for, as wants).

use super::Chrome;
use crate::app::want::Want;
use crate::config::Settings;
use crate::engine::process::EngineStatus;
use crate::protocol::command::Command;
use crate::ui::dialogs::dialogs_ui;
use crate::ui::position_editor::{EditorAction, position_editor_ui};
use crate::ui::settings::settings_window_ui;

impl Chrome {
    /// The windows over the boards: settings, seek and match, the
    /// position editor; `online`: logged in.
    pub fn windows_ui(
        &mut self,
        ctx: &egui::Context,
        settings: &mut Settings,
        engines: [&EngineStatus; 2],
        online: bool,
    ) -> Vec<Want> {
        if self.settings_open || self.position_editor.open {
            self.piece_previews.new_frame(settings.board.pieces);
        }
        // Called closed too: it notes when it opens again.
        settings_window_ui(
            ctx,
            settings,
            engines,
            &mut self.piece_previews,
            &mut self.settings_open,
        );
        let mut wants: Vec<Want> = dialogs_ui(ctx, &mut self.dialogs, self.server.variants())
            .map(Want::Send)
            .into_iter()
            .collect();
        if self.position_editor.open {
            let colors = crate::ui::theme::board_colors(&settings.board);
            let editor = &mut self.position_editor;
            let server = (online, self.server.has_bsetup());
            let asked = position_editor_ui(ctx, editor, &mut self.piece_previews, colors, server);
            wants.extend(asked.into_iter().flat_map(|asked| {
                match asked {
                    EditorAction::Analyse(fen) => crate::archive::read::pasted_game(&fen)
                        .map(|game| Want::Review {
                            game: Box::new(game),
                            source: "the position set up".to_owned(),
                        })
                        .into_iter()
                        .collect::<Vec<_>>(),
                    EditorAction::Examine(commands) => commands
                        .into_iter()
                        .map(|c| Want::Send(Command::Raw(c)))
                        .collect(),
                }
            }));
        }
        wants
    }

    /// The position editor opened on `fen` (the start position: None).
    pub fn set_up_position(&mut self, fen: Option<&str>) {
        self.position_editor.open_with(fen);
    }
}
