/* shard.c -- which matches of a tournament a shard plays (see shard.h). */
#include "shard.h"

#include <stdio.h>
#include <stdlib.h>

#include "arena/module_kit.h"

/* A decimal integer of 1 to 6 digits, no sign or spaces; the end in *end. */
static int shard_number(const char *s, const char **end, long *out)
{
    long v = 0;
    int digits = 0;
    for (; *s >= '0' && *s <= '9'; s++, digits++) {
        if (digits == 6) return -1;
        v = v * 10 + (*s - '0');
    }
    *end = s;
    *out = v;
    return digits ? 0 : -1;
}

int shard_parse(const char *text, shard_spec *out, char *err, size_t errlen)
{
    const char *p = text;
    long i = 0, n = 0;
    if (shard_number(p, &p, &i) || *p++ != '/' || shard_number(p, &p, &n) || *p || i < 1 || n < 1 ||
        i > n || n > SHARD_MAX)
        return arena_errf(err, errlen,
                          "bad value '%s' for --shard (expected I/N: shard I of N, "
                          "1 <= I <= N <= %d, e.g. 2/4)",
                          text, SHARD_MAX);
    out->index = (int)i;
    out->count = (int)n;
    return 0;
}

int shard_of(int count, uint32_t index)
{
    return count > 0 ? (int)(index % (uint32_t)count) + 1 : 1;
}

int shard_has(const shard_spec *sh, uint32_t index)
{
    return sh->count <= 0 || shard_of(sh->count, index) == sh->index;
}

size_t shard_size(const shard_spec *sh, size_t planned)
{
    if (sh->count <= 0) return planned;
    size_t n = (size_t)sh->count, i = (size_t)sh->index - 1;
    return planned / n + (i < planned % n ? 1 : 0);
}

void shard_skip_others(const shard_spec *sh, char *skip, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!shard_has(sh, (uint32_t)i)) skip[i] = 1;
}

void shard_format(const shard_spec *sh, char *buf, size_t len)
{
    snprintf(buf, len, "%d/%d", sh->index, sh->count);
}
