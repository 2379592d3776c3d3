//! What the desktop's notifications say, kind by kind, while Kibitz is not
//! the window in front: a challenge (with Accept and Decline), a tell, our
//! game started, our opponent moved after a long think, a friend arrived,
//! low time. The words only; `feedback.rs` decides when, and `notifications`
//! shows them.

use crate::config::AlertSettings;
use crate::game::GameStore;
use crate::protocol::bots::{BotLine, TourneyLine};
use crate::protocol::chat::ChatKind;
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::message::{Message, ProseOffer};
use crate::protocol::offer::{OfferKind, OfferLine, parse_match_params};
use crate::protocol::style12::Relation;

/// A think this long (or longer) by our opponent is worth a notification
/// when the move comes: the user may have turned to something else.
pub const LONG_THINK_MS: u64 = 20_000;
/// Longest body (a tell's text) shown.
const MAX_BODY: usize = 300;

/// One notification's words and what its buttons do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteText {
    pub summary: String,
    pub body: String,
    /// A challenge: its Accept and Decline.
    pub answers: Option<(Command, Command)>,
    /// Who it is about (a challenge's challenger: told once, though the
    /// server may say it twice).
    pub from: String,
}

/// The notification an event is worth, if its kind is wanted.
pub fn of_event(
    event: &Event,
    store: &GameStore,
    alerts: &AlertSettings,
    moved: bool,
) -> Option<NoteText> {
    let me = store.me();
    let note = |summary: String, body: String, from: &str| NoteText {
        summary,
        body,
        answers: None,
        from: from.to_owned(),
    };
    match event {
        Event::Message(Message::OfferReceived {
            from,
            offer: ProseOffer::Match { text },
        }) if alerts.notify_challenges => {
            let terms = parse_match_params(text).map_or_else(
                || text.clone(),
                |t| crate::game::offers::challenge_words(&t),
            );
            let answer = |verb: &str| Command::Raw(format!("{verb} {from}"));
            Some(NoteText {
                answers: Some((answer("accept"), answer("decline"))),
                ..note(format!("{from} challenges you"), terms, from)
            })
        }
        Event::Offer(OfferLine::From(offer))
            if offer.kind == OfferKind::Match && alerts.notify_challenges =>
        {
            let terms = offer.match_params.as_ref().map_or_else(
                || offer.params.clone(),
                crate::game::offers::challenge_words,
            );
            Some(NoteText {
                answers: Some((
                    Command::Accept(Some(offer.id)),
                    Command::Decline(Some(offer.id)),
                )),
                ..note(
                    format!("{} challenges you", offer.player),
                    terms,
                    &offer.player,
                )
            })
        }
        Event::Message(Message::GameCreated {
            white,
            black,
            description,
            continuing,
            ..
        }) if alerts.notify_your_game && me.is_some_and(|me| me == white || me == black) => {
            let started = if *continuing { "resumed" } else { "started" };
            Some(note(
                format!("Your game {started}"),
                format!("{white} vs. {black}, {description}"),
                "",
            ))
        }
        Event::Board(board)
            if moved
                && alerts.notify_your_game
                && board.relation == Relation::PlayingMyMove
                && board.time_taken.ms().is_some_and(|ms| ms >= LONG_THINK_MS) =>
        {
            let opponent = if me == Some(board.white.as_str()) {
                &board.black
            } else {
                &board.white
            };
            let san = board.last_san.as_deref().unwrap_or("a move");
            let seconds = board.time_taken.ms().unwrap_or(0) / 1000;
            Some(note(
                format!("{opponent} played {san}"),
                format!("after {seconds} s: your move"),
                opponent,
            ))
        }
        Event::Chat(chat)
            if alerts.notify_tells
                && matches!(chat.kind, ChatKind::Tell | ChatKind::PartnerTell) =>
        {
            let text: String = chat.text.chars().take(MAX_BODY).collect();
            let says = if chat.kind == ChatKind::PartnerTell {
                format!("{} (your partner) tells you", chat.from)
            } else {
                format!("{} tells you", chat.from)
            };
            Some(note(says, text, &chat.from))
        }
        // Told only to a user who asked the TD bot to (`TourneyInfo`,
        // the Events tab's "Tell me when a tournament opens").
        Event::Bot(BotLine::Tourney(TourneyLine::Opened { id, what })) => Some(note(
            format!("Tournament #{id} opened"),
            format!("{what}: join it in the lobby's Events tab"),
            "",
        )),
        Event::Presence(presence)
            if presence.notify && presence.arrived && alerts.notify_friends =>
        {
            Some(note(
                format!("{} arrived", presence.handle),
                "A friend of yours is online".to_owned(),
                &presence.handle,
            ))
        }
        _ => None,
    }
}

/// Low time in our game.
pub fn low_time(left_ms: i64) -> NoteText {
    NoteText {
        summary: "Low time".to_owned(),
        body: super::announce::low_time_words(left_ms),
        answers: None,
        from: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournament_opened_is_told() {
        let mut decoder = crate::protocol::decoder::LineDecoder::new();
        let mut events = Vec::new();
        let line = ":Tourney #32, a 3 0 rated blitz Swiss, has been opened!";
        decoder.decode(line.to_owned(), &mut events);
        let store = GameStore::new();
        let alerts = AlertSettings::default();
        let notes: Vec<NoteText> = events
            .iter()
            .filter_map(|e| of_event(e, &store, &alerts, false))
            .collect();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].summary, "Tournament #32 opened");
        assert!(notes[0].body.starts_with("3 0 rated blitz Swiss"));
    }
}
