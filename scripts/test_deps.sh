#!/bin/sh
# Installs what the test scripts need besides the build's packages, only when
# something is missing: python3 (with ctypes, which Debian's python3 has) for
# the lockstep tests of the rule modules (tests/lockstep), valgrind for the
# leak and memory-error test of the arena (tests/e2e), the sqlite3 shell for
# tests that read or change a store as a user would (tests/e2e). Called by `make
# test`, as scripts/deps.sh installs the build's packages; safe to run again
# (it then does nothing).
set -eu

# shellcheck source=scripts/apt_missing.sh
. "$(dirname "$0")/apt_missing.sh"
need_pkg python3 "python3 -c 'import ctypes'"
need_pkg valgrind "command -v valgrind"
need_pkg sqlite3 "command -v sqlite3"
install_missing "what the tests need"
