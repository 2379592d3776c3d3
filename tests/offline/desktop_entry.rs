//! The desktop entry, icons and metainfo: installed into a temporary data
//! home (directly, and through the real binary's flags with `HOME` pointing
//! at a temporary directory), validated with `desktop-file-validate`, and
//! removed again without a trace.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::{fs, io};

use common::TempDir;

use kibitz::desktop::{
    DESKTOP_FILE_NAME, ICON_SIZES, METAINFO, desktop_entry_path, exec_value, icon_path,
    install_into, installed_paths, uninstall_from, window_icon,
};

/// Every file (not directory) under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => panic!("reading {}: {e}", dir.display()),
        };
        for entry in entries {
            let path = entry.expect("reading a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Runs `desktop-file-validate` on `path`; any output at all is a failure
/// (the tool exits 0 on some errors).
fn assert_desktop_file_valid(path: &Path) {
    let output = match Command::new("desktop-file-validate").arg(path).output() {
        Ok(output) => output,
        Err(e) if e.kind() == io::ErrorKind::NotFound => panic!(
            "desktop-file-validate is not installed: install desktop-file-utils \
             (apt-get install -y desktop-file-utils) to run this test"
        ),
        Err(e) => panic!("running desktop-file-validate: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.trim().is_empty() && stderr.trim().is_empty(),
        "desktop-file-validate {} ({}):\n{stdout}{stderr}\n--- the file:\n{}",
        path.display(),
        output.status,
        fs::read_to_string(path).unwrap_or_default()
    );
}

/// The value of the entry's one `Exec=` line.
fn exec_line(desktop_file: &Path) -> String {
    let text = fs::read_to_string(desktop_file).expect("reading the desktop entry");
    let execs: Vec<&str> = text
        .lines()
        .filter_map(|line| line.strip_prefix("Exec="))
        .collect();
    assert_eq!(execs.len(), 1, "one Exec= line in:\n{text}");
    execs[0].to_owned()
}

/// Checks everything `install_into(data_home, exe)` should have written.
fn assert_installed(data_home: &Path, expected_exec: &[String]) {
    let desktop = desktop_entry_path(data_home);
    assert_eq!(
        desktop,
        data_home.join("applications").join(DESKTOP_FILE_NAME)
    );
    assert!(desktop.is_file(), "{} missing", desktop.display());
    let exec = exec_line(&desktop);
    assert!(
        expected_exec.contains(&exec),
        "Exec={exec}, expected one of {expected_exec:?}"
    );
    assert_desktop_file_valid(&desktop);

    for size in ICON_SIZES {
        let path = icon_path(data_home, size);
        assert_eq!(
            path,
            data_home.join(format!("icons/hicolor/{size}x{size}/apps/kibitz.png"))
        );
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            (image.width(), image.height()),
            (size, size),
            "{}",
            path.display()
        );
    }

    let metainfo = data_home.join("metainfo/org.kibitz.Kibitz.metainfo.xml");
    assert_eq!(
        fs::read_to_string(&metainfo).expect("reading the metainfo"),
        METAINFO
    );

    let mut expected = installed_paths(data_home);
    expected.sort();
    assert_eq!(
        files_under(data_home),
        expected,
        "exactly the installed files"
    );
}

#[test]
fn install_and_uninstall_into_a_data_home() {
    let tmp = TempDir::new("install");
    let data_home = tmp.path().join("data");
    let exe = Path::new(env!("CARGO_BIN_EXE_kibitz"));

    let written = install_into(&data_home, exe).unwrap();
    assert_eq!(written, installed_paths(&data_home));
    assert_eq!(written.len(), 2 + ICON_SIZES.len());
    assert_installed(&data_home, &[exe.to_str().unwrap().to_owned()]);

    // Installing again overwrites and leaves no temporary files behind.
    assert_eq!(install_into(&data_home, exe).unwrap(), written);
    assert_installed(&data_home, &[exe.to_str().unwrap().to_owned()]);

    let removed = uninstall_from(&data_home).unwrap();
    assert_eq!(removed, written);
    assert_eq!(files_under(tmp.path()), Vec::<PathBuf>::new());
    // Nothing left to remove is fine.
    assert_eq!(uninstall_from(&data_home).unwrap(), Vec::<PathBuf>::new());
}

#[test]
fn a_path_with_reserved_characters_is_quoted_validly() {
    let tmp = TempDir::new("quoting");
    let data_home = tmp.path().join("data home");
    for exe in [
        "/opt/my apps/kibitz",
        "/opt/it's $HOME/a\"b\\c`d/100%/kibitz",
        "/opt/ünï cödé/(kibitz)",
    ] {
        install_into(&data_home, Path::new(exe)).unwrap();
        let desktop = desktop_entry_path(&data_home);
        let exec = exec_line(&desktop);
        assert!(exec.starts_with('"') && exec.ends_with('"'), "{exec}");
        assert_eq!(exec, exec_value(Path::new(exe)).unwrap());
        assert_desktop_file_valid(&desktop);
    }
    assert_eq!(
        exec_line(&desktop_entry_path(&data_home)),
        "\"/opt/ünï cödé/(kibitz)\""
    );
    uninstall_from(&data_home).unwrap();
    assert_eq!(files_under(tmp.path()), Vec::<PathBuf>::new());
}

#[test]
fn a_relative_exe_is_made_absolute() {
    let tmp = TempDir::new("relative");
    install_into(tmp.path(), Path::new("kibitz")).unwrap();
    let exec = exec_line(&desktop_entry_path(tmp.path()));
    assert!(exec.starts_with('/'), "{exec}");
    assert!(exec.ends_with("/kibitz"), "{exec}");
}

/// Runs the real binary with `flag`, `HOME` set to `home`, and
/// `XDG_DATA_HOME` as given (`None`: removed).
fn run_binary(flag: &str, home: &Path, xdg_data_home: Option<&Path>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kibitz"));
    command.arg(flag).env("HOME", home);
    match xdg_data_home {
        Some(dir) => command.env("XDG_DATA_HOME", dir),
        None => command.env_remove("XDG_DATA_HOME"),
    };
    let output = command.output().expect("running kibitz");
    assert!(
        output.status.success(),
        "kibitz {flag} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_binary_installs_into_home_and_uninstalls() {
    let tmp = TempDir::new("binary");
    let home = tmp.path().join("home");
    fs::create_dir_all(&home).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_kibitz"));
    // The binary passes its own path (`current_exe`, symlinks resolved).
    let expected = [
        exec_value(bin).unwrap(),
        exec_value(&bin.canonicalize().unwrap()).unwrap(),
    ];

    run_binary("--install-desktop-entry", &home, None);
    let data_home = home.join(".local/share");
    assert_installed(&data_home, &expected);
    run_binary("--uninstall-desktop-entry", &home, None);
    assert_eq!(files_under(tmp.path()), Vec::<PathBuf>::new());

    // An absolute XDG_DATA_HOME wins over HOME.
    let xdg = tmp.path().join("xdg");
    run_binary("--install-desktop-entry", &home, Some(&xdg));
    assert_installed(&xdg, &expected);
    assert_eq!(files_under(&home), Vec::<PathBuf>::new());
    run_binary("--uninstall-desktop-entry", &home, Some(&xdg));
    assert_eq!(files_under(tmp.path()), Vec::<PathBuf>::new());
}

#[test]
fn the_window_icon_decodes() {
    let icon = window_icon().expect("the embedded 256 px icon decodes");
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // Opaque in the middle of the tile, transparent in the corner.
    let alpha = |x: usize, y: usize| icon.rgba[(y * 256 + x) * 4 + 3];
    assert_eq!(alpha(128, 128), 255);
    assert_eq!(alpha(0, 0), 0);
}

#[test]
fn the_windows_icon_holds_four_png_images() {
    let ico = fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/resources/kibitz.ico")).unwrap();
    let u16_at = |i: usize| u16::from_le_bytes([ico[i], ico[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes([ico[i], ico[i + 1], ico[i + 2], ico[i + 3]]);
    assert_eq!((u16_at(0), u16_at(2), u16_at(4)), (0, 1, 4));
    for (n, size) in [16u32, 32, 48, 256].into_iter().enumerate() {
        let entry = 6 + 16 * n;
        let dim = if size == 256 { 0 } else { size as u8 };
        assert_eq!((ico[entry], ico[entry + 1]), (dim, dim));
        assert_eq!((u16_at(entry + 4), u16_at(entry + 6)), (1, 32));
        let len = u32_at(entry + 8) as usize;
        let offset = u32_at(entry + 12) as usize;
        let png = &ico[offset..offset + len];
        let image = image::load_from_memory_with_format(png, image::ImageFormat::Png).unwrap();
        assert_eq!((image.width(), image.height()), (size, size));
    }
}
