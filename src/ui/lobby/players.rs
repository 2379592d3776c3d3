//! The lobby's Players tab: the players list (`lobby::players`) drawn
//! with its sort and filters, and what the user asks of a row.

use crate::lobby::friends::Friends;
use crate::lobby::players::{Column, Player, Players};
use crate::protocol::games_list::GamesEntry;
use crate::protocol::who::{PlayerStatus, WhoCategory};
use crate::protocol::words::Rating;

/// What the user asked of the Players tab.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerAction {
    /// Observe the game this player plays.
    Observe(String),
    /// Open the Match dialog for this player.
    Challenge(String),
    /// Open this player's card.
    Profile(String),
}

/// The status in words, with the game number when the games list has it
/// (the games list also knows a game started since the last listing).
pub fn status_text(player: &Player, games: &[GamesEntry]) -> String {
    if let Some(game) = game_of(&player.handle, games) {
        return format!("playing game {game}");
    }
    match player.status {
        PlayerStatus::Playing => "playing".to_owned(),
        PlayerStatus::Free => "free".to_owned(),
        PlayerStatus::Examining => "examining".to_owned(),
        PlayerStatus::Simul => "simul".to_owned(),
        PlayerStatus::Closed => "not open".to_owned(),
        PlayerStatus::Idle => "idle".to_owned(),
        PlayerStatus::Tournament => "in a tournament".to_owned(),
    }
}

/// The game a player plays, from the games list.
fn game_of(handle: &str, games: &[GamesEntry]) -> Option<u32> {
    games
        .iter()
        .find(|g| g.white.eq_ignore_ascii_case(handle) || g.black.eq_ignore_ascii_case(handle))
        .map(|g| g.game)
}

pub fn rating_cell(rating: Option<Rating>) -> String {
    rating.map_or_else(|| "?".to_owned(), |r| r.shown())
}

/// The handle with its title tags: `Kasparov(GM)`.
pub fn titled(player: &Player) -> String {
    let mut text = player.handle.clone();
    for title in &player.titles {
        text.push('(');
        text.push_str(title.tag());
        text.push(')');
    }
    text
}

/// A small button showing `text` whose accessible name (and hover text)
/// is `name`: true when clicked.
fn named_button(ui: &mut egui::Ui, text: &str, name: &str) -> bool {
    let response = ui.small_button(text).on_hover_text(name);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
    response.clicked()
}

/// The Players tab. `me`: the user's handle (marked); `games`: the games
/// list (to say which game a player plays).
pub fn players_ui(
    ui: &mut egui::Ui,
    players: &mut Players,
    friends: &Friends,
    me: Option<&str>,
    games: &[GamesEntry],
) -> Vec<PlayerAction> {
    let mut actions = Vec::new();
    if !friends.is_empty() {
        // The friends first, who of them is on: a click opens the card.
        ui.horizontal_wrapped(|ui| {
            ui.strong("Friends:");
            for handle in friends.handles() {
                let on = players.get(handle).is_some();
                let text = if on {
                    egui::RichText::new(handle).strong()
                } else {
                    egui::RichText::new(format!("{handle} (away)")).weak()
                };
                if ui
                    .add(egui::Label::new(text).sense(egui::Sense::click()))
                    .on_hover_text(format!("{handle}'s card"))
                    .clicked()
                {
                    actions.push(PlayerAction::Profile(handle.to_owned()));
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Name");
        ui.add(egui::TextEdit::singleline(&mut players.name_filter).desired_width(80.0))
            .labelled_by(label.id);
        let label = ui.label("Rating");
        ui.add(
            egui::DragValue::new(&mut players.min_rating)
                .range(0..=4000)
                .speed(25),
        )
        .labelled_by(label.id);
        ui.label("to");
        ui.add(
            egui::DragValue::new(&mut players.max_rating)
                .range(0..=4000)
                .speed(25),
        );
        ui.checkbox(&mut players.free_only, "Free only");
    });
    ui.separator();
    if !players.listed && players.is_empty() {
        ui.label("Nobody listed yet (the list comes at login).");
        return actions;
    }
    let shown = players.shown();
    let mut sort = None;
    let header = |ui: &mut egui::Ui, text: &str, column: Column, current: Column, desc: bool| {
        let arrow = match (current == column, desc) {
            (true, true) => " v",
            (true, false) => " ^",
            (false, _) => "",
        };
        ui.add(
            egui::Button::new(egui::RichText::new(format!("{text}{arrow}")).strong()).frame(false),
        )
        .on_hover_text("Sort by this column (again: the other way)")
        .clicked()
    };
    let rows: Vec<(String, [String; 3], String, PlayerStatus, String)> = shown
        .iter()
        .map(|p| {
            (
                titled(p),
                [
                    rating_cell(p.ratings[0]),
                    rating_cell(p.ratings[1]),
                    rating_cell(p.ratings[2]),
                ],
                status_text(p, games),
                p.status,
                p.handle.clone(),
            )
        })
        .collect();
    let (current, desc) = (players.sort, players.descending);
    egui::ScrollArea::vertical()
        .id_salt("players list")
        .show(ui, |ui| {
            egui::Grid::new("players grid")
                .striped(true)
                .num_columns(6)
                .show(ui, |ui| {
                    for (text, column) in [
                        ("Player", Column::Handle),
                        ("Blitz", Column::Rating(WhoCategory::Blitz)),
                        ("Std", Column::Rating(WhoCategory::Standard)),
                        ("Light", Column::Rating(WhoCategory::Lightning)),
                        ("Status", Column::Status),
                    ] {
                        if header(ui, text, column, current, desc) {
                            sort = Some(column);
                        }
                    }
                    ui.label("");
                    ui.end_row();
                    for (name, ratings, status, kind, handle) in &rows {
                        let mine = me.is_some_and(|me| me.eq_ignore_ascii_case(handle));
                        let name_text = if mine {
                            egui::RichText::new(format!("{name} (you)")).strong()
                        } else if friends.contains(handle) {
                            egui::RichText::new(format!("{name} (friend)")).strong()
                        } else {
                            egui::RichText::new(name)
                        };
                        let response = ui
                            .add(egui::Label::new(name_text).sense(egui::Sense::click()))
                            .on_hover_text("Click: the player's card; double-click: challenge");
                        if response.double_clicked() && !mine {
                            actions.push(PlayerAction::Challenge(handle.clone()));
                        } else if response.clicked() {
                            actions.push(PlayerAction::Profile(handle.clone()));
                        }
                        for rating in ratings {
                            ui.label(rating);
                        }
                        ui.label(status);
                        ui.horizontal(|ui| {
                            // Named for the player: a screen reader (and a
                            // test) tells one row's buttons from another's.
                            let playing =
                                *kind == PlayerStatus::Playing || status.starts_with("playing");
                            if playing
                                && named_button(ui, "Observe", &format!("Observe {handle}'s game"))
                            {
                                actions.push(PlayerAction::Observe(handle.clone()));
                            }
                            if !mine && named_button(ui, "Match…", &format!("Challenge {handle}"))
                            {
                                actions.push(PlayerAction::Challenge(handle.clone()));
                            }
                        });
                        ui.end_row();
                    }
                });
        });
    if let Some(column) = sort {
        if players.sort == column {
            players.descending = !players.descending;
        } else {
            players.sort = column;
            players.descending = matches!(column, Column::Rating(_));
        }
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rating_cells() {
        assert_eq!(rating_cell(Some(Rating::established(1882))), "1882");
        assert_eq!(
            rating_cell(Some(Rating::established(0))),
            "unrated",
            "FatICS's unrated"
        );
        assert_eq!(rating_cell(Some(Rating::NoRating)), "unrated");
        assert_eq!(rating_cell(Some(Rating::Guest)), "guest");
        assert_eq!(rating_cell(None), "?");
    }
}
