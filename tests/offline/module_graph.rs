//! The crate's files depend on each other without circles, and only down
//! its floors (protocol, engine, config < game, net, training < archive < console, computer < ui, cli <
//! app < main): the window's widgets (`ui`) never reach up into the app. A file depends on
//! another when it names it in a path: `use crate::…`, `use super::…`,
//! `use self::…` or such a path inline, resolved to the file of the longest
//! module prefix that exists (`crate::ui::board::BoardView` is
//! `src/ui/board.rs`). A `mod x;` declaration alone is no dependency, nor is
//! a file's inline `#[cfg(test)] mod tests`.
//!
//! Run on `src/` by CI like every test; `circles_are_found` proves it fails
//! on a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path (`["ui", "board"]`) -> file, for every `.rs` file under `src`.
fn module_files(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut files = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path
                .strip_prefix(src)
                .expect("under src")
                .with_extension("");
            let mut module: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|m| m == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                // The crate root: lib.rs (main.rs is a binary of its own).
                if module == ["main"] {
                    continue;
                }
                module.clear();
            }
            files.insert(module, path);
        }
    }
    files
}

/// The text that counts: comments and the inline test module left out.
fn structural_text(text: &str) -> String {
    let without_comments: String = text
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    match without_comments.find("#[cfg(test)]\nmod tests {") {
        Some(at) => without_comments[..at].to_owned(),
        None => without_comments,
    }
}

/// Every path that starts at `crate`, `super` or `self`, with `use`
/// groups (`a::{b, c::D}`) expanded, as (root, segments).
fn paths(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found = Vec::new();
    // `use` statements, groups expanded.
    let mut rest = text;
    while let Some(at) = rest.find("use ") {
        let before_ok = at == 0 || !rest.as_bytes()[at - 1].is_ascii_alphanumeric();
        rest = &rest[at + 4..];
        let Some(end) = rest.find(';') else { break };
        if !before_ok {
            continue;
        }
        // `a as b` keeps `a`: mark the rename, then drop the white space.
        let spaced = rest[..end].split_whitespace().collect::<Vec<_>>().join(" ");
        let body: String = spaced
            .replace(" as ", "@")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        for path in expand(&body) {
            push_path(&path, &mut found);
        }
    }
    // Inline paths.
    for root in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(root) {
            let start = from + at;
            from = start + root.len();
            if start > 0 {
                let c = text.as_bytes()[start - 1];
                if c.is_ascii_alphanumeric() || c == b'_' || c == b':' {
                    continue;
                }
            }
            let end = text[start..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(text.len(), |e| start + e);
            push_path(&text[start..end], &mut found);
        }
    }
    found
}

/// `a::{b,c::{d,e}}` -> `a::b`, `a::c::d`, `a::c::e`.
fn expand(body: &str) -> Vec<String> {
    let Some(open) = body.find('{') else {
        return vec![body.to_owned()];
    };
    let prefix = &body[..open];
    let inner = body[open + 1..]
        .strip_suffix('}')
        .unwrap_or(&body[open + 1..]);
    let (mut items, mut depth, mut current) = (Vec::new(), 0, String::new());
    for c in inner.chars() {
        match c {
            ',' if depth == 0 => items.push(std::mem::take(&mut current)),
            '{' => {
                depth += 1;
                current.push(c);
            }
            '}' => {
                depth -= 1;
                current.push(c);
            }
            _ => current.push(c),
        }
    }
    items.push(current);
    items
        .into_iter()
        .filter(|item| !item.is_empty())
        .flat_map(|item| {
            if item == "self" {
                vec![prefix.trim_end_matches(':').to_owned()]
            } else {
                expand(&format!("{prefix}{item}"))
            }
        })
        .collect()
}

fn push_path(path: &str, found: &mut Vec<(String, Vec<String>)>) {
    let path = path.split('@').next().unwrap_or(path);
    let mut segments = path.split("::").filter(|s| !s.is_empty());
    let Some(root) = segments.next() else { return };
    if !["crate", "super", "self"].contains(&root) {
        return;
    }
    found.push((root.to_owned(), segments.map(str::to_owned).collect()));
}

/// File -> the files it depends on.
fn dependencies(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let files = module_files(src);
    let resolve = |path: &[String]| {
        (1..=path.len())
            .rev()
            .find_map(|k| files.get(&path[..k]))
            .cloned()
    };
    let mut graph = BTreeMap::new();
    for (module, file) in &files {
        let text = structural_text(&std::fs::read_to_string(file).expect("read"));
        let mut targets = BTreeSet::new();
        for (root, segments) in paths(&text) {
            let mut start: Vec<String> = match root.as_str() {
                "crate" => Vec::new(),
                "super" => module[..module.len().saturating_sub(1)].to_vec(),
                _ => module.clone(),
            };
            let mut segments = segments.as_slice();
            while let Some(("super", rest)) = segments.split_first().map(|(s, r)| (s.as_str(), r)) {
                start.pop();
                segments = rest;
            }
            start.extend(segments.iter().cloned());
            if let Some(target) = resolve(&start).filter(|t| t != file) {
                targets.insert(target);
            }
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The groups of files that depend on each other in a circle (Tarjan's
/// strongly connected components of more than one file).
fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Search<'a> {
        graph: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        circles: Vec<Vec<PathBuf>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, v: &'a PathBuf) {
            let n = self.index.len();
            self.index.insert(v, n);
            self.low.insert(v, n);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.stack.contains(&w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    component.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.circles.push(component);
                }
            }
        }
    }
    let mut search = Search {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        circles: Vec::new(),
    };
    for v in graph.keys() {
        if !search.index.contains_key(v) {
            search.visit(v);
        }
    }
    search.circles
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_file_depends_on_itself_through_others() {
    let graph = dependencies(&src());
    assert!(
        graph.len() > 50,
        "the crate's files were read: {}",
        graph.len()
    );
    let circles = circles(&graph);
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn the_widgets_never_reach_up_into_the_app() {
    let src = src();
    let graph = dependencies(&src);
    let app = [src.join("app.rs"), src.join("app")];
    let upward: Vec<(&PathBuf, &PathBuf)> = graph
        .iter()
        .filter(|(file, _)| file.starts_with(src.join("ui")))
        .flat_map(|(file, targets)| targets.iter().map(move |t| (file, t)))
        .filter(|(_, target)| app.iter().any(|a| target.starts_with(a)))
        .collect();
    assert!(upward.is_empty(), "ui -> app: {upward:#?}");
}

#[test]
fn circles_are_found() {
    // A crate of three files where a -> b -> c -> a, and d apart.
    let dir = std::env::temp_dir().join(format!("kibitz-module-graph-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("x")).expect("dir");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write");
    write("lib.rs", "pub mod a;\npub mod x;\npub mod d;\n");
    write("a.rs", "use crate::x::b::Thing;\n");
    write("x.rs", "pub mod b;\npub mod c;\n");
    write("x/b.rs", "pub struct Thing;\nfn f() { super::c::g(); }\n");
    write("x/c.rs", "pub fn g() { let _ = crate::a::h; }\n");
    write("d.rs", "use crate::x::{b::Thing, c};\n// use crate::d;\n");
    let graph = dependencies(&dir);
    let found = circles(&graph);
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert_eq!(
        found,
        [vec![
            dir.join("a.rs"),
            dir.join("x/b.rs"),
            dir.join("x/c.rs")
        ]],
        "{graph:#?}"
    );
}

/// The floors, lowest first: a file may name files of its own top-level
/// module and of lower floors only. The protocol knows nothing of the
/// engine, the domain nothing of sockets, the widgets nothing of the app.
const FLOORS: [&[&str]; 7] = [
    &[
        "protocol",
        "engine",
        "config",
        "logging",
        "recording",
        "local_time",
        "paint",
    ],
    &[
        "game",
        "net",
        "notifications",
        "secrets",
        "sound",
        "training",
    ],
    &["archive", "lobby"],
    &["console", "computer"],
    &["ui", "cli", "desktop"],
    &["app"],
    &["main"],
];

/// The floor of a file (by its top-level module), if it has one.
fn floor(src: &Path, file: &Path) -> Option<(usize, String)> {
    let top = file
        .strip_prefix(src)
        .ok()?
        .components()
        .next()?
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_owned();
    FLOORS
        .iter()
        .position(|floor| floor.contains(&top.as_str()))
        .map(|at| (at, top))
}

/// Edges that do not point down the floors (or stay in their module).
fn upward_edges(src: &Path, graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<String> {
    let mut found = Vec::new();
    for (file, targets) in graph {
        let Some((from, from_top)) = floor(src, file) else {
            continue;
        };
        for target in targets {
            let Some((to, to_top)) = floor(src, target) else {
                continue;
            };
            if from_top != to_top && to >= from {
                found.push(format!("{} -> {}", file.display(), target.display()));
            }
        }
    }
    found
}

#[test]
fn every_file_names_only_lower_floors() {
    let src = src();
    let graph = dependencies(&src);
    // Every top-level module has its floor.
    for file in graph.keys() {
        if file != &src.join("lib.rs") {
            assert!(floor(&src, file).is_some(), "no floor: {}", file.display());
        }
    }
    let upward = upward_edges(&src, &graph);
    assert!(upward.is_empty(), "upward or sideways: {upward:#?}");
}

#[test]
fn an_upward_name_is_found() {
    let dir = std::env::temp_dir().join(format!("kibitz-floors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("game")).expect("dir");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("write");
    write(
        "lib.rs",
        "pub mod game;\npub mod archive;\npub mod protocol;\n",
    );
    write("game.rs", "pub mod review;\n");
    write(
        "game/review.rs",
        "use crate::archive::read::Game;\nuse crate::protocol::X;\n",
    );
    write("archive.rs", "pub mod read;\nuse crate::game::review;\n");
    write("protocol.rs", "pub struct X;\n");
    std::fs::create_dir_all(dir.join("archive")).expect("dir");
    write("archive/read.rs", "pub struct Game;\n");
    let graph = dependencies(&dir);
    let found = upward_edges(&dir, &graph);
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert_eq!(
        found,
        [format!(
            "{} -> {}",
            dir.join("game/review.rs").display(),
            dir.join("archive/read.rs").display()
        )],
        "{graph:#?}"
    );
}
