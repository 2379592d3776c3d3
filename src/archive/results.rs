//! The user's results by opening and colour, from the games listed: how
//! often they reached each opening with each colour, and how they scored.

use super::listed::ListedGame;

/// One opening with one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpeningResults {
    /// `C50 Italian Game` (empty: no opening named).
    pub opening: String,
    pub as_white: bool,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

impl OpeningResults {
    pub fn games(&self) -> u32 {
        self.won + self.drawn + self.lost
    }

    /// Points per game, in percent (a draw half a point).
    pub fn score_percent(&self) -> u32 {
        let games = self.games().max(1);
        (self.won * 200 + self.drawn * 100) / (games * 2)
    }

    /// `C50 Italian Game, as White: 12 games, +6 =2 -4, 58 %`.
    pub fn words(&self) -> String {
        let colour = if self.as_white { "White" } else { "Black" };
        let opening = if self.opening.is_empty() {
            "No opening named"
        } else {
            &self.opening
        };
        let games = match self.games() {
            1 => "1 game".to_owned(),
            n => format!("{n} games"),
        };
        format!(
            "{opening}, as {colour}: {games}, +{} ={} -{}, {} %",
            self.won,
            self.drawn,
            self.lost,
            self.score_percent()
        )
    }
}

/// `me`'s finished games (one board: bughouse left out) by opening and
/// colour, the most played first.
pub fn by_opening(games: &[ListedGame], me: &str) -> Vec<OpeningResults> {
    let mut table: Vec<OpeningResults> = Vec::new();
    for game in games.iter().filter(|g| !g.is_bughouse()) {
        let as_white = game.white().eq_ignore_ascii_case(me);
        if !as_white && !game.black().eq_ignore_ascii_case(me) {
            continue;
        }
        let (won, lost) = match (game.result(), as_white) {
            ("1-0", true) | ("0-1", false) => (1, 0),
            ("0-1", true) | ("1-0", false) => (0, 1),
            ("1/2-1/2", _) => (0, 0),
            _ => continue,
        };
        let drawn = u32::from(game.result() == "1/2-1/2");
        let opening = game.opening();
        let row = match table
            .iter_mut()
            .find(|r| r.as_white == as_white && r.opening == opening)
        {
            Some(row) => row,
            None => {
                table.push(OpeningResults {
                    opening: opening.to_owned(),
                    as_white,
                    won: 0,
                    drawn: 0,
                    lost: 0,
                });
                table.last_mut().expect("just pushed")
            }
        };
        row.won += won;
        row.drawn += drawn;
        row.lost += lost;
    }
    table.sort_by(|a, b| {
        b.games()
            .cmp(&a.games())
            .then_with(|| a.opening.cmp(&b.opening))
    });
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::record::ArchivedGame;

    fn game(white: &str, black: &str, result: &str, opening: &str) -> ListedGame {
        ListedGame::of(&ArchivedGame {
            white: white.into(),
            black: black.into(),
            result: result.into(),
            opening: opening.into(),
            ..ArchivedGame::default()
        })
    }

    #[test]
    fn results_by_opening_and_colour() {
        let games = [
            game("Me", "BotA", "1-0", "C50 Italian Game"),
            game("Me", "BotB", "1/2-1/2", "C50 Italian Game"),
            game("BotC", "me", "1-0", "C50 Italian Game"),
            game("Me", "BotA", "0-1", "C50 Italian Game"),
            game("BotA", "BotB", "1-0", "C50 Italian Game"),
            game("Me", "BotA", "*", "B20 Sicilian Defense"),
        ];
        let table = by_opening(&games, "Me");
        assert_eq!(table.len(), 2, "{table:?}");
        assert_eq!(
            table[0].words(),
            "C50 Italian Game, as White: 3 games, +1 =1 -1, 50 %"
        );
        assert_eq!(
            table[1].words(),
            "C50 Italian Game, as Black: 1 game, +0 =0 -1, 0 %"
        );
    }
}
