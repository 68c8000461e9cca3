/* state.c -- the start position, repetition keys and the position history. */
#include <string.h>

#include "morris.h"

/* cross: White on the diagonal a1 b2 c3 e5 f6 g7, Black on g1 f2 e3 c5 b6 a7 */
static const uint32_t cross_start[2] = {
    (1u << 6) | (1u << 14) | (1u << 22) | (1u << 18) | (1u << 10) | (1u << 2),
    (1u << 4) | (1u << 12) | (1u << 20) | (1u << 16) | (1u << 8) | (1u << 0),
};

size_t mo_state_size(uint16_t hist_cap)
{
    return offsetof(arena_state, hist) + (size_t)hist_cap * sizeof(uint64_t);
}

/* Fills a zeroed state with the start position. */
void mo_state_start(arena_state *s, const mo_config *cfg, uint16_t hist_cap)
{
    s->cfg = *cfg;
    s->hist_cap = hist_cap;
    for (int seat = 0; seat < 2; seat++) {
        s->last[seat][0].line = s->last[seat][1].line = MO_NO_LINE;
        if (cfg->variant != MO_CROSS) {
            s->hand[seat] = (uint8_t)mo_pieces(cfg->variant);
            continue;
        }
        /* The pieces that start on the board get identities 1..6 in point order. */
        s->bb[seat] = cross_start[seat];
        uint8_t id = 1;
        for (int p = 0; p < MO_POINTS; p++)
            if (s->bb[seat] & mo_bit(p)) s->ids[p] = id++;
    }
    mo_hist_push(s);
}

/* The repetition key: board, side to move and pending removals, exactly (no
 * hashing, so no collisions). The pieces in hand are left out because they
 * cannot change between two entries of the history. */
uint64_t mo_key(const arena_state *s)
{
    return (uint64_t)s->bb[0] | (uint64_t)s->bb[1] << 24 | (uint64_t)s->to_move << 48 |
           (uint64_t)s->pending << 49;
}

void mo_hist_push(arena_state *s)
{
    /* The capacity covers the longest stretch the draw rules allow (mo_hist_cap);
     * the test only guards memory. */
    if (s->hist_len < s->hist_cap) s->hist[s->hist_len++] = mo_key(s);
}

int mo_occurrences(const arena_state *s)
{
    if (s->hist_len == 0) return 0;
    uint64_t key = s->hist[s->hist_len - 1];
    int n = 0;
    for (int i = 0; i < s->hist_len; i++)
        n += s->hist[i] == key;
    return n;
}

int mo_total(const arena_state *s, int seat)
{
    return mo_popcount(s->bb[seat]) + s->hand[seat];
}
