use shakmaty::fen::Fen;
use shakmaty::variant::Variant;
use shakmaty::{CastlingMode, Square};

use super::*;
use crate::game::rules::Rules;

fn position(fen: &str) -> Playable {
    position_of(Variant::Chess, fen)
}

fn position_of(variant: Variant, fen: &str) -> Playable {
    let fen: Fen = fen.parse().expect("fen");
    Playable::new(
        Rules::Known(variant, CastlingMode::Standard),
        fen.into_setup(),
    )
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn san_of(typed: Typed) -> String {
    match typed {
        Typed::Move(c) => c.san,
        other => panic!("not one move: {other:?}"),
    }
}

#[test]
fn san_and_coordinates_name_a_move() {
    let p = position(START);
    assert_eq!(san_of(match_typed(&p, "Nf3")), "Nf3");
    assert_eq!(san_of(match_typed(&p, "nf3")), "Nf3", "any case");
    assert_eq!(san_of(match_typed(&p, "g1f3")), "Nf3", "coordinates");
    assert_eq!(san_of(match_typed(&p, "e4")), "e4");
    assert_eq!(san_of(match_typed(&p, " e2e4 ")), "e4");
    assert_eq!(match_typed(&p, ""), Typed::Empty);
}

#[test]
fn the_start_of_a_move_lists_what_fits() {
    let p = position(START);
    let Typed::Ambiguous(knights) = match_typed(&p, "N") else {
        panic!("several knight moves");
    };
    let mut sans: Vec<&str> = knights.iter().map(|c| c.san.as_str()).collect();
    sans.sort_unstable();
    assert_eq!(sans, ["Na3", "Nc3", "Nf3", "Nh3"]);
    assert_eq!(
        san_of(match_typed(&p, "Nh")),
        "Nh3",
        "one left: Enter plays it"
    );
    assert_eq!(match_typed(&p, "Ne5"), Typed::NoMatch, "illegal");
    assert_eq!(match_typed(&p, "xyz"), Typed::NoMatch);
    assert!(match_typed(&p, "Ne5").on_enter().is_err());
}

#[test]
fn captures_castling_and_check_marks() {
    // 1. e4 d5: exd5 with or without the x.
    let p = position("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    assert_eq!(san_of(match_typed(&p, "exd5")), "exd5");
    assert_eq!(san_of(match_typed(&p, "ed5")), "exd5");
    assert_eq!(san_of(match_typed(&p, "exd5+")), "exd5");
    // White may castle both ways.
    let p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san_of(match_typed(&p, "O-O")), "O-O");
    assert_eq!(san_of(match_typed(&p, "0-0")), "O-O");
    assert_eq!(san_of(match_typed(&p, "o-o-o")), "O-O-O");
    assert_eq!(san_of(match_typed(&p, "e1g1")), "O-O");
}

#[test]
fn promotions_with_or_without_the_equals_sign() {
    let p = position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(san_of(match_typed(&p, "e8=Q")), "e8=Q");
    assert_eq!(san_of(match_typed(&p, "e8q")), "e8=Q");
    assert_eq!(san_of(match_typed(&p, "e8N")), "e8=N");
    assert_eq!(san_of(match_typed(&p, "e7e8r")), "e8=R");
    let Typed::Ambiguous(all) = match_typed(&p, "e8") else {
        panic!("four promotions");
    };
    assert_eq!(all.len(), 4);
    let message = match_typed(&p, "e8").on_enter().expect_err("ambiguous");
    assert!(message.starts_with("ambiguous: "), "{message}");
}

#[test]
fn two_pieces_to_one_square_are_ambiguous() {
    // Rooks on a1 and h1 can both go to d1.
    let p = position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    let Typed::Ambiguous(rooks) = match_typed(&p, "Rd1") else {
        panic!("two rooks");
    };
    assert_eq!(rooks.len(), 2);
    assert_eq!(san_of(match_typed(&p, "Rad1")), "Rad1");
    assert_eq!(san_of(match_typed(&p, "h1d1")), "Rhd1");
}

#[test]
fn the_b_pawn_and_the_bishop_are_told_apart_by_case() {
    // b2 pawn and e5 bishop can both take on c3.
    let p = position("4k3/8/8/4B3/8/2p5/1P6/4K3 w - - 0 1");
    let bishop = match_typed(&p, "Bxc3");
    let pawn = match_typed(&p, "bxc3");
    assert_eq!(san_of(bishop), "Bxc3");
    assert_eq!(san_of(pawn), "bxc3");
}

#[test]
fn drops_in_crazyhouse() {
    let p = position_of(
        Variant::Crazyhouse,
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKB1R[N] w KQkq - 0 3",
    );
    let Typed::Move(drop) = match_typed(&p, "N@f3") else {
        panic!("a drop");
    };
    assert_eq!(drop.san, "N@f3");
    assert_eq!(drop.mv.to(), Square::F3);
    assert_eq!(san_of(match_typed(&p, "n@f3")), "N@f3");
}

/// Typed moves under every board's rules: wild castling from d8 (`O-O`
/// with the nearer rook), a board of unknown rules by its pieces' moves.
#[test]
fn wild_castling_and_unknown_rules_are_typed_too() {
    let fen: Fen = "r2k3r/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        .parse()
        .expect("fen");
    let wild = Playable::new(Rules::WildCastle, fen.into_setup());
    let Typed::Move(short) = match_typed(&wild, "O-O") else {
        panic!("one castling");
    };
    assert_eq!(
        short.mv,
        Move::Castle {
            king: Square::D8,
            rook: Square::A8
        }
    );
    assert_eq!(
        san_of(match_typed(&wild, "d8f8")),
        "O-O-O",
        "the king's landing square"
    );
    let fen: Fen = START.parse().expect("fen");
    let free = Playable::new(Rules::Geometry, fen.into_setup());
    assert_eq!(san_of(match_typed(&free, "e4")), "e4");
    assert_eq!(san_of(match_typed(&free, "g1f3")), "Nf3");
}
