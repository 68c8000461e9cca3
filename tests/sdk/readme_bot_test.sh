#!/bin/sh
# readme_bot_test.sh BUILD_DIR SOURCE_DIR -- the README's "Writing a bot", as written.
#
# In a scratch directory laid out as the arena's tree after `make build`
# (build: the build tree, sdk: the source tree's), saves the section's C
# example as mybot.c and runs its sh block as it stands: PKG_CONFIG_PATH to
# the build tree's arena-sdk.pc, the cc command, `build/bin/arena check`.
# Nothing is installed, so the build tree's arena-sdk.pc must name headers
# and a library that exist; the check must find the bot sound.
set -eu

build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/arena-readme-bot.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

fail() { echo "readme_bot: FAIL: $*" >&2; exit 1; }

[ -x "$build/bin/arena" ] || fail "$build/bin/arena is not built: build the tree first"
# "lib" unless the build was configured otherwise (GNUInstallDirs): the
# README shows the usual build/lib
lib=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
lib=${lib:-lib}
ln -s "$build" "$tmp/build"
ln -s "$src/sdk" "$tmp/sdk"

# The section's first ```c block and first ```sh block.
awk -v dir="$tmp" '
    /^## / { in_section = ($0 == "## Writing a bot") }
    !in_section { next }
    /^```/ { if (fence) fence = ""; else if ($0 == "```c" && !c_done) { fence = "c"; c_done = 1 }
             else if ($0 == "```sh" && !sh_done) { fence = "sh"; sh_done = 1 }
             else fence = "other"
             next }
    fence == "c" { print > (dir "/mybot.c") }
    fence == "sh" { print > (dir "/steps.sh") }
' "$src/README.md"
[ -s "$tmp/mybot.c" ] || fail "no C example in the README's \"Writing a bot\""
[ -s "$tmp/steps.sh" ] || fail "no sh block in the README's \"Writing a bot\""
sed -i "s#build/lib/#build/$lib/#g" "$tmp/steps.sh"
echo "readme_bot: running, in a tree after make build:"
sed 's/^/    /' "$tmp/steps.sh"

# The steps' pkg-config must be the build tree's, not one installed.
grep -q "PKG_CONFIG_PATH=" "$tmp/steps.sh" || fail "the README sets no PKG_CONFIG_PATH"
(cd "$tmp" && sh -eu "$tmp/steps.sh") >"$tmp/out" 2>&1 ||
    { cat "$tmp/out" >&2; fail "the README's steps failed"; }
cat "$tmp/out"
grep -q "^Verdict: mybot is sound" "$tmp/out" || fail "arena check did not find mybot sound"
libdir=$(cd "$tmp" && PKG_CONFIG_PATH=$tmp/build/$lib/pkgconfig pkg-config --variable=libdir arena-sdk)
[ "$(cd "$libdir" && pwd -P)" = "$(cd "$build/$lib" && pwd -P)" ] ||
    fail "the build tree's arena-sdk.pc names $libdir, not $build/$lib"
echo "readme_bot: ok"
