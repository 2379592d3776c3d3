//! Feedback beyond the screen: sounds, the OS attention request, and the
//! desktop's notifications while the window is not in front (their words
//! in `notes.rs`; a button pressed comes back through [`Feedback::acted`]).

use std::collections::{BTreeSet, VecDeque};

use crate::config::Settings;
use crate::game::{Effect, GameStore, Now};
use crate::notifications::{Acted, DEFAULT_ACTION, Note};
use crate::protocol::chat::ChatKind;
use crate::protocol::command::Command;
use crate::protocol::event::Event;
use crate::protocol::message::Message;
use crate::protocol::notice::Notice;
use crate::protocol::offer::OfferLine;
use crate::protocol::style12::Relation;
use crate::sound::{Player, Sound};

use super::notes::{self, NoteText};

use super::part::{Cx, Part};
use super::want::Want;

/// The sounds' player and what already sounded.
pub struct Feedback {
    sounds: Player,
    /// The audio device is still to be opened (after the first frame).
    open_audio: bool,
    /// Games whose low-time warning already sounded.
    low_time_warned: BTreeSet<u32>,
    /// Challenges told whose buttons may still be pressed (the newest
    /// [`NOTES_KEPT`]).
    answers: VecDeque<Answerable>,
    /// The last notification's tag.
    last_tag: u64,
    /// The last challenge told, when, and its notification's tag: the
    /// server may say one twice (its words, then a `<pf>` line with the
    /// number that answers it).
    last_challenge: Option<(String, Now, u64)>,
    /// The window was raised from a notification then: till it is in
    /// front (or a few seconds), nothing more is notified.
    raised_at: Option<Now>,
}

/// How long a window raised from a notification counts as looked at
/// before it says it is focused (the window manager's time).
const RAISING: std::time::Duration = std::time::Duration::from_secs(5);

/// A challenge's notification, while its buttons may be pressed.
#[derive(Debug, Clone)]
struct Answerable {
    tag: u64,
    /// The challenger.
    from: String,
    accept: Command,
    decline: Command,
}

/// Notifications whose buttons are remembered.
const NOTES_KEPT: usize = 16;
/// A second word of the same challenge within this is the same challenge.
const SAME_CHALLENGE: std::time::Duration = std::time::Duration::from_secs(3);

impl Default for Feedback {
    fn default() -> Self {
        Feedback {
            sounds: Player::silent(),
            open_audio: false,
            low_time_warned: BTreeSet::new(),
            answers: VecDeque::new(),
            last_tag: 0,
            last_challenge: None,
            raised_at: None,
        }
    }
}

impl Feedback {
    /// Plays through `player` (tests: a recording stand-in).
    pub fn set_player(&mut self, player: Player) {
        self.sounds = player;
        self.open_audio = false;
    }

    /// The audio device opens after the first frame: the window first.
    pub fn open_audio_later(&mut self) {
        self.open_audio = true;
    }

    /// Once a frame: on the first, asks for a second; on the second, opens
    /// the audio device.
    pub fn frame(&mut self, ctx: &egui::Context) {
        if ctx.cumulative_frame_nr() == 0 {
            super::launch::step("first frame laid out");
            if self.open_audio {
                ctx.request_repaint();
            }
        } else if std::mem::take(&mut self.open_audio) {
            self.sounds = Player::open();
            super::launch::step("audio opened");
        }
    }

    /// Sounds for what happens in the user's own games (and tells; moves on
    /// the watched board in view, if asked for), an OS attention request
    /// when the window is not focused, and the words the screen reader
    /// says of it. `moved`: the event added a move to its game (the store
    /// said so).
    fn sound_and_words(&mut self, cx: &Cx<'_>, event: &Event, moved: bool) -> Option<String> {
        let (store, settings, looked_at, window) = (cx.store, cx.settings, cx.looked_at, cx.window);
        let mine = |game: u32| store.get(game).is_some_and(|g| g.my_color().is_some());
        // A watched board sounds only where the user looks at it: the one
        // with the keyboard, or shown alone (and only if asked for).
        let watched = |b: &crate::protocol::style12::Style12| {
            settings.sound.on_watched_move
                && matches!(
                    b.relation,
                    Relation::Observing | Relation::ObservingExamined
                )
                && (looked_at.focused == Some(b.game) || looked_at.maximized == Some(b.game))
        };
        let me = store.me();
        let (sound, attention) = match event {
            Event::Board(b) if moved && (b.relation.is_playing() || watched(b)) => {
                let san = b.last_san.as_deref().unwrap_or("");
                let sound = if san.contains('+') || san.contains('#') {
                    Sound::Check
                } else if san.contains('x') {
                    Sound::Capture
                } else {
                    Sound::Move
                };
                (Some(sound), b.relation == Relation::PlayingMyMove)
            }
            // Our game starts (or resumes): the server says so before the
            // game's first board, so it is not in the store yet.
            Event::Message(Message::GameCreated { white, black, .. })
                if me.is_some_and(|me| me == white || me == black) =>
            {
                (Some(Sound::GameStart), true)
            }
            Event::Message(Message::GameEnd(end)) if mine(end.game) => (Some(Sound::GameEnd), true),
            Event::Message(Message::OfferReceived { .. }) | Event::Offer(OfferLine::From(_)) => {
                (None, true)
            }
            Event::Chat(chat) if chat.kind == ChatKind::Tell => (Some(Sound::Tell), false),
            // A friend arrived, left, or started a game (told once: one line
            // each from the server).
            Event::Presence(presence) if presence.notify => (Some(Sound::Tell), true),
            Event::GameNotification(_) => (Some(Sound::Tell), true),
            _ => (None, false),
        };
        let s = &settings.sound;
        let own_move = matches!(event, Event::Board(b) if b.relation.is_playing());
        let wanted = match sound {
            Some(Sound::Move) => !own_move || s.on_move,
            Some(Sound::Capture) => s.on_capture,
            Some(Sound::Check) => s.on_check,
            Some(Sound::GameStart | Sound::GameEnd) => s.on_game_start_end,
            Some(Sound::Tell) => s.on_tell,
            Some(Sound::LowTime) => s.on_low_time,
            None => false,
        };
        if let (Some(sound), true, true) = (sound, wanted, s.enabled) {
            self.sounds.play(sound, f32::from(s.volume_percent) / 100.0);
        }
        if attention
            && settings.attention
            && !cx.in_front
            && let Some(ctx) = window
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
                egui::UserAttentionType::Informational,
            ));
        }
        let mode = settings.play.announce_moves;
        super::announce::event_words(event, moved, store, looked_at.focused, mode)
    }

    /// A notification for `text`, with Accept and Decline where it has
    /// answers (clicking its body brings the window to the front).
    fn note(&mut self, text: NoteText, now: Now) -> Option<Note> {
        if let Some(answers) = &text.answers
            && let Some((from, at, tag)) = &self.last_challenge
            && *from == text.from
            && now.saturating_sub(*at) < SAME_CHALLENGE
        {
            // The same challenge told again: its number answers it surely
            // (FatICS takes no `accept NAME`); no second notification.
            if matches!(answers.0, Command::Accept(Some(_)))
                && let Some(kept) = self.answers.iter_mut().find(|a| a.tag == *tag)
            {
                (kept.accept, kept.decline) = answers.clone();
            }
            return None;
        }
        self.last_tag += 1;
        let tag = self.last_tag;
        if text.answers.is_some() {
            self.last_challenge = Some((text.from.clone(), now, tag));
        }
        let mut actions = vec![(DEFAULT_ACTION.to_owned(), "Show".to_owned())];
        if let Some((accept, decline)) = text.answers {
            actions.push(("accept".to_owned(), "Accept".to_owned()));
            actions.push(("decline".to_owned(), "Decline".to_owned()));
            if self.answers.len() >= NOTES_KEPT {
                self.answers.pop_front();
            }
            self.answers.push_back(Answerable {
                tag,
                from: text.from.clone(),
                accept,
                decline,
            });
        }
        Some(Note {
            tag,
            summary: text.summary,
            body: text.body,
            actions,
        })
    }

    /// A notification's button pressed: its command; the window brought to
    /// the front for Show and Accept (a challenge accepted starts a game
    /// there), not for Decline. What follows at once (the game starting)
    /// is then no news to notify.
    pub fn acted(&mut self, acted: &Acted, now: Now) -> Vec<Want> {
        let mut wants = Vec::new();
        let at = self.answers.iter().position(|a| a.tag == acted.tag);
        let answers = at
            .filter(|_| acted.action != DEFAULT_ACTION)
            .and_then(|at| self.answers.remove(at));
        match (acted.action.as_str(), answers) {
            ("accept", Some(a)) => wants.push(Want::Send(a.accept)),
            ("decline", Some(a)) => {
                wants.push(Want::Send(a.decline));
                return wants;
            }
            // A stale one's button: the window shows how things stand.
            _ => {}
        }
        self.raised_at = Some(now);
        wants.push(Want::Raise);
        wants
    }

    /// The challenges whose news is over: withdrawn, answered (in the
    /// window), or become a game. Their notifications are closed: a stale
    /// Accept did nothing, and said nothing.
    fn challenges_over(&mut self, event: &Event) -> Vec<Want> {
        let over = |a: &Answerable| match event {
            Event::Offer(OfferLine::Removed(id)) => a.accept == Command::Accept(Some(*id)),
            Event::Notice(
                Notice::OfferWithdrawn { by: from, what } | Notice::OfferAnswered { from, what },
            ) => what == "match" && a.from.eq_ignore_ascii_case(from),
            Event::Message(Message::GameCreated { white, black, .. }) => {
                a.from.eq_ignore_ascii_case(white) || a.from.eq_ignore_ascii_case(black)
            }
            _ => false,
        };
        let (gone, kept): (Vec<_>, Vec<_>) = self.answers.drain(..).partition(|a| over(a));
        self.answers = kept.into();
        gone.into_iter().map(|a| Want::CloseNote(a.tag)).collect()
    }

    /// Whether the user looks at the window: it is in front, or was just
    /// raised from a notification.
    fn looked_at(&mut self, cx: &Cx<'_>) -> bool {
        if cx.in_front {
            self.raised_at = None;
            return true;
        }
        self.raised_at
            .is_some_and(|at| cx.now.saturating_sub(at) < RAISING)
    }

    /// One beep when the user's clock drops under the low-time mark: the
    /// time left then, to announce.
    fn low_time(&mut self, store: &GameStore, settings: &Settings, now: Now) -> Option<i64> {
        let mut warn = None;
        for game in store.games().filter(|g| !g.is_over()) {
            let Some(me) = game.my_color() else { continue };
            let low = settings.alerts.low_time_ms(game.initial_time_min);
            let timed = game.initial_time_min > 0 || game.increment_s > 0;
            let left = game.remaining_ms(me, now);
            if timed && left < low && self.low_time_warned.insert(game.number) {
                warn = Some(left);
            }
        }
        let left = warn?;
        let s = &settings.sound;
        if s.enabled && s.on_low_time {
            self.sounds
                .play(Sound::LowTime, f32::from(s.volume_percent) / 100.0);
        }
        Some(left)
    }
}

impl Part for Feedback {
    fn on_event(&mut self, cx: &Cx<'_>, event: &Event, effects: &[Effect]) -> Vec<Want> {
        let moved = match event {
            Event::Board(board) => super::boards::moved(effects, board.game),
            _ => false,
        };
        let mut wants: Vec<Want> = self
            .sound_and_words(cx, event, moved)
            .map(Want::Say)
            .into_iter()
            .collect();
        wants.extend(self.challenges_over(event));
        if !self.looked_at(cx)
            && let Some(text) = notes::of_event(event, cx.store, &cx.settings.alerts, moved)
        {
            wants.extend(self.note(text, cx.now).map(Want::Notify));
        }
        wants
    }

    fn on_tick(&mut self, cx: &Cx<'_>) -> Vec<Want> {
        let Some(left) = self.low_time(cx.store, cx.settings, cx.now) else {
            return Vec::new();
        };
        let mut wants = vec![Want::Say(super::announce::low_time_words(left))];
        if !self.looked_at(cx) && cx.settings.alerts.notify_low_time {
            wants.extend(self.note(notes::low_time(left), cx.now).map(Want::Notify));
        }
        wants
    }
}
