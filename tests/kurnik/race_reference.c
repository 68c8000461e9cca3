/* race_reference.c -- solving kurnik for one player: the fewest expected turns to nine
 * hens, over (eggs, chicks, hens, rooster).
 *
 * Two tables over the same grid of goods:
 *   V[g] expected turns still to play after ending a turn with goods g;
 *   W[g] the best a player can make of goods g in its exchange phase:
 *        0 if it can reach nine hens, else the least V over every sequence of
 *        exchanges (end now, or one exchange and the best after it).
 * V[g] = 1 + sum over the 21 rolls of p(roll) * W[g after roll], where the roll
 * brings its eggs and chicks, its foxes and the doubles gift exactly as the
 * rules do. W needs V and V needs W, so the pair is iterated to a fixed point.
 *
 * Every exchange turns three goods into one, so W of a state depends only on W
 * of states with fewer goods: one pass over the states in order of their total
 * settles W for a given V.
 *
 * What the table leaves out: the opponents. A gift they give us on their doubles
 * is ignored, and so is the race itself (when far behind, a riskier plan could
 * be better). Both are small next to the fox, which the table weighs exactly. */
#include "race_reference.h"

#include <math.h>
#include <pthread.h>

#define NE (RACE_REF_EGGS + 1)
#define NC (RACE_REF_CHICKS + 1)
#define NH RACE_REF_GOAL /* hens 0..8 at the end of a turn; 9 has won */
#define NSTATES (NE * NC * NH * 2)

struct race_ref {
    float v[NSTATES];
    float w[NSTATES];
};

/* In static storage rather than on the heap: nothing to free when the arena
 * unloads the bot, and nothing to fail. */
static struct race_ref solved;
static pthread_once_t solve_once = PTHREAD_ONCE_INIT;

static int clampi(uint32_t x, int hi)
{
    return x > (uint32_t)hi ? hi : (int)x;
}

/* Index of goods within the grid (hens must be below the goal). */
static int index_of(int e, int c, int h, int r)
{
    return ((r * NH + h) * NC + c) * NE + e;
}

/* The goods after a roll of dice a, b (the rules' order: goods, foxes, gift). */
static race_ref_goods after_roll(race_ref_goods g, int a, int b)
{
    const int dice[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        if (dice[i] <= 3)
            g.eggs++;
        else if (dice[i] <= 5)
            g.chicks++;
    }
    for (int i = 0; i < 2; i++) {
        if (dice[i] != 6 || g.rooster) continue;
        if (g.chicks)
            g.chicks = 0;
        else if (g.hens)
            g.hens--;
    }
    if (a == b) {
        if (g.chicks)
            g.chicks--;
        else if (g.eggs)
            g.eggs--;
    }
    return g;
}

/* W for goods g from the current tables: the exchanges reachable from g lead
 * to states already settled in this pass (fewer goods). */
static float best_of(const struct race_ref *p, int e, int c, int h, int r)
{
    if (h >= RACE_REF_GOAL) return 0.0f;
    float best = p->v[index_of(e, c, h, r)];
    if (e >= 3) {
        float x = p->w[index_of(e - 3, c + 1 < NC ? c + 1 : NC - 1, h, r)];
        if (x < best) best = x;
    }
    if (c >= 3) {
        float x = h + 1 >= RACE_REF_GOAL ? 0.0f : p->w[index_of(e, c - 3, h + 1, r)];
        if (x < best) best = x;
    }
    if (h >= 3 && !r) {
        float x = p->w[index_of(e, c, h - 3, 1)];
        if (x < best) best = x;
    }
    return best;
}

/* One pass of W in order of total goods, so each exchange's target is fresh. */
static void settle_w(struct race_ref *p)
{
    for (int total = 0; total <= NE + NC + NH; total++)
        for (int r = 0; r < 2; r++)
            for (int h = 0; h < NH; h++)
                for (int c = 0; c < NC; c++) {
                    int e = total - r - h - c;
                    if (e < 0 || e >= NE) continue;
                    p->w[index_of(e, c, h, r)] = best_of(p, e, c, h, r);
                }
}

/* One Bellman update of V from W; returns the largest change. */
static double update_v(struct race_ref *p)
{
    double worst = 0;
    for (int r = 0; r < 2; r++)
        for (int h = 0; h < NH; h++)
            for (int c = 0; c < NC; c++)
                for (int e = 0; e < NE; e++) {
                    race_ref_goods g = {(uint32_t)e, (uint32_t)c, (uint32_t)h, (uint32_t)r};
                    double v = 1.0;
                    for (int a = 1; a <= 6; a++)
                        for (int b = a; b <= 6; b++) {
                            race_ref_goods n = after_roll(g, a, b);
                            double pr = a == b ? 1.0 / 36 : 2.0 / 36;
                            v +=
                                pr * p->w[index_of(clampi(n.eggs, NE - 1), clampi(n.chicks, NC - 1),
                                                   (int)n.hens, (int)n.rooster)];
                        }
                    float *slot = &p->v[index_of(e, c, h, r)];
                    double change = fabs(v - *slot);
                    if (change > worst) worst = change;
                    *slot = (float)v;
                }
    return worst;
}

static void solve(void)
{
    struct race_ref *p = &solved;
    /* V = 0 everywhere is below the fixed point; the updates climb to it
     * monotonically. The cap on passes only guards against a bug. */
    for (int pass = 0; pass < 5000; pass++) {
        settle_w(p);
        if (update_v(p) < 1e-4) break;
    }
    settle_w(p);
}

const struct race_ref *race_ref_get(void)
{
    pthread_once(&solve_once, solve);
    return &solved;
}

double race_ref_value(const struct race_ref *p, race_ref_goods g)
{
    int e = clampi(g.eggs, NE - 1), c = clampi(g.chicks, NC - 1);
    if (g.hens >= RACE_REF_GOAL) return 0.0;
    return best_of(p, e, c, (int)g.hens, g.rooster ? 1 : 0);
}

double race_ref_end_value(const struct race_ref *p, race_ref_goods g)
{
    if (g.hens >= RACE_REF_GOAL) return 0.0;
    return p->v[index_of(clampi(g.eggs, NE - 1), clampi(g.chicks, NC - 1), (int)g.hens,
                         g.rooster ? 1 : 0)];
}
