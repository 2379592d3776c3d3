//! What changed on screen between two frames (issue 35): the algorithm
//! lives in Kibitz's vendored eframe (`vendor/eframe/src/damage.rs`), whose
//! glow path paints only the damage; it is tested here.

pub use eframe::damage::{
    BackBuffer, Damage, damage, damage_retextured, repaint, retextured, shapes_in,
};

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
    fn a_shape_added_or_taken_out_damages_itself_only() {
        // A row added in the middle (a move list's), the rest the same.
        let old = frame(Color32::WHITE);
        let mut new = old.clone();
        new.insert(20, square(900.0, 500.0, 10.0, Color32::RED));
        let row = Rect::from_min_size(pos2(898.0, 498.0), vec2(14.0, 14.0));
        assert_eq!(damage(&old, &new, SCREEN), Damage::Rects(vec![row]));
        assert_eq!(damage(&new, &old, SCREEN), Damage::Rects(vec![row]));
        // Three taken out together, and one replaced further on.
        let mut fewer = old.clone();
        fewer.drain(5..8);
        fewer[40] = square(600.0, 700.0, 10.0, Color32::RED);
        let Damage::Rects(rects) = damage(&old, &fewer, SCREEN) else {
            panic!("some rectangles");
        };
        let area: f32 = rects.iter().map(|r| r.area()).sum();
        assert!(
            area < 4.0 * 64.0 * 64.0 + 14.0 * 14.0 + 64.0 * 64.0,
            "{rects:?}"
        );
    }

    #[test]
    fn two_shapes_painted_in_the_other_order_damage_where_they_meet() {
        let under = square(100.0, 100.0, 50.0, Color32::RED);
        let over = square(120.0, 120.0, 50.0, Color32::BLUE);
        let damage = damage(&[under.clone(), over.clone()], &[over, under], SCREEN);
        let Damage::Rects(rects) = damage else {
            panic!("{damage:?}");
        };
        assert!(
            rects.iter().any(|r| r.contains(pos2(135.0, 135.0))),
            "{rects:?}"
        );
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
        // Many small changes in two rows far apart (a list's rows
        // scrolled, say): merged into the two rows, not one box.
        let dots = |color| -> Vec<ClippedShape> {
            (0..40)
                .map(|i| square(10.0 * i as f32 + 1.0, (i % 2) as f32 * 300.0, 2.0, color))
                .collect()
        };
        let Damage::Rects(mut rects) = damage(&dots(Color32::RED), &dots(Color32::GREEN), SCREEN)
        else {
            panic!("rects");
        };
        rects.sort_by(|a, b| a.min.y.total_cmp(&b.min.y));
        assert_eq!(rects.len(), 2, "{rects:?}");
        assert!(rects[0].max.y < 10.0 && rects[1].min.y > 290.0, "{rects:?}");
        assert!(rects.iter().all(|r| r.width() > 380.0), "{rects:?}");
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

    /// A board's squares as one mesh (as `ui::board` paints them), with
    /// the last move's two squares highlighted.
    fn board_mesh(highlighted: [(usize, usize); 2]) -> Vec<ClippedShape> {
        let mut mesh = egui::Mesh::default();
        for i in 0..64 {
            let (file, rank) = ((i % 8) as f32, (i / 8) as f32);
            let at = Rect::from_min_size(
                pos2(10.0 + 60.0 * file, 10.0 + 60.0 * rank),
                vec2(60.0, 60.0),
            );
            mesh.add_colored_rect(at, Color32::BROWN);
        }
        for (file, rank) in highlighted {
            let at = Rect::from_min_size(
                pos2(10.0 + 60.0 * file as f32, 10.0 + 60.0 * rank as f32),
                vec2(60.0, 60.0),
            );
            mesh.add_colored_rect(at, Color32::YELLOW);
        }
        vec![ClippedShape {
            clip_rect: SCREEN,
            shape: Shape::mesh(mesh),
            transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
        }]
    }

    #[test]
    fn a_mesh_changed_in_a_few_triangles_damages_only_them() {
        // e2-e4, then e7-e5: the highlights move; the 64 squares stay.
        let before = board_mesh([(4, 6), (4, 4)]);
        let after = board_mesh([(4, 1), (4, 3)]);
        let Damage::Rects(rects) = damage(&before, &after, SCREEN) else {
            panic!("a few squares");
        };
        let area: f32 = rects.iter().map(|r| r.area()).sum();
        // Four squares (with margins), not the board's 480x480.
        assert!(area < 4.0 * 64.0 * 64.0 + 1.0, "{rects:?}");
        for square_centre in [(4, 6), (4, 4), (4, 1), (4, 3)]
            .map(|(f, r)| pos2(40.0 + 60.0 * f as f32, 40.0 + 60.0 * r as f32))
        {
            assert!(
                rects.iter().any(|r| r.contains(square_centre)),
                "{square_centre:?}"
            );
        }
        // A square not highlighted before or after is not painted again.
        assert!(!rects.iter().any(|r| r.contains(pos2(40.0, 40.0))));
    }

    #[test]
    fn glyphs_added_to_the_font_atlas_damage_nothing_a_new_image_what_shows_it() {
        let picture = egui::TextureId::Managed(7);
        let image = |x: f32| ClippedShape {
            clip_rect: SCREEN,
            shape: Shape::image(
                picture,
                Rect::from_min_size(pos2(x, 600.0), vec2(50.0, 50.0)),
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                Color32::WHITE,
            ),
            transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
        };
        let shapes = [frame(Color32::WHITE), vec![image(700.0)]].concat();
        let font_image = egui::ImageData::Color(std::sync::Arc::new(egui::ColorImage::filled(
            [4, 4],
            Color32::WHITE,
        )));
        // The textures a frame's updates change (the delta applied, as
        // eframe does, before it is dropped).
        let changed = |id, pos| {
            let mut delta = egui::TexturesDelta::default();
            delta.push(
                id,
                egui::epaint::ImageDelta {
                    image: font_image.clone(),
                    options: egui::TextureOptions::LINEAR,
                    pos,
                },
            );
            let ids = retextured(&delta);
            delta.clear();
            ids
        };
        // New glyphs where the atlas was empty: nothing on screen changes.
        let glyphs = changed(egui::TextureId::default(), Some([100, 0]));
        assert!(glyphs.is_empty());
        assert_eq!(
            damage_retextured(&shapes, &shapes, SCREEN, &glyphs),
            Damage::None
        );
        // The picture replaced: where it shows is painted again.
        let replaced = changed(picture, None);
        assert_eq!(replaced, [picture]);
        let Damage::Rects(rects) = damage_retextured(&shapes, &shapes, SCREEN, &replaced) else {
            panic!("the picture's rect");
        };
        assert_eq!(rects.len(), 1);
        assert!(rects[0].contains_rect(Rect::from_min_size(pos2(700.0, 600.0), vec2(50.0, 50.0))));
        // The font atlas rebuilt whole: every shape that samples it (the
        // board and the clock), not the picture.
        let rebuilt = changed(egui::TextureId::default(), None);
        let Damage::Rects(rects) = damage_retextured(&shapes, &shapes, SCREEN, &rebuilt) else {
            panic!("the board and the clock");
        };
        assert_eq!(rects.len(), 2, "{rects:?}");
        assert!(!rects.iter().any(|r| r.contains(pos2(725.0, 625.0))));
    }

    #[test]
    fn an_older_back_buffer_is_painted_again_where_the_frames_it_missed_changed() {
        let at = |x: f32| Rect::from_min_size(pos2(x, 10.0), vec2(20.0, 20.0));
        let now = [at(100.0)];
        // Newest first: the frame before changed 300, the one before it 500.
        let history = [Some(vec![at(300.0)]), Some(vec![at(500.0)]), None];
        // The last frame's buffer: only this frame's damage.
        assert_eq!(
            repaint(&now, &history, BackBuffer::Kept, SCREEN),
            Some(now.to_vec())
        );
        assert_eq!(
            repaint(&now, &history, BackBuffer::Age(1), SCREEN),
            Some(now.to_vec())
        );
        // Two frames old (a GPU's double buffer): the last frame's too.
        let mut two = repaint(&now, &history, BackBuffer::Age(2), SCREEN).expect("partial");
        two.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
        assert_eq!(two, [now[0], at(300.0)]);
        assert_eq!(
            repaint(&now, &history, BackBuffer::Age(3), SCREEN).map(|r| r.len()),
            Some(3)
        );
        // Older than a whole frame, older than remembered, or unknown: whole.
        assert_eq!(repaint(&now, &history, BackBuffer::Age(4), SCREEN), None);
        assert_eq!(repaint(&now, &history, BackBuffer::Age(9), SCREEN), None);
        assert_eq!(repaint(&now, &history, BackBuffer::Age(0), SCREEN), None);
        // Nothing changed now, on a buffer two frames old: what changed then.
        assert_eq!(
            repaint(&[], &history, BackBuffer::Age(2), SCREEN),
            Some(vec![at(300.0)])
        );
    }
}
