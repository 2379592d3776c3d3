//! The server's events as the Events tab shows them: the tournaments the
//! `relay` bot relays (and their games), the TD bot's tournaments (the one
//! the user is in: its players and standings) and King of the Hill,
//! folded from the bots' qtells (`protocol/bots`). A listing comes as a
//! header, rows and maybe a footer: the header says which list the rows
//! after it fill, and replaces that list.

use std::collections::BTreeSet;

use crate::protocol::bots::BotLine;
use crate::protocol::bots::koth::{KothEntry, KothLine};
use crate::protocol::bots::relay::RelayLine;
use crate::protocol::bots::tourney::{
    GridRow, TourneyEntry, TourneyLine, TourneyPlayer, TourneyUpdate,
};
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::message::Message;
use crate::protocol::notice::Notice;

/// The bot that relays master tournaments.
pub const RELAY: &str = "relay";
/// The tournament director (`td` is freechess.org's alias for it).
pub const TD: &str = "mamer";

/// A relayed tournament and its games (as last listed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relay {
    pub id: u32,
    pub name: String,
    /// The bot's words: `Round Started`, `Round Over`.
    pub status: String,
    /// In the bot's order: board 1 first.
    pub games: Vec<RelayGame>,
    /// Its games were listed (maybe none).
    pub games_listed: bool,
    /// The user folded its games away.
    pub folded: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayGame {
    pub game: u32,
    pub white: String,
    pub black: String,
    /// `*` while it goes on.
    pub result: String,
    pub eco: Option<String>,
}

/// A TD bot's tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tourney {
    pub entry: TourneyEntry,
    /// Its name, when the bot said it (`*** The Nightly ... ***`).
    pub name: Option<String>,
    /// Players joined, when the bot said it.
    pub players: Option<u32>,
    pub player_list: Vec<TourneyPlayer>,
    /// The standings grid, seed order.
    pub grid: Vec<GridRow>,
    /// The user folded the standings away.
    pub grid_folded: bool,
    /// The user's game of it going on: its number, the opponent, and
    /// whether the user has White.
    pub your_game: Option<(u32, String, bool)>,
    /// How the user's last game of it ended, in words.
    pub your_last: Option<String>,
}

/// A King of the Hill throne.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Koth {
    pub entry: KothEntry,
    /// The king's challenger while they play.
    pub challenger: Option<String>,
    /// The king's record: wins, losses, draws.
    pub record: Option<(u32, u32, u32)>,
}

/// Which listing the next rows belong to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
enum Reading {
    #[default]
    Nothing,
    RelayTourneys,
    RelayGames(u32),
    Tourneys,
    Players(u32),
    Grid(u32),
    Koths,
}

#[derive(Debug, Default)]
pub struct ServerEvents {
    pub relays: Vec<Relay>,
    pub tourneys: Vec<Tourney>,
    pub koths: Vec<Koth>,
    /// Event bots the server said are not logged in.
    pub absent: BTreeSet<String>,
    /// The King of the Hill the user follows.
    pub following_koth: Option<u32>,
    /// The lists were asked for this session.
    pub asked: bool,
    /// The TD bot tells the user when a tournament opens (its
    /// `TourneyInfo`), as last said.
    pub tourney_info: Option<bool>,
    /// The relay bot tells the user of its tournaments at login, as last
    /// said.
    pub relay_at_login: Option<bool>,
    /// The event whose games the wall shows ("Watch the round"), by name.
    pub watching: Option<String>,
    reading: Reading,
    /// A tournament's name, said the line before it opens.
    title: Option<String>,
    /// The relayed tournament whose games were asked for last (its games
    /// header names it only by name).
    games_asked: Option<u32>,
    /// The bot's last refusal (`Unable to comply. ...`), shown until the
    /// user's next click.
    pub refusal: Option<String>,
    /// The user's handle (their games in a tournament are theirs).
    me: Option<String>,
    /// A game of the user's tournament ended: its standings are asked for.
    standings_due: Option<u32>,
    /// The relayed tournaments listed again so far, while their list is
    /// read: those not listed again are over.
    relisted: Option<BTreeSet<u32>>,
}

impl ServerEvents {
    /// What to send for every list: relayed tournaments and their games,
    /// the TD bot's tournaments and thrones.
    pub fn ask_all(&mut self) -> Vec<Command> {
        self.asked = true;
        self.absent.clear();
        vec![
            Command::tell(RELAY, "listtourney"),
            Command::tell(RELAY, "listgames"),
            Command::tell(TD, "listtourneys"),
            Command::tell(TD, "listkoths"),
            // The user's settings with it: "Tell me when a tournament opens".
            Command::tell(TD, "variables"),
        ]
    }

    /// Asks for one relayed tournament's games.
    pub fn ask_games(&mut self, relay: u32) -> Command {
        self.games_asked = Some(relay);
        Command::tell(RELAY, &format!("listgames {relay}"))
    }

    pub fn relay(&self, id: u32) -> Option<&Relay> {
        self.relays.iter().find(|r| r.id == id)
    }

    pub fn tourney(&self, id: u32) -> Option<&Tourney> {
        self.tourneys.iter().find(|t| t.entry.id == id)
    }

    /// The tournament the user is in.
    pub fn joined(&self) -> Option<&Tourney> {
        self.tourneys.iter().find(|t| t.entry.joined)
    }

    /// Folds an event in; true if what the tab shows changed.
    pub fn apply(&mut self, event: &Event) -> bool {
        match event {
            Event::Bot(BotLine::Relay(line)) => self.relay_line(line),
            Event::Bot(BotLine::Tourney(line)) => self.tourney_line(line),
            Event::Bot(BotLine::Koth(line)) => self.koth_line(line),
            Event::Notice(Notice::NotOnline { handle })
                if [RELAY, TD].iter().any(|b| b.eq_ignore_ascii_case(handle)) =>
            {
                self.absent.insert(handle.to_ascii_lowercase())
            }
            Event::Text(text) => {
                let said = text.strip_prefix(':').map(str::trim);
                match said {
                    Some(s)
                        if s.starts_with("Unable to comply")
                            || s.starts_with("Unknown command") =>
                    {
                        self.refusal = Some(s.chars().take(200).collect());
                        true
                    }
                    _ => false,
                }
            }
            Event::LoggedIn { handle, .. }
            | Event::Message(Message::SessionStarted { handle, .. }) => {
                self.me = Some(handle.clone());
                false
            }
            Event::Message(Message::GameEnd(end)) => {
                let yours = self.your_game_ended(end.game, end.result.as_str());
                self.game_ended(end.game, end.result.as_str()) || yours
            }
            Event::Message(Message::GameCreated {
                game, white, black, ..
            }) => self.koth_game(*game, white, black) | self.your_game(*game, white, black),
            _ => false,
        }
    }

    fn relay_line(&mut self, line: &RelayLine) -> bool {
        match line {
            RelayLine::TourneysHeader => {
                // Unasked: the bot's notice at login, which it sends only
                // to those who want it.
                if !self.asked {
                    self.relay_at_login = Some(true);
                }
                self.reading = Reading::RelayTourneys;
                self.relisted = Some(BTreeSet::new());
            }
            RelayLine::NoTourneys => self.relays.clear(),
            RelayLine::Tourney { id, name, status } if self.reading == Reading::RelayTourneys => {
                self.relisted.get_or_insert_default().insert(*id);
                match self.relays.iter_mut().find(|r| r.id == *id) {
                    Some(relay) => {
                        relay.name.clone_from(name);
                        relay.status.clone_from(status);
                    }
                    None => self.relays.push(Relay {
                        id: *id,
                        name: name.clone(),
                        status: status.clone(),
                        games: Vec::new(),
                        games_listed: false,
                        folded: false,
                    }),
                }
            }
            RelayLine::Tourney { .. } => return false,
            RelayLine::GamesHeader { tourney, .. } => {
                // The list's tournaments that were not listed again are over.
                if let Some(listed) = self.relisted.take() {
                    self.relays.retain(|r| listed.contains(&r.id));
                }
                let id = match self
                    .relays
                    .iter()
                    .find(|r| r.name.eq_ignore_ascii_case(tourney))
                {
                    Some(relay) => relay.id,
                    None => {
                        let id = self
                            .games_asked
                            .unwrap_or(u32::MAX - self.relays.len() as u32);
                        self.relays.push(Relay {
                            id,
                            name: tourney.clone(),
                            status: String::new(),
                            games: Vec::new(),
                            games_listed: false,
                            folded: false,
                        });
                        id
                    }
                };
                if let Some(relay) = self.relays.iter_mut().find(|r| r.id == id) {
                    relay.games.clear();
                    relay.games_listed = true;
                    relay.folded = false;
                }
                self.reading = Reading::RelayGames(id);
            }
            RelayLine::Game {
                game,
                white,
                black,
                result,
                eco,
            } => {
                let Reading::RelayGames(id) = self.reading else {
                    return false;
                };
                let Some(relay) = self.relays.iter_mut().find(|r| r.id == id) else {
                    return false;
                };
                relay.games.retain(|g| g.game != *game);
                relay.games.push(RelayGame {
                    game: *game,
                    white: white.clone(),
                    black: black.clone(),
                    result: result.clone(),
                    eco: eco.clone(),
                });
            }
            RelayLine::NoSuchTourney { id } => self.relays.retain(|r| r.id != *id),
            RelayLine::NotifyAtLogin { on, .. } => self.relay_at_login = Some(*on),
        }
        true
    }

    fn tourney_line(&mut self, line: &TourneyLine) -> bool {
        match line {
            TourneyLine::ListHeader { .. } => {
                self.reading = Reading::Tourneys;
                self.tourneys
                    .iter_mut()
                    .for_each(|t| t.entry.status.clear());
            }
            TourneyLine::Entry(entry) if self.reading == Reading::Tourneys => {
                match self.tourneys.iter_mut().find(|t| t.entry.id == entry.id) {
                    Some(t) => t.entry = entry.clone(),
                    None => self.tourneys.push(Tourney::new(entry.clone())),
                }
            }
            TourneyLine::Entry(_) => return false,
            TourneyLine::Listed { .. } => {
                if self.reading == Reading::Tourneys {
                    self.tourneys.retain(|t| !t.entry.status.is_empty());
                }
                self.reading = Reading::Nothing;
            }
            TourneyLine::Title { name } => {
                self.title = Some(name.clone());
                return false;
            }
            TourneyLine::Opened { id, what } => {
                let name = self.title.take();
                let t = self.tourney_mut(*id);
                t.entry.status = "open".into();
                t.entry.joinable = true;
                t.entry.running = true;
                t.entry.terms.clone_from(what);
                t.name = name.or(t.name.take());
            }
            TourneyLine::Update { id, update } => {
                let t = self.tourney_mut(*id);
                match update {
                    TourneyUpdate::Joined { players, .. }
                    | TourneyUpdate::Withdrew { players, .. } => t.players = Some(*players),
                    TourneyUpdate::Started => {
                        t.entry.status = "started".into();
                        t.entry.running = true;
                    }
                    TourneyUpdate::Closed => {
                        t.entry.status = "closed".into();
                        t.entry.joinable = false;
                    }
                    TourneyUpdate::Ended => {
                        t.entry.status = "done".into();
                        t.entry.running = false;
                        t.entry.joinable = false;
                    }
                    TourneyUpdate::Said { .. } => return false,
                }
            }
            TourneyLine::Aborted { id } => self.tourneys.retain(|t| t.entry.id != *id),
            TourneyLine::YouJoined { id } => {
                let t = self.tourney_mut(*id);
                t.entry.joined = true;
                t.entry.joinable = false;
                // Standings shown are out of date: asked again.
                if !t.grid.is_empty() {
                    self.standings_due = Some(*id);
                }
            }
            TourneyLine::YouWithdrew { id } => {
                let t = self.tourney_mut(*id);
                t.entry.joined = false;
                t.entry.joinable = t.entry.running && t.entry.status == "open";
                if !t.grid.is_empty() {
                    self.standings_due = Some(*id);
                }
            }
            TourneyLine::Observing { .. } => return false,
            TourneyLine::Variable { name, value } if name.eq_ignore_ascii_case("TourneyInfo") => {
                self.tourney_info = Some(matches!(value.as_str(), "On" | "on" | "1" | "Yes"));
            }
            TourneyLine::Variable { .. } => return false,
            TourneyLine::PlayersHeader { id } => {
                self.tourney_mut(*id).player_list.clear();
                self.reading = Reading::Players(*id);
            }
            TourneyLine::Player(player) => {
                let Reading::Players(id) = self.reading else {
                    return false;
                };
                self.tourney_mut(id).player_list.push(player.clone());
            }
            TourneyLine::GridHeader { id } => {
                let t = self.tourney_mut(*id);
                t.grid.clear();
                t.grid_folded = false;
                self.reading = Reading::Grid(*id);
            }
            TourneyLine::GridRow(row) => {
                let Reading::Grid(id) = self.reading else {
                    return false;
                };
                self.tourney_mut(id).grid.push(row.clone());
            }
        }
        true
    }

    /// The tournament `id`, made if the bot speaks of one not listed yet.
    fn tourney_mut(&mut self, id: u32) -> &mut Tourney {
        let at = match self.tourneys.iter().position(|t| t.entry.id == id) {
            Some(at) => at,
            None => {
                self.tourneys.push(Tourney::new(TourneyEntry {
                    id,
                    status: "open".into(),
                    joinable: false,
                    joined: false,
                    running: true,
                    manager: TD.into(),
                    terms: String::new(),
                    starts: None,
                }));
                self.tourneys.len() - 1
            }
        };
        &mut self.tourneys[at]
    }

    fn koth_line(&mut self, line: &KothLine) -> bool {
        let koth = |koths: &mut Vec<Koth>, id: u32| -> Option<usize> {
            koths.iter().position(|k| k.entry.id == id)
        };
        match line {
            KothLine::ListHeader { .. } => {
                self.reading = Reading::Koths;
                self.koths.clear();
            }
            KothLine::Entry(entry) if self.reading == Reading::Koths => self.koths.push(Koth {
                entry: entry.clone(),
                challenger: None,
                record: None,
            }),
            KothLine::Entry(_) => return false,
            KothLine::Total { .. } => self.reading = Reading::Nothing,
            KothLine::NewKing { id, king } | KothLine::Defended { id, king, .. } => {
                let Some(at) = koth(&mut self.koths, *id) else {
                    return false;
                };
                let k = &mut self.koths[at];
                if k.entry.king.as_deref() != Some(king) {
                    k.record = None;
                }
                k.entry.king = Some(king.clone());
                k.entry.game = None;
                k.challenger = None;
            }
            KothLine::ThroneEmpty { id, .. } | KothLine::StillEmpty { id } => {
                let Some(at) = koth(&mut self.koths, *id) else {
                    return false;
                };
                let k = &mut self.koths[at];
                k.entry.king = None;
                k.entry.game = None;
                k.challenger = None;
                k.record = None;
            }
            KothLine::GameStarted {
                id,
                king,
                challenger,
            } => {
                let Some(at) = koth(&mut self.koths, *id) else {
                    return false;
                };
                let k = &mut self.koths[at];
                k.entry.king = Some(king.clone());
                k.challenger = Some(challenger.clone());
            }
            KothLine::GameEnded { id, .. } => {
                let Some(at) = koth(&mut self.koths, *id) else {
                    return false;
                };
                self.koths[at].entry.game = None;
                self.koths[at].challenger = None;
            }
            KothLine::Record {
                id,
                wins,
                losses,
                draws,
            } => {
                let Some(at) = koth(&mut self.koths, *id) else {
                    return false;
                };
                self.koths[at].record = Some((*wins, *losses, *draws));
            }
            KothLine::Following { id } => self.following_koth = *id,
        }
        true
    }

    /// The tournament whose standings are due (a game of the user's in it
    /// ended), once.
    pub fn take_standings_due(&mut self) -> Option<u32> {
        self.standings_due.take()
    }

    /// A game of the user's began while they are in a tournament: their
    /// game of it (the TD bot pairs by starting it).
    fn your_game(&mut self, game: u32, white: &str, black: &str) -> bool {
        let Some(me) = self.me.clone() else {
            return false;
        };
        let (opponent, as_white) = if white.eq_ignore_ascii_case(&me) {
            (black, true)
        } else if black.eq_ignore_ascii_case(&me) {
            (white, false)
        } else {
            return false;
        };
        match self.tourneys.iter_mut().find(|t| t.entry.joined) {
            Some(t) => {
                t.your_game = Some((game, opponent.to_owned(), as_white));
                true
            }
            None => false,
        }
    }

    fn your_game_ended(&mut self, game: u32, result: &str) -> bool {
        let Some(t) = self
            .tourneys
            .iter_mut()
            .find(|t| t.your_game.as_ref().is_some_and(|(g, ..)| *g == game))
        else {
            return false;
        };
        let Some((_, opponent, as_white)) = t.your_game.take() else {
            return false;
        };
        let words = match (result, as_white) {
            ("1/2-1/2", _) => "drew with",
            ("1-0", true) | ("0-1", false) => "won against",
            ("1-0", false) | ("0-1", true) => "lost to",
            _ => "did not finish against",
        };
        t.your_last = Some(format!("You {words} {opponent} ({result})"));
        self.standings_due = Some(t.entry.id);
        true
    }

    /// A game began: a king's with the challenger the bot named gets its
    /// number (the bot does not say it).
    fn koth_game(&mut self, game: u32, white: &str, black: &str) -> bool {
        let plays = |k: &Koth| {
            let (Some(king), Some(challenger)) = (&k.entry.king, &k.challenger) else {
                return false;
            };
            let pair = [white, black];
            pair.iter().any(|p| p.eq_ignore_ascii_case(king))
                && pair.iter().any(|p| p.eq_ignore_ascii_case(challenger))
        };
        match self.koths.iter_mut().find(|k| plays(k)) {
            Some(k) => {
                k.entry.game = Some(game);
                true
            }
            None => false,
        }
    }

    /// A game ended: a relayed one's result, a king's game over.
    fn game_ended(&mut self, game: u32, result: &str) -> bool {
        let mut changed = false;
        for relay in &mut self.relays {
            for g in relay.games.iter_mut().filter(|g| g.game == game) {
                g.result = result.to_owned();
                changed = true;
            }
        }
        for k in self.koths.iter_mut().filter(|k| k.entry.game == Some(game)) {
            k.entry.game = None;
            changed = true;
        }
        changed
    }
}

impl Tourney {
    fn new(entry: TourneyEntry) -> Self {
        Tourney {
            entry,
            name: None,
            players: None,
            player_list: Vec::new(),
            grid: Vec::new(),
            grid_folded: false,
            your_game: None,
            your_last: None,
        }
    }

    /// Its name, else its terms.
    pub fn title(&self) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => format!("Tourney #{}", self.entry.id),
        }
    }
}

#[cfg(test)]
mod tests;
