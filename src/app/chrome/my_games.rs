//! The chrome's My games: the archive read off the UI thread into the
//! lobby's tab, a PGN file's games listed there, and a listed game opened
//! on a review board (read whole from its file).

use super::Chrome;
use crate::app::want::Want;
use crate::app::want::review;
use crate::archive::read::ListedGame;

impl Chrome {
    /// A PGN file's games listed in My games (shown); a file of one game
    /// is opened at once.
    pub fn open_pgn_file(&mut self, path: &std::path::Path) -> Vec<Want> {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let games: Vec<_> = crate::archive::read::list_file(path)
            .iter()
            .map(ListedGame::of)
            .collect();
        let only = match games.as_slice() {
            [only] => vec![review(only, name.clone())],
            _ => Vec::new(),
        };
        self.show_pgn_file(name, games);
        only
    }

    /// PGN files dropped on the window or `picked` in the file dialog, and
    /// a game or position pasted: listed or opened.
    pub fn opened(
        &mut self,
        ctx: &egui::Context,
        picked: impl IntoIterator<Item = std::path::PathBuf>,
    ) -> Vec<Want> {
        let dropped = ctx.input(|i| i.raw.dropped_files.clone());
        let files = dropped.iter().map(|f| f.path().to_path_buf());
        let files: Vec<_> = files.chain(picked).collect();
        let mut wants: Vec<Want> = files.iter().flat_map(|p| self.open_pgn_file(p)).collect();
        wants.extend(self.pasted(ctx));
        wants
    }

    /// A PGN or a FEN pasted anywhere but into the command line: opened
    /// on a review board. A game pasted while another text field has the
    /// keyboard (the connect form's server field holds it at start) is
    /// taken from that field: no server is named by a PGN. Other text
    /// pasted into a field is the field's.
    pub fn pasted(&mut self, ctx: &egui::Context) -> Vec<Want> {
        let typing = ctx.egui_wants_keyboard_input();
        let command_line =
            ctx.memory(|m| m.focused()) == Some(crate::ui::console::command_line_id());
        if typing && command_line {
            return Vec::new();
        }
        let mut wants = Vec::new();
        ctx.input_mut(|i| {
            i.events.retain(|e| {
                let egui::Event::Paste(text) = e else {
                    return true;
                };
                match crate::archive::read::pasted_game(text) {
                    Some(game) => {
                        wants.push(Want::Review {
                            game: Box::new(game),
                            source: "the pasted game".to_owned(),
                        });
                        false
                    }
                    None if typing => true,
                    None => {
                        wants.push(Want::Say(
                            "Nothing to open: paste a game (PGN) or a position (FEN)".to_owned(),
                        ));
                        false
                    }
                }
            });
        });
        wants
    }

    /// Reads the archive in `dir` and the user's collections (as the
    /// settings list them) for My games, off the UI thread (none: nothing
    /// archived).
    pub fn load_my_games(&mut self, dir: Option<std::path::PathBuf>) {
        match dir {
            Some(dir) => {
                let collections = &self.lobby.my_games.collections;
                let files = collections.iter().map(|c| c.path.clone()).collect();
                self.archive.start(dir, files);
                self.lobby.my_games.loaded = true;
                self.lobby.my_games.progress = self.archive.progress();
            }
            None => self.set_my_games(Vec::new()),
        }
    }

    /// The archive as read for the My games tab.
    pub fn set_my_games(&mut self, games: Vec<ListedGame>) {
        self.lobby.my_games.set_games(games, None);
    }

    /// A PGN file dropped on the window: its games in the My games tab,
    /// shown.
    pub fn show_pgn_file(&mut self, name: String, games: Vec<ListedGame>) {
        self.lobby.my_games.set_games(games, Some(name));
        self.lobby.tab = crate::ui::lobby::Tab::MyGames;
        self.lobby_open = true;
    }
}
