#!/usr/bin/env bash
# Damage repaint checked pixel by pixel (issue 35): Kibitz replays six fast
# observed games of a real-server fixture, then 16 live games on the wall
# (35 s of each), in its window under Xvfb (Mesa llvmpipe over GLX, where
# partial frames are on) with KIBITZ_DAMAGE=verify: each partial frame is
# painted whole as well and the two are compared. Passes when at least 20
# partial frames were compared in each and none differed.
#
#   scripts/damage-verify.sh        (KIBITZ: the binary, default target/debug/kibitz)
#
# Installs what it needs when missing (apt: xvfb, openbox). About 80 s.
set -euo pipefail
cd "$(dirname "$0")/.."
kibitz=${KIBITZ:-target/debug/kibitz}
[ -x "$kibitz" ] || cargo build
need=()
for p in xvfb openbox; do
    dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
    sudo apt-get update -qq && sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi
work=$(mktemp -d)
pids=()
cleanup() { kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
display=:79
Xvfb "$display" -screen 0 1180x820x24 -nolisten tcp >/dev/null 2>&1 &
pids+=("$!")
sleep 1
DISPLAY=$display openbox >/dev/null 2>&1 &
pids+=("$!")
sleep 0.5
# Each partial frame compared with the whole one: 0 pixels may differ.
# $1: a name; the rest: the replay's arguments.
verify() {
    local name=$1; shift
    local home=$work/$name
    mkdir -p "$home/home" "$home/config" "$home/data"
    HOME=$home/home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data \
        KIBITZ_DAMAGE=verify DISPLAY=$display \
        timeout 35 "$kibitz" replay "$@" --window --speed 1 >/dev/null 2>&1 || true
    local log last frames differed
    log=$(cat "$home"/data/kibitz/logs/* 2>/dev/null || true)
    grep -q "damage repaint on" <<<"$log" || { echo "damage-verify: $name: damage repaint was not on"; grep -i damage <<<"$log" || true; exit 1; }
    last=$(grep "damage verify:" <<<"$log" | tail -1 || true)
    [ -n "$last" ] || { echo "damage-verify: $name: no partial frame was verified"; exit 1; }
    echo "damage-verify: $name: ${last#*damage verify: }"
    frames=$(sed -E 's/.*damage verify: ([0-9]+) partial frames, ([0-9]+) differed.*/\1/' <<<"$last")
    differed=$(sed -E 's/.*damage verify: ([0-9]+) partial frames, ([0-9]+) differed.*/\2/' <<<"$last")
    if [ "$frames" -lt 20 ] || [ "$differed" -ne 0 ]; then
        echo "damage-verify: $name: FAILED ($frames frames, $differed differed)"
        exit 1
    fi
}
verify six-games tests/fixtures/extra-old/many-games-observer.bin
verify sixteen-games tests/fixtures/bench/sixteen-games.bin --games 16
echo "damage-verify: passed"
