//! The parts of the app (each implements [`Part`] in its own file) held
//! together: the router loops over [`Parts::all`] and names none of them
//! in its event, reply, tick and repaint paths. (The windows over the
//! boards, `app/windows.rs`, hear nothing of the server: no part.)

use super::boards::Boards;
use super::card::Card;
use super::chrome::Chrome;
use super::computer::Computer;
use super::console_panel::ConsolePanel;
use super::feedback::Feedback;
use super::library::Library;
use super::lobby_panel::LobbyPanel;
use super::news::News;
use super::part::Part;

#[derive(Default)]
pub struct Parts {
    /// Everything shown of the games.
    pub boards: Boards,
    /// The connect form, the top bar, the window's title.
    pub chrome: Chrome,
    /// The lobby's lists, the wall, the panel.
    pub lobby: LobbyPanel,
    /// My games and the opening tree.
    pub library: Library,
    /// A player's card.
    pub card: Card,
    /// News above the boards.
    pub news: News,
    /// The console and the conversations.
    pub console: ConsolePanel,
    /// Sounds and the OS attention request.
    pub feedback: Feedback,
    /// Games against the computer.
    pub computer: Computer,
}

impl Parts {
    /// Every part, in the order they hear what happens (the boards first:
    /// a premove goes before anything else is done).
    pub fn all(&mut self) -> [&mut dyn Part; 9] {
        [
            &mut self.boards,
            &mut self.chrome,
            &mut self.lobby,
            &mut self.library,
            &mut self.card,
            &mut self.news,
            &mut self.console,
            &mut self.feedback,
            &mut self.computer,
        ]
    }
}
