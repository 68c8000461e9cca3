/* squatter.c -- a bot left where games are searched (ARENA_PATH may hold
 * rule modules and bots side by side). `arena games` once dlopened every
 * file it found there, so its constructor ran unsandboxed in the arena's
 * process (and bash completion of --game runs `arena games`). Expected: the
 * listing reads the file's bytes, sees a bot, and never loads it -- even
 * though it also exports a rule module's entry, which would have it loaded
 * wherever it is named as a game; the marker below is never written. */
#include <stdio.h>
#include <stdlib.h>

#include "evil_common.h"

__attribute__((constructor)) static void squat(void)
{
    const char *mark = getenv("SQUATTER_MARK"); /* a jail's environment is empty */
    FILE *f = mark ? fopen(mark, "w") : NULL;
    if (f) fclose(f);
}

/* the rule module's entry too: a game by its symbols, were bots not told
 * apart first */
__attribute__((visibility("default"))) const void *arena_rules_entry(void);
const void *arena_rules_entry(void)
{
    return NULL;
}

EVIL_BOT("squatter", (void)0)
