//! A computer opponent's strength, asked as a rating, in the words a UCI
//! engine takes: `UCI_LimitStrength` and `UCI_Elo` where the engine has a
//! rating of its own for it, and below its floor (Stockfish 15.1 and
//! Fairy-Stockfish: 1350) its `Skill Level` at the bottom and a depth limit
//! that shrinks with the rating. The engine says what it has in its answer
//! to `uci` (`option name UCI_Elo type spin default 1350 min 1350 max
//! 2850`); [`EngineLevels::read`] keeps that, [`plan`] turns a rating into
//! the lines to send.
//!
//! Below the floor the scale is Kibitz's own and rough: skill at its
//! lowest, then one ply of search at 400 growing to eight just under the
//! floor (a beginner sees one move ahead; an engine at depth eight plays
//! around 1300 at its lowest skill).

/// The weakest rating offered.
pub const LOWEST_RATING: u32 = 400;
/// Search depth at [`LOWEST_RATING`] and just under the engine's floor.
const DEPTHS: (u32, u32) = (1, 8);

/// What an engine offers to set its strength, from its answer to `uci`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EngineLevels {
    /// `UCI_Elo`'s range (with `UCI_LimitStrength` to switch it on).
    pub elo: Option<(u32, u32)>,
    pub limit_strength: bool,
    /// `Skill Level`'s range (Stockfish 0-20, Fairy-Stockfish -20-20).
    pub skill: Option<(i32, i32)>,
}

impl EngineLevels {
    /// Folds in one line of the engine's answer to `uci`.
    pub fn read(&mut self, line: &str) {
        let Some(rest) = line.trim().strip_prefix("option name ") else {
            return;
        };
        let Some((name, spec)) = rest.split_once(" type ") else {
            return;
        };
        let number = |key: &str| -> Option<i64> {
            let mut words = spec.split_whitespace();
            words.find(|w| *w == key)?;
            words.next()?.parse().ok()
        };
        let range = || Some((number("min")?, number("max")?));
        match name.trim() {
            "UCI_Elo" => {
                self.elo = range().and_then(|(low, high)| {
                    let low = u32::try_from(low).ok()?;
                    let high = u32::try_from(high).ok()?;
                    (low <= high).then_some((low, high))
                });
            }
            "UCI_LimitStrength" => self.limit_strength = spec.starts_with("check"),
            "Skill Level" => {
                self.skill = range().and_then(|(low, high)| {
                    let low = i32::try_from(low).ok()?;
                    let high = i32::try_from(high).ok()?;
                    (low <= high).then_some((low, high))
                });
            }
            _ => {}
        }
    }

    /// The rating under which the engine's own rating cannot go.
    pub fn floor(&self) -> Option<u32> {
        self.elo.filter(|_| self.limit_strength).map(|(low, _)| low)
    }
}

/// What to send for a strength: `setoption` lines, and a depth for every
/// `go` (None: the clock alone decides).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub options: Vec<String>,
    pub depth: Option<u32>,
}

/// The lines that make the engine play at about `rating` (None: at full
/// strength).
pub fn plan(levels: &EngineLevels, rating: Option<u32>) -> Plan {
    let mut options = Vec::new();
    let set = |name: &str, value: String| format!("setoption name {name} value {value}");
    let Some(rating) = rating else {
        if levels.limit_strength {
            options.push(set("UCI_LimitStrength", "false".into()));
        }
        if let Some((_, top)) = levels.skill {
            options.push(set("Skill Level", top.to_string()));
        }
        return Plan {
            options,
            depth: None,
        };
    };
    if let (Some(floor), Some((_, top))) = (levels.floor(), levels.elo)
        && rating >= floor
    {
        if let Some((_, skill_top)) = levels.skill {
            options.push(set("Skill Level", skill_top.to_string()));
        }
        options.push(set("UCI_LimitStrength", "true".into()));
        options.push(set("UCI_Elo", rating.min(top).to_string()));
        return Plan {
            options,
            depth: None,
        };
    }
    // Under the engine's own scale (or an engine without one).
    if levels.limit_strength {
        options.push(set("UCI_LimitStrength", "false".into()));
    }
    let floor = levels.floor().unwrap_or(1350).max(LOWEST_RATING + 1);
    let rating = rating.clamp(LOWEST_RATING, floor - 1);
    // 0 at the lowest rating, 1 just under the floor.
    let share = f64::from(rating - LOWEST_RATING) / f64::from(floor - 1 - LOWEST_RATING).max(1.0);
    if let Some((low, high)) = levels.skill {
        // Skill levels under 0 (Fairy-Stockfish's) are weaker still:
        // from the lowest up to 0 along the scale; else the lowest.
        let skill = if low < 0 {
            let top = high.min(0);
            low + (f64::from(top - low) * share).round() as i32
        } else {
            low
        };
        options.push(set("Skill Level", skill.to_string()));
    }
    let (shallow, deep) = DEPTHS;
    let depth = shallow + (f64::from(deep - shallow) * share).round() as u32;
    Plan {
        options,
        depth: Some(depth),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stockfish 15.1's answer to `uci` (Debian's), as far as strength goes.
    fn stockfish() -> EngineLevels {
        let mut levels = EngineLevels::default();
        for line in [
            "id name Stockfish 15.1",
            "option name Threads type spin default 1 min 1 max 1024",
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
            "uciok",
        ] {
            levels.read(line);
        }
        levels
    }

    fn fairy() -> EngineLevels {
        let mut levels = EngineLevels::default();
        for line in [
            "option name Skill Level type spin default 20 min -20 max 20",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 1350 min 1350 max 2850",
        ] {
            levels.read(line);
        }
        levels
    }

    #[test]
    fn the_engines_words_are_read() {
        let sf = stockfish();
        assert_eq!(sf.elo, Some((1350, 2850)));
        assert!(sf.limit_strength);
        assert_eq!(sf.skill, Some((0, 20)));
        assert_eq!(fairy().skill, Some((-20, 20)));
        let mut odd = EngineLevels::default();
        odd.read("option name UCI_Elo type spin default 5 min 9 max 3");
        odd.read("option name Skill Level type spin default x min y max z");
        assert_eq!(odd, EngineLevels::default(), "nonsense is ignored");
    }

    #[test]
    fn on_the_engines_scale_its_own_rating() {
        let plan = plan(&stockfish(), Some(1500));
        assert_eq!(
            plan.options,
            [
                "setoption name Skill Level value 20",
                "setoption name UCI_LimitStrength value true",
                "setoption name UCI_Elo value 1500",
            ]
        );
        assert_eq!(plan.depth, None);
        let top = super::plan(&stockfish(), Some(3200));
        assert!(
            top.options
                .contains(&"setoption name UCI_Elo value 2850".to_owned())
        );
    }

    #[test]
    fn under_the_floor_the_lowest_skill_and_a_shallower_search() {
        let weakest = plan(&stockfish(), Some(400));
        assert_eq!(
            weakest.options,
            [
                "setoption name UCI_LimitStrength value false",
                "setoption name Skill Level value 0",
            ]
        );
        assert_eq!(weakest.depth, Some(1));
        let under = plan(&stockfish(), Some(1349));
        assert_eq!(under.depth, Some(8));
        let middle = plan(&stockfish(), Some(900));
        assert!(middle.depth > weakest.depth && middle.depth < under.depth);
        // Fairy-Stockfish goes weaker by skill too.
        let fsf = plan(&fairy(), Some(400));
        assert!(
            fsf.options
                .contains(&"setoption name Skill Level value -20".to_owned())
        );
        let fsf = plan(&fairy(), Some(1349));
        assert!(
            fsf.options
                .contains(&"setoption name Skill Level value 0".to_owned())
        );
    }

    #[test]
    fn full_strength_undoes_the_limits() {
        let plan = plan(&stockfish(), None);
        assert_eq!(
            plan.options,
            [
                "setoption name UCI_LimitStrength value false",
                "setoption name Skill Level value 20",
            ]
        );
        assert_eq!(plan.depth, None);
    }

    #[test]
    fn an_engine_without_levels_is_only_held_back_in_depth() {
        let plan = plan(&EngineLevels::default(), Some(800));
        assert!(plan.options.is_empty());
        assert!(plan.depth.is_some_and(|d| (1..=8).contains(&d)));
    }
}
