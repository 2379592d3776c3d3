//! What of the window is on screen, shared with the network thread's waker:
//! a console line for a tab that is not shown, or a lobby list while the
//! lobby is closed, is drained with the next frame that happens anyway (or
//! within `urgency::INVISIBLE`) instead of drawing a frame of its own.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use crate::console::ConsoleTab;
use crate::net::urgency::{self, Wake};

/// Updated by the UI every frame, read by the network thread.
#[derive(Debug)]
pub struct OnScreen {
    /// The shown console tab's key (0: All).
    console_tab: AtomicU64,
    lobby: AtomicBool,
    players: AtomicBool,
}

impl Default for OnScreen {
    fn default() -> Self {
        OnScreen {
            console_tab: AtomicU64::new(ConsoleTab::All.key()),
            lobby: AtomicBool::new(true),
            players: AtomicBool::new(false),
        }
    }
}

impl OnScreen {
    /// What the frame just drawn shows; `lobby_lists` is true when the
    /// lobby is open or something (the wall) waits for its lists.
    pub fn update(&self, console_tab: &ConsoleTab, lobby_lists: bool) {
        self.console_tab.store(console_tab.key(), Ordering::Relaxed);
        self.lobby.store(lobby_lists, Ordering::Relaxed);
    }

    /// Whether the lobby shows its Players tab.
    pub fn set_players_shown(&self, shown: bool) {
        self.players.store(shown, Ordering::Relaxed);
    }

    /// How soon to draw a change of this kind.
    pub fn within(&self, wake: Wake) -> Duration {
        let shown = match wake {
            Wake::Console { talk } => {
                let tab = self.console_tab.load(Ordering::Relaxed);
                tab == ConsoleTab::All.key() || talk == Some(tab)
            }
            Wake::Lobby => self.lobby.load(Ordering::Relaxed),
            Wake::Players => self.players.load(Ordering::Relaxed),
            Wake::Now | Wake::Observed | Wake::Invisible => true,
        };
        if shown {
            wake.within_if_shown()
        } else {
            urgency::INVISIBLE
        }
    }
}

/// The network thread's waker: a frame as soon as what an event changes
/// is on screen (later, or with the next frame, when it is not).
pub fn waker(on_screen: &Arc<OnScreen>, ctx: &egui::Context) -> crate::net::Waker {
    let ctx = ctx.clone();
    let on_screen = Arc::clone(on_screen);
    Arc::new(move |wake| ctx.request_repaint_after(on_screen.within(wake)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::conversation::Conversation;

    #[test]
    fn console_lines_wait_when_their_tab_is_not_shown() {
        let seen = OnScreen::default();
        let bota = Conversation::Person("BotA".into());
        let server = Wake::Console { talk: None };
        let tell = Wake::Console {
            talk: Some(bota.key()),
        };
        assert_eq!(seen.within(server), urgency::CONSOLE);
        assert_eq!(seen.within(tell), urgency::CONSOLE);
        seen.update(&ConsoleTab::Talk(bota), true);
        assert_eq!(seen.within(server), urgency::INVISIBLE);
        assert_eq!(seen.within(tell), urgency::CONSOLE);
        seen.update(&ConsoleTab::Talk(Conversation::Channel(50)), true);
        assert_eq!(seen.within(tell), urgency::INVISIBLE);
    }

    #[test]
    fn lobby_lists_wait_while_the_lobby_is_closed() {
        let seen = OnScreen::default();
        assert_eq!(seen.within(Wake::Lobby), urgency::LISTS);
        seen.update(&ConsoleTab::All, false);
        assert_eq!(seen.within(Wake::Lobby), urgency::INVISIBLE);
        assert_eq!(seen.within(Wake::Observed), urgency::NOW);
        assert_eq!(seen.within(Wake::Now), urgency::NOW);
    }

    #[test]
    fn the_players_list_waits_while_its_tab_is_not_shown() {
        let seen = OnScreen::default();
        assert_eq!(seen.within(Wake::Players), urgency::INVISIBLE);
        seen.set_players_shown(true);
        assert_eq!(seen.within(Wake::Players), urgency::LISTS);
        seen.set_players_shown(false);
        assert_eq!(seen.within(Wake::Players), urgency::INVISIBLE);
    }

    /// An observed board's move, and a bughouse partner board's move and
    /// the holdings it passes, ask for the very next frame (they waited
    /// 250 ms once, so that sixteen games shared frames: obsolete since
    /// damage repaint).
    #[test]
    fn observed_and_partner_boards_are_drawn_in_the_next_frame() {
        use crate::net::event::NetEvent;
        use crate::protocol::decoder::StreamDecoder;
        let lines = [
            // An observed game's move.
            "<12> r-bqkbnr pppp-ppp --n----- ----p--Q --B-P--- -------- PPPP-PPP RNB-K-NR B -1 1 1 1 1 3 1 BotA BotB 0 3 2 39 39 181291 179452 3 B/f1-c4 (0:00.709) Bc4 0 1 7",
            // The partner's board (observed by the server's own doing) and
            // the piece it passes.
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W -1 1 1 1 1 0 8 BotC BotD 0 2 0 39 39 120000 120000 2 P/e7-e5 (0:00.100) e5 0 1 0",
            "<b1> game 8 white [P] black [] <- WP",
        ];
        let mut decoder = StreamDecoder::new();
        let mut events = Vec::new();
        for line in lines {
            decoder.push(format!("{line}\n\r").as_bytes(), &mut events);
        }
        decoder.finish(&mut events);
        let boards = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    crate::protocol::event::Event::Board(_)
                        | crate::protocol::event::Event::Holdings(_)
                )
            })
            .count();
        assert_eq!(boards, 3);
        // Each on a window of its own that has drawn its frame: the frame
        // it asks for, and how soon.
        for event in events {
            let ctx = egui::Context::default();
            let asked = Arc::new(std::sync::Mutex::new(None));
            let kept = Arc::clone(&asked);
            ctx.set_request_repaint_callback(move |info| {
                *kept.lock().expect("not poisoned") = Some(info.delay);
            });
            let wake = waker(&Arc::new(OnScreen::default()), &ctx);
            wake(Wake::of(&NetEvent::Protocol {
                at: Duration::ZERO,
                event,
            }));
            let asked = *asked.lock().expect("not poisoned");
            assert_eq!(asked, Some(urgency::NOW));
        }
    }
}
