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
            let seen = clipped.shape.visual_bounding_rect().intersect(clip);
            seen.is_positive().then(|| ClippedShape {
                clip_rect: clip,
                ..clipped.clone()
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, pos2, vec2};

    const SCREEN: Rect = Rect {
        min: pos2(0.0, 0.0),
        max: pos2(1180.0, 820.0),
    };

    fn square(x: f32, y: f32, side: f32, color: Color32) -> ClippedShape {
        ClippedShape {
            clip_rect: SCREEN,
            shape: Shape::rect_filled(
                Rect::from_min_size(pos2(x, y), vec2(side, side)),
                0.0,
                color,
            ),
            transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
        }
    }

    /// A board of 64 squares and a clock, as a frame has them.
    fn frame(clock: Color32) -> Vec<ClippedShape> {
        let mut shapes: Vec<ClippedShape> = (0..64)
            .map(|i| {
                let (file, rank) = ((i % 8) as f32, (i / 8) as f32);
                square(10.0 + 60.0 * file, 10.0 + 60.0 * rank, 60.0, Color32::BROWN)
            })
            .collect();
        shapes.push(square(600.0, 10.0, 40.0, clock));
        shapes
    }

    #[test]
    fn the_same_frame_damages_nothing() {
        assert_eq!(
            damage(&frame(Color32::WHITE), &frame(Color32::WHITE), SCREEN),
            Damage::None
        );
        // A shape that paints nothing (a no-op) is nowhere.
        let mut with_noop = frame(Color32::WHITE);
        with_noop.push(ClippedShape {
            shape: Shape::Noop,
            ..square(0.0, 0.0, 1.0, Color32::RED)
        });
        assert_eq!(
            damage(&frame(Color32::WHITE), &with_noop, SCREEN),
            Damage::None
        );
    }

    #[test]
    fn a_changed_clock_damages_its_own_rect_only() {
        let damage = damage(&frame(Color32::WHITE), &frame(Color32::GRAY), SCREEN);
        let Damage::Rects(rects) = damage else {
            panic!("{damage:?}");
        };
        assert_eq!(
            rects,
            [Rect::from_min_size(pos2(598.0, 8.0), vec2(44.0, 44.0))]
        );
    }

    #[test]
    fn a_moved_shape_damages_where_it_was_and_where_it_is() {
        let old = vec![square(100.0, 100.0, 10.0, Color32::RED)];
        let new = vec![square(400.0, 400.0, 10.0, Color32::RED)];
        let Damage::Rects(mut rects) = damage(&old, &new, SCREEN) else {
            panic!("two places");
        };
        rects.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
        assert_eq!(rects.len(), 2);
        assert!(rects[0].contains(pos2(105.0, 105.0)) && rects[1].contains(pos2(405.0, 405.0)));
        // Close together, they are one rectangle.
        let near = vec![square(112.0, 100.0, 10.0, Color32::RED)];
        assert!(matches!(damage(&old, &near, SCREEN), Damage::Rects(r) if r.len() == 1));
    }

    #[test]
    fn much_damage_or_a_callback_is_a_whole_frame() {
        // Most of the window recoloured.
        let old = vec![square(0.0, 0.0, 800.0, Color32::WHITE)];
        let new = vec![square(0.0, 0.0, 800.0, Color32::BLACK)];
        assert_eq!(damage(&old, &new, SCREEN), Damage::Full);
        // A callback's pixels are unknown.
        let callback = ClippedShape {
            shape: Shape::Callback(egui::PaintCallback {
                rect: Rect::from_min_size(pos2(0.0, 0.0), vec2(10.0, 10.0)),
                callback: std::sync::Arc::new(0_u8),
            }),
            ..square(0.0, 0.0, 1.0, Color32::RED)
        };
        assert_eq!(
            damage(
                std::slice::from_ref(&callback),
                std::slice::from_ref(&callback),
                SCREEN
            ),
            Damage::Full
        );
        // Many small changes far apart: one bounding box.
        let dots = |color| -> Vec<ClippedShape> {
            (0..40)
                .map(|i| square(10.0 * i as f32 + 1.0, (i % 2) as f32 * 300.0, 2.0, color))
                .collect()
        };
        let Damage::Rects(rects) = damage(&dots(Color32::RED), &dots(Color32::GREEN), SCREEN)
        else {
            panic!("rects");
        };
        assert_eq!(rects.len(), 1);
    }

    #[test]
    fn the_shapes_over_a_damaged_rect_are_painted_again_clipped_to_it() {
        let shapes = frame(Color32::WHITE);
        let rect = Rect::from_min_size(pos2(598.0, 8.0), vec2(44.0, 44.0));
        let again = shapes_in(&shapes, rect);
        // The clock, and the board's square it touches (its right column
        // ends at 490: none), nothing else.
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].clip_rect, rect);
        // A rect over a corner of four squares repaints the four.
        let corner = Rect::from_center_size(pos2(70.0, 70.0), vec2(4.0, 4.0));
        assert_eq!(shapes_in(&shapes, corner).len(), 4);
    }
}
