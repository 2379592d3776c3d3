//! The domain model over shakmaty: games, clocks and the store of them.

pub mod claims;
pub mod clock;
#[allow(clippy::module_inception)] // `game::game::Game` reads fine from outside as `game::Game`
pub mod game;
pub mod marks;
pub mod material;
pub mod offers;
pub mod opening;
pub mod passes;
pub mod review;
pub mod rules;
pub mod snapshot;
pub mod store;
pub mod terms;
pub mod timeline;
pub mod typed_move;
pub mod variant;
pub mod variation;

pub use clock::{Clock, Now};
pub use game::{Game, Outcome, Player, Ply, Source};
pub use store::{Change, Effect, GameStore};
