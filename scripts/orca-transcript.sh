#!/usr/bin/env bash
# What Orca would say during a short keyboard-only game, from Orca's own
# debug log (its SPEECH OUTPUT lines; tests/a11y/orca_silent.py runs Orca
# with no speech server, so nothing waits for a sound card): KibUser plays
# BotA on the local old FICS (../shared/servers/local-fics.sh start) under
# Xvfb, openbox and a session bus with the AT-SPI bus, keys sent with
# xdotool: the command line (match), Esc, Ctrl+Tab to the board, Up and
# Space to pick up and put down a pawn, typed moves (Nf3, Bc4), Alt+C, Alt+R
# twice; the bot offers a draw after Nf3, which Alt+N declines. Prints the
# spoken lines. A developer's tool (needs apt orca
# at-spi2-core python3-pyatspi xvfb openbox xdotool, and pip chess for the
# bot); not part of CI, whose bus test is scripts/a11y-bus-test.sh.
#
#   scripts/orca-transcript.sh        (KIBITZ: default target/debug/kibitz)
set -euo pipefail
cd "$(dirname "$0")/.."
export KIBITZ_BIN=$(realpath "${KIBITZ:-target/debug/kibitz}") SILENT=$(realpath tests/a11y/orca_silent.py)
export WORK=$(mktemp -d)
python3 ../shared/tools/ficsbot.py play --port 5000 --accounts BotA:BotApass --no-pairing \
    --accept-from any --move-delay 1.5:2.5 --duration 120 --at "black@3:draw;MOVE" >"$WORK/bot.log" 2>&1 &
bot=$!
sleep 3
dbus-run-session -- bash -c '
  export HOME=$WORK XDG_CONFIG_HOME=$WORK/config XDG_DATA_HOME=$WORK/data XDG_CACHE_HOME=$WORK/cache
  export XDG_RUNTIME_DIR=$WORK/run DISPLAY=:$((80 + RANDOM % 100))
  mkdir -p $XDG_RUNTIME_DIR; chmod 700 $XDG_RUNTIME_DIR
  Xvfb $DISPLAY -screen 0 1280x900x24 >/dev/null 2>&1 & sleep 1
  openbox >/dev/null 2>&1 &
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & sleep 1
  for p in IsEnabled ScreenReaderEnabled; do
    dbus-send --session --type=method_call --print-reply=literal --dest=org.a11y.Bus /org/a11y/bus \
      org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:$p variant:boolean:true >/dev/null
  done
  /usr/bin/python3 "$SILENT" --replace --debug-file $WORK/orca.log >$WORK/orca.out 2>&1 & sleep 4
  KPASS=KibUserpass LIBGL_ALWAYS_SOFTWARE=1 "$KIBITZ_BIN" --server 127.0.0.1:5000 --user KibUser \
    --password-env KPASS >$WORK/kibitz.log 2>&1 &
  sleep 12
  t() { xdotool type --delay 60 "$1"; sleep 0.5; }
  k() { xdotool key "$1"; sleep ${2:-1}; }
  k slash; t "match BotA 5 0 white"; k Return 5; k Escape 1
  k ctrl+Tab 2
  k Up 1; k space 1; k Up 1; k Up 1; k space 5
  t "Nf3"; k Return 5
  k alt+n 2
  t "Bc4"; k Return 5
  k alt+c 2
  k alt+r 1; k alt+r 4
  kill %1 %2 %3 %4 %5 2>/dev/null; wait
' 2>/dev/null || true
kill $bot 2>/dev/null || true
grep "SPEECH OUTPUT" "$WORK/orca.log" | sed "s/{.established.: False}//; s/^.*SPEECH OUTPUT: //"
rm -rf "$WORK"
