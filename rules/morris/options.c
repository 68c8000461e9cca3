/* options.c -- the options of a morris game: parsing "key=value,..." strictly,
 * the canonical string, and what follows from them (pieces, history size). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "morris.h"

static const char *const variant_names[MO_VARIANTS] = {"classic", "lasker", "knight", "rook",
                                                       "cross"};

const char mo_options_help[] =
    "variant=classic  classic | lasker (10 pieces, move or place) | knight | rook | cross\n"
    "double_mill=2  removals earned by closing two mills at once: 1 or 2\n"
    "repeat_mill=no_capture  a mill of the same line and pieces as the player's last one: "
    "no_capture | allowed\n"
    "repetition=3  the Nth occurrence of a position is a draw; 0 = off\n"
    "quiet_plies=100  moves in a row without a removal that draw; 0 = off\n"
    "max_turns=500  turns (a placement or move with its removals) that draw";

const char *mo_variant_name(int variant)
{
    return variant >= 0 && variant < MO_VARIANTS ? variant_names[variant] : "?";
}

int mo_pieces(int variant)
{
    return variant == MO_LASKER ? 10 : variant == MO_CROSS ? 6 : 9;
}

/* Positions repeat only between placements and removals, so the history holds
 * at most the moves of one such stretch plus its first node and a node with a
 * pending removal. Every move of that stretch completes a turn, and outside
 * lasker every one of them also counts as a quiet ply (in lasker, moves made
 * while a hand is not empty do not). No repetition rule: no history at all,
 * which keeps states small in OpenSpiel-compatible mode. */
uint16_t mo_hist_cap(const mo_config *cfg)
{
    if (!cfg->repetition) return 0;
    unsigned window = cfg->max_turns;
    if (cfg->quiet_plies && cfg->variant != MO_LASKER && cfg->quiet_plies < window)
        window = cfg->quiet_plies;
    return (uint16_t)(window + 2);
}

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

static int is(const char *v, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(v, word, n) == 0;
}

#define BAD(key, expected)                                                                         \
    fail(err, errlen, "morris: bad value '%.*s' for " key " (expected " expected ")", (int)vn, v)

/* One key=value item. */
static int set_option(mo_config *c, const char *k, size_t kn, const char *v, size_t vn, char *err,
                      size_t errlen)
{
    long x;
    if (is(k, kn, "variant")) {
        for (int i = 0; i < MO_VARIANTS; i++)
            if (is(v, vn, variant_names[i])) {
                c->variant = (uint8_t)i;
                return 0;
            }
        return BAD("variant", "classic, lasker, knight, rook or cross");
    } else if (is(k, kn, "double_mill")) {
        if ((x = number(v, vn, 1, 2)) < 0) return BAD("double_mill", "1 or 2");
        c->double_mill = (uint8_t)x;
    } else if (is(k, kn, "repeat_mill")) {
        if (is(v, vn, "no_capture"))
            c->repeat_allowed = 0;
        else if (is(v, vn, "allowed"))
            c->repeat_allowed = 1;
        else
            return BAD("repeat_mill", "no_capture or allowed");
    } else if (is(k, kn, "repetition")) {
        x = number(v, vn, 0, MO_MAX_REPETITION);
        if (x < 0 || x == 1) return BAD("repetition", "0 (off) or 2..100");
        c->repetition = (uint8_t)x;
    } else if (is(k, kn, "quiet_plies")) {
        if ((x = number(v, vn, 0, MO_MAX_TURNS)) < 0)
            return BAD("quiet_plies", "0 (off) or 1..10000");
        c->quiet_plies = (uint16_t)x;
    } else if (is(k, kn, "max_turns")) {
        if ((x = number(v, vn, 1, MO_MAX_TURNS)) < 0) return BAD("max_turns", "1..10000");
        c->max_turns = (uint16_t)x;
    } else {
        return fail(err, errlen,
                    "morris: unknown option '%.*s' (known: variant, double_mill, repeat_mill, "
                    "repetition, quiet_plies, max_turns)",
                    (int)kn, k);
    }
    return 0;
}

/* Parses "key=value,key=value" over the defaults; NULL or "" is all defaults.
 * Empty items (",,") are skipped; a later key overrides an earlier one. */
int mo_options_parse(const char *text, mo_config *cfg, char *err, size_t errlen)
{
    *cfg = (mo_config){.variant = MO_CLASSIC,
                       .double_mill = 2,
                       .repeat_allowed = 0,
                       .repetition = 3,
                       .quiet_plies = 100,
                       .max_turns = 500};
    if (!text) return 0;
    const char *item = text;
    while (*item) {
        const char *end = strchr(item, ',');
        size_t n = end ? (size_t)(end - item) : strlen(item);
        const char *eq = memchr(item, '=', n);
        if (n > 0 && !eq)
            return fail(err, errlen, "morris: option '%.*s' has no value (expected key=value)",
                        (int)n, item);
        if (n > 0 && set_option(cfg, item, (size_t)(eq - item), eq + 1, n - (size_t)(eq - item) - 1,
                                err, errlen) < 0)
            return -1;
        item += n;
        if (*item == ',') item++;
    }
    return 0;
}

void mo_options_format(const mo_config *c, char *buf, size_t cap)
{
    snprintf(buf, cap,
             "variant=%s,double_mill=%d,repeat_mill=%s,repetition=%d,quiet_plies=%d,max_turns=%d",
             mo_variant_name(c->variant), c->double_mill,
             c->repeat_allowed ? "allowed" : "no_capture", c->repetition, c->quiet_plies,
             c->max_turns);
}
