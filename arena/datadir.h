/* datadir.h -- a bot's data directory (BOT.d): what it may hold, packed into
 * one message so it can travel to a remote seat host like the bot's file
 * (named by a SHA-256), and held in memory while the bot plays.
 *
 *   arena:  datadir_pack(BOT.d) -> bytes -> sha256 -> OPEN ... data-sha
 *   host:   NEED data-sha -> FILE data-sha bytes -> hash checked ->
 *           datadir_unpack(bytes, STATE/cache/<sha>.d) -> the jail's /bot.d
 *   arena:  worker_env: one lock budget for every seat host alive at once
 *           -> worker_spawn grants a host its share (--lock-bytes)
 *   seat host, before the jail is built (jail.c):
 *           datadir_hold_file(BOT.so), datadir_walk(BOT.d) ->
 *           datadir_hold_fd(each file, as the walk opened it), locking
 *           within the grant -> Ready says what it locked -> the bot plays
 *           -> datadir_release (jail_close)
 *
 * Contract:
 *  1. Packing is deterministic: the same tree gives the same bytes (entries
 *     sorted bytewise by path), so the hash names the tree's content.
 *  2. A data directory holds only directories and regular files, locally as
 *     on a remote host: anything else below BOT.d (a symbolic link, a
 *     device, a socket, a FIFO) is refused by the walk with a line naming
 *     it, as is a tree over DATADIR_MAX_BYTES, DATADIR_MAX_ENTRIES or
 *     DATADIR_MAX_DEPTH (the tree is the bot author's: walking, packing or
 *     holding it must not cost the arena its stack or its memory). The walk
 *     goes by descriptor: each entry is opened below the directory that
 *     listed it, never through a link (datadir_open_entry), and the rules
 *     apply to what was opened, which is what the visitor reads: an entry
 *     swapped for a link or a FIFO after it was listed is refused, not
 *     followed or waited on. Hard links are accepted: a file linked twice
 *     is a regular file under each name (dedup tools make them), packed and
 *     held under each, its bytes counted twice against the limit.
 *  3. Unpacking trusts nothing: a path that is absolute, has an empty, '.'
 *     or '..' component, repeats, or lies below a file is refused before
 *     anything is written; the tree is built under a temporary name and
 *     renamed into place whole, read-only, so a directory under its final
 *     name is always complete.
 */
#ifndef ARENA_DATADIR_H
#define ARENA_DATADIR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#define DATADIR_MAX_BYTES (256 << 20) /* a pack, or a bot's file (remote_wire.h), at most */
#define DATADIR_MAX_ENTRIES 10000     /* files and directories, all told */
#define DATADIR_MAX_DEPTH 32          /* directories below BOT.d */

/* Called for each entry below the top: the entry opened (fd, read-only; the
 * walk's, closed after the call), its path outside (full), below the top
 * (rel), and the fstat of fd. Nonzero stops the walk and is returned. */
typedef int (*datadir_visitor)(void *ctx, int fd, const char *full, const char *rel,
                               const struct stat *st, char *err, size_t errlen);
/* Visits every entry below dir, depth first, within contract 2 (the limits
 * checked before an entry is visited). 0, or nonzero with a one-line error
 * naming the path. */
int datadir_walk(const char *dir, datadir_visitor visit, void *ctx, char *err, size_t errlen);
/* The walk's one look at an entry (contract 2): opens name below dirfd
 * without following a link, blocking or taking a terminal, and fstats what
 * it opened into *st. The descriptor when that is a regular file or a
 * directory; else -1 with a line naming full. */
int datadir_open_entry(int dirfd, const char *name, const char *full, struct stat *st, char *err,
                       size_t errlen);

/* Packs dir into *out (malloc'd, *len bytes). 0, or -1 with a one-line
 * error naming the path. */
int datadir_pack(const char *dir, uint8_t **out, size_t *len, char *err, size_t errlen);

/* Whether a packed path may be written below a directory (contract 3). */
int datadir_path_ok(const char *path);

/* Builds the tree of a pack at dest (which must not exist yet). 0, or -1
 * with a one-line error; nothing is left behind on failure. */
int datadir_unpack(const uint8_t *data, size_t len, const char *dest, char *err, size_t errlen);

/* ------------------------------------------- held in memory while it plays --
 *
 * A jailed bot's reads of its own files (its data, and its .so, which may
 * carry a book in its data section) must never wait on a disk during a
 * game. A read or a fault of a cold file starts kernel readahead that goes
 * on after the seat host has stopped the bot: disk work on the opponent's
 * time that no clock sees (owntime.h), and a disk queue the opponent's own
 * reads wait behind. Which pages are cold would also tell one process of a
 * bot what another read (a timing channel). Held, every page is in memory
 * before the bot's first Setup, and readahead finds nothing to do.
 *
 *  4. Every byte of a held file has been read into the page cache when
 *     datadir_hold_file returns. It is locked there (mlock) when this
 *     process may lock that much, as a root arena may (CAP_IPC_LOCK), and
 *     it fits the hold's lock_budget: the whole file or none of it, `locked`
 *     never past lock_budget. Else it stays mapped, and the kernel drops it
 *     only when the machine runs short of memory (`unlocked` counts such
 *     files). A hold's budget is 0 (nothing locked) until its holder sets
 *     it.
 *  5. One budget per machine: the held data of many bots must never drive
 *     a machine out of memory, and each seat host is a process of its own,
 *     so the machine's budget (datadir_machine_lock_budget: a quarter of
 *     the available memory, meminfo_usable's, read once where the seat
 *     hosts are spawned: the arena,
 *     or an `arena host` for its machine) is shared out by their spawner
 *     (worker.h, worker_env), whose grants to the hosts alive at once never
 *     add up to more. A host started without a grant locks nothing.
 *  6. Held pages are the page cache's: the jails of one bot share one copy,
 *     and holding takes no memory of the bot's limit (--mem) until the bot
 *     maps the file itself.
 *  7. datadir_release is idempotent; a hold never fails the bot for a lock
 *     the machine refuses, only for a file it cannot read.
 */
typedef struct datadir_held {
    void *addr;
    size_t len;
} datadir_held;

typedef struct datadir_hold {
    datadir_held *maps;
    size_t n, cap;
    uint64_t bytes;       /* held in all */
    size_t unlocked;      /* files read in but not locked (refused, or over the budget) */
    uint64_t lock_budget; /* bytes it may lock in all, set by its holder (contract 4) */
    uint64_t locked;      /* of those, locked: at most lock_budget */
} datadir_hold;

/* Holds the regular file at path (contract 4), following a link (a bot's
 * .so may be one). 0, or -1 with a one-line error naming it. */
int datadir_hold_file(datadir_hold *h, const char *path, char *err, size_t errlen);
/* The same for the file open at fd (not closed), which path names in an
 * error: how the walk's files are held, as the walk opened them. */
int datadir_hold_fd(datadir_hold *h, int fd, const char *path, char *err, size_t errlen);
/* A quarter of the memory the machine (or the arena's container: meminfo.h)
 * has available now: the
 * figure one machine's seat hosts lock within, together (contract 5). 0
 * when it cannot be read. */
uint64_t datadir_machine_lock_budget(void);
/* 0 when the bot's file at path is at most DATADIR_MAX_BYTES (it is held,
 * and travels to seat hosts, whole), else -1 with a line naming it: said
 * before anything reads it (the arena hashes it, a seat host holds it). */
int datadir_bot_file_ok(const char *path, char *err, size_t errlen);
/* Lets every held file go. */
void datadir_release(datadir_hold *h);

#endif
