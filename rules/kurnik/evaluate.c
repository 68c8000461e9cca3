/* evaluate.c -- a heuristic value of a kurnik position (rules.h: evaluate),
 * for search bots that stop playouts early: random playouts of a dice race
 * are a poor model of either player, and a few hundred of them hardly tell
 * one exchange from another.
 *
 * Each seat's race is valued alone, from the solved one-player tables
 * (kurnik_engine.h: the expected turns to nine hens under the best exchanges, and
 * their spread): the seat in its exchange phase with the best exchanges it
 * still has, a seat about to roll with everything its turns will bring.
 * Seat i then finishes about at global turn t_i = P (turns - 1) + its
 * distance in the order from the seat to move (P seats; the seat to move,
 * done rolling, at P turns), and it beats seat j with the probability that
 * a normal variable of mean t_j - t_i and deviation P sqrt(var_i + var_j)
 * is positive. A seat's value is its mean chance against each other seat:
 * the share of the pairwise results the arena rates it by. A seat to move
 * whose exchanges reach nine hens now beats everyone. The opponents'
 * doubles gifts and the round cap are left out. */
#include <math.h>

#include "kurnik.h"
#include "kurnik_engine.h"

/* One seat's finishing turn in the global order: its mean and variance. */
typedef struct ku_race {
    double t, var;
    int now; /* 1: the seat to move, whose exchanges reach nine hens */
} ku_race;

static ku_race race_of(const arena_state *s, int seat)
{
    const ku_goods *g = &s->goods[seat];
    int P = s->cfg.players, mover = s->to_move;
    int i = ku_values_at(g->eggs, g->chicks, g->hens, g->rooster);
    ku_race r = {0, 0, 0};
    if (seat == mover && s->phase != KU_PHASE_ROLL) { /* rolled: exchanges, then end */
        double m = ku_turns_mid[i];
        r.now = g->hens >= KU_GOAL || m <= 0;
        r.t = P * m;
        r.var = ku_turns_mid2[i] - m * m;
    } else {
        double m = ku_turns_end[i];
        r.t = P * (m - 1) + (seat - mover + P) % P;
        r.var = ku_turns_end2[i] - m * m;
    }
    if (r.var < 0) r.var = 0;
    return r;
}

/* Chance that a finishes before b. */
static double beats(const ku_race *a, const ku_race *b, int P)
{
    if (a->now) return 1;
    if (b->now) return 0;
    double sd = P * sqrt(a->var + b->var) + 1;
    return 0.5 * erfc(-(b->t - a->t) / (sd * 1.4142135623730951));
}

void ku_evaluate(const arena_state *s, double *out)
{
    int P = s->cfg.players;
    ku_race r[KU_MAX_SEATS];
    for (int i = 0; i < P; i++)
        r[i] = race_of(s, i);
    for (int i = 0; i < P; i++) {
        double sum = 0;
        for (int j = 0; j < P; j++)
            if (j != i) sum += beats(&r[i], &r[j], P);
        out[i] = sum / (P - 1);
    }
}
