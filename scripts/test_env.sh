#!/bin/sh
# test_env.sh -- what the tests need of this machine besides packages (which
# scripts/deps.sh and scripts/browser_deps.sh install): a pseudo-terminal,
# for the tests of what the arena draws on a terminal (its live progress
# line, colour only on a tty). A fresh root made by debootstrap and entered
# with chroot has /dev/ptmx but no devpts file system on /dev/pts, so no
# terminal can be opened there; as root this mounts one (a new instance, as
# a container would), once. Called by `make test`; safe to run again.
set -u
if command -v script >/dev/null 2>&1 && ! script -qec true /dev/null >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && [ -d /dev/pts ] &&
        mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts /dev/pts; then
        echo "arena: mounted a devpts file system on /dev/pts (the terminal tests need a pseudo-terminal)"
    else
        echo "arena: no pseudo-terminal can be opened here (no devpts on /dev/pts);" \
            "the terminal tests will fail: mount one (as root: mount -t devpts devpts /dev/pts)" >&2
    fi
fi
exit 0
