/* botspec.c -- "name:options" of a bot, and canonical option strings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "botspec.h"

#define BOTSPEC_MAX_ITEMS 64

typedef struct botspec_item {
    const char *text; /* into the caller's copy */
    size_t len, keylen;
    int order; /* position given: the later of two equal keys wins */
} botspec_item;

static int item_cmp(const void *pa, const void *pb)
{
    const botspec_item *a = pa, *b = pb;
    size_t n = a->keylen < b->keylen ? a->keylen : b->keylen;
    int c = memcmp(a->text, b->text, n);
    if (c) return c;
    if (a->keylen != b->keylen) return a->keylen < b->keylen ? -1 : 1;
    return a->order - b->order;
}

/* Items a and b (sorted neighbours) have the same key. */
static int same_key(const botspec_item *a, const botspec_item *b)
{
    return a->keylen == b->keylen && memcmp(a->text, b->text, a->keylen) == 0;
}

int botspec_canonical(const char *options, char *out, size_t outlen, char *err, size_t errlen)
{
    botspec_item item[BOTSPEC_MAX_ITEMS];
    int n = 0;
    const char *p = options ? options : "";
    while (*p) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0) {
            if (n == BOTSPEC_MAX_ITEMS) break;
            const char *eq = memchr(p, '=', len);
            item[n] = (botspec_item){p, len, eq ? (size_t)(eq - p) : len, n};
            n++;
        }
        p += len;
        if (*p == ',') p++;
    }
    if (n == BOTSPEC_MAX_ITEMS && *p) {
        snprintf(err, errlen, "more than %d options", BOTSPEC_MAX_ITEMS);
        return -1;
    }
    qsort(item, (size_t)n, sizeof *item, item_cmp);
    /* Sorted by key, then by position: a run of one key must repeat its
     * first item exactly. */
    for (int i = 0; i + 1 < n; i++) {
        const botspec_item *a = &item[i], *b = &item[i + 1];
        if (!same_key(a, b) || (a->len == b->len && memcmp(a->text, b->text, a->len) == 0))
            continue;
        const char *av = a->text + a->keylen, *bv = b->text + b->keylen;
        size_t an = a->len - a->keylen, bn = b->len - b->keylen;
        if (an) av++, an--;
        if (bn) bv++, bn--;
        snprintf(err, errlen, "option '%.*s' given twice (%.*s, then %.*s): give it once",
                 (int)a->keylen, a->text, (int)an, av, (int)bn, bv);
        return -1;
    }
    size_t used = 0;
    if (outlen == 0) goto too_long;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i + 1 < n && same_key(&item[i], &item[i + 1])) continue; /* a repeat */
        int w = snprintf(out + used, outlen - used, "%s%.*s", used ? "," : "", (int)item[i].len,
                         item[i].text);
        if (w < 0 || (size_t)w >= outlen - used) goto too_long;
        used += (size_t)w;
    }
    return 0;
too_long:
    snprintf(err, errlen, "options too long");
    return -1;
}

/* The length of spec's name or path: up to the first ':' after the last '/'. */
static size_t name_len(const char *spec, const char **colon)
{
    const char *slash = strrchr(spec, '/');
    *colon = strchr(slash ? slash : spec, ':');
    return *colon ? (size_t)(*colon - spec) : strlen(spec);
}

int botspec_split(const char *spec, char *bot, size_t botlen, char *options, size_t optlen,
                  char *err, size_t errlen)
{
    const char *colon;
    size_t blen = name_len(spec, &colon);
    if (blen >= botlen) {
        snprintf(err, errlen, "bot '%.60s...': name or path too long", spec);
        return -1;
    }
    memcpy(bot, spec, blen);
    bot[blen] = '\0';
    char who[300], why[160];
    snprintf(who, sizeof who, "bot '%s'", bot);
    /* the kit's rule for every option string: no empty item, no empty key */
    if (arena_opts_check(who, colon ? colon + 1 : "", err, errlen) < 0) return -1;
    if (botspec_canonical(colon ? colon + 1 : "", options, optlen, why, sizeof why) < 0) {
        snprintf(err, errlen, "bot '%s': %s", bot, why);
        return -1;
    }
    return 0;
}

int botspec_list_hint(const char *spec, char *buf, size_t len)
{
    const char *colon;
    size_t blen = spec ? name_len(spec, &colon) : 0;
    if (len) buf[0] = '\0';
    if (!spec || !memchr(spec, ',', blen) || memchr(spec, '=', blen)) return 0;
    int lead = snprintf(buf, len, "separate bots with spaces, not commas: ");
    if (lead < 0 || (size_t)lead >= len) return 1;
    snprintf(buf + lead, len - (size_t)lead, "%.*s", (int)blen, spec);
    for (char *p = buf + lead; *p; p++)
        if (*p == ',') *p = ' ';
    return 1;
}
