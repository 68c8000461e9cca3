#!/bin/sh
# Installs the Debian packages the build needs, only when something is missing.
# Called by `make demo` and `make test`; safe to run again (it then does nothing).
set -eu

missing=""
need_pkg() { # $1 = Debian package, $2 = probe command that succeeds when present
    if ! sh -c "$2" >/dev/null 2>&1; then missing="$missing $1"; fi
}
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

[ -z "$missing" ] && exit 0

echo "arena: installing build dependencies:$missing"
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
        echo "arena: run as root, or install these Debian packages:$missing" >&2
        exit 1
    fi
else
    SUDO=""
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing
