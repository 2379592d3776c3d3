//! The window's title says who you are and where (`Kibitz - KibUser on
//! freechess.org`) and, while you play, whose move it is, so that the
//! task bar tells a player their opponent has moved.

use crate::game::Game;

/// The title for the user `me` (once logged in) on `server` (`host:port`),
/// with the user's live game if there is one.
pub fn window_title(me: Option<&str>, server: &str, own_game: Option<&Game>) -> String {
    let Some(me) = me else {
        return "Kibitz".to_owned();
    };
    let host = crate::config::host_of(server);
    let mut title = format!("Kibitz - {me} on {host}");
    if let Some(game) = own_game.filter(|g| !g.is_over())
        && let (Some(mine), Some(board)) = (game.my_color(), game.board.as_deref())
    {
        let opponent = &game.players[!mine].handle;
        if board.turn == mine {
            title.push_str(&format!(" - your move against {opponent}"));
        } else {
            title.push_str(&format!(" - {opponent} to move"));
        }
    }
    title
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::game::GameStore;
    use crate::protocol::decoder::StreamDecoder;

    fn game_of(line: &str) -> GameStore {
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
        let mut store = GameStore::new();
        for event in &events {
            store.apply(Duration::ZERO, event);
        }
        store
    }

    const MY_MOVE: &str = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 KibUser Opp 1 5 0 39 39 300 300 1 none (0:00) none 0 0 0";

    #[test]
    fn says_who_and_where_and_whose_move() {
        assert_eq!(window_title(None, "freechess.org:5000", None), "Kibitz");
        assert_eq!(
            window_title(Some("KibUser"), "freechess.org:5000", None),
            "Kibitz - KibUser on freechess.org"
        );
        let store = game_of(MY_MOVE);
        let game = store.get(7);
        assert_eq!(
            window_title(Some("KibUser"), "freechess.org:5000", game),
            "Kibitz - KibUser on freechess.org - your move against Opp"
        );
        let theirs = MY_MOVE
            .replace(" W -1 ", " B -1 ")
            .replace(" 1 5 0 ", " -1 5 0 ");
        let store = game_of(&theirs);
        assert_eq!(
            window_title(Some("KibUser"), "freechess.org:5000", store.get(7)),
            "Kibitz - KibUser on freechess.org - Opp to move"
        );
    }
}
