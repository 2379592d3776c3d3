#!/usr/bin/env bash
# Damage repaint checked pixel by pixel (issue 35): Kibitz replays six fast
# observed games of a real-server fixture in its window under Xvfb (Mesa
# llvmpipe over GLX, where partial frames are on) with KIBITZ_DAMAGE=verify:
# each partial frame is painted whole as well and the two are compared.
# Passes when at least 20 partial frames were compared and none differed.
#
#   scripts/damage-verify.sh        (KIBITZ: the binary, default target/debug/kibitz)
#
# Installs what it needs when missing (apt: xvfb, openbox). About 40 s.
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
mkdir -p "$work/home" "$work/config" "$work/data"
HOME=$work/home XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data \
    KIBITZ_DAMAGE=verify DISPLAY=$display \
    timeout 35 "$kibitz" replay tests/fixtures/extra-old/many-games-observer.bin \
    --window --speed 1 >/dev/null 2>&1 || true
log=$(cat "$work"/data/kibitz/logs/* 2>/dev/null || true)
grep -q "damage repaint on" <<<"$log" || { echo "damage-verify: damage repaint was not on"; grep -i damage <<<"$log" || true; exit 1; }
last=$(grep "damage verify:" <<<"$log" | tail -1 || true)
[ -n "$last" ] || { echo "damage-verify: no partial frame was verified"; exit 1; }
echo "damage-verify: ${last#*damage verify: }"
frames=$(sed -E 's/.*damage verify: ([0-9]+) partial frames, ([0-9]+) differed.*/\1/' <<<"$last")
differed=$(sed -E 's/.*damage verify: ([0-9]+) partial frames, ([0-9]+) differed.*/\2/' <<<"$last")
if [ "$frames" -lt 20 ] || [ "$differed" -ne 0 ]; then
    echo "damage-verify: FAILED ($frames frames, $differed differed)"
    exit 1
fi
echo "damage-verify: passed"
