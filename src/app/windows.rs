//! The windows over the boards, as a part of the app: Settings, the Seek
//! and Match dialogs, the position editor, and the system's file dialog
//! (what they ask for, as wants).

use crate::config::Settings;
use crate::engine::process::EngineStatus;
use crate::lobby::server::ServerFamily;
use crate::protocol::command::Command;
use crate::ui::board::pieces::PieceCache;
use crate::ui::dialogs::computer::computer_dialog_ui;
use crate::ui::dialogs::position_editor::{EditorAction, PositionEditor, position_editor_ui};
use crate::ui::dialogs::settings::settings_window_ui;
use crate::ui::dialogs::{Dialogs, dialogs_ui};

use super::pick_file::{PickFile, Picker};
use super::want::Want;

#[derive(Default)]
pub struct Windows {
    dialogs: Dialogs,
    settings_open: bool,
    /// Every piece set, small, for Settings and the editor (the boards
    /// keep their own).
    piece_previews: PieceCache,
    /// A position set up by hand.
    position_editor: PositionEditor,
    /// The system's file dialog for a PGN file, while it is open.
    pick_file: PickFile,
    /// Play the computer.
    computer: crate::ui::dialogs::computer::ComputerDialog,
    /// The terms it opens on next, from a position ("play from here").
    computer_from: Option<(
        Option<String>,
        Option<crate::computer::terms::ComputerVariant>,
    )>,
}

/// The top bar's switches of the windows.
pub struct WindowSwitches<'a> {
    pub seek_open: &'a mut bool,
    pub match_open: &'a mut bool,
    pub settings_open: &'a mut bool,
}

impl Windows {
    /// The windows over the boards: settings, seek and match, the
    /// position editor; `online`: logged in; `server`: which FICS (the
    /// variants the dialogs offer, whether it sets up positions).
    pub fn ui(
        &mut self,
        ctx: &egui::Context,
        settings: &mut Settings,
        engines: [&EngineStatus; 2],
        online: bool,
        server: ServerFamily,
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
        let mut wants: Vec<Want> = dialogs_ui(ctx, &mut self.dialogs, server.variants())
            .map(Want::Send)
            .into_iter()
            .collect();
        // Opened from the top bar: on the last game's terms.
        // On the last game's terms, from a position where one is given.
        if let Some((fen, variant)) = self.computer_from.take() {
            self.computer.open_with(&settings.computer, fen, variant);
        }
        let played = computer_dialog_ui(ctx, &mut self.computer);
        wants.extend(played.map(|terms| Want::PlayComputer(Box::new(terms))));
        if self.position_editor.open {
            let colors = crate::ui::theme::board_colors(&settings.board);
            let editor = &mut self.position_editor;
            let server = (online, server.has_bsetup());
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
                    EditorAction::Play(fen) => vec![Want::OfferComputerGame {
                        fen: Some(fen),
                        variant: None,
                    }],
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

    /// The Play the computer dialog, from `fen` in `variant` where given.
    pub fn offer_computer_game(
        &mut self,
        fen: Option<String>,
        variant: Option<crate::computer::terms::ComputerVariant>,
    ) {
        self.computer_from = Some((fen, variant));
    }

    /// The Match dialog, to challenge `handle`.
    pub fn challenge(&mut self, handle: String) {
        self.dialogs.opponent = handle;
        self.dialogs.match_open = true;
    }

    /// The switches the top bar turns.
    pub fn switches(&mut self) -> WindowSwitches<'_> {
        WindowSwitches {
            seek_open: &mut self.dialogs.seek_open,
            match_open: &mut self.dialogs.match_open,
            settings_open: &mut self.settings_open,
        }
    }

    /// The system's file dialog for a PGN file (`waker`: the window,
    /// woken when the user picked).
    pub fn pick_file(&mut self, waker: Option<egui::Context>) {
        self.pick_file.open(waker);
    }

    /// The file picked in the file dialog, once (or that none could be
    /// shown).
    pub fn picked(&mut self) -> Option<super::pick_file::Picked> {
        self.pick_file.picked()
    }

    /// Asks for files another way than the system's dialog (tests).
    pub fn set_picker(&mut self, picker: Picker) {
        self.pick_file.set_picker(picker);
    }
}
