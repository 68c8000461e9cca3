#!/bin/sh
# example_game_test.sh BUILD_DIR EXAMPLE_DIR -- the README's "Adding a game",
# end to end, as a game author does it.
#
# Installs the build into a temporary prefix, builds the Nim rule module of
# sdk/examples/nim out of tree with its Makefile and nothing but pkg-config
# pointed at that prefix (as install_test.sh builds the bot template), then,
# with the installed arena only: finds the game on ARENA_PATH, counts its tree
# with perft against the counts worked by hand, plays a tournament of the
# bundled random and mcts bots, and replays a logged match. No network, no root.
set -eu

build=$1
example=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arena-example-game.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix
lib=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
lib=${lib:-lib}
# A sanitizer build installs instrumented libraries: what links them must be too.
san=
grep -q '^ARENA_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" && san="-fsanitize=address,undefined"
unset DESTDIR ARENA_PATH

fail() { echo "sdk_example_game: FAIL: $*" >&2; exit 1; }
step() { echo "sdk_example_game: $*"; }

for f in "$build/bin/arena" "$build/bin/bots/random.so" "$build/bin/bots/mcts.so"; do
    [ -e "$f" ] || fail "$f is not built: build the whole tree first (make, or cmake --build $build)"
done

step "installing $build into $prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "cmake --install"; }
PKG_CONFIG_PATH=$prefix/$lib/pkgconfig
export PKG_CONFIG_PATH
arena=$prefix/bin/arena

step "nim with the plain Makefile (out of tree)"
mkdir "$tmp/nim"
make -C "$tmp/nim" -f "$(cd "$example" && pwd)/Makefile" "CFLAGS=-O1 -g -Werror $san" \
    >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; fail "make"; }
so=$tmp/nim/libnim.so
nm -D --defined-only "$so" | grep -q ' T arena_rules_entry$' || fail "libnim.so does not export arena_rules_entry"
if nm -D --defined-only "$so" | grep -v ' arena_rules_entry$' | grep -q ' T '; then
    fail "libnim.so exports more than arena_rules_entry"
fi

run() { # runs the installed arena, keeping its output in $tmp/out
    "$arena" "$@" >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "arena $*"; }
}

step "arena games finds it on ARENA_PATH"
ARENA_PATH=$tmp/nim run games
grep -q '^nim  *(2 players) Nim' "$tmp/out" || { cat "$tmp/out" >&2; fail "nim not listed"; }
grep -q 'heaps=4' "$tmp/out" || fail "nim's options not listed"

# Heaps 1, 3, 5, 7: 16 first moves; after taking k stones 16 - k moves remain,
# so depth 2 has the sum over the heaps s of 16s - s(s+1)/2 = 15+42+65+84.
step "perft against the counts worked by hand"
run perft --game "$so" --depth 2
grep -Eq '^depth 1 +16 ' "$tmp/out" && grep -Eq '^depth 2 +206 ' "$tmp/out" ||
    { cat "$tmp/out" >&2; fail "perft counts"; }
run perft --game "$so:heaps=2" --depth 1
grep -Eq '^depth 1 +4 ' "$tmp/out" || { cat "$tmp/out" >&2; fail "perft with heaps=2"; }
if "$arena" perft --game "$so:heaps=9" --depth 1 >"$tmp/out" 2>&1; then fail "heaps=9 was taken"; fi
grep -q "nim: bad value '9' for heaps (expected 1..8)" "$tmp/out" || { cat "$tmp/out" >&2; fail "option error"; }

# A fixed iteration count under a generous clock: the games depend only on the
# seed, not on the machine's load.
step "a tournament: random and mcts, in sandboxed workers"
run tournament --game "$so" --bots random mcts:iterations=300 --rounds 10 --move-time 2000 \
    --seed 5 --out "$tmp/results"
grep -q ', 0 forfeits' "$tmp/out" || { cat "$tmp/out" >&2; fail "forfeits"; }
dir=$(ls -d "$tmp"/results/*-nim)
# ratings.csv: rank,name,...; mcts must come first, having beaten random.
awk -F, 'NR == 2 && $2 !~ /^mcts/ { exit 1 }' "$dir/ratings.csv" ||
    { cat "$tmp/out" >&2; fail "mcts did not finish first"; }
grep -q 'mcts\[iterations=300\]' "$tmp/out" || fail "no mcts in the table"

step "replay of a logged match"
run replay --quiet "$dir/matches/00003.pb"
grep -q 'reproduced' "$tmp/out" || { cat "$tmp/out" >&2; fail "replay"; }

step "ok"
