use shakmaty::variant::VariantPosition;
use shakmaty::{CastlingMode, Chess};

use super::*;
use crate::engine::analysis::Eval;

fn start() -> VariantPosition {
    VariantPosition::Chess(Chess::default())
}

fn sent(session: &mut EngineSession) -> Vec<String> {
    std::iter::from_fn(|| session.poll_transmit()).collect()
}

fn events(session: &mut EngineSession) -> Vec<EngineEvent> {
    std::iter::from_fn(|| session.poll_event()).collect()
}

/// A session past `uci`/`isready`.
fn ready() -> EngineSession {
    let mut s = EngineSession::new(EngineOptions::default());
    assert_eq!(sent(&mut s), ["uci"]);
    s.handle_line("id name FakeFish 1");
    s.handle_line("option name Hash type spin default 16 min 1 max 33554432");
    s.handle_line("uciok");
    assert_eq!(
        sent(&mut s),
        [
            "setoption name Threads value 1",
            "setoption name Hash value 16",
            "isready"
        ]
    );
    s.handle_line("readyok");
    assert_eq!(
        events(&mut s),
        [EngineEvent::Ready {
            name: Some("FakeFish 1".into())
        }]
    );
    s
}

#[test]
fn a_search_reports_analysis_then_its_best_move() {
    let mut s = ready();
    s.analyse(Search {
        id: 7,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: start(),
        limit: Limit::MoveTime(Duration::from_millis(300)),
        lines: 1,
    });
    assert_eq!(
        sent(&mut s),
        [
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "go movetime 300"
        ]
    );
    assert_eq!(s.searching(), Some(7));
    s.handle_line("info depth 10 seldepth 12 score cp 25 nodes 1000 pv e2e4 e7e5");
    s.handle_line("info string NNUE evaluation using nn-x.nnue");
    s.handle_line("bestmove e2e4 ponder e7e5");
    let evs = events(&mut s);
    assert_eq!(evs.len(), 2, "{evs:?}");
    let EngineEvent::Analysis { id: 7, analysis } = &evs[0] else {
        panic!("{evs:?}");
    };
    assert_eq!(analysis.eval, Eval::Centipawns(25));
    assert_eq!(analysis.line_san, ["e4", "e5"]);
    let EngineEvent::Finished {
        id: 7,
        best: Some(best),
    } = &evs[1]
    else {
        panic!("{evs:?}");
    };
    assert_eq!(best.to_uci(CastlingMode::Standard).to_string(), "e2e4");
    assert_eq!(s.searching(), None);
}

#[test]
fn a_new_position_stops_the_old_search_first() {
    let mut s = ready();
    s.analyse(Search {
        id: 1,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: start(),
        limit: Limit::Infinite,
        lines: 1,
    });
    assert_eq!(sent(&mut s).last().map(String::as_str), Some("go infinite"));
    let after_e4: VariantPosition = {
        use shakmaty::Position;
        let mut p = start();
        let m = shakmaty::uci::UciMove::from_ascii(b"e2e4")
            .expect("uci")
            .to_move(&p)
            .expect("legal");
        p.play_unchecked(m);
        p
    };
    s.analyse(Search {
        id: 2,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: after_e4,
        limit: Limit::Depth(14),
        lines: 1,
    });
    assert_eq!(sent(&mut s), ["stop"], "nothing new before bestmove");
    // Late analysis of the old position is not taken for the new one.
    s.handle_line("info depth 20 score cp 30 pv e2e4");
    s.handle_line("bestmove e2e4");
    assert_eq!(
        sent(&mut s),
        [
            "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "go depth 14"
        ]
    );
    let evs = events(&mut s);
    assert!(
        evs.iter()
            .all(|e| !matches!(e, EngineEvent::Analysis { id: 2, .. })),
        "{evs:?}"
    );
    assert!(
        evs.iter()
            .any(|e| matches!(e, EngineEvent::Finished { id: 1, .. })),
        "{evs:?}"
    );
    assert_eq!(s.searching(), Some(2));
}

#[test]
fn a_search_asked_for_before_readyok_starts_when_ready() {
    let mut s = EngineSession::new(EngineOptions {
        threads: 1,
        hash_mb: 64,
    });
    s.analyse(Search {
        id: 3,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: start(),
        limit: Limit::Infinite,
        lines: 1,
    });
    assert_eq!(sent(&mut s), ["uci"]);
    s.handle_line("uciok");
    s.handle_line("readyok");
    let out = sent(&mut s);
    assert_eq!(out[1], "setoption name Hash value 64");
    assert_eq!(out.last().map(String::as_str), Some("go infinite"));
    s.stop();
    assert_eq!(sent(&mut s), ["stop"]);
    s.handle_line("bestmove (none)");
    s.handle_line("garbage from a broken engine");
    let evs = events(&mut s);
    assert!(
        evs.contains(&EngineEvent::Finished { id: 3, best: None }),
        "{evs:?}"
    );
    assert!(evs.contains(&EngineEvent::Unreadable(
        "garbage from a broken engine".into()
    )));
    assert_eq!(s.searching(), None);
    // Idle again: the next search starts at once.
    s.analyse(Search {
        id: 4,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: start(),
        limit: Limit::Depth(8),
        lines: 1,
    });
    assert_eq!(sent(&mut s).last().map(String::as_str), Some("go depth 8"));
}

/// A variant search: its options go before the position, and a drop in
/// the engine's line is read back (Fairy-Stockfish's words).
#[test]
fn a_crazyhouse_search_sets_the_variant_and_reads_drops() {
    use shakmaty::fen::Fen;
    use shakmaty::variant::{Variant, VariantPosition};
    let mut s = ready();
    let fen: Fen = "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1".parse().expect("fen");
    let position = VariantPosition::from_setup(
        Variant::Crazyhouse,
        fen.into_setup(),
        shakmaty::CastlingMode::Standard,
    )
    .expect("position");
    s.analyse(Search {
        id: 9,
        variant: crate::engine::variant::EngineVariant::named("crazyhouse"),
        position,
        limit: Limit::Infinite,
        lines: 1,
    });
    let out: Vec<String> = std::iter::from_fn(|| s.poll_transmit()).collect();
    assert_eq!(
        out,
        [
            "setoption name UCI_Variant value crazyhouse",
            "position fen 6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1",
            "go infinite"
        ]
    );
    s.handle_line("info depth 5 seldepth 2 multipv 1 score mate 1 nodes 379 nps 189500 tbhits 0 time 2 pv N@f7");
    let events: Vec<EngineEvent> = std::iter::from_fn(|| s.poll_event()).collect();
    assert!(
        events.iter().any(|e| matches!(e, EngineEvent::Analysis { id: 9, analysis } if analysis.line_san == ["N@f7#"])),
        "{events:?}"
    );
}

#[test]
fn a_multi_pv_search_reports_its_lines_together() {
    let mut s = ready();
    s.analyse(Search {
        id: 3,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: start(),
        limit: Limit::Infinite,
        lines: 3,
    });
    assert_eq!(
        sent(&mut s),
        [
            "setoption name MultiPV value 3",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "go infinite"
        ]
    );
    s.handle_line("info depth 9 multipv 1 score cp 30 pv e2e4 e7e5");
    s.handle_line("info depth 9 multipv 2 score cp 22 pv d2d4 d7d5");
    s.handle_line("info depth 9 multipv 3 score cp -5 pv g2g4");
    // A line beyond those asked for (an engine that ignored the option).
    s.handle_line("info depth 9 multipv 4 score cp -50 pv f2f3");
    let evs = events(&mut s);
    let Some(EngineEvent::Analysis { id: 3, analysis }) = evs.last() else {
        panic!("{evs:?}");
    };
    assert_eq!((analysis.depth, analysis.eval), (9, Eval::Centipawns(30)));
    let others: Vec<(Eval, Vec<String>)> = analysis
        .others
        .iter()
        .map(|l| (l.eval, l.line_san.clone()))
        .collect();
    assert_eq!(
        others,
        [
            (Eval::Centipawns(22), vec!["d4".to_owned(), "d5".to_owned()]),
            (Eval::Centipawns(-5), vec!["g4".to_owned()])
        ]
    );
    // The next search with one line sets it back.
    s.stop();
    s.handle_line("bestmove e2e4");
    s.analyse(Search {
        id: 4,
        variant: crate::engine::variant::EngineVariant::CHESS,
        position: start(),
        limit: Limit::Depth(5),
        lines: 1,
    });
    assert!(sent(&mut s).contains(&"setoption name MultiPV value 1".to_owned()));
}
