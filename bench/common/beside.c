/* beside.c -- modules beside the benchmark program (see beside.h). */
#include "beside.h"

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

const arena_rules *bench_rules(const char *game, const char *path, void **handle)
{
    char exe[PATH_MAX], own[PATH_MAX + 64];
    if (!path) {
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (n <= 0) {
            perror("bench: /proc/self/exe");
            return NULL;
        }
        exe[n] = '\0';
        snprintf(own, sizeof own, "%s/rules/lib%s.so", dirname(exe), game);
        path = own;
    }
    *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!*handle) {
        fprintf(stderr, "bench: %s\n", dlerror());
        return NULL;
    }
    arena_rules_entry_fn entry;
    *(void **)&entry = dlsym(*handle, ARENA_RULES_ENTRY);
    if (!entry) fprintf(stderr, "bench: %s has no %s\n", path, ARENA_RULES_ENTRY);
    return entry ? entry() : NULL;
}
