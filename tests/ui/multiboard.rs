//! Many games side by side, boards first (egui_kittest, no display): board
//! sizes at the default and the maximized window, scrolling instead of
//! shrinking, the tile controls on hover, double click and Esc.

use crate::common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kibitz::app::KibitzApp;
use kibitz::protocol::command::Command;

const DEFAULT_SIZE: [f32; 2] = [1180.0, 820.0];
const MAXIMIZED: [f32; 2] = [1600.0, 1000.0];

fn harness(app: KibitzApp, size: [f32; 2]) -> Harness<'static, KibitzApp> {
    let mut harness = Harness::builder()
        .with_size(size)
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    harness.run_steps(3);
    harness
}

fn board_rect(h: &Harness<'_, KibitzApp>, game: u32) -> egui::Rect {
    h.get_by_label(&format!("Board, game {game}")).rect()
}

/// Every game's board is at least `min` px, with both clocks beside it.
fn assert_boards_at_least(h: &Harness<'_, KibitzApp>, games: u32, min: f32) {
    for game in 1..=games {
        let rect = board_rect(h, game);
        assert!(
            rect.width() >= min && rect.height() >= min,
            "game {game}: board {rect:?}"
        );
    }
    assert_eq!(
        h.query_all_by_label_contains("White clock").count(),
        games as usize
    );
    assert_eq!(
        h.query_all_by_label_contains("Black clock").count(),
        games as usize
    );
}

#[test]
fn sixteen_boards_at_the_default_size_with_the_lobby_open() {
    let h = harness(common::observed_games(16), DEFAULT_SIZE);
    assert!(
        h.query_by_label_contains("Games (").is_some(),
        "the lobby is open"
    );
    assert_boards_at_least(&h, 16, 100.0);
}

#[test]
fn sixteen_boards_maximized_with_the_lobby_closed() {
    let mut h = harness(common::observed_games(16), MAXIMIZED);
    h.get_by_label("Lobby").click();
    h.run_steps(3);
    assert!(
        h.query_by_label_contains("Games (").is_none(),
        "the lobby is closed"
    );
    assert_boards_at_least(&h, 16, 200.0);
}

#[test]
fn more_games_than_fit_scroll_instead_of_shrinking() {
    let h = harness(common::observed_games(100), DEFAULT_SIZE);
    let shown: Vec<egui::Rect> = (1..=100)
        .filter_map(|game| {
            let label = format!("Board, game {game}");
            h.query_by_label(&label).map(|node| node.rect())
        })
        .collect();
    assert!(!shown.is_empty());
    assert!(
        shown.len() < 100,
        "the rest is scrolled away: {}",
        shown.len()
    );
    for rect in &shown {
        // A board cut by the scroll area's edge is taller than what shows.
        assert!(rect.width() >= 64.0, "{rect:?}");
    }
}

#[test]
fn the_controls_show_on_hover_and_each_sends_its_command() {
    let mut h = harness(common::observed_games(4), DEFAULT_SIZE);
    assert!(
        h.query_by_label("Unobserve game 2").is_none(),
        "hidden until hovered"
    );
    let center = board_rect(&h, 2).center();
    h.hover_at(center);
    h.run_steps(2);
    h.get_by_label("Unobserve game 2").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Unobserve(Some(2))));

    h.hover_at(center);
    h.run_steps(2);
    let before = h.state().view(2).is_some_and(|v| v.flipped);
    h.get_by_label("Flip board, game 2").click();
    h.run_steps(2);
    assert_ne!(h.state().view(2).is_some_and(|v| v.flipped), before);

    h.hover_at(center);
    h.run_steps(2);
    h.get_by_label("Maximize game 2").click();
    h.run_steps(2);
    assert_eq!(h.state().maximized(), Some(2));
    assert!(h.query_by_label("Board, game 1").is_none());
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert_eq!(h.state().maximized(), None);
    assert!(h.query_by_label("Board, game 1").is_some());

    let center = board_rect(&h, 3).center();
    h.hover_at(center);
    h.run_steps(2);
    h.get_by_label("Close game 3").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Unobserve(Some(3))));
    assert!(h.query_by_label("Board, game 3").is_none());
}

#[test]
fn a_double_click_on_a_tile_maximizes_it_and_again_returns() {
    // Frames 1/60 s apart, so that two clicks make a double click.
    let mut h = Harness::builder()
        .with_size(DEFAULT_SIZE)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(
            |ui, app: &mut KibitzApp| app.show(ui),
            common::observed_games(4),
        );
    h.run_steps(3);
    let center = board_rect(&h, 4).center();
    h.hover_at(center);
    h.run_steps(1);
    for _ in 0..2 {
        h.event(egui::Event::PointerButton {
            pos: center,
            button: egui::PointerButton::Primary,
            pressed: true,
            modifiers: egui::Modifiers::NONE,
        });
        h.event(egui::Event::PointerButton {
            pos: center,
            button: egui::PointerButton::Primary,
            pressed: false,
            modifiers: egui::Modifiers::NONE,
        });
        h.step();
    }
    h.run_steps(2);
    assert_eq!(h.state().maximized(), Some(4));
    let big = board_rect(&h, 4);
    assert!(big.width() > 400.0, "{big:?}");
    // Again: all games.
    h.run_steps(30);
    let center = big.center();
    for _ in 0..2 {
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos: center,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.step();
    }
    h.run_steps(2);
    assert_eq!(h.state().maximized(), None);
    assert!(h.query_by_label("Board, game 1").is_some());
}

/// Draw calls (clipped meshes) in one frame of 16 boards: each board's
/// squares, pieces and marks are a few meshes, not one per piece texture.
#[test]
fn sixteen_boards_are_few_draw_calls() {
    let mut h = harness(common::observed_games(16), MAXIMIZED);
    h.run_steps(2);
    let output = h.output().clone();
    let primitives = h.ctx.tessellate(output.shapes, output.pixels_per_point);
    let meshes = primitives
        .iter()
        .filter(|p| matches!(p.primitive, egui::epaint::Primitive::Mesh(_)))
        .count();
    let vertices: usize = primitives
        .iter()
        .map(|p| match &p.primitive {
            egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
            egui::epaint::Primitive::Callback(_) => 0,
        })
        .sum();
    eprintln!("16 boards: {meshes} draw calls, {vertices} vertices");
    assert!(meshes <= 16 * 6 + 40, "{meshes} draw calls");
}

/// Observing one board of a bughouse game opens its partner board beside
/// it, both with their holdings.
#[test]
fn a_bughouse_board_brings_its_partner_beside_it() {
    let mut app = common::observed_games(3);
    let board = |game: u32, white: &str, black: &str| {
        format!(
            "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 {game} {white} {black} 0 2 0 39 39 120 120 1 P/e2-e4 (0:00) e4 0\n\r"
        )
    };
    let feed = |app: &mut KibitzApp, text: &str| {
        common::serve(app, std::time::Duration::from_secs(10), text.as_bytes());
    };
    feed(
        &mut app,
        &format!(
            "You are now observing game 21.\n\r<g1> 21 p=0 t=bughouse r=0 u=1,1 it=120,0 i=120,0 pt=20 rt=0,0 ts=0,0\n\r{}<b1> game 21 white [NP] black [P]\n\r",
            board(21, "Alice", "Bob")
        ),
    );
    assert!(
        app.sent().contains(&Command::Observe(
            kibitz::protocol::command::ObserveTarget::Game(20)
        )),
        "the partner board is observed: {:?}",
        app.sent()
    );
    feed(
        &mut app,
        &format!(
            "You are now observing game 20.\n\r<g1> 20 p=0 t=bughouse r=0 u=1,1 it=120,0 i=120,0 pt=21 rt=0,0 ts=0,0\n\r{}<b1> game 20 white [] black [Q]\n\r",
            board(20, "Carol", "Dave")
        ),
    );
    let observes = app
        .sent()
        .iter()
        .filter(|c| matches!(c, Command::Observe(_)))
        .count();
    assert_eq!(observes, 1, "no loop back to game 21: {:?}", app.sent());
    let h = harness(app, DEFAULT_SIZE);
    let (a, b) = (board_rect(&h, 20), board_rect(&h, 21));
    // Side by side: the same row, next to each other.
    assert!((a.top() - b.top()).abs() < 1.0, "{a:?} {b:?}");
    let others: Vec<egui::Rect> = (1..=3).map(|g| board_rect(&h, g)).collect();
    let between = others.iter().any(|r| {
        (r.top() - a.top()).abs() < 1.0
            && r.center().x > a.center().x.min(b.center().x)
            && r.center().x < a.center().x.max(b.center().x)
    });
    assert!(!between, "no other board between the partners");
    // Holdings on both boards.
    assert!(h.query_by_label("White Knight in hand: 1").is_some());
    assert!(h.query_by_label("Black Queen in hand: 1").is_some());
}

/// The user's own game comes first whatever the wall holds: its move list
/// stays beside it with six observed games open, and when it ends it
/// keeps its place (the board does not jump), a game no longer observed
/// going to the end of the grid.
#[test]
fn the_own_game_keeps_its_move_list_and_its_place() {
    let mut app = common::observed_games(6);
    let own = [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 42 Me Opp -1 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0 0 0",
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 299 2 P/e7-e5 (0:01) e5 0 0 0",
    ];
    for line in own {
        common::serve(
            &mut app,
            std::time::Duration::from_secs(10),
            format!("{line}\n\r").as_bytes(),
        );
    }
    let mut h = harness(app, DEFAULT_SIZE);
    let board = board_rect(&h, 42);
    assert!(board.width() >= 300.0, "a usable board: {board:?}");
    assert!(h.query_by_label("e5").is_some(), "the move list beside it");
    common::serve(
        h.state_mut(),
        std::time::Duration::from_secs(10),
        b"{Game 42 (Me vs. Opp) Opp resigns} 1-0\n\r",
    );
    h.run_steps(3);
    assert_eq!(board_rect(&h, 42), board, "the board held still");
}

/// A double click on the user's own game (its strip: clicks on its board
/// are moves) gives it the window, with watched games open.
#[test]
fn a_double_click_gives_the_own_game_the_window() {
    let mut app = common::observed_games(3);
    common::serve(
        &mut app,
        std::time::Duration::from_secs(10),
        b"<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0\n\r",
    );
    let mut h = Harness::builder()
        .with_size(DEFAULT_SIZE)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut KibitzApp| app.show(ui), app);
    h.run_steps(3);
    // The top strip, over the board: the opponent's name.
    let board = board_rect(&h, 42);
    let strip = egui::pos2(board.center().x, board.min.y - 8.0);
    h.hover_at(strip);
    h.run_steps(1);
    for _ in 0..2 {
        for pressed in [true, false] {
            h.event(egui::Event::PointerButton {
                pos: strip,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.step();
    }
    h.run_steps(2);
    assert_eq!(h.state().maximized(), Some(42));
}

/// A game coming or going moves no other tile: one closed leaves its cell
/// free, one ending stays where it is, a new one takes the free cell.
#[test]
fn tiles_stay_put_when_games_come_and_go() {
    let mut h = harness(common::observed_games(4), DEFAULT_SIZE);
    let before: Vec<egui::Rect> = (1..=4).map(|g| board_rect(&h, g)).collect();
    // Game 2 closed from its controls.
    h.hover_at(before[1].center());
    h.run_steps(2);
    h.get_by_label("Close game 2").click();
    h.run_steps(3);
    assert!(h.query_by_label("Board, game 2").is_none());
    for (i, game) in [(0, 1), (2, 3), (3, 4)] {
        assert_eq!(board_rect(&h, game), before[i], "game {game} moved");
    }
    // Game 3 ends: it stays, and so do the others.
    common::serve(
        h.state_mut(),
        std::time::Duration::from_secs(10),
        b"{Game 3 (GuestPc vs. BotC) GuestPc resigns} 0-1\n\r",
    );
    h.run_steps(3);
    for (i, game) in [(0, 1), (2, 3), (3, 4)] {
        assert_eq!(board_rect(&h, game), before[i], "game {game} moved");
    }
    // A new game takes game 2's cell.
    common::serve(
        h.state_mut(),
        std::time::Duration::from_secs(10),
        b"<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 9 Ann Bob 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 1 0\n\r",
    );
    h.run_steps(3);
    assert_eq!(
        board_rect(&h, 9),
        before[1],
        "the new game in the free cell"
    );
    for (i, game) in [(0, 1), (2, 3), (3, 4)] {
        assert_eq!(board_rect(&h, game), before[i], "game {game} moved");
    }
}
