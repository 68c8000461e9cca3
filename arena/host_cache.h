/* host_cache.h -- a seat host's files, named by their SHA-256.
 *
 * Bots and rule modules reach a host as bytes named by their hash
 * (remote_wire.h) and are kept in STATE/cache/<sha256>.so, so each travels
 * once per host; a bot's data directory travels packed (datadir.h) and is
 * kept built, in STATE/cache/<sha256 of the pack>.d. A file is stored only
 * after its bytes were hashed and found to match the name: written to a
 * temporary name, then renamed, so a file under a hash name is always whole
 * and right.
 */
#ifndef ARENA_HOST_CACHE_H
#define ARENA_HOST_CACHE_H

#include <stddef.h>

typedef struct host_cache {
    char dir[4096];
} host_cache;

/* Creates STATE/cache as needed. 0, or -1 with a one-line error. */
int host_cache_open(host_cache *c, const char *state_dir, char *err, size_t errlen);
/* Whether sha is 64 lowercase hexadecimal digits. */
int host_cache_valid_sha(const char *sha);
/* The path of a file by hash; 1 when it is cached, 0 when not. */
int host_cache_path(const host_cache *c, const char *sha, char *path, size_t len);
/* What the puts return for bytes that do not hash to their name (the
 * sender's failure, which err words), apart from -1, the host's own (a file
 * not written: its disk, its descriptors). */
#define HOST_CACHE_REFUSED (-2)
/* Stores bytes under sha, refusing bytes that do not hash to it (err says
 * which hash they have). 0, or HOST_CACHE_REFUSED or -1 with a one-line
 * error. */
int host_cache_put(const host_cache *c, const char *sha, const void *data, size_t len, char *err,
                   size_t errlen);
/* The same for a packed data directory: its path, 1 when it is built. */
int host_cache_datadir_path(const host_cache *c, const char *sha, char *path, size_t len);
/* Checks the pack's hash, then builds the directory (datadir_unpack); returns
 * as host_cache_put. */
int host_cache_put_datadir(const host_cache *c, const char *sha, const void *data, size_t len,
                           char *err, size_t errlen);

#endif
