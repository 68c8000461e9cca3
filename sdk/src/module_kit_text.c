/* module_kit_text.c -- the module kit's text out (rules.h's render convention),
 * error lines, and the table members shared by flat-state games. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"

void arena_text_init(arena_text *t, char *buf, size_t cap)
{
    t->buf = buf;
    t->cap = buf ? cap : 0;
    t->len = 0;
    if (t->cap > 0) buf[0] = '\0';
}

/* While len < cap every byte so far is in buf (an append that does not fit
 * leaves len >= cap for good), so the free room is always at buf + len and the
 * buffer always holds a prefix of the text. */
void arena_text_vadd(arena_text *t, const char *fmt, va_list ap)
{
    char *at = t->len < t->cap ? t->buf + t->len : NULL;
    size_t room = at ? t->cap - t->len : 0;
    int n = vsnprintf(at, room, fmt, ap);
    if (n > 0) t->len += (size_t)n;
}

void arena_text_add(arena_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    arena_text_vadd(t, fmt, ap);
    va_end(ap);
}

void arena_text_put(arena_text *t, const char *s, size_t n)
{
    if (t->len < t->cap) {
        size_t room = t->cap - 1 - t->len; /* bytes left before the NUL */
        size_t k = n < room ? n : room;
        memcpy(t->buf + t->len, s, k);
        t->buf[t->len + k] = '\0';
    }
    t->len += n;
}

size_t arena_text_len(const arena_text *t)
{
    return t->len;
}

size_t arena_text_out(const char *text, size_t n, char *buf, size_t cap)
{
    arena_text t;
    arena_text_init(&t, buf, cap);
    arena_text_put(&t, text, n);
    return t.len;
}

int arena_errf(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

arena_state *arena_flat_clone(const arena_state *state, size_t size)
{
    arena_state *copy = malloc(size);
    if (copy) memcpy(copy, state, size);
    return copy;
}

void arena_flat_free(arena_state *state)
{
    free(state);
}

void arena_flat_game_free(arena_game *game)
{
    free(game);
}

int arena_no_chance(const arena_state *state, arena_chance_outcome *out, int cap)
{
    (void)state, (void)out, (void)cap;
    return 0;
}

void arena_returns_two(double *out, int winner)
{
    out[0] = out[1] = 0.0;
    if (winner != 0 && winner != 1) return;
    out[winner] = 1.0;
    out[winner ^ 1] = -1.0;
}
