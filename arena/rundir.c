/* rundir.c -- a run's own results directory (see rundir.h). */
#include "rundir.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "manifest.h"
#include "rebuild.h"
#include "xalloc.h"

static int make_dir(const char *path, char *err, size_t errlen)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST) return 0;
    snprintf(err, errlen, "%s: cannot create directory: %s", path, strerror(errno));
    return -1;
}

int rundir_mkdirs(const char *dir, char *err, size_t errlen)
{
    /* each missing component in turn; one that exists but is not a
     * directory fails the final mkdir or the check after it */
    char *p = xstrdup(dir);
    for (char *c = p + 1; *c; c++) {
        if (*c != '/') continue;
        *c = '\0';
        if (mkdir(p, 0777) != 0 && errno != EEXIST) break;
        *c = '/';
    }
    free(p);
    struct stat sb;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "%s: cannot create directory: %s", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &sb) != 0) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a directory", dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s: cannot write here: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

int rundir_out(const char *dir, char *err, size_t errlen)
{
    char why[4200];
    if (rundir_mkdirs(dir, why, sizeof why) == 0) return 0;
    snprintf(err, errlen, "--out %s", why);
    return -1;
}

int rundir_exists(const char *dir, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        snprintf(err, errlen, "%s: %s", dir,
                 errno == ENOENT ? "no such directory" : strerror(errno));
        return -1;
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s: not a directory", dir);
        return -1;
    }
    return 0;
}

int rundir_make(const char *out_dir, const char *name, char *rel, size_t rel_len, char *dir,
                size_t dir_len, char *err, size_t errlen)
{
    if (rundir_mkdirs(out_dir, err, errlen)) return -1;
    time_t now = time(NULL);
    struct tm tm;
    char stamp[64];
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 1; k < 1000; k++) {
        if (k == 1)
            snprintf(rel, rel_len, "%s-%s", stamp, name);
        else
            snprintf(rel, rel_len, "%s-%s-%d", stamp, name, k);
        snprintf(dir, dir_len, "%s/%s", out_dir, rel);
        if (mkdir(dir, 0755) == 0) {
            char matches[4200];
            snprintf(matches, sizeof matches, "%s/matches", dir);
            /* new, so nobody else holds its lock */
            return make_dir(matches, err, errlen) ? -1 : rundir_lock(dir, err, errlen);
        }
        if (errno != EEXIST) break;
    }
    snprintf(err, errlen, "%s: cannot create directory: %s", dir, strerror(errno));
    return -1;
}

void rundir_split(const char *given, rundir_loc *loc)
{
    snprintf(loc->dir, sizeof loc->dir, "%s", given);
    size_t len = strlen(loc->dir);
    while (len > 1 && loc->dir[len - 1] == '/')
        loc->dir[--len] = '\0';
    const char *slash = strrchr(loc->dir, '/');
    loc->name = slash ? slash + 1 : loc->dir;
    if (!slash)
        snprintf(loc->results, sizeof loc->results, ".");
    else if (slash == loc->dir)
        snprintf(loc->results, sizeof loc->results, "/");
    else
        snprintf(loc->results, sizeof loc->results, "%.*s", (int)(slash - loc->dir), loc->dir);
}

int rundir_locate(const char *given, rundir_loc *loc, char *err, size_t errlen)
{
    struct stat st;
    char db[sizeof loc->results + 16];
    rundir_split(given, loc);
    if (rundir_exists(loc->dir, err, errlen)) return -1;
    snprintf(db, sizeof db, "%s/arena.db", loc->dir);
    if (stat(db, &st) == 0) {
        snprintf(err, errlen,
                 "%s: a results directory (it holds arena.db): give the directory of one of its "
                 "tournaments, e.g. %s/20261129-134644-morris",
                 loc->dir, loc->dir);
        return -1;
    }
    snprintf(db, sizeof db, "%s/arena.db", loc->results);
    char plan[sizeof loc->dir + 32];
    snprintf(plan, sizeof plan, "%s/" MANIFEST_FILE, loc->dir);
    if (stat(db, &st) != 0 && stat(plan, &st) == 0) { /* a tournament whose store is lost */
        snprintf(err, errlen,
                 "%s: the store is missing (no arena.db in %s): run `arena rebuild --out %s` "
                 "to " REBUILD_REMAKES ", then try again",
                 loc->dir, loc->results, loc->results);
        return -1;
    }
    if (stat(db, &st) != 0) {
        snprintf(err, errlen,
                 "%s: not a run's directory (no arena.db in %s; give the directory the "
                 "run printed, e.g. results/20261129-134644-morris)",
                 loc->dir, loc->results);
        return -1;
    }
    return 0;
}

int rundir_lock(const char *dir, char *err, size_t errlen)
{
    char path[4200], text[32];
    snprintf(path, sizeof path, "%s/" RUNDIR_LOCK_FILE, dir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot lock it (%s): %s", dir, RUNDIR_LOCK_FILE,
                 strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        int busy = errno == EWOULDBLOCK;
        const char *why = strerror(errno);
        ssize_t n = busy ? pread(fd, text, sizeof text - 1, 0) : -1;
        long pid = n > 0 ? (text[n] = '\0', strtol(text, NULL, 10)) : 0;
        char holder[48] = "";
        if (pid > 0) snprintf(holder, sizeof holder, " (pid %ld)", pid);
        if (!busy)
            snprintf(err, errlen, "%s: cannot lock it (%s): %s", dir, RUNDIR_LOCK_FILE, why);
        else
            snprintf(err, errlen,
                     "%s is being played by another arena%s: one arena at a time plays a "
                     "tournament; wait for it to end (or stop it), then try again",
                     dir, holder);
        close(fd);
        return -1;
    }
    /* the pid is only for the message of a second arena: a failure to write
     * it costs that message its pid, never the run */
    int len = snprintf(text, sizeof text, "%ld\n", (long)getpid());
    int written = ftruncate(fd, 0) == 0 && pwrite(fd, text, (size_t)len, 0) == len;
    (void)written;
    return fd;
}

int rundir_rename_new(const char *from, const char *to)
{
    if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0) return 0;
    if (errno != EINVAL && errno != ENOSYS) return -1;
    if (link(from, to) != 0) return -1; /* EEXIST as well */
    unlink(from);
    return 0;
}
