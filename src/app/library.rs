//! The library: the user's games as the My games tab lists them (the
//! archive and the collections the settings keep, read off the UI thread;
//! a PGN file dropped, picked or pasted), the opening tree built of them,
//! a listed game opened on a review board, and the deck of the user's
//! mistakes in them (`mistakes.rs`).

use crate::archive::read::ListedGame;
use crate::config::ServerProfile;
use crate::game::{Effect, Now};
use crate::protocol::event::Event;
use crate::protocol::words::is_guest;
use crate::ui::my_games::{MyGames, MyGamesAction, my_games_ui};

use super::archive_loading::ArchiveLoading;
use super::mistakes::Mistakes;
use super::opening_tree_loading::OpeningTreeLoading;
use super::part::{Cx, Part};
use super::want::{Want, review};

/// How often the reading's progress is shown while it goes on.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(100);
/// How often the opening tree is looked at while it is built.
const TREE_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

#[derive(Default)]
pub struct Library {
    /// What the My games tab shows, and its filters.
    my_games: MyGames,
    /// The archive being read off the UI thread.
    loading: ArchiveLoading,
    /// The user's games as an opening tree, for the review boards.
    opening_tree: OpeningTreeLoading,
    /// My games' list of collections changed: the settings take it.
    collections_changed: bool,
    /// Your mistakes: the deck, its background review, a card practised.
    mistakes: Mistakes,
}

impl Library {
    /// The user's games as an opening tree, once built.
    pub fn opening_tree(&self) -> Option<&crate::archive::tree::OpeningTree> {
        self.opening_tree.tree()
    }

    /// The deck of the user's mistakes is kept in `data_dir` (None: not
    /// kept; tests); `window` is woken when the disk answers.
    pub fn keep_deck_in(
        &mut self,
        data_dir: Option<std::path::PathBuf>,
        window: Option<egui::Context>,
    ) {
        self.mistakes.keep_in(data_dir, window);
    }

    /// What the engine is to look at for the deck this frame (`idle`:
    /// nothing on screen wants it; `playing`: the user plays).
    pub fn engine_work(
        &mut self,
        results: &crate::engine::results::Results,
        idle: bool,
        playing: bool,
    ) -> Vec<crate::engine::scheduler::Target> {
        self.mistakes.engine_work(results, idle, playing)
    }

    /// The card's window, while a card of the deck is practised.
    pub fn mistakes_window_ui(&mut self, ctx: &egui::Context, settings: &crate::config::Settings) {
        let auto_queen = settings.play.auto_queen;
        (self.mistakes).window_ui(ctx, &settings.board, auto_queen, &self.my_games);
    }

    /// Waits for the deck's disk work (tests).
    pub fn wait_for_deck(&self) {
        self.mistakes.wait();
    }

    /// Offline too, My games knows the user's own games (the profile the
    /// app starts with).
    pub fn connect_with(&mut self, profile: &ServerProfile) {
        if !profile.is_guest() {
            self.my_games.me = Some(profile.handle.clone());
        }
    }

    /// Reads the archive in `dir` and the user's collections (as the
    /// settings list them) for My games, off the UI thread (none: nothing
    /// archived).
    pub fn load(&mut self, dir: Option<std::path::PathBuf>) {
        match dir {
            Some(dir) => {
                let collections = &self.my_games.collections;
                let files = collections.iter().map(|c| c.path.clone()).collect();
                self.loading.start(dir, files);
                self.my_games.loaded = true;
                self.my_games.progress = self.loading.progress();
            }
            None => self.my_games.set_games(Vec::new(), None),
        }
    }

    /// A game was written to the archive (in `dir`): My games, where it
    /// lists the archive, reads it again; a file's games shown stay.
    pub fn archive_grew(&mut self, dir: Option<std::path::PathBuf>) {
        if self.my_games.loaded && self.my_games.file.is_none() {
            self.load(dir);
        }
    }

    /// My games' collections and the settings' list agree: a change made
    /// in My games goes to the settings (and My games is read again), else
    /// the settings' list is shown.
    pub fn keep_collections(&mut self, kept: &mut Vec<crate::config::Collection>) -> Vec<Want> {
        let collections = &mut self.my_games.collections;
        if std::mem::take(&mut self.collections_changed) {
            kept.clone_from(collections);
            return vec![Want::ReloadMyGames];
        }
        if collections != kept {
            collections.clone_from(kept);
        }
        Vec::new()
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
        wants.extend(pasted(ctx));
        wants
    }

    /// A PGN file's games listed in My games (shown); a file of one game
    /// is opened at once.
    fn open_pgn_file(&mut self, path: &std::path::Path) -> Vec<Want> {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let games: Vec<_> = crate::archive::read::list_file(path)
            .iter()
            .map(ListedGame::of)
            .collect();
        let mut wants = match games.as_slice() {
            [only] => vec![review(only, name.clone())],
            _ => Vec::new(),
        };
        if let Some(note) = crate::archive::read::listing_note(path, games.len()) {
            wants.push(Want::Note(note.clone()));
            wants.push(Want::Say(note));
        }
        self.my_games.set_games(games, Some(name));
        wants.push(Want::ShowMyGames);
        wants
    }

    /// The library's part of the lobby's `tab`: the My games tab (what it
    /// asks for; read at the tab's first showing), or Your mistakes in the
    /// Training tab.
    pub fn tab_ui(
        &mut self,
        ui: &mut egui::Ui,
        tab: crate::lobby::model::Tab,
    ) -> Option<MyGamesAction> {
        if tab == crate::lobby::model::Tab::Training {
            self.mistakes.section_ui(ui);
            return None;
        }
        let action = my_games_ui(ui, &mut self.my_games);
        if !self.my_games.loaded && action.is_none() {
            return Some(MyGamesAction::Reload);
        }
        action
    }

    /// What the My games tab asked for (but reading the archive again:
    /// the app's, which knows where it is).
    pub fn act(&mut self, action: MyGamesAction) -> Want {
        match action {
            MyGamesAction::Reload => Want::ReloadMyGames,
            MyGamesAction::SetUp => Want::SetUp(None),
            MyGamesAction::OpenFile => Want::PickFile,
            MyGamesAction::Open(game) => review(&game, game.named()),
            // The settings take the new list at the next frame.
            MyGamesAction::AddCollection(kept) => {
                let collections = &mut self.my_games.collections;
                collections.retain(|c| c.path != kept.path);
                collections.push(kept);
                self.collections_changed = true;
                Want::Say("Kept in My games".to_owned())
            }
            MyGamesAction::RemoveCollection(path) => {
                self.my_games.collections.retain(|c| c.path != path);
                self.collections_changed = true;
                Want::Say("Removed from My games; the file stays".to_owned())
            }
        }
    }
}

/// The library learns whose games are the user's at the login, and takes
/// the archive's reading as it comes.
impl Part for Library {
    fn on_event(&mut self, _cx: &Cx<'_>, event: &Event, _effects: &[Effect]) -> Vec<Want> {
        // My games tells the user's own games by this handle.
        if let Event::LoggedIn { handle, titles } = event
            && !is_guest(handle, titles)
        {
            self.my_games.me = Some(handle.to_owned());
        }
        Vec::new()
    }

    fn on_tick(&mut self, cx: &Cx<'_>) -> Vec<Want> {
        // Never logged in with a handle: the name played against the
        // computer is the user's (their games and opening tree).
        if self.my_games.me.is_none()
            && let Some(name) = (cx.store.games())
                .filter(|g| g.is_computer())
                .find_map(|g| g.my_color().map(|c| g.players[c].handle.clone()))
        {
            self.my_games.me = Some(name);
        }
        if let Some(games) = self.loading.poll() {
            self.my_games.set_games(games, None);
        }
        self.my_games.progress = self.loading.progress();
        // The opening tree follows the archive's list (not a file's).
        let my_games = &self.my_games;
        if my_games.file.is_none() && my_games.loaded {
            let (generation, me) = (my_games.generation, my_games.me.as_deref());
            self.opening_tree.keep_up(&my_games.games, generation, me);
        }
        self.mistakes.tick(&self.my_games, cx.now)
    }

    /// While the archive is read, its progress shows; while the tree is
    /// built, it is looked at again; a changed list of collections goes to
    /// the settings.
    fn next_frame(&self, cx: &Cx<'_>) -> Option<Now> {
        let reading = self.my_games.progress.is_some();
        [
            // The settings take the changed list at once.
            self.collections_changed.then_some(cx.now),
            reading.then(|| cx.now + PROGRESS_EVERY),
            self.opening_tree.building().then(|| cx.now + TREE_EVERY),
            self.mistakes.busy().then(|| cx.now + PROGRESS_EVERY),
        ]
        .into_iter()
        .flatten()
        .min()
    }
}

/// A PGN or a FEN pasted anywhere but into the command line: opened on a
/// review board. A game pasted while another text field has the keyboard
/// (the connect form's server field holds it at start) is taken from that
/// field: no server is named by a PGN. Other text pasted into a field is
/// the field's.
fn pasted(ctx: &egui::Context) -> Vec<Want> {
    let typing = ctx.egui_wants_keyboard_input();
    let command_line = ctx.memory(|m| m.focused()) == Some(crate::ui::console::command_line_id());
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
                    // More than one: the first is opened, and the others
                    // are said to be left (a file lists them all).
                    let count = crate::archive::read::read_pgn(
                        text.as_bytes(),
                        std::path::Path::new("pasted"),
                    )
                    .len();
                    if count > 1 {
                        let words = format!(
                            "Opened the first of the {count} games pasted: drop their file, or open it in My games, to list them all"
                        );
                        wants.push(Want::Note(words.clone()));
                        wants.push(Want::Say(words));
                    }
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
