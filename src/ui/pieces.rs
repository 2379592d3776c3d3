//! Our own piece set (`assets/pieces/*.svg`), rasterized with resvg at the
//! exact pixel size a board needs and cached per size, so pieces are crisp
//! at any size and DPI. The twelve pieces of one size share one texture (an
//! atlas of 6 x 2 cells): a board's pieces are then one mesh and one draw
//! call, not one per texture switch (which cost a software renderer dearly).

use std::collections::HashMap;

use egui::{ColorImage, TextureHandle, TextureOptions};
use resvg::{tiny_skia, usvg};
use shakmaty::{Color, Piece, Role};

fn svg(piece: Piece) -> &'static str {
    use Color::{Black, White};
    use Role::{Bishop, King, Knight, Pawn, Queen, Rook};
    match (piece.color, piece.role) {
        (White, Pawn) => include_str!("../../assets/pieces/wP.svg"),
        (White, Knight) => include_str!("../../assets/pieces/wN.svg"),
        (White, Bishop) => include_str!("../../assets/pieces/wB.svg"),
        (White, Rook) => include_str!("../../assets/pieces/wR.svg"),
        (White, Queen) => include_str!("../../assets/pieces/wQ.svg"),
        (White, King) => include_str!("../../assets/pieces/wK.svg"),
        (Black, Pawn) => include_str!("../../assets/pieces/bP.svg"),
        (Black, Knight) => include_str!("../../assets/pieces/bN.svg"),
        (Black, Bishop) => include_str!("../../assets/pieces/bB.svg"),
        (Black, Rook) => include_str!("../../assets/pieces/bR.svg"),
        (Black, Queen) => include_str!("../../assets/pieces/bQ.svg"),
        (Black, King) => include_str!("../../assets/pieces/bK.svg"),
    }
}

/// Renders one piece to an RGBA image `pixels` wide and high.
pub fn rasterize(piece: Piece, pixels: u32) -> Option<ColorImage> {
    let tree = usvg::Tree::from_str(svg(piece), &usvg::Options::default()).ok()?;
    let mut pixmap = tiny_skia::Pixmap::new(pixels, pixels)?;
    let scale = pixels as f32 / tree.size().width();
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let side = pixels as usize;
    Some(ColorImage::from_rgba_premultiplied(
        [side, side],
        pixmap.data(),
    ))
}

/// Columns and rows of the atlas.
const ATLAS_COLUMNS: usize = 6;
const ATLAS_ROWS: usize = 2;
/// Transparent pixels around each cell, so linear filtering at a piece's
/// edge never picks up its neighbour.
const PADDING: usize = 1;
/// Pieces are rasterized between these sizes in pixels.
const MIN_PIXELS: u32 = 8;
const MAX_PIXELS: u32 = 512;

/// One texture per pixel size holding all twelve pieces. Sizes not used for
/// a while are dropped so resizing a window does not pile up textures.
#[derive(Default)]
pub struct PieceCache {
    by_size: HashMap<u32, Option<TextureHandle>>,
    /// Frame counter of the last use of each size.
    last_used: HashMap<u32, u64>,
    frame: u64,
}

impl PieceCache {
    /// Call once per frame: forgets sizes unused for 120 frames.
    pub fn new_frame(&mut self) {
        self.frame += 1;
        let frame = self.frame;
        let stale: Vec<u32> = self
            .last_used
            .iter()
            .filter(|(_, used)| frame.saturating_sub(**used) > 120)
            .map(|(size, _)| *size)
            .collect();
        for size in stale {
            self.by_size.remove(&size);
            self.last_used.remove(&size);
        }
    }

    /// The atlas texture and the UV rectangle of `piece` at `pixels` pixels;
    /// the atlas is rasterized on the first use of a size.
    pub fn get(
        &mut self,
        ctx: &egui::Context,
        piece: Piece,
        pixels: u32,
    ) -> Option<(egui::TextureId, egui::Rect)> {
        let pixels = pixels.clamp(MIN_PIXELS, MAX_PIXELS);
        self.last_used.insert(pixels, self.frame);
        let atlas = self.by_size.entry(pixels).or_insert_with(|| {
            let image = atlas(pixels)?;
            Some(ctx.load_texture(format!("pieces-{pixels}"), image, TextureOptions::NEAREST))
        });
        let texture = atlas.as_ref()?;
        Some((texture.id(), uv(piece, pixels)))
    }
}

/// All twelve pieces at `pixels` in one image, white on the first row.
fn atlas(pixels: u32) -> Option<ColorImage> {
    let cell = pixels as usize + 2 * PADDING;
    let size = [cell * ATLAS_COLUMNS, cell * ATLAS_ROWS];
    let mut image = ColorImage::filled(size, egui::Color32::TRANSPARENT);
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece { color, role };
            let one = rasterize(piece, pixels)?;
            let (column, row) = (index(piece) % ATLAS_COLUMNS, index(piece) / ATLAS_COLUMNS);
            let (x0, y0) = (column * cell + PADDING, row * cell + PADDING);
            for y in 0..one.size[1] {
                let from = y * one.size[0];
                let to = (y0 + y) * size[0] + x0;
                image.pixels[to..to + one.size[0]]
                    .copy_from_slice(&one.pixels[from..from + one.size[0]]);
            }
        }
    }
    Some(image)
}

/// Where `piece` is in the atlas of `pixels`, in UV coordinates (0..1).
fn uv(piece: Piece, pixels: u32) -> egui::Rect {
    let cell = pixels as f32 + 2.0 * PADDING as f32;
    let (width, height) = (cell * ATLAS_COLUMNS as f32, cell * ATLAS_ROWS as f32);
    let (column, row) = (index(piece) % ATLAS_COLUMNS, index(piece) / ATLAS_COLUMNS);
    let min = egui::pos2(
        (column as f32 * cell + PADDING as f32) / width,
        (row as f32 * cell + PADDING as f32) / height,
    );
    let max = min + egui::vec2(pixels as f32 / width, pixels as f32 / height);
    egui::Rect::from_min_max(min, max)
}

fn index(piece: Piece) -> usize {
    usize::from(piece.color.is_black()) * 6 + (piece.role as usize - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_rasterizes_with_ink_inside() {
        for color in Color::ALL {
            for role in Role::ALL {
                let image = rasterize(Piece { color, role }, 64).expect("renders");
                assert_eq!(image.size, [64, 64]);
                let opaque = image.pixels.iter().filter(|p| p.a() > 200).count();
                // A piece covers a fair part of its square, never all of it.
                assert!(
                    (400..3000).contains(&opaque),
                    "{color:?} {role:?}: {opaque}"
                );
                // The centre column is inked somewhere (no empty drawing).
                assert!((0..64).any(|y| image.pixels[y * 64 + 32].a() > 200));
            }
        }
    }

    #[test]
    fn the_atlas_holds_each_piece_in_its_cell() {
        let pixels = 40;
        let image = atlas(pixels).expect("renders");
        let [width, height] = image.size;
        assert_eq!((width, height), (6 * 42, 2 * 42));
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let uv = uv(piece, pixels);
                // The same pixels as the piece rasterized alone.
                let alone = rasterize(piece, pixels).expect("renders");
                let x0 = (uv.min.x * width as f32).round() as usize;
                let y0 = (uv.min.y * height as f32).round() as usize;
                assert_eq!(((uv.width() * width as f32).round()) as u32, pixels);
                for y in 0..pixels as usize {
                    let row = &image.pixels[(y0 + y) * width + x0..][..pixels as usize];
                    assert_eq!(row, &alone.pixels[y * pixels as usize..][..pixels as usize]);
                }
            }
        }
    }

    #[test]
    fn indices_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for color in Color::ALL {
            for role in Role::ALL {
                assert!(seen.insert(index(Piece { color, role })));
            }
        }
        assert_eq!(seen.len(), 12);
    }
}
