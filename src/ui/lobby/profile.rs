//! A player's card: `finger` (ratings per speed with RD and record, online
//! or last seen, notes), `history` (the last games) and `journal` (games
//! kept, where the server keeps journals), with what one does
//! with a player: challenge, observe, tell, notify, partner. It opens beside
//! the boards, never over them.

use crate::lobby::card::Profile;
use crate::protocol::adjourned::StoredGame;
use crate::protocol::command::{Command, ExamineTarget, ListOp, ObserveTarget};
use crate::protocol::finger::Seen;

/// What the card asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfileAction {
    Send(Command),
    /// Open the Match dialog for this player.
    Challenge(String),
    /// Put `tell NAME ` in the command line.
    Tell(String),
    Close,
}

/// An adjourned game in words: the opponent (online or not), the user's
/// colour, the terms, whose move, the opening and when, where the list says.
fn stored_text(game: &StoredGame) -> String {
    let mut text = format!("against {}", game.opponent);
    match game.online {
        Some(true) => text.push_str(" (online)"),
        Some(false) => text.push_str(" (not online)"),
        None => {}
    }
    let mut parts = Vec::new();
    match game.color {
        Some('W') => parts.push("you White".to_owned()),
        Some('B') => parts.push("you Black".to_owned()),
        _ => {}
    }
    if let (Some(kind), Some(time), Some(inc)) = (&game.game_type, game.time_min, game.increment_s)
    {
        let rated = match game.rated {
            Some(true) => " rated",
            Some(false) => " unrated",
            None => "",
        };
        parts.push(format!("{} {time} {inc}{rated}", kind.listed_name()));
    }
    if let (Some(side), Some(number)) = (game.to_move, game.move_number) {
        let side = if side == 'W' { "White" } else { "Black" };
        parts.push(format!("{side} to move, move {number}"));
    }
    parts.extend(game.eco.clone());
    parts.extend(game.date.clone());
    if !parts.is_empty() {
        text.push_str(": ");
        text.push_str(&parts.join(", "));
    }
    text
}

/// A journal's rating: 0 is none.
fn journal_rating(rating: u32) -> String {
    if rating == 0 {
        "unrated".to_owned()
    } else {
        rating.to_string()
    }
}

/// The card. `me`: the user's handle; `friend`: the player is on the
/// user's notify list.
pub fn profile_ui(
    ui: &mut egui::Ui,
    profile: &Profile,
    me: Option<&str>,
    friend: bool,
) -> Vec<ProfileAction> {
    let mut actions = Vec::new();
    let handle = &profile.handle;
    let mine = me.is_some_and(|me| me.eq_ignore_ascii_case(handle));
    ui.horizontal(|ui| {
        let mut title = handle.clone();
        if let Some(finger) = &profile.finger {
            for t in &finger.titles {
                title.push_str(&format!("({})", t.tag()));
            }
        }
        ui.heading(title);
        if ui.button("Close").on_hover_text("Close the card").clicked() {
            actions.push(ProfileAction::Close);
        }
    });
    if profile.not_found {
        ui.label("The server knows no such player.");
        return actions;
    }
    let Some(finger) = &profile.finger else {
        ui.label("Asking the server…");
        return actions;
    };
    let seen = match &finger.seen {
        Seen::Online { on_for, idle } => format!("Online for {on_for}, idle {idle}"),
        Seen::LastDisconnected(when) => format!("Last seen {when}"),
        Seen::NeverConnected => "Never connected".to_owned(),
        Seen::Unknown => String::new(),
    };
    if !seen.is_empty() {
        ui.label(seen);
    }
    if !mine {
        ui.horizontal_wrapped(|ui| {
            if ui.button("Match…").clicked() {
                actions.push(ProfileAction::Challenge(handle.clone()));
            }
            if let Some(game) = finger.playing {
                if ui.button(format!("Observe game {game}")).clicked() {
                    actions.push(ProfileAction::Send(Command::Observe(ObserveTarget::Game(
                        game,
                    ))));
                }
            } else if matches!(finger.seen, Seen::Online { .. })
                && ui
                    .button("Follow")
                    .on_hover_text("Observe the games this player starts")
                    .clicked()
            {
                actions.push(ProfileAction::Send(Command::Raw(format!(
                    "follow {handle}"
                ))));
            }
            if ui.button("Tell…").clicked() {
                actions.push(ProfileAction::Tell(handle.clone()));
            }
            let (label, op) = if friend {
                ("Remove from friends", ListOp::Remove(handle.clone()))
            } else {
                ("Add to friends", ListOp::Add(handle.clone()))
            };
            if ui
                .button(label)
                .on_hover_text("Friends: told when they arrive, leave and start a game")
                .clicked()
            {
                actions.push(ProfileAction::Send(Command::Notify(op.clone())));
                actions.push(ProfileAction::Send(Command::GameNotify(op)));
            }
            if ui
                .button("Partner")
                .on_hover_text("Offer to partner for bughouse")
                .clicked()
            {
                actions.push(ProfileAction::Send(Command::Raw(format!(
                    "partner {handle}"
                ))));
            }
        });
    }
    ui.separator();
    if finger.ratings.is_empty() {
        ui.label("No rated games.");
    } else {
        egui::Grid::new(("ratings", handle))
            .striped(true)
            .show(ui, |ui| {
                for header in ["", "Rating", "RD", "W / L / D", "Games", "Best"] {
                    ui.strong(header);
                }
                ui.end_row();
                for stats in &finger.ratings {
                    ui.label(&stats.category);
                    ui.label(stats.rating.shown());
                    ui.label(stats.rd.map_or(String::new(), |rd| format!("{rd:.0}")));
                    ui.label(
                        stats
                            .record
                            .map_or(String::new(), |(w, l, d)| format!("{w} / {l} / {d}")),
                    );
                    ui.label(stats.total.to_string());
                    ui.label(stats.best.map_or(String::new(), |b| b.to_string()));
                    ui.end_row();
                }
            });
    }
    if !finger.notes.is_empty() {
        ui.separator();
        for note in &finger.notes {
            ui.label(note);
        }
    }
    if mine && profile.stored_read {
        ui.separator();
        ui.strong("Adjourned games");
        if profile.stored.is_empty() {
            ui.label("None.");
        }
        for game in &profile.stored {
            let opponent = &game.opponent;
            ui.horizontal_wrapped(|ui| {
                ui.label(stored_text(game));
                if ui
                    .small_button(format!("Resume against {opponent}"))
                    .on_hover_text("Challenge them to go on with the game")
                    .clicked()
                {
                    actions.push(ProfileAction::Send(Command::Resume(opponent.clone())));
                }
            });
        }
    }
    ui.separator();
    ui.strong("Last games");
    if !profile.history_read {
        ui.label("Asking the server…");
    } else if profile.history.is_empty() {
        ui.label("No games in the history.");
    } else {
        egui::ScrollArea::vertical()
            .id_salt(("history", handle))
            .max_height(260.0)
            .show(ui, |ui| {
                egui::Grid::new(("history grid", handle))
                    .striped(true)
                    .show(ui, |ui| {
                        for row in profile.history.iter().rev() {
                            let result = match row.result {
                                '+' => "won",
                                '-' => "lost",
                                _ => "drew",
                            };
                            ui.label(result);
                            ui.label(format!("{} {}", row.opponent, row.opponent_rating.shown()));
                            let kind = row.game_type.listed_name();
                            let rated = if row.rated { "rated" } else { "unrated" };
                            ui.label(format!(
                                "{kind} {} {} {rated}",
                                row.time_min, row.increment_s
                            ));
                            ui.label(&row.eco);
                            ui.label(&row.reason);
                            ui.label(&row.ended);
                            let name = format!(
                                "Examine {handle}'s game {} against {}",
                                row.slot, row.opponent
                            );
                            let target = ExamineTarget::History {
                                handle: handle.clone(),
                                slot: row.slot,
                            };
                            examine_button(ui, &name, target, &mut actions);
                            ui.end_row();
                        }
                    });
            });
    }
    if !profile.journal.is_empty() {
        ui.separator();
        ui.strong("Journal");
        egui::Grid::new(("journal grid", handle))
            .striped(true)
            .show(ui, |ui| {
                for row in &profile.journal {
                    ui.label(format!("{}:", row.slot));
                    ui.label(format!(
                        "{} {} – {} {}",
                        row.white,
                        journal_rating(row.white_rating),
                        row.black,
                        journal_rating(row.black_rating)
                    ));
                    let kind = row.game_type.listed_name();
                    ui.label(format!("{kind} {} {}", row.time_min, row.increment_s));
                    ui.label(format!("{} {} {}", row.eco, row.reason, row.result));
                    let name = format!(
                        "Examine {handle}'s journal game {}, {} vs. {}",
                        row.slot, row.white, row.black
                    );
                    let target = ExamineTarget::Journal {
                        handle: handle.clone(),
                        slot: row.slot,
                    };
                    examine_button(ui, &name, target, &mut actions);
                    ui.end_row();
                }
            });
    }
    actions
}

/// A history or journal row's Examine, named for the screen reader with
/// the game it opens (`name`).
fn examine_button(
    ui: &mut egui::Ui,
    name: &str,
    target: ExamineTarget,
    actions: &mut Vec<ProfileAction>,
) {
    let examine = ui.small_button("Examine").on_hover_text(
        "Examine this game on the server: step through it, analyse it, with others watching",
    );
    examine.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    if examine.clicked() {
        actions.push(ProfileAction::Send(Command::Examine(target)));
    }
}
