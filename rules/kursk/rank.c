/* rank.c -- the finishing order of a kursk game and its returns.
 *
 * The claimant ranks first alone; the others, and everyone at the round cap,
 * by field (higher first), then by Jokers held (more first); equal players
 * share a rank, competition style (1, 1, 3). returns[i] = (players ranked
 * below i) - (players ranked above i): zero-sum, +1/-1/0 for two players. */
#include "kursk.h"

static int ahead(const arena_state *s, int i, int j)
{
    if (s->winner != KS_NOBODY) {
        if (i == s->winner) return j != i;
        if (j == s->winner) return 0;
    }
    if (s->field[i] != s->field[j]) return s->field[i] > s->field[j];
    return s->hand[i][KS_JOKER] > s->hand[j][KS_JOKER];
}

void ks_ranks(const arena_state *s, int *rank)
{
    for (int i = 0; i < s->cfg.players; i++) {
        rank[i] = 1;
        for (int j = 0; j < s->cfg.players; j++)
            if (ahead(s, j, i)) rank[i]++;
    }
}

void ks_returns(const arena_state *s, double *out)
{
    int rank[KS_MAX_SEATS];
    ks_ranks(s, rank);
    for (int i = 0; i < s->cfg.players; i++) {
        int net = 0;
        for (int j = 0; j < s->cfg.players; j++)
            net += (rank[j] > rank[i]) - (rank[j] < rank[i]);
        out[i] = s->phase == KS_PH_OVER ? net : 0.0;
    }
}
