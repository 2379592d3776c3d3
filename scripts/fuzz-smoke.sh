#!/usr/bin/env bash
# Every fuzz target builds and runs a while (issue 48: the targets had not
# built since eframe was vendored, and nothing said so). Each target runs
# SECONDS (default 20) from an empty corpus on stable Rust, with the FICS
# dictionary where it is one; a crash, a leak-free timeout or a build error
# fails. Prints each target's executions.
#
#   scripts/fuzz-smoke.sh [SECONDS]
#
# Installs cargo-fuzz when missing (cargo install cargo-fuzz --locked).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
targets=$(cargo fuzz list)
cargo fuzz build --sanitizer none
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
for target in $targets; do
    dict=()
    if [ "$target" != pgn ]; then
        dict=(-dict=fuzz/fics.dict)
    fi
    mkdir -p "$corpus/$target"
    log="$corpus/$target.log"
    if ! cargo fuzz run --sanitizer none "$target" "$corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 "${dict[@]}" >"$log" 2>&1; then
        tail -n 40 "$log"
        echo "fuzz-smoke: $target failed"
        exit 1
    fi
    runs=$(grep -o 'Done [0-9]* runs' "$log" | tail -n 1)
    echo "fuzz-smoke: $target: ${runs:-no count} in ${seconds} s"
done
echo "fuzz-smoke: passed"
