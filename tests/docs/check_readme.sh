#!/bin/sh
# check_readme.sh -- the README's example outputs are the program's real output.
#
# Usage: check_readme.sh ARENA_BINARY README SOURCE_DIR
#
# Every fenced block of the README that starts with "$ arena ..." is run with
# the built arena (in a scratch directory holding ./mybot.so, a copy of
# morris_greedy, and tests/ from the source tree), and every line shown under
# the command must appear in the real output, in the same order ("..." stands
# for lines left out). What differs from run to run is normalised on both
# sides first: times ("0.26 ms", "0.034 s", "nodes/s"), dates in file names,
# the build directory (shown as build/bin) and runs of spaces. A block with no
# output shown (an interactive command) is not run; a tournament or check in
# which a bot forfeited where the README shows none (a clock too short for a
# loaded machine or a sanitizer build) is not compared. One line per difference, exit 1.
set -u

arena=${1:?usage: check_readme.sh ARENA_BINARY README SOURCE_DIR}
readme=${2:?usage: check_readme.sh ARENA_BINARY README SOURCE_DIR}
src=${3:?usage: check_readme.sh ARENA_BINARY README SOURCE_DIR}
[ -x "$arena" ] || { echo "check_readme: $arena is not built"; exit 2; }
bindir=$(cd "$(dirname "$arena")" && pwd)
arena=$bindir/$(basename "$arena")

work=$(mktemp -d "${TMPDIR:-/tmp}/arena-readme-XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
ln -s "$src/tests" "$work/tests"
cp "$bindir/bots/morris_greedy.so" "$work/mybot.so"

# The blocks: for block k, $work/cmd.k (the arguments after "$ arena") and
# $work/want.k (the lines shown under it).
awk -v dir="$work" '
    /^```/ { if (inblock) { inblock = 0; cmd = 0 } else { inblock = 1; first = 1 }; next }
    inblock && first { first = 0; if ($0 ~ /^\$ arena /) { k++; cmd = 1;
        sub(/^\$ arena /, ""); print > (dir "/cmd." k); printf "" > (dir "/want." k) }; next }
    inblock && cmd { print > (dir "/want." k) }
' "$readme"

normalise() {
    sed -e "s#$bindir#build/bin#g" \
        -e 's/[0-9]\{8\}-[0-9]\{6\}/DATE/g' \
        -e 's/[0-9][0-9.]* \(s\|ms\)\([ ,)]\|$\)/T \1\2/g' \
        -e 's/[0-9][0-9]* nodes\/s/N nodes\/s/g' \
        -e 's/  */ /g' -e 's/ $//'
}

fail=0 blocks=0
for c in "$work"/cmd.*; do
    [ -e "$c" ] || break
    k=${c##*.}
    [ -s "$work/want.$k" ] || continue
    blocks=$((blocks + 1))
    args=$(cat "$c")
    (cd "$work" && eval "\"$arena\" $args") 2>/dev/null | normalise > "$work/got.$k"
    normalise < "$work/want.$k" | grep -vx '\.\.\.' > "$work/norm.$k"
    # A bot that lost on time, on a machine too loaded (or a sanitizer build
    # too slow) for the clock, played another game than the README's: that
    # run says nothing about the README.
    if grep -qE '^(Forfeits:| FAIL )' "$work/got.$k" &&
        ! grep -qE '^(Forfeits:| FAIL )' "$work/norm.$k"; then
        echo "README: \`arena $args\`: not compared (forfeits on this machine)"
        continue
    fi
    # Each wanted line, in order, somewhere after the previous one.
    missing=$(awk 'NR == FNR { want[++n] = $0; next }
                   i < n && $0 == want[i + 1] { i++ }
                   END { if (i < n) print want[i + 1] }' "$work/norm.$k" "$work/got.$k")
    if [ -n "$missing" ]; then
        echo "README: \`arena $args\` does not print: $missing"
        fail=1
    fi
done
[ "$blocks" -gt 0 ] || { echo "check_readme: no \"\$ arena\" example found in $readme"; exit 1; }
exit $fail
