/* ratings_fit.c -- the BayesElo model's log-posterior, its exact derivatives,
 * and a damped Newton ascent to its maximum.
 *
 * Model (Coulom's BayesElo): with x = Ra - Rb + adv for first mover a,
 *   P(a wins) = f(x - d),  P(b wins) = f(-x - d),  P(draw) = 1 - both,
 * f(x) = 1/(1+10^(-x/400)), d = drawelo. Writing the outcome as the interval
 * [lo, hi] of a logistic variable (a wins: [d-x, inf), draw: [-d-x, d-x],
 * b wins: (-inf, -d-x]) makes this an ordered-logit model, and the log of a
 * log-concave distribution's interval probability is jointly concave in its
 * end points (Prekopa), so the log-posterior is concave in (R, adv, d): Newton
 * with backtracking cannot be trapped, and d > 0 is kept because any draw in
 * the data (the prior always has some) sends the objective to -inf at d = 0.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ratings.h"
#include "ratings_internal.h"
#include "xalloc.h"

#define K RATINGS_K

static double f_elo(double x)
{
    return 1.0 / (1.0 + exp(-K * x));
}

double ratings_log_f(double x)
{
    /* log(1/(1+e^-t)) without overflow or cancellation on either side */
    double t = K * x;
    return t >= 0 ? -log1p(exp(-t)) : t - log1p(exp(t));
}

/* Log-probability of one outcome and its derivatives with respect to the
 * interval end points; an infinite end point has zero derivatives. */
typedef struct local {
    double logp;
    double g_hi, g_lo;
    double h_hh, h_ll, h_hl;
    double s_hi, s_lo; /* d(hi)/d(d), d(lo)/d(d); 0 for an infinite end */
} local;

static void local_ends(int outcome, double x, double d, local *l)
{
    double hi = d - x, lo = -d - x;
    l->g_hi = l->g_lo = 0;
    if (outcome == RATINGS_FIRST_WINS) {
        /* [d - x, inf): p = f(x - d) */
        lo = d - x;
        l->s_hi = 0, l->s_lo = 1;
        l->logp = ratings_log_f(-lo);
        l->g_lo = -K * f_elo(lo);
    } else if (outcome == RATINGS_SECOND_WINS) {
        /* (-inf, -d - x]: p = f(-x - d) */
        hi = -d - x;
        l->s_hi = -1, l->s_lo = 0;
        l->logp = ratings_log_f(hi);
        l->g_hi = K * f_elo(-hi);
    } else {
        /* p = f(hi) - f(lo) = f(hi) f(-lo) (1 - e^{-K(hi-lo)}): no cancellation */
        double c = -expm1(-K * (hi - lo));
        l->s_hi = 1, l->s_lo = -1;
        l->logp = ratings_log_f(hi) + ratings_log_f(-lo) + log(c);
        l->g_hi = K * exp(ratings_log_f(-hi) - ratings_log_f(-lo)) / c;
        l->g_lo = -K * exp(ratings_log_f(lo) - ratings_log_f(hi)) / c;
    }
    /* f' = K f (f(-t) - f(t)), so f'/p is a multiple of the first derivative */
    l->h_hh = K * (f_elo(-hi) - f_elo(hi)) * l->g_hi - l->g_hi * l->g_hi;
    l->h_ll = K * (f_elo(-lo) - f_elo(lo)) * l->g_lo - l->g_lo * l->g_lo;
    l->h_hl = -l->g_hi * l->g_lo;
}

static double obs_x(const ratings_obs *o, const double *theta, int m)
{
    double ra = o->a >= 0 ? theta[o->a] : 0, rb = o->b >= 0 ? theta[o->b] : 0;
    return ra - rb + theta[RATINGS_ADV(m)];
}

double ratings_logpost(const ratings_model *mod, const double *theta)
{
    int m = mod->m;
    double d = theta[RATINGS_DRAW_ELO(m)], sum = 0;
    if (!(d > 0)) return -INFINITY;
    for (size_t i = 0; i < mod->nobs; i++) {
        const ratings_obs *o = &mod->obs[i];
        local l;
        local_ends(o->outcome, obs_x(o, theta, m), d, &l);
        sum += o->weight * l.logp;
    }
    return sum;
}

/* Adds one observation: x depends on theta through v = e_a - e_b + e_adv,
 * and hi, lo are s*d - x. */
static void add_obs(const ratings_obs *o, const local *l, int m, double *grad, double *hess)
{
    int np = m + 2, di = RATINGS_DRAW_ELO(m), idx[3], nv = 0;
    double sgn[3], w = o->weight;
    double gx = -(l->g_hi + l->g_lo);
    double gd = l->s_hi * l->g_hi + l->s_lo * l->g_lo;
    double hxx = l->h_hh + 2 * l->h_hl + l->h_ll;
    double hxd = -(l->s_hi * (l->h_hh + l->h_hl) + l->s_lo * (l->h_hl + l->h_ll));
    double hdd =
        l->s_hi * l->s_hi * l->h_hh + 2 * l->s_hi * l->s_lo * l->h_hl + l->s_lo * l->s_lo * l->h_ll;

    if (o->a >= 0) idx[nv] = o->a, sgn[nv++] = 1;
    if (o->b >= 0) idx[nv] = o->b, sgn[nv++] = -1;
    idx[nv] = RATINGS_ADV(m), sgn[nv++] = 1;
    for (int p = 0; p < nv; p++) {
        grad[idx[p]] += w * sgn[p] * gx;
        for (int q = 0; q < nv; q++)
            hess[idx[p] * np + idx[q]] += w * sgn[p] * sgn[q] * hxx;
        hess[idx[p] * np + di] += w * sgn[p] * hxd;
        hess[di * np + idx[p]] += w * sgn[p] * hxd;
    }
    grad[di] += w * gd;
    hess[di * np + di] += w * hdd;
}

void ratings_derivs(const ratings_model *mod, const double *theta, double *grad, double *hess)
{
    int m = mod->m, np = m + 2;
    double d = theta[RATINGS_DRAW_ELO(m)];
    memset(grad, 0, (size_t)np * sizeof *grad);
    memset(hess, 0, (size_t)np * np * sizeof *hess);
    for (size_t i = 0; i < mod->nobs; i++) {
        const ratings_obs *o = &mod->obs[i];
        local l;
        local_ends(o->outcome, obs_x(o, theta, m), d, &l);
        add_obs(o, &l, m, grad, hess);
    }
}

/* Solves (-H + lambda I) step = grad; lambda grows only if -H is not
 * numerically positive definite, which concavity rules out in exact
 * arithmetic. */
static int newton_step(const double *hess, const double *grad, int np, double *a, double *step)
{
    for (double lambda = 0; lambda < 1e6; lambda = lambda ? lambda * 10 : 1e-9) {
        for (int i = 0; i < np * np; i++)
            a[i] = -hess[i];
        for (int i = 0; i < np; i++)
            a[i * np + i] += lambda;
        if (ratings_cholesky(a, np) == 0) {
            memcpy(step, grad, (size_t)np * sizeof *step);
            ratings_cholesky_solve(a, np, step);
            return 0;
        }
    }
    return -1;
}

/* Backtracks until the objective does not decrease (d > 0 included, since
 * logpost is -inf otherwise). Returns the largest |change|, or -1. */
static double line_search(const ratings_model *mod, double *theta, const double *step,
                          double *trial, double cur)
{
    int np = mod->m + 2;
    double t = 1;
    for (int k = 0; k < 60; k++, t /= 2) {
        double big = 0;
        for (int i = 0; i < np; i++) {
            trial[i] = theta[i] + t * step[i];
            if (fabs(t * step[i]) > big) big = fabs(t * step[i]);
        }
        double val = ratings_logpost(mod, trial);
        /* tolerate rounding noise near the top, where steps are tiny anyway */
        if (val >= cur - 1e-12 * (1 + fabs(cur))) {
            memcpy(theta, trial, (size_t)np * sizeof *theta);
            return big;
        }
    }
    return -1;
}

/* One result's score (the gradient of its log-likelihood): nonzero at most
 * at a's and b's ratings, the advantage and drawelo. */
typedef struct score4 {
    int idx[4];
    double val[4];
} score4;

static score4 result_score(const ratings_obs *o, const double *theta, int m)
{
    local l;
    local_ends(o->outcome, obs_x(o, theta, m), theta[RATINGS_DRAW_ELO(m)], &l);
    double gx = -(l.g_hi + l.g_lo), gd = l.s_hi * l.g_hi + l.s_lo * l.g_lo;
    return (score4){{o->a, o->b, RATINGS_ADV(m), RATINGS_DRAW_ELO(m)}, {gx, -gx, gx, gd}};
}

/* A result as one number: (first, second, outcome) over m parameters. */
static uint64_t result_key(const struct rating_game *g, const int *param, int m)
{
    return ((uint64_t)param[g->a] * (uint64_t)m + (uint64_t)param[g->b]) * RATINGS_OUTCOMES +
           (uint64_t)ratings_outcome(g->score);
}

static ratings_obs key_obs(uint64_t key, int m)
{
    uint64_t pair = key / RATINGS_OUTCOMES;
    return (ratings_obs){(int)(pair / (uint64_t)m), (int)(pair % (uint64_t)m),
                         (int)(key % RATINGS_OUTCOMES), 1};
}

typedef struct key_pair {
    uint64_t lo, hi;
} key_pair;

static int key_pair_cmp(const void *pa, const void *pb)
{
    const key_pair *a = pa, *b = pb;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    return (a->hi > b->hi) - (a->hi < b->hi);
}

/* Sums, over each kind of pair of results that met at a table, the count
 * times the pair's two outer products, in the order of the kinds: the sum
 * does not depend on the order of the games (a tournament's own results come
 * in the order they finished, the same ones merged from shards in another),
 * so the fit stays bit for bit the same. */
int ratings_table_cross(const struct rating_game *games, size_t ng, const int *param, int m,
                        const double *theta, double *cross)
{
    int np = m + 2, tables = 0;
    memset(cross, 0, (size_t)np * np * sizeof *cross);
    size_t n = 0, cap = 0;
    key_pair *pairs = NULL;
    for (size_t i = 0, j; i < ng; i = j) {
        for (j = i + 1; j < ng && games[i].table && games[j].table == games[i].table; j++)
            ;
        if (j - i < 2) continue;
        tables++;
        for (size_t p = i; p < j; p++)
            for (size_t q = p + 1; q < j; q++) {
                if (n == cap) {
                    cap = cap ? 2 * cap : 256;
                    pairs = xrealloc(pairs, cap * sizeof *pairs);
                }
                uint64_t kp = result_key(&games[p], param, m), kq = result_key(&games[q], param, m);
                pairs[n++] = kp < kq ? (key_pair){kp, kq} : (key_pair){kq, kp};
            }
    }
    if (n) qsort(pairs, n, sizeof *pairs, key_pair_cmp);
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && key_pair_cmp(&pairs[i], &pairs[j]) == 0; j++)
            ;
        ratings_obs olo = key_obs(pairs[i].lo, m), ohi = key_obs(pairs[i].hi, m);
        score4 a = result_score(&olo, theta, m), b = result_score(&ohi, theta, m);
        double count = (double)(j - i);
        for (int u = 0; u < 4; u++)
            for (int v = 0; v < 4; v++) {
                double t = count * a.val[u] * b.val[v];
                cross[a.idx[u] * np + b.idx[v]] += t;
                cross[b.idx[v] * np + a.idx[u]] += t;
            }
    }
    free(pairs);
    return tables;
}

int ratings_maximise(const ratings_model *mod, double *theta, double *cov)
{
    int np = mod->m + 2, iter, rc = -1;
    size_t sq = (size_t)np * np;
    double *buf = xmalloc((sq * 2 + (size_t)np * 3) * sizeof *buf);
    if (!buf) return -1;
    double *hess = buf, *a = hess + sq, *grad = a + sq, *step = grad + np, *trial = step + np;

    for (iter = 1; iter <= 200; iter++) {
        ratings_derivs(mod, theta, grad, hess);
        if (newton_step(hess, grad, np, a, step) != 0) goto done;
        double moved = line_search(mod, theta, step, trial, ratings_logpost(mod, theta));
        if (moved < 0) break; /* no ascent left within rounding: at the top */
        if (moved < 1e-9) break;
    }
    if (iter > 200) goto done;
    ratings_derivs(mod, theta, grad, hess);
    for (size_t i = 0; i < sq; i++)
        a[i] = -hess[i];
    if (ratings_spd_inverse(a, np, cov) == 0) rc = iter;
done:
    free(buf);
    return rc;
}
