/* rank.c -- the finishing order of a kurnik game and the returns made of it.
 *
 * The winner (9 hens at the end of their turn) ranks first alone; everyone else
 * is ordered by hens, then chicks, then eggs, then rooster, and equal players
 * share a rank, competition style (1, 2, 2, 4). At the round cap there is no
 * winner and the same order ranks everyone.
 *
 * returns[i] = (players ranked below i) - (players ranked above i): higher is
 * better, the pairwise order is exactly the ranking, the values sum to zero,
 * and two players get the usual +1 / -1 / 0. */
#include "kurnik.h"

/* -1, 0 or 1 as a's goods rank below, level with or above b's. */
static int compare(const ku_goods *a, const ku_goods *b)
{
    const uint32_t ka[4] = {a->hens, a->chicks, a->eggs, a->rooster};
    const uint32_t kb[4] = {b->hens, b->chicks, b->eggs, b->rooster};
    for (int i = 0; i < 4; i++)
        if (ka[i] != kb[i]) return ka[i] > kb[i] ? 1 : -1;
    return 0;
}

/* Whether seat i finished strictly ahead of seat j. */
static int ahead(const arena_state *s, int i, int j)
{
    if (s->winner != KU_NOBODY) {
        if (i == s->winner) return j != i;
        if (j == s->winner) return 0;
    }
    return compare(&s->goods[i], &s->goods[j]) > 0;
}

/* rank[i], 1-based, for every seat (meaningful once the game is over, but
 * defined for any state: the standing so far). */
void ku_ranks(const arena_state *s, int *rank)
{
    for (int i = 0; i < s->cfg.players; i++) {
        rank[i] = 1;
        for (int j = 0; j < s->cfg.players; j++)
            if (ahead(s, j, i)) rank[i]++;
    }
}

void ku_returns(const arena_state *s, double *out)
{
    int rank[KU_MAX_SEATS];
    ku_ranks(s, rank);
    for (int i = 0; i < s->cfg.players; i++) {
        int net = 0;
        for (int j = 0; j < s->cfg.players; j++)
            net += (rank[j] > rank[i]) - (rank[j] < rank[i]);
        out[i] = s->phase == KU_PHASE_OVER ? net : 0.0;
    }
}
