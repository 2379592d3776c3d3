//! My games' index: beside each month file (`games/.index/2026-11.pgn.tsv`),
//! the list of its games as My games shows them, with the size and time
//! of the file it was made from. A file unchanged since is listed from its
//! index (a few MB of text, not hundreds of MB of PGN); a file changed (a
//! game appended, an edit by hand) is read again and its index rewritten.
//! Plain text, rebuilt whenever it does not fit: the PGN files stay the
//! archive; losing the index loses nothing.
//!
//! (Not SQLite: the list is read whole into memory anyway, compactly, and
//! filtered there within a frame; a text file per month needs no schema,
//! no migration and no C library in the build.)

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::UNIX_EPOCH;

use super::listed::ListedGame;

/// The first word of an index: its format.
const FORMAT: &str = "kibitz-games-index-1";

/// Where a month file's index is: beside it.
pub fn index_path(file: &Path) -> Option<PathBuf> {
    let name = file.file_name()?.to_string_lossy().into_owned();
    Some(file.parent()?.join(".index").join(format!("{name}.tsv")))
}

/// Where the index of a collection's `file` (anywhere: its folder is the
/// user's, not written to) is: in the archive's own `dir`, named after
/// the file and a hash of its whole path (two `games.pgn` stay apart).
pub fn collection_index_path(dir: &Path, file: &Path) -> Option<PathBuf> {
    let name = file.file_name()?.to_string_lossy().into_owned();
    // FNV-1a: the same name from one run to the next.
    let hash = file
        .to_string_lossy()
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    Some(
        dir.join(".index")
            .join("collections")
            .join(format!("{name}-{hash:016x}.tsv")),
    )
}

/// `size<TAB>modified (ns since 1970)` of `file`, as its index records it
/// (taken before the file is read).
pub fn stamp(file: &Path) -> Option<String> {
    let meta = std::fs::metadata(file).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    Some(format!("{}\t{}", meta.len(), modified.as_nanos()))
}

/// `file`'s games from its index at `index`, if the index was made from
/// the file as it is now (and reads whole).
pub fn load(file: &Path, index: &Path) -> Option<Vec<ListedGame>> {
    let text = std::fs::read_to_string(index).ok()?;
    let mut lines = text.lines();
    let (format, made_from) = lines.next()?.split_once('\t')?;
    if format != FORMAT || made_from != stamp(file)? {
        return None;
    }
    let shared = Arc::new(file.to_path_buf());
    lines
        .map(|line| ListedGame::from_row(Arc::clone(&shared), line))
        .collect()
}

/// Writes `file`'s index of `games` at `path`, read from the file as
/// `made_from` stamped it (beside it, then renamed over the old one); a
/// failure only means the next listing reads the PGN again.
pub fn save(file: &Path, path: &Path, made_from: &str, games: &[ListedGame]) {
    let mut text = format!("{FORMAT}\t{made_from}\n");
    for game in games {
        text.push_str(&game.row());
        text.push('\n');
    }
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| {
            let temporary = path.with_extension("tsv.tmp");
            std::fs::write(&temporary, text)?;
            std::fs::rename(&temporary, path)
        });
    if let Err(e) = written {
        tracing::debug!("games index not written for {}: {e}", file.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::read::list_file;

    const GAMES: &str = "[Event \"FICS rated blitz game\"]\n[Date \"2026.11.25\"]\n[White \"KibUser\"]\n[Black \"BotA\"]\n[Result \"1-0\"]\n[TimeControl \"300+0\"]\n[ECO \"C50\"]\n[Opening \"Italian Game\"]\n\n1. e4 e5 1-0\n\n[Event \"FICS unrated lightning game\"]\n[White \"BotB\"]\n[Black \"KibUser\"]\n[Result \"*\"]\n\n1. d4 *\n";

    #[test]
    fn an_index_lists_its_file_until_the_file_changes() {
        let dir = std::env::temp_dir().join(format!("kibitz-index-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("2026-11.pgn");
        std::fs::write(&file, GAMES).unwrap();
        let index = index_path(&file).unwrap();
        assert_eq!(load(&file, &index), None, "no index yet");
        let made_from = stamp(&file).unwrap();
        let listed: Vec<ListedGame> = list_file(&file).iter().map(ListedGame::of).collect();
        save(&file, &index, &made_from, &listed);
        assert!(dir.join(".index/2026-11.pgn.tsv").exists());
        let loaded = load(&file, &index).expect("the index fits the file");
        assert_eq!(loaded, listed);
        assert_eq!(loaded[0].opening(), "C50 Italian Game");
        // A game appended: the index no longer fits.
        std::fs::write(
            &file,
            format!("{GAMES}\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 *\n"),
        )
        .unwrap();
        assert_eq!(load(&file, &index), None);
        // A damaged index is not believed.
        let listed: Vec<ListedGame> = list_file(&file).iter().map(ListedGame::of).collect();
        save(&file, &index, &stamp(&file).unwrap(), &listed);
        let text = std::fs::read_to_string(&index).unwrap();
        std::fs::write(&index, text.replace("KibUser\t", "KibUser")).unwrap();
        assert_eq!(load(&file, &index), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_collections_index_is_kept_in_the_archive_not_beside_the_file() {
        let archive = Path::new("/home/u/.local/share/kibitz/games");
        let a = collection_index_path(archive, Path::new("/tmp/a/games.pgn")).unwrap();
        let b = collection_index_path(archive, Path::new("/tmp/b/games.pgn")).unwrap();
        assert!(a.starts_with(archive.join(".index/collections")));
        assert!(
            a.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("games.pgn-")
        );
        assert_ne!(a, b);
        assert_eq!(
            a,
            collection_index_path(archive, Path::new("/tmp/a/games.pgn")).unwrap()
        );
    }
}
