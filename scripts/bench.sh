#!/bin/sh
# `make bench`: every benchmark, each printing ratios to a baseline of its own run.
set -eu
build=${1:-build}
for b in "$build"/bin/bench_*; do
    echo "== $(basename "$b")"
    "$b"
done
