//! The domain model over shakmaty: games, clocks and the store of them.

pub mod clock;
