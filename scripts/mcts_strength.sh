#!/bin/sh
# mcts_strength.sh GAME[:options] OPPONENT GAMES [SEED [TC [JOBS]]]
#
# How docs/mcts.md measures the mcts bot: a tournament of mcts against
# OPPONENT (and, in games of more than two seats, copies of OPPONENT filling
# the table) with every seat rotation on one seed, at --tc TC (default 1+0.01),
# then from the store: mcts's wins, draws and losses (pairwise against each
# opponent at its table), its score with a 95 % interval (normal
# approximation), the share of tables it finished alone on top, and the
# forfeits. GAMES is the number of tables (a multiple of the rotations of a
# table, i.e. of the number of seats). Run from the top of a built tree;
# results go under results/mcts-strength/ (OUT=DIR to choose). MCTS=SPEC
# enters mcts with options (MCTS=mcts:rave=300); ARENA=PATH another arena.
set -eu

game=$1 opp=$2 games=$3 seed=${4:-2026} tc=${5:-1+0.01} jobs=${6:-1}
arena=${ARENA:-build/bin/arena}
out=${OUT:-results/mcts-strength}
me=${MCTS:-mcts}
mkdir -p "$out"

# Seats of the game: players=N when the options say so, else 2.
seats=$(printf '%s\n' "$game" | sed -n 's/.*players=\([0-9]\).*/\1/p')
seats=${seats:-2}
rounds=$((games / seats))
[ "$rounds" -ge 1 ] || { echo "mcts_strength: GAMES must be at least $seats" >&2; exit 2; }
bots="$me"
i=1
while [ "$i" -lt "$seats" ]; do
    bots="$bots $opp"
    i=$((i + 1))
done

# shellcheck disable=SC2086
"$arena" tournament --game "$game" --bots $bots --rounds "$rounds" --tc "$tc" \
    --seed "$seed" -j "$jobs" --quiet --out "$out" >"$out/last.txt" 2>&1 ||
    { cat "$out/last.txt" >&2; exit 1; }
# mcts's name in the store: mcts, or mcts[options] (canonical: sorted keys).
tid=$(sqlite3 "$out/arena.db" "SELECT max(id) FROM tournaments")

# One row per table: mcts's return, the best and the worst other return, and
# how many others beat, tie and trail it; plus the forfeits.
sqlite3 -separator ' ' "$out/arena.db" "
WITH t AS (
  SELECT m.id AS mid, m.culprit AS culprit,
         (SELECT s.game_return FROM match_seats s JOIN bots b ON b.id = s.bot_id
           WHERE s.match_id = m.id AND b.name GLOB 'mcts*') AS me
  FROM matches m WHERE m.tournament_id = $tid),
p AS (
  SELECT t.mid, t.me,
         sum(s.game_return < t.me) AS w, sum(s.game_return = t.me) AS d,
         sum(s.game_return > t.me) AS l
  FROM t JOIN match_seats s ON s.match_id = t.mid
        JOIN bots b ON b.id = s.bot_id AND b.name NOT GLOB 'mcts*'
  GROUP BY t.mid)
SELECT count(*), sum(w), sum(d), sum(l), sum(l = 0 AND d = 0),
       (SELECT count(*) FROM matches WHERE tournament_id = $tid AND culprit >= 0)
FROM p;" | {
    read -r n w d l first forfeits
    awk -v g="$game" -v me="$me" -v o="$opp" -v n="$n" -v w="$w" -v d="$d" -v l="$l" \
        -v first="$first" -v f="$forfeits" -v tc="$tc" -v seed="$seed" 'BEGIN {
        pairs = w + d + l; s = (w + d / 2) / pairs
        var = (w * (1 - s) ^ 2 + d * (0.5 - s) ^ 2 + l * s ^ 2) / pairs
        ci = 1.96 * sqrt(var / pairs)
        fs = first / n; fci = 1.96 * sqrt(fs * (1 - fs) / n)
        printf "%s: %s vs %s, %d games, --tc %s, seed %s: W/D/L %d/%d/%d (pairwise), " \
               "score %.1f %% +- %.1f, first alone in %.1f %% +- %.1f, forfeits %d\n",
               g, me, o, n, tc, seed, w, d, l, 100 * s, 100 * ci, 100 * fs, 100 * fci, f
    }'
}
