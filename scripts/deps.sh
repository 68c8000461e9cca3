#!/bin/sh
# Installs the Debian packages the build needs, only when something is missing.
# Called by `make demo` and `make test`; safe to run again (it then does nothing).
set -eu

# shellcheck source=scripts/apt_missing.sh
. "$(dirname "$0")/apt_missing.sh"
need_pkg cmake              "command -v cmake"
need_pkg gcc                "command -v cc"
need_pkg make               "command -v make"
need_pkg pkg-config         "command -v pkg-config"
need_pkg protobuf-c-compiler "command -v protoc-c"
need_pkg libprotobuf-c-dev  "pkg-config --exists libprotobuf-c"
need_pkg libzmq3-dev        "pkg-config --exists libzmq"
need_pkg check              "pkg-config --exists check"
need_pkg libsqlite3-dev     "pkg-config --exists sqlite3"
need_pkg libseccomp-dev     "pkg-config --exists libseccomp"
need_pkg libsodium-dev      "pkg-config --exists libsodium"

install_missing "build dependencies"
