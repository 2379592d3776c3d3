//! Whether the server is still there. A TCP connection can die without a
//! word (a laptop lid closed, Wi-Fi changed, a NAT that forgot the flow):
//! nothing closes the socket, reads just never return. So when the server
//! has said nothing for a while, the session asks it something cheap (a
//! blank line, which it answers with a prompt); no byte back in time and
//! the link is dead.
//!
//! Sans-IO like the session that holds it: bytes heard, the games on and
//! time go in; what to do (ask, tell the user, give up) comes out.
//!
//! The times: while a game is played or watched the loss must show within
//! [`QUIET_WITH_GAMES`] + [`ANSWER_WITHIN`] = 25 s (a player on the move
//! loses on time meanwhile), otherwise within [`QUIET`] + [`ANSWER_WITHIN`]
//! = 55 s. A slow but live server must never be taken for a dead one: the
//! old FICS, the slowest we know, answers a line within its 1-2 s wake-up
//! even at the end of a burst, so [`ANSWER_WITHIN`] leaves it several
//! times that.

use std::collections::BTreeSet;
use std::time::Duration;

use super::event::Event;
use super::message::Message;

/// Time since the session's origin (as in `session.rs`).
type Now = Duration;

/// Silence from the server, while a game is on, before the session asks.
/// A live game's boards come at least this often but for a long think;
/// a question costs one blank line.
pub const QUIET_WITH_GAMES: Duration = Duration::from_secs(10);
/// Silence before the session asks when no game is on.
pub const QUIET: Duration = Duration::from_secs(40);
/// How long the question may go unanswered before the link counts as dead.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// Silence allowed while logging in, where no question can be asked (a
/// blank line would be taken for the handle or the password): a server
/// that stops in the middle of a login (FatICS, when its kick of our dead
/// session fails) is left and tried again.
pub const LOGIN_SILENCE: Duration = Duration::from_secs(30);
/// How long the question may go unanswered before the user is told (a
/// prompt comes back in well under a second from a live server).
pub const TELL_AFTER: Duration = Duration::from_secs(3);
/// Games followed at most (more are still followed, as one "some").
const MAX_GAMES: usize = 1024;

/// What the session should do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Put the question on the wire.
    Ask,
    /// Tell the user the server has been silent since `heard_at`.
    TellQuiet { heard_at: Now },
    /// No answer: the link is dead, silent this long.
    Lost { silent: Duration },
}

#[derive(Debug, Clone)]
pub struct Liveness {
    heard_at: Now,
    /// The question went out at this moment, and nothing came since.
    asked_at: Option<Now>,
    /// The user was told of the silence (and is told when it ends).
    told: bool,
    /// Games whose boards come to us (played, observed, examined).
    games: BTreeSet<u32>,
    /// Checking is on (till the link is given up).
    on: bool,
    /// Logged in: questions can be asked.
    logged_in: bool,
}

impl Liveness {
    pub fn new(now: Now) -> Self {
        Liveness {
            heard_at: now,
            asked_at: None,
            told: false,
            games: BTreeSet::new(),
            on: true,
            logged_in: false,
        }
    }

    /// Logged in: from now on a silence is asked about.
    pub fn start(&mut self, now: Now) {
        self.logged_in = true;
        self.heard_at = now;
    }

    /// Bytes came from the server. True when the user was told of a
    /// silence that is now over.
    pub fn heard(&mut self, now: Now) -> bool {
        self.heard_at = now;
        self.asked_at = None;
        std::mem::take(&mut self.told)
    }

    /// Follows which games send boards: they set the shorter silence.
    pub fn follow(&mut self, event: &Event) {
        match event {
            Event::Board(board) if self.games.len() < MAX_GAMES => {
                self.games.insert(board.game);
            }
            Event::Message(
                Message::ObservationEnded { game }
                | Message::ExamineEnded { game }
                | Message::GameEnd(super::message::GameEnd { game, .. }),
            ) => {
                self.games.remove(game);
            }
            _ => {}
        }
    }

    /// Whether a game is on (played, watched or examined).
    pub fn games_on(&self) -> bool {
        !self.games.is_empty()
    }

    fn quiet_limit(&self) -> Duration {
        if self.games_on() {
            QUIET_WITH_GAMES
        } else {
            QUIET
        }
    }

    /// The next moment [`Self::step`] has something to do.
    pub fn deadline(&self) -> Option<Now> {
        if !self.on {
            return None;
        }
        if !self.logged_in {
            return Some(self.heard_at + LOGIN_SILENCE);
        }
        Some(match self.asked_at {
            None => self.heard_at + self.quiet_limit(),
            Some(asked) if !self.told => asked + TELL_AFTER,
            Some(asked) => asked + ANSWER_WITHIN,
        })
    }

    /// What is due at `now`, if anything.
    pub fn step(&mut self, now: Now) -> Option<Step> {
        if !self.on || now < self.deadline()? {
            return None;
        }
        if !self.logged_in {
            self.on = false;
            return Some(Step::Lost {
                silent: now.saturating_sub(self.heard_at),
            });
        }
        match self.asked_at {
            None => {
                self.asked_at = Some(now);
                Some(Step::Ask)
            }
            Some(_) if !self.told => {
                self.told = true;
                Some(Step::TellQuiet {
                    heard_at: self.heard_at,
                })
            }
            Some(_) => {
                self.on = false;
                Some(Step::Lost {
                    silent: now.saturating_sub(self.heard_at),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(secs: u64) -> Duration {
        Duration::from_secs(secs)
    }

    fn board(game: u32) -> Event {
        let line = format!(
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 {game} GuestA GuestB 0 3 0 39 39 180 180 1 none (0:00) none 0 0 0"
        );
        let board = crate::protocol::style12::Style12::parse(&line, false).expect("a board");
        Event::Board(Box::new(board))
    }

    #[test]
    fn no_question_during_the_login_but_a_limit_to_its_silence() {
        let mut live = Liveness::new(s(0));
        assert_eq!(live.deadline(), Some(LOGIN_SILENCE));
        live.heard(s(5));
        assert_eq!(live.step(s(34)), None);
        assert_eq!(live.step(s(35)), Some(Step::Lost { silent: s(30) }));
        assert_eq!(live.step(s(1000)), None);
    }

    #[test]
    fn silence_asks_then_tells_then_gives_up() {
        let mut live = Liveness::new(s(0));
        live.start(s(5));
        assert_eq!(live.deadline(), Some(s(5) + QUIET));
        assert_eq!(live.step(s(44)), None);
        assert_eq!(live.step(s(45)), Some(Step::Ask));
        assert_eq!(live.step(s(47)), None);
        assert_eq!(live.step(s(48)), Some(Step::TellQuiet { heard_at: s(5) }));
        assert_eq!(live.step(s(59)), None);
        assert_eq!(live.step(s(60)), Some(Step::Lost { silent: s(55) }));
        // Once.
        assert_eq!(live.step(s(100)), None);
    }

    #[test]
    fn an_answer_ends_the_question_and_the_told_silence() {
        let mut live = Liveness::new(s(0));
        live.start(s(0));
        assert_eq!(live.step(s(40)), Some(Step::Ask));
        assert!(!live.heard(s(41)), "answered before the user was told");
        assert_eq!(live.deadline(), Some(s(81)));
        assert_eq!(live.step(s(81)), Some(Step::Ask));
        assert!(matches!(live.step(s(84)), Some(Step::TellQuiet { .. })));
        assert!(live.heard(s(85)), "the told silence is over");
        assert_eq!(live.step(s(99)), None, "nothing lost");
    }

    #[test]
    fn a_game_on_shortens_the_silence_until_it_ends() {
        let mut live = Liveness::new(s(0));
        live.start(s(0));
        live.follow(&board(7));
        assert!(live.games_on());
        assert_eq!(live.deadline(), Some(QUIET_WITH_GAMES));
        live.follow(&Event::Message(Message::ObservationEnded { game: 7 }));
        assert!(!live.games_on());
        assert_eq!(live.deadline(), Some(QUIET));
        // The whole bound while a game is on.
        live.follow(&board(8));
        assert_eq!(live.step(s(10)), Some(Step::Ask));
        assert!(matches!(live.step(s(13)), Some(Step::TellQuiet { .. })));
        assert_eq!(live.step(s(25)), Some(Step::Lost { silent: s(25) }));
    }
}
