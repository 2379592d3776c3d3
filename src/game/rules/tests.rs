use super::*;
use shakmaty::fen::Fen;

fn setup(fen: &str) -> Setup {
    let fen: Fen = fen.parse().expect("fen");
    fen.into_setup()
}

fn playable(kind: &str, fen: &str) -> Playable {
    Playable::new(Rules::of(Some(&GameType::parse(kind)), false), setup(fen))
}

fn has(moves: &[Move], from: Square, to: Square) -> bool {
    moves.iter().any(|m| m.from() == Some(from) && m.to() == to)
}

#[test]
fn each_fics_type_has_its_rules() {
    let rules = |kind: &str| Rules::of(Some(&GameType::parse(kind)), false);
    assert_eq!(
        rules("blitz"),
        Rules::Known(Variant::Chess, CastlingMode::Standard)
    );
    assert_eq!(
        rules("wild/fr"),
        Rules::Known(Variant::Chess, CastlingMode::Chess960)
    );
    assert_eq!(
        rules("chess960"),
        Rules::Known(Variant::Chess, CastlingMode::Chess960)
    );
    for wild in ["wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild"] {
        assert_eq!(rules(wild), Rules::WildCastle, "{wild}");
    }
    assert_eq!(
        rules("wild/5"),
        Rules::Known(Variant::Chess, CastlingMode::Standard)
    );
    assert_eq!(rules("losers"), Rules::Losers);
    assert_eq!(
        rules("suicide"),
        Rules::Known(Variant::Antichess, CastlingMode::Standard)
    );
    assert_eq!(rules("kriegspiel"), Rules::Geometry);
    assert_eq!(
        Rules::of(Some(&GameType::Blitz), true),
        Rules::Known(Variant::Crazyhouse, CastlingMode::Standard)
    );
}

#[test]
fn wild_0_black_castles_from_d8_and_says_so_in_fics_words() {
    // Wild 0's start, the wings cleared: Black's king on d8.
    let board = playable(
        "wild/0",
        "r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1",
    );
    assert_eq!(board.rules, Rules::WildCastle);
    let moves = board.moves(Color::Black);
    let to_f8 = Move::Castle {
        king: Square::D8,
        rook: Square::H8,
    };
    let to_b8 = Move::Castle {
        king: Square::D8,
        rook: Square::A8,
    };
    assert!(moves.contains(&to_f8) && moves.contains(&to_b8));
    assert_eq!(board.landing(&to_f8), Square::F8);
    assert_eq!(board.landing(&to_b8), Square::B8);
    assert_eq!(board.move_text(&to_b8).to_string(), "o-o");
    assert_eq!(board.move_text(&to_f8).to_string(), "o-o-o");
    let after = board.after(&to_f8).expect("the board after");
    assert_eq!(
        after.board.piece_at(Square::F8),
        Some(Piece {
            color: Color::Black,
            role: Role::King
        })
    );
    assert_eq!(after.board.role_at(Square::E8), Some(Role::Rook));
    // White's premoves on the same board: castling as in chess.
    let white = board.moves(Color::White);
    let short = Move::Castle {
        king: Square::E1,
        rook: Square::H1,
    };
    assert!(white.contains(&short));
    assert_eq!(board.landing(&short), Square::G1);
}

#[test]
fn a_wild_board_not_said_to_be_one_is_still_playable() {
    // A blitz game by its type, with a d-file king and its rights: shakmaty
    // calls the rights invalid; wild castling takes it.
    let board = playable(
        "blitz",
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(board.rules, Rules::WildCastle);
    assert!(has(&board.moves(Color::White), Square::E2, Square::E4));
}

#[test]
fn fischer_random_castles_by_moving_the_king_onto_its_rook() {
    // A Chess960 start with the king on b1 and rooks on a1 and c1... and
    // the wings cleared for both castlings.
    let board = playable("wild/fr", "6k1/8/8/8/8/8/8/RK2R3 w EA - 0 1");
    let moves = board.moves(Color::White);
    let short = Move::Castle {
        king: Square::B1,
        rook: Square::E1,
    };
    assert!(moves.contains(&short), "{moves:?}");
    assert_eq!(board.landing(&short), Square::G1);
    assert_eq!(board.move_text(&short).to_string(), "o-o");
}

#[test]
fn losers_captures_are_compulsory_and_the_refusal_says_so() {
    // White's e4 pawn can take on d5: only captures.
    let board = playable("losers", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let moves = board.moves(Color::White);
    assert!(moves.iter().all(|m| m.is_capture()), "{moves:?}");
    assert!(has(&moves, Square::E4, Square::D5));
    assert_eq!(
        board.why_not(Color::White, Square::E1, Square::F1),
        Some("You must capture")
    );
    // Nothing forbids what no piece could do anyway.
    assert_eq!(board.why_not(Color::White, Square::E1, Square::E3), None);
}

#[test]
fn suicide_captures_are_compulsory_and_a_pawn_may_become_a_king() {
    let board = playable("suicide", "8/4P3/8/8/8/8/8/k7 w - - 0 1");
    let moves = board.moves(Color::White);
    assert!(
        moves.iter().any(|m| m.promotion() == Some(Role::King)),
        "{moves:?}"
    );
    let capture = playable("suicide", "8/8/8/3p4/4P3/8/8/7K w - - 0 1");
    assert_eq!(
        capture.why_not(Color::White, Square::H1, Square::G1),
        Some("You must capture")
    );
}

#[test]
fn unknown_rules_move_by_the_pieces_geometry() {
    let board = playable("kriegspiel", "4k3/8/8/8/8/8/4P3/4K2N w - - 0 1");
    assert_eq!(board.rules, Rules::Geometry);
    let moves = board.moves(Color::White);
    assert!(has(&moves, Square::E2, Square::E4));
    assert!(has(&moves, Square::H1, Square::G3));
    assert!(!has(&moves, Square::E2, Square::E5));
    assert_eq!(board.move_text(&moves[0]).to_string().len(), 5);
}

#[test]
fn moves_go_in_the_form_every_server_takes() {
    let board = playable("blitz", "4k3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let promote = Move::Normal {
        role: Role::Pawn,
        from: Square::E7,
        capture: None,
        to: Square::E8,
        promotion: Some(Role::Queen),
    };
    assert_eq!(board.move_text(&promote).to_string(), "e7-e8=q");
}

#[test]
fn a_check_the_rules_forbid_is_said() {
    // The white king in check from a rook: moving the knight is no answer.
    let board = playable("blitz", "4k3/8/8/8/8/8/4r3/N3K3 w - - 0 1");
    assert_eq!(
        board.why_not(Color::White, Square::A1, Square::B3),
        Some("Your king is in check")
    );
}
