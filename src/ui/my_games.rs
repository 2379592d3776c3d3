//! "My games": Kibitz's own archive of finished games (every month's
//! file), listed newest first, searched by player, date, result and type;
//! a game opens in a review board beside the others, no server needed.

use crate::archive::read::ListedGame;

/// The list and its filters.
#[derive(Debug, Clone, Default)]
pub struct MyGames {
    pub games: Vec<ListedGame>,
    /// The archive was read (at the tab's first showing, or Reload).
    pub loaded: bool,
    /// A player's name, a date (`2026.11`) or an event word.
    pub search: String,
    pub result: ResultFilter,
    /// A substring of the type (`blitz`, `crazy` ...).
    pub kind: String,
    /// The list shows this PGN file (dropped on the window), not the
    /// archive.
    pub file: Option<String>,
    /// How far the reading of the archive got, while it is read.
    pub progress: Option<String>,
    /// The user's handle: their own games from the games they watched.
    pub me: Option<String>,
    pub whose: Whose,
    pub sort: SortBy,
    /// Counts the lists set: what was built from one list (the opening
    /// tree) knows when it is out of date.
    pub generation: u64,
    /// Other PGN files listed beside the archive (from the settings).
    pub collections: Vec<crate::config::Collection>,
    /// The name a shown file is kept under, as typed.
    pub collection_name: String,
    /// The user's results by opening, for whom (counted when first shown
    /// after the list or the handle changed).
    results: Option<(String, Vec<crate::archive::results::OpeningResults>)>,
    /// The games under each Show choice (yours, watched, all, each
    /// collection), and what they were counted for.
    counts: Option<(CountedFor, Vec<usize>)>,
    /// The games shown, as last filtered, and what they were filtered by:
    /// filtering 100,000 games is done when a filter changes, not in
    /// every frame.
    filtered: Option<(Filtered, Vec<usize>)>,
}

/// What Show's counts were counted for: the list's generation, the user,
/// the collections.
type CountedFor = (u64, Option<String>, usize);

/// What a list was filtered by (and how many games it had).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Filtered {
    search: String,
    result: ResultFilter,
    kind: String,
    whose: Whose,
    me: Option<String>,
    sort: SortBy,
    games: usize,
    file: Option<String>,
}

/// The order of the list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum SortBy {
    #[default]
    Newest,
    Oldest,
    White,
    Black,
    Result,
    Kind,
    Opening,
}

impl SortBy {
    const ALL: [SortBy; 7] = [
        SortBy::Newest,
        SortBy::Oldest,
        SortBy::White,
        SortBy::Black,
        SortBy::Result,
        SortBy::Kind,
        SortBy::Opening,
    ];

    fn label(self) -> &'static str {
        match self {
            SortBy::Newest => "Newest first",
            SortBy::Oldest => "Oldest first",
            SortBy::White => "By White",
            SortBy::Black => "By Black",
            SortBy::Result => "By result",
            SortBy::Kind => "By type",
            SortBy::Opening => "By opening",
        }
    }

    /// Orders `shown` (places in `games`, newest first as listed).
    fn apply(self, games: &[ListedGame], shown: &mut [usize]) {
        let text = |i: &usize| -> String {
            let g = &games[*i];
            match self {
                SortBy::White => g.white().to_ascii_lowercase(),
                SortBy::Black => g.black().to_ascii_lowercase(),
                SortBy::Result => g.result().to_owned(),
                SortBy::Kind => format!("{} {}", g.kind(), g.time_control()),
                SortBy::Opening => g.opening().to_owned(),
                SortBy::Newest | SortBy::Oldest => String::new(),
            }
        };
        match self {
            SortBy::Newest => {}
            SortBy::Oldest => shown.reverse(),
            // Stable: equal keys stay newest first.
            _ => shown.sort_by_cached_key(text),
        }
    }
}

/// Whose games the list shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Whose {
    /// The user's own (all where the handle is not known yet).
    #[default]
    Own,
    /// The games the user watched to their end.
    Watched,
    /// All the archive's games.
    All,
    /// The games of the collection at this place in `collections`.
    Collection(usize),
}

impl Whose {
    const ARCHIVE: [Whose; 3] = [Whose::Own, Whose::Watched, Whose::All];

    fn label(self, collections: &[crate::config::Collection]) -> String {
        match self {
            Whose::Own => "Your games".to_owned(),
            Whose::Watched => "Games watched".to_owned(),
            Whose::All => "All games".to_owned(),
            Whose::Collection(at) => collections
                .get(at)
                .map_or_else(|| "A collection".to_owned(), |c| c.name.clone()),
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ResultFilter {
    #[default]
    All,
    WhiteWon,
    BlackWon,
    Drawn,
    Unfinished,
}

impl ResultFilter {
    const ALL: [ResultFilter; 5] = [
        ResultFilter::All,
        ResultFilter::WhiteWon,
        ResultFilter::BlackWon,
        ResultFilter::Drawn,
        ResultFilter::Unfinished,
    ];

    fn label(self) -> &'static str {
        match self {
            ResultFilter::All => "Any result",
            ResultFilter::WhiteWon => "1-0",
            ResultFilter::BlackWon => "0-1",
            ResultFilter::Drawn => "½-½",
            ResultFilter::Unfinished => "Unfinished",
        }
    }

    fn accepts(self, result: &str) -> bool {
        match self {
            ResultFilter::All => true,
            ResultFilter::WhiteWon => result == "1-0",
            ResultFilter::BlackWon => result == "0-1",
            ResultFilter::Drawn => result == "1/2-1/2",
            ResultFilter::Unfinished => !matches!(result, "1-0" | "0-1" | "1/2-1/2"),
        }
    }
}

impl MyGames {
    /// The games the filters let through, by their place in `games`
    /// (filtered again only when a filter or the list changed).
    pub fn shown(&mut self) -> Vec<usize> {
        let by = Filtered {
            search: self.search.clone(),
            result: self.result,
            kind: self.kind.clone(),
            whose: self.whose,
            me: self.me.clone(),
            sort: self.sort,
            games: self.games.len(),
            file: self.file.clone(),
        };
        match &self.filtered {
            Some((last, shown)) if *last == by => shown.clone(),
            _ => {
                let mut shown = self.filter();
                self.sort.apply(&self.games, &mut shown);
                self.filtered = Some((by, shown.clone()));
                shown
            }
        }
    }

    /// A new list (the archive's, or a file's: its name).
    pub fn set_games(&mut self, games: Vec<ListedGame>, file: Option<String>) {
        self.games = games;
        if file != self.file {
            self.collection_name.clear();
        }
        self.file = file;
        self.generation += 1;
        self.loaded = true;
        self.filtered = None;
        self.results = None;
    }

    /// The user's results by opening (counted once per list and handle).
    fn results(&mut self) -> Option<&[crate::archive::results::OpeningResults]> {
        let me = self.me.clone()?;
        if self.results.as_ref().is_none_or(|(whom, _)| *whom != me) {
            let table = crate::archive::results::by_opening(&self.games, &me);
            self.results = Some((me, table));
        }
        self.results.as_ref().map(|(_, table)| table.as_slice())
    }

    /// How many games each Show choice lists (yours, watched, all, each
    /// collection), counted once per list and user.
    pub fn whose_counts(&mut self) -> Vec<usize> {
        let key = (self.generation, self.me.clone(), self.collections.len());
        if self.counts.as_ref().is_none_or(|(k, _)| *k != key) {
            let collections = (0..self.collections.len()).map(Whose::Collection);
            let choices: Vec<Whose> = Whose::ARCHIVE.into_iter().chain(collections).collect();
            let counts = choices
                .iter()
                .map(|whose| {
                    self.games
                        .iter()
                        .filter(|g| self.is_shown_by(*whose, g))
                        .count()
                })
                .collect();
            self.counts = Some((key, counts));
        }
        self.counts
            .as_ref()
            .map(|(_, c)| c.clone())
            .unwrap_or_default()
    }

    /// Whether `whose` lists `game` (the other filters aside): a shown
    /// file's games are all listed; the archive's are not a collection's.
    fn is_shown_by(&self, whose: Whose, game: &ListedGame) -> bool {
        if self.file.is_some() {
            return true;
        }
        let own = self.me.as_deref().is_none_or(|me| game.played_by(me));
        let archived = !self.collections.iter().any(|c| *game.file == c.path);
        match whose {
            Whose::Own => archived && own,
            Whose::Watched => archived && (self.me.is_none() || !own),
            Whose::All => archived,
            Whose::Collection(at) => self
                .collections
                .get(at)
                .is_some_and(|c| *game.file == c.path),
        }
    }

    fn filter(&self) -> Vec<usize> {
        let kind = self.kind.trim().to_ascii_lowercase();
        let needle = self.search.trim().to_ascii_lowercase();
        self.games
            .iter()
            .enumerate()
            .filter(|(_, g)| {
                self.is_shown_by(self.whose, g)
                    && g.contains_lowercase(&needle)
                    && self.result.accepts(g.result())
                    && (kind.is_empty() || g.kind().contains(&kind))
            })
            .map(|(i, _)| i)
            .collect()
    }
}

/// What the user asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MyGamesAction {
    /// Read the archive again.
    Reload,
    /// Open a PGN file (the system's file dialog).
    OpenFile,
    /// Open this game in a review board.
    Open(Box<ListedGame>),
    /// Set a position up by hand.
    SetUp,
    /// List a PGN file in My games from now on, under a name.
    AddCollection(crate::config::Collection),
    /// No longer list a collection (by its file).
    RemoveCollection(std::path::PathBuf),
}

/// The filters and the list.
pub fn my_games_ui(ui: &mut egui::Ui, state: &mut MyGames) -> Option<MyGamesAction> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut state.search)
                .hint_text("name, date…")
                .desired_width(110.0),
        )
        .labelled_by(label.id)
        .on_hover_text("A player, a date (2026.11), an opening or an event");
        let counts = state.whose_counts();
        let label = ui.label("Show");
        egui::ComboBox::from_id_salt("my games show")
            .selected_text(state.whose.label(&state.collections))
            .show_ui(ui, |ui| {
                let collections = (0..state.collections.len()).map(Whose::Collection);
                for (whose, count) in Whose::ARCHIVE.into_iter().chain(collections).zip(counts) {
                    let label = format!("{} ({count})", whose.label(&state.collections));
                    ui.selectable_value(&mut state.whose, whose, label);
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label("Order");
        egui::ComboBox::from_id_salt("my games order")
            .selected_text(state.sort.label())
            .show_ui(ui, |ui| {
                for sort in SortBy::ALL {
                    ui.selectable_value(&mut state.sort, sort, sort.label());
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label("Result");
        egui::ComboBox::from_id_salt("my games result")
            .selected_text(state.result.label())
            .show_ui(ui, |ui| {
                for filter in ResultFilter::ALL {
                    ui.selectable_value(&mut state.result, filter, filter.label());
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label("Type");
        ui.add(egui::TextEdit::singleline(&mut state.kind).desired_width(60.0))
            .labelled_by(label.id);
        if ui
            .button("Reload")
            .on_hover_text("Read the archive again")
            .clicked()
        {
            action = Some(MyGamesAction::Reload);
        }
        if ui
            .button("Open file…")
            .on_hover_text("Open any PGN file (or drop one on the window)")
            .clicked()
        {
            action = Some(MyGamesAction::OpenFile);
        }
        if ui
            .button("Set up a position…")
            .on_hover_text("Put pieces on a board by hand, then analyse or examine it")
            .clicked()
        {
            action = Some(MyGamesAction::SetUp);
        }
    });
    // The user's results by opening: a click lists that opening's games.
    if state.me.is_some() && state.file.is_none() && !state.games.is_empty() {
        egui::CollapsingHeader::new("Your results by opening")
            .id_salt("my results")
            .show(ui, |ui| {
                let mut picked = None;
                for row in state.results().unwrap_or_default().iter().take(12) {
                    if ui
                        .link(row.words())
                        .on_hover_text("List these games")
                        .clicked()
                    {
                        picked = Some(row.opening.clone());
                    }
                }
                if let Some(opening) = picked {
                    state.search = opening;
                    state.whose = Whose::Own;
                }
            });
    }
    if let Some(progress) = &state.progress {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(progress);
        });
    }
    if let Some(file) = &state.file {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("Games of {file}"));
            if ui.small_button("Back to my games").clicked() {
                action = Some(MyGamesAction::Reload);
            }
        });
        // Kept in My games under a name: listed beside the archive from
        // now on (indexed by Kibitz; the file is not written to).
        let path = state.games.first().map(|g| g.file.as_path().to_path_buf());
        let kept = path
            .as_ref()
            .is_some_and(|p| state.collections.iter().any(|c| c.path == *p));
        if let (Some(path), false) = (path, kept) {
            ui.horizontal_wrapped(|ui| {
                let label = ui.label("Keep in My games as");
                if state.collection_name.is_empty() {
                    state.collection_name = file.trim_end_matches(".pgn").to_owned();
                }
                ui.add(egui::TextEdit::singleline(&mut state.collection_name).desired_width(120.0))
                    .labelled_by(label.id);
                let name = state.collection_name.trim();
                if ui
                    .add_enabled(!name.is_empty(), egui::Button::new("Keep"))
                    .on_hover_text("List this file's games in My games (Show) from now on")
                    .clicked()
                {
                    action = Some(MyGamesAction::AddCollection(crate::config::Collection {
                        name: name.to_owned(),
                        path,
                    }));
                    // Shown once the archive is read again with it (last).
                    state.whose = Whose::Collection(state.collections.len());
                }
            });
        }
    }
    if let Whose::Collection(at) = state.whose
        && state.file.is_none()
        && let Some(collection) = state.collections.get(at)
    {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(collection.path.display().to_string())
                    .small()
                    .weak(),
            );
            if ui
                .small_button("Remove from My games")
                .on_hover_text("No longer list this collection (the file stays as it is)")
                .clicked()
            {
                action = Some(MyGamesAction::RemoveCollection(collection.path.clone()));
                state.whose = Whose::All;
            }
        });
    }
    ui.separator();
    if state.games.is_empty() && state.file.is_some() {
        ui.label("No games in that file.");
        return action;
    }
    if state.games.is_empty() && state.progress.is_none() {
        ui.label("No games archived yet: every game you play or watch to its end is kept here. Open file… (or a file dropped on the window) shows any PGN file's games.");
        return action;
    }
    let shown = state.shown();
    ui.label(format!("{} of {} games", shown.len(), state.games.len()));
    let row_height = ui.spacing().interact_size.y;
    egui::ScrollArea::vertical()
        .id_salt("my games")
        .auto_shrink([false, false])
        .show_rows(ui, row_height, shown.len(), |ui, rows| {
            for &index in &shown[rows] {
                let game = &state.games[index];
                ui.horizontal(|ui| {
                    let (white, black) = game.sides();
                    // A team has no one rating.
                    let (white_elo, black_elo) = if game.is_bughouse() {
                        ("", "")
                    } else {
                        (game.white_elo(), game.black_elo())
                    };
                    // The time control as FICS says it: `5 0`, not `300+0`.
                    let time = game.fics_time().unwrap_or_default();
                    let text = format!(
                        "{}  {white} {white_elo} – {black} {black_elo}  {}  {} {time}  {}",
                        game.date(),
                        game.result(),
                        game.kind(),
                        game.opening()
                    );
                    let open = ui
                        .small_button("Open")
                        .on_hover_text("Review this game on a board of its own");
                    let name = format!(
                        "Open {white} vs. {black}, {}, {}",
                        game.date(),
                        game.result()
                    );
                    open.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
                    if open.clicked() {
                        action = Some(MyGamesAction::Open(Box::new(game.clone())));
                    }
                    ui.label(text);
                });
            }
        });
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, black: &str, result: &str, event: &str) -> ListedGame {
        ListedGame::of(&crate::archive::record::ArchivedGame {
            white: white.into(),
            black: black.into(),
            result: result.into(),
            event: event.into(),
            date: "2026.11.25".into(),
            ..Default::default()
        })
    }

    #[test]
    fn filters_combine() {
        let mut state = MyGames {
            games: vec![
                game("Me", "BotA", "1-0", "FICS rated blitz game"),
                game("BotB", "Me", "1/2-1/2", "FICS unrated lightning game"),
                game("BotA", "Me", "*", "FICS rated blitz game"),
            ],
            ..MyGames::default()
        };
        assert_eq!(state.shown(), [0, 1, 2], "the handle unknown: all");
        state.me = Some("me".into());
        state
            .games
            .push(game("BotC", "BotD", "1-0", "FICS rated blitz game"));
        assert_eq!(state.shown(), [0, 1, 2], "your games first");
        state.whose = Whose::Watched;
        assert_eq!(state.shown(), [3]);
        state.whose = Whose::All;
        assert_eq!(state.shown(), [0, 1, 2, 3]);
        state.sort = SortBy::White;
        assert_eq!(state.shown(), [2, 1, 3, 0], "BotA, BotB, BotC, Me");
        state.sort = SortBy::Oldest;
        assert_eq!(state.shown(), [3, 2, 1, 0]);
        state.sort = SortBy::Newest;
        state.whose = Whose::Own;
        state.search = "bota".into();
        assert_eq!(state.shown(), [0, 2]);
        state.result = ResultFilter::Unfinished;
        assert_eq!(state.shown(), [2]);
        state.search.clear();
        state.result = ResultFilter::All;
        state.kind = "light".into();
        assert_eq!(state.shown(), [1]);
    }
}
