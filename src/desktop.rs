//! Desktop integration: the freedesktop menu entry, the hicolor icons, the
//! AppStream metainfo, and the window icon.
//!
//! Everything installed is embedded in the binary (the files under
//! `resources/`, rendered from `assets/icon.svg` by
//! `cargo run --example render_icons`), so a lone `kibitz` binary can install
//! its own entry: `install_desktop_entry(&std::env::current_exe()?)`.
//!
//! The public functions that take no directory read `$XDG_DATA_HOME`
//! (default `$HOME/.local/share`); the `*_into`/`*_from` variants take the
//! data home explicitly, which is what the tests use.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

/// The desktop entry's file name (its desktop-file ID).
pub const DESKTOP_FILE_NAME: &str = "kibitz.desktop";
/// The AppStream metainfo's file name.
pub const METAINFO_FILE_NAME: &str = "org.kibitz.Kibitz.metainfo.xml";
/// The icon's name in the icon theme (`Icon=` in the desktop entry).
pub const ICON_NAME: &str = "kibitz";
/// The hicolor sizes installed, in pixels.
pub const ICON_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];

/// The desktop entry as shipped, with `Exec=kibitz`.
pub const DESKTOP_ENTRY_TEMPLATE: &str = include_str!("../resources/kibitz.desktop");
/// The AppStream metainfo, installed as is.
pub const METAINFO: &str = include_str!("../resources/org.kibitz.Kibitz.metainfo.xml");

macro_rules! icon_png {
    ($size:literal) => {
        (
            $size,
            include_bytes!(concat!(
                "../resources/icons/hicolor/",
                $size,
                "x",
                $size,
                "/apps/kibitz.png"
            ))
            .as_slice(),
        )
    };
}

/// The embedded PNG for every size of [`ICON_SIZES`], in that order.
const ICON_PNGS: [(u32, &[u8]); 8] = [
    icon_png!(16),
    icon_png!(24),
    icon_png!(32),
    icon_png!(48),
    icon_png!(64),
    icon_png!(128),
    icon_png!(256),
    icon_png!(512),
];

/// The embedded icon PNG of `size` x `size` pixels, if that size is one of
/// [`ICON_SIZES`].
pub fn icon_png(size: u32) -> Option<&'static [u8]> {
    ICON_PNGS
        .iter()
        .find(|(s, _)| *s == size)
        .map(|(_, bytes)| *bytes)
}

/// The 256 px icon as the window icon (for
/// `egui::ViewportBuilder::with_icon`); `None` if it does not decode, which
/// a test rules out.
pub fn window_icon() -> Option<egui::IconData> {
    let png = icon_png(256)?;
    let image = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .ok()?
        .to_rgba8();
    let (width, height) = image.dimensions();
    Some(egui::IconData {
        rgba: image.into_raw(),
        width,
        height,
    })
}

/// Installs the desktop entry, icons and metainfo into the user's data home
/// (`$XDG_DATA_HOME`, default `~/.local/share`), with `Exec=` pointing at
/// `exe` (made absolute). Returns the files written.
pub fn install_desktop_entry(exe: &Path) -> Result<Vec<PathBuf>> {
    install_into(&data_home()?, exe)
}

/// Removes what [`install_desktop_entry`] writes; files already gone are
/// fine. Returns the files removed.
pub fn uninstall_desktop_entry() -> Result<Vec<PathBuf>> {
    uninstall_from(&data_home()?)
}

/// The user's data home from the environment: `$XDG_DATA_HOME` if it is an
/// absolute path, else `$HOME/.local/share`.
pub fn data_home() -> Result<PathBuf> {
    let xdg = std::env::var_os("XDG_DATA_HOME");
    let home = std::env::var_os("HOME");
    if let Some(dir) = data_home_from(xdg.as_deref(), home.as_deref()) {
        return Ok(dir);
    }
    // No usable $HOME: ask the system (the password database on Unix).
    directories::BaseDirs::new()
        .map(|dirs| dirs.home_dir().join(".local/share"))
        .filter(|dir| dir.is_absolute())
        .ok_or_else(|| anyhow!("cannot find the home directory (HOME is not set)"))
}

/// [`data_home`] from the two variables' values: `xdg_data_home` when it is
/// set, non-empty and absolute (the XDG Base Directory spec says to ignore a
/// relative one), else `home/.local/share` when `home` is absolute, else
/// `None`.
pub fn data_home_from(xdg_data_home: Option<&OsStr>, home: Option<&OsStr>) -> Option<PathBuf> {
    let absolute = |value: Option<&OsStr>| {
        value
            .map(Path::new)
            .filter(|path| path.is_absolute())
            .map(Path::to_path_buf)
    };
    absolute(xdg_data_home).or_else(|| absolute(home).map(|home| home.join(".local/share")))
}

/// Every file [`install_into`] writes under `data_home`, in the order it
/// writes them: the desktop entry, the icons (smallest first), the
/// metainfo.
pub fn installed_paths(data_home: &Path) -> Vec<PathBuf> {
    let mut paths = vec![desktop_entry_path(data_home)];
    paths.extend(ICON_SIZES.iter().map(|&size| icon_path(data_home, size)));
    paths.push(data_home.join("metainfo").join(METAINFO_FILE_NAME));
    paths
}

/// Where the desktop entry goes: `<data_home>/applications/kibitz.desktop`.
pub fn desktop_entry_path(data_home: &Path) -> PathBuf {
    data_home.join("applications").join(DESKTOP_FILE_NAME)
}

/// Where one icon goes: `<data_home>/icons/hicolor/<N>x<N>/apps/kibitz.png`.
pub fn icon_path(data_home: &Path, size: u32) -> PathBuf {
    data_home
        .join("icons/hicolor")
        .join(format!("{size}x{size}"))
        .join("apps")
        .join(format!("{ICON_NAME}.png"))
}

/// [`install_desktop_entry`] into an explicit data home. Overwrites a
/// previous installation; each file is written whole (a temporary file
/// renamed over it), so a desktop watching the directory never reads half
/// a file.
pub fn install_into(data_home: &Path, exe: &Path) -> Result<Vec<PathBuf>> {
    let entry = desktop_entry(exe)?;
    let paths = installed_paths(data_home);
    let mut contents: Vec<&[u8]> = vec![entry.as_bytes()];
    contents.extend(ICON_PNGS.iter().map(|(_, bytes)| *bytes));
    contents.push(METAINFO.as_bytes());
    debug_assert_eq!(paths.len(), contents.len());

    let mut written = Vec::with_capacity(paths.len());
    for (path, bytes) in paths.into_iter().zip(contents) {
        crate::config::write_atomically(&path, bytes)
            .with_context(|| format!("writing {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

/// [`uninstall_desktop_entry`] from an explicit data home. Removes only the
/// files [`install_into`] writes; directories stay.
pub fn uninstall_from(data_home: &Path) -> Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for path in installed_paths(data_home) {
        match fs::remove_file(&path) {
            Ok(()) => removed.push(path),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(e).with_context(|| format!("removing {}", path.display()));
            }
        }
    }
    Ok(removed)
}

/// The desktop entry with `Exec=` running `exe` (made absolute, quoted and
/// escaped as the Desktop Entry spec requires).
pub fn desktop_entry(exe: &Path) -> Result<String> {
    let exec = exec_value(exe)?;
    let mut found = false;
    let mut out = String::with_capacity(DESKTOP_ENTRY_TEMPLATE.len() + exec.len());
    for line in DESKTOP_ENTRY_TEMPLATE.lines() {
        if line.starts_with("Exec=") {
            found = true;
            out.push_str("Exec=");
            out.push_str(&exec);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    if !found {
        bail!("the embedded desktop entry has no Exec= line");
    }
    Ok(out)
}

/// The value of `Exec=` that runs `exe` with no arguments.
///
/// The Desktop Entry spec applies two layers: the argument is quoted in
/// `"..."` if it holds a reserved character, with `"`, `` ` ``, `$` and `\`
/// escaped by a backslash inside the quotes, and `%` doubled (field codes);
/// then the whole value is escaped as a string (`\` -> `\\`). So a literal
/// backslash in a quoted path is written `\\\\`, a `$` is written `\\$`.
/// A path with a control character, or not UTF-8, is refused.
pub fn exec_value(exe: &Path) -> Result<String> {
    let exe =
        std::path::absolute(exe).with_context(|| format!("making {} absolute", exe.display()))?;
    let Some(exe) = exe.to_str() else {
        bail!(
            "the executable path {} is not UTF-8, which a desktop entry cannot hold",
            exe.display()
        );
    };
    if exe.chars().any(char::is_control) {
        bail!("the executable path {exe:?} holds a control character");
    }
    const RESERVED: &[char] = &[
        ' ', '"', '\'', '\\', '>', '<', '~', '|', '&', ';', '$', '*', '?', '#', '(', ')', '`',
    ];
    let mut quoted = String::with_capacity(exe.len() + 2);
    let needs_quotes = exe.contains(RESERVED);
    if needs_quotes {
        quoted.push('"');
    }
    for c in exe.chars() {
        match c {
            '"' | '`' | '$' | '\\' => {
                quoted.push('\\');
                quoted.push(c);
            }
            '%' => quoted.push_str("%%"),
            _ => quoted.push(c),
        }
    }
    if needs_quotes {
        quoted.push('"');
    }
    // Control characters are refused above, so `\` is the only character
    // the string level escapes.
    Ok(quoted.replace('\\', "\\\\"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_home_follows_the_xdg_rules() {
        let os = |s: &'static str| Some(OsStr::new(s));
        assert_eq!(
            data_home_from(os("/x/data"), os("/home/u")),
            Some(PathBuf::from("/x/data"))
        );
        for xdg in [None, os(""), os("relative/data")] {
            assert_eq!(
                data_home_from(xdg, os("/home/u")),
                Some(PathBuf::from("/home/u/.local/share"))
            );
        }
        assert_eq!(data_home_from(None, None), None);
        assert_eq!(data_home_from(None, os("")), None);
    }

    #[test]
    fn exec_quotes_and_escapes() {
        let exec = |p: &str| exec_value(Path::new(p)).unwrap();
        assert_eq!(exec("/usr/bin/kibitz"), "/usr/bin/kibitz");
        assert_eq!(exec("/opt/my apps/kibitz"), "\"/opt/my apps/kibitz\"");
        assert_eq!(exec("/opt/100%/kibitz"), "/opt/100%%/kibitz");
        assert_eq!(exec("/opt/$x/kibitz"), "\"/opt/\\\\$x/kibitz\"");
        assert_eq!(exec("/opt/a\"b/kibitz"), "\"/opt/a\\\\\"b/kibitz\"");
        assert_eq!(exec("/opt/a\\b/kibitz"), "\"/opt/a\\\\\\\\b/kibitz\"");
        assert!(exec("kibitz").starts_with('/'));
    }

    #[test]
    fn every_size_is_embedded() {
        for size in ICON_SIZES {
            assert!(icon_png(size).is_some(), "{size}");
        }
        assert!(icon_png(20).is_none());
    }
}
