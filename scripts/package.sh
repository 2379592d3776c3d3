#!/usr/bin/env bash
# Builds the Debian package, target/debian/kibitz_<version>-1_<arch>.deb
# (binary, desktop entry, icons, AppStream metainfo, licence; dependencies
# from cargo-deb plus the GL/X11/Wayland libraries opened at run time), then
# checks its file list and its desktop entry. Install the result with
#   sudo apt-get install ./target/debian/kibitz_*.deb
# and remove it with `sudo apt-get remove kibitz`.
#
#   scripts/package.sh      (installs cargo-deb first if it is missing)
#   PROFILE=dev scripts/package.sh
#                           (CI: packs the dev build `cargo test` has just
#                           made, stripped, instead of a ten-minute release
#                           build; what is checked here, the file list, the
#                           desktop entry and that the binary runs, is the
#                           same. cargo-deb 3.8 warns that the dev profile
#                           is for releases only, hence the exact version.)
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
if ! cargo deb --version >/dev/null 2>&1; then
    cargo install cargo-deb --version '=3.8.0' --locked
fi
cargo build --profile "$profile"
cargo deb --no-build --profile "$profile" --strip
deb=$(ls -t target/debian/kibitz_*.deb | head -n1)
echo "$deb"
files=$(dpkg-deb --contents "$deb" | awk '{ print $6 }' | sed 's|^\./|/|')
missing=0
for want in /usr/bin/kibitz /usr/share/applications/kibitz.desktop \
    /usr/share/metainfo/org.kibitz.Kibitz.metainfo.xml \
    /usr/share/doc/kibitz/copyright /usr/share/icons/hicolor/scalable/apps/kibitz.svg \
    /usr/share/icons/hicolor/{16x16,24x24,32x32,48x48,64x64,128x128,256x256,512x512}/apps/kibitz.png; do
    if ! grep -qxF "$want" <<<"$files"; then
        echo "package.sh: $want is not in the package" >&2
        missing=1
    fi
done
[ "$missing" = 0 ] || exit 1
# The entry as packaged: desktop-file-validate exits 0 on some errors, so
# any output is a failure.
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb --extract "$deb" "$unpacked"
problems=$(desktop-file-validate "$unpacked/usr/share/applications/kibitz.desktop" 2>&1 || true)
if [ -n "$problems" ]; then
    echo "package.sh: the packaged desktop entry: $problems" >&2
    exit 1
fi
"$unpacked/usr/bin/kibitz" --version
dpkg-deb --field "$deb" Package Version Depends Installed-Size
echo "package.sh: $(grep -c . <<<"$files") entries, all expected files present"
