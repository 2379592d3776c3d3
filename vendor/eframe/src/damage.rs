//! (Kibitz, issue 35: damage repaint; not part of upstream eframe.)
//!
//! What changed on screen between two frames, from the shapes egui
//! produced for each: the rectangles to paint again (a ticking clock's few
//! hundred pixels), nothing, or the whole window. Issue 35: a software
//! rasteriser spends >80 % of a frame filling pixels nobody changed; with
//! the damage known, a frame paints (and presents) only those rectangles.
//!
//! The old and new shapes are matched in painting order (the same shape
//! in the same clip rectangle); a shape without its match is damaged
//! where it shows (a shape that moved damages where it was and where it
//! is). A paint callback, whose pixels egui cannot see, damages the whole
//! window.

use egui::epaint::{ClippedShape, Shape};
use egui::{Rect, TextureId};

/// Pixels (points) around a changed shape painted again: anti-aliasing
/// feathers a shape by about one pixel outside its bounds.
const MARGIN: f32 = 2.0;
/// More rectangles than this are merged across wider gaps.
const MAX_RECTS: usize = 16;
/// Damage over this share of the screen is painted as a whole frame (as
/// cheap, and surely right).
const MAX_SHARE: f32 = 0.5;
/// Rectangles this close are merged (one draw beats two tiny ones).
const MERGE_GAP: f32 = 8.0;

/// How the window paints, once decided at its first frame (for the app's
/// own log: eframe's `log` lines may go nowhere).
static DECISION: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// "damage repaint on (renderer: llvmpipe ..., GLX)", once decided.
pub fn decision() -> Option<&'static str> {
    DECISION.get().map(String::as_str)
}

pub(crate) fn set_decision(words: String) {
    let _ = DECISION.set(words);
}

/// Whether frames are paced by eframe (`frame_interval`).
static PACED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The shortest time between two frames of a window, where nothing else
/// paces them: a software renderer has no vsync, so an egui animation (a
/// scroll bar fading in, a smooth scroll) asked for a frame as soon as
/// the last was done, 800 a second at 1.2 ms each. 60 a second is what a
/// screen shows.
pub fn frame_interval() -> Option<std::time::Duration> {
    PACED
        .load(std::sync::atomic::Ordering::Relaxed)
        .then_some(std::time::Duration::from_micros(16_667))
}

pub(crate) fn set_paced(paced: bool) {
    PACED.store(paced, std::sync::atomic::Ordering::Relaxed);
}

/// `KIBITZ_DAMAGE=verify`: partial frames checked against whole ones.
static VERIFIED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
static DIFFERED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
static MOST_PIXELS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A partial frame compared with the whole one: `pixels` differed.
pub(crate) fn record_verified(pixels: u64) {
    use std::sync::atomic::Ordering::Relaxed;
    VERIFIED.fetch_add(1, Relaxed);
    if pixels > 0 {
        DIFFERED.fetch_add(1, Relaxed);
    }
    MOST_PIXELS.fetch_max(pixels, Relaxed);
}

/// Partial frames verified, how many differed from the whole frame, and
/// the most pixels that differed in one.
pub fn verified() -> (u64, u64, u64) {
    use std::sync::atomic::Ordering::Relaxed;
    (
        VERIFIED.load(Relaxed),
        DIFFERED.load(Relaxed),
        MOST_PIXELS.load(Relaxed),
    )
}

/// What to paint of a frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Damage {
    /// Nothing changed.
    None,
    /// Only these rectangles (in points), apart from each other.
    Rects(Vec<Rect>),
    /// The whole window.
    Full,
}

/// The damage between the shapes of the frame last painted (`old`) and
/// this frame's (`new`), on a `screen` of this size (points).
pub fn damage(old: &[ClippedShape], new: &[ClippedShape], screen: Rect) -> Damage {
    damage_retextured(old, new, screen, &[])
}

/// The textures whose pixels a frame's texture updates change: every one
/// set or freed, but for glyphs added to the font atlas (egui puts them
/// where nothing was yet, and the white pixel every untextured shape
/// samples stays), which change nothing already on screen. Without this
/// a window whose text keeps meeting new glyphs (a clock, a move list)
/// painted a whole frame each time.
pub fn retextured(delta: &egui::TexturesDelta) -> Vec<TextureId> {
    let fonts = TextureId::default();
    let mut ids: Vec<TextureId> = delta
        .set
        .iter()
        .filter(|(id, images)| **id != fonts || images.iter().any(|image| image.pos.is_none()))
        .map(|(id, _)| *id)
        .chain(delta.free.iter().copied())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Whether two shapes paint the same. Text is compared by its galley's
/// pointer first: egui's layout cache hands back the same galley for the
/// same text, and comparing every glyph of every label in the window was
/// most of the cost of finding the damage.
fn same(a: &Shape, b: &Shape) -> bool {
    match (a, b) {
        (Shape::Text(a), Shape::Text(b)) if std::sync::Arc::ptr_eq(&a.galley, &b.galley) => {
            // Every field (a new one in egui fails to compile here).
            let egui::epaint::TextShape {
                pos,
                galley: _,
                underline,
                fallback_color,
                override_text_color,
                opacity_factor,
                angle,
            } = a;
            *pos == b.pos
                && *underline == b.underline
                && *fallback_color == b.fallback_color
                && *override_text_color == b.override_text_color
                && *opacity_factor == b.opacity_factor
                && *angle == b.angle
        }
        _ => a == b,
    }
}

/// Whether `shape` (or a shape within it) is painted with one of `ids`.
fn painted_with(shape: &Shape, ids: &[TextureId]) -> bool {
    match shape {
        Shape::Vec(shapes) => shapes.iter().any(|shape| painted_with(shape, ids)),
        shape => ids.contains(&shape.texture_id()),
    }
}

/// Shapes looked ahead for when the two frames part: a shape added or
/// taken out (a move list's new row, a captured piece) is found again
/// within this many.
const LOOK_AHEAD: usize = 24;

/// Whether two clipped shapes paint the same, in the same place.
fn matches(a: &ClippedShape, b: &ClippedShape) -> bool {
    a.clip_rect == b.clip_rect && same(&a.shape, &b.shape)
}

/// What of a shape shows: its bounds within its clip rectangle; `None`
/// for nothing (a no-op, an empty text), `Some(None)` for bounds that are
/// not finite (the whole window).
fn seen(clipped: &ClippedShape) -> Option<Option<Rect>> {
    let bounds = clipped.shape.visual_bounding_rect();
    if !bounds.is_positive() {
        return None;
    }
    if !bounds.is_finite() {
        return Some(None);
    }
    let seen = bounds.intersect(clipped.clip_rect);
    seen.is_positive().then_some(Some(seen))
}

/// [`damage`], where the textures `retextured` changed with this frame:
/// what is painted with them, before and now, is damaged too.
///
/// The two frames' shapes are walked side by side; where they part, a
/// few shapes ahead are looked at to find them together again (a shape
/// added or taken out), else the two shapes count as replaced. Every
/// shape not found in the other frame, in the same place and in the same
/// order, is damage where it shows. Only those are measured: a frame
/// differs from the last in a few shapes of thousands (a clock, a move),
/// and measuring and sorting all of them was most of the cost.
pub fn damage_retextured(
    old: &[ClippedShape],
    new: &[ClippedShape],
    screen: Rect,
    retextured: &[TextureId],
) -> Damage {
    // A callback paints what egui cannot see; a shape moved after
    // tessellation (a popup scaling in) is not where its bounds say.
    let unknown = |c: &ClippedShape| {
        matches!(c.shape, Shape::Callback(_))
            || c.transform_after_tessellation != egui::emath::TSTransform::IDENTITY
    };
    if new.iter().chain(old).any(unknown) {
        return Damage::Full;
    }
    let mut rects = Vec::new();
    // Where a shape shows is damaged; false: the whole window is.
    let damage_where = |clipped: &ClippedShape, rects: &mut Vec<Rect>| match seen(clipped) {
        None => true,
        Some(None) => false,
        Some(Some(seen)) => {
            rects.push(seen.expand(MARGIN));
            true
        }
    };
    if !retextured.is_empty() {
        for clipped in old.iter().chain(new) {
            if painted_with(&clipped.shape, retextured) && !damage_where(clipped, &mut rects) {
                return Damage::Full;
            }
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        if matches(&old[i], &new[j]) {
            i += 1;
            j += 1;
            continue;
        }
        // One mesh changed where it was (a board's squares with their
        // highlights): only its triangles that differ.
        if let (Shape::Mesh(a), Shape::Mesh(b)) = (&old[i].shape, &new[j].shape)
            && a.texture_id == b.texture_id
            && old[i].clip_rect == new[j].clip_rect
            && let (Some(Some(before)), Some(Some(now))) = (seen(&old[i]), seen(&new[j]))
            && before == now
        {
            rects.extend(
                changed_triangles(a, b)
                    .into_iter()
                    .map(|bounds| bounds.intersect(now).expand(MARGIN)),
            );
            i += 1;
            j += 1;
            continue;
        }
        let added = (1..=LOOK_AHEAD).find_map(|k| {
            if new.get(j + k).is_some_and(|b| matches(&old[i], b)) {
                Some((0, k))
            } else if old.get(i + k).is_some_and(|a| matches(a, &new[j])) {
                Some((k, 0))
            } else {
                None
            }
        });
        // Replaced: one shape each.
        let (gone, came) = added.unwrap_or((1, 1));
        for clipped in old[i..i + gone].iter().chain(&new[j..j + came]) {
            if !damage_where(clipped, &mut rects) {
                return Damage::Full;
            }
        }
        i += gone;
        j += came;
    }
    for clipped in old[i..].iter().chain(&new[j..]) {
        if !damage_where(clipped, &mut rects) {
            return Damage::Full;
        }
    }
    let rects: Vec<Rect> = rects
        .into_iter()
        .map(|r| r.intersect(screen))
        .filter(|r| r.is_positive())
        .collect();
    combined(rects, screen)
}

/// The bounds of the triangles that differ between two meshes: those
/// between their longest common start and end (so that triangles painted
/// in another order, over each other, count as changed). More than a few
/// hundred: the bounds of all of them, as one.
fn changed_triangles(old: &egui::Mesh, new: &egui::Mesh) -> Vec<Rect> {
    const MANY: usize = 256;
    fn triangle(mesh: &egui::Mesh, i: usize) -> [Option<&egui::epaint::Vertex>; 3] {
        let at = |k: usize| mesh.vertices.get(mesh.indices[3 * i + k] as usize);
        [at(0), at(1), at(2)]
    }
    let bounds = |mesh: &egui::Mesh, i: usize| {
        triangle(mesh, i)
            .into_iter()
            .fold(Rect::NOTHING, |r, v| match v {
                Some(v) => r.union(Rect::from_min_max(v.pos, v.pos)),
                None => Rect::EVERYTHING,
            })
    };
    let (old_count, new_count) = (old.indices.len() / 3, new.indices.len() / 3);
    let shorter = old_count.min(new_count);
    let start = (0..shorter)
        .take_while(|&i| triangle(old, i) == triangle(new, i))
        .count();
    let end = (0..shorter - start)
        .take_while(|&i| triangle(old, old_count - 1 - i) == triangle(new, new_count - 1 - i))
        .count();
    let changed: Vec<Rect> = (start..old_count - end)
        .map(|i| bounds(old, i))
        .chain((start..new_count - end).map(|i| bounds(new, i)))
        .collect();
    if changed.len() > MANY {
        vec![changed.into_iter().fold(Rect::NOTHING, Rect::union)]
    } else {
        changed
    }
}

/// What the back buffer holds as a frame begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackBuffer {
    /// The last frame painted (Mesa's software GLX copies a swap out and
    /// keeps the buffer).
    Kept,
    /// The frame painted this many frames ago (EGL's buffer age, as on
    /// Wayland); 0: unknown.
    Age(u32),
}

/// What to paint again of a frame whose own damage is `damage`, on a back
/// buffer holding `back`, the damage of the frames before being `history`
/// (newest first; `None` a whole frame): an older buffer is painted again
/// where the frames it missed changed it too. `None`: the whole window (a
/// buffer of unknown age, or one older than the history).
pub fn repaint(
    damage: &[Rect],
    history: &[Option<Vec<Rect>>],
    back: BackBuffer,
    screen: Rect,
) -> Option<Vec<Rect>> {
    let missed = match back {
        BackBuffer::Kept => return Some(damage.to_vec()),
        BackBuffer::Age(0) => return None,
        BackBuffer::Age(age) => age as usize - 1,
    };
    if missed == 0 {
        return Some(damage.to_vec());
    }
    let missed = history.get(..missed)?;
    let mut paint = damage.to_vec();
    for frame in missed {
        paint.extend_from_slice(frame.as_ref()?);
    }
    match combined(paint, screen) {
        Damage::None => Some(Vec::new()),
        Damage::Rects(rects) => Some(rects),
        Damage::Full => None,
    }
}

/// `rects` with those less than `gap` apart merged, until none are.
fn merged(mut rects: Vec<Rect>, gap: f32) -> Vec<Rect> {
    let mut changed = true;
    while changed {
        changed = false;
        let mut i = 0;
        while i < rects.len() {
            let mut j = i + 1;
            while j < rects.len() {
                if rects[i].expand(gap).intersects(rects[j]) {
                    let other = rects.swap_remove(j);
                    rects[i] = rects[i].union(other);
                    changed = true;
                } else {
                    j += 1;
                }
            }
            i += 1;
        }
    }
    rects
}

/// `rects` as painted: nothing, a few rectangles, or the whole window
/// where they cover too much of it. Rectangles close together are merged
/// (one draw beats two tiny ones); too many are merged across wider and
/// wider gaps, so that a scrolled list's rows become its column and the
/// board beside it stays a few squares (one box around them all was
/// most of the window).
pub fn combined(rects: Vec<Rect>, screen: Rect) -> Damage {
    if rects.is_empty() {
        return Damage::None;
    }
    let mut gap = MERGE_GAP;
    let mut rects = merged(rects, gap);
    while rects.len() > MAX_RECTS {
        gap *= 2.0;
        rects = merged(rects, gap);
    }
    let area: f32 = rects.iter().map(|r| r.area()).sum();
    if area > screen.area() * MAX_SHARE {
        Damage::Full
    } else {
        Damage::Rects(rects)
    }
}

/// The shapes to paint again in `rect`: those whose visible part touches
/// it, clipped to it (in painting order, so what lies over a changed shape
/// is painted over it again).
pub fn shapes_in(shapes: &[ClippedShape], rect: Rect) -> Vec<ClippedShape> {
    shapes_in_rects(shapes, &[rect])
}

/// [`shapes_in`] for each of `rects` in turn, each shape measured once.
pub fn shapes_in_rects(shapes: &[ClippedShape], rects: &[Rect]) -> Vec<ClippedShape> {
    // A point more: anti-aliasing feathers past the bounds.
    let bounds: Vec<Rect> = shapes
        .iter()
        .map(|clipped| clipped.shape.visual_bounding_rect().expand(1.0))
        .collect();
    let mut again = Vec::new();
    for rect in rects {
        for (clipped, bounds) in shapes.iter().zip(&bounds) {
            let clip = clipped.clip_rect.intersect(*rect);
            if bounds.intersect(clip).is_positive() {
                again.push(ClippedShape {
                    clip_rect: clip,
                    ..clipped.clone()
                });
            }
        }
    }
    again
}
