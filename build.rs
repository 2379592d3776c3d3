//! Stamps the version and git hash into the binary, and on Windows embeds
//! the icon and version info.

use std::process::Command;

fn main() {
    let hash = Command::new("git")
        .args(["rev-parse", "--short=10", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=KIBITZ_GIT_HASH={hash}");
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/refs");
    println!("cargo:rerun-if-changed=resources/kibitz.ico");

    // winresource runs `windres`, which only a Windows target has.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut resource = winresource::WindowsResource::new();
        resource.set_icon("resources/kibitz.ico");
        resource.set("ProductName", "Kibitz");
        resource.set("FileDescription", "Kibitz chess client");
        if let Err(e) = resource.compile() {
            println!("cargo:warning=cannot embed the Windows icon: {e}");
        }
    }
}
