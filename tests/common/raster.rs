//! A renderer on the CPU for pixel tests: the triangles egui hands a GPU,
//! filled pixel by pixel as egui_glow fills them (premultiplied colours,
//! textures sampled and multiplied by the vertex colour, blended
//! `src + dst * (1 - src.a)` in gamma space, cut by each clip rectangle).
//!
//! Why not egui_kittest's wgpu renderer: it needs a Vulkan or GL driver,
//! and its pictures differ by driver and version (which is why its
//! comparisons have a tolerance). This one needs nothing, runs the same on
//! every machine, and what it paints is what egui asked to be painted, in
//! the order asked: a widget drawn under another is hidden here as on a
//! screen.

use std::collections::HashMap;

use egui::epaint::{Primitive, Vertex};
use egui::{Color32, ImageData, TextureFilter, TextureId, TexturesDelta};

/// One texture as uploaded (premultiplied texels).
struct Texture {
    width: usize,
    height: usize,
    texels: Vec<Color32>,
    linear: bool,
}

impl Texture {
    fn texel(&self, x: isize, y: isize) -> [f32; 4] {
        let x = x.clamp(0, self.width as isize - 1) as usize;
        let y = y.clamp(0, self.height as isize - 1) as usize;
        let c = self.texels[y * self.width + x];
        [c.r() as f32, c.g() as f32, c.b() as f32, c.a() as f32]
    }

    /// The texture at `uv` (0..1), clamped to its edge.
    fn sample(&self, u: f32, v: f32) -> [f32; 4] {
        let (x, y) = (u * self.width as f32 - 0.5, v * self.height as f32 - 0.5);
        if !self.linear {
            return self.texel(x.round() as isize, y.round() as isize);
        }
        let (x0, y0) = (x.floor(), y.floor());
        let (fx, fy) = (x - x0, y - y0);
        let (x0, y0) = (x0 as isize, y0 as isize);
        let [a, b, c, d] = [
            self.texel(x0, y0),
            self.texel(x0 + 1, y0),
            self.texel(x0, y0 + 1),
            self.texel(x0 + 1, y0 + 1),
        ];
        std::array::from_fn(|i| {
            let top = a[i] + (b[i] - a[i]) * fx;
            let bottom = c[i] + (d[i] - c[i]) * fx;
            top + (bottom - top) * fy
        })
    }
}

/// The renderer: the textures it was handed, painted on request.
#[derive(Default)]
pub struct Raster {
    textures: HashMap<TextureId, Texture>,
}

impl Raster {
    fn apply(&mut self, id: TextureId, one: &egui::epaint::ImageDelta) {
        let ImageData::Color(image) = &one.image;
        let linear = one.options.magnification == TextureFilter::Linear;
        let [w, h] = image.size;
        match one.pos {
            None => {
                self.textures.insert(
                    id,
                    Texture {
                        width: w,
                        height: h,
                        texels: image.pixels.clone(),
                        linear,
                    },
                );
            }
            Some([x0, y0]) => {
                let Some(texture) = self.textures.get_mut(&id) else {
                    return;
                };
                for y in 0..h.min(texture.height.saturating_sub(y0)) {
                    for x in 0..w.min(texture.width.saturating_sub(x0)) {
                        texture.texels[(y0 + y) * texture.width + x0 + x] = image.pixels[y * w + x];
                    }
                }
            }
        }
    }
}

impl egui_kittest::TestRenderer for Raster {
    fn handle_delta(&mut self, delta: &mut TexturesDelta) {
        for (id, deltas) in std::mem::take(&mut delta.set) {
            for one in deltas {
                self.apply(id, &one);
            }
        }
        for id in std::mem::take(&mut delta.free) {
            self.textures.remove(&id);
        }
    }

    fn render(
        &mut self,
        ctx: &egui::Context,
        output: &egui::FullOutput,
    ) -> Result<image::RgbaImage, String> {
        let ppp = output.pixels_per_point;
        let screen = ctx.content_rect();
        let width = (screen.width() * ppp).round() as usize;
        let height = (screen.height() * ppp).round() as usize;
        // What a window shows where nothing is painted: black.
        let mut target = vec![[0.0f32, 0.0, 0.0, 255.0]; width * height];
        for clipped in ctx.tessellate(output.shapes.clone(), ppp) {
            let Primitive::Mesh(mesh) = &clipped.primitive else {
                return Err("a paint callback: not drawable on the CPU".to_owned());
            };
            let Some(texture) = self.textures.get(&mesh.texture_id) else {
                return Err(format!("texture {:?} was never uploaded", mesh.texture_id));
            };
            // The scissor rectangle, in whole pixels as egui_glow sets it.
            let clip = clipped.clip_rect;
            let clip = [
                ((clip.min.x * ppp).round().max(0.0) as usize).min(width),
                ((clip.min.y * ppp).round().max(0.0) as usize).min(height),
                ((clip.max.x * ppp).round().max(0.0) as usize).min(width),
                ((clip.max.y * ppp).round().max(0.0) as usize).min(height),
            ];
            for triangle in mesh.indices.chunks_exact(3) {
                let [a, b, c] = [0, 1, 2].map(|i| &mesh.vertices[triangle[i] as usize]);
                fill(&mut target, width, clip, ppp, [a, b, c], texture);
            }
        }
        let mut image = image::RgbaImage::new(width as u32, height as u32);
        for (pixel, rgba) in image.pixels_mut().zip(&target) {
            *pixel = image::Rgba([
                rgba[0].round().clamp(0.0, 255.0) as u8,
                rgba[1].round().clamp(0.0, 255.0) as u8,
                rgba[2].round().clamp(0.0, 255.0) as u8,
                255,
            ]);
        }
        Ok(image)
    }
}

/// One triangle, its pixels' centres tested against its edges (the
/// top-left rule: a pixel on an edge two triangles share is filled once).
fn fill(
    target: &mut [[f32; 4]],
    width: usize,
    clip: [usize; 4],
    ppp: f32,
    vertices: [&Vertex; 3],
    texture: &Texture,
) {
    let p = vertices.map(|v| (v.pos.x * ppp, v.pos.y * ppp));
    let area = (p[1].0 - p[0].0) * (p[2].1 - p[0].1) - (p[1].1 - p[0].1) * (p[2].0 - p[0].0);
    if area.abs() < f32::EPSILON {
        return;
    }
    // The triangle's box in whole pixels, within the clip.
    let (xs, ys) = (p.map(|q| q.0), p.map(|q| q.1));
    let low = |v: [f32; 3], clip: usize| {
        v.into_iter()
            .fold(f32::MAX, f32::min)
            .floor()
            .max(clip as f32) as usize
    };
    let high = |v: [f32; 3], clip: usize| {
        v.into_iter()
            .fold(f32::MIN, f32::max)
            .ceil()
            .min(clip as f32) as usize
    };
    let (min_x, max_x, min_y, max_y) = (
        low(xs, clip[0]),
        high(xs, clip[2]),
        low(ys, clip[1]),
        high(ys, clip[3]),
    );
    // Edge i runs from vertex i+1 to i+2; its weight is vertex i's.
    let edge = |i: usize, x: f32, y: f32| {
        let (a, b) = (p[(i + 1) % 3], p[(i + 2) % 3]);
        ((b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)) / area
    };
    let owns_edge = |i: usize| {
        // With the weights normalised by the area's sign, an edge whose
        // weight is exactly 0 belongs to this triangle when it is a top or
        // a left edge, whichever way the triangle winds.
        let (a, b) = (p[(i + 1) % 3], p[(i + 2) % 3]);
        let (dx, dy) = ((b.0 - a.0) * area.signum(), (b.1 - a.1) * area.signum());
        (dy == 0.0 && dx < 0.0) || dy > 0.0
    };
    let colors = vertices.map(|v| {
        let c = v.color;
        [c.r() as f32, c.g() as f32, c.b() as f32, c.a() as f32]
    });
    for y in min_y..max_y {
        for x in min_x..max_x {
            let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
            let w = [edge(0, cx, cy), edge(1, cx, cy), edge(2, cx, cy)];
            if (0..3).any(|i| w[i] < 0.0 || (w[i] == 0.0 && !owns_edge(i))) {
                continue;
            }
            let u = w[0] * vertices[0].uv.x + w[1] * vertices[1].uv.x + w[2] * vertices[2].uv.x;
            let v = w[0] * vertices[0].uv.y + w[1] * vertices[1].uv.y + w[2] * vertices[2].uv.y;
            let texel = texture.sample(u, v);
            let source: [f32; 4] = std::array::from_fn(|i| {
                let color = w[0] * colors[0][i] + w[1] * colors[1][i] + w[2] * colors[2][i];
                color * texel[i] / 255.0
            });
            let pixel = &mut target[y * width + x];
            let keep = 1.0 - source[3] / 255.0;
            for i in 0..4 {
                pixel[i] = source[i] + pixel[i] * keep;
            }
        }
    }
}

/// The window over `app` at `size`, with this renderer, a few frames drawn.
/// The console's times are off: they are the wall clock's, and a picture
/// compared with a checked-in one must not change with the hour.
pub fn window(
    mut app: kibitz::app::KibitzApp,
    size: [f32; 2],
) -> egui_kittest::Harness<'static, kibitz::app::KibitzApp> {
    app.settings_mut().console_times = false;
    let mut h = egui_kittest::Harness::builder()
        .with_size(size)
        .renderer(Raster::default())
        .build_ui_state(|ui, app: &mut kibitz::app::KibitzApp| app.show(ui), app);
    h.run_steps(3);
    h
}

/// The share (0..1) of `area`'s pixels (in points) that differ between
/// two pictures of the same window by more than a faint shade.
pub fn changed_share(
    before: &image::RgbaImage,
    after: &image::RgbaImage,
    area: egui::Rect,
    ppp: f32,
) -> f32 {
    let (x0, y0) = ((area.min.x * ppp) as u32, (area.min.y * ppp) as u32);
    let (x1, y1) = ((area.max.x * ppp) as u32, (area.max.y * ppp) as u32);
    let (mut changed, mut all) = (0u32, 0u32);
    for y in y0..y1.min(before.height()) {
        for x in x0..x1.min(before.width()) {
            let (a, b) = (before.get_pixel(x, y), after.get_pixel(x, y));
            let distance = (0..3)
                .map(|i| (a[i] as i32 - b[i] as i32).abs())
                .max()
                .unwrap_or(0);
            all += 1;
            if distance > 24 {
                changed += 1;
            }
        }
    }
    changed as f32 / all.max(1) as f32
}
