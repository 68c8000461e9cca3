/* notation.c -- actions in the notation of docs/rules/querni.md, no spaces
 * inside: placements "7@c2" (tile 7 of the side being laid out), moves
 * "c2-d3", removals "x5-7" (tiles 5 to 7 of the mover), and "-" for no move or
 * for ending the turn without removal. One spelling per action, so that names
 * in logs compare as strings. */
#include <stdio.h>
#include <string.h>

#include "arena/module_kit.h"
#include "querni.h"

void qu_square_name(int square, char name[3])
{
    name[0] = (char)('a' + square % QU_COLS);
    name[1] = (char)('1' + square / QU_COLS);
    name[2] = '\0';
}

size_t qu_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    char text[16], x[3], y[3];
    if (a >= QU_ACT_MOVE && a < QU_ACT_PASS) {
        qu_square_name(a / QU_SQUARES, x);
        qu_square_name(a % QU_SQUARES, y);
        snprintf(text, sizeof text, "%s-%s", x, y);
    } else if (a == QU_ACT_PASS) {
        snprintf(text, sizeof text, "-");
    } else if (a > QU_ACT_PASS && a < QU_ACT_PLACE) {
        int k = a - QU_ACT_REMOVE;
        snprintf(text, sizeof text, "x%d-%d", k / QU_TILES + 1, k % QU_TILES + 1);
    } else if (a >= QU_ACT_PLACE && a < QU_NUM_ACTIONS) {
        int seat, tile;
        qu_next_tile(s, &seat, &tile);
        qu_square_name(a - QU_ACT_PLACE, x);
        if (s->phase == QU_PHASE_PLACE)
            snprintf(text, sizeof text, "%d@%s", tile, x);
        else
            snprintf(text, sizeof text, "?@%s", x);
    } else {
        snprintf(text, sizeof text, "?");
    }
    return arena_text_out(text, strlen(text), buf, cap);
}

/* "c2" -> square; -1 otherwise. */
static int parse_square(const char *t)
{
    if (t[0] < 'a' || t[0] >= 'a' + QU_COLS || t[1] < '1' || t[1] >= '1' + QU_ROWS) return -1;
    return qu_square(t[0] - 'a', t[1] - '1');
}

/* A tile number 1..16 without sign or leading zero, ending at *end. */
static int parse_number(const char *t, const char **end)
{
    if (t[0] < '1' || t[0] > '9') return -1;
    int n = t[0] - '0', len = 1;
    if (t[1] >= '0' && t[1] <= '9') n = 10 * n + (t[len++] - '0');
    *end = t + len;
    return n <= QU_TILES ? n : -1;
}

int qu_parse_action(const arena_state *s, const char *text, int32_t *action)
{
    if (!text) return -1;
    size_t len = strlen(text);
    const char *end;
    if (strcmp(text, "-") == 0) {
        *action = QU_ACT_PASS;
        return 0;
    }
    if (len == 5 && text[0] != 'x' && text[2] == '-') {
        int from = parse_square(text), to = parse_square(text + 3);
        if (from < 0 || to < 0) return -1;
        *action = qu_move_action(from, to);
        return 0;
    }
    if (text[0] == 'x') {
        int lo = parse_number(text + 1, &end), hi;
        if (lo < 0 || *end != '-' || (hi = parse_number(end + 1, &end)) < 0 || *end) return -1;
        if (hi - lo < QU_MIN_CHAIN - 1) return -1;
        *action = qu_remove_action(lo, hi);
        return 0;
    }
    int tile = parse_number(text, &end), seat, next;
    if (tile < 0 || *end != '@' || strlen(end) != 3 || s->phase != QU_PHASE_PLACE) return -1;
    qu_next_tile(s, &seat, &next);
    int sq = parse_square(end + 1);
    if (sq < 0 || tile != next) return -1;
    *action = QU_ACT_PLACE + sq;
    return 0;
}
