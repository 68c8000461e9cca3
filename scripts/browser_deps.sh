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

# shellcheck source=scripts/apt_missing.sh
. "$(dirname "$0")/apt_missing.sh"
need_pkg chromium "command -v chromium"
need_pkg nodejs "command -v node"
need_pkg npm "command -v npm"
install_missing "what the browser test needs"

# The newest playwright-core that runs on Debian 12's Node.js 18 (1.62 and
# later want Node.js 20 and refuse to start on 18).
playwright=1.61.1

mkdir -p "$build"
dir=$(cd "$build" && pwd)/web-test
if ! grep -q "\"version\": \"$playwright\"" "$dir/node_modules/playwright-core/package.json" \
    2>/dev/null; then
    echo "arena: installing playwright-core $playwright (npm) into $dir"
    mkdir -p "$dir"
    # Only the driver: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD keeps npm from fetching
    # a browser of its own; the test launches /usr/bin/chromium.
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --silent --no-audit --no-fund \
        --prefix "$dir" "playwright-core@$playwright" >/dev/null
fi
