#!/bin/sh
# Installs what the browser test of the HTML report needs, only when something
# is missing: Debian's chromium and nodejs/npm with apt-get (as scripts/deps.sh
# installs the build's packages), and playwright-core from npm into
# $BUILD/web-test (driving the system chromium: no browser is downloaded).
# Called by `make test`; safe to run again (it then does nothing).
#
# Usage: browser_deps.sh BUILD_DIR
set -eu
build=${1:?usage: browser_deps.sh BUILD_DIR}

missing=""
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
if [ -n "$missing" ]; then
    echo "arena: installing what the browser test needs:$missing"
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
fi

mkdir -p "$build"
dir=$(cd "$build" && pwd)/web-test
if [ ! -f "$dir/node_modules/playwright-core/package.json" ]; then
    echo "arena: installing playwright-core (npm) into $dir"
    mkdir -p "$dir"
    # Only the driver: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD keeps npm from fetching
    # a browser of its own; the test launches /usr/bin/chromium.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --silent --no-audit --no-fund \
        --prefix "$dir" playwright-core >/dev/null
fi
