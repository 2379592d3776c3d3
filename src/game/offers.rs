//! Offers to the user (draw, abort, adjourn, takeback, a match): kept from
//! the server's prose line or its `<pf>` line (one entry per offer on
//! servers that send both), dropped when answered, withdrawn (`<pr>`) or
//! when the game between the two ends. Shown in the game's panel, or in
//! the bar above the boards when no panel shows the offerer's game
//! (`ui/offers.rs` draws the bar; this is the model and its words).
//!
//! The user's own offers (a challenge, mostly) are kept too, from `<pt>`
//! or the `Issuing:` line, until answered, withdrawn or void; the bar
//! shows them with a Withdraw button. A `pending` listing replaces both
//! lists with what the server says is waiting.

use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::game_type::GameType;
use crate::protocol::message::{Message, ProseOffer};
use crate::protocol::notice::Notice;
use crate::protocol::offer::{MatchOfferParams, OfferKind, OfferLine, parse_match_params};
use crate::protocol::pending::{PendingLine, PendingRow};

/// An offer to the user that a panel can answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingOffer {
    pub from: String,
    /// `draw`, `abort`, `takeback` ...
    pub kind: String,
    pub accept: Command,
    pub decline: Command,
    /// A challenge to a game (from the opponent of a game just played: a
    /// rematch).
    pub challenge: bool,
}

/// The offers waiting for an answer, oldest first; each with its server
/// id when the server gave one.
#[derive(Debug, Default)]
pub struct Offers {
    waiting: Vec<Waiting>,
    /// The user's offers waiting for the other's answer, oldest first.
    made: Vec<Made>,
}

/// An offer to the user.
#[derive(Debug, Clone)]
struct Waiting {
    /// Its number, where the server gave one.
    id: Option<u32>,
    what: OfferKind,
    offer: PendingOffer,
}

/// An offer the user made.
#[derive(Debug, Clone, PartialEq)]
struct Made {
    /// Its number, where the server gave one (`<pt>`, freechess.org's
    /// `pending`).
    id: Option<u32>,
    to: String,
    kind: OfferKind,
    /// A challenge's terms, as written.
    terms: String,
}

impl Made {
    /// A draw or takeback offer in a game of ours: its panel shows it.
    fn on_a_board(&self, live: &[String]) -> bool {
        self.kind != OfferKind::Match && live.contains(&self.to)
    }

    fn withdraw(&self) -> Command {
        match self.id {
            Some(id) => Command::Withdraw(Some(id)),
            None => Command::WithdrawTo(self.to.clone()),
        }
    }

    fn describe(&self) -> String {
        match &self.kind {
            OfferKind::Match if self.terms.is_empty() => format!("Your challenge to {}", self.to),
            OfferKind::Match => format!("Your challenge to {}: {}", self.to, self.terms),
            OfferKind::Partner => format!("You offered {} to be partners", self.to),
            OfferKind::Draw => format!("You offered {} a draw", self.to),
            OfferKind::Takeback => format!("You asked {} to take back", self.to),
            OfferKind::Other(what) => format!("You offered {} {what}", self.to),
            other => format!("You asked {} to {}", self.to, offer_kind_name(other)),
        }
    }
}

impl Offers {
    /// Folds an event in; a new offer is returned as (who, what) for the
    /// announcement.
    pub fn apply(&mut self, event: &Event) -> Option<(String, String)> {
        match event {
            Event::Message(Message::OfferReceived { from, offer: prose }) => {
                let (kind, accept, decline) = match prose {
                    ProseOffer::Draw => ("draw".to_owned(), Command::Draw, Command::Decline(None)),
                    ProseOffer::Abort => {
                        ("abort".to_owned(), Command::Abort, Command::Decline(None))
                    }
                    ProseOffer::Adjourn => (
                        "adjourn".to_owned(),
                        Command::Accept(None),
                        Command::Decline(None),
                    ),
                    ProseOffer::Takeback { .. } => (
                        "takeback".to_owned(),
                        Command::Accept(None),
                        Command::Decline(None),
                    ),
                    ProseOffer::Match { text } => (
                        parse_match_params(text)
                            .map_or_else(|| "a match".to_owned(), |terms| challenge_words(&terms)),
                        Command::Accept(None),
                        Command::Decline(None),
                    ),
                    ProseOffer::Partner => (
                        "to be your bughouse partner".to_owned(),
                        Command::Partner(Some(from.clone())),
                        Command::Decline(None),
                    ),
                };
                let offer = PendingOffer {
                    from: from.clone(),
                    kind,
                    accept,
                    decline,
                    challenge: offer_kind_of(prose) == OfferKind::Match,
                };
                self.push(None, offer_kind_of(prose), offer)
            }
            Event::Offer(OfferLine::From(offer)) => {
                let pending = PendingOffer {
                    from: offer.player.clone(),
                    kind: match offer.kind {
                        OfferKind::Match => offer
                            .match_params
                            .as_ref()
                            .map_or_else(|| format!("a match: {}", offer.params), challenge_words),
                        OfferKind::Partner => "to be your bughouse partner".to_owned(),
                        ref other => offer_kind_name(other),
                    },
                    accept: Command::Accept(Some(offer.id)),
                    decline: Command::Decline(Some(offer.id)),
                    challenge: offer.kind == OfferKind::Match,
                };
                // The prose line of the same offer came first on servers with
                // both (and was announced then).
                let before = self.waiting.len();
                self.waiting
                    .retain(|w| !(w.id.is_none() && w.offer.from == pending.from));
                let new = self.waiting.len() == before;
                self.push(Some(offer.id), offer.kind.clone(), pending)
                    .filter(|_| new)
            }
            Event::Offer(OfferLine::Removed(id)) => {
                self.waiting.retain(|w| w.id != Some(*id));
                self.made.retain(|m| m.id != Some(*id));
                None
            }
            Event::Offer(OfferLine::To(offer)) => {
                self.made(Made {
                    id: Some(offer.id),
                    to: offer.player.clone(),
                    kind: offer.kind.clone(),
                    terms: offer.params.clone(),
                });
                None
            }
            Event::Notice(notice) => {
                self.notice(notice);
                None
            }
            Event::Message(Message::OfferDeclined { by, what }) => {
                // The old FICS's counter-offer: "declines your match offer a
                // match with these parameters:" (a new challenge follows).
                self.made
                    .retain(|m| !(m.to == *by && what.starts_with(&offer_kind_name(&m.kind))));
                None
            }
            Event::Message(Message::GameCreated { white, black, .. }) => {
                // A challenge between the two became this game, whoever
                // made it (the old FICS sends no `<pr>` for an accepted
                // challenge: its bar stayed over the new game's board).
                let between = |who: &str| who == white || who == black;
                self.made
                    .retain(|m| !(m.kind == OfferKind::Match && between(&m.to)));
                self.waiting
                    .retain(|w| !(w.what == OfferKind::Match && between(&w.offer.from)));
                None
            }
            Event::Pending(line) => self.listed(line),
            _ => None,
        }
    }

    /// The user's challenge went out, or is off.
    fn notice(&mut self, notice: &Notice) {
        match notice {
            Notice::ChallengeIssued { to, terms } => self.made(Made {
                id: None,
                to: to.clone(),
                kind: OfferKind::Match,
                terms: terms.clone(),
            }),
            // The challenge never went (or is void).
            Notice::ChallengeOff { to: handle }
            | Notice::NotOnline { handle }
            | Notice::NotOpen { handle, .. } => self
                .made
                .retain(|m| !(m.kind == OfferKind::Match && m.to.eq_ignore_ascii_case(handle))),
            // Servers without `<pr>`: the prose offer goes (a numbered one
            // goes with its `<pr>`).
            Notice::OfferWithdrawn { by, what } => self.waiting.retain(|w| {
                let same = offer_kind_name(&w.what) == *what;
                !(w.id.is_none() && w.offer.from == *by && same)
            }),
            // Every offer of that kind from that player, numbered or not
            // (the old FICS declines them for the user's move, and takes
            // an accepted takeback, with no `<pr>`).
            Notice::OfferAnswered { from, what } => self
                .waiting
                .retain(|w| !(w.offer.from == *from && offer_kind_name(&w.what) == *what)),
            _ => {}
        }
    }

    /// One offer the user made: a newer word of the same offer replaces the
    /// older (the `Issuing:` line and its `<pt>`; updated terms).
    fn made(&mut self, made: Made) {
        let same = |m: &Made| {
            m.to == made.to && m.kind == made.kind && (m.id.is_none() || m.id == made.id)
        };
        match self.made.iter_mut().find(|m| same(m)) {
            Some(m) => {
                m.id = made.id.or(m.id);
                m.terms = made.terms;
            }
            None => self.made.push(made),
        }
    }

    /// A line of the `pending` listing: a section replaces its list.
    fn listed(&mut self, line: &PendingLine) -> Option<(String, String)> {
        match line {
            PendingLine::Section {
                to_others: true, ..
            } => self.made.clear(),
            PendingLine::Section {
                to_others: false, ..
            } => self.waiting.clear(),
            PendingLine::Row(row) if row.by_me => self.made(Made {
                id: row.number,
                to: row.player.clone(),
                kind: row.kind.clone(),
                terms: if row.kind == OfferKind::Match {
                    row.text.clone()
                } else {
                    String::new()
                },
            }),
            PendingLine::Row(row) => {
                let offer = listed_offer(row);
                let known = self
                    .waiting
                    .iter()
                    .any(|w| w.id == row.number && w.offer.from == offer.from);
                if !known {
                    // Listed, not news: nothing announced.
                    self.waiting.push(Waiting {
                        id: row.number,
                        what: row.kind.clone(),
                        offer,
                    });
                }
            }
        }
        None
    }

    fn push(
        &mut self,
        id: Option<u32>,
        what: OfferKind,
        offer: PendingOffer,
    ) -> Option<(String, String)> {
        let said = (offer.from.clone(), offer.kind.clone());
        self.waiting.push(Waiting { id, what, offer });
        Some(said)
    }

    /// The game between these two ended: their offers are void.
    pub fn game_ended(&mut self, white: &str, black: &str) {
        self.waiting
            .retain(|w| w.offer.from != white && w.offer.from != black);
        // The user's draw, abort or takeback offers in it; a challenge
        // (a rematch) stays.
        self.made.retain(|m| {
            matches!(m.kind, OfferKind::Match | OfferKind::Partner)
                || (m.to != white && m.to != black)
        });
    }

    /// Accepts or declines the newest offer: the command to send.
    pub fn answer_newest(&mut self, accept: bool) -> Option<Command> {
        let offer = self.waiting.pop()?.offer;
        Some(if accept { offer.accept } else { offer.decline })
    }

    /// The offers for the game panels.
    pub fn pending(&self) -> Vec<PendingOffer> {
        self.waiting.iter().map(|w| w.offer.clone()).collect()
    }

    /// The offers to the user that no game's panel shows (their offerer
    /// is not the opponent of a game of ours shown, `live` or
    /// `finished`), by their place in the list.
    pub fn waiting_elsewhere<'a>(
        &'a self,
        live: &'a [String],
        finished: &'a [String],
    ) -> impl Iterator<Item = (usize, &'a PendingOffer)> + 'a {
        (self.waiting.iter().map(|w| &w.offer).enumerate())
            .filter(move |(_, offer)| !on_a_board(&offer.from, live, finished))
    }

    /// The user's own offers that no game's panel shows, by their place:
    /// what each is, in words, and to whom.
    pub fn made_elsewhere<'a>(
        &'a self,
        live: &'a [String],
    ) -> impl Iterator<Item = (usize, String, &'a str)> + 'a {
        (self.made.iter().enumerate())
            .filter(move |(_, made)| !made.on_a_board(live))
            .map(|(i, made)| (i, made.describe(), made.to.as_str()))
    }

    /// The offer at `index` (of [`Self::waiting_elsewhere`]) was answered:
    /// it goes at once (servers without `<pr>` never say so).
    pub fn answered(&mut self, index: usize) {
        if index < self.waiting.len() {
            self.waiting.remove(index);
        }
    }

    /// The user's offer at `index` (of [`Self::made_elsewhere`]) is
    /// withdrawn: the command that withdraws it.
    pub fn withdraw(&mut self, index: usize) -> Option<Command> {
        (index < self.made.len()).then(|| self.made.remove(index).withdraw())
    }
}

/// An offer from `from`, whose game (live or just finished) has a panel:
/// the panel shows it.
fn on_a_board(from: &String, live: &[String], finished: &[String]) -> bool {
    live.contains(from) || finished.contains(from)
}

/// An offer to the user as the `pending` listing gives it.
fn listed_offer(row: &PendingRow) -> PendingOffer {
    let kind = match &row.kind {
        OfferKind::Match => parse_match_params(&row.text).map_or_else(
            || format!("a match: {}", row.text),
            |terms| challenge_words(&terms),
        ),
        OfferKind::Partner => "to be your bughouse partner".to_owned(),
        other => offer_kind_name(other),
    };
    let (accept, decline) = match row.kind {
        // Accepting a partnership is its own command.
        OfferKind::Partner => (
            Command::Partner(Some(row.player.clone())),
            Command::Decline(row.number),
        ),
        _ => (Command::Accept(row.number), Command::Decline(row.number)),
    };
    PendingOffer {
        from: row.player.clone(),
        kind,
        accept,
        decline,
        challenge: row.kind == OfferKind::Match,
    }
}

fn offer_kind_name(kind: &OfferKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "offer".into())
}

/// A challenge's terms in words: `a rated wild 0 game, 5 0, you play
/// black`; `to resume your adjourned game`.
pub fn challenge_words(terms: &MatchOfferParams) -> String {
    if terms.adjourned {
        return "to resume your adjourned game".to_owned();
    }
    let kind = match &terms.loaded_from {
        Some(file) => GameType::parse(file),
        None => GameType::parse(&terms.game_type),
    };
    let rated = if terms.rated { "a rated" } else { "an unrated" };
    let mut words = format!("{rated} {} game", kind.describe());
    match (terms.time_min, terms.increment_s) {
        (Some(time), Some(inc)) => words.push_str(&format!(", {time} {inc}")),
        _ => words.push_str(", untimed"),
    }
    if let Some(color) = terms.challenger_color {
        let yours = match color {
            crate::protocol::words::Color::White => "black",
            crate::protocol::words::Color::Black => "white",
        };
        words.push_str(&format!(", you play {yours}"));
    }
    words
}

/// The kind of an offer made in words.
fn offer_kind_of(offer: &ProseOffer) -> OfferKind {
    match offer {
        ProseOffer::Draw => OfferKind::Draw,
        ProseOffer::Abort => OfferKind::Abort,
        ProseOffer::Adjourn => OfferKind::Adjourn,
        ProseOffer::Takeback { .. } => OfferKind::Takeback,
        ProseOffer::Match { .. } => OfferKind::Match,
        ProseOffer::Partner => OfferKind::Partner,
    }
}
