/* view.c -- the rugby observation as plain arrays (hunter.h). */
#include <string.h>

#include "hunter.h"

static const uint8_t points[HV_MARKS] = {
    [ARENA__RUGBY__MARK__MARK_O] = 5,  [ARENA__RUGBY__MARK__MARK_P] = 2,
    [ARENA__RUGBY__MARK__MARK_A] = 1,  [ARENA__RUGBY__MARK__MARK_K] = 3,
    [ARENA__RUGBY__MARK__MARK_D] = 3,  [ARENA__RUGBY__MARK__MARK_M] = 1,
    [ARENA__RUGBY__MARK__MARK_G] = 10,
};

int hv_points(int mark)
{
    return mark >= 0 && mark < HV_MARKS ? points[mark] : 0;
}

int hv_decode(const uint8_t *obs, size_t len, hv_view *v)
{
    Arena__Rugby__Observation *m = arena__rugby__observation__unpack(NULL, len, obs);
    if (!m) return -1;
    int ok = m->n_boards == 2 && m->n_scores == 2 && m->seat >= 0 && m->seat <= 1;
    for (int b = 0; b < 2 && ok; b++)
        ok = m->boards[b]->marks.len == HV_FIELDS && m->boards[b]->guessed.len == HV_FIELDS;
    if (ok) {
        memset(v, 0, sizeof *v);
        v->seat = m->seat;
        v->phase = m->phase;
        v->to_move = (int)m->to_move;
        v->bonus = (int)m->bonus;
        v->next_mark = (int)m->next_mark;
        for (int b = 0; b < 2; b++) {
            v->score[b] = (int)m->scores[b];
            memcpy(v->marks[b], m->boards[b]->marks.data, HV_FIELDS);
            memcpy(v->guessed[b], m->boards[b]->guessed.data, HV_FIELDS);
        }
    }
    arena__rugby__observation__free_unpacked(m, NULL);
    return ok ? 0 : -1;
}

/* The board's total (93 with 5 tries, 7 more a try) less what was found. */
int hv_points_left(const hv_view *v, int b, int tries)
{
    int left = 93 + 7 * (tries - 5);
    for (int f = 0; f < HV_FIELDS; f++)
        if (v->guessed[b][f]) left -= hv_points(v->marks[b][f]);
    return left;
}

int hv_unguessed(const hv_view *v, int b)
{
    int n = 0;
    for (int f = 0; f < HV_FIELDS; f++)
        n += !v->guessed[b][f];
    return n;
}
