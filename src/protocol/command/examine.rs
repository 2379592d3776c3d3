//! What `examine` opens on the server: an empty board, a player's history
//! game, journal slot or adjourned game (the same syntax on the old FICS,
//! `obsproc.c`, and FatICS, `examine_command.py`).

use super::{CommandError, check_handle};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ExamineTarget {
    /// `examine`: a board in the start position, moves made on it.
    Scratch,
    /// `examine NAME N`: game N of NAME's `history`.
    History { handle: String, slot: u32 },
    /// `examine NAME X`: slot X (a letter) of NAME's `journal`.
    Journal { handle: String, slot: char },
    /// `examine NAME OPPONENT`: their adjourned game (`stored`).
    Adjourned { handle: String, opponent: String },
}

impl ExamineTarget {
    pub(super) fn line(&self) -> Result<String, CommandError> {
        Ok(match self {
            ExamineTarget::Scratch => "examine".to_owned(),
            ExamineTarget::History { handle, slot } => {
                check_handle(handle)?;
                format!("examine {handle} {slot}")
            }
            ExamineTarget::Journal { handle, slot } => {
                check_handle(handle)?;
                if !slot.is_ascii_alphabetic() {
                    return Err(CommandError::NotAscii(*slot));
                }
                format!("examine {handle} {slot}")
            }
            ExamineTarget::Adjourned { handle, opponent } => {
                check_handle(handle)?;
                check_handle(opponent)?;
                format!("examine {handle} {opponent}")
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let history = ExamineTarget::History {
            handle: "BotA".into(),
            slot: 7,
        };
        assert_eq!(history.line().unwrap(), "examine BotA 7");
        assert_eq!(ExamineTarget::Scratch.line().unwrap(), "examine");
        let adjourned = ExamineTarget::Adjourned {
            handle: "KibUser".into(),
            opponent: "BotB".into(),
        };
        assert_eq!(adjourned.line().unwrap(), "examine KibUser BotB");
        let bad = ExamineTarget::History {
            handle: "a b".into(),
            slot: 1,
        };
        assert!(bad.line().is_err());
    }
}
