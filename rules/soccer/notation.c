/* notation.c -- a step is its direction digit "0".."7"; a turn is the digits
 * of its steps in a row ("1207"). */
#include <stdio.h>
#include <string.h>

#include "soccer.h"

size_t so_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s;
    char text[2] = {a >= 0 && a < SO_DIRS ? (char)('0' + a) : '?', '\0'};
    if (cap > 0) {
        buf[0] = cap > 1 ? text[0] : '\0';
        if (cap > 1) buf[1] = '\0';
    }
    return 1;
}

int so_parse_action(const arena_state *s, const char *text, int32_t *action)
{
    (void)s;
    if (!text || text[0] < '0' || text[0] > '7' || text[1] != '\0') return -1;
    *action = text[0] - '0';
    return 0;
}

void so_turn_text(const uint8_t *digits, int len, char *buf, size_t cap)
{
    char text[SO_TURN_KEEP + 16];
    int kept = len < SO_TURN_KEEP ? len : SO_TURN_KEEP, n = 0;
    for (int i = 0; i < kept; i++)
        text[n++] = (char)('0' + (digits[i] & 7));
    text[n] = '\0';
    if (len > kept) snprintf(text + n, sizeof text - (size_t)n, "...(%d)", len);
    snprintf(buf, cap, "%s", text);
}
