/* progress.h -- what a long run shows while it plays: a live line on a
 * terminal, one plain line per match otherwise (logs, CI). */
#ifndef ARENA_PROGRESS_H
#define ARENA_PROGRESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "record.h"

typedef struct progress {
    int mode; /* 1 live line, 0 plain lines, -1 silent */
    size_t total, done;
    size_t forfeits;
    int jobs;
    int64_t t0_us;
    int64_t last_draw_us;
    FILE *out;
} progress;

/* mode: 1 live, 0 plain, -1 silent; 2 = choose live when stderr is a terminal. */
void progress_begin(progress *p, int mode, size_t total, int jobs);
void progress_match(progress *p, const match_record *m, const entrant *const *entrants);
void progress_end(progress *p);
/* "1-0", "0-1", "1/2" for two players; the returns otherwise. */
void progress_result_text(const match_record *m, char *buf, size_t len);

#endif
