#!/usr/bin/env bash
# Frames per second and CPU of Kibitz's real window under Xvfb (Mesa llvmpipe,
# the software renderer of a VM or a remote desktop), replaying 150 s of a real
# server with 16 live games at speed 1. For each case it prints Kibitz's
# frames/s (from KIBITZ_FRAME_STATS), Kibitz's CPU in % of one core (from
# /proc, over the measured window), Xvfb's CPU and Kibitz's peak RSS.
#
#   scripts/frame-bench.sh [SECONDS]      (default 60; needs xvfb, openbox, wmctrl)
#
# Env: KIBITZ (binary; default target/release/kibitz, built if missing),
#      RECORDING (default ../shared/fixtures/bench/sixteen-games.bin),
#      CASES ("WIDTHxHEIGHT:GAMES[:max]" list, GAMES a number or "all";
#      default the four below),
#      ANALYSIS=1 (every board with engine analysis: Stockfish, 1 thread;
#      the engine's CPU gets a column of its own),
#      PIECES, THEME (a piece set and board theme as settings.toml names
#      them, e.g. PIECES=fantasy THEME=green; default Kibitz's defaults),
#      SCROLL=1 (while measuring, the mouse wheel turns 20 steps, up and
#      down, over the console at even intervals: what scrolling costs;
#      needs xdotool),
#      COMPUTER=1 (a game against the computer beside the recording's
#      games, `--computer`: the user Black, Stockfish at full strength
#      thinking its first move on a 60-minute clock, up to 90 s: the window
#      while the engine thinks; keep SECONDS under 70).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
kibitz=${KIBITZ:-target/release/kibitz}
recording=${RECORDING:-../shared/fixtures/bench/sixteen-games.bin}
cases=${CASES:-"1600x1000:16:max 1180x820:16 1600x1000:1:max 1180x820:1"}
warmup=15   # the games' first boards and move lists arrive in the first seconds

[ -x "$kibitz" ] || cargo build --release
tools=(Xvfb openbox wmctrl); [ "${SCROLL:-0}" = 1 ] && tools+=(xdotool)
for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || { echo "frame-bench: needs $tool (apt-get install xvfb openbox wmctrl)" >&2; exit 2; }
done
[ -f "$recording" ] || { echo "frame-bench: no recording at $recording" >&2; exit 2; }

ticks() {  # utime + stime of a pid, in clock ticks
    awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"
}
hz=$(getconf CLK_TCK)
display=:77
work=$(mktemp -d)
cleanup() { kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"; }
pids=()
trap cleanup EXIT

engine_ticks() {  # the CPU of Kibitz's child processes (the engine)
    local sum=0 child
    for child in $(pgrep -P "$1" || true); do sum=$((sum + $(ticks "$child"))); done
    echo "$sum"
}
printf '%-10s %-6s %-4s %9s %12s %10s %10s %8s  %s\n' size games max frames/s "kibitz %cpu" "xvfb %cpu" "engine %cpu" "peak RSS" "frame stats"
for case in $cases; do
    IFS=: read -r size games max <<<"$case"
    Xvfb "$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
    xvfb=$!; pids=("$xvfb")
    sleep 1
    DISPLAY=$display openbox >/dev/null 2>&1 &
    pids+=("$!")
    sleep 0.5
    # A fresh user: default settings, nothing remembered.
    home=$work/home-$size-$games; mkdir -p "$home"
    mkdir -p "$home/config/kibitz"
    if [ -n "${PIECES:-}${THEME:-}" ]; then
        printf '[board]\n' >>"$home/config/kibitz/settings.toml"
        [ -z "${PIECES:-}" ] || printf 'pieces = "%s"\n' "$PIECES" >>"$home/config/kibitz/settings.toml"
        [ -z "${THEME:-}" ] || printf 'theme = "%s"\n' "$THEME" >>"$home/config/kibitz/settings.toml"
    fi
    if [ "${ANALYSIS:-0}" = 1 ]; then
        printf '[analysis]\non_by_default = true\nthreads = 1\n' >>"$home/config/kibitz/settings.toml"
    fi
    games_arg=(); [ "$games" = all ] || games_arg=(--games "$games")
    computer=()
    if [ "${COMPUTER:-0}" = 1 ]; then
        printf '[computer]\nside = "Black"\nhuman_delay = false\n[computer.clock]\nbase_s = 3600\nincrement_s = 0\n' \
            >>"$home/config/kibitz/settings.toml"
        computer=(--computer)
    fi
    DISPLAY=$display HOME=$home XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data \
        KIBITZ_FRAME_STATS=1 "$kibitz" "${computer[@]}" replay "$recording" --window --speed 1 "${games_arg[@]}" \
        2>"$work/stderr" >/dev/null &
    app=$!; pids+=("$app")
    sleep 3
    if [ "$max" = max ]; then
        DISPLAY=$display wmctrl -r Kibitz -b add,maximized_vert,maximized_horz || true
    fi
    sleep "$warmup"
    k0=$(ticks "$app"); x0=$(ticks "$xvfb"); e0=$(engine_ticks "$app"); t0=$(date +%s.%N); lines0=$(wc -l <"$work/stderr")
    if [ "${SCROLL:-0}" = 1 ]; then
        # Over the console (the window's bottom strip), 20 wheel steps:
        # ten down, ten up.
        height=${size#*x}
        for step in $(seq 1 20); do
            button=5; [ "$step" -gt 10 ] && button=4
            DISPLAY=$display xdotool mousemove 300 $((height - 60)) click "$button"
            sleep "$(awk -v s="$seconds" 'BEGIN { print s / 20 }')"
        done
    else
        sleep "$seconds"
    fi
    k1=$(ticks "$app"); x1=$(ticks "$xvfb"); e1=$(engine_ticks "$app"); t1=$(date +%s.%N)
    rss=$(awk '/VmHWM/ { printf "%d MB", $2 / 1024 }' "/proc/$app/status")
    stats=$(tail -n +"$((lines0 + 1))" "$work/stderr" | grep 'frame stats' || true)
    fps=$(awk '/frame stats/ { for (i = 1; i <= NF; i++) if ($i == "frames/s,") { s += $(i-1); n++ } }
               END { if (n) printf "%.1f", s / n; else print "?" }' <<<"$stats")
    last=$(tail -n1 <<<"$stats" | sed 's/.*frames\/s, //')
    awk -v k="$((k1 - k0))" -v x="$((x1 - x0))" -v e="$((e1 - e0))" -v t0="$t0" -v t1="$t1" -v hz="$hz" \
        -v size="$size" -v games="$games" -v max="${max:--}" -v fps="$fps" -v last="$last" \
        -v rss="$rss" \
        'BEGIN { t = t1 - t0; printf "%-10s %-6s %-4s %9s %11.1f%% %9.1f%% %9.1f%% %8s  %s\n",
                 size, games, max, fps, 100 * k / hz / t, 100 * x / hz / t, 100 * e / hz / t, rss, last }'
    kill "${pids[@]}" 2>/dev/null || true
    wait 2>/dev/null || true
    pids=()
done
