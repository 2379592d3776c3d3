//! The everyday board (issue 36), as a player meets it: Rematch after a
//! game of one's own (button and Alt+M), Enter in the login form connects,
//! ratings in words, a review of a game played as Black seen from Black's
//! side, and the wall leaving the user's own and opened boards alone.

use std::time::Duration;

use crate::common;
use common::scripted_window::live_app;

use egui_kittest::kittest::{NodeT, Queryable};
use kibitz::app::{KibitzApp, TimeSource};
use kibitz::protocol::command::Command;

/// KibUser's own game (the fixture's White, renamed), just resigned by
/// the opponent, logged in.
fn finished_own_game() -> KibitzApp {
    let bytes = common::read(&common::fixtures_dir().join("real-server/end-resign-white.bin"));
    let text = String::from_utf8_lossy(&bytes).replace("BotA", "KibUser");
    let mut app = KibitzApp::new(TimeSource::Fixed(Duration::from_secs(100)));
    app.apply_status(kibitz::net::Status::LoggedIn {
        handle: "KibUser".into(),
    });
    common::serve(&mut app, Duration::from_secs(100), text.as_bytes());
    app
}

#[test]
fn rematch_after_a_game_of_ones_own() {
    let mut h = common::window(finished_own_game(), [1180.0, 820.0]);
    h.run_steps(2);
    h.get_by_label("Rematch").click();
    h.run_steps(2);
    // The same terms, colours swapped, as a challenge every server takes
    // (the old FICS refuses `rematch`).
    let rematch = |sent: &std::collections::VecDeque<Command>| {
        sent.iter().any(|c| {
            matches!(c, Command::Match(p)
                if p.handle == "BotB" && p.color == Some(shakmaty::Color::Black))
        })
    };
    assert!(rematch(h.state().sent()), "{:?}", h.state().sent());
    // And from the keyboard.
    let mut h = common::window(finished_own_game(), [1180.0, 820.0]);
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::M);
    h.run_steps(2);
    assert!(rematch(h.state().sent()), "{:?}", h.state().sent());
}

#[test]
fn enter_in_the_password_field_connects() {
    let mut h = common::window(live_app(), [1180.0, 820.0]);
    h.run_steps(1);
    h.get_by_label("Server").click();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    // Nothing listens there: what counts is that a connection is tried.
    h.get_by_label("Server").type_text("127.0.0.1:9");
    if h.get_by_label("Handle").accesskit_node().is_disabled() {
        h.get_by_label("Log in as a guest").click();
        h.run_steps(1);
    }
    h.get_by_label("Handle").click();
    h.run_steps(1);
    h.get_by_label("Handle").type_text("KibUser");
    h.get_by_label("Password").click();
    h.run_steps(1);
    h.get_by_label("Password").type_text("secret");
    h.run_steps(1);
    assert!(h.state().status().is_none(), "not before Enter");
    h.key_press(egui::Key::Enter);
    h.run_steps(1);
    // The network thread reports its first status soon after.
    common::scripted_window::wait_for(&mut h, "a connection tried", &|app| app.status().is_some());
}

#[test]
fn ratings_are_words_not_the_wires_marks() {
    // A guest's game: the strip says "guest", not "++++".
    let app = common::app_with(&[
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 GuestAB BotC 0 5 0 39 39 300 300 1 none (0:00) none 0",
        "Game 5: GuestAB (++++) BotC (----) unrated blitz 5 0",
    ]);
    let h = common::window(app, [1180.0, 820.0]);
    let game = h.state().store().get(5).expect("game");
    let ratings = (
        game.players.white.rating.clone(),
        game.players.black.rating.clone(),
    );
    assert_eq!(ratings.0.as_deref(), Some("++++"), "{ratings:?}");
    assert!(h.query_by_label("guest").is_some(), "{ratings:?}");
    assert!(h.query_by_label("unrated").is_some(), "{ratings:?}");
    assert!(h.query_by_label("++++").is_none());
    assert!(h.query_by_label("----").is_none());
}

#[test]
fn a_review_of_a_game_played_as_black_is_seen_from_blacks_side() {
    let pgn = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"BotA\"]\n[Black \"KibUser\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let (_dir, mut h) =
        common::my_games("everyday-black", &[("2026-11.pgn", pgn)], Some("KibUser"));
    h.get_by_label("Open BotA vs. KibUser, 2026.11.25, 0-1")
        .click();
    h.run_steps(3);
    // Black's back rank at the bottom: a8 below a1.
    let a1 = h.get_by_label("a1, white rook").rect();
    let a8 = h.get_by_label("a8, black rook").rect();
    assert!(a8.center().y > a1.center().y, "Black below");
}

/// Material beside the names: the piece taken and the lead, and in words
/// with Alt+V.
#[test]
fn material_shows_after_a_capture() {
    let app = common::app_with(&[
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 9 BotA BotB 0 5 0 39 39 300 300 1 none (0:00) none 0",
        "<12> rNbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP R-BQKBNR B -1 1 1 1 1 0 9 BotA BotB 0 5 0 39 36 300 300 1 N/c6-b8 (0:02) Nxb8 0",
    ]);
    let mut h = common::window(app, [1180.0, 820.0]);
    h.run_steps(2);
    assert!(
        h.query_by_label("+3").is_some(),
        "White's lead beside its name"
    );
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::V);
    h.run_steps(2);
    assert!(
        h.query_by_label("White has taken a knight; Black has taken nothing. White is ahead by 3.")
            .is_some()
    );
}

/// The opening is named by position: the Queen's Gambit Declined reached
/// from 1. c4 is named in the move list, and kept in the archive.
#[test]
fn an_opening_is_named_whatever_the_move_order() {
    let pgn = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"BotA\"]\n[Black \"BotB\"]\n[Result \"*\"]\n\n1. c4 e6 2. Nc3 d5 3. d4 a6 *\n";
    let (_dir, mut h) = common::my_games("everyday-opening", &[("2026-11.pgn", pgn)], None);
    h.get_by_label("Open BotA vs. BotB, 2026.11.25, *").click();
    h.run_steps(3);
    assert!(
        h.query_by_label("D31 Queen's Gambit Declined").is_some(),
        "named in the move list"
    );
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    let game = h.state().store().get(review).expect("review");
    let text = kibitz::archive::pgn(game, "fics", kibitz::archive::UtcTime::from_unix(0));
    assert!(
        text.contains("[ECO \"D31\"]") && text.contains("[Opening \"Queen's Gambit Declined\"]"),
        "{text}"
    );
}

/// A board theme chosen in Settings colours the board's squares; the
/// user's own colours too.
#[test]
fn a_board_theme_colours_the_squares() {
    let mut h = common::window(common::observed_games(1), [1180.0, 820.0]);
    h.run_steps(2);
    let ice_dark = egui::Color32::from_rgb(0x7F, 0xA8, 0xC9);
    assert!(!common::painted(&h, ice_dark));
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    h.get_by_label("Theme").click();
    h.run_steps(2);
    h.get_by_label("Ice").click();
    h.run_steps(3);
    assert_eq!(
        h.state().settings().board.theme,
        kibitz::config::BoardTheme::Ice
    );
    assert!(
        common::painted(&h, ice_dark),
        "the board's dark squares in Ice"
    );
    h.state_mut().settings_mut().board.theme = kibitz::config::BoardTheme::Custom;
    h.state_mut().settings_mut().board.custom_dark = [0x12, 0x34, 0x56];
    h.run_steps(2);
    assert!(
        common::painted(&h, egui::Color32::from_rgb(0x12, 0x34, 0x56)),
        "the user's own dark squares"
    );
}

/// A piece set chosen in Settings draws the board's pieces: the texture
/// the board's pieces come from holds that set's drawings, pixel for pixel.
#[test]
fn a_piece_set_draws_the_pieces() {
    use kibitz::config::PieceSet;
    let (mut h, uploads) =
        common::window_keeping_textures(common::observed_games(1), [1180.0, 820.0]);
    h.run_steps(2);
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    // Every set is shown in Settings, the one in use selected.
    for set in PieceSet::ALL {
        h.get_by_label(&format!("{set} pieces"));
    }
    uploads.lock().unwrap().clear();
    h.get_by_label("Merida pieces").click();
    h.run_steps(4);
    assert_eq!(h.state().settings().board.pieces, PieceSet::Merida);
    let named: Vec<(String, egui::ColorImage)> = {
        let manager = h.ctx.tex_manager();
        let manager = manager.read();
        let uploads = uploads.lock().unwrap();
        uploads
            .iter()
            .filter_map(|(id, image)| Some((manager.meta(*id)?.name.clone(), image.clone())))
            .collect()
    };
    // The board's squares are bigger than the previews' (34 points).
    let (pixels, image) = named
        .iter()
        .filter_map(|(name, image)| {
            let pixels: u32 = name.strip_prefix("pieces-Merida-")?.parse().ok()?;
            (pixels > 40).then_some((pixels, image))
        })
        .next()
        .unwrap_or_else(|| {
            panic!(
                "the board's pieces in Merida: {:?}",
                named.iter().map(|n| &n.0).collect::<Vec<_>>()
            )
        });
    let merida = kibitz::ui::board::pieces::atlas(PieceSet::Merida, pixels).unwrap();
    assert!(image.pixels == merida.pixels, "Merida's own drawings");
    let kibitz = kibitz::ui::board::pieces::atlas(PieceSet::Kibitz, pixels).unwrap();
    assert!(image.pixels != kibitz.pixels);
}

/// A tile too small for its move list names the opening in its bottom
/// strip (a bigger one, above its move list).
#[test]
fn a_small_tile_names_its_opening() {
    let mut app = common::observed_games(12);
    let now = Duration::from_secs(10);
    for line in [
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 40 BotA BotB 0 5 0 39 39 300 300 1 none (0:00) none 0",
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 40 BotA BotB 0 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0",
        "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 40 BotA BotB 0 5 0 39 39 299 298 2 P/e7-e5 (0:02) e5 0",
    ] {
        for event in common::decode(format!("{line}\n").as_bytes()) {
            app.apply_event(now, &event);
        }
    }
    let mut h = common::window(app, [1600.0, 1000.0]);
    h.run_steps(2);
    assert!(
        h.query_by_label("Live").is_none(),
        "no tile has its move list"
    );
    assert!(
        h.query_by_label("C20 King's Pawn Game").is_some(),
        "named on the small tile"
    );
}

/// The opponent of the game just finished asks for a rematch (on FICS a
/// challenge like any other): shown as a rematch, with Accept and Decline.
#[test]
fn a_rematch_offer_shows_accept_and_decline() {
    let mut app = finished_own_game();
    let opponent = {
        let game = app.store().games().next().expect("the finished game");
        let me = game.my_color().expect("KibUser's own");
        game.players[!me].handle.clone()
    };
    let challenge = format!(
        "\n\rChallenge: {opponent} (1720) KibUser (1700) rated blitz 5 0.\n\r\n\r<pf> 7 w={opponent} t=match p={opponent} (1720) KibUser (1700) rated blitz 5 0\n\rfics% "
    );
    common::serve(&mut app, Duration::from_secs(101), challenge.as_bytes());
    let mut h = common::window(app, [1180.0, 820.0]);
    h.run_steps(2);
    assert!(
        h.query_by_label_contains(&format!("{opponent} offers a rematch"))
            .is_some()
    );
    h.get_by_label("Decline").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Decline(Some(7))));
}

/// After Rematch the new game's Draw stands where Rematch was: a second
/// click there in the next second (a double click) offers nothing;
/// later, Draw works.
#[test]
fn a_button_that_appears_under_the_pointer_waits_a_second() {
    let mut h = common::window(finished_own_game(), [1180.0, 820.0]);
    h.run_steps(2);
    h.get_by_label("Rematch").click();
    h.run_steps(2);
    let now = h.state().now();
    let new_game = "Creating: KibUser (----) BotB (----) unrated blitz 3 0\n\r{Game 5 (KibUser vs. BotB) Creating unrated blitz match.}\n\r<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 KibUser BotB 1 3 0 39 39 180 180 1 none (0:00) none 0 0 0\n\r";
    common::serve(h.state_mut(), now, new_game.as_bytes());
    h.run_steps(2);
    h.get_by_label("Draw").click();
    h.run_steps(2);
    assert!(
        !h.state().sent().contains(&Command::Draw),
        "the click meant for Rematch offers no draw"
    );
    // 0.65 s after Rematch a draw offer went out; a second later it may.
    h.state_mut().set_time(now + Duration::from_millis(700));
    h.run_steps(2);
    h.get_by_label("Draw").click();
    h.run_steps(2);
    assert!(!h.state().sent().contains(&Command::Draw), "0.7 s");
    h.state_mut().set_time(now + Duration::from_millis(1100));
    h.run_steps(2);
    h.get_by_label("Draw").click();
    h.run_steps(2);
    assert!(h.state().sent().contains(&Command::Draw));
}

/// Ctrl+V at start, the connect form's server field holding the keyboard:
/// a game pasted opens on a board (it went into the server field); a
/// server's address pasted goes into the field.
#[test]
fn a_game_pasted_at_start_opens_not_into_the_server_field() {
    let mut h = common::window(live_app(), [1180.0, 820.0]);
    h.run_steps(2);
    let server_before = h.state().connect_form().server.clone();
    assert!(
        h.ctx.egui_wants_keyboard_input(),
        "the form has the keyboard"
    );
    h.event(egui::Event::Paste(
        "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n".into(),
    ));
    h.run_steps(3);
    assert_eq!(h.state().connect_form().server, server_before);
    let review = kibitz::archive::replay::FIRST_REVIEW_NUMBER;
    assert!(h.state().store().get(review).is_some(), "the game opened");
    // A record without a result (a game copied while it went on) has no
    // end to stamp over its last position.
    assert!(
        h.query_by_label_contains("No result").is_none(),
        "no banner on an unfinished game"
    );
}

/// The first window (1180x820) on a 1366x768 screen is made to fit once
/// the screen's size is known (its command line was cut off below).
#[test]
fn the_window_fits_a_small_screen() {
    let mut h = common::window(live_app(), [1180.0, 820.0]);
    let root = h
        .input_mut()
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default();
    root.monitor_size = Some(egui::vec2(1366.0, 768.0));
    root.inner_rect = Some(egui::Rect::from_min_size(
        egui::Pos2::ZERO,
        egui::vec2(1180.0, 820.0),
    ));
    h.step();
    let commands = &h.output().viewport_output[&egui::ViewportId::ROOT].commands;
    assert!(
        commands.contains(&egui::ViewportCommand::InnerSize(egui::vec2(1180.0, 720.0))),
        "{commands:?}"
    );
}

/// Settings in sections: a section's header folds it away.
#[test]
fn a_settings_section_folds() {
    let mut h = common::window(common::app_with(&[]), [1366.0, 768.0]);
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    assert!(h.query_by_label("Coordinates").is_some());
    assert_eq!(h.query_all_by_label("Auto-queen").count(), 2);
    h.get_by_label("Board").click();
    h.run_steps(3);
    assert!(h.query_by_label("Coordinates").is_none(), "Board folded");
    // The top bar's Auto-queen and the Play section's.
    assert_eq!(
        h.query_all_by_label("Auto-queen").count(),
        2,
        "Play still open"
    );
}

/// Settings opened again start at the top, wherever they were scrolled
/// (the Windows choice was off screen, and a click meant for it ticked a
/// sound).
#[test]
fn settings_open_again_at_the_top() {
    let mut h = common::window(common::app_with(&[]), [1366.0, 768.0]);
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    let top = h.get_by_label("Coordinates").rect();
    h.hover_at(top.center());
    for _ in 0..10 {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -200.0),
            modifiers: egui::Modifiers::NONE,
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
        });
        h.run_steps(1);
    }
    h.run_steps(3);
    let scrolled = h.get_by_label("Coordinates").rect();
    assert!(scrolled.min.y < top.min.y - 100.0, "scrolled: {scrolled:?}");
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    assert!(h.query_by_label("Coordinates").is_none(), "closed");
    h.get_by_label("Settings…").click();
    h.run_steps(3);
    assert_eq!(h.get_by_label("Coordinates").rect(), top);
}
