/* options.c -- the options of a soccer game (width, height, goal): strict
 * parsing of "key=value,..." and the canonical string. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "soccer.h"

const char so_options_help[] =
    "width=8  squares across: even, 4..32\n"
    "height=10  squares from goal line to goal line: even, 4..32\n"
    "goal=2  squares of goal mouth: even, 2..width-2";

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

/* A decimal number of at most 3 digits, or -1. */
static int number(const char *v, size_t n)
{
    if (n == 0 || n > 3) return -1;
    int x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9') return -1;
        x = x * 10 + (v[i] - '0');
    }
    return x;
}

static int is(const char *k, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(k, word, n) == 0;
}

/* One key=value item; the goal is checked against the width once all are read. */
static int set_option(so_dims *d, int *goal, const char *k, size_t kn, const char *v, size_t vn,
                      char *err, size_t errlen)
{
    int x = number(v, vn);
    if (is(k, kn, "width") || is(k, kn, "height")) {
        if (x < SO_MIN_SIDE || x > SO_MAX_SIDE || x % 2)
            return fail(err, errlen, "soccer: bad value '%.*s' for %.*s (expected an even number "
                        "from 4 to 32)", (int)vn, v, (int)kn, k);
        if (k[0] == 'w') d->width = (uint8_t)x;
        else d->height = (uint8_t)x;
    } else if (is(k, kn, "goal")) {
        if (x < 2 || x % 2)
            return fail(err, errlen, "soccer: bad value '%.*s' for goal (expected an even number "
                        ">= 2, narrower than the width)", (int)vn, v);
        *goal = x;
    } else {
        return fail(err, errlen, "soccer: unknown option '%.*s' (known: width, height, goal)",
                    (int)kn, k);
    }
    return 0;
}

/* Parses "key=value,key=value" over the defaults (8 x 10, goal 2); NULL or ""
 * is all defaults. Empty items are skipped; a later key overrides an earlier. */
int so_options_parse(const char *text, so_dims *d, char *err, size_t errlen)
{
    *d = (so_dims){.width = 8, .height = 10, .goal = 2};
    int goal = 2;
    for (const char *item = text ? text : ""; *item;) {
        const char *end = strchr(item, ',');
        size_t n = end ? (size_t)(end - item) : strlen(item);
        const char *eq = memchr(item, '=', n);
        if (n > 0 && !eq)
            return fail(err, errlen, "soccer: option '%.*s' has no value (expected key=value)",
                        (int)n, item);
        if (n > 0 && set_option(d, &goal, item, (size_t)(eq - item), eq + 1,
                                n - (size_t)(eq - item) - 1, err, errlen) < 0)
            return -1;
        item += n;
        if (*item == ',') item++;
    }
    if (goal >= d->width)
        return fail(err, errlen, "soccer: bad value '%d' for goal (expected an even number "
                    "narrower than width=%d)", goal, d->width);
    d->goal = (uint8_t)goal;
    return 0;
}

void so_options_format(const so_dims *d, char *buf, size_t cap)
{
    snprintf(buf, cap, "width=%d,height=%d,goal=%d", d->width, d->height, d->goal);
}
