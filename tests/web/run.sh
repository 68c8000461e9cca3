#!/bin/sh
# run.sh -- starts report_browser_test.js, or says clearly what is missing.
# Usage: run.sh ARENA BUILD_DIR OUT_DIR
set -u
arena=$1 build=$2 out=$3
here=$(dirname "$0")
if ! command -v node >/dev/null 2>&1; then
    echo "web_report: FAIL: node is not installed (make test installs it: scripts/browser_deps.sh $build)"
    exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
    echo "web_report: FAIL: /usr/bin/chromium is not installed (make test installs it: scripts/browser_deps.sh $build)"
    exit 1
fi
if [ ! -f "$build/web-test/node_modules/playwright-core/package.json" ]; then
    echo "web_report: FAIL: playwright-core is not installed in $build/web-test (make test installs it: scripts/browser_deps.sh $build)"
    exit 1
fi
exec node "$here/report_browser_test.js" --arena "$arena" \
    --modules "$build/web-test/node_modules" --out "$out"
