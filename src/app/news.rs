//! News above the boards and to the screen reader: a friend came or left
//! or started a game, an adjourned game's opponent is online (with a
//! Resume), a bughouse partnership formed or ended, a followed player's
//! doings.

use crate::game::Effect;
use crate::game::store::Change;
use crate::lobby::friends::Notice;
use crate::lobby::server::ServerFamily;
use crate::protocol::adjourned::AdjournedLine;
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::message::Message;
use crate::protocol::notice::{FollowNews, Notice as ServerNotice};
use crate::protocol::partnership::Partnership;
use crate::ui::lobby::friends::{NoticeAction, notice_ui};

use super::part::{Cx, Part};
use super::want::Want;

#[derive(Default)]
pub struct News {
    /// The notice above the boards, if any.
    notice: Option<Notice>,
    /// Opponents whose game cut off by the dropped link we asked to
    /// resume by ourselves, till the game comes.
    resuming: Vec<String>,
    /// On the old FICS, the challenge that resumes each cut-off game on
    /// its own terms (by opponent).
    resume_with: Vec<(String, String)>,
}

impl News {
    /// The notice above the boards: Observe (or Resume) gives its command.
    pub fn notice_ui(&mut self, ui: &mut egui::Ui) -> Option<Command> {
        let notice = self.notice.as_ref()?;
        match notice_ui(ui, notice)? {
            NoticeAction::Send(command) => {
                self.notice = None;
                Some(command)
            }
            NoticeAction::Dismiss => {
                self.notice = None;
                None
            }
        }
    }

    /// The connection is gone: news of the session's people no longer
    /// holds (a friend "arrived" on a server the user left).
    pub fn connection_lost(&mut self) {
        self.notice = None;
        self.resuming.clear();
        self.resume_with.clear();
    }

    /// After a reconnect, the server has adjourned our game that the
    /// dropped connection cut off, and its opponent is online: the cut-off
    /// panel ends as adjourned (and gives way to the game resumed), and the
    /// game is resumed by itself (`match NAME` asks the opponent), as the
    /// user would have it. Not on the old FICS (rpblc): it cannot read its
    /// adjourned games back (it writes them without the clocks it reads
    /// first) and takes `match NAME` for a new challenge on its default
    /// terms, so there Resume stays the user's to press.
    fn resume_interrupted(&mut self, cx: &Cx<'_>, online: &[String]) -> Vec<Want> {
        let mut wants = Vec::new();
        for (game, opponent) in cx.store.interrupted_own() {
            if !online
                .iter()
                .any(|name| name.eq_ignore_ascii_case(&opponent))
            {
                continue;
            }
            let now = cx.now;
            if cx.family == ServerFamily::OldFics {
                // Its Resume asks for the same terms: where the server
                // starts a new game instead, not one on its defaults
                // (rated 2 12, colours swapped).
                if let Some(line) = cx.store.same_terms(game, &opponent) {
                    self.resume_with.push((opponent.clone(), line));
                }
                wants.push(Want::Change(Change::AdjournedWhileAway { game, now }));
                continue;
            }
            wants.push(Want::Change(Change::AdjournedWhileAway { game, now }));
            wants.push(Want::Send(Command::Resume(opponent.clone())));
            let words = format!("Resuming your game with {opponent}");
            self.notice = Some(Notice::with_game(words.clone(), None));
            wants.push(Want::Say(words));
            self.resuming.push(opponent);
        }
        wants
    }

    /// A game with an opponent we asked to resume began. Continuing: done.
    /// A new game: the server could not restore the adjourned one (the old
    /// FICS built without timeseal cannot read its own adjourned games) and
    /// took `match NAME` for a new challenge, which the opponent accepted.
    /// The user did not ask for it: said, and an abort offered.
    fn resumed(&mut self, white: &str, black: &str, continuing: bool) -> Vec<Want> {
        let Some(at) = self
            .resuming
            .iter()
            .position(|name| name.eq_ignore_ascii_case(white) || name.eq_ignore_ascii_case(black))
        else {
            return Vec::new();
        };
        let opponent = self.resuming.remove(at);
        if continuing {
            self.notice = None;
            return Vec::new();
        }
        let words = format!(
            "The server could not resume your game with {opponent} and started a new one: abort offered"
        );
        self.notice = Some(Notice::with_game(words.clone(), None));
        vec![Want::Send(Command::Abort), Want::Say(words)]
    }

    /// Tells of a friend: the notice above the boards and the live region.
    fn tell_friend(&mut self, text: String, game: Option<u32>) -> Want {
        self.notice = Some(Notice::with_game(text.clone(), game));
        Want::Say(text)
    }

    /// Opponents of our adjourned games are online: a notice with a
    /// Resume for each (at most three: the rest are named).
    fn tell_adjourned(&mut self, opponents: &[String], arrived: bool) -> Option<Want> {
        // Named once each (the server names an opponent once per game).
        let mut unique: Vec<String> = Vec::new();
        for name in opponents {
            if !unique.iter().any(|u| u.eq_ignore_ascii_case(name)) {
                unique.push(name.clone());
            }
        }
        let opponents = unique.as_slice();
        let first = opponents.first()?;
        let text = if arrived {
            format!("{first} arrived: you have an adjourned game")
        } else if opponents.len() == 1 {
            format!("You have an adjourned game with {first}, who is online")
        } else {
            format!(
                "You have adjourned games with {}, who are online",
                opponents.join(", ")
            )
        };
        let resume_with = &self.resume_with;
        let resume = |handle: &String| {
            let label = format!("Resume against {handle}");
            let same_terms = resume_with
                .iter()
                .find(|(who, _)| who.eq_ignore_ascii_case(handle))
                .map(|(_, line)| Command::Raw(line.clone()));
            (
                label,
                same_terms.unwrap_or_else(|| Command::Resume(handle.clone())),
            )
        };
        let buttons = opponents.iter().take(3).map(resume).collect();
        self.notice = Some(Notice {
            text: text.clone(),
            buttons,
        });
        Some(Want::Say(text))
    }
}

/// News comes of the server's events.
impl Part for News {
    fn on_event(&mut self, cx: &Cx<'_>, event: &Event, _effects: &[Effect]) -> Vec<Want> {
        let said = match event {
            Event::Presence(presence) if presence.notify => {
                let what = if presence.arrived { "arrived" } else { "left" };
                Some(self.tell_friend(format!("{} {what}", presence.handle), None))
            }
            Event::GameNotification(n) => {
                let text = format!(
                    "{} vs. {} started game {} ({})",
                    n.white, n.black, n.game, n.description
                );
                Some(self.tell_friend(text, Some(n.game)))
            }
            Event::Adjourned(AdjournedLine::OpponentsOnline { names, .. }) => {
                let mut wants = self.resume_interrupted(cx, names);
                if !self.resuming.is_empty() {
                    return wants;
                }
                wants.extend(self.tell_adjourned(names, false));
                return wants;
            }
            Event::Adjourned(AdjournedLine::OpponentArrived { handle }) => {
                let names = std::slice::from_ref(handle);
                let mut wants = self.resume_interrupted(cx, names);
                if !self.resuming.is_empty() {
                    return wants;
                }
                wants.extend(self.tell_adjourned(names, true));
                return wants;
            }
            Event::Message(Message::GameCreated {
                white,
                black,
                continuing,
                ..
            }) => return self.resumed(white, black, *continuing),
            Event::Partnership(Partnership::Formed { partner }) => {
                Some(Want::Say(format!("{partner} is your bughouse partner")))
            }
            Event::Partnership(Partnership::Ended { text }) => Some(Want::Say(text.clone())),
            Event::Notice(ServerNotice::Following { handle, news }) => {
                Some(Want::Say(following_words(handle, news)))
            }
            _ => None,
        };
        said.into_iter().collect()
    }
}

/// What a followed player did, in words.
fn following_words(handle: &str, news: &FollowNews) -> String {
    match news {
        // Its board comes: the server observes it for us.
        FollowNews::StartedGame { opponent, partner } => match partner {
            Some(partner) => {
                format!("Following {handle}: partner {partner} started a game with {opponent}")
            }
            None => format!("Following {handle}: started a game with {opponent}"),
        },
        FollowNews::StartedExamining => format!("Following {handle}: started examining a game"),
        FollowNews::LoggedOut => format!("{handle}, whom you followed, logged out"),
    }
}
