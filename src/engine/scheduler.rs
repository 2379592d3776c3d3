//! Which position the one engine looks at now, sans-IO (time comes in as
//! a `Duration` since an origin the caller picks).
//!
//! The window says what it shows (a [`Plan`]): the focused board gets
//! continuous analysis, every other visible board a short search of each
//! new position. One engine with one thread is shared between them:
//!
//! 1. a new focused position first, until the engine is [`FIRST_DEPTH`]
//!    deep on it (a useful number at once where the user looks);
//! 2. then the other boards' new positions, one short search
//!    ([`SHORT_SEARCH`]) each, board after board: a board whose position
//!    changes while it waits keeps its place in the line (else, with more
//!    moves than the engine can look at, a fast game would wait for ever);
//!    with a [`FOCUS_SLICE`] of the focused board between two of them, so
//!    the focused board keeps deepening even when sixteen games keep
//!    moving;
//! 3. then the positions of a game under review (the "review" pass of a
//!    review board: every position of the game, one look of the plan's
//!    `review_time` each, in the order of the game, back to back: the user
//!    asked for it and waits for the graph);
//! 4. then the focused board again, until something changes or the engine
//!    is [`FOCUS_MAX_DEPTH`] deep on it.
//!
//! A board that leaves the plan (scrolled away, closed, the window
//! minimized) leaves the queue: nothing is analysed that is not on screen.

use std::collections::{HashMap, HashSet, VecDeque};
use std::time::Duration;

use shakmaty::variant::VariantPosition;

use super::session::{Limit, Search};
use super::variant::EngineVariant;

/// The focused board's new position gets the engine alone until this depth.
pub const FIRST_DEPTH: u8 = 16;
/// The focused board's position is left alone at this depth (a position
/// that stays, such as a finished game's, would else keep a core busy for
/// ever).
pub const FOCUS_MAX_DEPTH: u8 = 30;
/// One look at another board's new position.
pub const SHORT_SEARCH: Duration = Duration::from_millis(300);
/// The focused board's turn between two short searches.
pub const FOCUS_SLICE: Duration = Duration::from_millis(300);
/// A review look is never shorter (a zero would be an endless search).
pub const MIN_REVIEW_TIME: Duration = Duration::from_millis(50);

/// A position on screen, named by its key (the caller's: the same
/// position always has the same key), on a board (a game number).
#[derive(Debug, Clone)]
pub struct Target {
    pub board: u32,
    pub key: String,
    pub position: VariantPosition,
    /// The rules to search by.
    pub variant: EngineVariant,
}

/// What the window shows and wants analysed.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The focused (or maximized, or only) board: continuous analysis.
    pub focus: Option<Target>,
    /// The other visible boards, in screen order: a short search each.
    pub others: Vec<Target>,
    /// Positions of a game under review, in the game's order: one look of
    /// `review_time` each, once.
    pub review: Vec<Target>,
    pub review_time: Duration,
    /// The lines (MultiPV) the focus is searched with.
    pub focus_lines: u8,
}

impl Plan {
    /// The keys, to tell whether a new plan differs from the last one:
    /// the focus, then the others and the review's (the review's after
    /// an empty key, so a position cannot move from one list to the other
    /// unseen).
    pub fn keys(&self) -> (Option<&str>, Vec<&str>) {
        let others = self.others.iter().map(|t| t.key.as_str());
        let review = self.review.iter().map(|t| t.key.as_str());
        let keys = if self.review.is_empty() {
            others.collect()
        } else {
            others.chain(std::iter::once("")).chain(review).collect()
        };
        (self.focus.as_ref().map(|t| t.key.as_str()), keys)
    }

    /// Whether the plan wants the engine at all.
    pub fn is_empty(&self) -> bool {
        self.focus.is_none() && self.others.is_empty() && self.review.is_empty()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Focus,
    Short,
    Review,
}

/// The search last asked of the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Asked {
    id: u64,
    key: String,
    kind: Kind,
    lines: u8,
}

#[derive(Debug, Default)]
pub struct Scheduler {
    plan: Plan,
    /// Other boards with a position still to look at, in turn.
    queue: VecDeque<u32>,
    /// Short and review searches done, for the keys in the plan only.
    done: HashSet<String>,
    /// The depth reached on each focused position (this plan's only).
    focus_depth: HashMap<String, u8>,
    /// Focused positions the engine finished by itself (mate, a depth cap).
    focus_done: HashSet<String>,
    /// The focused board has the engine until then, even with a queue.
    focus_until: Option<Duration>,
    asked: Option<Asked>,
    next_id: u64,
}

impl Scheduler {
    pub fn new() -> Self {
        Scheduler::default()
    }

    /// The window's new plan. Returns the search to run now if it changed
    /// (`Some(None)`: stop).
    pub fn set_plan(&mut self, plan: Plan, now: Duration) -> Option<Option<Search>> {
        let others: HashMap<u32, &str> = plan
            .others
            .iter()
            .map(|t| (t.board, t.key.as_str()))
            .collect();
        self.done
            .retain(|k| others.values().any(|o| o == k) || plan.review.iter().any(|t| &t.key == k));
        // A board keeps its place while its position changes.
        self.queue
            .retain(|b| others.get(b).is_some_and(|k| !self.done.contains(*k)));
        for target in &plan.others {
            if !self.done.contains(&target.key) && !self.queue.contains(&target.board) {
                self.queue.push_back(target.board);
            }
        }
        let focus = plan.focus.as_ref().map(|t| t.key.as_str());
        self.focus_depth.retain(|k, _| Some(k.as_str()) == focus);
        self.focus_done.retain(|k| Some(k.as_str()) == focus);
        self.plan = plan;
        self.decide(now)
    }

    /// The engine is this deep on search `id`.
    pub fn reached(&mut self, id: u64, depth: u8, now: Duration) -> Option<Option<Search>> {
        let asked = self.asked.as_ref().filter(|a| a.id == id)?;
        if asked.kind != Kind::Focus {
            return None;
        }
        let reached = self.focus_depth.entry(asked.key.clone()).or_default();
        *reached = (*reached).max(depth);
        if depth >= FOCUS_MAX_DEPTH {
            self.focus_done.insert(asked.key.clone());
        }
        self.decide(now)
    }

    /// Search `id` ended (`bestmove`). A search stopped because it was no
    /// longer wanted ends too, later: only the one asked for counts.
    pub fn finished(&mut self, id: u64, now: Duration) -> Option<Option<Search>> {
        let asked = self.asked.take_if(|a| a.id == id)?;
        match asked.kind {
            Kind::Review => {
                self.done.insert(asked.key);
            }
            Kind::Short => {
                let board = self
                    .plan
                    .others
                    .iter()
                    .find(|t| t.key == asked.key)
                    .map(|t| t.board);
                self.queue.retain(|b| Some(*b) != board);
                self.done.insert(asked.key);
                if self.plan.focus.is_some() {
                    self.focus_until = Some(now + FOCUS_SLICE);
                }
            }
            Kind::Focus => {
                self.focus_done.insert(asked.key);
            }
        }
        self.decide(now)
    }

    /// The engine stopped (crashed, or was stopped): nothing is running.
    pub fn engine_lost(&mut self) {
        self.asked = None;
    }

    /// The time is up for the focused board's slice.
    pub fn handle_timeout(&mut self, now: Duration) -> Option<Option<Search>> {
        self.decide(now)
    }

    /// When [`Self::handle_timeout`] should be called.
    pub fn poll_timeout(&self) -> Option<Duration> {
        let focused = self.asked.as_ref().is_some_and(|a| a.kind == Kind::Focus);
        self.focus_until
            .filter(|_| focused && !self.queue.is_empty())
    }

    /// The search asked for last, if it is still wanted: its id and key.
    pub fn asked(&self) -> Option<(u64, &str, Kind)> {
        self.asked.as_ref().map(|a| (a.id, a.key.as_str(), a.kind))
    }

    /// What should run now; a new search only when that is not what runs.
    /// The lines asked for are searched on the board looked at only; a
    /// short look or a review's pass searches one (its depth matters).
    fn decide(&mut self, now: Duration) -> Option<Option<Search>> {
        let wanted = self.wanted(now);
        let lines_of = |kind: Kind| match kind {
            Kind::Focus => self.plan.focus_lines.max(1),
            Kind::Short | Kind::Review => 1,
        };
        let current = self
            .asked
            .as_ref()
            .map(|a| (a.key.as_str(), a.kind, a.lines));
        if wanted
            .as_ref()
            .map(|(t, k)| (t.key.as_str(), *k, lines_of(*k)))
            == current
        {
            return None;
        }
        let Some((target, kind)) = wanted else {
            self.asked = None;
            return Some(None);
        };
        self.next_id += 1;
        let id = self.next_id;
        let lines = lines_of(kind);
        self.asked = Some(Asked {
            id,
            key: target.key.clone(),
            kind,
            lines,
        });
        let limit = match kind {
            Kind::Focus => Limit::Infinite,
            Kind::Short => Limit::MoveTime(SHORT_SEARCH),
            Kind::Review => Limit::MoveTime(self.plan.review_time.max(MIN_REVIEW_TIME)),
        };
        Some(Some(Search {
            id,
            position: target.position,
            variant: target.variant,
            limit,
            lines,
        }))
    }

    fn wanted(&mut self, now: Duration) -> Option<(Target, Kind)> {
        if self.focus_until.is_some_and(|until| now >= until) {
            self.focus_until = None;
        }
        let focus = self
            .plan
            .focus
            .as_ref()
            .filter(|t| !self.focus_done.contains(&t.key));
        let next_other = self
            .queue
            .front()
            .and_then(|board| self.plan.others.iter().find(|t| t.board == *board));
        let next_review = self
            .plan
            .review
            .iter()
            .find(|t| !self.done.contains(&t.key));
        if let Some(focus) = focus {
            let shallow = self.focus_depth.get(&focus.key).copied().unwrap_or(0) < FIRST_DEPTH;
            let waiting = next_other.is_some() || next_review.is_some();
            if shallow || !waiting || self.focus_until.is_some() {
                return Some((focus.clone(), Kind::Focus));
            }
        }
        if let Some(other) = next_other {
            return Some((other.clone(), Kind::Short));
        }
        if let Some(review) = next_review {
            return Some((review.clone(), Kind::Review));
        }
        focus.map(|t| (t.clone(), Kind::Focus))
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::variant::Variant;

    use super::*;

    /// Position `key` on the board named by its first letter.
    fn target(key: &str) -> Target {
        Target {
            board: u32::from(key.as_bytes()[0]),
            key: key.to_owned(),
            position: VariantPosition::new(Variant::Chess),
            variant: EngineVariant::CHESS,
        }
    }

    fn started(decision: Option<Option<Search>>) -> (u64, Limit) {
        let search = decision.expect("a change").expect("a search");
        (search.id, search.limit)
    }

    const T0: Duration = Duration::ZERO;

    #[test]
    fn the_focused_board_first_then_the_others_in_turn_with_slices_between() {
        let mut s = Scheduler::new();
        let plan = Plan {
            focus: Some(target("f")),
            others: vec![target("a"), target("b")],
            ..Plan::default()
        };
        let (focus, limit) = started(s.set_plan(plan.clone(), T0));
        assert_eq!(limit, Limit::Infinite);
        // Shallow: the focus keeps the engine; the same plan again changes nothing.
        assert!(s.reached(focus, 10, T0).is_none());
        assert!(s.set_plan(plan.clone(), T0).is_none());
        // Deep enough: the oldest other board gets its short look.
        let (a, limit) = started(s.reached(focus, FIRST_DEPTH, T0));
        assert_eq!(limit, Limit::MoveTime(SHORT_SEARCH));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("a"));
        // Done: the focused board's slice, then b.
        let t1 = Duration::from_secs(1);
        let (_, limit) = started(s.finished(a, t1));
        assert_eq!(limit, Limit::Infinite);
        assert_eq!(s.poll_timeout(), Some(t1 + FOCUS_SLICE));
        assert!(s.handle_timeout(t1).is_none(), "the slice is not over");
        let (b, _) = started(s.handle_timeout(t1 + FOCUS_SLICE));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("b"));
        // Queue empty: the focused board for good.
        let (_, limit) = started(s.finished(b, t1 + FOCUS_SLICE * 2));
        assert_eq!(limit, Limit::Infinite);
        assert_eq!(s.poll_timeout(), None);
        // Nothing is looked at twice.
        assert!(s.set_plan(plan, t1 * 3).is_none());
    }

    #[test]
    fn boards_that_leave_the_screen_leave_the_queue_and_a_stopped_search_is_not_done() {
        let mut s = Scheduler::new();
        let (a, _) = started(s.set_plan(
            Plan {
                focus: None,
                others: vec![target("a"), target("b")],
                ..Plan::default()
            },
            T0,
        ));
        // `a` scrolls away before its search ends: b runs instead.
        let plan_b = Plan {
            focus: None,
            others: vec![target("b")],
            ..Plan::default()
        };
        let (b, _) = started(s.set_plan(plan_b, T0));
        assert!(s.finished(a, T0).is_none(), "the old search's bestmove");
        // Back on screen: b's look goes on, then a's (it was never done).
        let both = Plan {
            focus: None,
            others: vec![target("b"), target("a")],
            ..Plan::default()
        };
        assert!(s.set_plan(both, T0).is_none(), "b keeps the engine");
        let (_, _) = started(s.finished(b, T0));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("a"));
        // The window minimized: an empty plan stops the engine.
        assert_eq!(
            s.set_plan(Plan::default(), T0).map(|s| s.is_none()),
            Some(true)
        );
        assert_eq!(s.asked(), None);
    }

    #[test]
    fn a_board_whose_position_changes_while_it_waits_keeps_its_turn() {
        let mut s = Scheduler::new();
        let plan = |a: &str, b: &str, c: &str| Plan {
            focus: None,
            others: vec![target(a), target(b), target(c)],
            ..Plan::default()
        };
        let (a1, _) = started(s.set_plan(plan("a1", "b1", "c1"), T0));
        // More moves than looks: b and c move again while a is looked at.
        assert!(s.set_plan(plan("a1", "b2", "c2"), T0).is_none());
        let (b2, _) = started(s.finished(a1, T0));
        assert_eq!(
            s.asked().map(|(_, k, _)| k),
            Some("b2"),
            "b's turn, at its new position"
        );
        // a moves: it goes behind c.
        assert!(s.set_plan(plan("a2", "b2", "c3"), T0).is_none());
        let (c3, _) = started(s.finished(b2, T0));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("c3"));
        let _ = started(s.finished(c3, T0));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("a2"));
    }

    #[test]
    fn a_review_looks_at_each_position_once_after_the_others_and_before_deepening_the_focus() {
        let mut s = Scheduler::new();
        let review_time = Duration::from_millis(700);
        let plan = Plan {
            focus: Some(target("f")),
            others: vec![target("a")],
            review: vec![target("r1"), target("r2")],
            review_time,
            ..Plan::default()
        };
        let (focus, _) = started(s.set_plan(plan.clone(), T0));
        let (a, limit) = started(s.reached(focus, FIRST_DEPTH, T0));
        assert_eq!(
            limit,
            Limit::MoveTime(SHORT_SEARCH),
            "the other board first"
        );
        // The focused board's slice, then the review, back to back.
        let (_, limit) = started(s.finished(a, T0));
        assert_eq!(limit, Limit::Infinite);
        let (r1, limit) = started(s.handle_timeout(FOCUS_SLICE));
        assert_eq!(limit, Limit::MoveTime(review_time));
        assert_eq!(
            s.asked().map(|(_, k, kind)| (k, kind)),
            Some(("r1", Kind::Review))
        );
        // A new focused position takes the engine until it is deep enough;
        // the review's stopped look is not done and comes again.
        let plan2 = Plan {
            focus: Some(target("g")),
            ..plan.clone()
        };
        let (g, _) = started(s.set_plan(plan2.clone(), FOCUS_SLICE));
        assert!(s.finished(r1, FOCUS_SLICE).is_none(), "the stopped look");
        let (r1, _) = started(s.reached(g, FIRST_DEPTH, FOCUS_SLICE));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("r1"));
        let (r2, _) = started(s.finished(r1, FOCUS_SLICE * 2));
        assert_eq!(s.asked().map(|(_, k, _)| k), Some("r2"));
        // The review done: the focused board deepens again, and the same
        // plan asks for nothing more.
        let (_, limit) = started(s.finished(r2, FOCUS_SLICE * 3));
        assert_eq!(limit, Limit::Infinite);
        assert!(s.set_plan(plan2, FOCUS_SLICE * 3).is_none());
    }

    #[test]
    fn a_new_focused_position_restarts_the_focus_and_an_ended_focus_is_not_restarted() {
        let mut s = Scheduler::new();
        let plan = |key: &str| Plan {
            focus: Some(target(key)),
            others: vec![],
            ..Plan::default()
        };
        let (f1, _) = started(s.set_plan(plan("p1"), T0));
        let (f2, _) = started(s.set_plan(plan("p2"), T0));
        assert_ne!(f1, f2);
        assert!(s.finished(f1, T0).is_none());
        // The engine ends the search by itself (a mate found to the end).
        assert!(s.finished(f2, T0).is_none(), "nothing more to do");
        assert_eq!(s.asked(), None);
        assert!(s.set_plan(plan("p2"), T0).is_none(), "not asked again");
        // A position that stays is left alone once deep enough.
        let (f3, _) = started(s.set_plan(plan("p3"), T0));
        assert!(s.reached(f3, FOCUS_MAX_DEPTH - 1, T0).is_none());
        assert_eq!(
            s.reached(f3, FOCUS_MAX_DEPTH, T0).map(|s| s.is_none()),
            Some(true),
            "stopped"
        );
    }

    #[test]
    fn the_focus_is_searched_with_the_lines_asked_for_and_again_when_they_change() {
        let mut s = Scheduler::new();
        let plan = Plan {
            focus: Some(target("f")),
            others: vec![target("a")],
            focus_lines: 3,
            ..Plan::default()
        };
        let search = s.set_plan(plan.clone(), T0).flatten().expect("a search");
        assert_eq!((search.limit, search.lines), (Limit::Infinite, 3));
        let short = s
            .reached(search.id, FIRST_DEPTH, T0)
            .flatten()
            .expect("the other board's look");
        assert_eq!(short.lines, 1, "a short look searches one line");
        let back = s.finished(short.id, T0).flatten().expect("the focus again");
        assert_eq!(back.lines, 3);
        // Fewer lines asked for: the focus is searched again with them.
        let fewer = Plan {
            focus_lines: 1,
            ..plan
        };
        let again = s.set_plan(fewer, T0).flatten().expect("searched again");
        assert_eq!(again.lines, 1);
    }
}
