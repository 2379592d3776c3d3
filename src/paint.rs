//! Painting less: what changed between frames (issue 35, damage
//! repaint). The window's integration paints and presents only the
//! damaged rectangles where the platform lets it.

pub mod damage;
