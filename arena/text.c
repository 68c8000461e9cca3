/* text.c -- cleaning text supplied by bots (see text.h). */
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "xalloc.h"

/* Whether the character at p (len bytes) is a bidirectional control: the
 * marks U+061C, U+200E, U+200F, the embeddings and overrides U+202A..U+202E
 * and the isolates U+2066..U+2069. Invisible, they reorder what follows
 * them: a name ending in U+202E would show the rest of a table's line, or a
 * bot's printed line, backwards. */
static int text_is_bidi(const unsigned char *p, size_t len)
{
    if (len == 2) return p[0] == 0xd8 && p[1] == 0x9c;
    if (len != 3 || p[0] != 0xe2) return 0;
    if (p[1] == 0x80) return p[2] == 0x8e || p[2] == 0x8f || (p[2] >= 0xaa && p[2] <= 0xae);
    return p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9;
}

/* Length of a well-formed UTF-8 sequence of a printable character at p (at
 * most n bytes available), or 0. Overlong forms, surrogates, C1 controls,
 * the Unicode line breaks and the bidirectional controls are refused. */
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
    if (len == 3 && c == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
        return 0; /* U+2028/U+2029: line breaks */
    if (text_is_bidi(p, len)) return 0;
    return len;
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
