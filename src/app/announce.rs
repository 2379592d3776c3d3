//! Announcements for screen readers, in a live region (AccessKit `Live`
//! polite) that is also shown in the top bar: the opponent's move in words
//! ("Black: knight takes e5, check"), a game's start and end, offers, low
//! time, refused moves, and the clocks on request (Alt+C). Moves of
//! observed games are announced for the board with the keyboard only, and
//! the "Announce moves" setting can limit them to your game or turn them
//! off.

use shakmaty::Color;

use crate::config::AnnounceMoves;
use crate::game::{Game, GameStore, Now};
use crate::protocol::chat::ChatKind;
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

/// What `event` means to the user, in words, if it is to be said. `moved`:
/// the event added a move to its game; `focused`: the board with the
/// keyboard.
pub fn event_words(
    event: &Event,
    moved: bool,
    store: &GameStore,
    focused: Option<u32>,
    mode: AnnounceMoves,
) -> Option<String> {
    match event {
        Event::Board(board) if moved => {
            let game = store.get(board.game)?;
            // The history's SAN, written from the position (a mate the
            // server calls check is said as mate).
            let san = match game.moves.last() {
                Some(ply) if board.last_san.is_some() => ply.san.as_str(),
                _ => board.last_san.as_deref()?,
            };
            let mover = !board.turn;
            let wanted = match mode {
                AnnounceMoves::Off => false,
                // Our own moves we know; the opponent's we are told.
                AnnounceMoves::OwnGame => game.my_color() == Some(!mover),
                AnnounceMoves::FocusedBoard => {
                    game.my_color() == Some(!mover)
                        || (game.my_color().is_none() && focused == Some(board.game))
                }
            };
            wanted.then(|| move_announcement(mover, san))
        }
        // A tell to the user is said (its tab may not be the one shown).
        Event::Chat(chat) if matches!(chat.kind, ChatKind::Tell | ChatKind::PartnerTell) => {
            let words: String = chat.text.chars().take(200).collect();
            Some(format!("{} tells you: {words}", chat.from))
        }
        Event::Message(Message::GameCreated {
            game,
            white,
            black,
            continuing: false,
            description,
        }) => {
            let me = store.me().unwrap_or_default();
            let (color, opponent) = if me.eq_ignore_ascii_case(white) {
                ("white", black)
            } else if me.eq_ignore_ascii_case(black) {
                ("black", white)
            } else {
                return None;
            };
            Some(format!(
                "Game {game} starts: you play {color} against {opponent}, {description}"
            ))
        }
        Event::Message(Message::GameEnd(end)) => {
            let concerned = store
                .get(end.game)
                .is_some_and(|g| g.my_color().is_some() || focused == Some(end.game));
            (concerned && mode != AnnounceMoves::Off).then(|| {
                format!(
                    "Game {} over: {}, {}",
                    end.game,
                    end.reason_text,
                    end.result.as_str()
                )
            })
        }
        Event::Message(Message::IllegalMove { attempted }) => {
            let what = attempted.as_deref().unwrap_or("that move");
            Some(format!("Illegal move: {what}"))
        }
        Event::Message(Message::NotYourMove) => Some("It is not your move".to_owned()),
        _ => None,
    }
}

/// An offer to the user arrived.
pub fn offer_words(from: &str, kind: &str) -> String {
    format!("{from} offers {kind}")
}

/// Low time in our game.
pub fn low_time_words(ms: i64) -> String {
    format!("Low time: {} left", clock_words(ms))
}

/// Both clocks of a game (Alt+C), else "No game".
pub fn clocks_words(game: Option<&Game>, now: Now) -> String {
    let Some(game) = game else {
        return "No game".to_owned();
    };
    let white = clock_words(game.remaining_ms(Color::White, now));
    let black = clock_words(game.remaining_ms(Color::Black, now));
    format!(
        "White {} {white}, Black {} {black}",
        game.players.white.handle, game.players.black.handle
    )
}

/// The live region: the newest announcement, shown at the end of the top
/// bar, and given to the screen reader.
///
/// How it reaches the screen reader: as a live region (a notification on
/// Windows and macOS), except on Linux, where it becomes the description
/// of the widget with the keyboard (a square of the board, a button) or,
/// with the keyboard nowhere, of the window. Orca before version 46
/// (Debian 12 has 43) ignores AT-SPI announcement events, but speaks a
/// change of the focused object's description (Orca's guide for
/// application developers names both ways); doing both would make a newer
/// Orca say it twice.
#[derive(Debug, Default)]
pub struct Announcement {
    text: Option<String>,
    /// Counts the announcements, to tell a new one from the one shown.
    said: u64,
    shown: u64,
    /// The widget whose description the newest announcement is, while it
    /// keeps the keyboard.
    described: Option<egui::Id>,
}

impl Announcement {
    /// Puts `text` in the live region; what was said in the same frame
    /// before it stays in front (both are heard), within a bound.
    pub fn say(&mut self, text: String) {
        tracing::debug!("announce: {text}");
        let text = match self.text.take() {
            Some(before) if self.shown != self.said && before.len() + text.len() < MAX_SAID => {
                let stop = if before.ends_with(['.', '!', '?']) {
                    ""
                } else {
                    "."
                };
                format!("{before}{stop} {text}")
            }
            _ => text,
        };
        self.text = Some(text);
        self.said += 1;
    }

    /// Nothing to say any more (the session is over: its last words, such
    /// as "You are now observing game 1.", no longer hold).
    pub fn clear(&mut self) {
        self.text = None;
        self.described = None;
    }

    /// The live region, at the end of the top bar.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let Some(text) = &self.text else {
            return;
        };
        let focused = ui.memory(|m| m.focused());
        if self.shown != self.said {
            self.shown = self.said;
            self.described =
                DESCRIBE_FOCUSED.then(|| focused.unwrap_or_else(egui::accesskit_root_id));
        }
        let on_window = self.described == Some(egui::accesskit_root_id()) && focused.is_none();
        if self.described.is_some() && self.described != focused && !on_window {
            // The keyboard moved on: the next widget is not described.
            self.described = None;
        }
        let response = ui.add(egui::Label::new(egui::RichText::new(text).weak()).truncate());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Status, true, text));
        if self.described.is_none() {
            ui.ctx().accesskit_node_builder(response.id, |node| {
                node.set_live(egui::accesskit::Live::Polite);
            });
        }
    }

    /// The focused widget's description, at the end of the frame (its
    /// node exists then, under its own parent: made earlier, egui would
    /// hang it elsewhere, and the screen reader would hear it move).
    pub fn describe_focused(&self, ctx: &egui::Context) {
        if let (Some(widget), Some(text)) = (self.described, &self.text) {
            ctx.accesskit_node_builder(widget, |node| node.set_description(text.clone()));
        }
    }
}

/// The longest announcement made of several said in one frame, in bytes.
const MAX_SAID: usize = 400;

/// Announcements become the focused widget's description (see
/// [`Announcement`]): on Linux only, where Orca reads it.
const DESCRIBE_FOCUSED: bool = cfg!(target_os = "linux");

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
