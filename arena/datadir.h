/* datadir.h -- a bot's data directory (BOT.d) packed into one message, so it
 * can travel to a remote seat host like the bot's file, named by a SHA-256.
 *
 *   arena:  datadir_pack(BOT.d) -> bytes -> sha256 -> OPEN ... data-sha
 *   host:   NEED data-sha -> FILE data-sha bytes -> hash checked ->
 *           datadir_unpack(bytes, STATE/cache/<sha>.d) -> the jail's /bot.d
 *
 * Contract:
 *  1. Packing is deterministic: the same tree gives the same bytes (entries
 *     sorted bytewise by path), so the hash names the tree's content.
 *  2. Only directories and regular files travel; anything else below BOT.d
 *     (a symbolic link, a device, a socket) refuses the pack with a line
 *     naming it, as does a tree over DATADIR_MAX_BYTES, DATADIR_MAX_ENTRIES
 *     or DATADIR_MAX_DEPTH (the tree is the bot author's: packing it must
 *     not cost the arena its stack or its memory).
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

#define DATADIR_MAX_BYTES (256 << 20) /* a pack at most, as a bot's file (remote_wire.h) */
#define DATADIR_MAX_ENTRIES 10000     /* files and directories, all told */
#define DATADIR_MAX_DEPTH 32          /* directories below BOT.d */

/* Packs dir into *out (malloc'd, *len bytes). 0, or -1 with a one-line
 * error naming the path. */
int datadir_pack(const char *dir, uint8_t **out, size_t *len, char *err, size_t errlen);

/* Whether a packed path may be written below a directory (contract 3). */
int datadir_path_ok(const char *path);

/* Builds the tree of a pack at dest (which must not exist yet). 0, or -1
 * with a one-line error; nothing is left behind on failure. */
int datadir_unpack(const uint8_t *data, size_t len, const char *dest, char *err, size_t errlen);

#endif
