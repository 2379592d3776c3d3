//! Pixel tests: the window painted to a picture (`common::raster`, on the
//! CPU) and looked at, as a player sees it, not as the widget tree says.
//! Each also compares the whole window with a checked-in picture under
//! `tests/snapshots/`; a failure leaves `NAME.new.png` and `NAME.diff.png`
//! there for a person to look at (`UPDATE_SNAPSHOTS=1 cargo test` takes
//! the new pictures after a change meant to alter them).

use crate::common;
use crate::common::raster::changed_share;

use egui_kittest::kittest::Queryable;
use kibitz::ui::board::square_rect;
use shakmaty::{Color, Square};

/// White's pawn on e7, a move from promoting (the user plays White).
const PROMOTION: &str = "<12> k------- ----P--- -------- -------- -------- -------- -------- ----K--- W -1 0 0 0 0 0 7 Me Opp 1 5 0 9 0 300 300 40 K/e2-e1 (0:01) Ke1 0 1 0";

fn board_square(
    h: &egui_kittest::Harness<'_, kibitz::app::KibitzApp>,
    square: Square,
) -> egui::Rect {
    let board = h.get_by_label("Board, game 7").rect();
    square_rect(board, Color::White, square)
}

/// The promotion chooser is painted over the board where the pawn
/// promotes: its four pieces on e8, e7, e6 and e5 are there to see (it was
/// drawn under the board, so a player saw nothing and clicked blind).
#[test]
fn the_promotion_chooser_is_painted_over_the_board() {
    let mut h = common::raster::window(common::app_with(&[PROMOTION]), common::SIZE);
    let before = h.render().expect("painted");
    let (e7, e8) = (
        board_square(&h, Square::E7).center(),
        board_square(&h, Square::E8).center(),
    );
    common::drag(&mut h, e7, e8);
    assert!(
        common::moves_sent(h.state()).is_empty(),
        "waits for the choice"
    );
    let after = h.render().expect("painted");
    let ppp = h.ctx.pixels_per_point();
    for square in [Square::E8, Square::E7, Square::E6, Square::E5] {
        let share = changed_share(&before, &after, board_square(&h, square), ppp);
        assert!(
            share > 0.4,
            "the chooser on {square} changed only {:.0} % of its pixels",
            share * 100.0
        );
    }
    // The rest of the board is shaded, so the choice stands out.
    let a1 = changed_share(&before, &after, board_square(&h, Square::A1), ppp);
    assert!(a1 > 0.9, "the board around is shaded ({a1})");
    h.snapshot("promotion-chooser");
}
