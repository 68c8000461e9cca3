/* rundir.c -- a run's own results directory (see rundir.h). */
#include "rundir.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static int make_dir(const char *path, char *err, size_t errlen)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST) return 0;
    snprintf(err, errlen, "%s: cannot create directory: %s", path, strerror(errno));
    return -1;
}

int rundir_make(const char *out_dir, const char *name, char *rel, size_t rel_len, char *dir,
                size_t dir_len, char *err, size_t errlen)
{
    if (make_dir(out_dir, err, errlen)) return -1;
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
            return make_dir(matches, err, errlen);
        }
        if (errno != EEXIST) break;
    }
    snprintf(err, errlen, "%s: cannot create directory: %s", dir, strerror(errno));
    return -1;
}
