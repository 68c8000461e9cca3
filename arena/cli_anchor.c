/* cli_anchor.c -- `--anchor NAME=ELO`, taken by tournament and ratings. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_cmds.h"

int cli_anchor(const char *cmd, const char *arg, char *name, size_t namelen, double *elo)
{
    const char *eq = strrchr(arg, '='); /* the last '=': names with options contain one */
    char *end;
    errno = 0;
    double v = eq ? strtod(eq + 1, &end) : 0;
    if (!eq || eq == arg || !cli_decimal(eq + 1) || *end || errno || !isfinite(v) ||
        fabs(v) > 1e6 || (size_t)(eq - arg) >= namelen) {
        fprintf(stderr,
                "arena %s: bad value '%s' for --anchor (expected NAME=ELO, e.g. random=0, "
                "NAME as the rating table shows it)\n",
                cmd, arg);
        return -1;
    }
    snprintf(name, namelen, "%.*s", (int)(eq - arg), arg);
    *elo = v;
    return 0;
}

int cli_anchor_find(const char *name, const char *const *names, int n, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return i;
    int k = snprintf(err, errlen, "--anchor %s: no such entrant (the names are:", name);
    for (int i = 0; i < n && k > 0 && (size_t)k < errlen; i++)
        k += snprintf(err + k, errlen - (size_t)k, "%s %s", i ? "," : "", names[i]);
    if (k > 0 && (size_t)k < errlen) snprintf(err + k, errlen - (size_t)k, ")");
    return -1;
}
