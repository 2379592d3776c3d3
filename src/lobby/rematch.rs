//! A rematch as an explicit challenge: the last game's opponent, time,
//! increment, rating and variant, colours swapped. The old FICS refuses
//! `rematch` ("rematch: Command has failed."), and an explicit `match`
//! offers on every server exactly what the button said it would.

use shakmaty::Color;

use super::server::ServerFamily;
use crate::game::Game;
use crate::protocol::command::MatchParams;
use crate::protocol::game_type::GameType;

/// The challenge that plays `game` (one of the user's, over) again.
pub fn rematch(game: &Game, family: ServerFamily) -> Option<MatchParams> {
    let me = game.my_color()?;
    let opponent = game.players.get(!me).handle.clone();
    if opponent.is_empty() {
        return None;
    }
    let variant = match &game.kind {
        Some(kind) if kind.is_variant() => Some(variant_word(kind, family)?),
        _ => None,
    };
    Some(MatchParams {
        handle: opponent,
        time_min: Some(game.initial_time_min),
        increment_s: Some(game.increment_s),
        rated: game.rated.unwrap_or(false),
        color: Some(!me),
        variant,
    })
}

/// What the Rematch button offers, in words: "2 0 rated, you play Black".
pub fn describe(game: &Game) -> Option<String> {
    let me = game.my_color()?;
    let rated = if game.rated.unwrap_or(false) {
        "rated"
    } else {
        "unrated"
    };
    let variant = game
        .kind
        .as_ref()
        .filter(|k| k.is_variant())
        .map(|k| format!(" {}", k.describe()))
        .unwrap_or_default();
    let color = match !me {
        Color::White => "White",
        Color::Black => "Black",
    };
    Some(format!(
        "{} {} {rated}{variant}, you play {color}",
        game.initial_time_min, game.increment_s
    ))
}

/// The server's words for a variant (`wild 5`, `chess960`, `crazyhouse`):
/// the one of its challenge words that names this type.
fn variant_word(kind: &GameType, family: ServerFamily) -> Option<String> {
    let words = family.variants().iter().map(|(word, _)| *word);
    let word = words
        .filter(|w| !w.is_empty())
        .find(|w| GameType::parse(&w.replace(' ', "/")) == *kind)?;
    Some(word.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameStore;
    use crate::protocol::decoder::StreamDecoder;

    fn game_of(lines: &[&str]) -> Game {
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        for line in lines {
            decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
        }
        decoder.finish(&mut events);
        let mut store = GameStore::new();
        for event in &events {
            store.apply(std::time::Duration::ZERO, event);
        }
        store.games().next().expect("a game").clone()
    }

    #[test]
    fn the_same_terms_with_colours_swapped() {
        let game = game_of(&[
            "Creating: Me (1500) BotA (1600) rated blitz 3 2",
            "{Game 7 (Me vs. BotA) Creating rated blitz match.}",
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 Me BotA 1 3 2 39 39 180 180 1 none (0:00) none 0 0 0",
            "{Game 7 (Me vs. BotA) BotA resigns} 1-0",
        ]);
        let params = rematch(&game, ServerFamily::OldFics).expect("terms");
        assert_eq!(params.handle, "BotA");
        assert_eq!((params.time_min, params.increment_s), (Some(3), Some(2)));
        assert!(params.rated);
        assert_eq!(params.color, Some(Color::Black));
        assert_eq!(params.variant, None);
        assert_eq!(
            describe(&game).as_deref(),
            Some("3 2 rated, you play Black")
        );
    }

    #[test]
    fn a_variant_in_the_servers_words() {
        let wild5 = game_of(&[
            "Creating: Opp (1500) Me (1600) unrated wild 5 0 Loaded from wild/5",
            "{Game 9 (Opp vs. Me) Creating unrated wild match.}",
            "<12> RNBKQBNR PPPPPPPP -------- -------- -------- -------- pppppppp rnbkqbnr W -1 0 0 0 0 0 9 Opp Me -1 5 0 39 39 300 300 1 none (0:00) none 0 0 0",
        ]);
        let params = rematch(&wild5, ServerFamily::OldFics).expect("terms");
        assert_eq!(params.variant.as_deref(), Some("wild 5"));
        assert_eq!(params.color, Some(Color::White));
        let fr = game_of(&[
            "Creating: Me (----) Opp (----) unrated blitz chess960 3 0",
            "{Game 7 (Me vs. Opp) Creating unrated blitz chess960 match.}",
            "<12> rbbkqnrn pppppppp -------- -------- -------- -------- PPPPPPPP RBBKQNRN W -1 1 1 1 1 0 7 Me Opp 1 3 0 39 39 180 180 1 none (0:00) none 0 0 0",
        ]);
        let params = rematch(&fr, ServerFamily::FatIcs).expect("terms");
        assert_eq!(params.variant.as_deref(), Some("chess960"));
        let params = rematch(&fr, ServerFamily::Freechess).expect("terms");
        assert_eq!(params.variant.as_deref(), Some("wild fr"));
    }
}
