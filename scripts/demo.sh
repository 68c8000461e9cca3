#!/bin/sh
# `make demo`: a real round robin of the bundled bots, ending with a rating table.
set -eu
build=${1:-build}
arena="$build/bin/arena"
echo "== Games available"
"$arena" games | head -n 12
echo "== A tournament of the bundled morris bots (sandboxed workers, 2 at a time)"
"$arena" tournament --game morris --bots random morris_greedy --rounds 50 -j 2 \
    --move-time 1000 --seed 2026 --out results
echo
echo "Next: $arena --help   |   $arena replay <log> --step   |   $arena ratings --game morris"
