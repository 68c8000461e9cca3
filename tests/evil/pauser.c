/* pauser.c -- waits for a signal that never comes, on its first move.
 * Expected: it loses on time (not a sandbox violation). */
#include <unistd.h>

#include "evil_common.h"

EVIL_BOT("pauser", pause())
