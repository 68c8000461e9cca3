#!/bin/sh
# The flake soak (issue 19): ctest -j 2 run N times in a row in a build
# directory with a CPU hog beside it (HOGS busy loops, default 1: with the
# two tests of -j 2 there are more runnable processes than cores of a 2-core
# machine), stopping at the first failure. Prints each run's
# time, failed suites and the load averages at its end (/proc/loadavg: 1, 5
# and 15 minutes, for the record in docs/soak.md), then a summary: how many
# consecutive runs passed.
#
#   sh scripts/soak.sh [BUILD_DIR [RUNS]]      (default build, 20)
#
# For the sanitizer build run it on the directory `make sanitize` builds
# (build-asan) with ARENA_TEST_SCALE=30, as `make sanitize` sets it.
# Each run's full ctest output is kept in BUILD_DIR/soak/run-K.log.
# Exit status: 0 when every run passed, 1 at the first failing run, 2 on
# bad arguments.
set -u
build=${1:-build}
runs=${2:-20}
case $runs in '' | *[!0-9]*) echo "soak: RUNS must be a whole number, not '$runs'" >&2; exit 2 ;; esac
[ -f "$build/CTestTestfile.cmake" ] || { echo "soak: $build is not a configured build directory" >&2; exit 2; }
hogs_wanted=${HOGS:-1}
case $hogs_wanted in '' | *[!0-9]*) echo "soak: HOGS must be a whole number" >&2; exit 2 ;; esac
logs="$build/soak"
mkdir -p "$logs" || exit 2

hogs=""
run=""
# Stopped early: the running ctest and its tests (a session of their own:
# Check forks each test into a process group of its own, so the session is
# what holds them all), then the hogs.
stop_all() {
    [ -n "$run" ] && pkill -TERM -s "$run" 2>/dev/null
    for p in $hogs; do kill "$p" 2>/dev/null; done
    for p in $hogs; do wait "$p" 2>/dev/null; done
    hogs=""
}
trap 'stop_all; exit 130' INT TERM
trap 'stop_all' EXIT
i=0
while [ "$i" -lt "$hogs_wanted" ]; do
    sh -c 'while :; do :; done' &
    hogs="$hogs $!"
    i=$((i + 1))
done

echo "soak: $runs runs of ctest -j 2 in $build beside $hogs_wanted busy loop(s) ($(date -u +%H:%M:%S) UTC)"
passed=0
k=1
while [ "$k" -le "$runs" ]; do
    t0=$(date +%s)
    (cd "$build" && exec setsid ctest -j 2 --output-on-failure) >"$logs/run-$k.log" 2>&1 &
    run=$!
    wait "$run"
    rc=$?
    run=""
    secs=$(($(date +%s) - t0))
    load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
    if [ "$rc" -ne 0 ]; then
        failed=$(sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (.*/\1/p' "$logs/run-$k.log" | tr '\n' ' ' | sed 's/ $//')
        echo "run $k: FAILED after ${secs} s (load ${load:-?}): ${failed:-(see the log)}"
        echo "soak: $passed consecutive runs passed, run $k failed (${failed:-ctest exit $rc}); log $logs/run-$k.log"
        exit 1
    fi
    tests=$(sed -n 's/.*tests passed, 0 tests failed out of \([0-9]*\).*/\1/p' "$logs/run-$k.log")
    echo "run $k: passed (${tests:-?} tests) in ${secs} s (load ${load:-?})"
    passed=$k
    k=$((k + 1))
done
echo "soak: all $passed runs passed in a row"
