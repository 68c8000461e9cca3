#!/bin/sh
# Runs the arena's commands under valgrind; any leak or memory error fails.
set -eu
vg="$1"; arena="$2"
command -v "$vg" >/dev/null 2>&1 || {
    echo "valgrind_arena: $vg not found: install the Debian package valgrind" \
         "(make test does, through scripts/test_deps.sh)" >&2
    exit 1
}
out=$(mktemp -d "${TMPDIR:-/tmp}/arena-vg-XXXXXX")
trap 'rm -rf "$out"' EXIT
run() { "$vg" -q --leak-check=full --errors-for-leak-kinds=definite,indirect \
        --error-exitcode=99 "$arena" "$@" >"$out/log" 2>&1 || { cat "$out/log"; exit 1; }; }
run tournament --game morris --bots morris_greedy random --rounds 2 -j 2 --seed 1 --quiet --out "$out/r"
# 200 matches in each isolation (issue 8): seats reused and closed, groups committed
# (the first tournament's HTML report holds every replay; these, ten each)
run tournament --game morris --bots random random --rounds 100 -j 2 --seed 2 --quiet --out "$out/p" \
    --replays 10
run tournament --game morris --bots random morris_greedy --rounds 100 -j 2 --seed 3 --quiet \
    --isolation inline --out "$out/i" --replays 10
# one segment of them (replaying all ~20 under valgrind takes longer than the
# test may on a loaded machine; each segment runs the same code)
for f in "$out"/i/*/matches/g000000.pb; do run replay --quiet "$f"; done
run match --game morris random morris_greedy --seed 2 --out "$out/r"
for f in "$out"/r/matches/*.pb; do run replay --quiet "$f"; run replay --format json "$f"; done
for d in "$out"/r/*-morris; do run report "$d"; done
run ratings --game morris --out "$out/r"
run rebuild --out "$out/r"
run ratings --game morris --out "$out/r"
# issue 15: an SPRT (pairs counted in order, verdict stored), a gauntlet with
# an anchor, a rating history
run sprt --game morris morris_greedy random --elo0 0 --elo1 200 -j 2 --seed 4 --quiet --out "$out/r"
run tournament --game morris --bots morris_greedy random random --gauntlet --anchor random#1=0 \
    --seed 5 --quiet --out "$out/r"
run ratings --game morris --history morris_greedy --format json --out "$out/r"
# two shards of a tournament (one resumed), merged; and a refused merge
for s in 1 2; do
    run tournament --game morris --bots morris_greedy random --rounds 2 --seed 4 --shard $s/2 \
        --quiet --out "$out/s$s"
done
run tournament --resume "$(ls -d "$out"/s2/*/)"
run merge "$out/s1" "$out/s2" --out "$out/m"
"$vg" -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
    "$arena" merge "$out/s1" --out "$out/m2" >"$out/log" 2>&1 && { echo "merge of one shard of two passed"; exit 1; }
[ $? -eq 2 ] || { cat "$out/log"; exit 1; }
run perft --game morris --depth 3
run games
echo "valgrind: arena clean"
