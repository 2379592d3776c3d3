//! The fake UCI engine (`fake_uci.sh`) as a program Kibitz can start: a
//! small script in a test's directory that runs it in one mode, logging
//! what it is told to `engine-input.log` there.

use std::path::{Path, PathBuf};

/// The program to give Kibitz, and the log of what the engine was told.
/// Modes: `normal`, `crash-once`, `silent`, `table` (see `fake_uci.sh`;
/// [`fake_engine_scoring`] writes the table).
pub fn fake_engine(dir: &Path, mode: &str) -> (PathBuf, PathBuf) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/common/fake_uci.sh");
    let log = dir.join("engine-input.log");
    let marker = dir.join("crashed-once");
    let program = dir.join("engine");
    std::fs::write(
        &program,
        format!(
            "#!/bin/sh\nexec bash '{}' {mode} '{}' '{}'\n",
            script.display(),
            log.display(),
            marker.display()
        ),
    )
    .expect("write engine");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    (program, log)
}

/// The fake engine in `table` mode: a search on a position whose FEN
/// holds `text` reports `score` (`cp 30`, `mate 1`: the side to move's).
pub fn fake_engine_scoring(dir: &Path, scores: &[(String, String)]) -> (PathBuf, PathBuf) {
    let table: String = scores
        .iter()
        .map(|(text, score)| format!("{text}|{score}\n"))
        .collect();
    std::fs::write(dir.join("scores"), table).expect("write scores");
    fake_engine(dir, "table")
}

/// The fake engine as an opponent (`play`): its searches answer with
/// `moves` in turn (UCI words).
pub fn fake_opponent(dir: &Path, moves: &[&str]) -> (PathBuf, PathBuf) {
    let lines: String = moves.iter().map(|m| format!("{m}\n")).collect();
    std::fs::write(dir.join("moves"), lines).expect("write moves");
    fake_engine(dir, "play")
}
