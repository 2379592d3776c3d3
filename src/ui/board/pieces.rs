//! The piece set chosen (`assets/pieces/<set>/`, see `piece_sets`), rasterized with resvg at the
//! exact pixel size a board needs and cached per size, so pieces are crisp
//! at any size and DPI. The twelve pieces of one size share one texture (an
//! atlas of 6 x 2 cells): a board's pieces are then one mesh and one draw
//! call, not one per texture switch (which cost a software renderer dearly).

use std::collections::HashMap;

use egui::{ColorImage, TextureHandle, TextureOptions};
use resvg::{tiny_skia, usvg};
use shakmaty::{Color, Piece, Role};

use crate::config::PieceSet;
use crate::ui::board::piece_sets::{Drawings, drawings, file_index, sheet_cell};

/// Renders one piece of `set` to an RGBA image `pixels` wide and high.
pub fn rasterize(set: PieceSet, piece: Piece, pixels: u32) -> Option<ColorImage> {
    let pixmap = Parsed::new(set)?.render(piece, pixels)?;
    Some(color_image(&pixmap, pixels))
}

/// A set ready to render: a sheet is parsed once for all twelve pieces
/// (the largest is 225 KB).
enum Parsed {
    Files([&'static str; 12]),
    Sheet {
        tree: Box<usvg::Tree>,
        white_row: u32,
    },
}

impl Parsed {
    fn new(set: PieceSet) -> Option<Parsed> {
        Some(match drawings(set) {
            Drawings::Files(files) => Parsed::Files(files),
            Drawings::Sheet { svg, white_row } => Parsed::Sheet {
                tree: Box::new(usvg::Tree::from_str(svg, &usvg::Options::default()).ok()?),
                white_row,
            },
        })
    }

    fn render(&self, piece: Piece, pixels: u32) -> Option<tiny_skia::Pixmap> {
        let mut pixmap = tiny_skia::Pixmap::new(pixels, pixels)?;
        match self {
            Parsed::Sheet { tree, white_row } => {
                // Six cells across: a cell's width is the piece's size.
                let scale = pixels as f32 / (tree.size().width() / 6.0);
                let (column, row) = sheet_cell(piece, *white_row);
                let shift = -(pixels as f32);
                let transform = tiny_skia::Transform::from_scale(scale, scale)
                    .post_translate(shift * column as f32, shift * row as f32);
                resvg::render(tree, transform, &mut pixmap.as_mut());
            }
            Parsed::Files(files) => {
                let tree =
                    usvg::Tree::from_str(files[file_index(piece)], &usvg::Options::default())
                        .ok()?;
                let scale = pixels as f32 / tree.size().width();
                resvg::render(
                    &tree,
                    tiny_skia::Transform::from_scale(scale, scale),
                    &mut pixmap.as_mut(),
                );
            }
        }
        Some(pixmap)
    }
}

fn color_image(pixmap: &tiny_skia::Pixmap, pixels: u32) -> ColorImage {
    let side = pixels as usize;
    ColorImage::from_rgba_premultiplied([side, side], pixmap.data())
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

/// One texture per set and pixel size holding all twelve pieces. Sizes not
/// used for a while are dropped so resizing a window (or a look at every
/// set in Settings) does not pile up textures.
#[derive(Default)]
pub struct PieceCache {
    /// The set the boards draw with (from the settings, each frame).
    set: PieceSet,
    by_size: HashMap<(PieceSet, u32), Option<TextureHandle>>,
    /// Frame counter of the last use of each set and size.
    last_used: HashMap<(PieceSet, u32), u64>,
    frame: u64,
}

impl PieceCache {
    /// Call once per frame with the set chosen: forgets sizes unused for
    /// 120 frames.
    pub fn new_frame(&mut self, set: PieceSet) {
        self.set = set;
        self.frame += 1;
        let frame = self.frame;
        let stale: Vec<(PieceSet, u32)> = self
            .last_used
            .iter()
            .filter(|(_, used)| frame.saturating_sub(**used) > 120)
            .map(|(key, _)| *key)
            .collect();
        for key in stale {
            self.by_size.remove(&key);
            self.last_used.remove(&key);
        }
    }

    /// The atlas texture and the UV rectangle of `piece` at `pixels` pixels
    /// in the set chosen; the atlas is rasterized on the first use of a size.
    pub fn get(
        &mut self,
        ctx: &egui::Context,
        piece: Piece,
        pixels: u32,
    ) -> Option<(egui::TextureId, egui::Rect)> {
        self.get_in(ctx, self.set, piece, pixels)
    }

    /// As `get`, in `set` (Settings shows every set).
    pub fn get_in(
        &mut self,
        ctx: &egui::Context,
        set: PieceSet,
        piece: Piece,
        pixels: u32,
    ) -> Option<(egui::TextureId, egui::Rect)> {
        let pixels = pixels.clamp(MIN_PIXELS, MAX_PIXELS);
        self.last_used.insert((set, pixels), self.frame);
        let atlas = self.by_size.entry((set, pixels)).or_insert_with(|| {
            let image = atlas(set, pixels)?;
            let name = format!("pieces-{}-{pixels}", set.label());
            Some(ctx.load_texture(name, image, TextureOptions::NEAREST))
        });
        let texture = atlas.as_ref()?;
        Some((texture.id(), uv(piece, pixels)))
    }
}

/// All twelve pieces of `set` at `pixels` in one image, white on the first
/// row.
pub fn atlas(set: PieceSet, pixels: u32) -> Option<ColorImage> {
    let cell = pixels as usize + 2 * PADDING;
    let size = [cell * ATLAS_COLUMNS, cell * ATLAS_ROWS];
    let mut image = ColorImage::filled(size, egui::Color32::TRANSPARENT);
    let parsed = Parsed::new(set)?;
    for piece in Color::ALL
        .into_iter()
        .flat_map(|color| Role::ALL.map(|role| Piece { color, role }))
    {
        let one = color_image(&parsed.render(piece, pixels)?, pixels);
        let at = file_index(piece);
        let (column, row) = (at % ATLAS_COLUMNS, at / ATLAS_COLUMNS);
        let (x0, y0) = (column * cell + PADDING, row * cell + PADDING);
        for y in 0..one.size[1] {
            let from = y * one.size[0];
            let to = (y0 + y) * size[0] + x0;
            image.pixels[to..to + one.size[0]]
                .copy_from_slice(&one.pixels[from..from + one.size[0]]);
        }
    }
    Some(image)
}

/// Where `piece` is in the atlas of `pixels`, in UV coordinates (0..1).
fn uv(piece: Piece, pixels: u32) -> egui::Rect {
    let cell = pixels as f32 + 2.0 * PADDING as f32;
    let (width, height) = (cell * ATLAS_COLUMNS as f32, cell * ATLAS_ROWS as f32);
    let (column, row) = (
        file_index(piece) % ATLAS_COLUMNS,
        file_index(piece) / ATLAS_COLUMNS,
    );
    let min = egui::pos2(
        (column as f32 * cell + PADDING as f32) / width,
        (row as f32 * cell + PADDING as f32) / height,
    );
    let max = min + egui::vec2(pixels as f32 / width, pixels as f32 / height);
    egui::Rect::from_min_max(min, max)
}

/// `piece` drawn in `rect` at the screen's pixel size, tinted.
pub(crate) fn draw_piece(
    ui: &egui::Ui,
    painter: &egui::Painter,
    cache: &mut PieceCache,
    piece: Piece,
    rect: egui::Rect,
    tint: egui::Color32,
) {
    let pixels = (rect.width() * ui.ctx().pixels_per_point()).round() as u32;
    if let Some((texture, uv)) = cache.get(ui.ctx(), piece, pixels) {
        painter.image(texture, rect, uv, tint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mean brightness of a piece's opaque pixels.
    fn brightness(image: &ColorImage) -> f32 {
        let inked: Vec<_> = image.pixels.iter().filter(|p| p.a() > 200).collect();
        let sum: f32 = inked
            .iter()
            .map(|p| f32::from(p.r()) + f32::from(p.g()) + f32::from(p.b()))
            .sum();
        sum / (3.0 * inked.len().max(1) as f32)
    }

    #[test]
    fn every_piece_of_every_set_rasterizes_with_ink_inside() {
        for set in PieceSet::ALL {
            for color in Color::ALL {
                for role in Role::ALL {
                    let image = rasterize(set, Piece { color, role }, 64).expect("renders");
                    assert_eq!(image.size, [64, 64]);
                    let opaque = image.pixels.iter().filter(|p| p.a() > 200).count();
                    // A piece covers a fair part of its square, never all of
                    // it (a sheet cut in the wrong place would not).
                    assert!(
                        (250..3300).contains(&opaque),
                        "{set:?} {color:?} {role:?}: {opaque}"
                    );
                    // Nothing of a neighbour in the corners of the square.
                    for corner in [0, 63, 64 * 63, 64 * 64 - 1] {
                        assert!(image.pixels[corner].a() < 50, "{set:?} {color:?} {role:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn white_pieces_are_the_light_ones_in_every_set() {
        for set in PieceSet::ALL {
            for role in Role::ALL {
                let white = rasterize(
                    set,
                    Piece {
                        color: Color::White,
                        role,
                    },
                    64,
                )
                .unwrap();
                let black = rasterize(
                    set,
                    Piece {
                        color: Color::Black,
                        role,
                    },
                    64,
                )
                .unwrap();
                assert!(
                    brightness(&white) > brightness(&black) + 15.0,
                    "{set:?} {role:?}: {} vs {}",
                    brightness(&white),
                    brightness(&black)
                );
            }
        }
    }

    #[test]
    fn the_sets_look_different() {
        let knight = Piece {
            color: Color::White,
            role: Role::Knight,
        };
        let images: Vec<_> = PieceSet::ALL
            .iter()
            .map(|set| rasterize(*set, knight, 48).unwrap().pixels)
            .collect();
        for (i, a) in images.iter().enumerate() {
            for b in &images[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn the_atlas_holds_each_piece_in_its_cell() {
        let pixels = 40;
        for set in [PieceSet::Kibitz, PieceSet::Fantasy] {
            let image = atlas(set, pixels).expect("renders");
            let [width, height] = image.size;
            assert_eq!((width, height), (6 * 42, 2 * 42));
            for color in Color::ALL {
                for role in Role::ALL {
                    let piece = Piece { color, role };
                    let uv = uv(piece, pixels);
                    // The same pixels as the piece rasterized alone.
                    let alone = rasterize(set, piece, pixels).expect("renders");
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
    }

    #[test]
    fn indices_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for color in Color::ALL {
            for role in Role::ALL {
                assert!(seen.insert(file_index(Piece { color, role })));
            }
        }
        assert_eq!(seen.len(), 12);
    }
}
