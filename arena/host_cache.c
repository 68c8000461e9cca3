/* host_cache.c -- files by hash (host_cache.h). */
#include "host_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "datadir.h"
#include "loader.h"

int host_cache_open(host_cache *c, const char *state_dir, char *err, size_t errlen)
{
    if (mkdir(state_dir, 0755) != 0 && errno != EEXIST)
        return arena_errf(err, errlen, "%s: %s", state_dir, strerror(errno)), -1;
    if ((size_t)snprintf(c->dir, sizeof c->dir, "%s/cache", state_dir) >= sizeof c->dir - 80)
        return arena_errf(err, errlen, "%s: path too long", state_dir), -1;
    /* readable by all: the jailed bot runs as nobody and maps its file */
    if (mkdir(c->dir, 0755) != 0 && errno != EEXIST)
        return arena_errf(err, errlen, "%s: %s", c->dir, strerror(errno)), -1;
    if (access(c->dir, W_OK) != 0)
        return arena_errf(err, errlen, "%s: %s", c->dir, strerror(errno)), -1;
    return 0;
}

int host_cache_valid_sha(const char *sha)
{
    if (strlen(sha) != 64) return 0;
    for (const char *p = sha; *p; p++)
        if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) return 0;
    return 1;
}

int host_cache_path(const host_cache *c, const char *sha, char *path, size_t len)
{
    snprintf(path, len, "%s/%s.so", c->dir, sha);
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* 0 when data hashes to sha; else HOST_CACHE_REFUSED with the line saying
 * what it hashes to. */
static int host_cache_check(const char *sha, const void *data, size_t len, char *err, size_t errlen)
{
    char hex[65];
    loader_sha256_bytes(data, len, hex);
    if (strcmp(hex, sha) == 0) return 0;
    arena_errf(err, errlen,
               "file refused: its %zu bytes have SHA-256 %.12s..., not %.12s... as sent", len, hex,
               sha);
    return HOST_CACHE_REFUSED;
}

int host_cache_datadir_path(const host_cache *c, const char *sha, char *path, size_t len)
{
    snprintf(path, len, "%s/%s.d", c->dir, sha);
    struct stat st;
    return lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int host_cache_put_datadir(const host_cache *c, const char *sha, const void *data, size_t len,
                           char *err, size_t errlen)
{
    int rc = host_cache_check(sha, data, len, err, errlen);
    if (rc) return rc;
    char path[PATH_MAX];
    if (host_cache_datadir_path(c, sha, path, sizeof path)) return 0; /* built meanwhile */
    return datadir_unpack(data, len, path, err, errlen);
}

int host_cache_put(const host_cache *c, const char *sha, const void *data, size_t len, char *err,
                   size_t errlen)
{
    int rc = host_cache_check(sha, data, len, err, errlen);
    if (rc) return rc;
    char path[PATH_MAX], tmp[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s.so", c->dir, sha);
    snprintf(tmp, sizeof tmp, "%s/.%s.%d.tmp", c->dir, sha, (int)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return arena_errf(err, errlen, "%s: %s", tmp, strerror(errno)), -1;
    const char *p = data;
    size_t left = len;
    while (left) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        p += n;
        left -= (size_t)n;
    }
    int bad = left != 0 || fsync(fd) != 0;
    if (close(fd) != 0) bad = 1;
    if (bad || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return arena_errf(err, errlen, "%s: %s", path, strerror(e)), -1;
    }
    return 0;
}
