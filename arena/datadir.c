/* datadir.c -- packing a bot's data directory, and building it again on a
 * seat host (datadir.h). */
#include "datadir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena/module_kit.h"
#include "arena/proto/arena.pb-c.h"
#include "xalloc.h"

/* ---------------------------------------------------------------- pack -- */

typedef struct dd_list {
    Arena__DataEntry **e;
    size_t n, cap;
} dd_list;

static void dd_add(dd_list *l, char *path, int directory, uint8_t *data, size_t len)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->e = xrealloc(l->e, l->cap * sizeof *l->e);
    }
    Arena__DataEntry *e = xcalloc(1, sizeof *e);
    arena__data_entry__init(e);
    e->path = path;
    e->directory = directory;
    e->data.data = data;
    e->data.len = len;
    l->e[l->n++] = e;
}

static void dd_list_free(dd_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->e[i]->path);
        free(l->e[i]->data.data);
        free(l->e[i]);
    }
    free(l->e);
}

/* A regular file's bytes from the descriptor the walk opened (NULL with
 * err set); the walk has bounded size. */
static uint8_t *dd_read(int fd, const char *full, size_t size, char *err, size_t errlen)
{
    uint8_t *buf = xmalloc(size ? size : 1);
    size_t got = 0;
    while (got < size) {
        ssize_t r = pread(fd, buf + got, size - got, (off_t)got);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
    }
    if (got != size) {
        free(buf);
        return arena_errf(err, errlen, "%s: changed while it was read", full), NULL;
    }
    return buf;
}

static int dd_pack_one(void *ctx, int fd, const char *full, const char *rel, const struct stat *st,
                       char *err, size_t errlen)
{
    dd_list *l = ctx;
    if (S_ISDIR(st->st_mode)) {
        dd_add(l, xstrdup(rel), 1, NULL, 0);
        return 0;
    }
    uint8_t *data = dd_read(fd, full, (size_t)st->st_size, err, errlen);
    if (!data) return -1;
    dd_add(l, xstrdup(rel), 0, data, (size_t)st->st_size);
    return 0;
}

/* ---------------------------------------------------------------- walk -- */

static int dd_not_file_or_dir(const char *full, char *err, size_t errlen)
{
    return arena_errf(err, errlen,
                      "%s: not a regular file or a directory (a bot's data directory holds "
                      "only those)",
                      full);
}

int datadir_open_entry(int dirfd, const char *name, const char *full, struct stat *st, char *err,
                       size_t errlen)
{
    /* No link is followed, no FIFO waited on, no terminal taken: whatever
     * was put in the entry's place since it was listed is opened as it is,
     * and judged below by what was opened. */
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ELOOP) return dd_not_file_or_dir(full, err, errlen), -1;
        return arena_errf(err, errlen, "%s: %s", full, strerror(errno)), -1;
    }
    if (fstat(fd, st) != 0) {
        arena_errf(err, errlen, "%s: %s", full, strerror(errno));
        close(fd);
        return -1;
    }
    if (!S_ISREG(st->st_mode) && !S_ISDIR(st->st_mode)) {
        dd_not_file_or_dir(full, err, errlen);
        close(fd);
        return -1;
    }
    return fd;
}

typedef struct dd_walk_state {
    const char *dir;
    datadir_visitor visit;
    void *ctx;
    size_t entries;
    uint64_t bytes;
} dd_walk_state;

/* Every entry below the directory open at dfd (dir/rel; rel "" for the top,
 * at depth 0), depth first; dfd is the walk's to close. By descriptor: each
 * entry is opened below the directory that listed it and judged by what was
 * opened (contract 2), so no entry can be swapped between the look and the
 * open, nor a directory on the way for a link. The tree is the bot
 * author's: its depth, its count of entries and its bytes are bounded
 * before they cost the arena its stack or its memory. */
static int dd_walk(dd_walk_state *w, int dfd, const char *rel, int depth, char *err, size_t errlen)
{
    char here[8192];
    snprintf(here, sizeof here, "%s%s%s", w->dir, *rel ? "/" : "", rel);
    if (depth > DATADIR_MAX_DEPTH) {
        close(dfd);
        return arena_errf(err, errlen, "%s: more than %d directories deep", here,
                          DATADIR_MAX_DEPTH);
    }
    DIR *d = fdopendir(dfd);
    if (!d) {
        int e = errno;
        close(dfd);
        return arena_errf(err, errlen, "%s: %s", here, strerror(e));
    }
    int rc = 0;
    struct dirent *de;
    while (rc == 0 && (de = readdir(d))) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0) continue;
        if (w->entries++ >= DATADIR_MAX_ENTRIES) {
            rc = arena_errf(err, errlen, "%s: the data directory holds more than %d entries",
                            w->dir, DATADIR_MAX_ENTRIES);
            break;
        }
        char sub[4096], full[8192];
        if (snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", de->d_name) >=
            (int)sizeof sub) {
            rc = arena_errf(err, errlen, "%s/%s: path too long", here, de->d_name);
            break;
        }
        snprintf(full, sizeof full, "%s/%s", w->dir, sub);
        /* a look first, so that what is refused anyway (a device, a
         * socket) is never opened */
        struct stat st;
        if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
            rc = arena_errf(err, errlen, "%s: %s", full, strerror(errno));
            break;
        }
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
            rc = dd_not_file_or_dir(full, err, errlen);
            break;
        }
        int fd = datadir_open_entry(dirfd(d), de->d_name, full, &st, err, errlen);
        if (fd < 0) {
            rc = -1;
        } else if (S_ISDIR(st.st_mode)) {
            rc = w->visit(w->ctx, fd, full, sub, &st, err, errlen);
            if (rc == 0) {
                rc = dd_walk(w, fd, sub, depth + 1, err, errlen);
                fd = -1; /* closed by the walk below */
            }
        } else {
            w->bytes += (uint64_t)st.st_size;
            if (w->bytes > DATADIR_MAX_BYTES)
                rc = arena_errf(err, errlen, "%s: the data directory holds more than %d MB", full,
                                DATADIR_MAX_BYTES >> 20);
            else
                rc = w->visit(w->ctx, fd, full, sub, &st, err, errlen);
        }
        if (fd >= 0) close(fd);
    }
    closedir(d);
    return rc;
}

int datadir_walk(const char *dir, datadir_visitor visit, void *ctx, char *err, size_t errlen)
{
    dd_walk_state w = {dir, visit, ctx, 0, 0};
    /* the top, too, is not followed if it is a link (jail_data_dir says so
     * of BOT.d, naming it, before this) */
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        struct stat st;
        if (lstat(dir, &st) == 0 && S_ISLNK(st.st_mode))
            return arena_errf(err, errlen,
                              "%s: a symbolic link, not a data directory (put the directory "
                              "itself there)",
                              dir);
        return arena_errf(err, errlen, "%s: %s", dir, strerror(e));
    }
    return dd_walk(&w, fd, "", 0, err, errlen);
}

static int dd_by_path(const void *a, const void *b)
{
    return strcmp((*(Arena__DataEntry *const *)a)->path, (*(Arena__DataEntry *const *)b)->path);
}

int datadir_pack(const char *dir, uint8_t **out, size_t *len, char *err, size_t errlen)
{
    dd_list l = {0};
    *out = NULL;
    *len = 0;
    if (datadir_walk(dir, dd_pack_one, &l, err, errlen)) {
        dd_list_free(&l);
        return -1;
    }
    if (l.n) qsort(l.e, l.n, sizeof *l.e, dd_by_path);
    Arena__DataDir msg = ARENA__DATA_DIR__INIT;
    msg.entries = l.e;
    msg.n_entries = l.n;
    *len = arena__data_dir__get_packed_size(&msg);
    if (*len > DATADIR_MAX_BYTES) {
        dd_list_free(&l);
        return arena_errf(err, errlen, "%s: the data directory packs to more than %d MB", dir,
                          DATADIR_MAX_BYTES >> 20);
    }
    *out = xmalloc(*len ? *len : 1);
    arena__data_dir__pack(&msg, *out);
    dd_list_free(&l);
    return 0;
}

/* -------------------------------------------------------------- unpack -- */

int datadir_path_ok(const char *path)
{
    if (!path || !*path || *path == '/' || strlen(path) >= 4096) return 0;
    for (const char *p = path;;) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.')) return 0;
        if (!p[n]) return 1;
        p += n + 1;
    }
}

static int dd_rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(path) : unlink(path);
}

static void dd_remove(const char *dir)
{
    nftw(dir, dd_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* One entry below the tree being built (its path checked). */
static int dd_write(int top, const Arena__DataEntry *e, char *err, size_t errlen)
{
    if (e->directory) {
        if (mkdirat(top, e->path, 0755) != 0)
            return arena_errf(err, errlen, "data directory entry '%s': %s", e->path,
                              strerror(errno));
        return 0;
    }
    int fd = openat(top, e->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0444);
    if (fd < 0)
        return arena_errf(err, errlen, "data directory entry '%s': %s", e->path, strerror(errno));
    size_t done = 0;
    while (done < e->data.len) {
        ssize_t w = write(fd, e->data.data + done, e->data.len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += (size_t)w;
    }
    int bad = done != e->data.len || close(fd) != 0;
    if (bad) return arena_errf(err, errlen, "data directory entry '%s': cannot write it", e->path);
    return 0;
}

int datadir_unpack(const uint8_t *data, size_t len, const char *dest, char *err, size_t errlen)
{
    Arena__DataDir *msg = arena__data_dir__unpack(NULL, len, data);
    if (!msg) return arena_errf(err, errlen, "a data directory that does not unpack");
    int rc = 0;
    for (size_t i = 0; i < msg->n_entries && rc == 0; i++)
        if (!datadir_path_ok(msg->entries[i]->path))
            rc = arena_errf(err, errlen, "a data directory entry with the path '%.200s'",
                            msg->entries[i]->path ? msg->entries[i]->path : "");
    char tmp[4200];
    if (rc == 0 && snprintf(tmp, sizeof tmp, "%s.tmp-XXXXXX", dest) >= (int)sizeof tmp)
        rc = arena_errf(err, errlen, "%s: path too long", dest);
    if (rc == 0 && !mkdtemp(tmp)) rc = arena_errf(err, errlen, "%s: %s", tmp, strerror(errno));
    if (rc == 0) {
        int top = open(tmp, O_DIRECTORY | O_RDONLY | O_CLOEXEC);
        if (top < 0) rc = arena_errf(err, errlen, "%s: %s", tmp, strerror(errno));
        for (size_t i = 0; i < msg->n_entries && rc == 0; i++)
            rc = dd_write(top, msg->entries[i], err, errlen);
        if (top >= 0) close(top);
        /* readable by the jail's user, whoever that is; the jail binds it read-only */
        if (rc == 0 && chmod(tmp, 0755) != 0)
            rc = arena_errf(err, errlen, "%s: %s", tmp, strerror(errno));
        if (rc == 0 && rename(tmp, dest) != 0) {
            /* another seat built the same tree first: theirs is as good */
            struct stat st;
            if (!(errno == ENOTEMPTY || errno == EEXIST) || stat(dest, &st) != 0)
                rc = arena_errf(err, errlen, "%s: %s", dest, strerror(errno));
            dd_remove(tmp);
        } else if (rc != 0) {
            dd_remove(tmp);
        }
    }
    arena__data_dir__free_unpacked(msg, NULL);
    return rc;
}
