/* matchlog.h -- MatchLog files (proto/arena.proto): one protobuf message per
 * file, written atomically and synced, so a finished match survives a crash. */
#ifndef ARENA_MATCHLOG_H
#define ARENA_MATCHLOG_H

#include <stddef.h>
#include <stdint.h>

#include "arena.pb-c.h"
#include "arena/bot.h"
#include "record.h"

/* MatchLog.format written by this arena; matchlog_read refuses newer ones.
 * 2: the actions travel as columns (fields 18-21); every reader here turns
 * them back into `actions` (matchlog_expand). A log built by matchlog_finish
 * carries the columns only: building a message per action cost more than a
 * ply of a fast game. 1: one LoggedAction message per action; still read. */
#define MATCHLOG_FORMAT 2

/* A log's bytes (a MatchLog message, packed by this module in one pass,
 * matchlog_pack.c: the same bytes protobuf-c writes, faster): room enough for them
 * (an upper bound), and the packing into out (that much room), which returns
 * their length; any LoggedAction messages of a format-2 log are left out. */
size_t matchlog_pack_room(const Arena__MatchLog *log);
size_t matchlog_pack(const Arena__MatchLog *log, uint8_t *out);
/* Writes path.tmp, fsyncs it, renames it to path and fsyncs the directory. */
int matchlog_write(const char *path, const Arena__MatchLog *log, char *err, size_t errlen);
/* The same, but never over an existing file: 0 written, 1 when path exists
 * (nothing written), -1 with err. */
int matchlog_write_new(const char *path, const Arena__MatchLog *log, char *err, size_t errlen);
/* Writes bytes the same way (path.tmp, fsync, rename, fsync of the directory). */
int matchlog_write_bytes(const char *path, const uint8_t *buf, size_t len, char *err,
                         size_t errlen);
/* The same without the syncs: a killed process leaves the whole file or
 * none (the rename), but a power loss may leave less until
 * matchlog_sync_file(path) has returned 0 (a tournament's plan: its
 * committer syncs it before it stores any match, commit.h). */
int matchlog_write_bytes_unsynced(const char *path, const uint8_t *buf, size_t len, char *err,
                                  size_t errlen);
/* fsync of path and of its directory; 0, or -1 with err. */
int matchlog_sync_file(const char *path, char *err, size_t errlen);

/* --- segments: many logs in one file (MatchLogSegment) --------------------
 * A tournament writes the logs of each group it commits into one segment,
 * matches/gNNNNNN.pb. A file holds either one MatchLog or a segment; the
 * readers below take both. */

/* Appends one log to a growing segment buffer (*buf, *len, *cap; malloc'd).
 * Always 0: out of memory aborts (xalloc.h). */
int matchlog_segment_append(uint8_t **buf, size_t *len, size_t *cap, const Arena__MatchLog *log);
/* Every log in a file (one, or a segment's). *logs is malloc'd; free with
 * matchlog_free_all. -1 with err naming the file when any log is unreadable. */
int matchlog_read_all(const char *path, Arena__MatchLog ***logs, size_t *n, char *err,
                      size_t errlen);
void matchlog_free_all(Arena__MatchLog **logs, size_t n);
/* The same from bytes in memory (path only names them in errors). */
int matchlog_parse_all(const char *path, const uint8_t *buf, size_t len, Arena__MatchLog ***logs,
                       size_t *n, char *err, size_t errlen);
/* The same, but a segment damaged part way (cut short, overwritten) keeps
 * what is whole: its logs are read one after another, so every log before
 * the damage is complete and checked. 0: all read; 1: damaged, *logs holds
 * the logs before the damage (maybe none; free them as above) and err names
 * the file, the log and the byte where the damage starts, and what is lost;
 * -1 with err when nothing could be read (no such file, not a log). For
 * the readers that recover (rebuild, report, replay); merge and the resume's
 * sweep read strictly. */
int matchlog_read_salvage(const char *path, Arena__MatchLog ***logs, size_t *n, char *err,
                          size_t errlen);
int matchlog_parse_salvage(const char *path, const uint8_t *buf, size_t len,
                           Arena__MatchLog ***logs, size_t *n, char *err, size_t errlen);
/* The log of match `index` among the files of a tournament's matches
 * directory (segments or single logs); NULL with err when there is none. */
Arena__MatchLog *matchlog_find(const char *matches_dir, uint32_t index, char *err, size_t errlen);
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
    struct matchlog_built *built; /* the log being built (matchlog.c) */
    /* the actions as the columns of format 2, in one block grown by doubling */
    void *cols;
    int32_t *seat, *action;
    int64_t *think, *cpu;
    size_t n, cap;
    int any_cpu;       /* some action has a CPU time (else the column is left out) */
    int any_start_cpu; /* the same for the starts */
} matchlog_builder;

/* Always 0: out of memory aborts (xalloc.h). */
int matchlog_begin(matchlog_builder *b, const matchlog_head *h);
/* Doubles the builder's columns (matchlog_action's slow path). */
void matchlog_builder_grow(matchlog_builder *b);
/* One action, seat -1 for chance, with the bot's wall and CPU time. Always 0:
 * out of memory aborts (xalloc.h). Inline: the referee logs every ply, and
 * as a call it saved and restored registers for the rare growth. */
static inline int matchlog_action(matchlog_builder *b, int seat, int32_t action, int64_t think_us,
                                  int64_t cpu_us)
{
    if (b->n == b->cap) matchlog_builder_grow(b);
    size_t i = b->n++;
    b->seat[i] = seat;
    b->action[i] = action;
    b->think[i] = think_us;
    b->cpu[i] = cpu_us;
    b->any_cpu |= cpu_us != 0;
    return 0;
}
/* The time a seat took to start the game and its CPU time meanwhile (0 for a
 * seat that did not start). */
void matchlog_start(matchlog_builder *b, int seat, int64_t think_us, int64_t cpu_us);
/* Records that a stand-in plays `seat` from `ply` on (its forfeit at a table
 * of three or more: match.h). */
void matchlog_stand_in(matchlog_builder *b, int seat, int32_t ply);
/* Read back: the ply from which a stand-in played `seat`, -1 for none. */
int matchlog_stand_in_ply(const Arena__MatchLog *log, int seat);
/* The end: returns by seat, how it ended, the culprit seat or -1. Hands the
 * log over (its actions as columns only): free it with matchlog_free_built,
 * and before the head's strings go -- a built log borrows them (the game,
 * options, rules' and entrants' identities, the tournament's name). */
Arena__MatchLog *matchlog_finish(matchlog_builder *b, const double *returns, int end,
                                 const char *detail, int culprit, int64_t duration_us);
void matchlog_free_built(Arena__MatchLog *log);
/* Adds `actions`, one LoggedAction per row of the columns, to a log that has
 * columns only (a built one); the readers above do it themselves. -1 when the
 * columns disagree in length or the log has both. */
int matchlog_expand(Arena__MatchLog *log);
/* Drops a builder's log without finishing it. */
void matchlog_abandon(matchlog_builder *b);
/* Fills a seat's identity with copies of its strings (tests build expected
 * logs with it; the builder borrows the same fields). */
void matchlog_identity(Arena__Identity *id, const entrant *e);

#endif
