//! Pixel tests: the window painted to a picture (`common::raster`, on the
//! CPU) and looked at, as a player sees it, not as the widget tree says.
//! Each also compares the whole window with a checked-in picture under
//! `tests/snapshots/`; a failure leaves `NAME.new.png` and `NAME.diff.png`
//! there for a person to look at (`UPDATE_SNAPSHOTS=1 cargo test` takes
//! the new pictures after a change meant to alter them).

use crate::common;
use crate::common::raster::changed_share;

use egui_kittest::kittest::Queryable;
use kibitz::ui::board::square_rect;
use shakmaty::{Color, Square};

/// White's pawn on e7, a move from promoting (the user plays White).
const PROMOTION: &str = "<12> k------- ----P--- -------- -------- -------- -------- -------- ----K--- W -1 0 0 0 0 0 7 Me Opp 1 5 0 9 0 300 300 40 K/e2-e1 (0:01) Ke1 0 1 0";

pub(crate) fn board_square(
    h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>,
    square: Square,
) -> egui::Rect {
    let board = h.get_by_label("Board, game 7").rect();
    square_rect(board, Color::White, square)
}

/// The promotion chooser is painted over the board where the pawn
/// promotes: its four pieces on e8, e7, e6 and e5 are there to see (it was
/// drawn under the board, so a player saw nothing and clicked blind).
#[test]
fn the_promotion_chooser_is_painted_over_the_board() {
    let mut h = common::raster::window(common::app_with(&[PROMOTION]), common::SIZE);
    let before = h.render().expect("painted");
    let (e7, e8) = (
        board_square(&h, Square::E7).center(),
        board_square(&h, Square::E8).center(),
    );
    common::drag(&mut h, e7, e8);
    assert!(
        common::moves_sent(h.state()).is_empty(),
        "waits for the choice"
    );
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    for square in [Square::E8, Square::E7, Square::E6, Square::E5] {
        let share = changed_share(&before, &after, board_square(&h, square), ppp);
        assert!(
            share > 0.4,
            "the chooser on {square} changed only {:.0} % of its pixels",
            share * 100.0
        );
    }
    // The rest of the board is shaded, so the choice stands out.
    let a1 = changed_share(&before, &after, board_square(&h, Square::A1), ppp);
    assert!(a1 > 0.9, "the board around is shaded ({a1})");
    h.snapshot("promotion-chooser");
}

/// The user's own fool's mate, a move before its end (the user plays
/// White, Opp's queen about to mate).
const BEFORE_MATE: [&str; 2] = [
    "Creating: Me (1500) Opp (1500) rated blitz 2 0",
    "<12> rnbqkbnr pppp-ppp -------- ----p--- ------P- -----P-- PPPPP--P RNBQKBNR B 6 1 1 1 1 0 3 Me Opp -1 2 0 39 39 120 120 2 P/g2-g4 (0:00) g4 0 0 0",
];
const MATE: [&str; 2] = [
    "<12> rnb-kbnr pppp-ppp -------- ----p--- ------Pq -----P-- PPPPP--P RNBQKBNR W -1 1 1 1 1 0 3 Me Opp 1 2 0 39 39 120 120 3 Q/d8-h4 (0:00) Qh4+ 0 0 0",
    "{Game 3 (Me vs. Opp) Me checkmated} 0-1",
];

/// The board holds still when the game ends: the bar's announcement
/// ("Game 3: Me checkmated") once wrapped onto a second line and pushed
/// everything down ~20 px, so the next click missed. Seen in the pixels:
/// a square the mate leaves alone is painted where it was.
#[test]
fn the_board_holds_still_when_the_game_ends() {
    let mut h = common::raster::window(common::app_with(&BEFORE_MATE), common::SIZE);
    h.run_steps(2);
    let board = h.get_by_label("Board, game 3").rect();
    let before = h.render().expect("painted");
    let now = std::time::Duration::from_secs(10);
    for line in MATE {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            h.state_mut().apply_event(now, &event);
        }
    }
    // The queen's slide is over a second later.
    h.state_mut()
        .set_time(now + std::time::Duration::from_secs(1));
    h.run_steps(3);
    assert_eq!(
        h.get_by_label("Board, game 3").rect(),
        board,
        "the board moved"
    );
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    // a8 and b1: neither the mate's squares nor under the result banner.
    for square in [Square::A8, Square::B1] {
        let area = square_rect(board, Color::White, square).shrink(2.0);
        let share = changed_share(&before, &after, area, ppp);
        assert!(share < 0.05, "{square} painted elsewhere ({share})");
    }
    h.snapshot("own-game-mated");
}

/// Queued premoves (the queue on) are drawn on the position they make,
/// numbered in the order they will be played.
#[test]
fn queued_premoves_are_numbered_on_the_board() {
    let waiting = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR B -1 1 1 1 1 0 7 Me Opp -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";
    let mut app = common::app_with(&[waiting]);
    app.settings_mut().play.premove_queue = true;
    let mut h = common::raster::window(app, common::SIZE);
    let before = h.render().expect("painted");
    let at = |h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>, square| {
        board_square(h, square).center()
    };
    for (from, to) in [(Square::E2, Square::E4), (Square::F1, Square::C4)] {
        let (from, to) = (at(&h, from), at(&h, to));
        common::drag(&mut h, from, to);
    }
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(2);
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    // The bishop stands on c4 in the picture: the queue's position.
    for square in [Square::C4, Square::E4, Square::F1, Square::E2] {
        let share = changed_share(&before, &after, board_square(&h, square), ppp);
        assert!(share > 0.2, "{square} unchanged ({share})");
    }
    // The tile's controls stand in the strip over the board, not on its
    // corner squares: there they hid g8 and h8 for the whole game.
    let flip = h.get_by_label("Flip board, game 7").rect();
    let board = h.get_by_label("Board, game 7").rect();
    assert!(flip.max.y <= board.min.y + 0.5, "{flip:?} over {board:?}");
    h.snapshot("premove-queue");
}

/// Chess960 castling is marked where the king stood and stands (c1 from
/// d1 here), not on chess's e1 and c1: e1's queen did not move.
#[test]
fn a_chess960_castle_is_marked_where_the_king_moved() {
    let created = [
        "Creating: Me (----) Opp (----) unrated blitz chess960 3 0",
        "{Game 7 (Me vs. Opp) Creating unrated blitz chess960 match.}",
        "<12> rbbkqnrn pppppppp -------- -------- -------- -PP----B -B-PPPPP R--KQNRN W -1 1 1 1 1 0 7 Me Opp 1 3 0 39 39 180 180 4 B/c1-h3 (0:01) Bh3 0 1 0",
    ];
    let mut h = common::raster::window(common::app_with(&created), common::SIZE);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(2);
    let before = h.render().expect("painted");
    let now = std::time::Duration::from_secs(10);
    let castled = "<12> rbbkqnrn pppppppp -------- -------- -------- -PP----B -B-PPPPP --KRQNRN B -1 0 0 1 1 1 7 Me Opp -1 3 0 39 39 180 180 4 o-o-o (0:01) O-O-O 0 1 0";
    for event in common::decode(format!("{castled}\n\r").as_bytes()) {
        h.state_mut().apply_event(now, &event);
    }
    h.run_steps(3);
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    let e1 = changed_share(&before, &after, board_square(&h, Square::E1), ppp);
    assert!(e1 < 0.05, "e1 marked ({e1})");
    let d1 = changed_share(&before, &after, board_square(&h, Square::D1), ppp);
    assert!(d1 > 0.3, "d1 (the king's square before) marked ({d1})");
}

/// The light theme as a player sees it: chat, tells and notes in the
/// console, a board with its coordinates (their colours are checked for
/// contrast in `ui::theme`'s test; this picture is for a person).
#[test]
fn the_light_theme_reads() {
    let mut app = common::app_with(&[
        PROMOTION,
        "BotA tells you: good luck",
        "BotB(50): anyone for a game?",
    ]);
    app.settings_mut().appearance = kibitz::config::Appearance::Light;
    let mut h = common::raster::window(app, common::SIZE);
    h.run_steps(3);
    assert!(!h.ctx.global_style().visuals.dark_mode, "light windows");
    h.snapshot("light-theme");
}

/// Five boards at once (issue 46: they were clipped, with empty space
/// left) and tiles too narrow for their tool row: the tools fold into a
/// menu, never a button cut to its first letter.
#[test]
fn five_boards_fit_and_narrow_tiles_fold_their_tools() {
    let mut h = common::raster::window(common::observed_games(5), common::SIZE);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, common::SIZE.into());
    for game in 1..=5 {
        let board = h.get_by_label(&format!("Board, game {game}")).rect();
        assert!(
            window.contains_rect(board),
            "game {game} clipped: {board:?}"
        );
    }
    h.snapshot("five-boards");
}

/// A board whose move list beside it is narrower than its tool row: the
/// tools fold into a menu.
#[test]
fn a_narrow_tile_folds_its_tools_into_a_menu() {
    let size = [880.0, 560.0];
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
    let mut h = common::raster::window(common::observed_games(1), size);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    let menus = h.query_all_by_label("Tools…").count();
    assert_eq!(menus, 1, "the tools in a menu");
    for button in h.query_all_by_label("Set up…") {
        let rect = button.rect();
        assert!(
            rect.width() > 30.0 && window.contains_rect(rect),
            "cut: {rect:?}"
        );
    }
    h.snapshot("narrow-tile-tools");
}

/// Settings on a 1366x768 screen: the window takes the screen's height
/// (it was ~350 px, Play cut off at its bottom), the rest scrolling.
#[test]
fn settings_use_the_screens_height() {
    let size = [1366.0, 768.0];
    let mut h = common::raster::window(common::app_with(&[]), size);
    let without = h.render().expect("painted");
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    let with = h.render().expect("painted");
    // Its Play section is painted (the short window cut it off), and the
    // bughouse tells at the bottom of it.
    for label in [
        "Play",
        "Bughouse partner tells (one button each, one per line)",
    ] {
        let rect = h.get_by_label(label).rect();
        let inked = changed_share(&without, &with, rect, h.ctx.pixels_per_point());
        assert!(inked > 0.01, "{label} not painted ({inked})");
    }
    h.snapshot("settings-1366x768");
}

/// The position editor's palette on the dark theme: each piece stands on a
/// light square, so the black ones read (they were near-black on the
/// dark panel).
#[test]
fn the_set_up_palette_shows_black_pieces_on_the_dark_theme() {
    let mut h = common::raster::window(common::app_with(&[]), common::SIZE);
    h.get_by_label("My games").click();
    h.run_steps(2);
    h.get_by_label("Set up a position…").click();
    h.run_steps(3);
    let image = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    let cell = h.get_by_label("Put a black pawn").rect();
    // The cell's ground (its corner) is light; the piece's ink dark on it.
    let corner = image.get_pixel(
        ((cell.min.x + 2.0) * ppp) as u32,
        ((cell.min.y + 2.0) * ppp) as u32,
    );
    let light = u32::from(corner[0]) + u32::from(corner[1]) + u32::from(corner[2]);
    assert!(light > 3 * 180, "the cell's ground: {corner:?}");
    h.snapshot("set-up-palette-dark");
}

/// A challenge coming in shows over the boards' top right, with Accept
/// and Decline: the board under the pointer stays where it was (the
/// offer's row pushed every board down).
#[test]
fn a_challenge_shows_without_moving_the_boards() {
    let mut h = common::raster::window(common::observed_games(1), common::SIZE);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(2);
    let board = h.get_by_label("Board, game 1").rect();
    let now = std::time::Duration::from_secs(10);
    let challenge = "Challenge: BotF (1500) KibUser (1500) unrated blitz 5 0.\n\rYou can \"accept\" or \"decline\", or propose different parameters.\n\r";
    for event in common::decode(challenge.as_bytes()) {
        h.state_mut().apply_event(now, &event);
    }
    h.run_steps(3);
    assert!(h.query_by_label("Accept").is_some(), "the offer is shown");
    assert_eq!(h.get_by_label("Board, game 1").rect(), board);
    h.snapshot("offer-bar");
}

/// The user's own game beside six watched games: a usable board and both
/// columns of its move list (Black's was cut at 150 px).
#[test]
fn the_own_game_beside_the_wall() {
    let mut app = common::observed_games(6);
    for line in [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 42 Me Opp -1 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0 0 0",
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 42 Me Opp 1 5 0 39 39 300 299 2 P/e7-e5 (0:01) e5 0 0 0",
    ] {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            app.apply_event(std::time::Duration::from_secs(10), &event);
        }
    }
    let mut h = common::raster::window(app, [1180.0, 820.0]);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(2);
    let e5 = h.get_by_label("e5").rect();
    let board = h.get_by_label("Board, game 42").rect();
    assert!(e5.min.x > board.max.x, "the list beside the board");
    // Black's column ends before the tiles beside it begin.
    let beside = h.get_by_label("Board, game 1").rect();
    assert!(e5.max.x <= beside.min.x, "{e5:?} under {beside:?}");
    h.snapshot("own-game-beside-the-wall");
}

/// The opponent's draw offer lies over their strip above the board, not
/// over the board: the back rank stays in sight (the bar hid half of it),
/// Accept and Decline in the bar.
#[test]
fn a_draw_offer_leaves_the_board_in_sight() {
    let mut h = common::raster::window(common::app_with(&BEFORE_MATE), common::SIZE);
    h.run_steps(2);
    let before = h.render().expect("painted");
    let now = std::time::Duration::from_secs(10);
    for event in common::decode(b"\n\rOpp offers you a draw.\n\rfics% ") {
        h.state_mut().apply_event(now, &event);
    }
    h.run_steps(3);
    let accept = h.get_by_label("Accept").rect();
    let board = h.get_by_label("Board, game 3").rect();
    assert!(
        accept.max.y <= board.min.y + 1.0,
        "Accept at {accept:?} over the board"
    );
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    for square in [Square::A8, Square::D8, Square::H8] {
        let area = square_rect(board, Color::White, square);
        let share = changed_share(&before, &after, area, ppp);
        assert!(share < 0.02, "{square} covered ({share})");
    }
    h.snapshot("draw-offer");
}

/// A note on the strip over a board (a tell, a refused move) stands on
/// the strip's own ground: over a long name and rating (a computer's,
/// "Stockfish 15.1 1500") the two were read as one garble.
#[test]
fn a_note_over_a_long_name_reads() {
    let long = PROMOTION.replace(" Opp ", " Grandmasterrrrrrr ");
    let mut app = common::app_with(&[&long, "Grandmasterrrrrrr tells you: good luck and have fun"]);
    app.settings_mut().appearance = kibitz::config::Appearance::Light;
    let mut h = common::raster::window(app, [900.0, 640.0]);
    h.run_steps(3);
    h.snapshot("note-over-a-long-name");
}

/// The Events tab with a relayed round, a tournament's standings and a
/// throne, and "Watch the round": the event's name over its wall, the
/// round's boards under it in board order.
#[test]
fn the_events_tab_and_an_event_wall() {
    let mut app = common::observed_games(3);
    for line in [
        ":The following tournaments are currently in progress:",
        ":12   Tata Steel Masters 2026                 Round Started",
        ":There are 4 games in the Tata Steel Masters 2026",
        ":1    Carlsen         Giri            *       C65",
        ":2    Anand           Nakamura        *       B90",
        ":3    Firouzja        Gukesh          *       D37",
        ":4    Caruana         So              1-0     C42",
        ":mamer's tourney list:",
        r":|  31 | +open<    | mamer   | 5 0 r SS\5     | 2026.1128.2200 |",
        ":Listed: 1 tourneys",
        ":Tourney #31's standard grid:",
        ":|   1 | +BotA(1812)      | +2w =3b    |",
        ":|   2 | +BotB(1650)      | -1b +3w    |",
        ":|   3 | +BotC(1544)      | -bye =1w   |",
        ":mamer's KOTH list:",
        ":|   1 | Yes  | 5 0 r   | BotE     | -     |",
        ":Total: 1 KOTHs",
    ] {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            app.apply_event(std::time::Duration::from_secs(10), &event);
        }
    }
    app.lobby_mut().tab = kibitz::ui::lobby::Tab::Events;
    let mut h = common::raster::window(app, [1180.0, 820.0]);
    h.run_steps(2);
    h.get_by_label("Watch the round").click();
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    let title = h
        .query_all_by_label("Tata Steel Masters 2026")
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the event's name");
    let first = h.get_by_label("Board, game 1").rect();
    assert!(
        title.min.x >= first.min.x - 20.0,
        "{title:?} over {first:?}"
    );
    assert!(title.max.y <= first.min.y, "{title:?} over {first:?}");
    h.get_by_label("Stop watching");
    h.get_by_label("King: BotE");
    h.snapshot("events-tab-and-event-wall");
}

/// A puzzle from puzzlebot: its objective in words over the board, how it
/// stands and its buttons beside it, the Training tab in the lobby.
#[test]
fn a_puzzles_objective_is_over_its_board() {
    let mut app = kibitz::app::KibitzApp::new(kibitz::app::TimeSource::Fixed(
        std::time::Duration::from_secs(10),
    ));
    let _ = app
        .lobby_mut()
        .training
        .start_puzzle(kibitz::training::bots::Puzzle::Mate(2));
    app.lobby_mut().tab = kibitz::ui::lobby::Tab::Training;
    for line in [
        "puzzlebot has made you an examiner of game 127.",
        "<12> --kr---r pp--qppp --n-bn-- ---p---- ---P---- --N-BN-- PPQ--PPP --KR---R W -1 0 0 0 0 0 127 Me puzzlebot 2 0 0 0 0 0 0 1 none (0:00.000) none 0 0 0",
        "puzzlebot(TD)(----)[127] kibitzes: This is mate problem number [00655]",
        "puzzlebot(TD)(----)[127] kibitzes: White moves and mates in 2 moves.",
        "puzzlebot(TD)(----)[127] kibitzes: There is a better move.",
    ] {
        for event in common::decode(format!("{line}\n\r").as_bytes()) {
            app.apply_event(std::time::Duration::from_secs(10), &event);
        }
    }
    let mut h = common::raster::window(app, [1180.0, 820.0]);
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    let board = h.get_by_label("Board, game 127").rect();
    let objective = h
        .query_all_by_label("White moves and mates in 2 moves.")
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the objective");
    assert!(
        objective.max.y <= board.min.y,
        "{objective:?} over {board:?}"
    );
    assert!(
        objective.min.x >= board.min.x - 40.0,
        "{objective:?} over {board:?}"
    );
    h.snapshot("training-puzzle");
    // The pointer on the problem's board: the tile's controls show in the
    // strip over it, not over g8 and h8 (the user moves there).
    h.hover_at(board.center());
    h.run_steps(3);
    let flip = h.get_by_label("Flip board, game 127").rect();
    assert!(
        !flip.intersects(board.shrink(1.0)),
        "{flip:?} over {board:?}"
    );
}

/// A window over an app with `mistakes.rs`'s card due (2. Qh5 played
/// after 1. e4 e5), painted on the CPU, the card open and the pointer
/// away. The directory lives as long as the harness is used: keep it.
fn card_painted(
    label: &str,
) -> (
    common::TempDir,
    egui_kittest::Harness<'static, kibitz::app::KibitzApp>,
) {
    let dir = common::TempDir::new(label);
    let mut app = crate::mistakes::app_with_deck(&dir, crate::mistakes::ONE_CARD);
    app.lobby_mut().tab = kibitz::ui::lobby::Tab::Training;
    let mut h = common::raster::window(app, [1180.0, 820.0]);
    h.run_steps(2);
    h.get_by_label("Practise (1 due)").click();
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(4);
    (dir, h)
}

/// A card of your mistakes is painted on a board of its own, and once
/// answered both moves are drawn on it: the engine's (g1-f3) and the
/// game's (d1-h5) as arrows a player sees (not only the words under it).
#[test]
fn a_card_shows_both_moves_on_its_board() {
    let (_dir, mut h) = card_painted("pixels-card");
    let board = h.get_by_label("Board, your mistake").rect();
    assert!(board.width() >= 300.0, "a board to play on: {board:?}");
    let before = h.render().expect("painted");
    h.get_by_label("Show the answer").click();
    h.hover_at(egui::pos2(5.0, 5.0));
    h.run_steps(3);
    assert!(
        h.query_all_by_label("In the game you played Qh5; the engine's move is Nf3.")
            .next()
            .is_some()
    );
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    let board = h.get_by_label("Board, your mistake").rect();
    // The engine's move (g1-f3, blue) and the game's (d1-h5, green).
    for square in [Square::G1, Square::F3, Square::D1, Square::H5] {
        let share = changed_share(
            &before,
            &after,
            square_rect(board, Color::White, square),
            ppp,
        );
        assert!(
            share > 0.05,
            "the arrow over {square}: {:.0} %",
            share * 100.0
        );
    }
    let a8 = changed_share(
        &before,
        &after,
        square_rect(board, Color::White, Square::A8),
        ppp,
    );
    assert!(a8 < 0.01, "the rest of the board holds still ({a8})");
    h.snapshot("mistakes-card");
}

/// The square with the keyboard is ringed on the card's board (the
/// board takes the keyboard when the card opens, on the opponent's last
/// move, e5): the arrow moves the ring a player sees, from e5 to f5.
#[test]
fn the_square_with_the_keyboard_is_ringed() {
    let (_dir, mut h) = card_painted("pixels-focus-ring");
    assert!(h.get_by_label("e5, black pawn").is_focused());
    let before = h.render().expect("painted");
    h.key_press(egui::Key::ArrowRight);
    h.run_steps(3);
    assert!(h.get_by_label("f5, empty").is_focused());
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    let board = h.get_by_label("Board, your mistake").rect();
    for square in [Square::E5, Square::F5] {
        let cell = square_rect(board, Color::White, square);
        let share = changed_share(&before, &after, cell, ppp);
        assert!(share > 0.05, "the ring on {square}: {:.0} %", share * 100.0);
    }
    let a8 = changed_share(
        &before,
        &after,
        square_rect(board, Color::White, Square::A8),
        ppp,
    );
    assert!(a8 < 0.01, "the rest of the board holds still ({a8})");
}
