//! The lobby, as Kibitz knows it: what the server says beside the boards,
//! folded from events and replies (the widgets that show it are `ui/`'s).
//! The games and seeks lists, the players online, the user's friends and
//! their notices, a player's card, the server's events.

pub mod card;
pub mod events;
pub mod friends;
pub mod lists;
pub mod model;
pub mod players;
pub mod rematch;
pub mod server;
