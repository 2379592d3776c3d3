//! What a part wants done beyond its own state: one type for all of it,
//! carried out in one place (`KibitzApp::run`). A part returns wants; it
//! never reaches into another part.

use crate::archive::read::ArchivedGame;
use crate::game::{Effect, Game};
use crate::protocol::command::{Command, ObserveTarget};

use super::asked::Asker;

#[derive(Debug)]
pub enum Want {
    /// A command of the user's: echoed in the console, then sent.
    Send(Command),
    /// A request of Kibitz's own: not echoed, its reply to `Asker` only.
    Ask(Asker, Command),
    /// Words for the screen reader's live region.
    Say(String),
    /// A desktop notification (the window is not in front).
    Notify(crate::notifications::Note),
    /// The window brought to the front (a notification was acted on).
    Raise,
    /// A notification whose news is over (by its tag), closed.
    CloseNote(u64),
    /// A player's card, opened beside the boards and filled.
    OpenCard(String),
    /// A game that ended (by number), or one given up, into the archive.
    ArchiveEnded(u32),
    Archive(Box<Game>),
    /// A game of the archive (or a file) on a review board of its own;
    /// `source` names it where it cannot be opened ("that game", a file).
    Review {
        game: Box<ArchivedGame>,
        source: String,
    },
    /// The board with the keyboard shows the position after this many of
    /// its game's moves (a review board just opened at a moment).
    BrowseFocused(usize),
    /// The archive read again for My games.
    ReloadMyGames,
    /// The position editor, on this FEN (None: the start position).
    SetUp(Option<String>),

    /// The system's file dialog, for a PGN file.
    PickFile,
    /// Session recording on or off.
    Record(bool),
    /// Free tiling of the boards on or off.
    FreeTiling(bool),
    /// End the session.
    LogOut,
    /// The session is over: back to the connect form.
    Connect,
    /// A game's tile taken off the screen (and its game out of the store).
    CloseGame(u32),
    /// The user unobserved or closed an observed game (its players).
    Dismissed {
        game: u32,
        players: (String, String),
        closed: bool,
    },
    /// The server refused the login: a remembered password for it is
    /// forgotten (it would fail again at every start).
    LoginRefused,
    /// Logged in and set up: the session's own first steps (games observed
    /// before a reconnect, those asked for on the command line).
    SessionReady,
    /// This server does not speak timeseal: remembered in its profile.
    WithoutTimeseal(String),
    /// A note of Kibitz's own in the console.
    Note(String),
    /// The conversation with this player shown, ready to type in.
    TalkTo(String),
    /// The Match dialog, to challenge this player.
    Challenge(String),
    /// The lobby opens at My games (a file's games were listed there).
    ShowMyGames,
    /// The store changed through its other door (the user's or the
    /// session's doing); the parts hear what it changed.
    Change(crate::game::Change),
    /// A line as if from a server (a game against the computer's):
    /// applied to the store, heard by every part.
    Apply(Box<crate::protocol::event::Event>),
    /// The Play the computer dialog, from this position (FEN) and in
    /// this variant where given.
    OfferComputerGame {
        fen: Option<String>,
        variant: Option<crate::computer::terms::ComputerVariant>,
    },
    /// A game against the computer under these terms.
    PlayComputer(Box<crate::computer::terms::ComputerTerms>),
}

impl Want {
    /// What the store's effects ask for: its own requests (`moves N`, not
    /// echoed; the store reads the list as it passes) and the archive.
    pub fn of_effect(effect: &Effect) -> Option<Want> {
        match effect {
            Effect::Send(command) => Some(Want::Ask(Asker::Nobody, command.clone())),
            Effect::Ended(number) => Some(Want::ArchiveEnded(*number)),
            Effect::Retired(game) => Some(Want::Archive(game.clone())),
            // A mark on an examined board: the others see it by a kibitz.
            Effect::Marked {
                change,
                shared: true,
                ..
            } => Some(Want::Ask(
                Asker::Nobody,
                Command::Kibitz(crate::protocol::marks::mark_text(*change)),
            )),
            Effect::Started(_)
            | Effect::Moved { .. }
            | Effect::Marked { .. }
            | Effect::Fresh(_)
            | Effect::Closed(_) => None,
        }
    }

    /// Observe a game for Kibitz's own reasons (the wall, again after a
    /// reconnect): a refusal comes back to the asker.
    pub fn observe(game: u32) -> Want {
        let command = Command::Observe(ObserveTarget::Game(game));
        Want::Ask(Asker::Observe(game), command)
    }

    /// Each of the store's effects that asks for something.
    pub fn of_effects(effects: &[Effect]) -> Vec<Want> {
        effects.iter().filter_map(Want::of_effect).collect()
    }
}

/// A listed game opened on a review board: read whole from its file
/// (only its tags were listed); said where the file no longer holds it.
pub fn review(listed: &crate::archive::listed::ListedGame, source: String) -> Want {
    match crate::archive::read::with_moves(listed) {
        Some(game) => Want::Review {
            game: Box::new(game),
            source,
        },
        None => Want::Say(format!(
            "Cannot open {source}: its file changed since it was listed (Reload)"
        )),
    }
}
