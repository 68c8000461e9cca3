/* meminfo.c -- one figure of /proc/meminfo (meminfo.h). */
#include "meminfo.h"

#include <stdio.h>
#include <string.h>

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
