/* manifest.h -- a tournament directory's own description, tournament.txt:
 * what `arena rebuild` needs besides the match logs to recreate the
 * tournament in arena.db (its seed, rounds, seat orders, planned count and
 * entrants by position), written once when the tournament starts.
 *
 * The match logs say what happened; the manifest says what was planned. With
 * both, a results directory is its own backup: arena.db can always be made
 * again from them (rebuild.h).
 *
 * Format: UTF-8 text, one "key value" per line (the value runs to the end of
 * the line), '#' comments; the tournament's keys first, then one block per
 * entrant, each opened by "entrant POSITION". Unknown keys are ignored (a
 * later arena may add some); a value holding a newline cannot be written.
 *
 * How the matches were scheduled, when not a plain round robin: "schedule
 * gauntlet" or "schedule sprt" (the tournament_formats row), an SPRT's
 * hypotheses ("sprt_model", "sprt_elo0", "sprt_elo1", "sprt_alpha",
 * "sprt_beta", "sprt_max_games": its sprt_runs row; the verdict is the logs'),
 * and "shard I/N" for one shard of a tournament (arena tournament --shard).
 * A plan without these keys (an older arena's) is a round robin, whole.
 */
#ifndef ARENA_MANIFEST_H
#define ARENA_MANIFEST_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"
#include "sprt.h"

/* The formats of a plan (its "schedule" key) and of the store's
 * tournament_formats row, one spelling each; a round robin has none. */
#define FORMAT_GAUNTLET "gauntlet"
#define FORMAT_SPRT "sprt"

/* format (NULL for a round robin) is `name`. */
int format_is(const char *format, const char *name);

#define MANIFEST_FILE "tournament.txt"

typedef struct manifest {
    char *game, *options, *tc;
    uint64_t seed;
    int rounds, planned, players, all_seat_orders;
    int n;
    entrant *entrants; /* n, by position: path, bot_options, sha256, name, version, author */
    char *format;      /* NULL (round robin), FORMAT_GAUNTLET or FORMAT_SPRT */
    int shard, shards; /* shard I of N; 0, 0 for a whole tournament */
    sprt_params sprt;  /* format "sprt": its hypotheses */
    int64_t sprt_max_games;
} manifest;

/* Writes dir/tournament.txt (temporary name, synced, renamed). 0, or -1 with
 * err naming the file. */
int manifest_write(const char *dir, const manifest *m, char *err, size_t errlen);
/* The same without the syncs (matchlog_write_bytes_unsynced), for a run
 * whose committer syncs the plan before its first match (commit_init's
 * sync_first): the two syncs no longer hold up the start of play. */
int manifest_write_unsynced(const char *dir, const manifest *m, char *err, size_t errlen);
/* Whether the entrants' paths and options fit the plan's lines: checked
 * before a run makes its directory, so such a path is an input error, not a
 * run that fails half made. 0, or -1 with err. */
int manifest_entrants_fit(entrant *const *e, int n, char *err, size_t errlen);
/* Reads dir/tournament.txt. 0; 1 when there is none; -1 with err naming the
 * file and line when it is unreadable or incomplete. Free with manifest_free. */
int manifest_read(const char *dir, manifest *m, char *err, size_t errlen);
void manifest_free(manifest *m);

#endif
