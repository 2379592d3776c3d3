//! Talking UCI with an engine that plays a game (sans-IO, as
//! [`super::session`] is for analysis): the handshake that sets its
//! strength and variant from what it says it offers, then one search per
//! turn with the game's position and clocks, its move and its last score
//! back. A search no longer wanted is stopped and its answer dropped.

use std::collections::VecDeque;

use super::info::{Score, parse_bestmove, parse_info};
use super::opponent::{Clocks, go_line};
use super::strength::{EngineLevels, plan};
use super::variant::EngineVariant;

/// A mate's score as centipawns (beyond any evaluation).
const MATE_CP: i32 = 100_000;
/// A search of a game without a clock (a 2 s look, or a few plies) not
/// answered within this long: the engine hangs (with a clock, its flag
/// falls instead).
pub const UNTIMED_ANSWER_WITHIN: std::time::Duration = std::time::Duration::from_secs(30);

/// What the engine did, for the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpponentEvent {
    /// Set up and ready to play; `name` as it calls itself.
    Ready { name: String },
    /// Its move for search `id` (UCI words, a drop as `P@e4`) and its
    /// last score from its own side (centipawns).
    Moved {
        id: u64,
        uci: String,
        score_cp: Option<i32>,
    },
    /// It cannot play this game: why, in words for the user.
    Failed(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// `uci` sent, its options being read.
    Introducing,
    /// Options set, `isready` sent.
    SettingUp,
    Ready,
    Failed,
}

/// A turn waiting for the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Turn {
    id: u64,
    position: String,
    clocks: Option<Clocks>,
}

pub struct OpponentSession {
    state: State,
    rating: Option<u32>,
    variant: EngineVariant,
    name: String,
    levels: EngineLevels,
    /// The variants its `UCI_Variant` option names (None: it has none).
    variants: Option<Vec<String>>,
    /// Every `go` gets this depth (a strength under the engine's floor).
    depth: Option<u32>,
    /// The search running: its id (0: stopped, its answer to drop).
    searching: Option<u64>,
    /// It searches a game without a clock.
    untimed: bool,
    /// The next turn, sent when the engine is ready and not searching.
    next: Option<Turn>,
    score_cp: Option<i32>,
    out: VecDeque<String>,
    events: VecDeque<OpponentEvent>,
}

impl OpponentSession {
    /// An engine to play at about `rating` (None: full strength) under
    /// `variant`'s rules; `fallback_name` until it names itself.
    pub fn new(rating: Option<u32>, variant: EngineVariant, fallback_name: &str) -> Self {
        OpponentSession {
            state: State::Introducing,
            rating,
            variant,
            name: fallback_name.to_owned(),
            levels: EngineLevels::default(),
            variants: None,
            depth: None,
            searching: None,
            untimed: false,
            next: None,
            score_cp: None,
            out: VecDeque::from(["uci".to_owned()]),
            events: VecDeque::new(),
        }
    }

    /// It is the engine's turn: search `id` on `position` (a UCI
    /// `position` line) with these clocks.
    pub fn think(&mut self, id: u64, position: String, clocks: Option<Clocks>) {
        self.next = Some(Turn {
            id,
            position,
            clocks,
        });
        self.stop();
        self.send_next();
    }

    /// The search running is no longer wanted: its answer is dropped.
    pub fn stop(&mut self) {
        if self.searching.is_some_and(|id| id != 0) {
            self.out.push_back("stop".to_owned());
            self.searching = Some(0);
        }
    }

    /// Waiting for the engine's answer to the handshake (a hang shows as
    /// no answer in time).
    pub fn awaiting_answer(&self) -> bool {
        matches!(self.state, State::Introducing | State::SettingUp)
    }

    /// How long its answer may take before the engine counts as hung
    /// (None: no limit, a clock decides).
    pub fn answer_within(&self) -> Option<std::time::Duration> {
        (self.searching.is_some() && self.untimed).then_some(UNTIMED_ANSWER_WITHIN)
    }

    /// One line of the engine's output.
    pub fn handle_line(&mut self, line: &str) {
        let line = line.trim();
        match self.state {
            State::Introducing => self.introduced(line),
            State::SettingUp if line == "readyok" => {
                self.state = State::Ready;
                self.events.push_back(OpponentEvent::Ready {
                    name: self.name.clone(),
                });
                self.send_next();
            }
            State::Ready => self.playing(line),
            State::SettingUp | State::Failed => {}
        }
    }

    fn introduced(&mut self, line: &str) {
        if let Some(name) = line.strip_prefix("id name ") {
            self.name = name.trim().chars().take(60).collect();
        } else if let Some(rest) = line.strip_prefix("option name UCI_Variant ") {
            let names = rest.split_whitespace().collect::<Vec<_>>();
            let variants = names
                .windows(2)
                .filter(|w| w[0] == "var")
                .map(|w| w[1].to_owned())
                .collect();
            self.variants = Some(variants);
        } else if line.starts_with("option name ") {
            self.levels.read(line);
        } else if line == "uciok" {
            self.set_up();
        }
    }

    /// The engine said what it offers: its strength, its rules, a new game.
    fn set_up(&mut self) {
        if let Some(wanted) = self.variant.uci_variant {
            let plays = self
                .variants
                .as_ref()
                .is_some_and(|names| names.iter().any(|n| n == wanted));
            if !plays {
                self.fail(format!(
                    "{} does not play {wanted}: a variant engine such as Fairy-Stockfish does \
                     (Settings, Analysis: variant engine)",
                    self.name
                ));
                return;
            }
        }
        let strength = plan(&self.levels, self.rating);
        self.depth = strength.depth;
        self.out.extend(strength.options);
        self.out
            .extend(self.variant.options_after(EngineVariant::CHESS));
        self.out.push_back("ucinewgame".to_owned());
        self.out.push_back("isready".to_owned());
        self.state = State::SettingUp;
    }

    fn playing(&mut self, line: &str) {
        if let Some(info) = parse_info(line) {
            if let Some(score) = info.score {
                self.score_cp = Some(match score {
                    Score::Centipawns(cp) => cp,
                    Score::Mate(n) if n > 0 => MATE_CP,
                    Score::Mate(_) => -MATE_CP,
                });
            }
            return;
        }
        let Some(best) = parse_bestmove(line) else {
            return;
        };
        let Some(id) = self.searching.take() else {
            return;
        };
        if id != 0 {
            match best {
                Some(mv) => self.events.push_back(OpponentEvent::Moved {
                    id,
                    uci: mv.to_string(),
                    score_cp: self.score_cp,
                }),
                None => {
                    let words = format!("{} found no move to play", self.name);
                    self.fail(words);
                    return;
                }
            }
        }
        self.send_next();
    }

    /// The turn waiting goes to the engine once it is free.
    fn send_next(&mut self) {
        if self.state != State::Ready || self.searching.is_some() {
            return;
        }
        let Some(turn) = self.next.take() else {
            return;
        };
        self.score_cp = None;
        self.untimed = turn.clocks.is_none();
        self.out.push_back(turn.position);
        self.out.push_back(go_line(turn.clocks, self.depth));
        self.searching = Some(turn.id);
    }

    /// The process failed (gone, hung): said once.
    pub fn fail(&mut self, why: String) {
        if self.state != State::Failed {
            self.state = State::Failed;
            self.events.push_back(OpponentEvent::Failed(why));
        }
    }

    pub fn poll_transmit(&mut self) -> Option<String> {
        self.out.pop_front()
    }

    pub fn poll_event(&mut self) -> Option<OpponentEvent> {
        self.events.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drain(session: &mut OpponentSession) -> Vec<String> {
        std::iter::from_fn(|| session.poll_transmit()).collect()
    }

    const STOCKFISH: &[&str] = &[
        "id name Stockfish 15.1",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name UCI_LimitStrength type check default false",
        "option name UCI_Elo type spin default 1350 min 1350 max 2850",
        "uciok",
    ];

    #[test]
    fn strength_then_a_turn_with_the_clocks_then_its_move() {
        let mut session = OpponentSession::new(Some(1500), EngineVariant::CHESS, "engine");
        assert_eq!(drain(&mut session), ["uci"]);
        // A turn asked before it is ready waits.
        let clocks = Clocks {
            white_ms: 180_000,
            black_ms: 179_000,
            increment_ms: 0,
            engine_white: false,
        };
        session.think(1, "position startpos moves e2e4".into(), Some(clocks));
        for line in STOCKFISH {
            session.handle_line(line);
        }
        assert_eq!(
            drain(&mut session),
            [
                "setoption name Skill Level value 20",
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1500",
                "ucinewgame",
                "isready"
            ]
        );
        session.handle_line("readyok");
        assert_eq!(
            session.poll_event(),
            Some(OpponentEvent::Ready {
                name: "Stockfish 15.1".into()
            })
        );
        assert_eq!(
            drain(&mut session),
            [
                "position startpos moves e2e4",
                "go wtime 180000 btime 179000 winc 0 binc 0 movetime 4475"
            ]
        );
        session.handle_line("info depth 12 score cp -31 pv e7e5");
        session.handle_line("bestmove e7e5 ponder g1f3");
        assert_eq!(
            session.poll_event(),
            Some(OpponentEvent::Moved {
                id: 1,
                uci: "e7e5".into(),
                score_cp: Some(-31)
            })
        );
    }

    #[test]
    fn a_stopped_search_answer_is_dropped_and_the_next_turn_follows_it() {
        let mut session = OpponentSession::new(None, EngineVariant::CHESS, "engine");
        for line in STOCKFISH.iter().chain(&["readyok"]) {
            session.handle_line(line);
        }
        session.think(1, "position startpos moves e2e4".into(), None);
        drain(&mut session);
        session.poll_event();
        assert_eq!(session.answer_within(), Some(UNTIMED_ANSWER_WITHIN));
        session.think(2, "position startpos moves d2d4".into(), None);
        assert_eq!(drain(&mut session), ["stop"]);
        session.handle_line("bestmove e7e5");
        assert_eq!(session.poll_event(), None, "the stale answer is dropped");
        assert_eq!(
            drain(&mut session),
            ["position startpos moves d2d4", "go movetime 2000"]
        );
        session.handle_line("bestmove d7d5");
        assert!(matches!(
            session.poll_event(),
            Some(OpponentEvent::Moved { id: 2, .. })
        ));
    }

    #[test]
    fn a_variant_the_engine_does_not_play_is_said() {
        let mut session =
            OpponentSession::new(None, EngineVariant::named("crazyhouse"), "stockfish");
        for line in STOCKFISH {
            session.handle_line(line);
        }
        match session.poll_event() {
            Some(OpponentEvent::Failed(why)) => assert!(why.contains("Fairy-Stockfish"), "{why}"),
            other => panic!("{other:?}"),
        }

        let mut session =
            OpponentSession::new(Some(1000), EngineVariant::named("crazyhouse"), "fsf");
        for line in [
            "id name Fairy-Stockfish 11.1",
            "option name UCI_Variant type combo default chess var chess var crazyhouse var suicide",
            "option name Skill Level type spin default 20 min -20 max 20",
            "uciok",
        ] {
            session.handle_line(line);
        }
        let sent = drain(&mut session);
        assert!(
            sent.contains(&"setoption name UCI_Variant value crazyhouse".to_owned()),
            "{sent:?}"
        );
        session.handle_line("readyok");
        session.think(1, "position startpos".into(), None);
        let sent = drain(&mut session);
        assert!(
            sent[1].starts_with("go") && sent[1].contains("depth"),
            "{sent:?}"
        );
    }
}
