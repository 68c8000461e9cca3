/* replay_json.h -- a match log as one JSON document: the match, every action
 * and every position (the rule module's text board and its observation,
 * decoded), for the HTML replay viewer and for programs. The format is
 * documented in docs/replay-json.md; `arena replay --format json` prints it. */
#ifndef ARENA_REPLAY_JSON_H
#define ARENA_REPLAY_JSON_H

#include <stdio.h>

#include "arena.pb-c.h"
#include "arena/rules.h"

/* Format version written in "version"; bumped when a member changes meaning
 * (new members may appear without a bump). */
#define REPLAY_JSON_VERSION 1

/* Re-plays the log with its rule module (found by name, then by the logged
 * path) and writes the document. Returns 0 when every action replayed, 1
 * when one was refused (the document then stops at it, "reproduced" false),
 * 2 when nothing could be written (no module, bad options: err says why). */
int replay_json_write(FILE *out, const Arena__MatchLog *log, const char *log_path, char *err,
                      size_t errlen);

/* The same; compact != 0 writes each position after the first as what
 * changed (text_diff, observation_diff, views_diff: docs/replay-json.md),
 * several times smaller; the HTML report's replays are written so. rules,
 * when not NULL, is the log's rule module already open (a report opens it
 * once for all its logs); NULL finds it as replay_json_write does. */
int replay_json_write_as(FILE *out, const Arena__MatchLog *log, const char *log_path, int compact,
                         const arena_rules *rules, char *err, size_t errlen);

#endif
