use std::time::Duration;

use shakmaty::{Color, Square};

use super::*;
use crate::computer::terms::ClockTerms;
use crate::game::GameStore;
use crate::protocol::command::MoveText;
use crate::protocol::style12::Relation;

const GAME: u32 = 9001;

fn players() -> Players {
    Players {
        user: "KibUser".to_owned(),
        engine: "Stockfish 15.1".to_owned(),
        engine_rating: "1500".to_owned(),
    }
}

fn terms(side: Side, clock: Option<(u32, u32)>) -> ComputerTerms {
    ComputerTerms {
        side,
        clock: clock.map(|(base_s, increment_s)| ClockTerms {
            base_s,
            increment_s,
        }),
        strength: Some(1500),
        ..ComputerTerms::default()
    }
}

fn at(s: u64) -> Now {
    Duration::from_secs(s)
}

fn mv(from: Square, to: Square) -> Command {
    Command::Move(MoveText::normal(from, to, None))
}

/// The referee's events applied to a store, as the app does.
struct Table {
    referee: Referee,
    store: GameStore,
    thinks: Vec<Think>,
    stops: usize,
    texts: Vec<String>,
}

impl Table {
    fn new(terms: &ComputerTerms) -> Table {
        let (referee, outs) = Referee::start(GAME, terms, &players(), at(0), 7).unwrap();
        let mut table = Table {
            referee,
            store: GameStore::new(),
            thinks: Vec::new(),
            stops: 0,
            texts: Vec::new(),
        };
        table.take(at(0), outs);
        table
    }

    fn take(&mut self, now: Now, outs: Vec<Out>) {
        for out in outs {
            match out {
                Out::Event(event) => {
                    if let Event::Text(text) = &event {
                        self.texts.push(text.clone());
                    }
                    self.store.apply(now, &event);
                }
                Out::Think(think) => self.thinks.push(think),
                Out::Stop => self.stops += 1,
            }
        }
    }

    fn user(&mut self, now: Now, command: Command) {
        let outs = self.referee.command(now, &command).expect("a game command");
        self.take(now, outs);
    }

    fn engine(&mut self, now: Now, uci: &str) {
        let id = self.thinks.last().expect("the engine was asked").id;
        let outs = self.referee.engine_moved(now, id, uci);
        self.take(now, outs);
    }

    fn game(&self) -> &crate::game::Game {
        self.store.get(GAME).expect("the game is in the store")
    }

    fn sans(&self) -> Vec<String> {
        self.game().moves.iter().map(|p| p.san.clone()).collect()
    }
}

#[test]
fn a_game_starts_as_a_server_game_does_and_the_engine_answers() {
    let mut table = Table::new(&terms(Side::White, Some((180, 2))));
    let game = table.game();
    assert_eq!(game.players.white.handle, "KibUser");
    assert_eq!(game.players.black.handle, "Stockfish 15.1");
    assert_eq!(game.players.black.rating.as_deref(), Some("1500"));
    assert_eq!(game.my_color(), Some(Color::White));
    assert!(table.thinks.is_empty(), "the user moves first");

    table.user(at(1), mv(Square::E2, Square::E4));
    let think = table.thinks.last().unwrap().clone();
    assert_eq!(think.position, "position startpos moves e2e4");
    assert_eq!(think.clocks, None, "its first move is free: a short look");
    assert_eq!(table.game().my_color(), Some(Color::White));

    table.engine(at(2), "e7e5");
    assert_eq!(table.sans(), ["e4", "e5"]);
    table.user(at(5), mv(Square::G1, Square::F3));
    let clocks = table.thinks.last().unwrap().clocks.unwrap();
    // Each first move was free (and earned its 2 s); the user's second
    // took 3 s.
    assert_eq!((clocks.white_ms, clocks.increment_ms), (181_000, 2000));
    assert_eq!(clocks.black_ms, 182_000);
    assert!(!clocks.engine_white);
    assert_eq!(
        table.game().board.as_ref().unwrap().relation,
        Relation::PlayingOpponentToMove
    );
}

#[test]
fn the_clock_runs_from_each_sides_second_move_and_the_flag_falls() {
    let mut table = Table::new(&terms(Side::White, Some((60, 0))));
    table.user(at(10), mv(Square::E2, Square::E4));
    table.engine(at(11), "e7e5");
    // Neither first move cost time.
    assert_eq!(
        table.referee.next_due(),
        Some(at(11) + Duration::from_secs(60))
    );
    table.user(at(30), mv(Square::G1, Square::F3));
    assert_eq!(
        table.referee.next_due(),
        Some(at(30) + Duration::from_secs(60))
    );
    table.engine(at(31), "b8c6");
    // The user's 41 s left run out.
    assert!(table.referee.tick(at(71)).is_empty());
    let outs = table.referee.tick(at(72));
    table.take(at(72), outs);
    let outcome = table.game().outcome.clone().unwrap();
    assert_eq!(outcome.result, GameResult::BlackWins);
    assert_eq!(outcome.reason, EndReason::TimeForfeit);
    assert!(table.referee.is_over());
    assert_eq!(table.referee.next_due(), None);
}

#[test]
fn a_late_move_loses_on_time_before_it_is_played() {
    let mut table = Table::new(&terms(Side::White, Some((60, 0))));
    table.user(at(0), mv(Square::E2, Square::E4));
    table.engine(at(1), "e7e5");
    table.user(at(90), mv(Square::G1, Square::F3));
    assert_eq!(table.sans(), ["e4", "e5"]);
    assert_eq!(
        table.game().outcome.as_ref().unwrap().reason,
        EndReason::TimeForfeit
    );
}

#[test]
fn the_user_as_black_waits_for_the_engines_first_move() {
    let table = Table::new(&terms(Side::Black, None));
    let think = table.thinks.last().expect("the engine plays White");
    assert_eq!(think.position, "position startpos");
    assert_eq!(think.clocks, None);
    assert_eq!(table.game().my_color(), Some(Color::Black));
    assert_eq!(table.game().players.white.handle, "Stockfish 15.1");
}

#[test]
fn mate_ends_the_game_with_its_mark() {
    let mut table = Table::new(&terms(Side::Black, None));
    table.engine(at(1), "f2f3");
    table.user(at(2), mv(Square::E7, Square::E5));
    table.engine(at(3), "g2g4");
    table.user(at(4), mv(Square::D8, Square::H4));
    assert_eq!(table.sans(), ["f3", "e5", "g4", "Qh4#"]);
    let outcome = table.game().outcome.clone().unwrap();
    assert_eq!(outcome.reason, EndReason::Checkmate);
    assert_eq!(outcome.result, GameResult::BlackWins);
    let pgn = crate::archive::pgn(table.game(), "Kibitz", crate::archive::UtcTime::now());
    assert!(
        pgn.contains("Qh4# {[%emt 0:00:00]} {Stockfish 15.1 checkmated} 0-1"),
        "{pgn}"
    );
    assert!(!pgn.contains("[BlackElo"), "the user has no rating");
    assert!(pgn.contains("[WhiteElo \"1500\"]"), "{pgn}");
}

#[test]
fn takeback_while_the_engine_thinks_stops_it_and_its_answer_is_dropped() {
    let mut table = Table::new(&terms(Side::White, Some((300, 0))));
    table.user(at(1), mv(Square::E2, Square::E4));
    let stale = table.thinks.last().unwrap().id;
    table.user(at(2), Command::Takeback(1));
    assert_eq!(table.stops, 1);
    assert!(table.sans().is_empty());
    assert!(table.referee.engine_moved(at(3), stale, "e7e5").is_empty());
    assert_eq!(table.game().my_color(), Some(Color::White));
    // On the user's turn both the engine's answer and the user's move go.
    table.user(at(4), mv(Square::D2, Square::D4));
    table.engine(at(5), "d7d5");
    table.user(at(6), Command::Takeback(2));
    assert!(table.sans().is_empty());
    assert_eq!(table.stops, 1);
    let nothing = table.referee.command(at(7), &Command::Takeback(2)).unwrap();
    table.take(at(7), nothing);
    assert!(table.texts.last().unwrap().contains("no move of yours"));
}

#[test]
fn resign_abort_and_draw_as_a_server_would_answer() {
    let mut table = Table::new(&terms(Side::White, None));
    table.user(at(1), mv(Square::E2, Square::E4));
    table.engine(at(2), "e7e5");
    // After the user's move an abort is declined, so is a draw the
    // engine does not like.
    table.user(at(3), Command::Abort);
    table.referee.engine_scored(30);
    table.user(at(3), Command::Draw);
    assert!(!table.referee.is_over());
    assert_eq!(
        table.texts.last().unwrap(),
        "Stockfish 15.1 declines the draw request."
    );
    table.referee.engine_scored(-400);
    table.user(at(4), Command::Draw);
    let outcome = table.game().outcome.clone().unwrap();
    assert_eq!(outcome.reason, EndReason::Agreement);

    let mut table = Table::new(&terms(Side::White, None));
    table.user(at(1), Command::Abort);
    assert_eq!(
        table.game().outcome.as_ref().unwrap().reason,
        EndReason::Abort
    );

    let mut table = Table::new(&terms(Side::White, None));
    table.user(at(1), mv(Square::E2, Square::E4));
    table.engine(at(2), "e7e5");
    table.user(at(3), Command::Resign);
    let outcome = table.game().outcome.clone().unwrap();
    assert_eq!(
        (outcome.reason, outcome.result),
        (EndReason::Resign, GameResult::BlackWins)
    );
    assert_eq!(
        table.referee.command(
            at(4),
            &Command::Observe(crate::protocol::command::ObserveTarget::Game(3))
        ),
        None,
        "not a game command: the server's"
    );
}

#[test]
fn an_illegal_move_and_a_move_out_of_turn_are_refused_as_a_server_does() {
    let mut table = Table::new(&terms(Side::White, None));
    let outs = table
        .referee
        .command(at(1), &mv(Square::E2, Square::E5))
        .unwrap();
    assert!(matches!(
        &outs[..],
        [Out::Event(Event::Message(Message::IllegalMove { .. }))]
    ));
    table.user(at(1), mv(Square::E2, Square::E4));
    let outs = table
        .referee
        .command(at(1), &mv(Square::D2, Square::D4))
        .unwrap();
    assert_eq!(outs, [Out::Event(Event::Message(Message::NotYourMove))]);
    // An engine's move it may not play ends the game unfinished.
    table.engine(at(2), "e7e4");
    assert_eq!(
        table.game().outcome.as_ref().unwrap().result,
        GameResult::NoResult
    );
}

#[test]
fn a_human_like_wait_on_slow_games_only_and_short_in_the_opening() {
    let mut slow = terms(Side::White, Some((15 * 60, 10)));
    slow.human_delay = true;
    // Move 20 of a game (a position played from): the whole wait.
    slow.start = Start::Fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 20".to_owned());
    let mut table = Table::new(&slow);
    table.user(at(1), mv(Square::E2, Square::E4));
    table.engine(at(1), "e7e5");
    assert_eq!(table.sans(), ["e4"], "held back");
    let due = table.referee.next_due().unwrap();
    assert!(
        due >= at(1) + Duration::from_secs(5) && due <= at(21),
        "{due:?}"
    );
    assert!(
        table
            .referee
            .tick(due - Duration::from_millis(1))
            .is_empty()
    );
    let outs = table.referee.tick(due);
    table.take(due, outs);
    assert_eq!(table.sans(), ["e4", "e5"]);

    // Move 1: at once.
    slow.start = Start::Usual;
    let mut table = Table::new(&slow);
    table.user(at(1), mv(Square::E2, Square::E4));
    table.engine(at(1), "e7e5");
    assert_eq!(table.sans(), ["e4", "e5"], "the opening's first move");

    let mut blitz = terms(Side::White, Some((180, 0)));
    blitz.human_delay = true;
    blitz.start =
        Start::Fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 20".to_owned());
    let mut table = Table::new(&blitz);
    table.user(at(1), mv(Square::E2, Square::E4));
    table.engine(at(1), "e7e5");
    assert_eq!(table.sans(), ["e4", "e5"], "at once");
}

#[test]
fn crazyhouse_drops_and_holdings_reach_the_store() {
    let mut zh = terms(Side::White, None);
    zh.variant = ComputerVariant::Crazyhouse;
    let mut table = Table::new(&zh);
    for (user, engine) in [
        ((Square::E2, Square::E4), "d7d5"),
        ((Square::E4, Square::D5), "d8d5"),
    ] {
        table.user(at(1), mv(user.0, user.1));
        table.engine(at(1), engine);
    }
    // White took a pawn, Black took one back.
    let drop = Command::Move(MoveText::drop(shakmaty::Role::Pawn, Square::E6));
    table.user(at(2), drop);
    assert_eq!(table.sans().last().unwrap(), "P@e6");
    assert!(
        table.thinks.last().unwrap().position.ends_with("d8d5 P@e6"),
        "{:?}",
        table.thinks.last()
    );
    table.engine(at(3), "P@e4");
    assert_eq!(table.sans().last().unwrap(), "P@e4");
    assert_eq!(
        table
            .game()
            .playable()
            .unwrap()
            .rules
            .engine_variant()
            .unwrap()
            .uci_variant,
        Some("crazyhouse")
    );
}

#[test]
fn fischer_random_castles_by_its_side_and_tells_the_engine_by_fen() {
    let mut fr = terms(Side::White, None);
    fr.variant = ComputerVariant::FischerRandom;
    // RNBKQBRN ... : a start where the king castles long past its rook.
    fr.start = Start::Fen("1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w GBgb - 0 1".to_owned());
    let mut table = Table::new(&fr);
    table.user(at(1), Command::Move(MoveText::castle_long()));
    assert_eq!(table.sans(), ["O-O-O"]);
    let think = table.thinks.last().unwrap();
    assert_eq!(
        think.position,
        "position fen 1r1k2r1/pppppppp/8/8/8/8/PPPPPPPP/1R1K2R1 w KQkq - 0 1 moves d1b1"
    );
    table.engine(at(2), "d8g8");
    assert_eq!(table.sans(), ["O-O-O", "O-O"]);
}

#[test]
fn a_position_that_cannot_be_played_is_refused_in_words() {
    let mut bad = terms(Side::White, None);
    bad.start = Start::Fen("8/8/8/8/8/8/8/8 w - - 0 1".to_owned());
    let refused = Referee::start(GAME, &bad, &players(), at(0), 1)
        .err()
        .unwrap();
    assert!(refused.contains("cannot be played"), "{refused}");
    bad.start = Start::Fen("k7/8/8/8/8/8/8/K6q w - - 0 1".to_owned());
    bad.start = Start::Fen("not a fen".to_owned());
    assert!(Referee::start(GAME, &bad, &players(), at(0), 1).is_err());
    bad.start = Start::Fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".to_owned());
    let over = Referee::start(GAME, &bad, &players(), at(0), 1)
        .err()
        .unwrap();
    assert!(over.contains("over"), "{over}");
}

#[test]
fn threefold_repetition_draws() {
    let mut table = Table::new(&terms(Side::White, None));
    for _ in 0..2 {
        table.user(at(1), mv(Square::G1, Square::F3));
        table.engine(at(1), "g8f6");
        table.user(at(1), mv(Square::F3, Square::G1));
        table.engine(at(1), "f6g8");
    }
    assert_eq!(
        table.game().outcome.as_ref().unwrap().reason,
        EndReason::Repetition
    );
}

#[test]
fn a_takeback_gives_no_time_back() {
    let mut table = Table::new(&terms(Side::White, Some((60, 0))));
    table.user(at(0), mv(Square::E2, Square::E4));
    table.engine(at(1), "e7e5");
    table.user(at(5), mv(Square::G1, Square::F3));
    table.engine(at(6), "b8c6");
    // 4 s, then 10 s of thought before the takeback: 46 s left.
    table.user(at(16), Command::Takeback(2));
    assert_eq!(table.sans(), ["e4", "e5"]);
    assert_eq!(table.referee.next_due(), Some(at(16 + 46)));
}

#[test]
fn a_draw_is_taken_in_a_bare_level_ending_and_a_no_is_shown_on_the_board() {
    let mut rooks = terms(Side::White, None);
    rooks.start = Start::Fen("8/3r4/4k3/8/8/3RK3/8/8 w - - 0 1".to_owned());
    let mut table = Table::new(&rooks);
    table.user(at(1), Command::Draw);
    assert_eq!(
        table.game().outcome.as_ref().unwrap().reason,
        EndReason::Agreement
    );

    let mut table = Table::new(&terms(Side::White, None));
    table.user(at(1), mv(Square::E2, Square::E4));
    table.engine(at(2), "e7e5");
    table.user(at(3), Command::Draw);
    assert!(!table.referee.is_over(), "the start is no dead draw");
    assert_eq!(
        table.game().note.as_deref(),
        Some("Stockfish 15.1 declines the draw request.")
    );
}
