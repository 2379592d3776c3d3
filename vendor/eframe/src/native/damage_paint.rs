//! Kibitz (issue 35; not part of upstream eframe): frames that change
//! little are painted little. On a software rasteriser (Mesa's llvmpipe:
//! virtual machines, remote desktops, Xvfb) filling the window's pixels is
//! most of a frame's cost; when the damage (`crate::damage`) is a few
//! rectangles, only they are cleared (scissored) and only the shapes over
//! them tessellated and painted. The back buffer then keeps the rest of
//! the last frame; the whole buffer is still presented (a swap costs
//! little), which also heals what the window system exposed.
//!
//! On by default where the renderer is a software one; `KIBITZ_DAMAGE=off`
//! or `on` decide otherwise. Whole frames: the first, a new size or scale,
//! textures uploaded, damage the algorithm cannot trust, and every
//! [`FULL_EVERY`] frames.

use std::collections::HashMap;

use egui::epaint::ClippedShape;
use egui::{Rect, ViewportId, pos2, vec2};

use crate::damage::{Damage, damage};

/// Every this many partial frames, a whole one.
const FULL_EVERY: u32 = 300;

/// How to paint a frame.
pub(crate) enum Plan {
    /// Clear and paint the whole window.
    Full,
    /// Only these rectangles, in points (none: nothing changed).
    Rects(Vec<Rect>),
}

/// What was painted last in a viewport.
struct Last {
    shapes: Vec<ClippedShape>,
    size_px: [u32; 2],
    pixels_per_point: f32,
    partial_frames: u32,
}

#[derive(Default)]
pub(crate) struct Damager {
    /// Decided at the first frame (the renderer is known then).
    on: Option<bool>,
    /// `KIBITZ_DAMAGE=verify`: each partial frame painted whole too, and
    /// the two compared.
    verify: bool,
    last: HashMap<ViewportId, Last>,
}

impl Damager {
    /// Whether partial frames are painted (decided once, from the
    /// renderer's name, the GL API and `KIBITZ_DAMAGE`). Only GLX keeps
    /// the back buffer across a swap (Mesa's software GLX copies it out);
    /// EGL (Wayland) hands back an older buffer, so partial frames there
    /// would show stale pixels: off unless asked for.
    pub(crate) fn decide(&mut self, gl: &glow::Context, glx: bool) -> bool {
        if let Some(on) = self.on {
            return on;
        }
        use glow::HasContext as _;
        // SAFETY: a plain query on the current context.
        #[expect(unsafe_code)]
        let renderer = unsafe { gl.get_parameter_string(glow::RENDERER) };
        let asked = std::env::var("KIBITZ_DAMAGE");
        self.verify = asked.as_deref() == Ok("verify");
        let on = match asked.as_deref() {
            Ok("off") => false,
            Ok("on" | "verify") => true,
            _ => glx && is_software(&renderer),
        };
        let words = format!(
            "damage repaint {} (renderer: {renderer}, {}; KIBITZ_DAMAGE=off|on decides)",
            if on { "on" } else { "off" },
            if glx { "GLX" } else { "not GLX" }
        );
        log::info!("{words}");
        crate::damage::set_decision(words);
        self.on = Some(on);
        on
    }

    /// Whether partial frames are checked against whole ones.
    pub(crate) fn verifying(&self) -> bool {
        self.verify
    }

    /// Whether partial frames are on (false until decided).
    pub(crate) fn is_on(&self) -> bool {
        self.on == Some(true)
    }

    /// How to paint `shapes` in `viewport` (`size_px`, `pixels_per_point`);
    /// `textures`: textures are uploaded with this frame.
    pub(crate) fn plan(
        &mut self,
        viewport: ViewportId,
        shapes: &[ClippedShape],
        size_px: [u32; 2],
        pixels_per_point: f32,
        textures: bool,
    ) -> Plan {
        let same_screen = |last: &Last| {
            last.size_px == size_px && last.pixels_per_point == pixels_per_point
        };
        let plan = match self.last.get(&viewport) {
            Some(last)
                if self.is_on()
                    && same_screen(last)
                    && !textures
                    && last.partial_frames < FULL_EVERY =>
            {
                let points = vec2(size_px[0] as f32, size_px[1] as f32) / pixels_per_point;
                let screen = Rect::from_min_size(pos2(0.0, 0.0), points);
                match damage(&last.shapes, shapes, screen) {
                    Damage::None => Plan::Rects(Vec::new()),
                    Damage::Rects(rects) => Plan::Rects(rects),
                    Damage::Full => Plan::Full,
                }
            }
            _ => Plan::Full,
        };
        if self.is_on() {
            let partial_frames = match (&plan, self.last.get(&viewport)) {
                (Plan::Rects(_), Some(last)) => last.partial_frames + 1,
                _ => 0,
            };
            self.last.insert(
                viewport,
                Last {
                    shapes: shapes.to_vec(),
                    size_px,
                    pixels_per_point,
                    partial_frames,
                },
            );
        }
        plan
    }
}

/// Whether `config`'s display is GLX (X11).
pub(crate) fn is_glx(config: &glutin::config::Config) -> bool {
    #[cfg(all(
        feature = "x11",
        unix,
        not(target_vendor = "apple"),
        not(target_os = "android")
    ))]
    {
        use glutin::display::{AsRawDisplay as _, GetGlDisplay as _, RawDisplay};
        matches!(config.display().raw_display(), RawDisplay::Glx(_))
    }
    #[cfg(not(all(
        feature = "x11",
        unix,
        not(target_vendor = "apple"),
        not(target_os = "android")
    )))]
    {
        let _ = config;
        false
    }
}

/// A renderer that fills pixels on the CPU.
fn is_software(renderer: &str) -> bool {
    let renderer = renderer.to_ascii_lowercase();
    ["llvmpipe", "softpipe", "software rasterizer"]
        .iter()
        .any(|name| renderer.contains(name))
}

/// `rect` (points) as a GL scissor box in pixels (x, y from the bottom,
/// width, height), rounded exactly as egui_glow rounds a mesh's clip
/// rectangle: the pixels cleared are the pixels painted again.
pub(crate) fn scissor_box(rect: Rect, pixels_per_point: f32, size_px: [u32; 2]) -> [i32; 4] {
    let (width, height) = (size_px[0] as i32, size_px[1] as i32);
    let round = |v: f32| (v * pixels_per_point).round() as i32;
    let x0 = round(rect.min.x).clamp(0, width);
    let y0 = round(rect.min.y).clamp(0, height);
    let x1 = round(rect.max.x).clamp(x0, width);
    let y1 = round(rect.max.y).clamp(y0, height);
    [x0, height - y1, x1 - x0, y1 - y0]
}
