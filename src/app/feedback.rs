//! Feedback beyond the screen: sounds and the OS attention request.

use super::KibitzApp;
use crate::game::Now;
use crate::protocol::event::Event;
use crate::protocol::message::Message;
use crate::protocol::offer::OfferLine;
use crate::protocol::style12::Relation;
use crate::sound::Sound;

impl KibitzApp {
    /// Sounds for what happens in the user's own games (and tells; moves on
    /// the watched board in view, if asked for), and an OS attention request
    /// when the window is not focused.
    pub(super) fn sound_and_attention(&mut self, event: &Event) {
        let mine = |game: u32| self.store.get(game).is_some_and(|g| g.my_color().is_some());
        // A watched board sounds only where the user looks at it: the one
        // with the keyboard, or shown alone (and only if asked for).
        let watched = |b: &crate::protocol::style12::Style12| {
            self.settings.sound.on_watched_move
                && matches!(
                    b.relation,
                    Relation::Observing | Relation::ObservingExamined
                )
                && (self.focused == Some(b.game) || self.maximized == Some(b.game))
        };
        let me = self.store.me();
        let (sound, attention) = match event {
            Event::Board(b)
                if (b.relation.is_playing() || watched(b))
                    && self
                        .store
                        .get(b.game)
                        .is_some_and(|g| b.ply() == g.ply() + 1) =>
            {
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
            Event::Text(text) if is_tell(text) => (Some(Sound::Tell), false),
            _ => (None, false),
        };
        let s = &self.settings.sound;
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
            && self.settings.attention
            && let Some(ctx) = &self.waker
        {
            let focused = ctx.input(|i| i.viewport().focused).unwrap_or(true);
            if !focused {
                ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
                    egui::UserAttentionType::Informational,
                ));
            }
        }
    }

    /// One beep when the user's clock drops under the low-time mark.
    pub(super) fn low_time_warning(&mut self, now: Now) {
        let mut warn = None;
        for game in self.store.games().filter(|g| !g.is_over()) {
            let Some(me) = game.my_color() else { continue };
            let low = crate::ui::clock::low_time_ms(game.initial_time_min);
            let timed = game.initial_time_min > 0 || game.increment_s > 0;
            let left = game.remaining_ms(me, now);
            if timed && left < low && self.low_time_warned.insert(game.number) {
                warn = Some(left);
            }
        }
        let Some(left) = warn else {
            return;
        };
        self.announce_low_time(left);
        let warn = true;
        let s = &self.settings.sound;
        if warn && s.enabled && s.on_low_time {
            self.sounds
                .play(Sound::LowTime, f32::from(s.volume_percent) / 100.0);
        }
    }
}

/// `Name tells you: ...` (also `Name(U)`, `Name(TD)`): a private message.
fn is_tell(text: &str) -> bool {
    text.split_once(" tells you: ")
        .is_some_and(|(who, _)| !who.contains(' '))
}
