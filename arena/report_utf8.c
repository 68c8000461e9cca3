/* report_utf8.c -- just enough Unicode for aligned tables: a strict UTF-8
 * decoder, terminal column widths (combining marks 0, East Asian wide 2), and
 * escaping of names for text and Markdown. */
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"
#include "xalloc.h"

int report_utf8_next(const char *str, uint32_t *cp, int *valid)
{
    const unsigned char *s = (const unsigned char *)str;
    int len = s[0] < 0x80                   ? 1
              : s[0] >= 0xC2 && s[0] < 0xE0 ? 2
              : s[0] >= 0xE0 && s[0] < 0xF0 ? 3
              : s[0] >= 0xF0 && s[0] < 0xF5 ? 4
                                            : 0;
    uint32_t c = len == 1 ? s[0] : len == 2 ? s[0] & 0x1F : len == 3 ? s[0] & 0x0F : s[0] & 0x07;
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) len = 0; /* also stops at the NUL */
        if (!len) break;
        c = c << 6 | (s[i] & 0x3F);
    }
    /* overlong forms, surrogates and beyond U+10FFFF are malformed too */
    if (len == 3 && (c < 0x800 || (c >= 0xD800 && c < 0xE000))) len = 0;
    if (len == 4 && (c < 0x10000 || c > 0x10FFFF)) len = 0;
    if (valid) *valid = len > 0;
    *cp = len ? c : 0xFFFD;
    return len ? len : 1;
}

typedef struct cp_range {
    uint32_t lo, hi;
} cp_range;

/* The common combining blocks, zero-width spaces and variation selectors. */
static const cp_range zero_width[] = {
    {0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x0610, 0x061A},   {0x064B, 0x065F},
    {0x0E31, 0x0E31}, {0x0E34, 0x0E3A}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF},   {0x200B, 0x200F},
    {0x20D0, 0x20FF}, {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xE0100, 0xE01EF},
};

/* East Asian Wide and Fullwidth blocks, and the emoji planes. */
static const cp_range wide[] = {
    {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},
    {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0xFE30, 0xFE4F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F},
    {0x1F900, 0x1F9FF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

static int in_ranges(uint32_t cp, const cp_range *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cp >= r[i].lo && cp <= r[i].hi) return 1;
    return 0;
}

int report_cp_width(uint32_t cp)
{
    if (in_ranges(cp, zero_width, sizeof zero_width / sizeof *zero_width)) return 0;
    if (in_ranges(cp, wide, sizeof wide / sizeof *wide)) return 2;
    return 1;
}

int report_display_width(const char *s)
{
    int w = 0;
    while (s && *s) {
        uint32_t cp;
        int valid;
        s += report_utf8_next(s, &cp, &valid);
        w += valid && cp >= 0x20 && cp != 0x7F ? report_cp_width(cp) : 1;
    }
    return w;
}

/* Markdown punctuation that could start emphasis, code, links, HTML or end a
 * table cell; GitHub accepts a backslash before any ASCII punctuation. */
static int md_special(uint32_t cp)
{
    return cp < 0x80 && strchr("\\`*_[]<>|#~", (int)cp) != NULL;
}

char *report_escape(const char *s, int how)
{
    if (!s) s = "";
    char *out = xmalloc(strlen(s) * 2 + 1), *o = out;
    if (!out) return NULL;
    while (*s) {
        uint32_t cp;
        int valid, len = report_utf8_next(s, &cp, &valid);
        if (!valid || cp < 0x20 || cp == 0x7F) {
            *o++ = '?';
        } else {
            if (how == REPORT_ESC_MD && md_special(cp)) *o++ = '\\';
            memcpy(o, s, (size_t)len);
            o += len;
        }
        s += len;
    }
    *o = 0;
    return out;
}
