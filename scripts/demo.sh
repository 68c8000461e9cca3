#!/bin/sh
# `make demo`: a real round robin of the bundled bots, ending with a rating table.
set -eu
build=${1:-build}
arena="$build/bin/arena"
echo "== Games available (arena games)"
"$arena" games | grep -E '^[a-z]'
echo
echo "== A tournament of the bundled morris bots, each in its own sandboxed process, 2 matches at a time"
"$arena" tournament --game morris --bots random morris_greedy morris_ab --rounds 10 -j 2 \
    --tc 0.5+0.01 --seed 2026 --out results
echo
echo "Next: $arena --help   |   $arena replay <a log above> --step   |   $arena ratings --game morris"
