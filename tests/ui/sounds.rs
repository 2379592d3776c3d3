//! Sounds of watched boards: off by default; with "Moves on the watched
//! board ..." on, only the board that has the keyboard (or is shown alone)
//! sounds, never the rest of a wall.

use crate::common;

use common::CTRL;
use egui::Key;
use egui_kittest::Harness;
use kibitz::app::KibitzApp;
use kibitz::sound::{Played, Player, Sound};

/// Two observed games, 12 and 13, at the start position.
fn two_boards(watched_sounds: bool) -> (Harness<'static, KibitzApp>, Played) {
    let start = |game: u32| {
        format!(
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 {game} Ann{game} Bob{game} 0 5 0 39 39 300 300 1 none (0:00) none 0 0 0"
        )
    };
    let mut app = common::app_with(&[&start(12), &start(13)]);
    app.settings_mut().sound.on_watched_move = watched_sounds;
    let (player, played) = Player::recording();
    app.set_sound_player(player);
    (common::window(app, common::SIZE), played)
}

/// 1. e4 in game `game`.
fn e4(h: &mut Harness<'_, KibitzApp>, game: u32) {
    let line = format!(
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 {game} Ann{game} Bob{game} 0 5 0 39 39 300 300 1 P/e2-e4 (0:00) e4 0 0 0"
    );
    let now = h.state().now();
    for event in common::decode(format!("{line}\n\r").as_bytes()) {
        h.state_mut().apply_event(now, &event);
    }
    h.run_steps(1);
}

fn played(played: &Played) -> Vec<Sound> {
    played.lock().expect("played").clone()
}

#[test]
fn watched_boards_are_silent_by_default() {
    let (mut h, sounds) = two_boards(false);
    h.key_press_modifiers(CTRL, Key::Tab);
    h.run_steps(2);
    assert_eq!(h.state().focused(), Some(12));
    e4(&mut h, 12);
    assert_eq!(played(&sounds), []);
}

#[test]
fn only_the_watched_board_with_the_keyboard_sounds() {
    let (mut h, sounds) = two_boards(true);
    // No board has the keyboard: a wall stays quiet.
    e4(&mut h, 13);
    assert_eq!(played(&sounds), []);
    h.key_press_modifiers(CTRL, Key::Tab);
    h.run_steps(2);
    assert_eq!(h.state().focused(), Some(12));
    e4(&mut h, 12);
    assert_eq!(played(&sounds), [Sound::Move]);
}
