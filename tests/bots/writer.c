/* writer.c -- opens a file for writing on its first move: the path in
 * ARENA_EVIL_PATH, else /tmp/arena-evil-writer.txt. */
#include <stdio.h>

#include "evil.h"

static int32_t writer_act(void *bot, const arena_turn *turn)
{
    (void)bot;
    const char *path = getenv("ARENA_EVIL_PATH");
    FILE *f = fopen(path ? path : "/tmp/arena-evil-writer.txt", "w");
    if (f) {
        fputs("pwned\n", f);
        fclose(f);
    }
    return turn->legal[0];
}

ARENA_BOT("writer", "1.0", "tests", "*", evil_create, writer_act, NULL, evil_destroy)
