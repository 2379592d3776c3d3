//! The deck on disk (`mistakes.toml` in the data dir): read at start,
//! written whole and atomically after each change (a temporary file
//! synced, then renamed over the old one), so a crash leaves the old deck
//! or the new one, never half of one. A file that does not read is moved
//! aside (`mistakes.toml.unreadable`), never overwritten unread.

use std::path::{Path, PathBuf};

use super::deck::Deck;

/// The deck's file name in the data dir.
pub const FILE: &str = "mistakes.toml";

pub fn path_in(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE)
}

/// The deck kept at `path`: empty where there is none yet; where the file
/// does not read, empty too and the file moved aside (the words say so).
pub fn load(path: &Path) -> (Deck, Option<String>) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Deck::default(), None),
        Err(e) => {
            return (
                Deck::default(),
                Some(format!("Cannot read {}: {e}", path.display())),
            );
        }
    };
    match Deck::from_toml(&text) {
        Ok(deck) => (deck, None),
        Err(e) => {
            let aside = path.with_extension("toml.unreadable");
            let moved = std::fs::rename(path, &aside);
            let words = match moved {
                Ok(()) => format!(
                    "Your mistakes' deck did not read ({e}); it is kept as {} and a new deck starts",
                    aside.display()
                ),
                Err(m) => format!("Your mistakes' deck did not read ({e}) nor move aside ({m})"),
            };
            (Deck::default(), Some(words))
        }
    }
}

/// Writes `deck` at `path` atomically.
pub fn save(path: &Path, deck: &Deck) -> std::io::Result<()> {
    crate::config::write_atomically(path, deck.to_toml().as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_written_reads_back_and_a_bad_file_is_kept_aside() {
        let dir = std::env::temp_dir().join(format!("kibitz-deck-file-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = path_in(&dir);
        assert_eq!(load(&path), (Deck::default(), None));
        let mut deck = Deck::default();
        deck.pass_over("2026-11.pgn#0");
        save(&path, &deck).expect("saved");
        assert_eq!(load(&path), (deck, None));
        std::fs::write(&path, "cards = 3").expect("written");
        let (deck, words) = load(&path);
        assert_eq!(deck, Deck::default());
        assert!(words.expect("said").contains("unreadable"));
        let aside = std::fs::read_to_string(path.with_extension("toml.unreadable"));
        assert_eq!(aside.expect("kept"), "cards = 3");
        // Nothing temporary is left: the file set aside only.
        let names: Vec<String> = std::fs::read_dir(&dir)
            .expect("listed")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["mistakes.toml.unreadable"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
