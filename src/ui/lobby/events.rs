//! The lobby's Events tab: relayed master tournaments (their games, "Watch
//! the round"), the TD bot's tournaments (Join, Leave, standings) and King
//! of the Hill (claim, challenge, watch), as `lobby/events.rs` knows them.

use egui::RichText;

use crate::lobby::events::{Koth, RELAY, Relay, ServerEvents, TD, Tourney};
use crate::protocol::command::{Command, ObserveTarget};

/// What a click on the tab asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventAction {
    Send(Command),
    /// Observe a relayed tournament's round (its games) as a wall.
    WatchRelay(u32),
    /// Observe a TD tournament's games going on as a wall.
    WatchTourney(u32),
}

pub fn events_ui(
    ui: &mut egui::Ui,
    events: &mut ServerEvents,
    me: Option<&str>,
    watching: Option<&str>,
) -> Vec<EventAction> {
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        if me.is_none() {
            ui.label("Log in to ask the server's bots.");
        } else if ui
            .button("Refresh")
            .on_hover_text("Ask the relay and tournament bots again")
            .clicked()
        {
            out.extend(events.ask_all().into_iter().map(EventAction::Send));
        }
        if let Some(name) = watching {
            ui.label(format!("Watching: {name}"));
        }
    });
    if let Some(refusal) = events.refusal.clone() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(refusal).color(ui.visuals().warn_fg_color));
            if ui.small_button("✕").on_hover_text("Dismiss").clicked() {
                events.refusal = None;
            }
        });
    }
    ui.separator();
    // One scroll for all: a small window keeps its height for the lists.
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            relays_ui(ui, events, &mut out);
            ui.add_space(8.0);
            tourneys_ui(ui, events, &mut out);
            ui.add_space(8.0);
            koths_ui(ui, events, me, &mut out);
            if me.is_some() {
                ui.add_space(8.0);
                notify_ui(ui, events, &mut out);
            }
        });
    // A new click: the last refusal was about the one before.
    if !out.is_empty() {
        events.refusal = None;
    }
    out
}

/// "Notify me", in the bots' own settings: the TD bot's `TourneyInfo`
/// (told when a tournament opens) and the relay bot's notice at login
/// (a toggle: its answer says which way it went).
fn notify_ui(ui: &mut egui::Ui, events: &ServerEvents, out: &mut Vec<EventAction>) {
    // Nobody to tell the user anything: no settings to show.
    let (td, relay) = (!events.absent.contains(TD), !events.absent.contains(RELAY));
    if !td && !relay {
        return;
    }
    section(ui, "Notify me");
    // As the bot said it (its `variables`, asked with the lists).
    let mut opens = events.tourney_info.unwrap_or(false);
    if td
        && ui
            .checkbox(&mut opens, "When a tournament opens")
            .on_hover_text("The tournament bot's TourneyInfo setting, kept by the server")
            .changed()
    {
        let value = if opens { "On" } else { "Off" };
        out.push(EventAction::Send(Command::tell(
            TD,
            &format!("set TourneyInfo {value}"),
        )));
    }
    // The relay bot's setting can only be toggled, and its answer says
    // which way it went: a checkbox once that answer came.
    match events.relay_at_login {
        _ if !relay => {}
        Some(on) => {
            let mut on = on;
            if ui
                .checkbox(&mut on, "Of relayed tournaments at login")
                .on_hover_text("The relay bot's notify setting, kept by the server")
                .changed()
            {
                out.push(EventAction::Send(Command::tell(RELAY, "notify")));
            }
        }
        None => {
            if ui
                .button("Relayed tournaments at login: switch")
                .on_hover_text(
                    "The relay bot only switches this setting; its answer says whether it is now on",
                )
                .clicked()
            {
                out.push(EventAction::Send(Command::tell(RELAY, "notify")));
            }
        }
    }
}

fn section(ui: &mut egui::Ui, title: &str) {
    ui.label(RichText::new(title).strong().size(15.0));
}

fn absent_or_empty(ui: &mut egui::Ui, events: &ServerEvents, bot: &str, none: &str) {
    if events.absent.contains(bot) {
        ui.weak(format!("The {bot} bot is not on this server."));
    } else if !events.asked {
        ui.weak("Not asked yet: Refresh.");
    } else {
        ui.weak(none);
    }
}

fn relays_ui(ui: &mut egui::Ui, events: &mut ServerEvents, out: &mut Vec<EventAction>) {
    section(ui, "Relayed tournaments");
    if events.relays.is_empty() {
        absent_or_empty(ui, events, "relay", "No tournament is relayed now.");
        return;
    }
    let (mut ask_games, mut fold) = (None, None);
    for relay in &events.relays {
        ui.push_id(("relay", relay.id), |ui| {
            relay_ui(ui, relay, &mut ask_games, &mut fold, out);
        });
    }
    if let Some(id) = ask_games {
        out.push(EventAction::Send(events.ask_games(id)));
    }
    if let Some(relay) = fold.and_then(|id| events.relays.iter_mut().find(|r| r.id == id)) {
        relay.folded = true;
    }
}

fn relay_ui(
    ui: &mut egui::Ui,
    relay: &Relay,
    ask_games: &mut Option<u32>,
    fold: &mut Option<u32>,
    out: &mut Vec<EventAction>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&relay.name).strong());
        if !relay.status.is_empty() {
            ui.weak(&relay.status);
        }
    });
    ui.horizontal_wrapped(|ui| {
        let live = relay.games.iter().filter(|g| g.result == "*").count();
        if ui
            .button("Watch the round")
            .on_hover_text("Observe every game of the round, board 1 first")
            .clicked()
        {
            out.push(EventAction::WatchRelay(relay.id));
        }
        let shown = !relay.games.is_empty() && !relay.folded;
        if shown {
            if ui.button("Hide games").clicked() {
                *fold = Some(relay.id);
            }
        } else if ui.button("Games").clicked() {
            *ask_games = Some(relay.id);
        }
        if !relay.games.is_empty() {
            ui.weak(format!("{} games, {live} going on", relay.games.len()));
        } else if relay.games_listed {
            ui.weak("No game listed.");
        }
    });
    if relay.folded {
        return;
    }
    // The button first, as in the Games tab: a long name is cut at the
    // lobby's edge, never the button.
    egui::Grid::new("games").striped(true).show(ui, |ui| {
        for (board, game) in relay.games.iter().enumerate() {
            if ui
                .small_button("Observe")
                .on_hover_text(format!("Game {}", game.game))
                .clicked()
            {
                out.push(observe(game.game));
            }
            ui.weak(format!("{}", board + 1));
            ui.label(&game.result);
            let eco = game.eco.as_deref().unwrap_or("");
            ui.label(format!("{} – {}  ", game.white, game.black));
            ui.weak(eco);
            ui.end_row();
        }
    });
}

fn tourneys_ui(ui: &mut egui::Ui, events: &mut ServerEvents, out: &mut Vec<EventAction>) {
    section(ui, "Tournaments");
    if events.tourneys.is_empty() {
        absent_or_empty(ui, events, TD, "No tournament is listed.");
        return;
    }
    let in_one = events.joined().map(|t| t.entry.id);
    for tourney in &mut events.tourneys {
        ui.push_id(("tourney", tourney.entry.id), |ui| {
            tourney_ui(ui, tourney, in_one, out);
        });
    }
}

fn tourney_ui(ui: &mut egui::Ui, t: &mut Tourney, in_one: Option<u32>, out: &mut Vec<EventAction>) {
    let e = &t.entry;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(t.title()).strong());
        if e.joined {
            ui.label(RichText::new("you play").color(ui.visuals().warn_fg_color));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.weak(terms_words(&e.terms));
        ui.weak(match (e.running, e.status.as_str()) {
            (true, "open") => "open: players may join".to_owned(),
            (true, status) => format!("{status}, running"),
            (false, status) => status.to_owned(),
        });
        if let Some(players) = t.players {
            let s = if players == 1 { "" } else { "s" };
            ui.weak(format!("{players} player{s}"));
        }
    });
    // A line of its own: it does not wrap mid-date.
    if let Some(when) = e.starts.as_deref().and_then(start_words) {
        let verb = if e.status == "open" {
            "Starts"
        } else {
            "Started"
        };
        ui.weak(format!("{verb} {when}"));
    }
    ui.horizontal_wrapped(|ui| {
        let id = e.id;
        if e.joinable {
            // One tournament at a time, as the bot has it.
            let join = ui.add_enabled(in_one.is_none(), egui::Button::new("Join"));
            let join = match in_one {
                Some(other) => join.on_disabled_hover_text(format!(
                    "You play in tourney #{other}: leave it first"
                )),
                None => join,
            };
            if join.clicked() {
                out.push(EventAction::Send(Command::tell(TD, &format!("join {id}"))));
            }
        }
        if e.joined && ui.button("Leave").clicked() {
            out.push(EventAction::Send(Command::tell(
                TD,
                &format!("withdraw {id}"),
            )));
        }
        let standings_shown = !t.grid.is_empty() && !t.grid_folded;
        if standings_shown {
            if ui.button("Hide standings").clicked() {
                t.grid_folded = true;
            }
        } else if ui.button("Standings").clicked() {
            out.push(EventAction::Send(Command::tell(
                TD,
                &format!("standardgrid {id}"),
            )));
        }
        if e.running
            && e.status != "open"
            && ui
                .button("Watch the round")
                .on_hover_text("Observe the tournament's games going on")
                .clicked()
        {
            out.push(EventAction::WatchTourney(id));
        }
    });
    if let Some((game, opponent, white)) = &t.your_game {
        let colour = if *white { "White" } else { "Black" };
        ui.label(
            RichText::new(format!(
                "Your game: {colour} against {opponent} (game {game})"
            ))
            .color(ui.visuals().warn_fg_color),
        );
    } else if let Some(last) = &t.your_last {
        ui.label(last);
    }
    if !t.grid.is_empty() && !t.grid_folded {
        standings_ui(ui, t);
    }
}

/// The standings: place, player, rating, points, a cell per round.
fn standings_ui(ui: &mut egui::Ui, t: &Tourney) {
    let mut rows: Vec<_> = t.grid.iter().collect();
    rows.sort_by_key(|r| (std::cmp::Reverse(r.score_halves), r.seed));
    egui::Grid::new("standings").striped(true).show(ui, |ui| {
        ui.weak("#");
        ui.weak("Player");
        ui.weak("Pts");
        ui.weak("Rounds");
        ui.end_row();
        for (place, row) in rows.iter().enumerate() {
            ui.label(format!("{}", place + 1));
            ui.label(format!("{} ({})", row.handle, row.rating));
            ui.label(points(row.score_halves));
            let rounds: Vec<String> = row
                .rounds
                .iter()
                .map(|r| match (r.opponent_seed, r.white) {
                    (Some(seed), Some(white)) => {
                        format!("{}{seed}{}", r.result, if white { "w" } else { "b" })
                    }
                    _ => format!("{}bye", r.result),
                })
                .collect();
            ui.weak(rounds.join(" ")).on_hover_text(
                "Each round: + won, = drawn, - lost, * playing; the opponent's number; w or b: your colour",
            );
            ui.end_row();
        }
    });
}

fn points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (whole, 0) => format!("{whole}"),
        (0, _) => "½".to_owned(),
        (whole, _) => format!("{whole}½"),
    }
}

fn koths_ui(
    ui: &mut egui::Ui,
    events: &ServerEvents,
    me: Option<&str>,
    out: &mut Vec<EventAction>,
) {
    section(ui, "King of the Hill");
    if events.koths.is_empty() {
        absent_or_empty(ui, events, TD, "No throne is listed.");
        return;
    }
    for koth in &events.koths {
        ui.push_id(("koth", koth.entry.id), |ui| {
            koth_ui(ui, koth, events.following_koth, me, out);
        });
    }
}

fn koth_ui(
    ui: &mut egui::Ui,
    k: &Koth,
    following: Option<u32>,
    me: Option<&str>,
    out: &mut Vec<EventAction>,
) {
    let e = &k.entry;
    let id = e.id;
    let mine = me.is_some_and(|me| {
        e.king
            .as_deref()
            .is_some_and(|k| k.eq_ignore_ascii_case(me))
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("#{id} {}", terms_words(&e.terms))).strong());
        match &e.king {
            Some(_) if mine => ui.label("King: you"),
            Some(king) => ui.label(format!("King: {king}")),
            None => ui.weak("the throne is empty"),
        };
        if let Some((w, l, d)) = k.record {
            ui.weak(format!("+{w} −{l} ={d}"));
        }
        if let Some(challenger) = &k.challenger {
            ui.weak(format!("playing {challenger}"));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let say = |text: String| EventAction::Send(Command::tell(TD, &text));
        if e.king.is_none() && e.open && ui.button("Claim the throne").clicked() {
            out.push(say(format!("claimthrone {id}")));
        }
        if e.king.is_some()
            && !mine
            && e.open
            && e.game.is_none()
            && ui.button("Challenge").clicked()
        {
            out.push(say(format!("matchking {id}")));
        }
        if mine && e.game.is_none() && ui.button("Step down").clicked() {
            out.push(say(format!("abdicate {id}")));
        }
        if let Some(game) = e.game
            && ui.button("Watch").clicked()
        {
            out.push(observe(game));
        }
        if e.king.is_some() && !mine {
            let on = following == Some(id);
            let label = if on {
                "Stop following"
            } else {
                "Follow the king"
            };
            if ui
                .button(label)
                .on_hover_text("Observe the king's games as they start")
                .clicked()
            {
                let text = if on {
                    "followking".to_owned()
                } else {
                    format!("followking {id}")
                };
                out.push(say(text));
            }
        }
    });
}

fn observe(game: u32) -> EventAction {
    EventAction::Send(Command::Observe(ObserveTarget::Game(game)))
}

/// `5 0 r SS\5` -> `5 0 rated, Swiss, 5 rounds`.
pub fn terms_words(terms: &str) -> String {
    let mut words = Vec::new();
    for word in terms.split_whitespace() {
        words.push(match word {
            "r" => "rated".to_owned(),
            "u" => "unrated".to_owned(),
            w if w.starts_with("SS\\") => format!("Swiss, {} rounds", &w[3..]),
            w if w.starts_with("RR\\") => format!("round robin, {} rounds", &w[3..]),
            w if w.starts_with("KO\\") => format!("knockout, {} rounds", &w[3..]),
            w => w.to_owned(),
        });
    }
    words.join(" ")
}

/// `2026.1128.2200` -> `Nov 28, 22:00 server time`.
fn start_words(date: &str) -> Option<String> {
    let month: usize = date.get(5..7)?.parse().ok()?;
    let day: u32 = date.get(7..9)?.parse().ok()?;
    let (hour, minute) = (date.get(10..12)?, date.get(12..14)?);
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.get(month.checked_sub(1)?)?;
    Some(format!("{month} {day}, {hour}:{minute} server time"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_terms_and_dates() {
        assert_eq!(terms_words(r"5 0 r SS\5"), "5 0 rated Swiss, 5 rounds");
        assert_eq!(
            start_words("2026.1128.2200").as_deref(),
            Some("Nov 28, 22:00 server time")
        );
        assert_eq!(start_words("2026.1328.2200"), None);
        assert_eq!(points(5), "2½");
        assert_eq!(points(1), "½");
        assert_eq!(points(4), "2");
    }
}
