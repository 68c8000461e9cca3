/* meminfo.c -- the memory the arena may use (meminfo.h). */
#include "meminfo.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

uint64_t meminfo_kb(const char *field)
{
    FILE *f = fopen("/proc/meminfo", "re");
    if (!f) return 0;
    size_t n = strlen(field);
    char line[128];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':') {
            if (sscanf(line + n + 1, " %llu kB", &kb) != 1) kb = 0;
            break;
        }
    fclose(f);
    return kb;
}

/* ------------------------------------------------------------ cgroups -- */

/* A whole small file as text (at most cap - 1 bytes); NULL if unreadable. */
static char *slurp(const char *path, size_t cap)
{
    FILE *f = fopen(path, "re");
    if (!f) return NULL;
    char *buf = xmalloc(cap);
    size_t n = fread(buf, 1, cap - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* Whether the comma-separated list holds the word. */
static int has_word(const char *list, size_t len, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= len; i++)
        if ((i == 0 || list[i - 1] == ',') && strncmp(list + i, word, w) == 0 &&
            (i + w == len || list[i + w] == ','))
            return 1;
    return 0;
}

/* The memory cgroup's path in its hierarchy: v1's "N:...memory...:/path"
 * line is preferred (on a hybrid machine the controller is there), else
 * v2's "0::/path". */
static int cgroup_path(const char *text, char *path, size_t len, int *v2)
{
    int found = 0;
    for (const char *line = text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        const char *c1 = memchr(line, ':', n);
        const char *c2 = c1 ? memchr(c1 + 1, ':', (size_t)(line + n - c1 - 1)) : NULL;
        if (c2) {
            size_t plen = (size_t)(line + n - c2 - 1);
            int is_v2 = c2 == c1 + 1 && c1 - line == 1 && line[0] == '0';
            int is_mem = has_word(c1 + 1, (size_t)(c2 - c1 - 1), "memory");
            if ((is_mem || (is_v2 && !found)) && plen < len) {
                memcpy(path, c2 + 1, plen);
                path[plen] = '\0';
                *v2 = !is_mem;
                found = 1;
                if (is_mem) return 0;
            }
        }
        line = end ? end + 1 : NULL;
    }
    return found ? 0 : -1;
}

int meminfo_cgroup_dir(const char *cgroup_text, const char *mountinfo_text, char *dir, size_t len,
                       size_t *top_len, int *v2)
{
    char path[1024];
    if (!cgroup_text || !mountinfo_text || cgroup_path(cgroup_text, path, sizeof path, v2) < 0)
        return -1;
    /* mountinfo: id parent dev root mountpoint options [optional...] - fstype source super */
    for (const char *line = mountinfo_text; line && *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char buf[2048];
        if (n < sizeof buf) {
            memcpy(buf, line, n);
            buf[n] = '\0';
            char root[1024], mnt[1024], fstype[64], super[512];
            const char *dash = strstr(buf, " - ");
            if (dash && sscanf(buf, "%*s %*s %*s %1023s %1023s", root, mnt) == 2 &&
                sscanf(dash + 3, "%63s %*s %511s", fstype, super) == 2) {
                int ok =
                    *v2 ? strcmp(fstype, "cgroup2") == 0
                        : strcmp(fstype, "cgroup") == 0 && has_word(super, strlen(super), "memory");
                size_t rl = strlen(root);
                /* the path as seen from the mount's root */
                const char *rel = path;
                if (ok && strcmp(root, "/") != 0) {
                    if (strncmp(path, root, rl) == 0 && (path[rl] == '/' || !path[rl]))
                        rel = path + rl;
                    else
                        ok = 0;
                }
                if (ok) {
                    if (strcmp(rel, "/") == 0) rel = "";
                    if ((size_t)snprintf(dir, len, "%s%s", mnt, rel) >= len) return -1;
                    *top_len = strlen(mnt);
                    return 0;
                }
            }
        }
        line = end ? end + 1 : NULL;
    }
    return -1;
}

/* A number from a cgroup file: "max" or an absurd v1 value is no limit
 * (UINT64_MAX); unreadable is UINT64_MAX too. */
static uint64_t cg_bytes(const char *dir, const char *file)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    char *t = slurp(path, 64);
    if (!t) return UINT64_MAX;
    char *end;
    unsigned long long v = strtoull(t, &end, 10);
    int ok = end != t;
    free(t);
    return ok && v < (1ULL << 60) ? (uint64_t)v : UINT64_MAX;
}

/* The inactive file pages of dir, which the kernel reclaims first. */
static uint64_t cg_inactive_file(const char *dir, int v2)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/memory.stat", dir);
    char *t = slurp(path, 16384);
    if (!t) return 0;
    const char *key = v2 ? "inactive_file " : "total_inactive_file ";
    unsigned long long v = 0;
    for (char *line = t; line && *line;) {
        if (strncmp(line, key, strlen(key)) == 0) {
            v = strtoull(line + strlen(key), NULL, 10);
            break;
        }
        line = strchr(line, '\n');
        if (line) line++;
    }
    free(t);
    return (uint64_t)v;
}

void meminfo_cgroup_lower(const char *dir, size_t top_len, int v2, uint64_t *total_kb,
                          uint64_t *avail_kb)
{
    char d[1024];
    if ((size_t)snprintf(d, sizeof d, "%s", dir) >= sizeof d) return;
    for (;;) {
        uint64_t limit = cg_bytes(d, v2 ? "memory.max" : "memory.limit_in_bytes");
        if (limit != UINT64_MAX) {
            uint64_t usage = cg_bytes(d, v2 ? "memory.current" : "memory.usage_in_bytes");
            uint64_t idle = cg_inactive_file(d, v2);
            uint64_t used = usage == UINT64_MAX ? 0 : usage > idle ? usage - idle : 0;
            /* at least 1 kB: 0 would read as "unknown" */
            uint64_t total = limit / 1024, avail = limit > used + 1024 ? (limit - used) / 1024 : 1;
            if (*total_kb == 0 || total < *total_kb) *total_kb = total;
            if (*avail_kb == 0 || avail < *avail_kb) *avail_kb = avail;
        }
        char *slash = strrchr(d, '/');
        if (strlen(d) <= top_len || !slash || (size_t)(slash - d) < top_len) break;
        *slash = '\0';
    }
}

/* The arena's memory cgroup, found once: it does not move during a run. */
static struct {
    pthread_once_t once;
    int found, v2;
    size_t top_len;
    char dir[1024];
} cg_self = {.once = PTHREAD_ONCE_INIT};

static void cg_self_find(void)
{
    char *cg = slurp("/proc/self/cgroup", 8192), *mi = slurp("/proc/self/mountinfo", 1 << 20);
    cg_self.found = meminfo_cgroup_dir(cg, mi, cg_self.dir, sizeof cg_self.dir, &cg_self.top_len,
                                       &cg_self.v2) == 0;
    free(cg);
    free(mi);
}

void meminfo_usable(uint64_t *total_kb, uint64_t *avail_kb)
{
    *total_kb = meminfo_kb("MemTotal");
    *avail_kb = meminfo_kb("MemAvailable");
    pthread_once(&cg_self.once, cg_self_find);
    if (cg_self.found)
        meminfo_cgroup_lower(cg_self.dir, cg_self.top_len, cg_self.v2, total_kb, avail_kb);
}
