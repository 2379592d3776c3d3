//! Where things go in one game's tile, and how tiles share an area: the
//! board first. A tile is a one-line strip above the board (the player at
//! the top), the largest square board that fits, a strip below; the own
//! live game also gets a row of its game buttons; a board with analysis
//! gets an evaluation bar on its left and a row for the engine's line
//! under the bottom strip. The move list goes beside
//! or under the board only where that leaves the board as large as it is
//! without it.

use egui::{Rect, Vec2, pos2, vec2};

/// A player strip: name, rating, the side to move marked, the clock.
pub const STRIP: f32 = 22.0;
/// The own game's buttons (Draw, Resign ...).
pub const BUTTON_ROW: f32 = 26.0;
/// The engine's evaluation and line, under the bottom strip: this share
/// of the board's side, within these heights (its text grows with it).
const ANALYSIS_ROW_SHARE: f32 = 0.028;
pub const ANALYSIS_ROW: std::ops::RangeInclusive<f32> = 18.0..=26.0;
/// The evaluation bar beside the board, as a share of the board's side ...
const EVAL_BAR_SHARE: f32 = 0.035;
/// ... within these widths, and this far from the board.
const EVAL_BAR_WIDTH: std::ops::RangeInclusive<f32> = 6.0..=16.0;
const EVAL_BAR_GAP: f32 = 2.0;
/// The move list needs at least this much width beside the board ...
pub const MOVES_BESIDE_MIN: f32 = 150.0;
/// A list kept beside the board (the own game's, a review's) gets this
/// much: both columns with their times (at 150 Black's column was cut).
pub const MOVES_KEPT_MIN: f32 = 240.0;
/// ... or this much height under it.
pub const MOVES_UNDER_MIN: f32 = 90.0;
/// Below this a board is not worth showing: the grid scrolls instead.
pub const MIN_TILE_BOARD: f32 = 64.0;
/// Space around each tile in a grid.
pub const TILE_MARGIN: f32 = 4.0;

/// The parts of one tile, in screen coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileLayout {
    pub top_strip: Rect,
    pub board: Rect,
    pub bottom_strip: Rect,
    /// The own game's buttons, under the bottom strip.
    pub buttons: Option<Rect>,
    /// In a bughouse game of ours, the partner tells' row under them.
    pub partner_row: Option<Rect>,
    /// The move list, beside or under the board.
    pub moves: Option<Rect>,
    /// The evaluation bar, left of the board (with analysis).
    pub eval_bar: Option<Rect>,
    /// The engine's evaluation and line, under the bottom strip (with analysis).
    pub analysis_row: Option<Rect>,
}

impl TileLayout {
    /// Lays out a tile in `rect`; `buttons`: reserve the own game's row;
    /// `analysis`: the evaluation bar and the engine's row.
    pub fn new(rect: Rect, buttons: bool, analysis: bool) -> TileLayout {
        Self::with_rows(rect, u8::from(buttons), analysis)
    }

    /// As [`Self::new`] with `button_rows` rows under the board: 1 for the
    /// own game's buttons, 2 with the bughouse partner tells too.
    pub fn with_rows(rect: Rect, button_rows: u8, analysis: bool) -> TileLayout {
        Self::laid_out(rect, button_rows, analysis, false)
    }

    /// As [`Self::with_rows`], but a board being studied (a review) keeps
    /// its move list: where the tile has no room for it beside a board of
    /// the largest size, the board gives up to 40 % of its side for it.
    pub fn keeping_moves(rect: Rect, button_rows: u8, analysis: bool) -> TileLayout {
        Self::laid_out(rect, button_rows, analysis, true)
    }

    fn laid_out(rect: Rect, button_rows: u8, analysis: bool, keep_moves: bool) -> TileLayout {
        let buttons = button_rows > 0;
        let fixed_rows = 2.0 * STRIP + BUTTON_ROW * f32::from(button_rows);
        // The bar's width and the row's height follow the board's side; the
        // side hardly depends on them: they are sized from a rough side.
        let rough = rect.width().min(rect.height() - fixed_rows);
        let (bar, row) = if analysis {
            (
                (rough * EVAL_BAR_SHARE).clamp(*EVAL_BAR_WIDTH.start(), *EVAL_BAR_WIDTH.end()),
                (rough * ANALYSIS_ROW_SHARE)
                    .clamp(*ANALYSIS_ROW.start(), *ANALYSIS_ROW.end())
                    .round(),
            )
        } else {
            (0.0, 0.0)
        };
        let rows = fixed_rows + row;
        let gutter = if analysis { bar + EVAL_BAR_GAP } else { 0.0 };
        let mut side = ((rect.width() - gutter).min(rect.height() - rows))
            .max(0.0)
            .floor();
        let kept_width = if keep_moves {
            MOVES_KEPT_MIN
        } else {
            MOVES_BESIDE_MIN
        };
        let no_room = rect.width() - gutter - side < kept_width
            && rect.height() - rows - side < MOVES_UNDER_MIN;
        if keep_moves && no_room {
            let narrower = (rect.width() - gutter - kept_width).floor();
            if narrower >= (side * 0.55).max(MIN_TILE_BOARD) {
                side = narrower;
            }
        }
        let column = vec2(side + gutter, side + rows);
        let spare_width = rect.width() - column.x;
        let spare_height = rect.height() - column.y;
        let beside = spare_width >= MOVES_BESIDE_MIN;
        let under = !beside && spare_height >= MOVES_UNDER_MIN;
        // Without a move list the board column sits in the middle of the
        // tile, so a grid of tiles has even gaps.
        let min = rect.min
            + vec2(
                if beside {
                    0.0
                } else {
                    (spare_width / 2.0).floor()
                },
                if beside || under {
                    0.0
                } else {
                    (spare_height / 2.0).floor()
                },
            );
        let eval_bar =
            analysis.then(|| Rect::from_min_size(pos2(min.x, min.y + STRIP), vec2(bar, side)));
        let min = min + vec2(gutter, 0.0);
        let top_strip = Rect::from_min_size(min, vec2(side, STRIP));
        let board = Rect::from_min_size(pos2(min.x, min.y + STRIP), Vec2::splat(side));
        let bottom_strip = Rect::from_min_size(pos2(min.x, board.max.y), vec2(side, STRIP));
        let analysis_row = analysis.then(|| {
            Rect::from_min_size(
                pos2(min.x - gutter, bottom_strip.max.y),
                vec2(side + gutter, row),
            )
        });
        let below = analysis_row.map_or(bottom_strip.max.y, |r| r.max.y);
        let buttons =
            buttons.then(|| Rect::from_min_size(pos2(min.x, below), vec2(side, BUTTON_ROW)));
        let partner_row = (button_rows > 1).then(|| {
            Rect::from_min_size(
                pos2(min.x, below + BUTTON_ROW),
                vec2(side, BUTTON_ROW * f32::from(button_rows - 1)),
            )
        });
        let moves = if beside {
            Some(Rect::from_min_max(
                pos2(min.x + side + 8.0, min.y),
                pos2(rect.max.x, min.y + column.y),
            ))
        } else if under {
            Some(Rect::from_min_max(
                pos2(min.x - gutter, min.y + column.y + 4.0),
                pos2(min.x + side, rect.max.y),
            ))
        } else {
            None
        };
        TileLayout {
            top_strip,
            board,
            bottom_strip,
            buttons,
            partner_row,
            moves,
            eval_bar,
            analysis_row,
        }
    }
}

/// How `count` tiles share an area: the column count that gives the
/// largest boards, each cell's size, and the board side that cell gets.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    pub columns: usize,
    pub rows: usize,
    pub cell: Vec2,
    pub board_side: f32,
}

impl Grid {
    /// The best grid for `count` tiles in `area`. When even the best one
    /// gives boards under [`MIN_TILE_BOARD`], cells keep the size of a
    /// 64-px board and the grid is taller than the area (it scrolls).
    pub fn best(area: Vec2, count: usize) -> Grid {
        let count = count.max(1);
        let side_of = |cell: Vec2| {
            (cell.x - 2.0 * TILE_MARGIN)
                .min(cell.y - 2.0 * TILE_MARGIN - 2.0 * STRIP)
                .floor()
        };
        let best = (1..=count)
            .map(|columns| {
                let rows = count.div_ceil(columns);
                let cell = vec2(area.x / columns as f32, area.y / rows as f32);
                Grid {
                    columns,
                    rows,
                    cell,
                    board_side: side_of(cell),
                }
            })
            .max_by(|a, b| {
                a.board_side
                    .total_cmp(&b.board_side)
                    // Equal boards: fewer empty cells (9 games: 3 x 3, not
                    // 4 x 3), then fewer rows.
                    .then((b.columns * b.rows).cmp(&(a.columns * a.rows)))
                    .then(b.rows.cmp(&a.rows))
            })
            .unwrap_or(Grid {
                columns: 1,
                rows: 1,
                cell: area,
                board_side: side_of(area),
            });
        if best.board_side >= MIN_TILE_BOARD {
            return best;
        }
        // Too many for the area: as many columns of minimum tiles as fit.
        let cell_width = MIN_TILE_BOARD + 2.0 * TILE_MARGIN;
        let columns = ((area.x / cell_width).floor() as usize).clamp(1, count);
        let rows = count.div_ceil(columns);
        let cell = vec2(
            area.x / columns as f32,
            MIN_TILE_BOARD + 2.0 * TILE_MARGIN + 2.0 * STRIP,
        );
        Grid {
            columns,
            rows,
            cell,
            board_side: side_of(cell),
        }
    }

    /// The whole grid's size (taller than the area when it scrolls).
    pub fn size(&self) -> Vec2 {
        vec2(
            self.cell.x * self.columns as f32,
            self.cell.y * self.rows as f32,
        )
    }

    /// Cell `index`, row by row, from `origin`.
    pub fn cell_rect(&self, origin: egui::Pos2, index: usize) -> Rect {
        let (row, column) = (index / self.columns, index % self.columns);
        Rect::from_min_size(
            origin + vec2(column as f32 * self.cell.x, row as f32 * self.cell.y),
            self.cell,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_is_the_largest_square_after_two_strips() {
        let tile = TileLayout::new(
            Rect::from_min_size(pos2(10.0, 20.0), vec2(200.0, 300.0)),
            false,
            false,
        );
        assert_eq!(tile.board.width(), 200.0);
        assert_eq!(tile.board.height(), 200.0);
        assert_eq!(tile.top_strip.max.y, tile.board.min.y);
        assert_eq!(tile.bottom_strip.min.y, tile.board.max.y);
        // 300 - 200 - 2 x 22 = 56 px under: too little for moves.
        assert_eq!(tile.moves, None);
    }

    #[test]
    fn a_studied_board_makes_room_for_its_moves() {
        // A square tile (a maximized review beside a player's card).
        let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(600.0, 644.0));
        assert_eq!(TileLayout::new(rect, false, false).moves, None);
        let studied = TileLayout::keeping_moves(rect, 0, false);
        assert_eq!(studied.board.width(), 600.0 - MOVES_KEPT_MIN);
        assert!(studied.moves.expect("beside").min.x > studied.board.max.x);
        // Too small to give up that much: the board as it was.
        let small = Rect::from_min_size(pos2(0.0, 0.0), vec2(200.0, 244.0));
        assert_eq!(TileLayout::keeping_moves(small, 0, false).moves, None);
    }

    #[test]
    fn moves_only_where_the_board_keeps_its_size() {
        let wide = TileLayout::new(
            Rect::from_min_size(pos2(0.0, 0.0), vec2(700.0, 500.0)),
            false,
            false,
        );
        assert_eq!(wide.board.width(), 500.0 - 2.0 * STRIP);
        let moves = wide.moves.expect("beside");
        assert!(moves.min.x > wide.board.max.x);
        let tall = TileLayout::new(
            Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 600.0)),
            false,
            false,
        );
        assert_eq!(tall.board.width(), 300.0);
        assert!(tall.moves.expect("under").min.y > tall.bottom_strip.max.y);
    }

    #[test]
    fn analysis_puts_a_bar_left_of_the_board_and_a_row_under_it() {
        let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(300.0, 300.0));
        let plain = TileLayout::new(rect, false, false);
        let tile = TileLayout::new(rect, false, true);
        let bar = tile.eval_bar.expect("bar");
        let row = tile.analysis_row.expect("row");
        assert!(tile.board.width() < plain.board.width());
        assert_eq!(bar.height(), tile.board.height());
        assert!(bar.max.x < tile.board.min.x, "{bar:?} {:?}", tile.board);
        assert_eq!(row.min.y, tile.bottom_strip.max.y);
        assert!(row.max.y <= rect.max.y);
        assert!(bar.min.x >= rect.min.x);
        assert_eq!(plain.eval_bar, None);
    }

    #[test]
    fn sixteen_games_at_the_default_window_size_with_the_lobby_open() {
        // 1180x820 minus lobby, status bar and console: about 840x630.
        let grid = Grid::best(vec2(840.0, 630.0), 16);
        assert!(grid.board_side >= 100.0, "{grid:?}");
        assert!(grid.columns * grid.rows >= 16);
        assert!(grid.size().y <= 630.0);
    }

    #[test]
    fn sixteen_games_maximized_with_the_lobby_closed() {
        let grid = Grid::best(vec2(1590.0, 800.0), 16);
        assert!(grid.board_side >= 200.0, "{grid:?}");
    }

    #[test]
    fn equal_boards_prefer_the_fuller_grid() {
        let grid = Grid::best(vec2(790.0, 620.0), 9);
        assert_eq!((grid.columns, grid.rows), (3, 3), "{grid:?}");
    }

    #[test]
    fn too_many_games_scroll_instead_of_shrinking() {
        let grid = Grid::best(vec2(400.0, 300.0), 40);
        assert!(grid.board_side >= MIN_TILE_BOARD, "{grid:?}");
        assert!(grid.size().y > 300.0);
        assert!(grid.columns * grid.rows >= 40);
    }
}
