#!/usr/bin/env bash
# Kibitz for Windows, cross-built on Debian (x86_64-pc-windows-gnu with
# mingw-w64), packaged two ways in target/windows/:
#   kibitz-<version>-windows-x64.zip   kibitz.exe, README.md, LICENSE.txt
#   kibitz-<version>-setup.exe         a per-user installer (NSIS): Start-menu
#                                      entry, uninstaller in Apps & features
#
#   scripts/package-windows.sh          (PROFILE=release by default; the CI
#                                        smoke test uses PROFILE=windows-smoke)
# Adds the Rust target and apt's mingw-w64, nsis and zip if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
target=x86_64-pc-windows-gnu

rustup target list --installed | grep -qx "$target" || rustup target add "$target"
missing=()
command -v x86_64-w64-mingw32-gcc >/dev/null || missing+=(gcc-mingw-w64-x86-64)
command -v makensis >/dev/null || missing+=(nsis)
command -v zip >/dev/null || missing+=(zip)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cargo build --profile "$profile" --target "$target" --bin kibitz
dir=$([ "$profile" = dev ] && echo debug || echo "$profile")
exe=target/$target/$dir/kibitz.exe
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)
out=target/windows
mkdir -p "$out"

# The zip: for people who unzip and run.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp "$exe" "$stage/kibitz.exe"
cp README.md "$stage/README.md"
cp LICENSE "$stage/LICENSE.txt"
zip_file=$out/kibitz-$version-windows-x64.zip
rm -f "$zip_file"
(cd "$stage" && zip -q -9 "$OLDPWD/$zip_file" kibitz.exe README.md LICENSE.txt)

# The installer.
size_kb=$(( $(stat -c %s "$exe") / 1024 ))
setup=$out/kibitz-$version-setup.exe
# The file's version resource takes four numbers: 0.2.0-rc.1 gives 0.2.0.0.
numeric=$(sed 's/[-+].*//' <<<"$version")
makensis -V2 -WX -DVERSION="$version" -DVERSION_NUMERIC="$numeric" -DEXE="$PWD/$exe" \
    -DREADME="$PWD/README.md" \
    -DLICENSE="$PWD/LICENSE" -DPIECES="$PWD/assets/pieces/LICENSES.md" -DICON="$PWD/resources/kibitz.ico" -DSIZE_KB="$size_kb" \
    -DOUTFILE="$PWD/$setup" resources/windows/kibitz.nsi

ls -l "$exe" "$zip_file" "$setup"
