//! Keyboard shortcuts, for playing without a mouse. They work while no
//! text field has the keyboard (typed letters go to the move box then):
//!
//! | keys | does |
//! |---|---|
//! | Ctrl+Tab, Ctrl+Shift+Tab | the next / previous board gets the keyboard |
//! | `/`, Ctrl+L | to the console's command line |
//! | Alt+F | flip the board with the keyboard |
//! | Alt+E | engine analysis on or off for the board with the keyboard |
//! | Alt+D, Alt+T | offer a draw, ask for a takeback (your game) |
//! | Alt+R, Alt+A | resign, abort (twice within 3 s while confirmation is on) |
//! | Alt+Y, Alt+N | accept, decline the newest offer |
//! | Alt+C | say both clocks (screen reader) |
//! | Alt+V | say the material: pieces taken, who is ahead (screen reader) |
//! | Alt+L | say the engine's lines of the board with the keyboard (screen reader) |
//! | Alt+M | a rematch of your game just finished (no game of yours on) |
//!
//! Left, Right, Home, End step through the move list (`ui::move_list::browse_keys`).

use egui::{Key, Modifiers};

/// What a shortcut asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    /// The next (true) or previous board gets the keyboard.
    FocusNext(bool),
    CommandLine,
    Flip,
    ToggleAnalysis,
    SayClocks,
    SayMaterial,
    /// The engine's lines of the board with the keyboard, in words.
    SayLines,
    /// Accept (true) or decline the newest offer.
    AnswerOffer(bool),
    Draw,
    Takeback,
    Resign,
    Abort,
    Rematch,
}

/// This frame's shortcuts, in the order above; the keys are consumed.
/// `playing`: the user has a live game (its shortcuts are taken only then).
pub fn shortcuts(ctx: &egui::Context, playing: bool) -> Vec<Shortcut> {
    let mut found = Vec::new();
    // Only typing keeps them: a focused square of the board (a screen
    // reader's user moving over it) or a button still takes them.
    if ctx.text_edit_focused() {
        return found;
    }
    drop_late_alt_letter(ctx);
    let pressed = |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_key(modifiers, key));
    if pressed(Modifiers::CTRL | Modifiers::SHIFT, Key::Tab) {
        found.push(Shortcut::FocusNext(false));
    } else if pressed(Modifiers::CTRL, Key::Tab) {
        found.push(Shortcut::FocusNext(true));
    }
    let slash = ctx.input_mut(|i| {
        let typed = i
            .events
            .iter()
            .any(|e| matches!(e, egui::Event::Text(t) if t == "/"));
        // The `/` itself must not land in the command line.
        i.events
            .retain(|e| !matches!(e, egui::Event::Text(t) if t == "/"));
        typed
    });
    if slash || pressed(Modifiers::CTRL, Key::L) {
        found.push(Shortcut::CommandLine);
    }
    let keys = [
        (Key::F, Shortcut::Flip),
        (Key::E, Shortcut::ToggleAnalysis),
        (Key::C, Shortcut::SayClocks),
        (Key::V, Shortcut::SayMaterial),
        (Key::L, Shortcut::SayLines),
        (Key::Y, Shortcut::AnswerOffer(true)),
        (Key::N, Shortcut::AnswerOffer(false)),
    ];
    for (key, shortcut) in keys {
        if alt_pressed(ctx, key) {
            found.push(shortcut);
        }
    }
    if !playing {
        if alt_pressed(ctx, Key::M) {
            found.push(Shortcut::Rematch);
        }
        return found;
    }
    let game_keys = [
        (Key::D, Shortcut::Draw),
        (Key::T, Shortcut::Takeback),
        (Key::R, Shortcut::Resign),
        (Key::A, Shortcut::Abort),
    ];
    for (key, shortcut) in game_keys {
        if alt_pressed(ctx, key) {
            found.push(shortcut);
        }
    }
    found
}

/// Alt+`key`, consumed with the letter's text: under X11 the letter comes
/// as text too, and would land in a move being typed ("c" from Alt+C). The
/// text may come in the same frame or the next one.
fn alt_pressed(ctx: &egui::Context, key: Key) -> bool {
    let pressed = ctx.input_mut(|i| i.consume_key(Modifiers::ALT, key));
    if pressed {
        let letter = key.name().to_ascii_lowercase();
        drop_text(ctx, &letter);
        let pass = ctx.cumulative_pass_nr();
        ctx.data_mut(|d| d.insert_temp(egui::Id::NULL.with(ALT_LETTER), (pass, letter)));
    }
    pressed
}

/// Where the letter of the last Alt shortcut is kept, with its pass.
const ALT_LETTER: &str = "kibitz alt letter";

/// Drops the text `letter` from this frame's events.
fn drop_text(ctx: &egui::Context, letter: &str) {
    ctx.input_mut(|i| {
        i.events
            .retain(|e| !matches!(e, egui::Event::Text(t) if t.to_ascii_lowercase() == letter));
    });
}

/// The letter of the last frame's Alt shortcut, if its text comes now.
fn drop_late_alt_letter(ctx: &egui::Context) {
    let id = egui::Id::NULL.with(ALT_LETTER);
    let Some((pass, letter)) = ctx.data_mut(|d| d.remove_temp::<(u64, String)>(id)) else {
        return;
    };
    if ctx.cumulative_pass_nr() <= pass + 1 {
        drop_text(ctx, &letter);
    }
}
