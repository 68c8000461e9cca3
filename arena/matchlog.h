/* matchlog.h -- MatchLog files (proto/arena.proto): one protobuf message per
 * file, written atomically and synced, so a finished match survives a crash. */
#ifndef ARENA_MATCHLOG_H
#define ARENA_MATCHLOG_H

#include <stddef.h>

#include "arena.pb-c.h"

/* MatchLog.format written by this arena; matchlog_read refuses newer ones. */
#define MATCHLOG_FORMAT 1

/* Writes path.tmp, fsyncs it, renames it to path and fsyncs the directory. */
int matchlog_write(const char *path, const Arena__MatchLog *log, char *err, size_t errlen);
/* Reads and unpacks; NULL with err naming the file on failure (missing,
 * truncated, not a MatchLog, newer format). A log must carry a format, a game
 * and one return per bot: that is how a log cut among its actions is caught.
 * Free with arena__match_log__free_unpacked(log, NULL). */
Arena__MatchLog *matchlog_read(const char *path, char *err, size_t errlen);

#endif
