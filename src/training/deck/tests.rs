//! Which positions become cards, the schedule, nothing lost on restart.

use super::*;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Four moves: White fine, Black blunders, White a mistake, Black an
/// inaccuracy.
fn game(me: Color) -> ReviewedGame {
    let shares = vec![Some(0.5), Some(0.52), Some(0.80), Some(0.68), Some(0.74)];
    let mv = |san: &str, best: Option<&str>| ReviewedMove {
        fen_before: START.to_owned(),
        san: san.to_owned(),
        best: best.map(str::to_owned),
        last_move_uci: None,
    };
    ReviewedGame {
        key: "games/2026-11.pgn:3".to_owned(),
        white: "KibUser".to_owned(),
        black: "BotA".to_owned(),
        date: "2026.11.28".to_owned(),
        me,
        moves: vec![
            mv("e4", Some("e4")),
            mv("f6", Some("e5")),
            mv("Qh5+", Some("d4")),
            mv("g6", Some("Kf7")),
        ],
        review: Review::new(shares, Color::White),
        first_mover: Color::White,
        variant: String::new(),
    }
}

#[test]
fn only_the_users_mistakes_and_blunders_become_cards() {
    let mut deck = Deck::default();
    // As Black: the blunder f6 (move 1); the inaccuracy g6 is none.
    assert_eq!(deck.take_in(&game(Color::Black), 100), 1);
    assert_eq!(deck.cards[0].played, "f6");
    assert_eq!(deck.cards[0].best.as_deref(), Some("e5"));
    assert_eq!(deck.cards[0].judgement, "blunder");
    assert_eq!(deck.cards[0].id, "games/2026-11.pgn:3#1");
    assert_eq!(deck.cards[0].game_words, "KibUser – BotA, 2026.11.28");
    // The same game again adds nothing.
    assert_eq!(deck.take_in(&game(Color::Black), 200), 0);
    // As White in another game: the mistake Qh5+.
    let mut white = game(Color::White);
    white.key = "games/2026-11.pgn:4".to_owned();
    assert_eq!(deck.take_in(&white, 300), 1);
    assert_eq!(deck.cards[1].played, "Qh5+");
    // A review not finished is not taken in (nor marked taken).
    let mut unfinished = game(Color::White);
    unfinished.key = "games/2026-11.pgn:5".to_owned();
    unfinished.review = Review::new(vec![Some(0.5), None, Some(0.8), None, None], Color::White);
    assert_eq!(deck.take_in(&unfinished, 300), 0);
    assert!(!deck.reviewed.contains("games/2026-11.pgn:5"));
}

#[test]
fn a_try_is_judged_by_the_engines_move_and_the_move_played() {
    let mut deck = Deck::default();
    deck.take_in(&game(Color::Black), 0);
    let card = &deck.cards[0];
    assert_eq!(card.judge("e5"), Verdict::Hit);
    assert_eq!(card.judge("f6"), Verdict::Miss);
    assert_eq!(card.judge("d5"), Verdict::Ask);
}

#[test]
fn hits_put_a_card_off_longer_and_a_miss_brings_it_back_soon() {
    let mut deck = Deck::default();
    deck.take_in(&game(Color::Black), 1_000);
    let id = deck.cards[0].id.clone();
    assert_eq!(deck.due(1_000).len(), 1);
    deck.answer(&id, true, 1_000);
    assert!(deck.due(1_000).is_empty());
    assert_eq!(deck.cards[0].due_s, 1_000 + FIRST_INTERVAL_S);
    let second = 1_000 + FIRST_INTERVAL_S;
    deck.answer(&id, true, second);
    assert_eq!(deck.cards[0].interval_s, FIRST_INTERVAL_S * 5 / 2);
    let third = second + deck.cards[0].interval_s;
    deck.answer(&id, false, third);
    assert_eq!(deck.cards[0].due_s, third + AGAIN_SOON_S);
    assert_eq!(deck.cards[0].interval_s, 0);
    assert_eq!((deck.cards[0].hits, deck.cards[0].misses), (2, 1));
    // Again from the first interval after the miss.
    deck.answer(&id, true, third + AGAIN_SOON_S);
    assert_eq!(deck.cards[0].interval_s, FIRST_INTERVAL_S);
    // Intervals stop growing at half a year.
    for _ in 0..20 {
        let at = deck.cards[0].due_s;
        deck.answer(&id, true, at);
    }
    assert_eq!(deck.cards[0].interval_s, 183 * 24 * 3600);
}

#[test]
fn nothing_is_lost_on_restart() {
    let mut deck = Deck::default();
    deck.take_in(&game(Color::Black), 5);
    let id = deck.cards[0].id.clone();
    deck.answer(&id, false, 5);
    let text = deck.to_toml();
    let back = Deck::from_toml(&text).expect("it reads");
    assert_eq!(back, deck);
    // A damaged file is an error, not an empty deck.
    assert!(Deck::from_toml("cards = 3").is_err());
    assert_eq!(Deck::from_toml("").expect("an empty file"), Deck::default());
}

#[test]
fn a_move_the_engine_did_not_foresee_is_a_hit_when_it_loses_less_than_a_mistake() {
    let mut deck = Deck::default();
    let mut black = game(Color::Black);
    black.moves[1].fen_before = START.replace(" w ", " b ");
    deck.take_in(&black, 100);
    let card = &deck.cards[0];
    // Black to play, best play kept White's share at 0.52.
    assert_eq!(card.mover(), Color::Black);
    assert_eq!(card.white_share_permille, Some(520));
    assert!(card.good_enough(0.55));
    assert!(!card.good_enough(0.63));
    // White's card: a rise is White's gain.
    let mut white = game(Color::White);
    white.key = "games/2026-11.pgn:4".to_owned();
    deck.take_in(&white, 100);
    let card = &deck.cards[1];
    assert_eq!(card.white_share_permille, Some(800));
    assert!(card.good_enough(0.75));
    assert!(!card.good_enough(0.69));
}

#[test]
fn a_game_passed_over_is_never_taken_in_again() {
    let mut deck = Deck::default();
    deck.pass_over("games/2026-11.pgn:3");
    assert_eq!(deck.take_in(&game(Color::Black), 100), 0);
    assert_eq!(deck.reviewed_count(), 1);
}
