//! The lobby: the games in progress (from `games`), the seeks (from the seek
//! stream or `sought`) as a list and a graph, and offers to the user.

pub mod events;
pub mod friends;
pub mod players;
pub mod profile;
pub mod training;

use egui::{Color32, RichText, Sense, Stroke, pos2, vec2};

pub use crate::lobby::model::{Filter, Lobby, Tab, WallSwitch, expected_seconds, rating_value};
use crate::protocol::command::{Command, ObserveTarget};
use crate::protocol::game_type::GameType;
use crate::protocol::games_list::{GameStatus, GamesEntry};
use crate::protocol::seek::Seek;
use crate::protocol::words::Rating;
use crate::ui::lobby::players::{PlayerAction, players_ui};
use crate::ui::my_games::MyGamesAction;

/// What the lobby asks for.
#[derive(Debug, Default)]
pub struct LobbyOut {
    pub commands: Vec<Command>,
    /// Open the Match dialog for this player.
    pub challenge: Option<String>,
    /// Open this player's card.
    pub profile: Option<String>,
    /// The My games tab: read the archive, or open a game of it.
    pub my_games: Option<MyGamesAction>,
    /// Open the Play the computer dialog.
    pub play_computer: bool,
    /// The Events tab's clicks.
    pub events: Vec<events::EventAction>,
    /// The Training tab's clicks.
    pub training: Vec<training::TrainingAction>,
}

/// Draws the lobby. `me`: the user's handle, once logged in; `library`
/// draws the library's tabs and sections: My games, and Your mistakes in
/// the Training tab.
pub fn lobby_ui(
    ui: &mut egui::Ui,
    lobby: &mut Lobby,
    me: Option<&str>,
    library: impl FnOnce(&mut egui::Ui, Tab) -> Option<MyGamesAction>,
) -> LobbyOut {
    let mut commands = Vec::new();
    let mut card = None;
    let mut play_computer = false;
    // Wrapped: the tabs never widen the lobby (the boards keep the room).
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(
            &mut lobby.tab,
            Tab::Games,
            format!("Games ({})", lobby.lists.games.len()),
        );
        ui.selectable_value(
            &mut lobby.tab,
            Tab::Seeks,
            format!("Seeks ({})", lobby.lists.seeks.len()),
        );
        ui.selectable_value(&mut lobby.tab, Tab::Graph, "Seek graph");
        ui.selectable_value(
            &mut lobby.tab,
            Tab::Players,
            format!("Players ({})", lobby.players.len()),
        );
        ui.selectable_value(&mut lobby.tab, Tab::Events, "Events")
            .on_hover_text("Relayed master games, tournaments, King of the Hill");
        ui.selectable_value(&mut lobby.tab, Tab::Training, "Training")
            .on_hover_text("Your mistakes as a deck; the server's puzzle and endgame bots");
        ui.selectable_value(&mut lobby.tab, Tab::MyGames, "My games");
        // No server needed: also before any login.
        play_computer = ui
            .button("Computer…")
            .on_hover_text("Play the computer: any strength, any variant, no server needed")
            .clicked();
    });
    if lobby.tab == Tab::MyGames {
        return LobbyOut {
            my_games: library(ui, Tab::MyGames),
            play_computer,
            ..LobbyOut::default()
        };
    }
    if lobby.tab == Tab::Events {
        let watching = lobby.events.watching.clone();
        return LobbyOut {
            events: events::events_ui(ui, &mut lobby.events, me, watching.as_deref()),
            play_computer,
            ..LobbyOut::default()
        };
    }
    if lobby.tab == Tab::Training {
        return LobbyOut {
            training: training::training_ui(ui, &lobby.training, me.is_some(), |ui| {
                library(ui, Tab::Training);
            }),
            play_computer,
            ..LobbyOut::default()
        };
    }
    if lobby.tab == Tab::Players {
        let mut out = LobbyOut {
            play_computer,
            ..LobbyOut::default()
        };
        for action in players_ui(
            ui,
            &mut lobby.players,
            &lobby.friends,
            me,
            &lobby.lists.games,
        ) {
            match action {
                PlayerAction::Observe(handle) => out
                    .commands
                    .push(Command::Observe(ObserveTarget::Player(handle))),
                PlayerAction::Challenge(handle) => out.challenge = Some(handle),
                PlayerAction::Profile(handle) => out.profile = Some(handle),
            }
        }
        return out;
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Type");
        ui.add(egui::TextEdit::singleline(&mut lobby.filter.kind).desired_width(70.0))
            .labelled_by(label.id);
        ui.checkbox(&mut lobby.filter.rated_only, "Rated");
        let label = ui.label("Min rating");
        ui.add(
            egui::DragValue::new(&mut lobby.filter.min_rating)
                .range(0..=3000)
                .speed(25),
        )
        .labelled_by(label.id);
        let refresh = match lobby.tab {
            Tab::Games | Tab::Players | Tab::Events | Tab::Training | Tab::MyGames => {
                Command::Games
            }
            Tab::Seeks | Tab::Graph => Command::Sought,
        };
        if ui.button("Refresh").clicked() {
            commands.push(refresh);
        }
    });
    ui.separator();
    match lobby.tab {
        Tab::Games => games_list_ui(ui, lobby, &mut commands),
        Tab::Seeks => seeks_list_ui(ui, lobby, me, &mut commands, &mut card),
        Tab::Graph => seek_graph_ui(ui, lobby, &mut commands),
        Tab::Players | Tab::Events | Tab::Training | Tab::MyGames => {}
    }
    LobbyOut {
        commands,
        profile: card,
        play_computer,
        ..LobbyOut::default()
    }
}

fn games_list_ui(ui: &mut egui::Ui, lobby: &mut Lobby, commands: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut lobby.wall.on, "Fill the wall")
            .on_hover_text(
                "Observe the best live games (the filters above apply) and replace each one \
                 that ends with the next best",
            );
        let label = ui.label("games");
        ui.add(egui::DragValue::new(&mut lobby.wall.size).range(1..=36))
            .labelled_by(label.id);
    });
    if lobby.lists.games.is_empty() {
        ui.label("No games listed yet (the list comes at login and every 30 s).");
        return;
    }
    // Observe first, then the game in two lines: a narrow lobby shows
    // every button, and a row wider still scrolls sideways (the lobby
    // keeps its width).
    if !lobby.games_hovered {
        lobby.held_games = None;
    } else if lobby.held_games.is_none() {
        lobby.held_games = Some(lobby.lists.games.clone());
    }
    let lobby_now: &Lobby = lobby;
    let rows = lobby_now
        .held_games
        .as_deref()
        .unwrap_or(&lobby_now.lists.games);
    // Still on the server: the same number between the same players (a
    // number ended is soon another game's). Only a held row can be gone:
    // the newest list's rows are looked up in it no more.
    let held = lobby_now.held_games.is_some();
    let listed = |entry: &GamesEntry| {
        !held
            || (lobby_now.lists.games.iter())
                .any(|g| g.game == entry.game && g.white == entry.white && g.black == entry.black)
    };
    let area = egui::ScrollArea::both()
        .id_salt("games list")
        .show(ui, |ui| {
            egui::Grid::new("games grid")
                .striped(true)
                .num_columns(3)
                .show(ui, |ui| {
                    for entry in rows {
                        let kind = entry.game_type.listed_name();
                        let ratings = [
                            rating_value(&entry.white_rating),
                            rating_value(&entry.black_rating),
                        ];
                        if !lobby_now.filter.keeps(&kind, entry.rated, &ratings) {
                            continue;
                        }
                        // Held while the pointer is over the list: a game
                        // gone from the newest list shows, greyed, where it
                        // was.
                        let live = listed(entry);
                        let button = ui.add_enabled(live, egui::Button::new("Observe"));
                        let name = format!("Observe game {}", entry.game);
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                        });
                        // A game gone: its whole row greyed. The row's
                        // words are no text to select: a double click on
                        // them observes, as the button does.
                        let text = |text: String| {
                            let text = egui::RichText::new(text);
                            if live { text } else { text.weak() }
                        };
                        let word = |ui: &mut egui::Ui, text: egui::RichText| {
                            let label = egui::Label::new(text).selectable(false);
                            let double = |i: &egui::InputState| {
                                i.pointer
                                    .button_double_clicked(egui::PointerButton::Primary)
                            };
                            ui.add(label.sense(Sense::click())).hovered() && ui.input(double)
                        };
                        let mut observe = button.clicked();
                        observe |= word(ui, text(entry.game.to_string()));
                        let rated = if entry.rated { "rated" } else { "unrated" };
                        let status = match entry.status {
                            GameStatus::Playing => String::new(),
                            GameStatus::Examined => " (examined)".into(),
                            GameStatus::Setup => " (setup)".into(),
                        };
                        ui.vertical(|ui| {
                            // "Olaf (1720) – Petra (guest)": a rating after
                            // its player, none for the unrated (the word
                            // "unrated" there read as the game's).
                            let rating = |r: &Rating| match r {
                                Rating::Known { value: 0, .. } | Rating::NoRating => String::new(),
                                r => format!(" ({})", r.shown()),
                            };
                            let players = format!(
                                "{}{} – {}{}",
                                entry.white,
                                rating(&entry.white_rating),
                                entry.black,
                                rating(&entry.black_rating)
                            );
                            observe |= word(ui, text(players));
                            let terms = format!(
                                "{kind} {} {} {rated}{status}",
                                entry.time_min, entry.increment_s
                            );
                            observe |= word(ui, egui::RichText::new(terms).weak());
                        });
                        if observe && live {
                            commands.push(Command::Observe(
                                crate::protocol::command::ObserveTarget::Game(entry.game),
                            ));
                        }
                        ui.end_row();
                    }
                });
        });
    lobby.games_hovered = ui.rect_contains_pointer(area.inner_rect);
}

fn seek_visible(lobby: &Lobby, seek: &Seek) -> bool {
    lobby
        .filter
        .keeps(&seek.game_type, seek.rated, &[rating_value(&seek.rating)])
}

/// The seeks, each with Play; the user's own with Withdraw (the server
/// refuses to play one's own seek).
fn seeks_list_ui(
    ui: &mut egui::Ui,
    lobby: &Lobby,
    me: Option<&str>,
    commands: &mut Vec<Command>,
    card: &mut Option<String>,
) {
    if lobby.lists.seeks.is_empty() {
        ui.label("No seeks: press Refresh, or post one with `seek 5 0` in the console.");
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("seeks list")
        .show(ui, |ui| {
            egui::Grid::new("seeks grid")
                .striped(true)
                .num_columns(4)
                .show(ui, |ui| {
                    for seek in lobby
                        .lists
                        .seeks
                        .values()
                        .filter(|s| seek_visible(lobby, s))
                    {
                        let who = format!("{} {}", seek.rating.shown(), seek.handle);
                        if ui
                            .add(egui::Label::new(who).sense(Sense::click()))
                            .on_hover_text(format!("{}'s card", seek.handle))
                            .clicked()
                        {
                            *card = Some(seek.handle.clone());
                        }
                        let rated = if seek.rated { "rated" } else { "unrated" };
                        ui.label(format!(
                            "{} {} {rated} {}",
                            seek.time_min, seek.increment_s, seek.game_type
                        ));
                        let color = match seek.color {
                            Some(crate::protocol::words::Color::White) => "white",
                            Some(crate::protocol::words::Color::Black) => "black",
                            None => "",
                        };
                        ui.label(format!("{color} {}-{}", seek.min_rating, seek.max_rating));
                        let own = me.is_some_and(|me| me.eq_ignore_ascii_case(&seek.handle));
                        let (label, name, command) = if own {
                            let name = format!("Withdraw your seek {}", seek.index);
                            ("Withdraw", name, Command::Unseek(Some(seek.index)))
                        } else {
                            let name = format!("Play seek {}", seek.index);
                            ("Play", name, Command::Play(seek.index))
                        };
                        let button = ui.button(label);
                        button.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::Role::Button, true, &name)
                        });
                        if button.clicked() {
                            commands.push(command);
                        }
                        ui.end_row();
                    }
                });
        });
}

/// Rating against expected game time (log scale), one dot per seek: filled
/// for rated, hollow for unrated. Click a dot to play it.
fn seek_graph_ui(ui: &mut egui::Ui, lobby: &Lobby, commands: &mut Vec<Command>) {
    let size = vec2(
        ui.available_width(),
        ui.available_height().clamp(120.0, 420.0),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Seek graph"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
    let plot = rect.shrink2(vec2(34.0, 18.0));
    let (min_s, max_s) = (60.0f32.ln(), 3600.0f32.ln());
    let x_of = |seconds: u32| {
        let t = ((seconds.max(60) as f32).ln() - min_s) / (max_s - min_s);
        plot.left() + plot.width() * t.clamp(0.0, 1.0)
    };
    let y_of = |rating: u32| {
        let t = (rating.min(2800) as f32 - 0.0) / 2800.0;
        plot.bottom() - plot.height() * t
    };
    let ink = ui.visuals().weak_text_color();
    for (seconds, label) in [
        (60, "1m"),
        (180, "3m"),
        (600, "10m"),
        (1800, "30m"),
        (3600, "60m"),
    ] {
        let x = x_of(seconds);
        painter.line_segment(
            [pos2(x, plot.top()), pos2(x, plot.bottom())],
            Stroke::new(0.5, ink),
        );
        painter.text(
            pos2(x, rect.bottom() - 2.0),
            egui::Align2::CENTER_BOTTOM,
            label,
            egui::FontId::proportional(10.0),
            ink,
        );
    }
    for rating in [1000, 1500, 2000, 2500] {
        let y = y_of(rating);
        painter.line_segment(
            [pos2(plot.left(), y), pos2(plot.right(), y)],
            Stroke::new(0.5, ink),
        );
        painter.text(
            pos2(rect.left() + 2.0, y),
            egui::Align2::LEFT_CENTER,
            rating.to_string(),
            egui::FontId::proportional(10.0),
            ink,
        );
    }
    let click = response
        .clicked()
        .then(|| response.interact_pointer_pos())
        .flatten();
    let mut nearest: Option<(f32, u32)> = None;
    for seek in lobby
        .lists
        .seeks
        .values()
        .filter(|s| seek_visible(lobby, s))
    {
        let at = pos2(
            x_of(expected_seconds(seek.time_min, seek.increment_s)),
            y_of(rating_value(&seek.rating).unwrap_or(0)),
        );
        let color = if GameType::parse(&seek.game_type).is_variant() {
            Color32::from_rgb(0xE0, 0x90, 0x30)
        } else {
            Color32::from_rgb(0x40, 0x90, 0xE0)
        };
        if seek.rated {
            painter.circle_filled(at, 5.0, color);
        } else {
            painter.circle_stroke(at, 5.0, Stroke::new(2.0, color));
        }
        if let Some(click) = click {
            let distance = click.distance(at);
            if distance < 10.0 && nearest.is_none_or(|(d, _)| distance < d) {
                nearest = Some((distance, seek.index));
            }
        }
    }
    if let Some((_, index)) = nearest {
        commands.push(Command::Play(index));
    }
    ui.label(
        RichText::new("filled: rated, ring: unrated; blue: chess, orange: variants")
            .small()
            .weak(),
    );
}
