/* timectl.h -- time controls as people type them and as tournaments store them:
 * "5+0.05" (clock of 5 s, 0.05 s added per move), "40" (no increment), or
 * "move 1000ms" (a fixed budget per move). */
#ifndef ARENA_TIMECTL_H
#define ARENA_TIMECTL_H

#include <stddef.h>

#include "arena/bot.h"

/* The bounds of what can be typed (a clock beyond them is a typing error,
 * and the microseconds of a larger one overflowed into negative budgets):
 * a base from a millisecond to a day, an increment up to an hour, a fixed
 * move time from a millisecond to an hour (--move-time's). */
#define TIMECTL_MIN_BASE_S 0.001
#define TIMECTL_MAX_BASE_S 86400
#define TIMECTL_MAX_INC_S 3600
#define TIMECTL_MAX_MOVE_MS 3600000
#define TIMECTL_HINT "BASE+INC in seconds, BASE 0.001 to 86400, INC up to 3600, e.g. 5+0.05"

/* 0 and *tc set, or -1 when the text is none of the forms above, or out of
 * the bounds. */
int timectl_parse(const char *text, arena_time_control *tc);
/* The canonical text of a time control (parses back to the same): what
 * people type and tournaments store. */
void timectl_format(const arena_time_control *tc, char *buf, size_t len);
/* The time control as people read it, with its unit and increment:
 * "5+0.05 s", "30+0 s", "1 s per move", "none" (replay, check). */
void timectl_describe(const arena_time_control *tc, char *buf, size_t len);

#endif
