#!/usr/bin/env bash
# Kibitz over the real accessibility bus (AT-SPI), as a screen reader such
# as Orca reads it, not only egui's tree in kittest: a dbus-run-session with
# the AT-SPI bus (screen reader on), Xvfb with openbox (a window manager
# gives the window the focus, which AccessKit needs to report focus), Kibitz
# replaying one observed game of a real-server fixture, and
# tests/a11y/check_board.py reading it with python3-pyatspi: the board a
# table of 8 rows of 8 named cells, a square focused after Ctrl+Tab, the
# focus moved by Up, a move announced.
#
#   scripts/a11y-bus-test.sh        (KIBITZ: the binary, default target/debug/kibitz)
#
# Installs what it needs when missing (apt: at-spi2-core, python3-pyatspi,
# gir1.2-atspi-2.0, dbus, xvfb, openbox, xdotool). Takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
kibitz=${KIBITZ:-target/debug/kibitz}
[ -x "$kibitz" ] || cargo build
need=()
for p in at-spi2-core python3-pyatspi gir1.2-atspi-2.0 dbus xvfb openbox xdotool; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
    sudo apt-get update -qq && sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export KIBITZ_BIN=$(realpath "$kibitz") FIXTURE=$(realpath tests/fixtures/real-server/observe-live-games.bin)
export CHECK=$(realpath tests/a11y/check_board.py) WORK=$work
# Everything inside one session bus, gone with it (its daemon's chatter left out).
dbus-run-session -- bash -c '
    set -u
    export HOME=$WORK XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data XDG_CACHE_HOME=$WORK/cache
    display=:$((80 + RANDOM % 100))
    export DISPLAY=$display
    Xvfb $display -screen 0 1280x900x24 >/dev/null 2>&1 & xvfb=$!
    sleep 1
    openbox >/dev/null 2>&1 & wm=$!
    /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & bus=$!
    sleep 1
    # The screen reader is on: AccessKit gives its tree to the bus.
    for property in IsEnabled ScreenReaderEnabled; do
        dbus-send --session --type=method_call --print-reply=literal --dest=org.a11y.Bus \
            /org/a11y/bus org.freedesktop.DBus.Properties.Set \
            string:org.a11y.Status string:$property variant:boolean:true >/dev/null
    done
    LIBGL_ALWAYS_SOFTWARE=1 "$KIBITZ_BIN" replay "$FIXTURE" --window --games 1 >"$WORK/kibitz.log" 2>&1 & app=$!
    status=0
    /usr/bin/python3 "$CHECK" || status=$?
    kill $app $bus $wm $xvfb 2>/dev/null
    wait 2>/dev/null
    if [ $status -ne 0 ]; then echo "--- kibitz output"; tail -20 "$WORK/kibitz.log"; fi
    exit $status
' 2> >(grep -v '^dbus-daemon' >&2)
