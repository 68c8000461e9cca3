/* matchlog.h -- MatchLog files (proto/arena.proto): one protobuf message per
 * file, written atomically and synced, so a finished match survives a crash. */
#ifndef ARENA_MATCHLOG_H
#define ARENA_MATCHLOG_H

#include <stddef.h>

#include "arena.pb-c.h"
#include "arena/bot.h"
#include "record.h"

/* MatchLog.format written by this arena; matchlog_read refuses newer ones. */
#define MATCHLOG_FORMAT 1

/* Writes path.tmp, fsyncs it, renames it to path and fsyncs the directory. */
int matchlog_write(const char *path, const Arena__MatchLog *log, char *err, size_t errlen);
/* The same without any sync: the caller makes a group of logs durable at once
 * (syncfs) before it commits their matches (commit.c). */
int matchlog_write_unsynced(const char *path, const Arena__MatchLog *log, char *err,
                            size_t errlen);
/* Reads and unpacks; NULL with err naming the file on failure (missing,
 * truncated, not a MatchLog, newer format). A log must carry a format, a game
 * and one return per bot: that is how a log cut among its actions is caught.
 * Free with arena__match_log__free_unpacked(log, NULL). */
Arena__MatchLog *matchlog_read(const char *path, char *err, size_t errlen);

/* --- building the log of a match as it is played (match.c) --------------- */

/* Everything a log records before the first move. */
typedef struct matchlog_head {
    const char *game, *options;
    const char *rules_path, *rules_sha256, *rules_version;
    int num_players;
    const entrant *const *seat; /* by seat */
    const uint64_t *bot_seeds;  /* by seat */
    uint64_t match_seed;
    arena_time_control tc;
    const char *tournament;
    uint32_t index;
} matchlog_head;

typedef struct matchlog_builder {
    Arena__MatchLog *log;
    size_t cap; /* of log->actions */
} matchlog_builder;

/* 0, or -1 when out of memory. */
int matchlog_begin(matchlog_builder *b, const matchlog_head *h);
/* One action, seat -1 for chance. 0, or -1 when out of memory. */
int matchlog_action(matchlog_builder *b, int seat, int32_t action, int64_t think_us);
/* The end: returns by seat, how it ended, the culprit seat or -1. Hands the
 * log over (free with arena__match_log__free_unpacked(log, NULL)). */
Arena__MatchLog *matchlog_finish(matchlog_builder *b, const double *returns, int end,
                                 const char *detail, int culprit, int64_t duration_us);
/* Fills a seat's identity (shared by the builder and tests). */
void matchlog_identity(Arena__Identity *id, const entrant *e);

#endif
