/* timectl.h -- time controls as people type them and as tournaments store them:
 * "5+0.05" (clock of 5 s, 0.05 s added per move), "40" (no increment), or
 * "move 1000ms" (a fixed budget per move). */
#ifndef ARENA_TIMECTL_H
#define ARENA_TIMECTL_H

#include <stddef.h>

#include "arena/bot.h"

/* 0 and *tc set, or -1 when the text is none of the forms above. */
int timectl_parse(const char *text, arena_time_control *tc);
/* The canonical text of a time control (parses back to the same). */
void timectl_format(const arena_time_control *tc, char *buf, size_t len);

#endif
