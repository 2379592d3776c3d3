//! The settings file: where it lives, loading it whatever state it is in,
//! and saving it atomically (see the parent module for the rules).

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;

use super::{SETTINGS_FILE, Settings};

/// Where the settings live: `$KIBITZ_CONFIG_DIR` if set (tests, portable
/// installs), else the platform's config directory (`~/.config/kibitz` on
/// Linux). `None` only if the platform has no home directory.
pub fn config_dir() -> Option<PathBuf> {
    config_dir_from(std::env::var_os("KIBITZ_CONFIG_DIR"))
}

fn config_dir_from(override_dir: Option<OsString>) -> Option<PathBuf> {
    if let Some(dir) = override_dir.filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("org", "Kibitz", "kibitz").map(|d| d.config_dir().to_path_buf())
}

/// `dir/settings.toml`.
pub fn settings_path(dir: &Path) -> PathBuf {
    dir.join(SETTINGS_FILE)
}

/// What [`load`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The settings to use (always usable: the defaults if the file was bad).
    pub settings: Settings,
    /// Something the user should be told, in plain words, e.g. that the
    /// settings file was unreadable and where the old one was kept.
    pub notice: Option<String>,
}

/// Loads the settings from `dir/settings.toml`. Never fails: see the module
/// documentation for what happens to a missing or broken file.
pub fn load(dir: &Path) -> Loaded {
    let path = settings_path(dir);
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            tracing::debug!(path = %path.display(), "no settings file; using defaults");
            return Loaded {
                settings: Settings::default(),
                notice: None,
            };
        }
        Err(e) => {
            tracing::warn!(path = %path.display(), error = %e, "cannot read the settings file");
            return Loaded {
                settings: Settings::default(),
                notice: Some(format!(
                    "Kibitz could not read your settings file {} ({e}), so it started with \
                     the default settings.",
                    path.display()
                )),
            };
        }
    };

    let problem = match String::from_utf8(bytes) {
        Ok(text) => match toml::from_str::<Settings>(&text) {
            Ok(settings) => {
                tracing::debug!(path = %path.display(), "settings loaded");
                return Loaded {
                    settings: settings.sanitized(),
                    notice: None,
                };
            }
            Err(e) => describe_toml_error(&text, &e),
        },
        Err(_) => "it is not UTF-8 text".to_owned(),
    };
    tracing::warn!(path = %path.display(), %problem, "settings file is corrupt; using defaults");

    let notice = match keep_aside(&path) {
        Ok(kept) => format!(
            "Your settings file could not be read ({problem}), so Kibitz started with the \
             default settings. The old file was kept as {}.",
            kept.display()
        ),
        Err(e) => {
            tracing::warn!(path = %path.display(), error = %e, "cannot keep the corrupt settings file aside");
            format!(
                "Your settings file {} could not be read ({problem}), so Kibitz started with \
                 the default settings. The old file could not be kept aside ({e}) and will be \
                 replaced when settings are next saved.",
                path.display()
            )
        }
    };
    Loaded {
        settings: Settings::default(),
        notice: Some(notice),
    }
}

/// "line N, column M: message", on one line.
fn describe_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim().replace('\n', " ");
    match error.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("it is not valid TOML: line {line}, column {column}: {message}")
        }
        None => format!("it is not valid TOML: {message}"),
    }
}

/// Moves `path` to `<path>.corrupt-<unix seconds>` (or `...-<seconds>-<n>` if
/// that exists), never overwriting anything, and returns where it went.
fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut base = path.as_os_str().to_owned();
    base.push(format!(".corrupt-{secs}"));

    for n in 0u32..10_000 {
        let mut candidate = base.clone();
        if n > 0 {
            candidate.push(format!("-{n}"));
        }
        let candidate = PathBuf::from(candidate);
        // Reserve the name first: `create_new` fails if anything is there, so
        // the rename below only ever replaces our own empty placeholder.
        match OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
        // Renaming can fail where copying works (odd file systems); the copy
        // lands in our placeholder, and the original stays.
        if let Err(rename_error) = fs::rename(path, &candidate)
            && fs::copy(path, &candidate).is_err()
        {
            let _ = fs::remove_file(&candidate);
            return Err(rename_error);
        }
        tracing::info!(from = %path.display(), to = %candidate.display(), "kept the corrupt settings file aside");
        return Ok(candidate);
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "too many earlier corrupt settings files",
    ))
}

/// Saves `settings` (sanitized: see [`Settings::sanitized`]) to
/// `dir/settings.toml`, creating `dir` if needed, atomically (see
/// [`write_atomically`]).
pub fn save(dir: &Path, settings: &Settings) -> anyhow::Result<()> {
    let text = toml::to_string_pretty(&settings.clone().sanitized())
        .context("cannot write the settings as TOML")?;
    let path = settings_path(dir);
    write_atomically(&path, text.as_bytes())
        .with_context(|| format!("cannot write {}", path.display()))?;
    tracing::debug!(path = %path.display(), "settings saved");
    Ok(())
}

/// Writes `bytes` at `path` whole or not at all: `NAME.tmp-<pid>` in the
/// same directory (created if needed) is written, synced and renamed over
/// `path`, then (on Unix) the directory is synced. On any failure the old
/// file is left as it was and the temporary file is removed. The settings,
/// the deck of mistakes and the desktop entry are written so.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path has no directory"))?;
    fs::create_dir_all(dir)?;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp-{}", std::process::id()));
    let tmp = dir.join(name);
    let guard = RemoveOnDrop(Some(tmp.clone()));
    let mut file = File::create(&tmp)?;
    file.write_all(bytes).and_then(|()| file.sync_all())?;
    drop(file);
    fs::rename(&tmp, path)?;
    guard.disarm();
    #[cfg(unix)]
    if let Err(e) = File::open(dir).and_then(|d| d.sync_all()) {
        // The new file is in place; only its durability across a power cut
        // is in doubt, which is not worth failing the write over.
        tracing::warn!(dir = %dir.display(), error = %e, "cannot sync the directory");
    }
    Ok(())
}

/// Removes the file when dropped, unless disarmed.
struct RemoveOnDrop(Option<PathBuf>);

impl RemoveOnDrop {
    fn disarm(mut self) {
        self.0 = None;
    }
}

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = fs::remove_file(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_dir_prefers_the_override() {
        assert_eq!(
            config_dir_from(Some(OsString::from("/tmp/kibitz-portable"))),
            Some(PathBuf::from("/tmp/kibitz-portable"))
        );
    }

    #[test]
    fn an_empty_override_is_ignored() {
        assert_eq!(
            config_dir_from(Some(OsString::new())),
            config_dir_from(None)
        );
    }

    #[test]
    fn settings_path_is_settings_toml_in_the_dir() {
        assert_eq!(
            settings_path(Path::new("/x/y")),
            PathBuf::from("/x/y/settings.toml")
        );
    }

    #[test]
    fn toml_errors_name_the_line() {
        let text = "[play]\nauto_queen = maybe\n";
        let Err(e) = toml::from_str::<Settings>(text) else {
            panic!("should not parse");
        };
        let described = describe_toml_error(text, &e);
        assert!(described.contains("line 2"), "{described}");
        assert!(!described.contains('\n'), "{described}");
    }
}
