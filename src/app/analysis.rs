//! Engine analysis for the window: an engine thread is started the first
//! time a board wants analysis; every frame the boards drawn with analysis
//! on become a [`Plan`] (the maximized or focused board continuous, the
//! others a short look each), sent only when it changes; the engine's
//! results are folded in as they come. A minimized window wants nothing.
//!
//! Two engines at most: the chess engine (Stockfish: chess and Fischer
//! random) and the variant engine (Fairy-Stockfish: crazyhouse, suicide,
//! losers, atomic), each with its share of the plan.

use std::sync::Arc;
use std::time::Duration;

use crate::config::AnalysisSettings;
use crate::engine::process::{EngineConfig, EngineHandle, EngineStatus, EngineUpdate};
use crate::engine::results::Results;
use crate::engine::review::REVIEW_DEPTH;
use crate::engine::scheduler::{Plan, Target};
use crate::engine::session::EngineOptions;

/// The window's side of the engines.
#[derive(Default)]
pub struct Analyses {
    chess: Slot,
    variants: Slot,
    results: Results,
}

/// The last plan sent to an engine: the engine, the focus's key and
/// lines, the others' keys.
type Sent = (EngineConfig, (Option<String>, u8), Vec<String>);

/// One engine: its thread, its state, and what it was last told.
#[derive(Default)]
struct Slot {
    engine: Option<EngineHandle>,
    status: EngineStatus,
    /// The engine and the plan's keys last sent.
    sent: Option<Sent>,
}

impl Analyses {
    /// Takes what the engines said since the last frame: how many updates.
    pub fn poll(&mut self) -> usize {
        let mut count = 0;
        for slot in [&mut self.chess, &mut self.variants] {
            let Some(engine) = &slot.engine else {
                continue;
            };
            while let Some(update) = engine.try_update() {
                count += 1;
                match update {
                    EngineUpdate::Status(status) => slot.status = status,
                    EngineUpdate::Analysis { key, analysis } => {
                        self.results.insert(key, analysis);
                    }
                }
            }
        }
        count
    }

    /// The chess engine's state (the settings window's).
    pub fn status(&self) -> &EngineStatus {
        &self.chess.status
    }

    /// The variant engine's state.
    pub fn variant_status(&self) -> &EngineStatus {
        &self.variants.status
    }

    /// What the engines found, by position.
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// Tells the engines what the boards drawn this frame want (`wanted`:
    /// game number and position, in drawing order; `review`: positions of
    /// games under review; `looked_at`: the maximized, else the focused
    /// board, which gets the continuous search).
    pub fn plan(
        &mut self,
        wanted: Vec<(u32, Target)>,
        review: Vec<Target>,
        looked_at: Option<u32>,
        settings: &AnalysisSettings,
        waker: Option<&egui::Context>,
    ) {
        let focus_game = looked_at
            .filter(|n| wanted.iter().any(|(g, _)| g == n))
            .or_else(|| (wanted.len() == 1).then(|| wanted[0].0));
        let mut plan = Plan::default();
        let mut others = Vec::new();
        for (game, target) in wanted {
            if Some(game) == focus_game && plan.focus.is_none() {
                plan.focus = Some(target);
            } else {
                others.push(target);
            }
        }
        // A position looked at once is enough (two boards may show it,
        // or the focused board may): the deepest result is kept anyway.
        let focus_key = plan.focus.as_ref().map(|t| t.key.clone());
        for target in others {
            let known = self
                .results
                .get(&target.key)
                .is_some_and(|a| a.depth >= SHORT_DEPTH);
            let twice = Some(&target.key) == focus_key.as_ref()
                || plan.others.iter().any(|t| t.key == target.key);
            if !known && !twice {
                plan.others.push(target);
            }
        }
        // The review's positions the engine has not looked at deep enough
        // (browsing may have given some already), each once.
        for target in review {
            let known = self
                .results
                .get(&target.key)
                .is_some_and(|a| a.depth >= REVIEW_DEPTH);
            if !known && !plan.review.iter().any(|t| t.key == target.key) {
                plan.review.push(target);
            }
        }
        plan.review_time = Duration::from_millis(u64::from(settings.review_ms));
        plan.focus_lines = settings.lines;
        let (chess, variants) = split(plan);
        let options = EngineOptions {
            threads: settings.threads,
            hash_mb: settings.hash_mb,
        };
        let config = |command: &str| EngineConfig {
            command: command.to_owned(),
            options,
        };
        self.chess.send(chess, config(&settings.engine), waker);
        self.variants
            .send(variants, config(&settings.variant_engine), waker);
    }

    /// Stops the engines' searches (the window is minimized).
    pub fn pause(&mut self, settings: &AnalysisSettings, waker: Option<&egui::Context>) {
        self.plan(Vec::new(), Vec::new(), None, settings, waker);
    }
}

/// The plan's positions for the chess engine, and for the variant engine.
fn split(plan: Plan) -> (Plan, Plan) {
    let variant = |t: &Target| t.variant.needs_variant_engine();
    let (focus_variant, focus_chess) = match plan.focus {
        Some(t) if variant(&t) => (Some(t), None),
        chess => (None, chess),
    };
    let (others_variant, others_chess) = plan.others.into_iter().partition(variant);
    let (review_variant, review_chess) = plan.review.into_iter().partition(variant);
    (
        Plan {
            focus: focus_chess,
            others: others_chess,
            review: review_chess,
            review_time: plan.review_time,
            focus_lines: plan.focus_lines,
        },
        Plan {
            focus: focus_variant,
            others: others_variant,
            review: review_variant,
            review_time: plan.review_time,
            focus_lines: plan.focus_lines,
        },
    )
}

impl Slot {
    /// Sends `plan` to this engine when it changed; starts the engine's
    /// thread the first time a plan wants analysis.
    fn send(&mut self, plan: Plan, config: EngineConfig, waker: Option<&egui::Context>) {
        let sent = self.sent.as_ref();
        let same_engine = sent.is_some_and(|(c, _, _)| *c == config);
        // Compared borrowed: this runs every frame, and mostly nothing changed.
        let (focus, others) = plan.keys();
        let lines = plan.focus_lines;
        if same_engine
            && sent.is_some_and(|(_, (f, l), o)| {
                f.as_deref() == focus && *l == lines && o.iter().eq(others.iter())
            })
        {
            return;
        }
        // Another engine: what was said of the old one no longer holds.
        if sent.is_some() && !same_engine && matches!(self.status, EngineStatus::Failed(_)) {
            self.status = EngineStatus::Off;
        }
        let keys = (
            focus.map(str::to_owned),
            others.into_iter().map(str::to_owned).collect::<Vec<_>>(),
        );
        let empty = plan.is_empty();
        if self.engine.is_none() {
            if empty {
                return;
            }
            let waker = waker.cloned();
            // Within: a frame due sooner anyway (a clock) draws the result.
            let wake = Arc::new(move |within| {
                if let Some(ctx) = &waker {
                    ctx.request_repaint_after(within);
                }
            });
            match EngineHandle::spawn(wake) {
                Ok(engine) => self.engine = Some(engine),
                Err(e) => {
                    self.status = EngineStatus::Failed(format!("no engine thread: {e}"));
                    return;
                }
            }
        }
        if let Some(engine) = &self.engine {
            engine.want(&config, plan);
        }
        self.sent = Some((config, (keys.0, lines), keys.1));
    }
}

/// A board that is not focused has had its look at a position once the
/// engine was this deep on it (a short search reaches about 14).
const SHORT_DEPTH: u8 = 10;
