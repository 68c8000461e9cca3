/* timectl.c -- parsing and printing time controls. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "timectl.h"

/* Seconds as typed (text_is_decimal): strtod alone took a sign, spaces, hex
 * and exponents ("5++1", "0x10", " 5", "1e1"). */
static int seconds(const char *s, const char *end, double *out)
{
    if (!text_is_decimal(s, (size_t)(end - s))) return -1;
    char *stop;
    errno = 0;
    *out = strtod(s, &stop);
    return errno == 0 && stop == end && *out >= 0 ? 0 : -1;
}

int timectl_parse(const char *text, arena_time_control *tc)
{
    if (strncmp(text, "move ", 5) == 0) {
        char *stop;
        errno = 0;
        long long ms = strtoll(text + 5, &stop, 10);
        if (errno || ms <= 0 || ms > TIMECTL_MAX_MOVE_MS || strcmp(stop, "ms") != 0) return -1;
        *tc = (arena_time_control){0, 0, ms * 1000};
        return 0;
    }
    const char *plus = strchr(text, '+'), *end = text + strlen(text);
    double base, inc = 0;
    if (seconds(text, plus ? plus : end, &base) || !(base >= TIMECTL_MIN_BASE_S) ||
        !(base <= TIMECTL_MAX_BASE_S))
        return -1;
    if (plus && (seconds(plus + 1, end, &inc) || !(inc <= TIMECTL_MAX_INC_S))) return -1;
    *tc = (arena_time_control){(int64_t)(base * 1e6 + 0.5), (int64_t)(inc * 1e6 + 0.5), 0};
    return 0;
}

/* Microseconds as seconds, exactly and without trailing zeros ("0.05",
 * "123.456789"): a clock as typed comes back as typed (%g kept six digits,
 * so a stored "123.4567" resumed as 123.457). */
static const char *secs(int64_t us, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%lld.%06lld", (long long)(us / 1000000), (long long)(us % 1000000));
    while (n > 0 && (size_t)n < len && buf[n - 1] == '0')
        buf[--n] = '\0';
    if (n > 0 && (size_t)n < len && buf[n - 1] == '.') buf[--n] = '\0';
    return buf;
}

void timectl_format(const arena_time_control *tc, char *buf, size_t len)
{
    char a[32], b[32];
    if (tc->move_time_us > 0)
        snprintf(buf, len, "move %lldms", (long long)(tc->move_time_us / 1000));
    else if (tc->increment_us > 0)
        snprintf(buf, len, "%s+%s", secs(tc->base_us, a, sizeof a),
                 secs(tc->increment_us, b, sizeof b));
    else
        snprintf(buf, len, "%s", secs(tc->base_us, a, sizeof a));
}

void timectl_describe(const arena_time_control *tc, char *buf, size_t len)
{
    if (!tc->base_us && !tc->increment_us && !tc->move_time_us) {
        snprintf(buf, len, "none");
        return;
    }
    int n = 0;
    char a[32], b[32];
    if (tc->base_us || tc->increment_us)
        n = snprintf(buf, len, "%s+%s s", secs(tc->base_us, a, sizeof a),
                     secs(tc->increment_us, b, sizeof b));
    if (tc->move_time_us && n >= 0 && (size_t)n < len) /* a log may hold both */
        snprintf(buf + n, len - (size_t)n, "%s%s s per move", n ? ", " : "",
                 secs(tc->move_time_us, a, sizeof a));
}
