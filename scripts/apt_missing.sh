# shellcheck shell=sh
# apt_missing.sh -- sourced by scripts/deps.sh and scripts/browser_deps.sh:
# collect the Debian packages that are missing, then install them with
# apt-get (as root, or through sudo) in one go.
#
#   need_pkg PACKAGE 'PROBE'      PROBE is a shell command that succeeds when
#                                 the package is present
#   install_missing 'WHAT'        installs what need_pkg found missing, saying
#                                 "arena: installing WHAT: ..."; nothing when
#                                 nothing is missing

missing=""
need_pkg() {
    if ! sh -c "$2" >/dev/null 2>&1; then missing="$missing $1"; fi
}

install_missing() {
    [ -z "$missing" ] && return 0
    echo "arena: installing $1:$missing"
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
}
