/* cli_opts.c -- parsing of the options shared by the commands that play. */
#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "cli_cmds.h"
#include "loader.h"
#include "sandbox.h"
#include "text.h"
#include "timectl.h"

void play_opts_init(play_opts *o)
{
    memset(o, 0, sizeof *o);
    o->tc.move_time_us = 1000000;
    timectl_format(&o->tc, o->tc_text, sizeof o->tc_text);
    o->margin_us = 50000;
    o->iso.kind = SEAT_PROCESS;
    o->iso.sandbox = SANDBOX_JAIL;
    o->iso.mem_limit_mb = 1024;
    o->out_dir = "results";
    /* 64 random bits: a seed a bot could guess (a clock reading) would let
     * it search for the match seeds and so the dice; a seed the user gives is
     * only as secret as its size (see the README's Security model) */
    if (getrandom(&o->seed, sizeof o->seed, 0) != (ssize_t)sizeof o->seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        o->seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid();
    }
}

int cli_error(const char *cmd, int status, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "arena %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return status;
}

/* The digits of a number: no sign, no spaces, something there. */
static int all_digits(const char *s, int hex)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') ||
              (hex && ((*s >= 'a' && *s <= 'f') || (*s >= 'A' && *s <= 'F')))))
            return 0;
    return 1;
}

int cli_decimal(const char *s)
{
    s += *s == '-';
    return text_is_decimal(s, strlen(s));
}

int cli_int(const char *cmd, const char *opt, const char *arg, long long min, long long max,
            long long *out)
{
    char *end;
    errno = 0;
    long long v = all_digits(arg, 0) ? strtoll(arg, &end, 10) : -1;
    if (!all_digits(arg, 0) || errno || v < min || v > max) {
        fprintf(stderr, "arena %s: bad value '%s' for %s (expected an integer from %lld to %lld)\n",
                cmd, arg, opt, min, max);
        return -1;
    }
    *out = v;
    return 0;
}

int cli_u64(const char *cmd, const char *opt, const char *arg, uint64_t *out)
{
    int hex = arg[0] == '0' && (arg[1] == 'x' || arg[1] == 'X');
    const char *digits = hex ? arg + 2 : arg;
    char *end;
    errno = 0;
    unsigned long long v = all_digits(digits, hex) ? strtoull(digits, &end, hex ? 16 : 10) : 0;
    if (!all_digits(digits, hex) || errno) {
        fprintf(stderr, "arena %s: bad value '%s' for %s (expected an integer from 0 to %llu)\n",
                cmd, arg, opt, (unsigned long long)UINT64_MAX);
        return -1;
    }
    *out = v;
    return 0;
}

void cli_game_hint(char *const *words, int n, char *buf, size_t len)
{
    char game[256], options[1024], path[4096], err[512];
    buf[0] = '\0';
    for (int i = 0; i < n && !buf[0]; i++) {
        if (words[i][0] == '-') continue;
        loader_split_game_spec(words[i], game, sizeof game, options, sizeof options);
        if (strchr(game, '/') || strstr(game, ".so")) continue; /* a path: a bot's as likely */
        if (loader_resolve(LOADER_RULES, game, path, sizeof path, err, sizeof err) == 0)
            snprintf(buf, len, "; the game goes after --game: --game %s", words[i]);
    }
}

static int bad(const char *cmd, const char *opt, const char *arg, const char *expect)
{
    fprintf(stderr, "arena %s: bad value '%s' for %s (expected %s)\n", cmd, arg, opt, expect);
    return -1;
}

int play_opts_parse(play_opts *o, int code, const char *arg, const char *cmd)
{
    long long v;
    switch (code) {
    case OPT_GAME:
        o->game = arg;
        return 1;
    case OPT_TC:
        if (strncmp(arg, "move ", 5) == 0 || timectl_parse(arg, &o->tc))
            return bad(cmd, "--tc", arg, TIMECTL_HINT);
        timectl_format(&o->tc, o->tc_text, sizeof o->tc_text);
        o->tc_given = 1;
        return 1;
    case OPT_MOVE_TIME: /* milliseconds, up to an hour */
        if (cli_int(cmd, "--move-time", arg, 1, TIMECTL_MAX_MOVE_MS, &v)) return -1;
        o->tc = (arena_time_control){0, 0, v * 1000};
        timectl_format(&o->tc, o->tc_text, sizeof o->tc_text);
        o->tc_given = 1;
        return 1;
    case OPT_MARGIN:
        if (cli_int(cmd, "--margin", arg, 0, 600000, &v)) return -1;
        o->margin_us = v * 1000;
        return 1;
    case OPT_SEED:
        if (cli_u64(cmd, "--seed", arg, &o->seed)) return -1;
        o->seed_given = 1;
        return 1;
    case OPT_SANDBOX:
        if (strcmp(arg, "jail") == 0 || strcmp(arg, "on") == 0)
            o->iso.sandbox = SANDBOX_JAIL;
        else if (strcmp(arg, "seccomp") == 0)
            o->iso.sandbox = SANDBOX_SECCOMP;
        else if (strcmp(arg, "off") == 0)
            o->iso.sandbox = SANDBOX_OFF;
        else
            return bad(cmd, "--sandbox", arg, "jail (or on), seccomp or off");
        return 1;
    case OPT_MEM:
        if (cli_int(cmd, "--mem", arg, 64, 1 << 20, &v)) return -1;
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
    else if (o->iso.sandbox == SANDBOX_OFF)
        fprintf(stderr, "arena: WARNING: --sandbox=off: bots run WITHOUT seccomp and resource "
                        "limits and can do anything your user can. Use it only to debug.\n");
    else if (o->iso.sandbox == SANDBOX_SECCOMP)
        fprintf(stderr, "arena: WARNING: --sandbox=seccomp: bots run WITHOUT the jail: they see "
                        "your files and processes (read-only, through the seccomp filter) and run "
                        "as your user. Use it only where user namespaces are not available.\n");
}
