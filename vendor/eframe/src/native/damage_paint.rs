//! Kibitz (issue 35; not part of upstream eframe): frames that change
//! little are painted little. On a software rasteriser (Mesa's llvmpipe:
//! virtual machines, remote desktops, Xvfb) filling the window's pixels is
//! most of a frame's cost; when the damage (`crate::damage`) is a few
//! rectangles, only they are cleared (scissored) and only the shapes over
//! them tessellated and painted.
//!
//! What the back buffer holds decides what must be painted again: with
//! GLX, Mesa's software path keeps the last frame across a swap (the whole
//! buffer is still presented: a swap costs little, and it heals what the
//! window system exposed); with EGL (Wayland) the buffer's age says how
//! many frames old it is, and the damage of the frames it missed is
//! painted too (age unknown: a whole frame); a partial frame then hands
//! its damage to the compositor (`swap_buffers_with_damage`).
//!
//! On by default where the renderer is a software one; `KIBITZ_DAMAGE=off`
//! or `on` decide otherwise. Whole frames: the first, a new size or scale,
//! damage the algorithm cannot trust, and every [`FULL_EVERY`] frames.

use std::collections::HashMap;

use egui::epaint::ClippedShape;
use egui::{Rect, ViewportId, pos2, vec2};

pub(crate) use crate::damage::BackBuffer;
use crate::damage::{Damage, damage_retextured, repaint, retextured};

/// Every this many partial frames, a whole one.
const FULL_EVERY: u32 = 300;
/// The damage of this many frames is remembered (a buffer age up to it
/// is painted partially; GPU swap chains have two or three buffers).
const AGES: usize = 4;

/// How to paint a frame.
#[derive(Debug, PartialEq)]
pub(crate) enum Plan {
    /// Clear and paint the whole window.
    Full,
    /// Only some rectangles, in points.
    Rects {
        /// What to paint again: this frame's damage, and with an older
        /// back buffer the damage of the frames it missed.
        paint: Vec<Rect>,
        /// What changed on screen with this frame (none: nothing), for
        /// the compositor.
        damage: Vec<Rect>,
    },
}

/// What was painted last in a viewport.
struct Last {
    shapes: Vec<ClippedShape>,
    size_px: [u32; 2],
    pixels_per_point: f32,
    /// What the window was cleared to: where no shape is, the clear colour
    /// shows, and a new one (the theme set at start) is no shape's damage.
    clear_color: [f32; 4],
    partial_frames: u32,
    /// The damage of the last frames, newest first (`None`: a whole
    /// frame).
    history: Vec<Option<Vec<Rect>>>,
}

#[derive(Default)]
pub(crate) struct Damager {
    /// Decided at the first frame (the renderer is known then).
    on: Option<bool>,
    /// `KIBITZ_DAMAGE=verify`: each partial frame painted whole too, and
    /// the two compared.
    verify: bool,
    last: HashMap<ViewportId, Last>,
    /// When each window's state was last asked of the window system
    /// (none: ask at the next frame).
    window_asked: HashMap<ViewportId, std::time::Instant>,
}

impl Damager {
    /// Whether partial frames are painted (decided once, from the
    /// renderer's name and `KIBITZ_DAMAGE`). With GLX, Mesa's software
    /// path keeps the back buffer across a swap; with EGL (Wayland) a
    /// frame is partial only where the buffer's age is known.
    pub(crate) fn decide(&mut self, gl: &glow::Context, glx: bool) -> bool {
        if let Some(on) = self.on {
            return on;
        }
        use glow::HasContext as _;
        // SAFETY: a plain query on the current context.
        #[expect(unsafe_code)]
        let renderer = unsafe { gl.get_parameter_string(glow::RENDERER) };
        let software = is_software(&renderer);
        crate::damage::set_paced(software);
        let asked = std::env::var("KIBITZ_DAMAGE");
        self.verify = asked.as_deref() == Ok("verify");
        let on = match asked.as_deref() {
            Ok("off") => false,
            Ok("on" | "verify") => true,
            _ => software,
        };
        let words = format!(
            "damage repaint {} (renderer: {renderer}, {}; KIBITZ_DAMAGE=off|on decides){}",
            if on { "on" } else { "off" },
            if glx {
                "GLX: the back buffer kept"
            } else {
                "EGL: partial where the buffer age is known"
            },
            if software {
                "; frames paced to 60 a second (no vsync)"
            } else {
                ""
            }
        );
        log::info!("{words}");
        crate::damage::set_decision(words);
        self.on = Some(on);
        on
    }

    /// A window event that may change the window's state (its size,
    /// place, scale, focus, visibility) came for `viewport`.
    pub(crate) fn window_event(&mut self, viewport: ViewportId, event: &winit::event::WindowEvent) {
        use winit::event::WindowEvent;
        if matches!(
            event,
            WindowEvent::Resized(_)
                | WindowEvent::Moved(_)
                | WindowEvent::ScaleFactorChanged { .. }
                | WindowEvent::Focused(_)
                | WindowEvent::Occluded(_)
                | WindowEvent::ThemeChanged(_)
        ) {
            self.window_asked.remove(&viewport);
        }
    }

    /// Whether to ask the window system for `viewport`'s state (position,
    /// size, minimized, maximized...: on X11 a dozen round trips to the
    /// server, a sixth of a still frame's CPU) before this frame, `info`
    /// being what was asked last: always while damage repaint is off;
    /// while it is on, after a window event that changes it, while the
    /// window is minimized or hidden (so that it is painted as soon as it
    /// shows again; X11 sends no event for that) and once a second.
    pub(crate) fn ask_window(&mut self, viewport: ViewportId, info: &egui::ViewportInfo) -> bool {
        const AT_LEAST_EVERY: std::time::Duration = std::time::Duration::from_secs(1);
        let now = std::time::Instant::now();
        let ask = !self.is_on()
            || info.minimized != Some(false)
            || info.visible() == Some(false)
            || self
                .window_asked
                .get(&viewport)
                .is_none_or(|asked| now.duration_since(*asked) >= AT_LEAST_EVERY);
        if ask {
            self.window_asked.insert(viewport, now);
        }
        ask
    }

    /// Whether partial frames are checked against whole ones.
    pub(crate) fn verifying(&self) -> bool {
        self.verify
    }

    /// Whether partial frames are on (false until decided).
    pub(crate) fn is_on(&self) -> bool {
        self.on == Some(true)
    }

    /// How to paint `shapes` in `viewport` (`size_px`, `pixels_per_point`,
    /// cleared to `clear_color`) on a back buffer holding `back`;
    /// `textures`: the textures updated with this frame. A new size, scale
    /// or clear colour is a whole frame.
    #[expect(clippy::too_many_arguments)]
    pub(crate) fn plan(
        &mut self,
        viewport: ViewportId,
        shapes: &[ClippedShape],
        size_px: [u32; 2],
        pixels_per_point: f32,
        clear_color: [f32; 4],
        textures: &egui::TexturesDelta,
        back: BackBuffer,
    ) -> Plan {
        let points = vec2(size_px[0] as f32, size_px[1] as f32) / pixels_per_point;
        let screen = Rect::from_min_size(pos2(0.0, 0.0), points);
        let on = self.is_on();
        let last = self.last.get(&viewport).filter(|last| {
            on && last.size_px == size_px
                && last.pixels_per_point == pixels_per_point
                && last.clear_color == clear_color
                && last.partial_frames < FULL_EVERY
        });
        let plan = match last {
            None => Plan::Full,
            Some(last) => {
                match damage_retextured(&last.shapes, shapes, screen, &retextured(textures)) {
                    Damage::Full => Plan::Full,
                    Damage::None => partial(Vec::new(), &last.history, back, screen),
                    Damage::Rects(rects) => {
                        let rects = rects.iter().map(|r| on_pixels(*r, pixels_per_point));
                        partial(rects.collect(), &last.history, back, screen)
                    }
                }
            }
        };
        if on {
            let (mut history, partial_frames) = match self.last.remove(&viewport) {
                Some(last) => (last.history, last.partial_frames),
                None => (Vec::new(), 0),
            };
            let (this_frame, partial_frames) = match &plan {
                Plan::Full => (None, 0),
                Plan::Rects { damage, .. } => (Some(damage.clone()), partial_frames + 1),
            };
            history.insert(0, this_frame);
            history.truncate(AGES);
            self.last.insert(
                viewport,
                Last {
                    shapes: shapes.to_vec(),
                    size_px,
                    pixels_per_point,
                    clear_color,
                    partial_frames,
                    history,
                },
            );
        }
        plan
    }
}

/// `rect` grown to whole pixels. The clear is scissored to whole pixels;
/// a rectangle ending inside a pixel cleared that pixel, and a shape that
/// only reached into it (a sliding piece's fringe) was not among the
/// shapes painted again: a pixel left wrong (KIBITZ_DAMAGE=verify, rarely).
fn on_pixels(rect: Rect, pixels_per_point: f32) -> Rect {
    let ppp = pixels_per_point;
    Rect::from_min_max(
        pos2((rect.min.x * ppp).floor() / ppp, (rect.min.y * ppp).floor() / ppp),
        pos2((rect.max.x * ppp).ceil() / ppp, (rect.max.y * ppp).ceil() / ppp),
    )
}

/// A partial frame's plan, if the back buffer allows one.
fn partial(
    damage: Vec<Rect>,
    history: &[Option<Vec<Rect>>],
    back: BackBuffer,
    screen: Rect,
) -> Plan {
    match repaint(&damage, history, back, screen) {
        Some(paint) => Plan::Rects { paint, damage },
        None => Plan::Full,
    }
}

/// Clears only `rects` (points) of the back buffer to `color`, scissored
/// exactly where their shapes will be painted again.
pub(crate) fn clear_rects(
    gl: &glow::Context,
    rects: &[Rect],
    pixels_per_point: f32,
    size_px: [u32; 2],
    color: [f32; 4],
) {
    use glow::HasContext as _;
    let [r, g, b, a] = color;
    // SAFETY: plain GL state calls on the current context.
    #[expect(unsafe_code)]
    unsafe {
        gl.viewport(0, 0, size_px[0] as i32, size_px[1] as i32);
        gl.enable(glow::SCISSOR_TEST);
        gl.clear_color(r, g, b, a);
        for rect in rects {
            let [x, y, w, h] = scissor_box(*rect, pixels_per_point, size_px);
            gl.scissor(x, y, w, h);
            gl.clear(glow::COLOR_BUFFER_BIT);
        }
        gl.disable(glow::SCISSOR_TEST);
    }
}

/// `KIBITZ_DAMAGE=verify`: the partial frame just painted against the
/// whole frame (`whole`, its shapes), painted over it (and shown); the
/// pixels that differ are tallied (`crate::damage::verified`).
pub(crate) fn verify(
    painter: &mut egui_glow::Painter,
    egui_ctx: &egui::Context,
    whole: Vec<ClippedShape>,
    pixels_per_point: f32,
    size_px: [u32; 2],
    clear_color: [f32; 4],
    textures: &mut egui::TexturesDelta,
) {
    let partial = painter.read_screen_rgba(size_px);
    painter.clear(size_px, clear_color);
    let all = egui_ctx.tessellate(whole, pixels_per_point);
    painter.paint_and_update_textures(size_px, pixels_per_point, &all, textures);
    let full = painter.read_screen_rgba(size_px);
    let differing = partial
        .pixels
        .iter()
        .zip(&full.pixels)
        .filter(|(a, b)| a != b)
        .count();
    crate::damage::record_verified(differing as u64);
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

/// Presents a frame: with EGL (Wayland) a partial frame hands its damage
/// to the compositor (`swap_buffers_with_damage`, which then copies and
/// composes only that); otherwise a plain swap (Mesa's software GLX
/// copies the whole buffer out, which costs little and also restores what
/// the window system exposed).
pub(crate) fn swap(
    surface: &glutin::surface::Surface<glutin::surface::WindowSurface>,
    context: &glutin::context::PossiblyCurrentContext,
    plan: &Plan,
    pixels_per_point: f32,
    size_px: [u32; 2],
) -> glutin::error::Result<()> {
    use glutin::surface::GlSurface as _;
    #[cfg(all(any(windows, unix), not(target_vendor = "apple")))]
    if let (
        Plan::Rects { damage, .. },
        glutin::surface::Surface::Egl(surface),
        glutin::context::PossiblyCurrentContext::Egl(context),
    ) = (plan, surface, context)
    {
        // No rectangle would mean the whole window: nothing changed is
        // one pixel, the same as before.
        let rects: Vec<glutin::surface::Rect> = if damage.is_empty() {
            vec![glutin::surface::Rect::new(0, 0, 1, 1)]
        } else {
            damage
                .iter()
                .map(|rect| {
                    let [x, y, width, height] = scissor_box(*rect, pixels_per_point, size_px);
                    glutin::surface::Rect::new(x, y, width, height)
                })
                .collect()
        };
        return surface.swap_buffers_with_damage(context, &rects);
    }
    let _ = (plan, pixels_per_point, size_px);
    surface.swap_buffers(context)
}
