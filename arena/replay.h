/* replay.h -- re-playing a match log with the rule module alone. */
#ifndef ARENA_REPLAY_H
#define ARENA_REPLAY_H

#include <stdio.h>

#include "arena.pb-c.h"

typedef struct replay_opts {
    int show;  /* draw the board after every action */
    int step;  /* wait for Enter after every action (on a terminal) */
    int quiet; /* print only the verdict line */
    int turns; /* one line per turn (consecutive actions of a seat), board after each */
    int json;  /* --format json: the log as JSON (replay_json.h) instead of text */
} replay_opts;

/* Re-applies every logged action with the log's rule module (found by name via
 * the loader, checked against the logged SHA-256 with a warning on mismatch),
 * checks each, and compares the result and end with the log. Returns 0 when
 * the log is reproduced, 1 when it is not (the first difference is printed),
 * 2 on an error (unreadable log, missing module). */
int replay_log(const Arena__MatchLog *log, const char *log_path, const replay_opts *o, FILE *out);
/* `arena replay` command. */
int replay_main(int argc, char **argv);

#endif
