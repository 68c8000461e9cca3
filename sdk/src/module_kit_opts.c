/* module_kit_opts.c -- the module kit's options: strict "key=value,..." parsing
 * against a game's option table, its error lines and the canonical string. */
#include <string.h>

#include "arena/module_kit.h"

#define DEFAULT_DIGITS 5
#define MOST_DIGITS 9 /* 999999999 still fits an int */

/* Bytes [s, s + n) spell word exactly. */
static int is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

static int max_digits(const arena_opts *spec)
{
    int d = spec->max_digits;
    return d <= 0 ? DEFAULT_DIGITS : d > MOST_DIGITS ? MOST_DIGITS : d;
}

#define DEFAULT_PLACES 2
#define MOST_PLACES 6

/* Places after the point of a DECIMAL option. */
static int places(const arena_opt *o)
{
    int p = (int)((o->flags >> 4) & 0xfu);
    return p == 0 ? DEFAULT_PLACES : p > MOST_PLACES ? MOST_PLACES : p;
}

static long long ten_to(int n)
{
    long long x = 1;
    while (n-- > 0)
        x *= 10;
    return x;
}

/* A fixed-point value with p places as its shortest decimal: 140 -> "1.4". */
static void decimal(arena_text *t, long long x, int p)
{
    if (x < 0) {
        arena_text_add(t, "-");
        x = -x;
    }
    long long one = ten_to(p), frac = x % one;
    arena_text_add(t, "%lld", x / one);
    if (frac == 0) return;
    while (frac % 10 == 0) {
        frac /= 10;
        p--;
    }
    arena_text_add(t, ".%0*lld", p, frac);
}

/* The separator before item i of count in "a, b or c". */
static void separator(arena_text *t, int i, int count)
{
    if (i > 0) arena_text_add(t, i == count - 1 ? " or " : ", ");
}

static int word_count(const char *const *words)
{
    int n = 0;
    while (words && words[n])
        n++;
    return n;
}

/* lo..hi of an INT option, in words. */
static void range(arena_text *t, const arena_opt *o)
{
    int n = o->hi - o->lo + 1;
    if (o->flags & ARENA_OPT_EVEN) {
        arena_text_add(t, "an even number from %d to %d", o->lo, o->hi);
    } else if (n <= 3) { /* a short range reads better listed: "2, 3 or 4" */
        for (int i = 0; i < n; i++) {
            separator(t, i, n);
            arena_text_add(t, "%d", o->lo + i);
        }
    } else {
        arena_text_add(t, "%d..%d", o->lo, o->hi);
    }
}

static void expect(arena_text *t, const arena_opt *o)
{
    if (o->expect) {
        arena_text_add(t, "%s", o->expect);
    } else if (o->kind == ARENA_OPT_CHOICE) {
        int n = word_count(o->words);
        for (int i = 0; i < n; i++) {
            separator(t, i, n);
            arena_text_add(t, "%s", o->words[i]);
        }
    } else {
        if (o->flags & ARENA_OPT_ZERO_OFF) arena_text_add(t, "0 (off) or ");
        if (o->kind == ARENA_OPT_DECIMAL) {
            decimal(t, o->lo, places(o));
            arena_text_add(t, "..");
            decimal(t, o->hi, places(o));
            arena_text_add(t, " with at most %d decimal%s", places(o), places(o) > 1 ? "s" : "");
        } else {
            range(t, o);
        }
    }
}

size_t arena_opt_expect(const arena_opt *opt, char *buf, size_t cap)
{
    arena_text t;
    arena_text_init(&t, buf, cap);
    expect(&t, opt);
    return arena_text_len(&t);
}

static size_t digits(const char *v, size_t n)
{
    size_t i = 0;
    while (i < n && v[i] >= '0' && v[i] <= '9')
        i++;
    return i;
}

/* The fixed-point value of the DECIMAL v[0..n), or -1: at most max_digits
 * digits before the point, and after it 1 to places digits. The arithmetic is
 * in long long: 9 digits times 10^6 fits. */
static int decimal_value(const arena_opts *spec, const arena_opt *o, const char *v, size_t n)
{
    int p = places(o);
    size_t whole = digits(v, n), frac = 0;
    if (whole == 0 || whole > (size_t)max_digits(spec)) return -1;
    if (whole < n) {
        if (v[whole] != '.') return -1;
        frac = digits(v + whole + 1, n - whole - 1);
        if (frac == 0 || frac > (size_t)p || whole + 1 + frac != n) return -1;
    }
    long long x = 0;
    for (size_t i = 0; i < whole; i++)
        x = x * 10 + (v[i] - '0');
    for (size_t i = 0; i < (size_t)p; i++)
        x = x * 10 + (i < frac ? v[whole + 1 + i] - '0' : 0);
    if (x == 0 && (o->flags & ARENA_OPT_ZERO_OFF)) return 0;
    if (x < o->lo || x > o->hi) return -1;
    return (int)x;
}

/* The value of v[0..n) under o, or -1 when it is not accepted. */
static int value(const arena_opts *spec, const arena_opt *o, const char *v, size_t n)
{
    if (o->kind == ARENA_OPT_CHOICE) {
        for (int i = 0; o->words && o->words[i]; i++)
            if (is(v, n, o->words[i])) return i;
        return -1;
    }
    if (o->kind == ARENA_OPT_DECIMAL) return decimal_value(spec, o, v, n);
    if (n == 0 || n > (size_t)max_digits(spec)) return -1;
    int x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i] < '0' || v[i] > '9') return -1;
        x = x * 10 + (v[i] - '0');
    }
    if (x == 0 && (o->flags & ARENA_OPT_ZERO_OFF)) return 0;
    if (x < o->lo || x > o->hi) return -1;
    return (o->flags & ARENA_OPT_EVEN) && x % 2 ? -1 : x;
}

/* Fills err with the line for an item that fails and returns -1. The line is
 * built in place, so it is cut at errlen exactly as one snprintf would. */
static int unknown(const arena_opts *spec, const char *k, size_t kn, char *err, size_t errlen)
{
    arena_text t;
    arena_text_init(&t, err, errlen);
    arena_text_add(&t, "%s: unknown option '%.*s' (known: ", spec->game, (int)kn, k);
    for (int i = 0; i < spec->count; i++)
        arena_text_add(&t, "%s%s", i ? ", " : "", spec->opt[i].key);
    arena_text_add(&t, ")");
    return -1;
}

static int bad(const arena_opts *spec, const arena_opt *o, const char *v, size_t vn, char *err,
               size_t errlen)
{
    arena_text t;
    arena_text_init(&t, err, errlen);
    arena_text_add(&t, "%s: bad value '%.*s' for %s (expected ", spec->game, (int)vn, v, o->key);
    expect(&t, o);
    arena_text_add(&t, ")");
    return -1;
}

/* The value of the first item in [text, upto) whose key is s[0, kn), with
 * its length in *vn; NULL when no earlier item has that key. */
static const char *earlier(const char *text, const char *upto, const char *s, size_t kn, size_t *vn)
{
    for (const char *p = text; p < upto;) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        if (eq && (size_t)(eq - p) == kn && memcmp(p, s, kn) == 0) {
            *vn = n - kn - 1;
            return eq + 1;
        }
        p += n;
        if (*p == ',') p++;
    }
    return NULL;
}

/* One item of n bytes at s, with a key (arena_opts_check); text is the whole string, so that a
 * key given before with another value is refused (as the arena's own
 * options are: a second value silently winning hides a slip). */
static int item(const arena_opts *spec, const char *text, const char *s, size_t n, int *values,
                char *err, size_t errlen)
{
    const char *eq = memchr(s, '=', n);
    if (!eq)
        return arena_errf(err, errlen, "%s: option '%.*s' has no value (expected key=value)",
                          spec->game, (int)n, s);
    size_t kn = (size_t)(eq - s), vn = n - kn - 1, pn;
    for (int i = 0; i < spec->count; i++) {
        if (!is(s, kn, spec->opt[i].key)) continue;
        int x = value(spec, &spec->opt[i], eq + 1, vn);
        if (x < 0) return bad(spec, &spec->opt[i], eq + 1, vn, err, errlen);
        const char *prev = earlier(text, s, s, kn, &pn);
        if (prev && x != values[i])
            return arena_errf(err, errlen,
                              "%s: option '%s' given twice (%.*s, then %.*s): give it once",
                              spec->game, spec->opt[i].key, (int)pn, prev, (int)vn, eq + 1);
        values[i] = x;
        return 0;
    }
    return unknown(spec, s, kn, err, errlen);
}

/* Which slip left the empty item at s in text. */
static const char *empty_item_slip(const char *text, const char *s)
{
    return s == text ? "a leading ','" : *s ? "a doubled ','" : "a trailing ','";
}

/* An empty item or key is refused, not skipped or called an unknown option
 * '': "morris:variant=lasker," is more likely a lost item than a stray
 * comma, and the user is told which slip it was. */
int arena_opts_check(const char *who, const char *text, char *err, size_t errlen)
{
    if (!text || !*text) return 0;
    for (const char *s = text;; s++) {
        size_t n = strcspn(s, ",");
        if (n == 0)
            return arena_errf(err, errlen, "%s: empty option in '%s' (%s)", who, text,
                              empty_item_slip(text, s));
        if (*s == '=')
            return arena_errf(err, errlen,
                              "%s: option '%.*s' has no key in '%s' (expected key=value)", who,
                              (int)n, s, text);
        s += n;
        if (!*s) return 0;
    }
}

int arena_opts_parse(const arena_opts *spec, const char *text, int *values, char *err,
                     size_t errlen)
{
    for (int i = 0; i < spec->count; i++)
        values[i] = spec->opt[i].def;
    const char *all = text ? text : "";
    if (arena_opts_check(spec->game, all, err, errlen) < 0) return -1;
    for (const char *s = all; *s;) {
        size_t n = strcspn(s, ",");
        if (item(spec, all, s, n, values, err, errlen) < 0) return -1;
        s += n;
        if (*s == ',') s++;
    }
    return 0;
}

size_t arena_opts_format(const arena_opts *spec, const int *values, char *buf, size_t cap)
{
    arena_text t;
    arena_text_init(&t, buf, cap);
    for (int i = 0; i < spec->count; i++) {
        const arena_opt *o = &spec->opt[i];
        arena_text_add(&t, "%s%s=", i ? "," : "", o->key);
        if (o->kind == ARENA_OPT_DECIMAL)
            decimal(&t, values[i], places(o));
        else if (o->kind != ARENA_OPT_CHOICE)
            arena_text_add(&t, "%d", values[i]);
        else if (values[i] >= 0 && values[i] < word_count(o->words))
            arena_text_add(&t, "%s", o->words[values[i]]);
        else
            arena_text_add(&t, "?");
    }
    return arena_text_len(&t);
}
