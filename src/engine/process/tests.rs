use super::*;

#[test]
fn the_engine_is_looked_up_on_path_then_beside_kibitz() {
    let path = std::env::join_paths(["/opt/a", "/opt/b"]).expect("path");
    let beside = Some(PathBuf::from("/opt/kibitz"));
    let linux = candidates("stockfish", &path, beside.clone(), false);
    assert_eq!(
        linux,
        [
            "/opt/a/stockfish",
            "/opt/b/stockfish",
            "/usr/games/stockfish",
            "/usr/local/games/stockfish",
            "/opt/kibitz/stockfish"
        ]
        .map(PathBuf::from)
    );
    // Windows: `.exe` first, no /usr/games, and a backslash is a path.
    let windows = candidates("stockfish", &path, beside, true);
    assert_eq!(windows[0], PathBuf::from("/opt/a/stockfish.exe"));
    assert_eq!(
        windows.last(),
        Some(&PathBuf::from("/opt/kibitz/stockfish"))
    );
    assert_eq!(windows.len(), 6);
    assert_eq!(
        candidates(r"C:\engines\sf.exe", &path, None, true),
        [PathBuf::from(r"C:\engines\sf.exe")]
    );
    assert_eq!(candidates("sf.exe", &path, None, true).len(), 2);
    assert!(candidates("  ", &path, None, false).is_empty());
}

/// Lines of a program's output, read with [`LineReader`].
fn lines_of(script: &str) -> Vec<String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(script)
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh");
        let mut reader = LineReader::new(child.stdout.take().expect("stdout"));
        let mut lines = Vec::new();
        while let Some(line) = reader.next().await {
            lines.push(line);
        }
        let _ = child.wait().await;
        lines
    })
}

#[test]
fn an_overlong_line_is_cut_and_the_next_one_read_whole() {
    let lines = lines_of("head -c 100000 /dev/zero | tr '\\0' x; printf '\\r\\nreadyok\\n'");
    assert_eq!(
        lines.len(),
        2,
        "{:?}",
        lines.iter().map(String::len).collect::<Vec<_>>()
    );
    assert_eq!(lines[0].len(), MAX_LINE);
    assert_eq!(lines[1], "readyok");
}

#[test]
fn engines_are_found_by_path_or_by_name() {
    assert_eq!(locate("sh").map(|p| p.is_absolute()), Some(true));
    assert_eq!(locate("/bin/sh"), Some(PathBuf::from("/bin/sh")));
    assert_eq!(locate("/nonexistent/stockfish"), None);
    assert_eq!(locate("kibitz-no-such-engine"), None);
    assert_eq!(locate("  "), None);
}
