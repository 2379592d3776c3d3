//! A bughouse game kept whole: its two boards found to be one game, both
//! in one BPGN record as the game ends, listed in My games as two teams, reviewed on two boards side by
//! side that step through the moves of both in the order played.

use std::time::Duration;

use egui_kittest::kittest::Queryable;
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::archive::replay::FIRST_REVIEW_NUMBER;
use kibitz::game::timeline::Board;

use crate::common;

#[test]
fn an_observed_bughouse_game_is_archived_as_one_record_of_both_boards() {
    let dir = common::TempDir::new("bughouse-archive");
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(100)));
    app.archive_into(dir.path().to_path_buf());
    // The old FICS tells an observer nothing of which boards are partners:
    // Kibitz finds them by the first piece taken on one board and passed
    // into the other's holdings.
    let bytes = common::read(&common::fixtures_dir().join("real-server/bughouse-observer.bin"));
    common::serve(&mut app, Duration::from_secs(100), &bytes);
    // Written off the UI thread: once it is done, said in the console.
    app.archive_written();
    assert!(
        app.console()
            .lines
            .iter()
            .any(|l| l.text.starts_with("bughouse games") && l.text.contains("saved to")),
        "the note"
    );
    let files: Vec<_> = std::fs::read_dir(dir.path().join("games"))
        .expect("the archive")
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(
        files[0].extension().is_some_and(|e| e == "bpgn"),
        "{files:?}"
    );
    let games = kibitz::archive::read::read_file(&files[0]);
    assert_eq!(games.len(), 1, "one record for both boards");
    let game = &games[0];
    let other = game.other_board.as_deref().expect("board B");
    // Board 1 (BotA vs. BotB) and board 2 (BotD vs. BotC).
    assert_eq!((game.white.as_str(), game.black.as_str()), ("BotA", "BotB"));
    assert_eq!(
        (other.white.as_str(), other.black.as_str()),
        ("BotD", "BotC")
    );
    assert_eq!(other.order.len(), game.sans.len() + other.sans.len());
    assert!(
        other.sans.iter().chain(&game.sans).any(|s| s.contains('@')),
        "drops"
    );
    // The record replays: every drop was of a piece the partner passed.
    let (boards, timeline) =
        kibitz::archive::replay::review_bughouse(game, [1, 2], Duration::ZERO).expect("replayed");
    assert_eq!(timeline.len(), other.order.len());
    assert_eq!(boards[0].moves.len(), game.sans.len());

    // My games lists it as two teams; it opens on two boards side by side.
    let mut h = common::window(app, [1400.0, 900.0]);
    h.get_by_label("My games").click();
    common::wait::archive_listed(&mut h);
    let name = format!("Open BotA & BotC vs. BotB & BotD, {}, 0-1", game.date);
    h.get_by_label(&name).click();
    h.run_steps(3);
    let (a, b) = (FIRST_REVIEW_NUMBER, FIRST_REVIEW_NUMBER + 1);
    let store = h.state().store();
    assert_eq!(store.get(a).and_then(|g| g.partner), Some(b));
    assert_eq!(
        store.get(b).map(|g| g.players.white.handle.as_str()),
        Some("BotD")
    );
    for number in [a, b] {
        assert!(h.query_by_label(&format!("Board, game {number}")).is_some());
    }
    let len = timeline.len();
    let order = &other.order;
    let browse =
        |h: &egui_kittest::Harness<'_, KibitzApp>, n: u32| h.state().view(n).and_then(|v| v.browse);
    let bar = |h: &egui_kittest::Harness<'_, KibitzApp>, step: usize| {
        h.query_all_by_label_contains(&format!("{step} of {len}: "))
            .count()
    };
    // Both bars say where the game stands: at its last move.
    assert_eq!(bar(&h, len), 2);
    // Back a move: the board that moved last before it, the other as it was.
    let last = order[len - 1];
    h.get_all_by_label("Back").next().expect("Back").click();
    h.run_steps(3);
    assert_eq!(bar(&h, len - 1), 2);
    let (moved, still) = if last == Board::A { (a, b) } else { (b, a) };
    let moved_plies = h.state().store().get(moved).map_or(0, |g| g.moves.len());
    assert_eq!(browse(&h, moved), Some(moved_plies - 1));
    assert_eq!(browse(&h, still), None);
    // To the start, then the keyboard: Right steps through either board's
    // moves in the order they were played.
    h.get_all_by_label("First").next().expect("First").click();
    h.run_steps(3);
    assert_eq!((browse(&h, a), browse(&h, b)), (Some(0), Some(0)));
    // The pieces in hand shown are each board's at that step.
    let hand = |step: usize, board: Board| {
        timeline
            .pockets_at(step, board)
            .map(|p| p.map(|r| kibitz::game::material::hand(&r)))
    };
    h.run_steps(2);
    let in_hand = |h: &egui_kittest::Harness<'_, KibitzApp>, n: u32| {
        h.state().view(n).and_then(|v| v.in_hand)
    };
    assert_eq!(
        (in_hand(&h, a), in_hand(&h, b)),
        (hand(0, Board::A), hand(0, Board::B))
    );
    assert_eq!(
        h.query_all_by_label(&format!("0 of {len}: the start"))
            .count(),
        2
    );
    let board_left = |name: String| h.get_by_label(&name).rect().left();
    let (a_left, b_left) = (
        board_left(format!("Board, game {a}")),
        board_left(format!("Board, game {b}")),
    );
    assert!(a_left < b_left, "board A on the left");
    let mut shown = [0usize; 2];
    for board in &order[..4] {
        h.key_press(egui::Key::ArrowRight);
        h.run_steps(3);
        shown[usize::from(*board == Board::B)] += 1;
        assert_eq!(
            (browse(&h, a), browse(&h, b)),
            (Some(shown[0]), Some(shown[1]))
        );
    }
    // The move lists followed from the end to the first moves: board A's
    // first row is in view again.
    let first_move = h.state().store().get(a).expect("board A").moves[0]
        .san
        .clone();
    assert!(
        h.get_all_by_label(&first_move)
            .any(|n| (a_left..b_left).contains(&n.rect().center().x)),
        "{first_move} in view"
    );
    // Browsing one board's own moves brings the other to that moment:
    // board A's move before its last shows board B as it stood then.
    h.key_press(egui::Key::End);
    h.run_steps(3);
    assert_eq!((browse(&h, a), browse(&h, b)), (None, None));
    h.run_steps(1);
    assert_eq!(
        (in_hand(&h, a), in_hand(&h, b)),
        (hand(len, Board::A), hand(len, Board::B))
    );
    assert!(hand(len, Board::A) != hand(0, Board::A) || hand(len, Board::B) != hand(0, Board::B));
    let a_plies = game.sans.len() - 1;
    let a_step = timeline.step_of(Board::A, a_plies);
    let b_then = timeline.plies_at(a_step, Board::B);
    // (The tiles stand side by side: A's move list is left of board B.)
    let san = h.state().store().get(a).expect("board A").moves[a_plies - 1]
        .san
        .clone();
    let move_cell = h
        .get_all_by_label(&san)
        .filter(|n| (a_left..b_left).contains(&n.rect().center().x))
        .max_by(|x, y| x.rect().top().total_cmp(&y.rect().top()))
        .expect("board A's move in its list");
    move_cell.click();
    h.run_steps(3);
    assert_eq!(browse(&h, a), Some(a_plies));
    assert_eq!(browse(&h, b), (b_then < other.sans.len()).then_some(b_then));
    assert!(b_then < other.sans.len(), "board B moved after A's move");
}
