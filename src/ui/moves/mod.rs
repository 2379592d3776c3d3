//! The moves of a game as a person reads and steps through them: the
//! list, its rows, the lines tried on the board as variations.

pub mod list;
pub(crate) mod rows;
pub(crate) mod try_moves;
pub(crate) mod variation_rows;
