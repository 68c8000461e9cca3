/* text.c -- cleaning text supplied by bots (see text.h). */
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "xalloc.h"

/* Characters that show nothing yet change what a reader sees, refused like
 * the controls: the bidirectional controls (U+061C, U+200E/F, U+202A..E,
 * U+2066..9), which reorder what follows them -- a name ending in U+202E
 * shows the rest of a table's line backwards -- and the invisible format
 * and filler characters (soft hyphen, zero-width space, word joiner and
 * invisible operators, the byte-order mark, Hangul fillers, interlinear
 * annotations, the tag characters U+E0000..U+E007F that can carry a
 * whole hidden text), which make two texts that look alike differ or hide
 * words in a line. U+200C/U+200D and the variation selectors U+FE00..F
 * (what some scripts and emoji need) stay. Sorted, inclusive. */
static const struct {
    unsigned lo, hi;
} text_invisible[] = {
    {0x00ad, 0x00ad}, {0x061c, 0x061c}, {0x115f, 0x1160}, {0x17b4, 0x17b5},   {0x180b, 0x180f},
    {0x200b, 0x200b}, {0x200e, 0x200f}, {0x2028, 0x202e}, {0x2060, 0x206f},   {0x3164, 0x3164},
    {0xfeff, 0xfeff}, {0xffa0, 0xffa0}, {0xfff9, 0xfffb}, {0x1d173, 0x1d17a}, {0xe0000, 0xe0fff},
};

static int text_is_invisible(const unsigned char *p, size_t len)
{
    unsigned cp = len == 2   ? (p[0] & 0x1fu) << 6 | (p[1] & 0x3fu)
                  : len == 3 ? (p[0] & 0x0fu) << 12 | (p[1] & 0x3fu) << 6 | (p[2] & 0x3fu)
                             : (p[0] & 0x07u) << 18 | (p[1] & 0x3fu) << 12 | (p[2] & 0x3fu) << 6 |
                                   (p[3] & 0x3fu);
    for (size_t i = 0; i < sizeof text_invisible / sizeof *text_invisible; i++)
        if (cp >= text_invisible[i].lo && cp <= text_invisible[i].hi) return 1;
    return 0;
}

/* Length of a well-formed UTF-8 sequence of a printable character at p (at
 * most n bytes available), or 0. Overlong forms, surrogates, C1 controls,
 * the Unicode line breaks and the invisible characters are refused. */
static size_t text_utf8_len(const unsigned char *p, size_t n)
{
    unsigned c = p[0];
    size_t len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
    if (len == 0 || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((p[i] & 0xc0) != 0x80) return 0;
    if (len == 2 && c == 0xc2 && p[1] < 0xa0) return 0;  /* U+0080..U+009F: C1 controls */
    if (len == 3 && c == 0xe0 && p[1] < 0xa0) return 0;  /* overlong */
    if (len == 3 && c == 0xed && p[1] >= 0xa0) return 0; /* surrogates */
    if (len == 4 && c == 0xf0 && p[1] < 0x90) return 0;  /* overlong */
    if (len == 4 && c == 0xf4 && p[1] >= 0x90) return 0; /* past U+10FFFF */
    return text_is_invisible(p, len) ? 0 : len;          /* the line breaks U+2028/9 among them */
}

/* The one cleaning loop: '\n' stays where keep_lines, as a line break. */
static char *text_clean_as(char *s, size_t max, int keep_lines)
{
    unsigned char *p = (unsigned char *)s;
    size_t n = strlen(s), out = 0;
    for (size_t i = 0; i < n;) {
        size_t len = (p[i] >= 0x20 && p[i] < 0x7f) || (keep_lines && p[i] == '\n') ? 1
                     : p[i] >= 0x80 ? text_utf8_len(p + i, n - i)
                                    : 0;
        if (len == 0) { /* a control or a malformed byte */
            if (out + 1 > max) break;
            p[out++] = '?';
            i++;
            continue;
        }
        if (out + len > max) break;
        memmove(p + out, p + i, len);
        out += len;
        i += len;
    }
    p[out] = '\0';
    return s;
}

char *text_clean(char *s, size_t max)
{
    return text_clean_as(s, max, 0);
}

char *text_clean_lines(char *s, size_t max)
{
    return text_clean_as(s, max, 1);
}

static int text_name_char(unsigned c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-' || c == '+';
}

char *text_clean_name(char *s, size_t max)
{
    unsigned char *p = (unsigned char *)s;
    size_t n = strlen(s), out = 0;
    for (size_t i = 0; i < n && out < max;) {
        unsigned c = p[i];
        size_t len = c >= 0x80 ? text_utf8_len(p + i, n - i) : 1;
        /* nor a leading '-' or '+': read as an option where the name is
         * typed (--bots, ratings --bot), as a formula where ratings.csv is
         * opened in a spreadsheet */
        int lead = out == 0 && (c == '-' || c == '+');
        p[out++] = text_name_char(c) && !lead ? (unsigned char)c : '_';
        i += len ? len : 1; /* a character of several bytes is one '_' */
    }
    p[out] = '\0';
    return s;
}

char *text_copy(char *dst, size_t size, const char *s)
{
    size_t n = s ? strnlen(s, size - 1) : 0;
    memcpy(dst, s ? s : "", n);
    dst[n] = '\0';
    return dst;
}

char *text_dup(const char *s)
{
    return xstrdup(s ? s : "");
}

int text_is_decimal(const char *s, size_t len)
{
    size_t digits = 0, dots = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] >= '0' && s[i] <= '9')
            digits++;
        else if (s[i] == '.' && !dots)
            dots++;
        else
            return 0;
    }
    return digits > 0;
}
