/* shutter.c -- closes its channel on its first move and waits for a signal
 * that never comes. Expected: a crash, "closed its channel", decided within
 * its host's short wait for its end (HOST_END_MS), not its move time. */
#include <unistd.h>

#include "evil_common.h"

EVIL_BOT("shutter", (close(3), pause()))
