/* fuzz_datadir.c -- a seat host building a bot's data directory from a pack
 * an arena sent (datadir.h) on arbitrary input: refused with a message and
 * nothing left, or built as the one directory asked for; never a crash,
 * never a file outside it. */
#include <dirent.h>
#include <ftw.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "datadir.h"

static char base[64];

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    return flag == FTW_DP ? rmdir(path) : unlink(path);
}

/* How many entries the base directory holds, and whether one is named d. */
static int count(int *has_d)
{
    DIR *d = opendir(base);
    if (!d) abort();
    int n = 0;
    struct dirent *e;
    *has_d = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            n++;
            *has_d |= strcmp(e->d_name, "d") == 0;
        }
    closedir(d);
    return n;
}

static void remove_base(void)
{
    nftw(base, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!base[0]) {
        snprintf(base, sizeof base, "/tmp/arena-fuzz-datadir-XXXXXX");
        if (!mkdtemp(base)) abort();
        atexit(remove_base);
    }
    char dest[128], err[512];
    snprintf(dest, sizeof dest, "%s/d", base);
    int rc = datadir_unpack(data, size, dest, err, sizeof err);
    int has_d, n = count(&has_d);
    if (rc == 0 ? !(n == 1 && has_d) : n != 0) abort(); /* something outside, or left */
    if (rc == 0) nftw(dest, rm_one, 16, FTW_DEPTH | FTW_PHYS);
    return 0;
}
