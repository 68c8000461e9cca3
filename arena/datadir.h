/* datadir.h -- a bot's data directory (BOT.d): what it may hold, packed into
 * one message so it can travel to a remote seat host like the bot's file
 * (named by a SHA-256), and held in memory while the bot plays.
 *
 *   arena:  datadir_pack(BOT.d) -> bytes -> sha256 -> OPEN ... data-sha
 *   host:   NEED data-sha -> FILE data-sha bytes -> hash checked ->
 *           datadir_unpack(bytes, STATE/cache/<sha>.d) -> the jail's /bot.d
 *   seat host, before the jail is built (jail.c):
 *           datadir_walk(BOT.d) -> datadir_hold_file(each file, and BOT.so)
 *           -> the bot plays -> datadir_release (jail_close)
 *
 * Contract:
 *  1. Packing is deterministic: the same tree gives the same bytes (entries
 *     sorted bytewise by path), so the hash names the tree's content.
 *  2. A data directory holds only directories and regular files, locally as
 *     on a remote host: anything else below BOT.d (a symbolic link, a
 *     device, a socket) is refused by the walk with a line naming it, as is
 *     a tree over DATADIR_MAX_BYTES, DATADIR_MAX_ENTRIES or
 *     DATADIR_MAX_DEPTH (the tree is the bot author's: walking, packing or
 *     holding it must not cost the arena its stack or its memory).
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

/* Called for each entry below the top: its path outside (full), below the
 * top (rel), and its lstat. Nonzero stops the walk and is returned. */
typedef int (*datadir_visitor)(void *ctx, const char *full, const char *rel, const struct stat *st,
                               char *err, size_t errlen);
/* Visits every entry below dir, depth first, within contract 2 (the limits
 * checked before an entry is visited). 0, or nonzero with a one-line error
 * naming the path. */
int datadir_walk(const char *dir, datadir_visitor visit, void *ctx, char *err, size_t errlen);

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
 *     the machine can spare it: a hold locks at most a quarter of the memory
 *     the machine had available at its first file (MemAvailable), so the
 *     held data of many bots never drives the machine out of memory. Else
 *     it stays mapped, and the kernel drops it only when the machine runs
 *     short of memory (`unlocked` counts such files).
 *  5. Held pages are the page cache's: the jails of one bot share one copy,
 *     and holding takes no memory of the bot's limit (--mem) until the bot
 *     maps the file itself.
 *  6. datadir_release is idempotent; a hold never fails the bot for a lock
 *     the machine refuses, only for a file it cannot read.
 */
typedef struct datadir_held {
    void *addr;
    size_t len;
} datadir_held;

typedef struct datadir_hold {
    datadir_held *maps;
    size_t n, cap;
    uint64_t bytes;  /* held in all */
    size_t unlocked; /* files read in but not locked (refused, or over the budget) */
    int budgeted;    /* lock_budget is set: by the first hold, or by a test */
    uint64_t lock_budget; /* bytes it may still lock (contract 4) */
} datadir_hold;

/* Holds the regular file at path (contract 4). 0, or -1 with a one-line
 * error naming it. */
int datadir_hold_file(datadir_hold *h, const char *path, char *err, size_t errlen);
/* 0 when the bot's file at path is at most DATADIR_MAX_BYTES (it is held,
 * and travels to seat hosts, whole), else -1 with a line naming it: said
 * before anything reads it (the arena hashes it, a seat host holds it). */
int datadir_bot_file_ok(const char *path, char *err, size_t errlen);
/* Lets every held file go. */
void datadir_release(datadir_hold *h);

#endif
