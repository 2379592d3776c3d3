//! Announcements for screen readers, in a live region (AccessKit `Live`
//! polite) that is also shown in the top bar: the opponent's move in words
//! ("Black: knight takes e5, check"), a game's start and end, offers, low
//! time, refused moves, and the clocks on request (Alt+C). Moves of
//! observed games are announced for the board with the keyboard only, and
//! the "Announce moves" setting can limit them to your game or turn them
//! off.

use shakmaty::Color;

use super::KibitzApp;
use crate::config::AnnounceMoves;
use crate::game::Now;
use crate::protocol::event::Event;
use crate::protocol::message::Message;

/// A move in words: `Nxe5+` -> "knight takes e5, check", `O-O` -> "castles
/// short", `e8=Q#` -> "e8 promotes to queen, checkmate", `N@f3` -> "knight
/// dropped on f3", `exd5` -> "e pawn takes d5".
pub fn san_in_words(san: &str) -> String {
    let (body, suffix) = match san.strip_suffix('#') {
        Some(body) => (body, ", checkmate"),
        None => match san.strip_suffix('+') {
            Some(body) => (body, ", check"),
            None => (san, ""),
        },
    };
    let words = if body.starts_with("O-O-O") {
        "castles long".to_owned()
    } else if body.starts_with("O-O") {
        "castles short".to_owned()
    } else if let Some((piece, to)) = body.split_once('@') {
        format!(
            "{} dropped on {to}",
            piece_name(piece.chars().next().unwrap_or('P'))
        )
    } else {
        let (body, promotion) = match body.split_once('=') {
            Some((body, piece)) => (
                body,
                format!(
                    " promotes to {}",
                    piece_name(piece.chars().next().unwrap_or('Q'))
                ),
            ),
            None => (body, String::new()),
        };
        let to = body.get(body.len().saturating_sub(2)..).unwrap_or(body);
        let first = body.chars().next().unwrap_or('?');
        let mover = if first.is_ascii_uppercase() {
            // `Rad1`, `N5xe4`: which of two pieces.
            let from: String = body
                .get(1..body.len().saturating_sub(2))
                .unwrap_or("")
                .chars()
                .filter(|&c| c != 'x')
                .collect();
            if from.is_empty() {
                piece_name(first).to_owned()
            } else {
                format!("{} {from}", piece_name(first))
            }
        } else if body.contains('x') {
            format!("{first} pawn")
        } else {
            String::new()
        };
        let verb = if body.contains('x') { "takes " } else { "" };
        let mover = if mover.is_empty() { mover } else { mover + " " };
        format!("{mover}{verb}{to}{promotion}")
    };
    format!("{words}{suffix}")
}

fn piece_name(letter: char) -> &'static str {
    match letter {
        'K' => "king",
        'Q' => "queen",
        'R' => "rook",
        'B' => "bishop",
        'N' => "knight",
        _ => "pawn",
    }
}

/// "Black: knight takes e5, check".
pub fn move_announcement(mover: Color, san: &str) -> String {
    let side = if mover == Color::White {
        "White"
    } else {
        "Black"
    };
    format!("{side}: {}", san_in_words(san))
}

/// "m:ss" for a remaining time (negative: the flag has fallen).
fn clock_words(ms: i64) -> String {
    let sign = if ms < 0 { "minus " } else { "" };
    let seconds = ms.unsigned_abs() / 1000;
    format!("{sign}{}:{:02}", seconds / 60, seconds % 60)
}

impl KibitzApp {
    /// Puts `text` in the live region.
    pub(super) fn say(&mut self, text: String) {
        tracing::debug!("announce: {text}");
        self.announcement = Some(text);
    }

    /// Announces what `event` means to the user (before the store applies
    /// it, so that the move is known to be new).
    pub(super) fn announce_event(&mut self, event: &Event) {
        let mode = self.settings.play.announce_moves;
        match event {
            Event::Board(board) => {
                let Some(game) = self.store.get(board.game) else {
                    return;
                };
                if board.ply() != game.ply() + 1 {
                    return;
                }
                let Some(san) = board.last_san.as_deref() else {
                    return;
                };
                let mover = !board.turn;
                let wanted = match mode {
                    AnnounceMoves::Off => false,
                    // Our own moves we know; the opponent's we are told.
                    AnnounceMoves::OwnGame => game.my_color() == Some(!mover),
                    AnnounceMoves::FocusedBoard => {
                        game.my_color() == Some(!mover)
                            || (game.my_color().is_none() && self.focused == Some(board.game))
                    }
                };
                if wanted {
                    self.say(move_announcement(mover, san));
                }
            }
            Event::Message(Message::GameCreated {
                game,
                white,
                black,
                continuing: false,
                description,
            }) => {
                let me = self.store.me().unwrap_or_default();
                if me.eq_ignore_ascii_case(white) || me.eq_ignore_ascii_case(black) {
                    let (color, opponent) = if me.eq_ignore_ascii_case(white) {
                        ("white", black)
                    } else {
                        ("black", white)
                    };
                    self.say(format!(
                        "Game {game} starts: you play {color} against {opponent}, {description}"
                    ));
                }
            }
            Event::Message(Message::GameEnd(end)) => {
                let concerned = self
                    .store
                    .get(end.game)
                    .is_some_and(|g| g.my_color().is_some() || self.focused == Some(end.game));
                if concerned && mode != AnnounceMoves::Off {
                    self.say(format!(
                        "Game {} over: {}, {}",
                        end.game,
                        end.reason_text,
                        end.result.as_str()
                    ));
                }
            }
            Event::Message(Message::IllegalMove { attempted }) => {
                let what = attempted.as_deref().unwrap_or("that move");
                self.say(format!("Illegal move: {what}"));
            }
            Event::Message(Message::NotYourMove) => self.say("It is not your move".to_owned()),
            _ => {}
        }
    }

    /// An offer to the user arrived.
    pub(super) fn announce_offer(&mut self, from: &str, kind: &str) {
        self.say(format!("{from} offers {kind}"));
    }

    /// Low time in our game.
    pub(super) fn announce_low_time(&mut self, ms: i64) {
        self.say(format!("Low time: {} left", clock_words(ms)));
    }

    /// Both clocks of the board with the keyboard (Alt+C).
    pub(super) fn say_the_clocks(&mut self, now: Now) {
        let number = self
            .focused
            .or_else(|| self.own_live_game())
            .or_else(|| self.store.games().next().map(|g| g.number));
        let Some(game) = number.and_then(|n| self.store.get(n)) else {
            self.say("No game".to_owned());
            return;
        };
        let white = clock_words(game.remaining_ms(Color::White, now));
        let black = clock_words(game.remaining_ms(Color::Black, now));
        let text = format!(
            "White {} {white}, Black {} {black}",
            game.players.white.handle, game.players.black.handle
        );
        self.say(text);
    }

    /// The live region, at the end of the top bar.
    pub(super) fn announcement_ui(&self, ui: &mut egui::Ui) {
        let Some(text) = &self.announcement else {
            return;
        };
        let response = ui.add(egui::Label::new(egui::RichText::new(text).weak()).truncate());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Status, true, text));
        ui.ctx().accesskit_node_builder(response.id, |node| {
            node.set_live(egui::accesskit::Live::Polite);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_in_words() {
        assert_eq!(
            move_announcement(Color::Black, "Nxe5+"),
            "Black: knight takes e5, check"
        );
        assert_eq!(san_in_words("e4"), "e4");
        assert_eq!(san_in_words("exd5"), "e pawn takes d5");
        assert_eq!(san_in_words("O-O"), "castles short");
        assert_eq!(san_in_words("O-O-O+"), "castles long, check");
        assert_eq!(san_in_words("e8=Q#"), "e8 promotes to queen, checkmate");
        assert_eq!(san_in_words("exd8=N"), "e pawn takes d8 promotes to knight");
        assert_eq!(san_in_words("N@f3"), "knight dropped on f3");
        assert_eq!(san_in_words("Rad1"), "rook a d1");
        assert_eq!(san_in_words("N5xe4"), "knight 5 takes e4");
        assert_eq!(clock_words(271_000), "4:31");
        assert_eq!(clock_words(-2_500), "minus 0:02");
    }
}
