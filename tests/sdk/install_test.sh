#!/bin/sh
# install_test.sh BUILD_DIR TEMPLATE_DIR -- the SDK as a bot author gets it.
#
# Installs the build into a temporary prefix, checks the installed layout,
# compiles every installed header from the prefix, then builds the bot template
# out of tree with its plain Makefile and with CMake, using nothing but
# pkg-config pointed at that prefix, and checks that each mybot.so exports
# arena_bot_entry, loads with the prefix's libarena-sdk, and is found sound by
# `arena check`, installed and from the build tree. No network, no root.
set -eu

build=$1
template=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arena-sdk-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix
# "lib" unless the build was configured otherwise (GNUInstallDirs picks
# lib/<multiarch> or lib64 for some prefixes).
lib=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
lib=${lib:-lib}
# A sanitizer build installs instrumented libraries: whatever links them must be
# instrumented too.
san=
grep -q '^ARENA_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" && san="-fsanitize=address,undefined"
unset DESTDIR

fail() { echo "sdk_install: FAIL: $*" >&2; exit 1; }
step() { echo "sdk_install: $*"; }

# Everything the install copies must exist: ctest runs after a full build in
# `make test`; run alone, say what is missing instead of a cryptic install error.
for f in "$build/bin/arena" "$build/bin/bots/random.so" "$build/bin/bots/morris_greedy.so"; do
    [ -e "$f" ] || fail "$f is not built: build the whole tree first (make, or cmake --build $build)"
done

step "installing $build into $prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log" >&2; fail "cmake --install"; }

# The layout users and the arena rely on.
for f in bin/arena $lib/libarena-sdk.so $lib/pkgconfig/arena-sdk.pc \
         include/arena/bot.h include/arena/rules.h include/arena/sdk.h \
         include/arena/proto/arena.pb-c.h include/arena/proto/games/morris.pb-c.h \
         $lib/arena/bots/random.so $lib/arena/bots/morris_greedy.so \
         share/man/man1/arena.1 share/bash-completion/completions/arena; do
    [ -e "$prefix/$f" ] || fail "$f missing from the prefix"
done
ls "$prefix/$lib"/libarena-sdk.so.*.*.* >/dev/null 2>&1 || fail "no versioned libarena-sdk.so.X.Y.Z"
ls "$prefix/$lib"/arena/rules/*.so >/dev/null 2>&1 || fail "no rule module in $lib/arena/rules"
# Each game's observation header is installed, not only morris.
for h in "$build"/gen/arena/proto/games/*.pb-c.h; do
    [ -e "$prefix/include/arena/proto/games/$(basename "$h")" ] ||
        fail "$(basename "$h") not installed"
done

# From here on only the prefix: pkg-config sees nothing else of the tree.
PKG_CONFIG_PATH=$prefix/$lib/pkgconfig
export PKG_CONFIG_PATH
pkg-config --exists arena-sdk || fail "pkg-config cannot find arena-sdk in the prefix"
libdir=$(pkg-config --variable=libdir arena-sdk)
[ "$(cd "$libdir" && pwd -P)" = "$(cd "$prefix/$lib" && pwd -P)" ] ||
    fail "pkg-config libdir $libdir is not $prefix/$lib"
cflags=$(pkg-config --cflags arena-sdk)
libs=$(pkg-config --libs arena-sdk)
step "pkg-config: $cflags $libs"

# Every installed header compiles on its own from the prefix, then together in a
# program that links libarena-sdk (the observation code lives there).
: >"$tmp/all.c"
for h in $(cd "$prefix/include" && find arena -name '*.h' | sort); do
    printf '#include "%s"\nint main(void) { return 0; }\n' "$h" >"$tmp/one.c"
    # shellcheck disable=SC2086
    cc -std=c11 -Wall -Wextra -Werror $cflags -c "$tmp/one.c" -o "$tmp/one.o" ||
        fail "installed header $h does not compile from the prefix"
    printf '#include "%s"\n' "$h" >>"$tmp/all.c"
done
cat >>"$tmp/all.c" <<'EOF'
int main(void)
{
    Arena__Morris__Observation obs = ARENA__MORRIS__OBSERVATION__INIT;
    arena_rng rng;
    arena_rng_seed(&rng, 1);
    return arena__morris__observation__get_packed_size(&obs) == 0 &&
           arena_rng_below(&rng, 10) < 10 ? 0 : 1;
}
EOF
# shellcheck disable=SC2086
cc -std=c11 -Wall -Wextra -Werror $san $cflags "$tmp/all.c" -o "$tmp/all" $libs -Wl,-rpath,"$libdir" ||
    fail "a program using the installed headers and library does not build"
"$tmp/all" || fail "a program using the installed library does not run"

# A loader that dlopens a bot the way the arena does and reads its table.
cat >"$tmp/load.c" <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
#include "arena/bot.h"
int main(int argc, char **argv)
{
    void *h = dlopen(argv[argc - 1], RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "%s\n", dlerror()); return 1; }
    arena_bot_entry_fn entry = (arena_bot_entry_fn)dlsym(h, ARENA_BOT_ENTRY);
    if (!entry) { fprintf(stderr, "no %s\n", ARENA_BOT_ENTRY); return 1; }
    const arena_bot *b = entry();
    printf("%s %s abi %u\n", b->name, b->version, b->abi_version);
    return b->abi_version == ARENA_BOT_ABI_VERSION ? 0 : 1;
}
EOF
# shellcheck disable=SC2086
cc -std=c11 $san $cflags "$tmp/load.c" -o "$tmp/load" -ldl || fail "cannot build the loader"

check_bot() { # $1 = the built .so
    [ -f "$1" ] || fail "$1 was not produced"
    nm -D --defined-only "$1" | grep -q ' T arena_bot_entry$' || fail "$1 does not export arena_bot_entry"
    "$tmp/load" "$1" >"$tmp/load.out" 2>&1 || { cat "$tmp/load.out" >&2; fail "$1 does not load"; }
    step "$1: $(cat "$tmp/load.out")"
}

step "template with the plain Makefile (out of tree)"
mkdir "$tmp/make"
make -C "$tmp/make" -f "$(cd "$template" && pwd)/Makefile" ${san:+"CFLAGS=-O1 -g $san"} \
    >"$tmp/make.log" 2>&1 ||
    { cat "$tmp/make.log" >&2; fail "make"; }
check_bot "$tmp/make/mybot.so"

step "template with CMake (out of tree)"
cmake -S "$template" -B "$tmp/cmake" ${san:+"-DCMAKE_C_FLAGS=$san"} >"$tmp/cmake.log" 2>&1 &&
    cmake --build "$tmp/cmake" >>"$tmp/cmake.log" 2>&1 ||
    { cat "$tmp/cmake.log" >&2; fail "cmake"; }
check_bot "$tmp/cmake/mybot.so"

# What a bot author then types: arena check, by the installed arena and by the
# build tree's (whose jail once showed bots no libarena-sdk.so.0: "cannot load:
# libarena-sdk.so.0"), and for a bot linked by pkg-config's flags alone, with
# no run path (the jail loads the arena's own copy first).
# shellcheck disable=SC2086
cc -std=c11 -shared -fPIC $san $cflags "$(cd "$template" && pwd)/bot.c" -o "$tmp/norpath.so" $libs ||
    fail "cannot build a bot without a run path"
for arena in "$prefix/bin/arena" "$build/bin/arena"; do
    for bot in "$tmp/make/mybot.so" "$tmp/norpath.so"; do
        "$arena" check "$bot" --game morris --games 2 >"$tmp/check.out" 2>&1 ||
            { cat "$tmp/check.out" >&2; fail "$arena check $bot"; }
        grep -q "^Verdict: mybot is sound" "$tmp/check.out" ||
            { cat "$tmp/check.out" >&2; fail "$arena check $bot: no sound verdict"; }
        step "$arena check $(basename "$bot"): sound"
    done
done

step "ok"
