/* notation.c -- actions in the notation of the rules page: placement "d2",
 * move "a1-d1" (also flights, knight jumps and rook slides), removal "xg7". */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "arena/module_kit.h"
#include "morris.h"

size_t mo_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s; /* the form alone tells placement, move and removal apart */
    char text[8];
    if (a >= 0 && a < MO_ACT_MOVE) {
        snprintf(text, sizeof text, "%s", mo_point_name[a]);
    } else if (a >= MO_ACT_MOVE && a < MO_ACT_REMOVE) {
        int m = a - MO_ACT_MOVE;
        snprintf(text, sizeof text, "%s-%s", mo_point_name[m / MO_POINTS],
                 mo_point_name[m % MO_POINTS]);
    } else if (a >= MO_ACT_REMOVE && a < MO_NUM_ACTIONS) {
        snprintf(text, sizeof text, "x%s", mo_point_name[a - MO_ACT_REMOVE]);
    } else {
        snprintf(text, sizeof text, "?");
    }
    return arena_text_out(text, strlen(text), buf, cap);
}

/* A point name at t (letter then digit, any case), or -1. */
static int point(const char *t)
{
    if (!t[0] || !t[1]) return -1;
    return mo_point_at((char)tolower((unsigned char)t[0]), t[1]);
}

int mo_parse_action(const arena_state *s, const char *text, int32_t *action)
{
    (void)s;
    if (!text) return -1;
    size_t n = strlen(text);
    int p, q;
    if (n == 2 && (p = point(text)) >= 0) {
        *action = p;
    } else if (n == 3 && (text[0] == 'x' || text[0] == 'X') && (p = point(text + 1)) >= 0) {
        *action = MO_ACT_REMOVE + p;
    } else if (n == 5 && text[2] == '-' && (p = point(text)) >= 0 && (q = point(text + 3)) >= 0 &&
               p != q) {
        *action = MO_ACT_MOVE + p * MO_POINTS + q;
    } else {
        return -1;
    }
    return 0;
}
