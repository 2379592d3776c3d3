//! My games: the archive Kibitz wrote is listed in the lobby's tab, newest
//! first, searchable; a game opens on a review board (no server), with its
//! whole move list to step through.

use crate::common;

use egui_kittest::kittest::Queryable;

const NOVEMBER: &str = "[Event \"FICS rated blitz game\"]\n[Site \"freechess.org\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n[WhiteElo \"1710\"]\n[BlackElo \"1730\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n[Event \"FICS unrated lightning game\"]\n[Date \"2026.11.26\"]\n[White \"BotB\"]\n[Black \"KibUser\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
const OCTOBER: &str = "[Event \"FICS rated standard game\"]\n[Date \"2026.10.02\"]\n[White \"KibUser\"]\n[Black \"BotC\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";

#[test]
fn the_archive_is_listed_searched_and_opened_for_review() {
    let dir = common::TempDir::new("my-games");
    let games = dir.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("2026-11.pgn"), NOVEMBER).unwrap();
    std::fs::write(games.join("2026-10.pgn"), OCTOBER).unwrap();
    let mut app = common::app_with(&[]);
    app.archive_into(dir.path().to_path_buf());
    let mut h = common::window(app, [1400.0, 900.0]);
    h.get_by_label("My games").click();
    common::wait::archive_listed(&mut h);
    assert!(h.query_by_label("3 of 3 games").is_some());
    // Newest first: the fool's mate of the 26th, then the 25th, then October.
    let top = |name: &str| h.get_by_label(name).rect().top();
    let rows = [
        top("Open BotB vs. KibUser, 2026.11.26, 0-1"),
        top("Open KibUser vs. BotA, 2026.11.25, 1-0"),
        top("Open KibUser vs. BotC, 2026.10.02, 1/2-1/2"),
    ];
    assert!(rows[0] < rows[1] && rows[1] < rows[2], "{rows:?}");
    // A search by player.
    h.get_by_label("Search").click();
    h.run_steps(1);
    h.get_by_label("Search").type_text("bota");
    h.run_steps(3);
    assert!(h.query_by_label("1 of 3 games").is_some());
    h.get_by_label("Open KibUser vs. BotA, 2026.11.25, 1-0")
        .click();
    h.run_steps(3);
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    let game = h.state().store().get(review).expect("a review board");
    let sans: Vec<&str> = game.moves.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert!(
        h.query_by_label(&format!("Board, game {review}")).is_some(),
        "drawn on a board of its own"
    );
    assert!(h.query_by_label("a6, black pawn").is_some());
    // The result stands over the final position only; an earlier one
    // browsed to is clear.
    assert!(h.query_all_by_label_contains("White won").count() >= 1);
    h.get_by_label("Nf3").click();
    h.run_steps(3);
    assert_eq!(h.state().view(review).and_then(|v| v.browse), Some(3));
    assert_eq!(h.query_all_by_label_contains("White won").count(), 0);
}

/// A dropped file, as the windowing backend hands it to egui.
#[derive(Debug)]
struct Dropped(std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

/// A PGN file dropped on the window: its games are listed in My games, and
/// a file of one game opens it at once.
#[test]
fn a_dropped_pgn_file_is_opened() {
    let dir = common::TempDir::new("dropped-pgn");
    let file = dir.path().join("lesson.pgn");
    std::fs::write(&file, OCTOBER).unwrap();
    let app = common::app_with(&[]);
    let mut h = common::window(app, [1400.0, 900.0]);
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file)));
    h.run_steps(3);
    assert!(h.query_by_label("Games of lesson.pgn").is_some());
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    let game = h.state().store().get(review).expect("opened at once");
    assert_eq!(game.moves.len(), 2);
    assert_eq!(game.players.black.handle, "BotC");
}

/// Open file… asks the system's file dialog (here a stand-in that picks
/// a file at once) and lists that file's games.
#[test]
fn a_pgn_file_picked_in_the_file_dialog_is_listed() {
    let dir = common::TempDir::new("picked-pgn");
    let file = dir.path().join("club.pgn");
    std::fs::write(&file, NOVEMBER).unwrap();
    let mut app = common::app_with(&[]);
    let picked = file.clone();
    app.set_file_picker(std::sync::Arc::new(move |_| Some(picked.clone())));
    let mut h = common::window(app, [1400.0, 900.0]);
    h.get_by_label("My games").click();
    common::wait::archive_listed(&mut h);
    h.get_by_label("Open file…").click();
    // The dialog answers on its own thread: frames until it has.
    for _ in 0..100 {
        h.run_steps(1);
        if h.query_by_label("Games of club.pgn").is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(h.query_by_label("Games of club.pgn").is_some());
    assert!(h.query_by_label("2 of 2 games").is_some());
    assert!(
        h.query_by_label("Open BotB vs. KibUser, 2026.11.26, 0-1")
            .is_some()
    );
}

/// Move times written in the archive (`[%emt]`) come back in review.
#[test]
fn move_times_come_back_in_review() {
    let timed = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"*\"]\n[TimeControl \"180+0\"]\n\n1. e4 {[%clk 0:02:57] [%emt 0:00:03.2]} 1... e5 {[%clk 0:02:55] [%emt 0:00:05]} 2. Nf3 *\n";
    let (_dir, mut h) = common::my_games("my-games-times", &[("2026-11.pgn", timed)], None);
    h.get_by_label("Open KibUser vs. BotA, 2026.11.25, *")
        .click();
    h.run_steps(3);
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    let game = h.state().store().get(review).expect("a review board");
    let times: Vec<Option<u64>> = game.moves.iter().map(|m| m.time_taken_ms).collect();
    assert_eq!(times, [Some(3_200), Some(5_000), None]);
}

/// The user's own games are listed first; the games watched to their end
/// and all games are a choice away.
#[test]
fn your_games_first_then_the_ones_watched() {
    let watched = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.27\"]\n[White \"BotC\"]\n[Black \"BotD\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    let files = [("2026-11.pgn", NOVEMBER), ("2026-12.pgn", watched)];
    let (_dir, mut h) = common::my_games("my-games-whose", &files, Some("KibUser"));
    assert!(h.query_by_label("2 of 3 games").is_some(), "KibUser's two");
    assert!(
        h.query_by_label("Open BotC vs. BotD, 2026.11.27, 1-0")
            .is_none()
    );
    h.get_by_label("Show").click();
    h.run_steps(2);
    // Each choice says how many games it lists.
    assert!(h.query_by_label("Your games (2)").is_some());
    assert!(h.query_by_label("All games (3)").is_some());
    h.get_by_label("Games watched (1)").click();
    h.run_steps(2);
    assert!(h.query_by_label("1 of 3 games").is_some());
    assert!(
        h.query_by_label("Open BotC vs. BotD, 2026.11.27, 1-0")
            .is_some()
    );
}

/// The user's results by opening: a click lists that opening's games.
#[test]
fn your_results_by_opening_list_their_games() {
    let pgn = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n[ECO \"C50\"]\n[Opening \"Italian Game\"]\n\n1. e4 e5 1-0\n\n\
[Event \"FICS rated blitz game\"]\n[Date \"2026.11.26\"]\n[White \"KibUser\"]\n[Black \"BotB\"]\n[Result \"1/2-1/2\"]\n[ECO \"C50\"]\n[Opening \"Italian Game\"]\n\n1. e4 e5 1/2-1/2\n\n\
[Event \"FICS rated blitz game\"]\n[Date \"2026.11.27\"]\n[White \"BotC\"]\n[Black \"KibUser\"]\n[Result \"1-0\"]\n[ECO \"B20\"]\n[Opening \"Sicilian Defense\"]\n\n1. e4 c5 1-0\n";
    let (_dir, mut h) =
        common::my_games("my-games-results", &[("2026-11.pgn", pgn)], Some("KibUser"));
    h.get_by_label("Your results by opening").click();
    h.run_steps(2);
    let italian = "C50 Italian Game, as White: 2 games, +1 =1 -0, 75 %";
    assert!(h.query_by_label(italian).is_some());
    assert!(
        h.query_by_label("B20 Sicilian Defense, as Black: 1 game, +0 =0 -1, 0 %")
            .is_some()
    );
    h.get_by_label(italian).click();
    h.run_steps(2);
    assert!(
        h.query_by_label("2 of 3 games").is_some(),
        "the Italian games listed"
    );
}

/// A game of the archive in PGN, as Kibitz writes it.
pub(crate) fn game(date: &str, white: &str, black: &str, result: &str, moves: &str) -> String {
    format!(
        "[Event \"FICS rated blitz game\"]\n[Date \"{date}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n{moves} {result}\n\n"
    )
}

/// The user's game KibUser–BotA (1. e4 e5 2. Nf3 Nc6, 1-0), the archive's
/// only one, opened on a review board (at its end).
pub(crate) fn one_game_under_review(
    label: &str,
) -> (
    common::TempDir,
    egui_kittest::Harness<'static, kibitz::app::KibitzApp>,
) {
    let pgn = game(
        "2026.11.20",
        "KibUser",
        "BotA",
        "1-0",
        "1. e4 e5 2. Nf3 Nc6",
    );
    let (dir, mut h) = common::my_games(label, &[("2026-11.pgn", &pgn)], Some("KibUser"));
    h.get_by_label("Open KibUser vs. BotA, 2026.11.20, 1-0")
        .click();
    h.run_steps(3);
    (dir, h)
}

/// Under a review board's move list, the opening tree of the user's own
/// games in the position shown: the moves played there, by whom, how the
/// user scored; a transposition meets the games of the other order; a move
/// lists its games and a game opens on a board of its own.
#[test]
fn the_opening_tree_of_your_games_under_a_review() {
    let pgn = [
        game(
            "2026.11.20",
            "KibUser",
            "BotA",
            "1-0",
            "1. e4 e5 2. Nf3 Nc6",
        ),
        game("2026.11.21", "BotB", "KibUser", "0-1", "1. e4 c5 2. Nf3"),
        game(
            "2026.11.22",
            "KibUser",
            "BotC",
            "1/2-1/2",
            "1. d4 d5 2. Nf3 Nf6",
        ),
        game("2026.11.23", "KibUser", "BotD", "0-1", "1. Nf3 d5 2. d4 e6"),
        // Watched, not the user's: not in the tree.
        game("2026.11.24", "BotE", "BotF", "1-0", "1. e4 e5 2. Bc4"),
    ]
    .concat();
    let (_dir, mut h) =
        common::my_games("my-games-tree", &[("2026-11.pgn", &pgn)], Some("KibUser"));
    h.get_by_label("Open KibUser vs. BotD, 2026.11.23, 0-1")
        .click();
    h.run_steps(3);
    // The game's end (after 2...e6) is in no other game: the position
    // after 2. d4, reached by 1. d4 d5 2. Nf3 too, is. (The tree is built
    // off the UI thread.)
    h.key_press(egui::Key::ArrowLeft);
    common::wait::frames(
        &mut h,
        common::wait::LIMIT,
        |h| h.query_by_label("In your games (KibUser)").is_some(),
        |h| {
            let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
            let browse = h.state().view(review).and_then(|v| v.browse);
            format!("the opening tree under the review (browsing {browse:?})")
        },
    );
    assert!(
        h.query_by_label("Nf6: 1 game (all your opponents'), +0 =1 -0, 50 %")
            .is_some(),
        "the transposed game's move"
    );
    assert!(
        h.query_by_label("e6: 1 game (all your opponents'), +0 =0 -1, 0 %")
            .is_some()
    );
    // At the start: the user's first moves, over all their games.
    h.key_press(egui::Key::Home);
    h.run_steps(3);
    let e4 = "e4: 2 games (1 yours), +2 =0 -0, 100 %";
    assert!(
        h.query_by_label(e4).is_some(),
        "1. e4 by the user and by BotB"
    );
    assert!(
        h.query_by_label("d4: 1 game (all yours), +0 =1 -0, 50 %")
            .is_some()
    );
    assert!(
        h.query_by_label("Nf3: 1 game (all yours), +0 =0 -1, 0 %")
            .is_some()
    );
    // Play 1. e4 from the tree: a line tried on the board (this game
    // began 1. Nf3), the tree following it.
    h.get_all_by_label("Play").next().expect("e4's").click();
    h.run_steps(3);
    let first = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    assert_eq!(h.state().view(first).and_then(|v| v.line), Some((0, 1)));
    assert!(
        h.query_by_label("e5: 1 game (all your opponents'), +1 =0 -0, 100 %")
            .is_some(),
        "the moves after 1. e4"
    );
    h.key_press(egui::Key::Home);
    h.run_steps(3);
    h.get_by_label(e4).click();
    h.run_steps(3);
    h.get_by_label("KibUser – BotA 1-0 2026.11.20").click();
    h.run_steps(3);
    let reviews = h
        .state()
        .store()
        .games()
        .filter(|g| g.number >= kibitz::archive::replay::FIRST_REVIEW_NUMBER)
        .count();
    assert_eq!(reviews, 2, "the game opened beside the first");
}

/// A PGN file of other games, dropped on the window, is kept in My games
/// as a named collection: listed beside the archive (Show), its index kept
/// in the archive's directory and never beside the file, and removed again
/// with the file untouched.
#[test]
fn a_dropped_file_is_kept_as_a_collection_and_removed_again() {
    let other = common::TempDir::new("collection-file");
    let file = other.path().join("club.pgn");
    let club = [
        game("2020.01.01", "Carlsen", "Anand", "1-0", "1. e4 e5"),
        game("2020.01.02", "Anand", "Carlsen", "1/2-1/2", "1. d4 d5"),
    ]
    .concat();
    std::fs::write(&file, &club).unwrap();
    let (dir, mut h) = common::my_games(
        "my-games-collection",
        &[("2026-11.pgn", NOVEMBER)],
        Some("KibUser"),
    );
    h.input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(file.clone())));
    h.run_steps(3);
    assert!(h.query_by_label("Games of club.pgn").is_some());
    h.get_by_label("Keep").click();
    common::wait::archive_listed(&mut h);
    h.run_steps(3);
    assert_eq!(
        h.state().settings().collections,
        [kibitz::config::Collection {
            name: "club".to_owned(),
            path: file.clone(),
        }]
    );
    // Shown under its name: its two games only.
    assert!(h.query_by_label("2 of 4 games").is_some());
    assert!(
        h.query_by_label("Open Carlsen vs. Anand, 2020.01.01, 1-0")
            .is_some()
    );
    // The archive's own lists leave it out.
    h.get_by_label("Show").click();
    h.run_steps(2);
    h.get_by_label("All games (2)").click();
    h.run_steps(2);
    assert!(
        h.query_by_label("2 of 4 games").is_some(),
        "the archive's two"
    );
    assert!(
        h.query_by_label("Open Carlsen vs. Anand, 2020.01.01, 1-0")
            .is_none()
    );
    // Indexed in the archive, nothing written beside the file.
    let entries: Vec<_> = std::fs::read_dir(other.path()).unwrap().flatten().collect();
    assert_eq!(entries.len(), 1, "only club.pgn where it is");
    let indexes = dir.path().join("games/.index/collections");
    assert_eq!(std::fs::read_dir(&indexes).unwrap().count(), 1);
    // Removed again: the file stays as it was.
    h.get_by_label("Show").click();
    h.run_steps(2);
    h.get_by_label("club (2)").click();
    h.run_steps(2);
    h.get_by_label("Remove from My games").click();
    common::wait::archive_listed(&mut h);
    h.run_steps(3);
    assert!(h.state().settings().collections.is_empty());
    assert!(h.query_by_label("2 of 2 games").is_some());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), club);
}

/// The index is rebuilt when a month file changed behind Kibitz's back (a
/// game appended by hand): Reload lists the file as it is now.
#[test]
fn the_index_is_rebuilt_when_a_file_changed_behind_its_back() {
    let (dir, mut h) = common::my_games(
        "my-games-stale-index",
        &[("2026-11.pgn", NOVEMBER)],
        Some("KibUser"),
    );
    assert!(h.query_by_label("2 of 2 games").is_some());
    let month = dir.path().join("games/2026-11.pgn");
    let index = dir.path().join("games/.index/2026-11.pgn.tsv");
    assert!(index.exists(), "indexed at the first listing");
    let added = game("2026.11.28", "KibUser", "BotZ", "1-0", "1. c4 e5");
    std::fs::write(&month, format!("{NOVEMBER}\n{added}")).unwrap();
    h.get_by_label("Reload").click();
    common::wait::archive_listed(&mut h);
    h.run_steps(3);
    assert!(h.query_by_label("3 of 3 games").is_some());
    assert!(
        h.query_by_label("Open KibUser vs. BotZ, 2026.11.28, 1-0")
            .is_some()
    );
    assert!(
        std::fs::read_to_string(&index).unwrap().contains("BotZ"),
        "the index rewritten"
    );
}

/// Forms as desktop users read them: each of My games' choices has its
/// label before it ("Show [Your games]", not "[Your games] Show").
#[test]
fn my_games_labels_stand_before_their_choices() {
    let (_dir, h) = common::my_games("my-games-labels", &[], None);
    for name in ["Show", "Order", "Result"] {
        let choice = h.get_by_label(name).rect();
        let label = h
            .query_by(|node| {
                node.role() == egui::accesskit::Role::Label && node.value().as_deref() == Some(name)
            })
            .unwrap_or_else(|| panic!("the label {name}"))
            .rect();
        assert!(
            label.max.x <= choice.min.x,
            "{name}: {label:?} after {choice:?}"
        );
    }
}

/// A game that ends is listed in My games as soon as it is written, with
/// no Reload (a tester's finished game was missing until they pressed it).
#[test]
fn a_finished_game_is_listed_without_a_reload() {
    let (_dir, mut h) = common::my_games(
        "my-games-grows",
        &[("2026-11.pgn", NOVEMBER)],
        Some("KibUser"),
    );
    assert!(h.query_by_label("2 of 2 games").is_some(), "the archive");
    let start = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 KibUser Carla 1 3 0 39 39 180 180 1 none (0:00) none 0";
    let board = "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 7 KibUser Carla -1 3 0 39 39 180 180 1 P/e2-e4 (0:00) e4 0";
    let end = "{Game 7 (KibUser vs. Carla) Carla resigns} 1-0";
    let now = std::time::Duration::from_secs(12);
    for line in [start, board, end] {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            h.state_mut().apply_event(now, &event);
        }
    }
    h.state_mut().archive_written();
    common::wait::archive_listed(&mut h);
    let console = common::console_lines(h.state());
    assert!(
        h.query_by_label("3 of 3 games").is_some(),
        "the game just written: {console:?}"
    );
    assert!(
        h.query_by_label_contains("Open KibUser vs. Carla")
            .is_some(),
        "listed"
    );
}

/// Where no file dialog can be shown (no desktop portal, no zenity: it
/// answers at once), Open file… says so and what to do instead; a dialog
/// the user cancels says nothing.
#[test]
fn open_file_without_a_file_dialog_says_so() {
    for (delay_ms, said) in [(0, true), (600, false)] {
        let mut app = common::app_with(&[]);
        app.set_file_picker(std::sync::Arc::new(move |_| {
            std::thread::sleep(std::time::Duration::from_millis(delay_ms));
            None
        }));
        let mut h = common::window(app, [1400.0, 900.0]);
        h.get_by_label("My games").click();
        common::wait::archive_listed(&mut h);
        h.get_by_label("Open file…").click();
        let told = |h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>| {
            common::console_lines(h.state())
                .iter()
                .any(|l| l.contains("No file dialog opened"))
        };
        for _ in 0..100 {
            h.run_steps(1);
            if told(&h) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert_eq!(told(&h), said, "answered after {delay_ms} ms");
    }
}

/// Several games pasted: the first opens, and the console says the rest
/// were left (a tester's paste of three games showed one, silently).
#[test]
fn several_games_pasted_open_the_first_and_say_so() {
    let mut h = common::window(common::app_with(&[]), [1400.0, 900.0]);
    let text = "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 *\n\n[White \"Cid\"]\n[Black \"Dot\"]\n[Result \"*\"]\n\n1. d4 *\n";
    h.event(egui::Event::Paste(text.to_owned()));
    h.run_steps(3);
    let first = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    let game = h.state().store().get(first).expect("the first game");
    assert_eq!(game.players.white.handle, "Ann");
    assert!(h.state().store().get(first + 1).is_none(), "one board");
    let console = common::console_lines(h.state());
    assert!(
        console
            .iter()
            .any(|l| l.contains("Opened the first of the 2 games pasted")),
        "{console:?}"
    );
}
