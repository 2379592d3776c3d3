//! Our own piece set (`assets/pieces/*.svg`), rasterized with resvg at the
//! exact pixel size a board needs and cached per size, so pieces are crisp
//! at any size and DPI.

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

/// Textures of all twelve pieces, per pixel size. Sizes not used for a
/// while are dropped so resizing a window does not pile up textures.
#[derive(Default)]
pub struct PieceCache {
    by_size: HashMap<u32, [Option<TextureHandle>; 12]>,
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

    /// The texture of `piece` at `pixels` pixels, rasterized on first use.
    pub fn get(&mut self, ctx: &egui::Context, piece: Piece, pixels: u32) -> Option<TextureHandle> {
        let pixels = pixels.clamp(8, 1024);
        self.last_used.insert(pixels, self.frame);
        let slot = &mut self.by_size.entry(pixels).or_default()[index(piece)];
        if slot.is_none() {
            let image = rasterize(piece, pixels)?;
            let name = format!("piece-{}{}-{pixels}", piece.color.char(), piece.role.char());
            *slot = Some(ctx.load_texture(name, image, TextureOptions::LINEAR));
        }
        slot.clone()
    }
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
