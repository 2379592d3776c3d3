use super::*;
use proptest::prelude::*;

/// The example of the FICS help file, as the seeds print it: no space after the tag.
const SEED_NO_SPACE: &str = "<12>rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Newton Einstein 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0";
/// The ICC help file's version: a space after the tag.
const SEED_SPACE: &str = "<12> rnbqkb-r pppppppp -----n-- -------- ----P--- -------- PPPPKPPP RNBQ-BNR B -1 0 0 1 1 0 7 Quimbee Darooha 1 2 12 39 39 119 122 2 K/e1-e2 (0:06) Ke2 0";
/// Raptor's copy: 33 tokens, no space.
const SEED_33: &str = "<12>rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 100 guestBLARG guestcday 1 10 0 39 39 600 600 1 P/e2-e4 (0:00) e4 1 0 0";
/// FatICS with `iset ms 1`.
const MODERN: &str = "<12> r-bqkbnr pppp-ppp --n----- ----p--Q --B-P--- -------- PPPP-PPP RNB-K-NR B -1 1 1 1 1 3 1 BotA BotB -1 3 2 39 39 181291 179452 3 B/f1-c4 (0:00.709) Bc4 0 1 7";

#[test]
fn seed_example_without_space() {
    let s = Style12::parse(SEED_NO_SPACE, false).unwrap();
    assert_eq!(s.turn, Color::Black);
    assert_eq!(s.double_push_file, None);
    assert_eq!(
        s.castling.white,
        CastleRights {
            short: false,
            long: false
        }
    );
    assert!(s.castling.black.short && s.castling.black.long);
    assert_eq!(s.game, 7);
    assert_eq!((s.white.as_str(), s.black.as_str()), ("Newton", "Einstein"));
    assert_eq!(s.relation, Relation::PlayingMyMove);
    assert_eq!((s.initial_time_min, s.increment_s), (2, 12));
    assert_eq!(s.remaining_ms.white, 119_000);
    assert_eq!(s.remaining_ms.black, 122_000);
    assert_eq!(s.clock_unit, ClockUnit::Seconds);
    assert_eq!(s.move_number, 2);
    assert_eq!(
        s.last_move,
        VerboseMove::Normal {
            role: Role::King,
            from: Square::E1,
            to: Square::E2,
            promotion: None
        }
    );
    assert_eq!(s.time_taken, TimeTaken::Seconds { ms: 6_000 });
    assert_eq!(s.last_san.as_deref(), Some("Ke2"));
    assert!(!s.flip);
    assert_eq!(s.ticking, None);
    assert_eq!(s.lag_ms, None);
    assert_eq!(
        s.fen(),
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 0 2"
    );
}

#[test]
fn seed_example_with_space_is_the_same_position() {
    let a = Style12::parse(SEED_NO_SPACE, false).unwrap();
    let b = Style12::parse(SEED_SPACE, false).unwrap();
    assert_eq!(a.board, b.board);
    assert_eq!(b.white, "Quimbee");
}

#[test]
fn thirty_three_tokens() {
    let s = Style12::parse(SEED_33, false).unwrap();
    assert_eq!(s.double_push_file, Some(File::E));
    assert_eq!(s.game, 100);
    assert_eq!(s.initial_time_min, 10);
    assert_eq!(s.remaining_ms.white, 600_000);
    assert!(s.flip);
    assert_eq!(s.ticking, Some(false));
    assert_eq!(s.lag_ms, Some(0));
    assert_eq!(
        s.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // The en-passant square is in the setup (a pawn did double-step) even
    // though no capture is possible, so the legal FEN leaves it out.
    assert_eq!(s.setup().ep_square, Some(Square::E3));
}

#[test]
fn milliseconds_ticking_and_lag() {
    let s = Style12::parse(MODERN, true).unwrap();
    assert_eq!(s.clock_unit, ClockUnit::Millis);
    assert_eq!(s.remaining_ms.white, 181_291);
    assert_eq!(s.time_taken, TimeTaken::Millis { ms: 709 });
    assert_eq!(s.relation, Relation::PlayingOpponentToMove);
    assert_eq!(s.ticking, Some(true));
    assert_eq!(s.lag_ms, Some(7));
    assert_eq!(s.ply(), 5);
}

#[test]
fn the_line_decides_the_unit_over_the_hint() {
    // `(0:06)` has no fraction: seconds, whatever the session believes.
    let s = Style12::parse(SEED_SPACE, true).unwrap();
    assert_eq!(s.remaining_ms.white, 119_000);
    // An unreadable time-taken field falls back to the hint.
    let odd = SEED_SPACE.replace("(0:06)", "(?)");
    assert_eq!(Style12::parse(&odd, true).unwrap().remaining_ms.white, 119);
    assert_eq!(
        Style12::parse(&odd, false).unwrap().remaining_ms.white,
        119_000
    );
}

#[test]
fn negative_times_hours_and_extra_fields() {
    let line = SEED_SPACE
        .replace("119 122", "-3 -1250")
        .replace("(0:06)", "(1:02:03)")
        + " 1 250 extra fields 42";
    let s = Style12::parse(&line, false).unwrap();
    assert_eq!(s.remaining_ms.white, -3_000);
    assert_eq!(s.remaining_ms.black, -1_250_000);
    assert_eq!(s.time_taken.ms(), Some(3_723_000));
    assert_eq!(s.ticking, Some(true));
    assert_eq!(s.lag_ms, Some(250));
    let ms = MODERN.replace("181291 179452", "-1520 179452");
    assert_eq!(
        Style12::parse(&ms, true).unwrap().remaining_ms.white,
        -1_520
    );
}

#[test]
fn verbose_moves() {
    let cases = [
        ("o-o", VerboseMove::CastleShort),
        ("o-o-o", VerboseMove::CastleLong),
        ("none", VerboseMove::None),
        (
            "P/e7-e8=Q",
            VerboseMove::Normal {
                role: Role::Pawn,
                from: Square::E7,
                to: Square::E8,
                promotion: Some(Role::Queen),
            },
        ),
        (
            "P/d2-d1",
            VerboseMove::Normal {
                role: Role::Pawn,
                from: Square::D2,
                to: Square::D1,
                promotion: None,
            },
        ),
        (
            "P/@@-e4",
            VerboseMove::Drop {
                role: Role::Pawn,
                to: Square::E4,
            },
        ),
        ("K/e1-z9", VerboseMove::Other("K/e1-z9".into())),
    ];
    for (text, expected) in cases {
        assert_eq!(VerboseMove::parse(text), expected, "{text}");
        assert_eq!(VerboseMove::parse(text).to_string(), text);
    }
}

#[test]
fn errors_name_the_field() {
    let short = "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 7 A B";
    let err = Style12::parse(short, false).unwrap_err();
    assert_eq!(err.field, "relation");
    let bad_piece = SEED_SPACE.replace("RNBQ-BNR", "RNBX-BNR");
    assert_eq!(
        Style12::parse(&bad_piece, false).unwrap_err().field,
        "board"
    );
    let narrow = SEED_SPACE.replace("RNBQ-BNR", "RNBQBNR");
    assert_eq!(Style12::parse(&narrow, false).unwrap_err().field, "board");
    let bad_turn = SEED_SPACE.replace(" B -1 ", " X -1 ");
    assert_eq!(
        Style12::parse(&bad_turn, false).unwrap_err().field,
        "side to move"
    );
    let bad_relation = SEED_SPACE.replace("Darooha 1 2", "Darooha 7 2");
    assert_eq!(
        Style12::parse(&bad_relation, false).unwrap_err().field,
        "relation"
    );
    let bad_time = SEED_SPACE.replace("119 122", "11x9 122");
    let err = Style12::parse(&bad_time, false).unwrap_err();
    assert_eq!(err.field, "white time");
    assert!(err.to_string().contains("11x9"));
    assert_eq!(Style12::parse("hello", false).unwrap_err().field, "tag");
}

#[test]
fn display_round_trips_the_examples() {
    for (line, hint) in [
        (SEED_NO_SPACE, false),
        (SEED_SPACE, false),
        (SEED_33, false),
        (MODERN, true),
    ] {
        let parsed = Style12::parse(line, hint).unwrap();
        let written = parsed.to_string();
        assert_eq!(Style12::parse(&written, hint).unwrap(), parsed, "{written}");
    }
    assert_eq!(Style12::parse(MODERN, true).unwrap().to_string(), MODERN);
}

fn arb_style12() -> impl Strategy<Value = Style12> {
    let piece = prop::option::weighted(
        0.4,
        prop::sample::select(vec![
            'P', 'N', 'B', 'R', 'Q', 'K', 'p', 'n', 'b', 'r', 'q', 'k',
        ]),
    );
    let board = prop::collection::vec(piece, 64);
    let name = "[A-Za-z]{1,17}";
    (
        (
            board,
            any::<bool>(),
            prop::option::of(0u32..8),
            any::<[bool; 4]>(),
        ),
        (0u32..200, 1u32..1000, name, name, -4i32..=2),
        (0u32..120, 0u32..60, -50i32..60, -50i32..60),
        (
            any::<bool>(),
            -10_000_000i64..10_000_000,
            -10_000_000i64..10_000_000,
        ),
        (
            1u32..300,
            0u64..20_000_000,
            any::<bool>(),
            prop::option::of(any::<bool>()),
            prop::option::of(-5000i64..5000),
        ),
    )
        .prop_map(
            |(
                (squares, white_to_move, dpf, castle),
                (halfmoves, game, white, black, relation),
                (initial, increment, wm, bm),
                (millis, wt, bt),
                (move_number, taken, flip, ticking, lag),
            )| {
                let mut board = Board::empty();
                for (i, piece) in squares.into_iter().enumerate() {
                    if let Some(c) = piece {
                        board.set_piece_at(Square::new(i as u32), Piece::from_char(c).unwrap());
                    }
                }
                let unit = if millis {
                    ClockUnit::Millis
                } else {
                    ClockUnit::Seconds
                };
                let scale = |v: i64| if millis { v } else { v / 1000 * 1000 };
                Style12 {
                    board,
                    turn: if white_to_move {
                        Color::White
                    } else {
                        Color::Black
                    },
                    double_push_file: dpf.map(File::new),
                    castling: ByColor {
                        white: CastleRights {
                            short: castle[0],
                            long: castle[1],
                        },
                        black: CastleRights {
                            short: castle[2],
                            long: castle[3],
                        },
                    },
                    halfmove_clock: halfmoves,
                    game,
                    white,
                    black,
                    relation: Relation::from_code(relation).unwrap(),
                    initial_time_min: initial,
                    increment_s: increment,
                    material: ByColor {
                        white: wm,
                        black: bm,
                    },
                    remaining_ms: ByColor {
                        white: scale(wt),
                        black: scale(bt),
                    },
                    clock_unit: unit,
                    move_number,
                    last_move: VerboseMove::CastleLong,
                    time_taken: if millis {
                        TimeTaken::Millis { ms: taken }
                    } else {
                        TimeTaken::Seconds {
                            ms: taken / 1000 * 1000,
                        }
                    },
                    last_san: Some("O-O-O".into()),
                    flip,
                    lag_ms: ticking.and(lag),
                    ticking,
                }
            },
        )
}

proptest! {
    #[test]
    fn parse_display_round_trip(s in arb_style12()) {
        let line = s.to_string();
        prop_assert_eq!(Style12::parse(&line, false).unwrap(), s);
    }

    #[test]
    fn never_panics_on_mangled_lines(cut in 0usize..200, junk in "\\PC{0,40}") {
        let mut line = MODERN.chars().take(cut).collect::<String>();
        line.push_str(&junk);
        let _ = Style12::parse(&line, true);
    }
}

#[test]
fn seconds_that_overflow_milliseconds_are_an_error() {
    // Found by the style12 fuzz target: it used to saturate and then fail to
    // round-trip.
    let line = SEED_SPACE.replace("119 122", "9223372036854775807 122");
    assert_eq!(
        Style12::parse(&line, false).unwrap_err().field,
        "white time"
    );
    let ms = MODERN.replace("181291 179452", "9223372036854775807 179452");
    assert!(Style12::parse(&ms, true).is_ok());
}

/// The old FICS after an accepted takeback past the last capture or pawn
/// move: its half-move count is -1. The board is good (refused, the game
/// stayed on the move taken back, the user's clock running).
#[test]
fn a_negative_halfmove_clock_after_a_takeback_reads_as_zero() {
    let line = SEED_SPACE.replace(" 0 0 1 1 0 7 ", " 0 0 1 1 -1 7 ");
    let s = Style12::parse(&line, false).unwrap();
    assert_eq!(s.halfmove_clock, 0);
    assert_eq!(s.game, 7);
}
