//! What the panels' actions and the keyboard's shortcuts ask of the
//! boards: done here, or returned as wants for the other parts.

use crate::game::{Change, GameStore};
use crate::protocol::command::Command;
use crate::ui::game_panel::confirm::Decision;
use crate::ui::game_panel::game_view::Action;

use super::super::asked::Asker;
use super::super::part::Cx;
use super::super::shortcuts::Shortcut;
use super::super::want::Want;
use super::Boards;

impl Boards {
    /// A command as it goes to the server: a rematch as the challenge it
    /// is (`lobby::rematch`), the user's game just finished with colours
    /// swapped; `rematch` itself where no such game is known.
    pub fn as_sent(
        store: &GameStore,
        command: Command,
        family: crate::lobby::server::ServerFamily,
    ) -> Command {
        if command != Command::Rematch {
            return command;
        }
        // The game that ended last, not the one numbered highest: servers
        // hand the lowest free number to a new game, so the rematch of a
        // rematch found the first game again (the same colours twice).
        store
            .games()
            .filter(|g| g.relation.is_playing() && g.is_over())
            .max_by_key(|g| (g.ended, g.began))
            .and_then(|g| crate::lobby::rematch::rematch(g, family))
            .map_or(Command::Rematch, Command::Match)
    }

    /// What a game's panel asked for: done here, or wanted of others.
    pub fn act(&mut self, store: &GameStore, action: Action) -> Vec<Want> {
        match action {
            Action::Send(command) => return vec![Want::Send(command)],
            Action::Say(words) => return vec![Want::Say(words)],
            Action::Move { game, mv } => {
                return self
                    .play(store, game, mv)
                    .map(Want::Send)
                    .into_iter()
                    .collect();
            }
            Action::Maximize { game } => self.toggle_maximized(game),
            Action::Detach { game } => self.toggle_detached(game),
            Action::Close { game } => {
                let mut wants = Vec::new();
                if Boards::observing_live(store, game) {
                    wants.push(Want::Send(Command::Unobserve(Some(game))));
                    wants.extend(dismissed(store, game, true));
                }
                wants.push(Want::CloseGame(game));
                return wants;
            }
            Action::Unobserve { game } => {
                let mut wants = vec![Want::Send(Command::Unobserve(Some(game)))];
                wants.extend(dismissed(store, game, false));
                return wants;
            }
            Action::Profile { handle } => return vec![Want::OpenCard(handle)],
            Action::Analyse { game } => {
                return self.analyse_copy(store, game).into_iter().collect();
            }
            Action::SetUp(fen) => return vec![Want::SetUp(Some(fen))],
            Action::PlayFrom { game, fen } => {
                let rules = store.get(game).and_then(|g| g.playable()).map(|p| p.rules);
                let variant = rules.and_then(crate::computer::terms::ComputerVariant::of_rules);
                return vec![Want::OfferComputerGame {
                    fen: Some(fen),
                    variant,
                }];
            }
            Action::Promote { game, line } => {
                return match self.promote(store, game, line) {
                    Ok(promoted) => vec![promoted],
                    Err(why) => vec![Want::Say(why)],
                };
            }
            Action::OpenListed(listed) => {
                let name = listed.named();
                return vec![super::super::want::review(&listed, name)];
            }
            // On an examined board the others see it too (the store's
            // effect asks for the kibitz).
            Action::Mark { game, mark } => {
                return vec![Want::Change(Change::ToggleMark { game, mark })];
            }
            Action::Examine { game } => {
                let history = self.examine_finished(store, game);
                return history
                    .map(|h| Want::Ask(Asker::ExamineLookup, h))
                    .into_iter()
                    .collect();
            }
        }
        Vec::new()
    }

    /// A keyboard shortcut for the boards (the command line's is the
    /// console's): what it wants done.
    pub fn shortcut(&mut self, cx: &Cx<'_>, shortcut: Shortcut) -> Vec<Want> {
        let store = cx.store;
        match shortcut {
            Shortcut::FocusNext(forward) => self.focus_next(store, forward),
            Shortcut::Flip => self.flip_keyboard_board(store),
            Shortcut::ToggleAnalysis => {
                self.toggle_analysis(store, cx.settings.analysis.on_by_default);
            }
            Shortcut::SayClocks => {
                let game = (self.keyboard_board(store))
                    .and_then(|n| store.get(n))
                    .or_else(|| store.games().next());
                return vec![Want::Say(super::super::announce::clocks_words(
                    game, cx.now,
                ))];
            }
            Shortcut::SayLines => {
                let view = (self.keyboard_board(store))
                    .or_else(|| store.games().next().map(|g| g.number))
                    .and_then(|n| self.views.get(&n));
                let words = view
                    .and_then(|v| crate::ui::analysis::engine_lines::lines_words(&v.analysis))
                    .unwrap_or_else(|| "No engine lines on this board".to_owned());
                return vec![Want::Say(words)];
            }
            Shortcut::SayMaterial => {
                let words = (self.keyboard_board(store))
                    .and_then(|n| store.get(n))
                    .or_else(|| store.games().next())
                    .and_then(|game| {
                        let start = game
                            .start
                            .as_ref()
                            .map_or_else(shakmaty::Board::default, |s| s.board.clone());
                        let now = &game.board.as_deref()?.setup.board;
                        Some(crate::game::material::Material::between(&start, now).words())
                    })
                    .unwrap_or_else(|| "No game".to_owned());
                return vec![Want::Say(words)];
            }
            Shortcut::AnswerOffer(accept) => {
                return self
                    .answer_newest_offer(accept)
                    .map(Want::Send)
                    .into_iter()
                    .collect();
            }
            Shortcut::Draw => return vec![Want::Send(Command::Draw)],
            // After a game of ours: the same again (the server knows whom).
            Shortcut::Rematch => {
                let played = (store.games()).any(|g| g.relation.is_playing() && g.is_over());
                if played && store.own_live_game().is_none() {
                    return vec![Want::Send(Command::Rematch)];
                }
            }
            Shortcut::Takeback => return vec![Want::Send(Command::Takeback(1))],
            Shortcut::Resign | Shortcut::Abort => {
                let (decision, command) = if shortcut == Shortcut::Resign {
                    (Decision::Resign, Command::Resign)
                } else {
                    (Decision::Abort, Command::Abort)
                };
                if self.confirm(cx, decision) {
                    return vec![Want::Send(command)];
                }
            }
            Shortcut::CommandLine => {}
        }
        Vec::new()
    }
}

/// The user unobserved or closed an observed game: the wall hears of it.
fn dismissed(store: &GameStore, game: u32, closed: bool) -> Option<Want> {
    let players = Boards::players(store, game)?;
    Some(Want::Dismissed {
        game,
        players,
        closed,
    })
}
