//! The analyses the window has received, by position key: the deepest
//! one of each position is kept, so browsing back to a position shows
//! what the engine said of it at once. Bounded: the oldest positions go
//! first.

use std::collections::{HashMap, VecDeque};

use super::analysis::Analysis;

/// Positions remembered (a few hundred bytes each).
pub const CAPACITY: usize = 4096;

#[derive(Debug, Default)]
pub struct Results {
    by_key: HashMap<String, Analysis>,
    /// Keys in the order they came, oldest first.
    order: VecDeque<String>,
}

impl Results {
    pub fn get(&self, key: &str) -> Option<&Analysis> {
        self.by_key.get(key)
    }

    /// Keeps `analysis` unless a deeper one of the same position is known
    /// (an engine resuming a position starts again from depth 1); one
    /// with more lines than the known one is kept all the same (the lines
    /// asked for are shown at once, deepening).
    pub fn insert(&mut self, key: String, analysis: Analysis) {
        match self.by_key.get_mut(&key) {
            Some(known) => {
                if analysis.depth >= known.depth || analysis.others.len() > known.others.len() {
                    *known = analysis;
                }
            }
            None => {
                if self.order.len() >= CAPACITY
                    && let Some(oldest) = self.order.pop_front()
                {
                    self.by_key.remove(&oldest);
                }
                self.order.push_back(key.clone());
                self.by_key.insert(key, analysis);
            }
        }
    }

    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::analysis::Eval;

    fn at(depth: u8, cp: i32) -> Analysis {
        Analysis {
            depth,
            eval: Eval::Centipawns(cp),
            line: vec![],
            line_san: vec![],
            others: vec![],
        }
    }

    #[test]
    fn the_deepest_word_stays_and_the_oldest_positions_go() {
        let mut r = Results::default();
        r.insert("p".into(), at(20, 35));
        r.insert("p".into(), at(3, -80));
        assert_eq!(r.get("p").map(|a| a.depth), Some(20));
        r.insert("p".into(), at(21, 30));
        assert_eq!(r.get("p").map(|a| a.eval), Some(Eval::Centipawns(30)));
        for i in 0..CAPACITY {
            r.insert(format!("k{i}"), at(1, 0));
        }
        assert_eq!(r.len(), CAPACITY);
        assert!(r.get("p").is_none(), "the oldest went");
        assert!(r.get(&format!("k{}", CAPACITY - 1)).is_some());
    }
}
