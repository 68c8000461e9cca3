/* reader.c -- reads a file and prints to stderr on every move: both allowed. */
#include <stdio.h>

#include "evil.h"

static int32_t reader_act(void *bot, const arena_turn *turn)
{
    evil_bot *b = bot;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    int lines = 0;
    while (fgets(line, sizeof line, f))
        lines++;
    fclose(f);
    if (b->moves++ == 0) fprintf(stderr, "reader bot: read %d lines\n", lines);
    return lines > 0 ? turn->legal[0] : -1;
}

ARENA_BOT("reader", "1.0", "tests", "*", evil_create, reader_act, NULL, evil_destroy)
