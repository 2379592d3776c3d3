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
//!
//! Left, Right, Home, End step through the move list (`ui::move_list::browse_keys`).

use egui::{Key, Modifiers};

use super::KibitzApp;
use crate::game::Now;
use crate::protocol::command::Command;
use crate::ui::confirm::Decision;
use crate::ui::game_view::Action;

impl KibitzApp {
    /// This frame's shortcuts, as actions (and focus changes).
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context, now: Now) -> Vec<Action> {
        let mut actions = Vec::new();
        if ctx.egui_wants_keyboard_input() {
            return actions;
        }
        let pressed =
            |modifiers: Modifiers, key: Key| ctx.input_mut(|i| i.consume_key(modifiers, key));
        if pressed(Modifiers::CTRL | Modifiers::SHIFT, Key::Tab) {
            self.focus_next_board(false);
        } else if pressed(Modifiers::CTRL, Key::Tab) {
            self.focus_next_board(true);
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
            self.console.focus_wanted = true;
        }
        if pressed(Modifiers::ALT, Key::F)
            && let Some(number) = self.focused.or_else(|| self.own_live_game())
        {
            let view = self.views.entry(number).or_default();
            view.flipped = !view.flipped;
        }
        if pressed(Modifiers::ALT, Key::E)
            && let Some(game) = self
                .focused
                .or_else(|| self.own_live_game())
                .and_then(|n| self.store.get(n))
                .or_else(|| self.store.games().next())
        {
            let default_on = self.settings.analysis.on_by_default;
            let view = self.views.entry(game.number).or_default();
            view.analysis.toggle(game, default_on);
        }
        if pressed(Modifiers::ALT, Key::C) {
            self.say_the_clocks(now);
        }
        if pressed(Modifiers::ALT, Key::Y) {
            actions.extend(self.answer_newest_offer(true));
        }
        if pressed(Modifiers::ALT, Key::N) {
            actions.extend(self.answer_newest_offer(false));
        }
        let Some(own) = self.own_live_game() else {
            return actions;
        };
        if pressed(Modifiers::ALT, Key::D) {
            actions.push(Action::Send(Command::Draw));
        }
        if pressed(Modifiers::ALT, Key::T) {
            actions.push(Action::Send(Command::Takeback(1)));
        }
        for (key, decision, command) in [
            (Key::R, Decision::Resign, Command::Resign),
            (Key::A, Decision::Abort, Command::Abort),
        ] {
            if !pressed(Modifiers::ALT, key) {
                continue;
            }
            let rated = self.store.get(own).and_then(|g| g.rated);
            let needs = decision.needs_confirmation(self.settings.play.confirm_resign, rated);
            let view = self.views.entry(own).or_default();
            if view.confirm.press(decision, now, needs) {
                actions.push(Action::Send(command));
            }
        }
        actions
    }

    /// Our live game, if we play one.
    pub(super) fn own_live_game(&self) -> Option<u32> {
        self.store.own_live_game().map(|g| g.number)
    }

    /// The keyboard goes to the next (or previous) board, in the order of
    /// the games.
    fn focus_next_board(&mut self, forward: bool) {
        let numbers: Vec<u32> = self.store.games().map(|g| g.number).collect();
        if numbers.is_empty() {
            return;
        }
        let at = self
            .focused
            .and_then(|n| numbers.iter().position(|&m| m == n));
        let next = match (at, forward) {
            (None, true) => 0,
            (None, false) => numbers.len() - 1,
            (Some(i), true) => (i + 1) % numbers.len(),
            (Some(i), false) => (i + numbers.len() - 1) % numbers.len(),
        };
        self.focused = Some(numbers[next]);
    }

    /// Accepts or declines the newest offer.
    fn answer_newest_offer(&mut self, accept: bool) -> Option<Action> {
        let (_, offer) = self.offers.pop()?;
        Some(Action::Send(if accept {
            offer.accept
        } else {
            offer.decline
        }))
    }
}
