//! What changed on screen between two frames (issue 35): the algorithm
//! lives in Kibitz's vendored eframe (`vendor/eframe/src/damage.rs`), whose
//! glow path paints only the damage; it is tested here.

pub use eframe::damage::{Damage, damage, shapes_in};

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Rect;
    use egui::epaint::{ClippedShape, Shape};
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
