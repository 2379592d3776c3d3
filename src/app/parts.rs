//! The parts of the app (each implements [`Part`] in its own file) held
//! together: the router loops over [`Parts::all`] and names none of them
//! in its event, reply, tick and repaint paths.

use super::boards::Boards;
use super::chrome::Chrome;
use super::console_panel::ConsolePanel;
use super::feedback::Feedback;
use super::part::Part;
use super::windows::Windows;

#[derive(Default)]
pub struct Parts {
    /// Everything shown of the games.
    pub boards: Boards,
    /// The connect form, the top bar, the lobby, the card, the title.
    pub chrome: Chrome,
    /// The console and the conversations.
    pub console: ConsolePanel,
    /// Sounds and the OS attention request.
    pub feedback: Feedback,
    /// Settings, the dialogs, the position editor, the file dialog.
    pub windows: Windows,
}

impl Parts {
    /// Every part, in the order they hear what happens (the boards first:
    /// a premove goes before anything else is done).
    pub fn all(&mut self) -> [&mut dyn Part; 4] {
        [
            &mut self.boards,
            &mut self.chrome,
            &mut self.console,
            &mut self.feedback,
        ]
    }
}
