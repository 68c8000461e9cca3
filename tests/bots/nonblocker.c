/* nonblocker.c -- makes its stdout and stderr non-blocking in create()
 * (red team 8: its filter allows status flags), and refuses the game if it
 * could not, so that a test knows it did. Expected: its host's own
 * descriptors keep their flags (the jail's output pipe is a description of
 * its own, jail.h), and it plays on. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>

#include "evil.h"

static int nonblocker_set(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && fcntl(fd, F_SETFL, fl | O_NONBLOCK) == 0 && (fcntl(fd, F_GETFL) & O_NONBLOCK);
}

static void *nonblocker_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    if (!nonblocker_set(1) || !nonblocker_set(2)) {
        snprintf(err, errlen, "could not make stdout and stderr non-blocking");
        return NULL;
    }
    return evil_create(setup, err, errlen);
}

static int32_t nonblocker_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    return turn->legal[0];
}

ARENA_BOT("nonblocker", "1.0", "tests", "*", nonblocker_create, nonblocker_act, NULL, evil_destroy)
