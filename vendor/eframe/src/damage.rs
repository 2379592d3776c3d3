//! (Kibitz, issue 35: damage repaint; not part of upstream eframe.)
//!
//! What changed on screen between two frames, from the shapes egui
//! produced for each: the rectangles to paint again (a ticking clock's few
//! hundred pixels), nothing, or the whole window. Issue 35: a software
//! rasteriser spends >80 % of a frame filling pixels nobody changed; with
//! the damage known, a frame paints (and presents) only those rectangles.
//!
//! Shapes are matched by where they are (their clip rectangle and their
//! visual bounds): under one place the old and new shapes are compared in
//! order, and a place whose shapes differ is damaged, in its old and its
//! new bounds (a shape that moved damages both). A paint callback, whose
//! pixels egui cannot see, damages the whole window.

use std::collections::HashMap;

use egui::Rect;
use egui::epaint::{ClippedShape, Shape};

/// Pixels (points) around a changed shape painted again: anti-aliasing
/// feathers a shape by about one pixel outside its bounds.
const MARGIN: f32 = 2.0;
/// More rectangles than this are merged into their bounding box.
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

/// A shape's place: its clip rectangle and its visual bounds, as bits (a
/// float's bits compare and hash exactly).
type Place = [u32; 8];

fn place(clip: Rect, bounds: Rect) -> Place {
    [
        clip.min.x,
        clip.min.y,
        clip.max.x,
        clip.max.y,
        bounds.min.x,
        bounds.min.y,
        bounds.max.x,
        bounds.max.y,
    ]
    .map(f32::to_bits)
}

/// The damage between the shapes of the frame last painted (`old`) and
/// this frame's (`new`), on a `screen` of this size (points).
pub fn damage(old: &[ClippedShape], new: &[ClippedShape], screen: Rect) -> Damage {
    // A callback paints what egui cannot see; a shape moved after
    // tessellation (a popup scaling in) is not where its bounds say.
    let unknown = |c: &ClippedShape| {
        matches!(c.shape, Shape::Callback(_))
            || c.transform_after_tessellation != egui::emath::TSTransform::IDENTITY
    };
    if new.iter().chain(old).any(unknown) {
        return Damage::Full;
    }
    // The shapes under each place, old and new, in painting order.
    let mut places: HashMap<Place, (Vec<&Shape>, Vec<&Shape>, Rect)> = HashMap::new();
    for (shapes, is_new) in [(old, false), (new, true)] {
        for clipped in shapes {
            let bounds = clipped.shape.visual_bounding_rect();
            // Nothing to paint (a no-op, an empty text: `Rect::NOTHING`).
            if !bounds.is_positive() {
                continue;
            }
            if !bounds.is_finite() {
                return Damage::Full;
            }
            let seen = bounds.intersect(clipped.clip_rect);
            if !seen.is_positive() {
                continue;
            }
            let entry = places
                .entry(place(clipped.clip_rect, bounds))
                .or_insert_with(|| (Vec::new(), Vec::new(), seen));
            if is_new {
                entry.1.push(&clipped.shape);
            } else {
                entry.0.push(&clipped.shape);
            }
        }
    }
    let rects: Vec<Rect> = places
        .into_values()
        .filter(|(before, now, _)| before != now)
        .map(|(_, _, seen)| seen.expand(MARGIN).intersect(screen))
        .filter(|r| r.is_positive())
        .collect();
    limited(merged(rects), screen)
}

/// `rects` with those that overlap or nearly touch merged, until none do.
fn merged(mut rects: Vec<Rect>) -> Vec<Rect> {
    let mut changed = true;
    while changed {
        changed = false;
        'outer: for i in 0..rects.len() {
            for j in i + 1..rects.len() {
                if rects[i].expand(MERGE_GAP).intersects(rects[j]) {
                    let other = rects.swap_remove(j);
                    rects[i] = rects[i].union(other);
                    changed = true;
                    break 'outer;
                }
            }
        }
    }
    rects
}

/// The damage as painted: nothing, a few rectangles, or the whole window
/// where they are too many or too much of it.
fn limited(rects: Vec<Rect>, screen: Rect) -> Damage {
    if rects.is_empty() {
        return Damage::None;
    }
    let rects = if rects.len() > MAX_RECTS {
        vec![rects.iter().copied().fold(Rect::NOTHING, Rect::union)]
    } else {
        rects
    };
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
    shapes
        .iter()
        .filter_map(|clipped| {
            let clip = clipped.clip_rect.intersect(rect);
            // A point more: anti-aliasing feathers past the bounds.
            let bounds = clipped.shape.visual_bounding_rect().expand(1.0);
            let seen = bounds.intersect(clip);
            seen.is_positive().then(|| ClippedShape {
                clip_rect: clip,
                ..clipped.clone()
            })
        })
        .collect()
}
