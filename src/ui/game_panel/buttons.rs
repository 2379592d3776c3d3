//! The row of buttons under a board, as the user's relation to the game
//! has it: the own live game's (Draw, Resign, ...), after it (Rematch,
//! Seek again, Examine), an examined game's (steps on the server), a
//! review's, a bughouse review's time line. A row that just took another's
//! place waits a second before it takes a click.

use egui::RichText;

use crate::engine::review::Review;
use crate::game::review::first_mover;
use crate::game::{Game, Now};
use crate::protocol::command::Command;
use crate::ui::analysis::review::review_row_ui;
use crate::ui::game_panel::game_view::{Action, ButtonRow, GameView, PanelContext, TimelineBar};

/// The row `shown` in `rect` under the board: what its buttons want.
#[allow(clippy::too_many_arguments)]
pub(crate) fn row_ui(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    shown: ButtonRow,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    review: Option<&Review>,
    actions: &mut Vec<Action>,
) {
    let mut row = ui.new_child(egui::UiBuilder::new().max_rect(rect));
    // Buttons that just took another's place (Draw where Rematch was
    // clicked) wait a second before they take a click.
    if !row_settled(ui, view, shown, cx.now) {
        row.disable();
        ui.ctx().request_repaint_after(BUTTONS_SETTLE);
    }
    match shown {
        ButtonRow::Examine => {
            let buttons = crate::ui::game_panel::examine::examine_buttons_ui(&mut row, game.number);
            actions.extend(buttons.map(Action::Send));
        }
        ButtonRow::Timeline => {
            if let Some(bar) = view.timeline.as_mut() {
                timeline_bar_ui(&mut row, bar);
            }
        }
        ButtonRow::Review => {
            if let Some(review) = review {
                review_row_ui(&mut row, review, &mut view.review, first_mover(game));
            }
        }
        ButtonRow::AfterGame => after_game_ui(&mut row, game, actions),
        ButtonRow::Game => game_buttons_ui(&mut row, game, view, cx, actions),
        ButtonRow::Empty => {}
    }
}

/// After a game of ours: the same again, its terms sought again, or the
/// game examined on the server (from the user's history).
fn after_game_ui(ui: &mut egui::Ui, game: &Game, actions: &mut Vec<Action>) {
    ui.horizontal(|row| {
        let terms = crate::lobby::rematch::describe(game).unwrap_or_default();
        let rematch = row
            .button("Rematch")
            .on_hover_text(format!("The same game again: {terms} (Alt+M)"));
        if rematch.clicked() {
            actions.push(Action::Send(Command::Rematch));
        }
        // Against the computer: no server to seek on or examine with.
        if game.is_computer() {
            return;
        }
        // A chess game's terms sought again, for anyone to take.
        if let Some(seek) = seek_again(game) {
            let terms = format!(
                "{} {} {}",
                seek.time_min,
                seek.increment_s,
                if seek.rated { "rated" } else { "unrated" }
            );
            let again = row
                .button("Seek again")
                .on_hover_text(format!("Seek a game like this one: {terms}"));
            if again.clicked() {
                actions.push(Action::Send(Command::Seek(seek)));
            }
        }
        let response = row
            .button("Examine")
            .on_hover_text("Examine this game on the server (from your history)");
        if response.clicked() {
            actions.push(Action::Examine { game: game.number });
        }
    });
}

/// The time line of a bughouse game's two boards under review: to the
/// start, a move back, where it stands, a move on, to the end (either
/// board's moves, in the order played).
fn timeline_bar_ui(ui: &mut egui::Ui, bar: &mut TimelineBar) {
    ui.horizontal(|ui| {
        let steps = [
            ("First", "Both boards: the start (Home)", 0, bar.step > 0),
            (
                "Back",
                "Both boards: a move back (Left)",
                bar.step.saturating_sub(1),
                bar.step > 0,
            ),
        ];
        for (icon, hint, to, enabled) in steps {
            let button = ui.add_enabled(enabled, egui::Button::new(icon));
            if button.on_hover_text(hint).clicked() {
                bar.go = Some(to);
            }
        }
        ui.label(&bar.label)
            .on_hover_text("Both boards as they stood after this move");
        let on = bar.step < bar.len;
        for (icon, hint, to) in [
            ("Next", "Both boards: a move on (Right)", bar.step + 1),
            ("Last", "Both boards: the end (End)", bar.len),
        ] {
            let button = ui.add_enabled(on, egui::Button::new(icon));
            if button.on_hover_text(hint).clicked() {
                bar.go = Some(to);
            }
        }
    });
}

/// A seek with a finished chess game's terms (time, increment, rated);
/// none for a variant (its words differ from server to server) or an
/// untimed game.
fn seek_again(game: &Game) -> Option<crate::protocol::command::SeekParams> {
    let chess = game.kind.as_ref().is_none_or(|k| k.is_chess());
    let timed = game.initial_time_min > 0 || game.increment_s > 0;
    (chess && timed).then(|| crate::protocol::command::SeekParams {
        time_min: game.initial_time_min,
        increment_s: game.increment_s,
        rated: game.rated.unwrap_or(false),
        ..Default::default()
    })
}

/// Whether the button row `shown` has been where it is long enough to
/// take a click: not within [`BUTTONS_SETTLE`] of taking another row's
/// place, nor of a new game's row coming just after a click (Draw where
/// Rematch was clicked).
fn row_settled(ui: &egui::Ui, view: &mut GameView, shown: ButtonRow, now: Now) -> bool {
    // The last press of a mouse button anywhere, in the app's time.
    let pressed_id = egui::Id::NULL.with("kibitz last press");
    if ui.input(|i| i.pointer.any_pressed() || i.pointer.any_click()) {
        ui.data_mut(|d| d.insert_temp(pressed_id, now));
    }
    let pressed: Option<Now> = ui.data(|d| d.get_temp(pressed_id));
    let just_pressed = pressed.is_some_and(|at| now.saturating_sub(at) < BUTTONS_SETTLE);
    match view.buttons_shown {
        // A new tile's row takes no other's place, unless it is a new
        // game's just after a click.
        None if !(just_pressed && shown == ButtonRow::Game) => {
            view.buttons_shown = Some((shown, now.saturating_sub(BUTTONS_SETTLE)));
        }
        None => view.buttons_shown = Some((shown, now)),
        Some((before, _)) if before != shown => view.buttons_shown = Some((shown, now)),
        Some(_) => {}
    }
    let since = view.buttons_shown.map_or(now, |(_, at)| at);
    now.saturating_sub(since) >= BUTTONS_SETTLE
}

/// How long buttons that took another's place ignore clicks.
/// (Half a second was not enough: a second click 0.65 s after Rematch
/// offered a draw in the game it started.)
const BUTTONS_SETTLE: std::time::Duration = std::time::Duration::from_millis(1000);

/// The shortcut of each own-game button, for its tooltip.
fn button_shortcut(label: &str) -> Option<&'static str> {
    Some(match label {
        "Draw" => "Alt+D",
        "Resign" => "Alt+R (twice while confirmation is on)",
        "Abort" => "Alt+A",
        "Takeback" => "Alt+T",
        "Accept" => "Alt+Y",
        "Decline" => "Alt+N",
        _ => return None,
    })
}

/// The own live game's buttons. Resign (and Abort in a rated game) take a
/// second click within three seconds when "confirm resign" is on.
fn game_buttons_ui(
    ui: &mut egui::Ui,
    game: &Game,
    view: &mut GameView,
    cx: &PanelContext<'_>,
    actions: &mut Vec<Action>,
) {
    use crate::ui::game_panel::confirm::Decision;
    let now = cx.now;
    // A draw the server leaves to us to claim: Draw says so, and claims it
    // (FICS draws at once on `draw` when it holds).
    // On the move only: the server takes a claim from the player to move
    // (from the other it is a draw offer, which the opponent may decline).
    let claim = crate::game::claims::draw_claim(game)
        .filter(|_| game.relation == crate::protocol::style12::Relation::PlayingMyMove);
    let draw = if claim.is_some() {
        "Claim draw"
    } else {
        "Draw"
    };
    ui.horizontal(|ui| {
        for (label, command) in [
            (draw, Command::Draw),
            ("Resign", Command::Resign),
            ("Abort", Command::Abort),
            ("Takeback", Command::Takeback(1)),
            ("Flag", Command::Flag),
        ] {
            let decision = match command {
                Command::Resign => Some(Decision::Resign),
                Command::Abort => Some(Decision::Abort),
                _ => None,
            };
            let armed = decision.is_some_and(|d| view.confirm.is_armed(d, now));
            // A button that can arm is as wide as it armed: the buttons after
            // it stayed put no more when "Resign? Click again" grew.
            let armed_text = format!("{label}? Click again");
            let width = if decision.is_some() {
                let font = egui::TextStyle::Button.resolve(ui.style());
                let text = ui.fonts_mut(|f| {
                    f.layout_no_wrap(armed_text.clone(), font, egui::Color32::WHITE)
                        .size()
                        .x
                });
                text + 2.0 * ui.spacing().button_padding.x
            } else {
                0.0
            };
            let button = if armed {
                egui::Button::new(RichText::new(armed_text).color(egui::Color32::WHITE))
                    .fill(egui::Color32::from_rgb(0xB0, 0x30, 0x30))
            } else if claim.is_some() && command == Command::Draw {
                // Standing out: it is there only while it holds.
                egui::Button::new(RichText::new(label).strong())
                    .fill(ui.visuals().selection.bg_fill)
            } else {
                egui::Button::new(label)
            }
            .min_size(egui::vec2(width, 0.0));
            let mut response = ui.add(button);
            if let (Some(claim), Command::Draw) = (claim, &command) {
                let words = claim.words();
                response = response.on_hover_text(format!(
                    "Claim a draw by {words}: the server draws the game at once (Alt+D)"
                ));
            } else if let Some(keys) = button_shortcut(label) {
                response = response.on_hover_text(format!("{label}: {keys}"));
            }
            if !response.clicked() {
                continue;
            }
            let go = match decision {
                Some(decision) => {
                    let needs = decision.needs_confirmation(cx.settings.confirm_resign, game.rated);
                    view.confirm.press(decision, now, needs)
                }
                None => true,
            };
            if go {
                actions.push(Action::Send(command));
            }
        }
    });
    // The armed button turns back when its time is up, even on a still board.
    if let Some(at) = view.confirm.expires_at().filter(|&at| at > now) {
        ui.ctx().request_repaint_after(at - now);
    }
}
