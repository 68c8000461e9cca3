/* rundir.h -- the results directory of one run: OUT/<date>-<time>-<name>,
 * with its matches/ folder for the logs. Readable, sorted by time when
 * listed, never reused: a second run started in the same second takes
 * <name>-2, -3, ... A tournament names it after its game, an SPRT run
 * <game>-sprt, a merge <game>-merged.
 *
 * Contract: OUT is created when missing; on success rel holds the name
 * relative to OUT and dir the whole path; on failure err names the
 * directory that could not be made and why. */
#ifndef ARENA_RUNDIR_H
#define ARENA_RUNDIR_H

#include <stddef.h>

/* mkdir -p DIR, then DIR must be a directory this process can write in: 0,
 * or -1 with err naming the path and why ("DIR: cannot create directory:
 * ...", "DIR: not a directory", "DIR: cannot write here: ..."). The one
 * place a results directory is made (the store, the commands' --out). */
int rundir_mkdirs(const char *dir, char *err, size_t errlen);
/* The same for the results directory a command was given (--out), checked
 * before anything is played so that a bad one costs nothing: err says
 * "--out DIR: why". */
int rundir_out(const char *dir, char *err, size_t errlen);

/* Whether dir, a directory the user named (a results directory, a run's, a
 * shard's), is there: 0, or -1 with err "DIR: no such directory", "DIR: not
 * a directory" or "DIR: <why>". The one wording of a missing directory
 * operand, which the commands make exit status 2 (bad input). */
int rundir_exists(const char *dir, char *err, size_t errlen);

/* A new run's directory, OUT/<date>-<time>-<name>[-k] with its matches/,
 * locked (rundir_lock) from the moment it exists: the held descriptor, to
 * keep open for the run (a --resume or a rebuild of it waits), or -1 with
 * err. */
int rundir_make(const char *out_dir, const char *name, char *rel, size_t rel_len, char *dir,
                size_t dir_len, char *err, size_t errlen);

/* A run's directory as a user gives it (RESULTS/NAME, to resume or report
 * on): dir is it without trailing slashes, results its parent, which holds
 * the store ("/" for a directory under /, "." for a bare NAME), and name the
 * last part, by which the store knows the run. */
typedef struct rundir_loc {
    char dir[4096], results[4096];
    const char *name; /* inside dir */
} rundir_loc;

void rundir_split(const char *given, rundir_loc *loc);
/* rundir_split, and 0 when the directory exists and the store beside it;
 * otherwise -1 with err saying which is missing (no store is made where a
 * mistyped path points). */
int rundir_locate(const char *given, rundir_loc *loc, char *err, size_t errlen);

/* rename(from, to) that never replaces: -1 with errno EEXIST when `to`
 * exists, so what is there (a log, a damaged store kept aside) is never lost
 * to a second write in the same second. Atomic (renameat2 RENAME_NOREPLACE),
 * or where the filesystem cannot, a hard link then the unlink of `from`. */
int rundir_rename_new(const char *from, const char *to);

/* The lock file of a run's directory (rundir_lock). */
#define RUNDIR_LOCK_FILE ".arena.lock"

/* A run's directory is played by one arena at a time: two at once would
 * each sweep and write the other's segments (commit.h), leaving stored
 * matches without logs. Takes an exclusive flock on DIR/.arena.lock without
 * waiting and writes this process's pid into it; the lock lasts while the
 * returned descriptor is open (close-on-exec, so no bot inherits it) and
 * ends with the process, so a killed arena leaves none behind. -1 with err
 * naming the directory, and the holder's pid when it is busy. */
int rundir_lock(const char *dir, char *err, size_t errlen);

#endif
