#!/usr/bin/env bash
# The Windows build tried under Wine (run by .ci/run): packages Kibitz with
# scripts/package-windows.sh (PROFILE=windows-smoke: a fast dev build), then
#   1. kibitz.exe --version;
#   2. kibitz.exe decode of a fixture gives byte for byte the Linux output;
#   3. the window under Xvfb logs in to a scripted server, observes games,
#      and a screenshot shows the board (its square colours are counted);
#      then it plays the computer (a stand-in UCI engine beside it);
#   4. the installer installs silently (files, Start-menu entry, Apps &
#      features entry), the installed exe runs, and the uninstaller removes
#      all of it silently.
# Wine 8.0 lacks bcryptprimitives.dll (Windows 10 and 11 have it; Rust's std
# calls its ProcessPrng): a stand-in is built here for the test only and put
# into the throwaway Wine prefix's system32, never into a package.
set -euo pipefail
cd "$(dirname "$0")/.."
export PROFILE=${PROFILE:-windows-smoke}
scripts/package-windows.sh

missing=()
[ -x /usr/lib/wine/wine64 ] || missing+=(wine64)
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v import >/dev/null || missing+=(imagemagick)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
    apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)
work=$(mktemp -d)
pids=()
cleanup() {
    kill "${pids[@]}" 2>/dev/null || true
    WINEPREFIX=$work/prefix /usr/lib/wine/wineserver -k 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
wine=/usr/lib/wine/wine64
fail() { echo "windows-smoke: FAILED: $*" >&2; exit 1; }

# An X server for every Wine program from the first: Wine's desktop process
# starts with the first program that needs one (the console of `cmd` does)
# and keeps its display, so a later window would have none.
display=:91
Xvfb "$display" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
pids+=("$!")
for _ in $(seq 100); do [ -S /tmp/.X11-unix/X91 ] && break; sleep 0.1; done
[ -S /tmp/.X11-unix/X91 ] || fail "Xvfb did not start on $display"
export DISPLAY=$display

# The stand-in DLL (test aid only).
cat >"$work/bcryptprimitives.c" <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
C
x86_64-w64-mingw32-gcc -shared -O2 -o "$work/bcryptprimitives.dll" "$work/bcryptprimitives.c" -ladvapi32
zip_file=target/windows/kibitz-$version-windows-x64.zip
[ "$(unzip -Z1 "$zip_file" | sort | tr '\n' ' ')" = "LICENSE.txt README.md kibitz.exe " ] ||
    fail "the zip holds: $(unzip -Z1 "$zip_file" | tr '\n' ' ')"
mkdir -p "$work/run"
unzip -q "$zip_file" -d "$work/run"
timeout 300 "$wine" wineboot -i >/dev/null 2>&1 || true
# Into the throwaway prefix's system, as Windows 10 and 11 have it.
cp "$work/bcryptprimitives.dll" "$WINEPREFIX/drive_c/windows/system32/"

# 1. The version.
got=$(cd "$work/run" && timeout 60 "$wine" ./kibitz.exe --version | tr -d '\r')
case "$got" in "kibitz $version "*) echo "1. $got" ;; *) fail "--version said: $got" ;; esac

# 2. decode: the same bytes as on Linux, written to a pipe and, through
#    Windows' own shell, redirected to a file (the console-attach path).
fixture=tests/fixtures/modern-server/crazyhouse-white.bin
cp "$fixture" "$work/run/fixture.bin"
(cd "$work/run" && timeout 60 "$wine" ./kibitz.exe decode fixture.bin >"$work/windows.ndjson" 2>/dev/null)
cargo run -q --bin kibitz -- decode "$fixture" >"$work/linux.ndjson" 2>/dev/null
cmp "$work/windows.ndjson" "$work/linux.ndjson" || fail "decode differs from Linux"
(cd "$work/run" && timeout 60 "$wine" cmd /c "kibitz.exe decode fixture.bin > cmd.ndjson" >/dev/null 2>&1)
cmp "$work/run/cmd.ndjson" "$work/linux.ndjson" || fail "decode redirected by cmd differs from Linux"
echo "2. decode: $(wc -l <"$work/linux.ndjson") events, byte for byte as on Linux (to a pipe, and redirected by cmd)"

# 3. The window, logged in to a scripted server, showing observed games.
python3 scripts/replay-server.py tests/fixtures/real-server/guest-login.bin \
    tests/fixtures/extra-old/many-games-observer.bin 2430 120 >"$work/port" &
pids+=("$!")
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
(cd "$work/run" && timeout 120 "$wine" ./kibitz.exe \
    --server "127.0.0.1:$port" --user guest --no-timeseal >"$work/gui.log" 2>&1) &
pids+=("$!")
# The board's squares in the default theme (LIGHT_SQUARE, DARK_SQUARE).
light=$(sed -n 's/.*pub const LIGHT_SQUARE: Color32 = Color32::from_rgb(0x\(..\), 0x\(..\), 0x\(..\)).*/\1\2\3/p' src/ui/theme.rs)
dark=$(sed -n 's/.*pub const DARK_SQUARE: Color32 = Color32::from_rgb(0x\(..\), 0x\(..\), 0x\(..\)).*/\1\2\3/p' src/ui/theme.rs)
[ -n "$light" ] && [ -n "$dark" ] || fail "no square colours in theme.rs"
shot=target/windows/smoke-window.png
squares=0
for _ in $(seq 40); do
    sleep 3
    import -window root "$shot" 2>/dev/null || continue
    histogram=$(convert "$shot" -format %c histogram:info:- | tr 'a-f' 'A-F')
    count() { awk -v c="#${1^^}" '$3 == c { sub(":", "", $1); n += $1 } END { print n + 0 }' <<<"$histogram"; }
    squares=$(( $(count "$light") + $(count "$dark") ))
    # Six observed boards of at least 100 x 100 pixels.
    [ "$squares" -gt 60000 ] && break
done
if [ "$squares" -le 60000 ]; then
    grep -v '^ALSA' "$work/gui.log" | tail -n 20 >&2 || true
    fail "no board on screen ($squares square pixels; see $shot)"
fi
echo "3. the window under Wine shows the observed boards ($squares square pixels in $shot)"
"$wine" taskkill /f /im kibitz.exe >/dev/null 2>&1 || true
/usr/lib/wine/wineserver -w

# 3b. The window plays the computer with no server: a stand-in UCI engine
#     (built here, beside kibitz.exe as a Windows user puts stockfish.exe)
#     is started through Windows' pipes, set to 1500 and asked for White's
#     first move; the board is on screen.
cat >"$work/fakeuci.c" <<'C'
#include <stdio.h>
#include <string.h>
int main(void) {
    char line[4096];
    FILE *log = fopen("engine-input.log", "a");
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        if (log) { fprintf(log, "%s\n", line); fflush(log); }
        if (!strcmp(line, "uci")) {
            puts("id name WineFish 1");
            puts("option name Skill Level type spin default 20 min 0 max 20");
            puts("option name UCI_LimitStrength type check default false");
            puts("option name UCI_Elo type spin default 1350 min 1350 max 2850");
            puts("uciok");
        } else if (!strcmp(line, "isready")) {
            puts("readyok");
        } else if (!strncmp(line, "go", 2)) {
            puts("bestmove e2e4");
        } else if (!strcmp(line, "quit")) {
            break;
        }
        fflush(stdout);
    }
    return 0;
}
C
x86_64-w64-mingw32-gcc -O2 -o "$work/run/fakeuci.exe" "$work/fakeuci.c"
mkdir -p "$work/computer-config"
printf '[analysis]\nengine = "fakeuci"\n[computer]\nside = "Black"\nstrength = 1500\n' \
    >"$work/computer-config/settings.toml"
(cd "$work/run" && KIBITZ_CONFIG_DIR="Z:$work/computer-config" KIBITZ_DATA_DIR="Z:$work/computer-data" \
    timeout 120 "$wine" ./kibitz.exe --computer >"$work/computer.log" 2>&1) &
pids+=("$!")
asked=""
for _ in $(seq 40); do
    sleep 1
    if grep -q '^go movetime' "$work/run/engine-input.log" 2>/dev/null; then asked=yes; break; fi
done
[ -n "$asked" ] || { grep -v '^ALSA' "$work/computer.log" | tail -n 20 >&2 || true; cat "$work/run/engine-input.log" >&2 2>/dev/null || true; fail "the engine was not asked for a move"; }
# (The stand-in writes its log in text mode: CRLF.)
told=$(tr -d '\r' <"$work/run/engine-input.log")
for line in "setoption name UCI_Elo value 1500" "position startpos"; do
    grep -qx "$line" <<<"$told" || fail "the engine was not told: $line (it was told: $told)"
done
import -window root target/windows/smoke-computer.png 2>/dev/null || true
echo "3b. the window plays the computer: the engine beside kibitz.exe set to 1500 and asked for its move"
"$wine" taskkill /f /im kibitz.exe >/dev/null 2>&1 || true
/usr/lib/wine/wineserver -w

# 4. The installer, silently in and out.
cp "target/windows/kibitz-$version-setup.exe" "$work/setup.exe"
timeout 300 "$wine" "$work/setup.exe" /S
/usr/lib/wine/wineserver -w
installed=$(find "$WINEPREFIX/drive_c/users" -path '*AppData/Local/Programs/Kibitz' -type d | head -n1)
[ -n "$installed" ] || fail "the installer installed nothing"
for file in kibitz.exe README.md LICENSE.txt uninstall.exe; do
    [ -f "$installed/$file" ] || fail "not installed: $file"
done
find "$WINEPREFIX/drive_c/users" -name 'Kibitz.lnk' | grep -q . || fail "no Start-menu entry"
key='HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Kibitz'
"$wine" reg query "$key" /v DisplayVersion 2>/dev/null | grep -q "$version" || fail "no Apps & features entry"
got=$(timeout 60 "$wine" "$installed/kibitz.exe" --version | tr -d '\r')
echo "4. installed silently in ${installed#"$WINEPREFIX"/}: $got"
timeout 300 "$wine" "$installed/uninstall.exe" /S
/usr/lib/wine/wineserver -w
[ ! -e "$installed" ] || fail "left behind: $(ls -A "$installed")"
! find "$WINEPREFIX/drive_c/users" -name 'Kibitz.lnk' | grep -q . || fail "the Start-menu entry stayed"
! "$wine" reg query "$key" >/dev/null 2>&1 || fail "the Apps & features entry stayed"
echo "   uninstalled silently: files, Start-menu entry and Apps & features entry gone"
echo "windows-smoke: passed"
