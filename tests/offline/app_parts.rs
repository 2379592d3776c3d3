//! The app layer is a few parts, each owning its state (ARCHITECTURE.md,
//! "The app layer"): `KibitzApp` holds the store, the session, the parts
//! and the window, with at most 12 fields and no `impl KibitzApp` outside
//! `src/app.rs` but `src/app/access.rs` (its accessors, which route
//! nothing: no `run`, no `Want`); every part implements `Part` in its own file, has at most
//! 12 fields and shows none to the others; the router names no part where
//! events, replies, ticks and repaints pass; nothing but the app opens the
//! store's two doors; and no file IO is reachable from the event drain.

use std::path::{Path, PathBuf};

/// The app's pieces that are no `Part` (file under `src/app/`, struct):
/// the session, the keeping, the engine, the window, the windows over the
/// boards and the wall (the lobby's).
const OTHERS: [(&str, &str); 6] = [
    ("wall.rs", "Wall"),
    ("wire.rs", "Wire"),
    ("keeping.rs", "Keeping"),
    ("windows.rs", "Windows"),
    ("analysis.rs", "Analyses"),
    ("host.rs", "Host"),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The field lines of `struct name { ... }` in `text` (comments and
/// attributes left out); `None` if there is no such struct.
fn fields(text: &str, name: &str) -> Option<Vec<String>> {
    let start = [format!("pub struct {name} {{"), format!("struct {name} {{")]
        .iter()
        .find_map(|s| text.find(s.as_str()))?;
    let body = &text[start..];
    let body = &body[body.find('{')? + 1..body.find("\n}")?];
    Some(
        body.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with("#["))
            .map(str::to_owned)
            .collect(),
    )
}

/// Whether `text` has an `impl` block of `name` (inherent or of a trait).
fn implements(text: &str, name: &str) -> bool {
    text.lines().map(str::trim).any(|line| {
        line.starts_with("impl")
            && line
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == name)
    })
}

#[test]
fn the_app_holds_a_few_parts() {
    let app = std::fs::read_to_string(src().join("app.rs")).expect("app.rs");
    let fields = fields(&app, "KibitzApp").expect("struct KibitzApp");
    assert!(
        (5..=12).contains(&fields.len()),
        "KibitzApp has {} fields: {fields:#?}",
        fields.len()
    );
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(files.len() > 50, "the crate's files were read");
    let access = src().join("app/access.rs");
    let elsewhere: Vec<&PathBuf> = files
        .iter()
        .filter(|f| **f != src().join("app.rs") && **f != access)
        .filter(|f| implements(&std::fs::read_to_string(f).expect("read"), "KibitzApp"))
        .collect();
    assert!(elsewhere.is_empty(), "impl KibitzApp in {elsewhere:#?}");
    // The accessors route nothing: wants are run in `app.rs` only.
    let access = std::fs::read_to_string(&access).expect("app/access.rs");
    for routing in ["self.run(", "Want::", "fn run("] {
        assert!(!access.contains(routing), "app/access.rs routes: {routing}");
    }
}

/// The parts, as `app/parts.rs` holds them: (field, type).
fn parts() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(src().join("app/parts.rs")).expect("parts.rs");
    let fields = fields(&text, "Parts").expect("struct Parts");
    fields
        .iter()
        .filter_map(|f| {
            f.strip_prefix("pub ")?
                .trim_end_matches(',')
                .split_once(": ")
        })
        .map(|(name, kind)| (name.to_owned(), kind.to_owned()))
        .collect()
}

/// The file of `src/app/` that defines `struct name`.
fn file_of(name: &str) -> Option<PathBuf> {
    let mut files = Vec::new();
    rust_files(&src().join("app"), &mut files);
    files.into_iter().find(|f| {
        let text = std::fs::read_to_string(f).expect("read");
        text.contains(&format!("pub struct {name} {{"))
            || text.contains(&format!("struct {name} {{"))
    })
}

/// Every part implements `Part` in the file that defines it (and no file
/// implements it twice); every part is looped over; none has more than
/// 12 fields or shows one to the others. The app's other pieces keep
/// their fields to themselves too.
#[test]
fn each_part_is_one_file_of_at_most_twelve_private_fields() {
    let parts = parts();
    assert!(parts.len() >= 6, "parts: {parts:?}");
    let held = std::fs::read_to_string(src().join("app/parts.rs")).expect("parts.rs");
    let all = function_body(&held, "all").expect("Parts::all");
    for (field, kind) in &parts {
        assert!(
            all.contains(&format!("&mut self.{field},")),
            "Parts::all leaves out {field}"
        );
        let file = file_of(kind).unwrap_or_else(|| panic!("struct {kind} under src/app"));
        let text = std::fs::read_to_string(&file).expect("read");
        assert!(
            text.contains(&format!("impl Part for {kind} {{")),
            "{kind} implements Part in {}",
            file.display()
        );
    }
    let others = OTHERS.map(|(_, kind)| (String::new(), kind.to_owned()));
    for (_, kind) in parts.iter().chain(others.iter()) {
        let file = file_of(kind).unwrap_or_else(|| panic!("struct {kind} under src/app"));
        let text = std::fs::read_to_string(&file).expect("read");
        let fields = fields(&text, kind).unwrap_or_else(|| panic!("struct {kind}"));
        assert!(
            (1..=12).contains(&fields.len()),
            "{kind} has {} fields",
            fields.len()
        );
        let shown: Vec<&String> = fields.iter().filter(|f| f.starts_with("pub")).collect();
        assert!(shown.is_empty(), "{kind} shows {shown:?}");
    }
    for (file, kind) in OTHERS {
        assert_eq!(file_of(kind), Some(src().join("app").join(file)), "{kind}");
    }
    // Each `impl Part for X` is in X's own file.
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        for line in text.lines() {
            if let Some(rest) = line.trim_start().strip_prefix("impl Part for ") {
                let kind = rest.trim_end_matches(" {");
                assert_eq!(file_of(kind).as_ref(), Some(file), "impl Part for {kind}");
            }
        }
    }
}

#[test]
fn the_checks_see_what_they_look_for() {
    let text =
        "pub struct App {\n    /// a\n    a: u32,\n    pub b: u32,\n}\n\nimpl super::App {\n}\n";
    assert_eq!(
        fields(text, "App"),
        Some(vec!["a: u32,".to_owned(), "pub b: u32,".to_owned()])
    );
    assert!(implements(text, "App"));
    assert!(implements("impl eframe::App for App {", "App"));
    assert!(!implements("impl Apps {\n", "App"));
    assert_eq!(fields(text, "Other"), None);
}

/// The lines of the function `name` in `text`, from its `fn` line to the
/// closing brace at its indentation.
fn function_lines(text: &str, name: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_start().contains(&format!("fn {name}(")))?;
    let indent = lines[start].len() - lines[start].trim_start().len();
    let end = lines[start..]
        .iter()
        .position(|l| l.len() - l.trim_start().len() == indent && l.trim() == "}")?;
    Some(end + 1)
}

/// The router stays a router: new listings, replies and actions land in
/// the parts (and `Want`, run in one place), not in `app.rs`; the events
/// it looks at itself are the ones no part has: a line not understood, a
/// reply (to route), and a reply's lines Kibitz keeps to itself.
#[test]
fn the_router_looks_at_no_event_of_a_part() {
    let app = std::fs::read_to_string(src().join("app.rs")).expect("app.rs");
    // `Event::X`, not `NetEvent::X` (the network thread's own).
    let named: std::collections::BTreeSet<&str> = app
        .match_indices("Event::")
        .filter(|(at, _)| !app[..*at].ends_with(|c: char| c.is_alphanumeric()))
        .filter_map(|(at, _)| {
            let rest = &app[at + "Event::".len()..];
            rest.split(|c: char| !c.is_alphanumeric()).next()
        })
        .collect();
    let own: std::collections::BTreeSet<&str> = ["OwnReply", "Reply", "Unparsed"].into();
    assert!(named.is_subset(&own), "app.rs looks at {named:?}");
}

#[test]
fn a_functions_lines_are_counted() {
    let text =
        "impl A {\n    fn f(&self) {\n        if x {\n        }\n    }\n\n    fn g() {}\n}\n";
    assert_eq!(function_lines(text, "f"), Some(4));
    assert_eq!(function_lines(text, "h"), None);
}

/// The text of the function `name` in `text` (as [`function_lines`]
/// counts it).
fn function_body(text: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_start().contains(&format!("fn {name}(")))?;
    let count = function_lines(text, name)?;
    Some(lines[start..start + count].join("\n"))
}

/// The parts that hear events, replies and ticks implement `Part`
/// (`app/part.rs`) each in a file of its own; the router's event, reply,
/// tick and repaint paths loop over them and name none.
#[test]
fn the_router_loops_over_the_parts() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut implementers = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read");
        let impls = text
            .lines()
            .filter(|l| l.trim_start().starts_with("impl Part for "))
            .count();
        assert!(impls <= 1, "{} parts in {}", impls, file.display());
        if impls == 1 {
            implementers.push(file.clone());
        }
    }
    assert!(implementers.len() >= 2, "parts: {implementers:?}");
    let app = std::fs::read_to_string(src().join("app.rs")).expect("app.rs");
    for path in [
        "apply_event",
        "change",
        "answer",
        "tick",
        "schedule_repaint",
    ] {
        let body = function_body(&app, path).unwrap_or_else(|| panic!("fn {path}"));
        let named: Vec<&str> = body
            .split("self.parts.")
            .skip(1)
            .map(|rest| {
                rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .next()
                    .unwrap_or("")
            })
            .collect();
        assert!(named.is_empty(), "{path} names the parts {named:?}");
        assert!(body.contains("self.parts("), "{path} loops over the parts");
    }
}

/// The store has two doors: the server's events (`apply`) and what the
/// user and the session change (`change`, with `game::Change`). No other
/// writer is public, so nothing outside `game/` writes it another way.
#[test]
fn the_store_has_two_doors() {
    let store = std::fs::read_to_string(src().join("game/store.rs")).expect("store.rs");
    let writers: Vec<&str> = store
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("pub fn ") && l.contains("(&mut self"))
        .filter_map(|l| l["pub fn ".len()..].split('(').next())
        .collect();
    assert_eq!(writers, ["change", "apply"], "the store's public writers");
}

/// A file of unit tests (`tests.rs`, or under a `tests/` folder).
fn is_test(file: &Path) -> bool {
    file.components()
        .any(|c| c.as_os_str() == "tests" || c.as_os_str() == "tests.rs")
}

/// The code of `file` that ships (what comes before its `#[cfg(test)]`).
fn shipped(file: &Path) -> String {
    let text = std::fs::read_to_string(file).expect("read");
    match text.find("#[cfg(test)]") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

/// Only the app (the store's owner) opens the store's doors: in
/// `apply_event` for the server's events, in `change` for the rest (and
/// `kibitz watch`, which keeps a store of its own). A part wants a change
/// (`Want::Change`); nothing outside `game/` holds the store mutably.
#[test]
fn only_the_app_writes_the_store() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let game = src().join("game");
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with(&game)) {
        if is_test(file) {
            continue;
        }
        let text = shipped(file);
        for (i, line) in text.lines().enumerate() {
            let writes = line.contains("store.apply(")
                || line.contains("store.change(")
                || line.contains("&mut GameStore");
            if writes {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    let allowed = |f: &String| {
        f.starts_with(&format!("{}:", src().join("cli/watch.rs").display()))
            || f.contains("self.store.apply(now, event)")
            || f.contains("self.store.change(change)")
    };
    let others: Vec<&String> = found.iter().filter(|f| !allowed(f)).collect();
    assert!(others.is_empty(), "the store written at {others:#?}");
    let app = std::fs::read_to_string(src().join("app.rs")).expect("app.rs");
    let apply = function_body(&app, "apply_event").expect("apply_event");
    let change = function_body(&app, "change").expect("change");
    assert!(apply.contains("self.store.apply(now, event)"));
    assert!(change.contains("self.store.change(change)"));
}

/// What the event drain reaches does no file IO on the UI thread: the
/// parts (their files and folders) and the models they fold events into
/// (`game/`, `console/`, `lobby/`, `protocol/`). A part that keeps
/// something on disk hands it to a thread (`app/disk_thread.rs`).
#[test]
fn no_file_io_is_reachable_from_the_event_drain() {
    let mut reached = Vec::new();
    for (_, kind) in parts() {
        let file = file_of(&kind).expect("the part's file");
        let folder = file.with_extension("");
        if folder.is_dir() {
            rust_files(&folder, &mut reached);
        }
        reached.push(file);
    }
    for model in ["game", "console", "lobby", "protocol"] {
        rust_files(&src().join(model), &mut reached);
        reached.push(src().join(format!("{model}.rs")));
    }
    reached.push(src().join("app.rs"));
    reached.retain(|f| f.exists() && !is_test(f));
    assert!(reached.len() > 40, "{} files reached", reached.len());
    let io = [
        "std::fs",
        "fs::",
        "OpenOptions",
        "File::open",
        "File::create",
        "read_to_string",
    ];
    let mut found = Vec::new();
    for file in &reached {
        for (i, line) in shipped(file).lines().enumerate() {
            if io.iter().any(|p| line.contains(p)) && !line.trim_start().starts_with("//") {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "file IO at {found:#?}");
}

/// The models the events fold into read no clock: the moment is passed in
/// (`Now` for the games, a `TimeOfDay` for the console's lines), so what
/// they do is what a test gives them.
#[test]
fn the_models_read_no_clock() {
    let mut files = Vec::new();
    for model in ["game", "console", "lobby", "protocol"] {
        rust_files(&src().join(model), &mut files);
        files.push(src().join(format!("{model}.rs")));
    }
    files.retain(|f| f.exists() && !is_test(f));
    let clocks = [
        "Instant::now",
        "SystemTime::now",
        "now_hh_mm",
        "now_local_s",
        "TimeOfDay::now",
        "UtcTime::now",
    ];
    let mut found = Vec::new();
    for file in &files {
        for (i, line) in shipped(file).lines().enumerate() {
            if clocks.iter().any(|c| line.contains(c)) {
                found.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(files.len() > 40, "{} files read", files.len());
    assert!(found.is_empty(), "a clock read at {found:#?}");
}

/// A game's panel reads in sections that fit on a screen: the board and
/// its strips, what is over the board, the row of buttons, the moves'
/// column (`game_panel_ui` was 321 lines, walked back and forth).
#[test]
fn the_game_panel_reads_in_sections() {
    let text = std::fs::read_to_string(src().join("ui/game_panel.rs")).expect("game_panel.rs");
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            l.trim_start()
                .split_once("fn ")
                .filter(|(head, _)| !head.contains("//"))
        })
        .filter_map(|(_, rest)| rest.split(['(', '<']).next())
        .collect();
    assert!(names.contains(&"game_panel_ui"), "{names:?}");
    for name in names {
        let lines = function_lines(&text, name).unwrap_or_else(|| panic!("fn {name}"));
        assert!(lines <= 80, "{name} has {lines} lines");
    }
}
