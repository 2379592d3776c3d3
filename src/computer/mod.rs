//! Games against the computer, played without a server: the terms the
//! user chose, and Kibitz's own referee, which speaks to the rest of the
//! app as a server would (style-12 boards, the game's end) so the game
//! is shown, played and archived as any other.

pub mod board_line;
pub mod fischer_random;
pub mod move_words;
pub mod referee;
pub mod terms;
pub mod verdict;
