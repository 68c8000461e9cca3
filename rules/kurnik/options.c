/* options.c -- the options of a kurnik game: parsing "key=value,..." strictly
 * and the canonical string. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kurnik.h"

const char ku_options_help[] =
    "players=2  seats at the table: 2, 3 or 4\n"
    "max_rounds=300  full rounds after which the players are ranked by goods: 1..10000";

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* A decimal number of at most 5 digits in [lo, hi], or -1. */
static long number(const char *v, size_t n, long lo, long hi)
{
    if (n == 0 || n > 5) return -1;
    long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9') return -1;
        x = x * 10 + (v[i] - '0');
    }
    return x >= lo && x <= hi ? x : -1;
}

static int is(const char *k, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(k, word, n) == 0;
}

/* One key=value item. */
static int set_option(ku_config *c, const char *k, size_t kn, const char *v, size_t vn, char *err,
                      size_t errlen)
{
    long x;
    if (is(k, kn, "players")) {
        if ((x = number(v, vn, 2, KU_MAX_SEATS)) < 0)
            return fail(err, errlen, "kurnik: bad value '%.*s' for players (expected 2, 3 or 4)",
                        (int)vn, v);
        c->players = (uint16_t)x;
    } else if (is(k, kn, "max_rounds")) {
        if ((x = number(v, vn, 1, KU_MAX_ROUNDS)) < 0)
            return fail(err, errlen, "kurnik: bad value '%.*s' for max_rounds (expected 1..10000)",
                        (int)vn, v);
        c->max_rounds = (uint16_t)x;
    } else {
        return fail(err, errlen, "kurnik: unknown option '%.*s' (known: players, max_rounds)",
                    (int)kn, k);
    }
    return 0;
}

/* Parses "key=value,key=value" over the defaults; NULL or "" is all defaults.
 * Empty items (",,") are skipped; a later key overrides an earlier one. */
int ku_options_parse(const char *text, ku_config *cfg, char *err, size_t errlen)
{
    *cfg = (ku_config){.players = 2, .max_rounds = 300};
    if (!text) return 0;
    const char *item = text;
    while (*item) {
        const char *end = strchr(item, ',');
        size_t n = end ? (size_t)(end - item) : strlen(item);
        const char *eq = memchr(item, '=', n);
        if (n > 0 && !eq)
            return fail(err, errlen, "kurnik: option '%.*s' has no value (expected key=value)",
                        (int)n, item);
        if (n > 0 && set_option(cfg, item, (size_t)(eq - item), eq + 1, n - (size_t)(eq - item) - 1,
                                err, errlen) < 0)
            return -1;
        item += n;
        if (*item == ',') item++;
    }
    return 0;
}

void ku_options_format(const ku_config *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "players=%d,max_rounds=%d", c->players, c->max_rounds);
}
