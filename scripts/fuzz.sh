#!/bin/sh
# `make fuzz`: builds the libFuzzer targets with clang (installing clang and
# its runtime when missing, as scripts/deps.sh does for the build) and runs
# each for a while; any crash, leak or sanitizer report fails.
set -eu
build=${1:-build-fuzz}
seconds=${2:-30}
sh scripts/deps.sh
if ! command -v clang >/dev/null 2>&1 || \
   ! [ -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a 2>/dev/null)" ]; then
    echo "arena: installing clang and libclang-rt-14-dev for the fuzz targets"
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev
fi
CC=clang cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug -DARENA_FUZZ=ON >/dev/null
cmake --build "$build" --target arena_fuzz -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
passed=0; failed=0
for t in "$build"/bin/fuzz_*; do
    name=$(basename "$t")
    corpus="$build/corpus/$name"
    mkdir -p "$corpus"
    if "$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 \
        "$corpus" >"$build/$name.log" 2>&1; then
        echo "fuzz: $name: ok ($(grep -o 'Done [0-9]* runs' "$build/$name.log" | tail -1))"
        passed=$((passed + 1))
    else
        echo "fuzz: $name: FAILED"; tail -30 "$build/$name.log"
        failed=$((failed + 1))
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
