//! The app layer is a few parts, each owning its state (ARCHITECTURE.md,
//! "The app layer"): `KibitzApp` holds the parts and the frame, with at
//! most 12 fields and no `impl KibitzApp` outside `src/app.rs`, and no part
//! shows its fields to the others.

use std::path::{Path, PathBuf};

/// The parts: (file under `src/app/`, struct).
const PARTS: [(&str, &str); 9] = [
    ("boards.rs", "Boards"),
    ("wall.rs", "Wall"),
    ("wire.rs", "Wire"),
    ("keeping.rs", "Keeping"),
    ("chrome.rs", "Chrome"),
    ("console_panel.rs", "ConsolePanel"),
    ("windows.rs", "Windows"),
    ("feedback.rs", "Feedback"),
    ("analysis.rs", "Analyses"),
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
    let elsewhere: Vec<&PathBuf> = files
        .iter()
        .filter(|f| **f != src().join("app.rs"))
        .filter(|f| implements(&std::fs::read_to_string(f).expect("read"), "KibitzApp"))
        .collect();
    assert!(elsewhere.is_empty(), "impl KibitzApp in {elsewhere:#?}");
}

#[test]
fn each_part_keeps_its_fields_to_itself() {
    for (file, name) in PARTS {
        let text = std::fs::read_to_string(src().join("app").join(file)).expect(file);
        let fields = fields(&text, name).unwrap_or_else(|| panic!("struct {name} in {file}"));
        assert!(!fields.is_empty(), "{name} has fields");
        let shown: Vec<&String> = fields.iter().filter(|f| f.starts_with("pub")).collect();
        assert!(shown.is_empty(), "{name} shows {shown:?}");
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
/// the parts (and `Want`, run in one place), not in `app.rs`.
#[test]
fn the_router_stays_small() {
    let app = std::fs::read_to_string(src().join("app.rs")).expect("app.rs");
    let lines = app.lines().count();
    // 1,056 lines before replies were addressed and wants run in one place
    // (issue 31).
    assert!(lines < 800, "app.rs has {lines} lines");
    let apply = function_lines(&app, "apply_event").expect("apply_event");
    assert!(apply <= 50, "apply_event has {apply} lines");
    // The events the router itself looks at: the parts read the rest.
    let arms = app.matches("Event::").count();
    assert!(arms <= 8, "app.rs names Event:: {arms} times");
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
    for path in ["apply_event", "answer", "tick", "schedule_repaint"] {
        let body = function_body(&app, path).unwrap_or_else(|| panic!("fn {path}"));
        for part in ["self.chrome", "self.console", "self.feedback"] {
            assert!(!body.contains(part), "{path} names {part}");
        }
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
