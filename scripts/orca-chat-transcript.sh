#!/usr/bin/env bash
# What Orca would say while the user chats, from Orca's own debug log (its
# SPEECH OUTPUT lines; tests/a11y/orca_silent.py runs Orca with no speech
# server): KibUser in Kibitz on the local old FICS
# (../shared/servers/local-fics.sh start) under Xvfb, openbox and a session
# bus with the AT-SPI bus; TestUser (a ficsbot session) tells KibUser
# something, then talks in channel 50. KibUser joins channel 50 from the
# command line, moves to the channel's tab with Ctrl+PageDown (its new
# lines are said there), and answers in the tab by typing. Prints the
# spoken lines. A developer's tool like scripts/orca-transcript.sh (needs
# apt orca at-spi2-core python3-pyatspi xvfb openbox xdotool); not part of
# CI, whose bus test is scripts/a11y-bus-test.sh.
#
#   scripts/orca-chat-transcript.sh   (KIBITZ: default target/debug/kibitz)
set -euo pipefail
cd "$(dirname "$0")/.."
export KIBITZ_BIN=$(realpath "${KIBITZ:-target/debug/kibitz}") SILENT=$(realpath tests/a11y/orca_silent.py)
export TOOLS=$(realpath ../shared/tools) WORK=$(mktemp -d)
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
  # Leave channel 50 first (a run before may have joined it), then join.
  k slash; t "sublist channel 50"; k Return 2; t "addlist channel 50"; k Return 3
  python3 "$TOOLS/ficsbot.py" session --port 5000 --login TestUser --password TestUserpass \
    --cmd "addlist channel 50" --cmd "tell KibUser hello, are you free for a game?" --cmd "@8" \
    --cmd "tell 50 anyone for bughouse tonight?" --cmd "@6" --exit-when-done --tail 2 \
    --out $WORK/sender.bin >/dev/null 2>&1 &
  sleep 5
  # The channel tab (All, then 50 chat): its lines are said from now on.
  k ctrl+Next 6
  # An answer typed in the tab goes to the channel.
  t "count me in"; k Return 4
  kill %1 %2 %3 %4 %5 2>/dev/null; wait
' 2>/dev/null || true
grep "SPEECH OUTPUT" "$WORK/orca.log" | sed "s/{.established.: False}//; s/^.*SPEECH OUTPUT: //"
grep -a "count me in" "$WORK/sender.bin" | tr -d "\r" || echo "(the sender did not hear the answer)"
rm -rf "$WORK"
