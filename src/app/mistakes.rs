//! Your mistakes, as the library keeps them: the deck read from the data
//! dir and written back after each change (on a disk thread of its own),
//! the background review that fills it (`mistakes/background.rs`), and
//! the card practised in its window. The engine is asked through the
//! app's plan ([`Mistakes::engine_work`]): the review's positions when it
//! is idle and the user not playing, a tried move's position at once.

mod background;

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use shakmaty::fen::Fen;
use shakmaty::{Move, Setup};

use crate::archive::listed::ListedGame;
use crate::archive::record::ArchivedGame;
use crate::engine::analysis::position_key;
use crate::engine::results::Results;
use crate::engine::scheduler::Target;
use crate::game::Now;
use crate::game::rules::{Playable, Rules};
use crate::protocol::game_type::GameType;
use crate::training::deck::{Card, Deck};
use crate::training::deck_file;
use crate::training::practice::{Practice, Stage};
use crate::ui::board::pieces::PieceCache;
use crate::ui::board::{BoardState, BoardStyle};
use crate::ui::mistakes::{CardAction, CardView, DeckAction, DeckSummary};
use crate::ui::my_games::MyGames;

use super::disk_thread::DiskThread;
use super::want::Want;
use background::{BackgroundReview, game_key, share_of};

/// Frames in which a new card's board is given the keyboard.
const FOCUS_FRAMES: u8 = 3;

/// The engine's look at a tried move's position (the user waits for it).
const JUDGING_NUMBER: u32 = 3_000_001;

enum Job {
    Load(PathBuf),
    Save(PathBuf, Box<Deck>),
    /// A game's moves for its review (by its key).
    Read(String, Box<ListedGame>),
    /// A game's moves to open it at a ply.
    Open(Box<ListedGame>, usize),
}

enum Answer {
    Loaded(Box<Deck>, Option<String>),
    Read(String, Option<Box<ArchivedGame>>),
    Opened(Option<Box<ArchivedGame>>, usize),
    Failed(String),
}

#[derive(Default)]
pub struct Mistakes {
    deck_path: Option<PathBuf>,
    disk: Option<DiskThread<Job, Answer>>,
    /// None until read.
    deck: Option<Deck>,
    background: BackgroundReview,
    card: Option<CardBoard>,
    /// The last news for the section.
    news: Option<String>,
    /// Why the review waits, as of the last frame.
    waiting: Option<&'static str>,
    /// The user plays a game (as of the last frame): the card's window
    /// waits hidden, Practise waits.
    playing: bool,
    /// My games' list was asked for (the review needs it).
    list_asked: bool,
    /// What the section and the window asked of the others.
    wants: Vec<Want>,
    /// The window, woken when the engine's word changed what it shows
    /// (that word is read after the card's window was drawn this frame).
    window: Option<egui::Context>,
}

/// The card on its board.
struct CardBoard {
    practice: Practice,
    playable: Playable,
    /// The position a tried move made (the engine judges it).
    tried: Option<(Move, Box<Target>)>,
    board: BoardState,
    cache: PieceCache,
    typed: String,
    /// Said on the window's first frame.
    said: bool,
    /// Why the last move typed was not taken.
    refusal: Option<String>,
    /// The game was opened at this card (once is enough).
    opened: bool,
    /// Just answered: the keyboard goes to Next card.
    focus_next: bool,
    /// Frames left to give the board the keyboard in (a new window's
    /// first frame only measures it: a focus asked then is lost).
    focus_frames: u8,
}

fn now_s() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Mistakes {
    /// The deck lives in `data_dir` (None: no deck kept; tests).
    pub fn keep_in(&mut self, data_dir: Option<PathBuf>, window: Option<egui::Context>) {
        let Some(dir) = data_dir else {
            return;
        };
        let path = deck_file::path_in(&dir);
        self.window.clone_from(&window);
        self.disk = DiskThread::start("kibitz-mistakes", window, work);
        if let Some(disk) = &self.disk {
            let _ = disk.send(Job::Load(path.clone()));
        }
        self.deck_path = Some(path);
    }

    /// Waits for the disk thread's jobs (tests).
    pub fn wait(&self) {
        if let Some(disk) = &self.disk {
            disk.wait();
        }
    }

    fn save(&self) {
        if let (Some(disk), Some(path), Some(deck)) = (&self.disk, &self.deck_path, &self.deck) {
            let _ = disk.send(Job::Save(path.clone(), Box::new(deck.clone())));
        }
    }

    /// The disk's answers; the review's queue kept up with My games.
    pub fn tick(&mut self, my_games: &MyGames, now: Now) -> Vec<Want> {
        let answers: Vec<Answer> = self
            .disk
            .as_ref()
            .map_or_else(Vec::new, |d| d.answers().collect());
        for answer in answers {
            match answer {
                Answer::Loaded(deck, words) => {
                    self.deck = Some(*deck);
                    self.news = words;
                }
                Answer::Read(key, archived) => {
                    let me = my_games.me.clone().unwrap_or_default();
                    if let Some(deck) = &mut self.deck
                        && self
                            .background
                            .read(key, archived.map(|a| *a), &me, now, deck)
                    {
                        self.save();
                    }
                }
                Answer::Opened(Some(game), ply) => {
                    self.wants.push(Want::Review {
                        game,
                        source: "that game".to_owned(),
                    });
                    self.wants.push(Want::BrowseFocused(ply));
                }
                Answer::Opened(None, _) => self.wants.push(Want::Say(
                    "Cannot open that game: its file changed (Reload My games)".to_owned(),
                )),
                Answer::Failed(words) => self.news = Some(words),
            }
        }
        if let (Some(deck), Some(me)) = (&self.deck, my_games.me.as_deref())
            && !deck.background_off
        {
            if my_games.loaded && my_games.file.is_none() {
                self.background
                    .keep_up(&my_games.games, my_games.generation, me, deck);
            } else if !my_games.loaded && !self.list_asked {
                self.list_asked = true;
                self.wants.push(Want::ReloadMyGames);
            }
        }
        std::mem::take(&mut self.wants)
    }

    /// Each frame: what the engine is to look at for the deck (`idle`:
    /// nothing on screen wants it; `playing`: the user plays a game).
    pub fn engine_work(&mut self, results: &Results, idle: bool, playing: bool) -> Vec<Target> {
        let mut targets = Vec::new();
        self.playing = playing;
        if let Some(card) = &mut self.card
            && let Some((_, target)) = &card.tried
            && card.practice.judging().is_some()
        {
            match share_of(results, &target.key) {
                Some(share) => {
                    if let Some(hit) = card.practice.engine_said(share) {
                        self.answered(hit);
                        self.wake();
                    }
                }
                None => targets.push(target.as_ref().clone()),
            }
        }
        let Some(deck) = &mut self.deck else {
            return targets;
        };
        self.waiting = if deck.background_off {
            None
        } else if playing {
            Some("you are playing")
        } else if !idle {
            Some("the engine analyses a board")
        } else {
            None
        };
        let go = !deck.background_off && !playing && idle;
        let step = self.background.step(results, go, deck, now_s());
        if let Some((players, added)) = step.finished {
            self.news = Some(match added {
                0 => format!("Reviewed {players}: no mistake of yours."),
                1 => format!("Reviewed {players}: 1 new card."),
                n => format!("Reviewed {players}: {n} new cards."),
            });
        }
        if step.deck_changed {
            self.save();
            self.wake();
        }
        if let (Some(listed), Some(disk)) = (step.read, &self.disk) {
            let key = game_key(&listed);
            let _ = disk.send(Job::Read(key, Box::new(listed)));
        }
        targets.extend(step.targets);
        targets
    }

    fn wake(&self) {
        if let Some(window) = &self.window {
            window.request_repaint();
        }
    }

    /// Whether the review or a card may want frames (the engine's
    /// answers wake the window themselves).
    pub fn busy(&self) -> bool {
        self.background.reading.is_some()
    }

    /// The Training tab's section.
    pub fn section_ui(&mut self, ui: &mut egui::Ui) {
        let summary = self.summary();
        match crate::ui::mistakes::deck_section_ui(ui, &summary) {
            Some(DeckAction::Practise) => self.practise(),
            Some(DeckAction::Background(on)) => {
                if let Some(deck) = &mut self.deck {
                    deck.background_off = !on;
                    self.save();
                }
            }
            None => {}
        }
    }

    fn summary(&self) -> DeckSummary {
        let Some(deck) = &self.deck else {
            return DeckSummary {
                kept: self.disk.is_some(),
                ..DeckSummary::default()
            };
        };
        let now = now_s();
        let due = deck.due(now).len();
        let next_due = (due == 0)
            .then(|| deck.next_due())
            .flatten()
            .map(|at| in_words(at.saturating_sub(now)));
        DeckSummary {
            kept: true,
            loaded: true,
            cards: deck.cards.len(),
            due,
            next_due,
            review_on: !deck.background_off,
            reviewed: deck.reviewed_count(),
            left: self.background.left(),
            under_way: self.background.under_way(),
            waiting: self.waiting,
            news: self.news.clone(),
            playing: self.playing,
        }
    }

    /// The first card due on its board.
    fn practise(&mut self) {
        let Some(deck) = &self.deck else {
            return;
        };
        let Some(card) = deck.due(now_s()).first().map(|c| (*c).clone()) else {
            self.card = None;
            return;
        };
        self.card = CardBoard::new(card);
        if self.card.is_none() {
            self.wants
                .push(Want::Say("That card's position does not read".to_owned()));
        }
    }

    /// A card answered: the deck takes it, and it is said.
    fn answered(&mut self, hit: bool) {
        let Some(card) = &mut self.card else {
            return;
        };
        card.focus_next = true;
        card.typed.clear();
        let words = card.practice.answer_words();
        if let Some(deck) = &mut self.deck {
            deck.answer(&card.practice.card.id, hit, now_s());
        }
        self.save();
        self.wants.extend(words.map(Want::Say));
    }

    /// The card's window, while a card is practised.
    pub fn window_ui(
        &mut self,
        ctx: &egui::Context,
        settings: &crate::config::BoardSettings,
        auto_queen: bool,
        my_games: &MyGames,
    ) {
        let style = BoardStyle::from(settings);
        let due_after = self.deck.as_ref().map_or(0, |d| {
            let id = self.card.as_ref().map(|c| c.practice.card.id.clone());
            d.due(now_s())
                .iter()
                .filter(|c| Some(&c.id) != id.as_ref())
                .count()
        });
        let Some(card) = &mut self.card else {
            return;
        };
        // Over the user's own game it would hide the board and the clocks
        // (and come back over its result): it closes, still due.
        if self.playing {
            self.card = None;
            return;
        }
        card.cache.new_frame(settings.pieces);
        let give_keyboard = card.focus_frames > 0;
        if card.focus_frames > 0 {
            card.focus_frames -= 1;
            card.board.focus_square = !card.board.square_focused;
            // The next frames come at once (nothing else may ask for them).
            ctx.request_repaint();
        }
        if !card.said {
            card.said = true;
            self.wants.push(Want::Say(card.practice.prompt()));
        }
        let answered = matches!(card.practice.stage, Stage::Answered { .. });
        let words = card
            .practice
            .answer_words()
            .unwrap_or_else(|| card.practice.prompt());
        // Both moves as arrows, once answered (a drop from its square).
        let arrow = |san: Option<&str>| {
            let mv = card.playable.read_san(san.filter(|_| answered)?)?;
            Some((mv.from().unwrap_or(mv.to()), mv.to()))
        };
        let engine = arrow(card.practice.card.best.as_deref());
        let played = arrow(Some(&card.practice.card.played));
        let legend = (answered
            .then_some(card.practice.card.best.clone())
            .flatten())
        .map(|best| (best, card.practice.card.played.clone()));
        let tried = card.tried.as_ref().map(|(mv, _)| (mv.from(), mv.to()));
        let last_move = (card.practice.card.last_move_uci.as_deref())
            .and_then(|uci| uci.parse::<shakmaty::uci::UciMove>().ok())
            .and_then(|uci| match uci {
                shakmaty::uci::UciMove::Normal { from, to, .. } => Some((Some(from), to)),
                _ => None,
            });
        let trying = card.practice.stage == Stage::Trying;
        let view = CardView {
            words: &words,
            pieces: &card.playable.setup().board,
            orientation: card.practice.card.mover(),
            playable: trying.then_some(&card.playable),
            tried,
            engine,
            played,
            legend,
            answered,
            due_after,
            can_open: !card.opened,
            last_move,
            refusal: card.refusal.as_deref(),
            give_keyboard,
            focus_next: std::mem::take(&mut card.focus_next),
            style,
            auto_queen,
        };
        let action = crate::ui::mistakes::card_window_ui(
            ctx,
            &view,
            &mut card.board,
            &mut card.cache,
            &mut card.typed,
        );
        if let Some(said) = card.board.said.take() {
            self.wants.push(Want::Say(said));
        }
        match action {
            Some(CardAction::Tried(mv)) => self.try_move(mv),
            Some(CardAction::Typed(text)) => {
                match crate::game::typed_move::match_typed(&card.playable, &text).on_enter() {
                    Ok(mv) => self.try_move(mv),
                    Err(why) => {
                        card.refusal = Some(format!("{text}: {why}"));
                        self.wants.push(Want::Say(why));
                    }
                }
            }
            Some(CardAction::GiveUp) if card.practice.give_up().is_some() => self.answered(false),
            Some(CardAction::Next) => self.practise(),
            Some(CardAction::OpenGame) => self.open_game(my_games),
            Some(CardAction::Close) => self.card = None,
            Some(CardAction::GiveUp) | None => {}
        }
    }

    fn try_move(&mut self, mv: Move) {
        let Some(card) = &mut self.card else {
            return;
        };
        card.refusal = None;
        let san = card.playable.san_of(&mv);
        let after = card.playable.after(&mv);
        let target = after.and_then(|setup| card.target_after(setup));
        let key = target.as_ref().map_or_else(String::new, |t| t.key.clone());
        let verdict = card.practice.tried(&san, key);
        match target {
            Some(target) => card.tried = Some((mv, Box::new(target))),
            None => return,
        }
        if let Some(hit) = verdict {
            self.answered(hit);
        }
    }

    /// The card's game on a review board, at the card's position (its
    /// moves read off the UI thread).
    fn open_game(&mut self, my_games: &MyGames) {
        let Some(card) = &mut self.card else {
            return;
        };
        let key = card.practice.card.game_key.clone();
        let listed = my_games.games.iter().find(|g| game_key(g) == key);
        match (listed, &self.disk) {
            (Some(listed), Some(disk)) => {
                card.opened = true;
                let _ = disk.send(Job::Open(Box::new(listed.clone()), card.practice.card.ply));
            }
            _ => self.wants.push(Want::Say(
                "That game is not in My games' list now (Reload My games)".to_owned(),
            )),
        }
    }
}

impl CardBoard {
    fn new(card: Card) -> Option<CardBoard> {
        let kind = GameType::from_pgn_variant(&card.variant);
        let setup: Setup = card.fen.parse::<Fen>().ok()?.into_setup();
        let rules = Rules::of(Some(&kind), false);
        let playable = Playable::new(rules, setup);
        // A board whose tries no engine can judge is no card.
        playable.rules.engine_variant()?;
        playable.position()?;
        Some(CardBoard {
            practice: Practice::new(card),
            playable,
            tried: None,
            board: BoardState::default(),
            cache: PieceCache::default(),
            typed: String::new(),
            said: false,
            refusal: None,
            opened: false,
            focus_next: false,
            // The keyboard lands on the board (its last move's square).
            focus_frames: FOCUS_FRAMES,
        })
    }

    /// The engine's look at the position a try made.
    fn target_after(&self, setup: Setup) -> Option<Target> {
        let variant = self.playable.rules.engine_variant()?;
        let after = Playable::new(self.playable.rules, setup);
        let position = after.position()?.clone();
        Some(Target {
            board: JUDGING_NUMBER,
            key: format!("{}{}", variant.key_prefix(), position_key(&position)),
            position,
            variant,
        })
    }
}

/// A wait in words: "in 8 minutes", "in 3 hours", "in 2 days".
fn in_words(seconds: u64) -> String {
    let (n, unit) = match seconds {
        s if s < 90 => return "in a minute".to_owned(),
        s if s < 90 * 60 => (s.div_ceil(60), "minute"),
        s if s < 36 * 3600 => (s.div_ceil(3600), "hour"),
        s => (s.div_ceil(86_400), "day"),
    };
    format!("in {n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// The disk thread's work.
fn work(job: Job) -> Option<Answer> {
    match job {
        Job::Load(path) => {
            let (deck, words) = deck_file::load(&path);
            Some(Answer::Loaded(Box::new(deck), words))
        }
        Job::Save(path, deck) => deck_file::save(&path, &deck)
            .err()
            .map(|e| Answer::Failed(format!("Cannot write your deck to {}: {e}", path.display()))),
        Job::Read(key, listed) => {
            let game = crate::archive::read::with_moves(&listed).map(Box::new);
            Some(Answer::Read(key, game))
        }
        Job::Open(listed, ply) => {
            let game = crate::archive::read::with_moves(&listed).map(Box::new);
            Some(Answer::Opened(game, ply))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::in_words;

    #[test]
    fn waits_are_said_in_the_largest_unit() {
        assert_eq!(in_words(30), "in a minute");
        assert_eq!(in_words(600), "in 10 minutes");
        assert_eq!(in_words(3 * 3600), "in 3 hours");
        assert_eq!(in_words(86_400 * 2), "in 2 days");
        assert_eq!(in_words(3600), "in 60 minutes");
    }
}
