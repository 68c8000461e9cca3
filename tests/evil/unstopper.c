/* unstopper.c -- cancels its own stop. A SIGCONT a process sends itself
 * discards a SIGSTOP still pending, so a bot that raises SIGCONT right after
 * answering can slip the stop its seat host sends then, and run on while the
 * opponent thinks (red team: 1 escape in 20; the CPU time was charged, but
 * sleeping, blocking and reading files are not CPU). Expected: signals to
 * itself, but never SIGCONT (sandbox.c). */
#include <signal.h>
#include <unistd.h>

#include "evil_common.h"

EVIL_BOT("unstopper", kill(getpid(), SIGCONT))
