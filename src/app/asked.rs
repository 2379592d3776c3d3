//! Kibitz's own requests still waiting for their replies, and who asked
//! each: the reply (an `Event::Reply` addressed to the request's id) goes
//! to that part only. The user's commands are not here: their replies are
//! the console's.

use std::collections::BTreeMap;

use crate::protocol::command::Command;
use crate::protocol::request::{Request, RequestId};
use crate::protocol::who::WhoCategory;

/// Requests remembered at most (a reply never read must not grow this).
const MAX_WAITING: usize = 1024;

/// Who waits for a reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asker {
    /// The games list (the lobby's tab and the wall).
    Games,
    /// The lobby's seeks.
    Seeks,
    /// The players list, one rating category.
    Players(WhoCategory),
    /// The player card of this handle.
    Card(String),
    /// The friends (the notify list).
    Friends,
    /// "Examine" on a finished game of ours: our history.
    ExamineLookup,
    /// Our `observe` of this game (the wall's, or again after a reconnect).
    Observe(u32),
    /// Nobody reads the reply (a mark's kibitz, `moves N`, whose list the
    /// store reads as it passes); it stays out of the console.
    Nobody,
}

#[derive(Debug, Default)]
pub struct Asked {
    last: u64,
    /// Oldest first (ids grow), with the command asked.
    waiting: BTreeMap<RequestId, (Asker, Command)>,
}

impl Asked {
    /// A new request of `asker`'s: its id.
    pub fn ask(&mut self, asker: Asker, command: &Command) -> RequestId {
        self.last += 1;
        let id = RequestId(self.last);
        if self.waiting.len() >= MAX_WAITING {
            self.waiting.pop_first();
        }
        self.waiting.insert(id, (asker, command.clone()));
        id
    }

    /// The reply to `id` came: who waited for it.
    pub fn answered(&mut self, id: RequestId) -> Option<Asker> {
        self.waiting.remove(&id).map(|(asker, _)| asker)
    }

    /// The requests whose replies have not come, oldest first.
    pub fn waiting(&self) -> impl Iterator<Item = Request> + '_ {
        self.waiting
            .iter()
            .map(|(&id, (_, command))| Request::kibitz(id, command.clone()))
    }

    /// The games of our `observe`s not answered yet.
    pub fn observes(&self) -> impl Iterator<Item = u32> + '_ {
        self.waiting.values().filter_map(|(asker, _)| match asker {
            Asker::Observe(game) => Some(*game),
            _ => None,
        })
    }

    /// The connection is gone: what was asked on it is never answered.
    pub fn forget(&mut self) {
        self.waiting.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_goes_to_its_asker_once() {
        let mut asked = Asked::default();
        let games = asked.ask(Asker::Games, &Command::Games);
        let card = asked.ask(Asker::Card("BotA".into()), &Command::Finger("BotA".into()));
        let nobody = asked.ask(Asker::Nobody, &Command::Moves(5));
        assert_ne!(games, card);
        assert_eq!(asked.waiting().count(), 3);
        assert_eq!(asked.answered(card), Some(Asker::Card("BotA".into())));
        assert_eq!(asked.answered(card), None);
        assert_eq!(asked.answered(nobody), Some(Asker::Nobody));
        assert_eq!(asked.answered(games), Some(Asker::Games));
        assert_eq!(asked.waiting().count(), 0);
    }

    #[test]
    fn observes_are_listed_until_answered_or_forgotten() {
        let mut asked = Asked::default();
        let observe = |game| Command::Observe(crate::protocol::command::ObserveTarget::Game(game));
        let three = asked.ask(Asker::Observe(3), &observe(3));
        asked.ask(Asker::Observe(4), &observe(4));
        assert_eq!(asked.observes().collect::<Vec<_>>(), [3, 4]);
        asked.answered(three);
        assert_eq!(asked.observes().collect::<Vec<_>>(), [4]);
        asked.forget();
        assert_eq!(asked.observes().count(), 0);
    }

    #[test]
    fn waiting_is_bounded() {
        let mut asked = Asked::default();
        let first = asked.ask(Asker::Games, &Command::Games);
        for _ in 0..MAX_WAITING {
            asked.ask(Asker::Seeks, &Command::Sought);
        }
        assert_eq!(asked.answered(first), None);
    }
}
