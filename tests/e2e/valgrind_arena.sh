#!/bin/sh
# Runs the arena's commands under valgrind; any leak or memory error fails.
set -eu
vg="$1"; arena="$2"
out=$(mktemp -d "${TMPDIR:-/tmp}/arena-vg-XXXXXX")
trap 'rm -rf "$out"' EXIT
run() { "$vg" -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=99 "$arena" "$@" >"$out/log" 2>&1 || { cat "$out/log"; exit 1; }; }
run tournament --game morris --bots morris_greedy random --rounds 2 -j 2 --seed 1 --quiet --out "$out/r"
# 200 matches in each isolation: seats reused and closed, groups committed
run tournament --game morris --bots random random --rounds 100 -j 2 --seed 2 --quiet --out "$out/p"
run tournament --game morris --bots random morris_greedy --rounds 100 -j 2 --seed 3 --quiet \
    --isolation inline --out "$out/i"
# one segment of them (replaying all ~20 under valgrind takes longer than the
# test may on a loaded machine; each segment runs the same code)
for f in "$out"/i/*/matches/g000000.pb; do run replay --quiet "$f"; done
run match --game morris random morris_greedy --seed 2 --out "$out/r"
for f in "$out"/r/matches/*.pb; do run replay --quiet "$f"; done
run ratings --game morris --out "$out/r"
run perft --game morris --depth 3
run games
echo "valgrind: arena clean"
