/* cli_opts.c -- parsing of the options shared by the commands that play. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli_cmds.h"
#include "timectl.h"

void play_opts_init(play_opts *o)
{
    memset(o, 0, sizeof *o);
    o->tc.move_time_us = 1000000;
    timectl_format(&o->tc, o->tc_text, sizeof o->tc_text);
    o->margin_us = 50000;
    o->iso.kind = SEAT_PROCESS;
    o->iso.sandbox = 1;
    o->iso.mem_limit_mb = 1024;
    o->out_dir = "results";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    o->seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid();
}

static int parse_i64(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    *out = v;
    return errno == 0 && end != s && *end == '\0' && v >= 0;
}

static int bad(const char *cmd, const char *opt, const char *arg, const char *expect)
{
    fprintf(stderr, "arena %s: bad value '%s' for %s (expected %s)\n", cmd, arg, opt, expect);
    return -1;
}

int play_opts_parse(play_opts *o, int code, const char *arg, const char *cmd)
{
    int64_t v;
    switch (code) {
    case OPT_GAME:
        o->game = arg;
        return 1;
    case OPT_TC:
        if (strncmp(arg, "move ", 5) == 0 || timectl_parse(arg, &o->tc))
            return bad(cmd, "--tc", arg, "BASE+INC in seconds, e.g. 5+0.05");
        timectl_format(&o->tc, o->tc_text, sizeof o->tc_text);
        return 1;
    case OPT_MOVE_TIME:
        if (!parse_i64(arg, &v) || v <= 0) return bad(cmd, "--move-time", arg, "milliseconds > 0");
        o->tc = (arena_time_control){0, 0, v * 1000};
        timectl_format(&o->tc, o->tc_text, sizeof o->tc_text);
        return 1;
    case OPT_MARGIN:
        if (!parse_i64(arg, &v)) return bad(cmd, "--margin", arg, "milliseconds >= 0");
        o->margin_us = v * 1000;
        return 1;
    case OPT_SEED: {
        char *end;
        errno = 0;
        unsigned long long s = strtoull(arg, &end, 0);
        if (errno || end == arg || *end) return bad(cmd, "--seed", arg, "an integer");
        o->seed = s;
        o->seed_given = 1;
        return 1;
    }
    case OPT_SANDBOX:
        if (strcmp(arg, "on") == 0)
            o->iso.sandbox = 1;
        else if (strcmp(arg, "off") == 0)
            o->iso.sandbox = 0;
        else
            return bad(cmd, "--sandbox", arg, "on or off");
        return 1;
    case OPT_MEM:
        if (!parse_i64(arg, &v) || v < 64) return bad(cmd, "--mem", arg, "megabytes >= 64");
        o->iso.mem_limit_mb = v;
        return 1;
    case OPT_ISOLATION: {
        int k = seat_kind_parse(arg);
        if (k < 0) return bad(cmd, "--isolation", arg, "process or inline");
        o->iso.kind = (seat_kind)k;
        return 1;
    }
    case OPT_OUT:
        o->out_dir = arg;
        return 1;
    }
    return 0;
}

void play_opts_warn(const play_opts *o)
{
    if (o->iso.kind == SEAT_INLINE)
        fprintf(stderr, "arena: --isolation inline: bots run UNSANDBOXED inside the arena's own "
                        "process (a crash stops the arena; a slow bot loses on time only when it "
                        "returns). Use it only for bots you trust.\n");
    else if (!o->iso.sandbox)
        fprintf(stderr, "arena: WARNING: --sandbox=off: bots run WITHOUT seccomp and resource "
                        "limits and can do anything your user can. Use it only to debug.\n");
}
