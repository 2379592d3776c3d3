//! Settings: saved atomically, always loaded (partial, newer and corrupt files).

use crate::common;

use std::fs;

use common::TempDir;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use kibitz::config::{
    self, BoardTheme, CONSOLE_HISTORY_MAX, Loaded, ServerProfile, Settings, load, save,
    settings_path,
};

/// The names of the files in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn corrupt_files(dir: &Path) -> Vec<PathBuf> {
    names(dir)
        .into_iter()
        .filter(|n| n.starts_with("settings.toml.corrupt-"))
        .map(|n| dir.join(n))
        .collect()
}

fn unix_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("clock after 1970")
        .as_secs()
}

fn custom() -> Settings {
    let mut s = Settings::default();
    s.board.theme = BoardTheme::Green;
    s.board.pieces = kibitz::config::PieceSet::GnomeFancy;
    s.board.piece_scale = 0.75;
    s.board.coordinates = false;
    s.board.animation_ms = 0;
    s.board.show_legal_targets = false;
    s.play.auto_queen = true;
    s.play.premove = false;
    s.play.auto_flag = true;
    s.play.confirm_resign = false;
    s.sound.enabled = false;
    s.sound.volume_percent = 35;
    s.sound.on_tell = false;
    s.sound.on_low_time = false;
    s.attention = false;
    s.servers.push(ServerProfile {
        name: "Local \"test\" server".to_owned(),
        address: "127.0.0.1:5001".to_owned(),
        handle: "BotE".to_owned(),
        timeseal: false,
        remember_password: true,
    });
    s.last_server = 1;
    s.console_history = vec!["finger".to_owned(), "tell 1 héllo = [x]".to_owned()];
    s.archive_games = false;
    s.log_to_file = false;
    s
}

fn assert_defaults_with_notice(loaded: &Loaded, kept: &Path) {
    assert_eq!(loaded.settings, Settings::default());
    let notice = loaded.notice.as_deref().expect("a notice");
    assert!(
        notice.contains(&kept.display().to_string()),
        "notice should name {}: {notice}",
        kept.display()
    );
    assert!(notice.contains("default"), "{notice}");
}

#[test]
fn a_missing_file_gives_the_defaults_quietly() {
    let dir = TempDir::new("missing");
    let loaded = load(dir.path());
    assert_eq!(loaded.settings, Settings::default());
    assert_eq!(loaded.notice, None);
    assert!(names(dir.path()).is_empty(), "load must not create files");
}

#[test]
fn save_then_load_gives_the_same_settings() {
    let dir = TempDir::new("roundtrip");
    let settings = custom();
    save(dir.path(), &settings).expect("save");
    let loaded = load(dir.path());
    assert_eq!(loaded.notice, None);
    assert_eq!(loaded.settings, settings);

    // Saving again replaces the file.
    save(dir.path(), &Settings::default()).expect("save again");
    assert_eq!(load(dir.path()).settings, Settings::default());
}

#[test]
fn save_creates_missing_directories() {
    let dir = TempDir::new("nested");
    let nested = dir.path().join("a").join("b");
    save(&nested, &custom()).expect("save");
    assert!(settings_path(&nested).is_file());
    assert_eq!(load(&nested).settings, custom());
}

#[test]
fn the_file_is_readable_toml_with_lowercase_themes() {
    let dir = TempDir::new("readable");
    save(dir.path(), &custom()).expect("save");
    let text = fs::read_to_string(settings_path(dir.path())).expect("read");
    assert!(text.contains("theme = \"green\""), "{text}");
    assert!(text.contains("pieces = \"gnome-fancy\""), "{text}");
    assert!(text.contains("[play]"), "{text}");
    assert!(text.contains("auto_queen = true"), "{text}");
    assert!(text.contains("[[servers]]"), "{text}");

    save(dir.path(), &Settings::default()).expect("save defaults");
    let text = fs::read_to_string(settings_path(dir.path())).expect("read");
    assert!(text.contains("piece_scale = 0.92\n"), "{text}");
    assert!(text.contains("address = \"freechess.org:5000\""), "{text}");
}

#[test]
fn an_old_partial_file_loads_with_defaults_elsewhere() {
    let dir = TempDir::new("partial");
    fs::write(settings_path(dir.path()), "[play]\nauto_queen = true\n").expect("write");
    let loaded = load(dir.path());
    assert_eq!(loaded.notice, None);
    let mut want = Settings::default();
    want.play.auto_queen = true;
    assert_eq!(loaded.settings, want);
}

#[test]
fn partial_nested_tables_and_server_entries_load() {
    let dir = TempDir::new("partial-nested");
    fs::write(
        settings_path(dir.path()),
        "attention = false\n[board]\ntheme = \"grey\"\n[[servers]]\nname = \"Mine\"\n",
    )
    .expect("write");
    let loaded = load(dir.path());
    assert_eq!(loaded.notice, None);
    let s = loaded.settings;
    assert!(!s.attention);
    assert_eq!(s.board.theme, BoardTheme::Grey);
    assert_eq!(s.board.animation_ms, Settings::default().board.animation_ms);
    assert_eq!(s.servers.len(), 1);
    assert_eq!(s.servers[0].name, "Mine");
    assert_eq!(s.servers[0].address, ServerProfile::default().address);
    assert!(s.servers[0].timeseal);
}

#[test]
fn unknown_keys_and_tables_are_ignored() {
    let dir = TempDir::new("unknown");
    fs::write(
        settings_path(dir.path()),
        "future_flag = 3\n\
         [play]\nauto_queen = true\nhover_preview = \"yes\"\n\
         [telemetry]\nendpoint = \"x\"\n[telemetry.deep]\nn = 1\n",
    )
    .expect("write");
    let loaded = load(dir.path());
    assert_eq!(loaded.notice, None);
    let mut want = Settings::default();
    want.play.auto_queen = true;
    assert_eq!(loaded.settings, want);
    assert!(corrupt_files(dir.path()).is_empty());
}

#[test]
fn a_file_that_is_not_toml_is_kept_aside() {
    let dir = TempDir::new("corrupt-toml");
    let path = settings_path(dir.path());
    let original = b"this is = = not toml\n";
    fs::write(&path, original).expect("write");

    let loaded = load(dir.path());
    let kept = corrupt_files(dir.path());
    assert_eq!(kept.len(), 1, "{:?}", names(dir.path()));
    assert_eq!(fs::read(&kept[0]).expect("read kept"), original);
    assert!(!path.exists(), "the corrupt file is moved, not copied");
    assert_defaults_with_notice(&loaded, &kept[0]);

    // The next save writes a fresh file and leaves the kept one alone.
    save(dir.path(), &loaded.settings).expect("save");
    assert_eq!(load(dir.path()).notice, None);
    assert_eq!(fs::read(&kept[0]).expect("read kept"), original);
}

#[test]
fn a_file_that_is_not_utf8_is_kept_aside() {
    let dir = TempDir::new("corrupt-utf8");
    let original: &[u8] = b"[play]\nauto_queen = \xff\xfe\x00true\n";
    fs::write(settings_path(dir.path()), original).expect("write");

    let loaded = load(dir.path());
    let kept = corrupt_files(dir.path());
    assert_eq!(kept.len(), 1, "{:?}", names(dir.path()));
    assert_eq!(fs::read(&kept[0]).expect("read kept"), original);
    assert_defaults_with_notice(&loaded, &kept[0]);
    assert!(
        loaded
            .notice
            .as_deref()
            .is_some_and(|n| n.contains("UTF-8")),
        "{:?}",
        loaded.notice
    );
}

#[test]
fn a_value_of_the_wrong_type_is_a_corrupt_file() {
    let dir = TempDir::new("corrupt-type");
    fs::write(
        settings_path(dir.path()),
        "[board]\ncoordinates = \"yes\"\n",
    )
    .expect("write");
    let loaded = load(dir.path());
    let kept = corrupt_files(dir.path());
    assert_eq!(kept.len(), 1);
    assert_defaults_with_notice(&loaded, &kept[0]);
}

#[test]
fn corruptions_in_the_same_second_do_not_overwrite_each_other() {
    let dir = TempDir::new("corrupt-twice");
    let path = settings_path(dir.path());

    // Whatever second the load happens in, its first-choice name is taken.
    let now = unix_secs();
    let decoys: Vec<PathBuf> = (now.saturating_sub(1)..now + 10)
        .map(|s| dir.path().join(format!("settings.toml.corrupt-{s}")))
        .collect();
    for decoy in &decoys {
        fs::write(decoy, b"decoy").expect("write decoy");
    }

    fs::write(&path, b"first = = bad").expect("write");
    let first = load(dir.path());
    fs::write(&path, b"second = = bad").expect("write");
    let second = load(dir.path());

    for decoy in &decoys {
        assert_eq!(fs::read(decoy).expect("decoy kept"), b"decoy");
    }
    let kept: Vec<PathBuf> = corrupt_files(dir.path())
        .into_iter()
        .filter(|p| !decoys.contains(p))
        .collect();
    assert_eq!(kept.len(), 2, "{:?}", names(dir.path()));
    let mut contents: Vec<Vec<u8>> = kept.iter().map(|p| fs::read(p).expect("read")).collect();
    contents.sort();
    assert_eq!(
        contents,
        [b"first = = bad".to_vec(), b"second = = bad".to_vec()]
    );

    let first_kept = kept
        .iter()
        .find(|p| fs::read(p).expect("read") == b"first = = bad")
        .expect("first kept");
    let second_kept = kept
        .iter()
        .find(|p| fs::read(p).expect("read") == b"second = = bad")
        .expect("second kept");
    assert_defaults_with_notice(&first, first_kept);
    assert_defaults_with_notice(&second, second_kept);
}

#[test]
fn save_leaves_no_temporary_file() {
    let dir = TempDir::new("atomic");
    save(dir.path(), &custom()).expect("save");
    save(dir.path(), &Settings::default()).expect("save again");
    assert_eq!(names(dir.path()), ["settings.toml"]);
}

#[test]
fn save_into_a_file_instead_of_a_dir_fails_cleanly() {
    let dir = TempDir::new("dir-is-file");
    let not_a_dir = dir.path().join("config");
    fs::write(&not_a_dir, b"i am a file").expect("write");

    let result = save(&not_a_dir, &custom());
    assert!(result.is_err());
    assert_eq!(fs::read(&not_a_dir).expect("read"), b"i am a file");
    assert_eq!(names(dir.path()), ["config"]);

    // Loading from there does not panic either: defaults, with a notice.
    let loaded = load(&not_a_dir);
    assert_eq!(loaded.settings, Settings::default());
}

#[test]
fn a_failed_rename_keeps_the_old_file_and_removes_the_temporary_one() {
    let dir = TempDir::new("rename-fails");
    // settings.toml is a non-empty directory: the final rename cannot replace it.
    let path = settings_path(dir.path());
    fs::create_dir(&path).expect("mkdir");
    fs::write(path.join("keep"), b"old").expect("write");

    let result = save(dir.path(), &custom());
    assert!(result.is_err());
    assert_eq!(names(dir.path()), ["settings.toml"]);
    assert_eq!(fs::read(path.join("keep")).expect("read"), b"old");

    // An unreadable settings path loads the defaults with a notice and is
    // not moved aside (it is not a corrupt file).
    let loaded = load(dir.path());
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.notice.is_some());
    assert!(corrupt_files(dir.path()).is_empty());
}

#[test]
fn the_saved_file_never_mentions_a_password() {
    let dir = TempDir::new("password");
    let mut settings = custom();
    for server in &mut settings.servers {
        server.remember_password = true;
        server.handle = "someone".to_owned();
    }
    save(dir.path(), &settings).expect("save");
    let text = fs::read_to_string(settings_path(dir.path())).expect("read");
    let without_key = text.replace("remember_password", "");
    assert!(
        !without_key.to_lowercase().contains("password"),
        "settings.toml mentions a password:\n{text}"
    );
    assert_eq!(
        text.matches("remember_password").count(),
        settings.servers.len()
    );
}

#[test]
fn out_of_range_values_are_clamped() {
    let dir = TempDir::new("clamp");
    fs::write(
        settings_path(dir.path()),
        "last_server = 9\n[board]\npiece_scale = 3.5\n[sound]\nvolume_percent = 250\n",
    )
    .expect("write");
    let loaded = load(dir.path());
    assert_eq!(loaded.notice, None);
    assert!((loaded.settings.board.piece_scale - 1.0).abs() < f32::EPSILON);
    assert_eq!(loaded.settings.sound.volume_percent, 100);
    assert_eq!(loaded.settings.last_server, 0);

    fs::write(
        settings_path(dir.path()),
        "[board]\npiece_scale = 0.1\n[sound]\nvolume_percent = -20\n",
    )
    .expect("write");
    let loaded = load(dir.path());
    assert_eq!(loaded.notice, None);
    assert!((loaded.settings.board.piece_scale - 0.5).abs() < f32::EPSILON);
    assert_eq!(loaded.settings.sound.volume_percent, 0);

    // Saving clamps too.
    let mut wild = Settings::default();
    wild.board.piece_scale = 0.0;
    wild.sound.volume_percent = 255;
    save(dir.path(), &wild).expect("save");
    let loaded = load(dir.path()).settings;
    assert!((loaded.board.piece_scale - 0.5).abs() < f32::EPSILON);
    assert_eq!(loaded.sound.volume_percent, 100);
}

#[test]
fn console_history_keeps_the_last_200_lines() {
    let dir = TempDir::new("history");
    let settings = Settings {
        console_history: (0..CONSOLE_HISTORY_MAX + 50)
            .map(|i| format!("say {i}"))
            .collect(),
        ..Settings::default()
    };
    save(dir.path(), &settings).expect("save");
    let history = load(dir.path()).settings.console_history;
    assert_eq!(history.len(), CONSOLE_HISTORY_MAX);
    assert_eq!(history.first().map(String::as_str), Some("say 50"));
    assert_eq!(history.last().map(String::as_str), Some("say 249"));
}

#[test]
fn config_dir_honours_the_override() {
    match std::env::var_os("KIBITZ_CONFIG_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => assert_eq!(config::config_dir(), Some(PathBuf::from(dir))),
        // Without it, the platform's directory (none only without a home).
        None => {
            if let Some(dir) = config::config_dir() {
                assert!(dir.is_absolute(), "{}", dir.display());
                assert!(
                    dir.to_string_lossy().to_lowercase().contains("kibitz"),
                    "{}",
                    dir.display()
                );
            }
        }
    }
}
