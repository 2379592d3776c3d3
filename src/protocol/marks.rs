//! Shared marks on an examined board, as BabasChess sends them: kibitzes
//! that read `$arrow e2 e4`, `$unarrow e2 e4`, `$circle e4`, `$uncircle e4`
//! and `$clearall` (listed in pychess/pychess#1078). A client that does not
//! draw them shows the kibitz as it is, which stays readable.

use shakmaty::Square;

/// A mark on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Circle(Square),
    Arrow(Square, Square),
}

/// What a mark kibitz says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkChange {
    Add(Mark),
    Remove(Mark),
    ClearAll,
}

/// The kibitz's text for a change (what `kibitz` sends).
pub fn mark_text(change: MarkChange) -> String {
    match change {
        MarkChange::Add(Mark::Circle(at)) => format!("$circle {at}"),
        MarkChange::Add(Mark::Arrow(from, to)) => format!("$arrow {from} {to}"),
        MarkChange::Remove(Mark::Circle(at)) => format!("$uncircle {at}"),
        MarkChange::Remove(Mark::Arrow(from, to)) => format!("$unarrow {from} {to}"),
        MarkChange::ClearAll => "$clearall".to_owned(),
    }
}

/// A kibitz line's mark: `Name(1500)[12] kibitzes: $arrow e2 e4` gives game
/// 12 and the change; anything else (a plain kibitz, a tell that quotes a
/// mark) is `None`.
pub fn parse_mark_kibitz(line: &str) -> Option<(u32, MarkChange)> {
    let (speaker, words) = line.split_once(" kibitzes: ")?;
    // `Name(titles)(rating)[game]`: one word (a tell quoting a kibitz is not one).
    if speaker.contains(' ') {
        return None;
    }
    let game = speaker
        .strip_suffix(']')?
        .rsplit_once('[')?
        .1
        .parse::<u32>()
        .ok()?;
    Some((game, parse_mark_words(words)?))
}

fn parse_mark_words(words: &str) -> Option<MarkChange> {
    let words: Vec<&str> = words.split_whitespace().collect();
    let square = |text: &str| text.parse::<Square>().ok();
    Some(match words.as_slice() {
        ["$circle", at] => MarkChange::Add(Mark::Circle(square(at)?)),
        ["$uncircle", at] => MarkChange::Remove(Mark::Circle(square(at)?)),
        ["$arrow", from, to] if from != to => {
            MarkChange::Add(Mark::Arrow(square(from)?, square(to)?))
        }
        ["$unarrow", from, to] => MarkChange::Remove(Mark::Arrow(square(from)?, square(to)?)),
        ["$clearall"] => MarkChange::ClearAll,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kibitzes_both_ways() {
        for change in [
            MarkChange::Add(Mark::Arrow(Square::E2, Square::E4)),
            MarkChange::Remove(Mark::Arrow(Square::G1, Square::F3)),
            MarkChange::Add(Mark::Circle(Square::D5)),
            MarkChange::Remove(Mark::Circle(Square::D5)),
            MarkChange::ClearAll,
        ] {
            let line = format!("ObsBot(----)[1] kibitzes: {}", mark_text(change));
            assert_eq!(parse_mark_kibitz(&line), Some((1, change)), "{line}");
        }
        assert_eq!(
            mark_text(MarkChange::Add(Mark::Arrow(Square::E2, Square::E4))),
            "$arrow e2 e4"
        );
    }

    #[test]
    fn plain_kibitzes_and_look_alikes_are_not_marks() {
        for line in [
            "ObsBot(----)[1] kibitzes: nice game",
            "ObsBot(----)[1] kibitzes: $arrow e2",
            "ObsBot(----)[1] kibitzes: $arrow e2 e9",
            "ObsBot(----)[1] kibitzes: $arrow e2 e2",
            "ObsBot tells you: ObsBot(----)[1] kibitzes: $circle e4",
            "ObsBot(----) kibitzes: $circle e4",
        ] {
            assert_eq!(parse_mark_kibitz(line), None, "{line}");
        }
    }
}
