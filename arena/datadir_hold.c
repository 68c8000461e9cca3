/* datadir_hold.c -- a bot's files held in memory while it plays (datadir.h,
 * contracts 4-7). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "datadir.h"
#include "meminfo.h"
#include "xalloc.h"

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22 /* Linux 5.14; older kernels say EINVAL */
#endif

#define DD_HOLD_CHUNK (1 << 20)

/* Reads fd through, so its pages are in the page cache: the fallback where
 * neither the lock nor MADV_POPULATE_READ is to be had. */
static int dd_read_through(int fd, size_t len)
{
    char *buf = xmalloc(DD_HOLD_CHUNK);
    size_t off = 0;
    while (off < len) {
        ssize_t r = pread(fd, buf, DD_HOLD_CHUNK, (off_t)off);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        off += (size_t)r;
    }
    free(buf);
    return off == len ? 0 : -1;
}

/* mlock(2) itself: ASan's interceptor of mlock() does nothing and says 0,
 * and a sanitizer build must hold as the release does. */
static int dd_mlock(const void *addr, size_t len)
{
    return (int)syscall(SYS_mlock, addr, len);
}

uint64_t datadir_machine_lock_budget(void)
{
    uint64_t total, avail;
    meminfo_usable(&total, &avail); /* the machine's, or its container's */
    return avail * 1024 / 4;
}

int datadir_hold_fd(datadir_hold *h, int fd, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return arena_errf(err, errlen, "%s: not a regular file", path);
    size_t len = (size_t)st.st_size;
    if (len == 0) return 0; /* nothing to read, nothing to map */
    void *addr = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
    if (addr == MAP_FAILED) return arena_errf(err, errlen, "%s: mmap: %s", path, strerror(errno));
    /* The lock reads every page in and keeps it. Refused (an unprivileged
     * arena's RLIMIT_MEMLOCK, often 8 MB) or over the budget, the pages are
     * still read in now, by the kernel where it can: touching them here
     * could SIGBUS on a file cut short meanwhile, a read cannot. */
    if (len <= h->lock_budget - h->locked && dd_mlock(addr, len) == 0) {
        h->locked += len;
    } else {
        h->unlocked++;
        if (madvise(addr, len, MADV_POPULATE_READ) != 0 && dd_read_through(fd, len) != 0) {
            munmap(addr, len);
            return arena_errf(err, errlen, "%s: changed while it was read", path);
        }
    }
    if (h->n == h->cap) {
        h->cap = h->cap ? 2 * h->cap : 16;
        h->maps = xrealloc(h->maps, h->cap * sizeof *h->maps);
    }
    h->maps[h->n++] = (datadir_held){addr, len};
    h->bytes += len;
    return 0;
}

int datadir_hold_file(datadir_hold *h, const char *path, char *err, size_t errlen)
{
    /* a bot's .so may be a link (the data directory's files come through
     * the walk, by descriptor: datadir_hold_fd). Not blocking: a FIFO put
     * in the file's place is refused by datadir_hold_fd, not waited on. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return arena_errf(err, errlen, "%s: %s", path, strerror(errno));
    int rc = datadir_hold_fd(h, fd, path, err, errlen);
    close(fd);
    return rc;
}

int datadir_bot_file_ok(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0 || st.st_size <= DATADIR_MAX_BYTES) return 0;
    return arena_errf(err, errlen, "%s: %lld MB, over the %d MB a bot's file may be", path,
                      (long long)(st.st_size >> 20), DATADIR_MAX_BYTES >> 20);
}

void datadir_release(datadir_hold *h)
{
    for (size_t i = 0; i < h->n; i++)
        munmap(h->maps[i].addr, h->maps[i].len);
    free(h->maps);
    memset(h, 0, sizeof *h);
}
