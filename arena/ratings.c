/* ratings.c -- ratings_fit: validates the results, counts them, builds the
 * BayesElo observations with the prior's virtual games, and turns the
 * maximum a posteriori and its covariance into centred ratings, 95 %
 * intervals and the likelihood of superiority. The model is in ratings.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/module_kit.h"
#include "ratings.h"
#include "ratings_internal.h"
#include "xalloc.h"

#define Z95 1.959963984540054 /* the standard normal's 97.5 % quantile */

int ratings_outcome(double score)
{
    return score == 1 ? RATINGS_FIRST_WINS : score == 0 ? RATINGS_SECOND_WINS : RATINGS_DRAW;
}

static int validate(int n, const rating_game *games, size_t ng, char *err, size_t errlen)
{
    if (n < 0) return arena_errf(err, errlen, "negative number of entrants (%d)", n), -1;
    if (ng > 0 && !games) return arena_errf(err, errlen, "%zu results but no array", ng), -1;
    for (size_t i = 0; i < ng; i++) {
        const rating_game *g = &games[i];
        if (g->a < 0 || g->a >= n || g->b < 0 || g->b >= n) {
            int bad = g->a < 0 || g->a >= n ? g->a : g->b;
            arena_errf(err, errlen, "result %zu: entrant %d out of range (0..%d)", i, bad, n - 1);
            return -1;
        }
        if (g->a == g->b) {
            arena_errf(err, errlen, "result %zu: entrant %d plays itself", i, g->a);
            return -1;
        }
        if (g->score != 0 && g->score != 0.5 && g->score != 1) {
            arena_errf(err, errlen, "result %zu: score %g is not 0, 0.5 or 1", i, g->score);
            return -1;
        }
        if (g->count == 0 || (g->table && g->count != 1)) {
            arena_errf(err, errlen, "result %zu: count %u (1 or more; 1 at a table)", i,
                       (unsigned)g->count);
            return -1;
        }
    }
    return 0;
}

static void count_results(int n, const rating_game *games, size_t ng, rating_entry *e)
{
    for (int i = 0; i < n; i++)
        e[i] = (rating_entry){.elo = 0, .ci95 = INFINITY};
    for (size_t i = 0; i < ng; i++) {
        const rating_game *g = &games[i];
        int o = ratings_outcome(g->score), c = (int)g->count;
        e[g->a].games += c, e[g->b].games += c;
        e[g->a].wins += c * (o == RATINGS_FIRST_WINS),
            e[g->b].wins += c * (o == RATINGS_SECOND_WINS);
        e[g->a].losses += c * (o == RATINGS_SECOND_WINS);
        e[g->b].losses += c * (o == RATINGS_FIRST_WINS);
        e[g->a].draws += c * (o == RATINGS_DRAW), e[g->b].draws += c * (o == RATINGS_DRAW);
    }
    for (int i = 0; i < n; i++)
        if (e[i].games) e[i].score = (e[i].wins + 0.5 * e[i].draws) / e[i].games;
}

static int obs_cmp(const void *pa, const void *pb)
{
    const ratings_obs *a = pa, *b = pb;
    if (a->a != b->a) return a->a < b->a ? -1 : 1;
    if (a->b != b->b) return a->b < b->b ? -1 : 1;
    return (a->outcome > b->outcome) - (a->outcome < b->outcome);
}

/* Whether the games' observations are counted in a table (ratings_build_obs):
 * where the table, by (first, second, outcome), is small beside the games --
 * the sort was a quarter of rating a pool of fast games. */
static int obs_by_table(int m, size_t ng)
{
    size_t side = (size_t)m + 1;
    return m < 4096 && side * side * RATINGS_OUTCOMES <= 4 * ng + 4096;
}

/* See ratings_internal.h. */
ratings_obs *ratings_build_obs(const rating_game *games, size_t ng, const int *param, int m,
                               int by_table, size_t *nobs)
{
    ratings_obs *obs = xmalloc((ng + 2 * (size_t)m + 2) * sizeof *obs);
    if (!obs) return NULL;
    size_t k = 0;
    if (by_table) {
        /* by key: (first + 1, second + 1, outcome), -1 (the prior) first */
        size_t side = (size_t)m + 1, cells = side * side * RATINGS_OUTCOMES;
        double *count = xcalloc(cells, sizeof *count);
        if (!count) {
            free(obs);
            return NULL;
        }
        for (size_t i = 0; i < ng; i++) {
            size_t a = (size_t)(param[games[i].a] + 1), b = (size_t)(param[games[i].b] + 1);
            count[(a * side + b) * RATINGS_OUTCOMES + (size_t)ratings_outcome(games[i].score)] +=
                games[i].count;
        }
        for (size_t c = 0; c < cells; c++) {
            size_t pair = c / RATINGS_OUTCOMES;
            if (count[c] > 0)
                obs[k++] = (ratings_obs){(int)(pair / side) - 1, (int)(pair % side) - 1,
                                         (int)(c % RATINGS_OUTCOMES), count[c]};
        }
        free(count);
    } else {
        for (size_t i = 0; i < ng; i++)
            obs[i] = (ratings_obs){param[games[i].a], param[games[i].b],
                                   ratings_outcome(games[i].score), games[i].count};
        qsort(obs, ng, sizeof *obs, obs_cmp);
        for (size_t i = 0; i < ng; i++) {
            if (k > 0 && obs_cmp(&obs[k - 1], &obs[i]) == 0)
                obs[k - 1].weight += obs[i].weight;
            else
                obs[k++] = obs[i];
        }
    }
    for (int p = 0; p < m; p++) {
        obs[k++] = (ratings_obs){p, -1, RATINGS_DRAW, RATINGS_PRIOR_DRAWS / 2.0};
        obs[k++] = (ratings_obs){-1, p, RATINGS_DRAW, RATINGS_PRIOR_DRAWS / 2.0};
    }
    obs[k++] = (ratings_obs){-1, -1, RATINGS_FIRST_WINS, 1};
    obs[k++] = (ratings_obs){-1, -1, RATINGS_SECOND_WINS, 1};
    *nobs = k;
    return obs;
}

/* Probability that a standard normal is below z. */
static double phi(double z)
{
    return 0.5 * erfc(-z / sqrt(2.0));
}

static double los_of(double diff, double var)
{
    if (var > 0 && isfinite(var)) return phi(diff / sqrt(var));
    return diff > 0 ? 1 : diff < 0 ? 0 : 0.5;
}

/* Centres the ratings and projects the covariance onto the centred ratings:
 * c = P r with P = I - 11'/m, so Cov(c) = P Cov(r) P. */
static void fill_entries(rating_fit *out, const int *param, int m, const double *theta,
                         const double *cov, double *rowmean)
{
    int n = out->n, np = m + 2;
    double mean = 0, total = 0;
    for (int p = 0; p < m; p++) {
        rowmean[p] = 0;
        mean += theta[p] / m;
        for (int q = 0; q < m; q++)
            rowmean[p] += cov[p * np + q] / m;
        total += rowmean[p] / m;
    }
    for (int i = 0; i < n; i++) {
        int p = param[i];
        if (p < 0) continue;
        double var = cov[p * np + p] - 2 * rowmean[p] + total;
        out->entry[i].elo = theta[p] - mean;
        out->entry[i].ci95 = Z95 * sqrt(var > 0 ? var : 0);
    }
    for (int i = 0; i < n; i++) /* the centred covariance, for ratings_anchor */
        for (int j = 0; j < n; j++) {
            int p = param[i], q = param[j];
            out->cov[i * n + j] =
                p < 0 || q < 0 ? 0 : cov[p * np + q] - rowmean[p] - rowmean[q] + total;
        }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int p = param[i], q = param[j];
            double l = 0.5;
            if (i != j && p >= 0 && q >= 0)
                l = los_of(theta[p] - theta[q],
                           cov[p * np + p] + cov[q * np + q] - 2 * cov[p * np + q]);
            out->los[i * n + j] = l;
        }
}

/* Multiplayer tables (ratings.h): the covariance of a composite likelihood
 * (Godambe's sandwich), cov (I + C) cov = cov + cov C cov. I = -H is the
 * information the fit counts, each result as an independent game, and cov
 * its inverse; C is what the results of a table add to the variance of the
 * score by moving together (ratings_table_cross), estimated from the tables
 * themselves. That estimate is noise when the tables are few, and nothing in
 * it keeps an interval from shrinking (an audit: with 3 tables half the
 * intervals came out narrower, one of them half as wide): only its part that
 * widens is kept. With L L^T = cov, cov C cov = L M L^T for M = L^T C L, and
 * V = cov + L M+ L^T, M+ being M without its negative eigenvalues, so V is
 * never below cov. In simulated tournaments this covers as it should from 9
 * tables on (93.5 %), where the full sandwich covered 87-90 %, and agrees
 * with it once tables are many. Without tables of more than two seats C = 0
 * and cov stays exactly as it is. */
static void count_tables(const ratings_model *mod, const rating_game *games, size_t ng,
                         const int *param, const double *theta, double *cov)
{
    int np = mod->m + 2;
    size_t sq = (size_t)np * np;
    double *cross = xmalloc((4 * sq + (size_t)np) * sizeof *cross);
    double *l = cross + sq, *t = l + sq, *q = t + sq, *w = q + sq;
    if (ratings_table_cross(games, ng, param, mod->m, theta, cross) > 0) {
        memcpy(l, cov, sq * sizeof *l);
        if (ratings_cholesky(l, np) == 0) {
            for (int i = 0; i < np; i++) /* the factor is the lower triangle */
                for (int j = i + 1; j < np; j++)
                    l[i * np + j] = 0;
            ratings_matmul(cross, l, np, t); /* C L */
            for (int i = 0; i < np; i++)     /* L^T into cross */
                for (int j = 0; j < np; j++)
                    cross[i * np + j] = l[j * np + i];
            ratings_matmul(cross, t, np, q); /* M = L^T C L */
            memcpy(t, q, sq * sizeof *t);
            ratings_sym_eigen(t, np, w, q);
            /* t = L Q diag(sqrt(w+)): then V = cov + t t^T */
            for (int i = 0; i < np; i++)
                for (int j = 0; j < np; j++)
                    q[i * np + j] *= w[j] > 0 ? sqrt(w[j]) : 0;
            ratings_matmul(l, q, np, t);
            for (int i = 0; i < np; i++)
                for (int j = 0; j < np; j++) {
                    double sum = 0;
                    for (int k = 0; k < np; k++)
                        sum += t[i * np + k] * t[j * np + k];
                    cov[i * np + j] += sum;
                }
        }
    }
    free(cross);
}

/* Runs the Newton fit over the m entrants that have games. */
static int fit_model(rating_fit *out, const rating_game *games, size_t ng, const int *param, int m,
                     char *err, size_t errlen)
{
    int np = m + 2, rc = -1;
    size_t nobs = 0;
    ratings_obs *obs = ratings_build_obs(games, ng, param, m, obs_by_table(m, ng), &nobs);
    double *theta = xcalloc((size_t)np, sizeof *theta);
    double *cov = xmalloc((size_t)np * np * sizeof *cov);
    double *rowmean = xmalloc((size_t)m * sizeof *rowmean);
    /* start from equal ratings, no advantage, a typical draw band */
    theta[RATINGS_DRAW_ELO(m)] = 100;
    ratings_model mod = {m, nobs, obs};
    out->iterations = ratings_maximise(&mod, theta, cov);
    if (out->iterations < 0) {
        arena_errf(err, errlen, "the rating fit did not converge (%d entrants)", m);
        goto done;
    }
    count_tables(&mod, games, ng, param, theta, cov);
    fill_entries(out, param, m, theta, cov, rowmean);
    out->advantage = theta[RATINGS_ADV(m)];
    out->draw_elo = theta[RATINGS_DRAW_ELO(m)];
    out->advantage_ci95 = Z95 * sqrt(cov[RATINGS_ADV(m) * np + RATINGS_ADV(m)]);
    out->draw_elo_ci95 = Z95 * sqrt(cov[RATINGS_DRAW_ELO(m) * np + RATINGS_DRAW_ELO(m)]);
    rc = 0;
done:
    free(obs), free(theta), free(cov), free(rowmean);
    return rc;
}

static int alloc_fit(int n, rating_fit *out)
{
    *out = (rating_fit){.n = n, .advantage_ci95 = INFINITY, .draw_elo_ci95 = INFINITY};
    size_t nn = (size_t)n * n;
    out->entry = xcalloc(n ? (size_t)n : 1, sizeof *out->entry);
    out->los = xmalloc((nn ? nn : 1) * sizeof *out->los);
    out->cov = xcalloc(nn ? nn : 1, sizeof *out->cov);
    if (out->entry && out->los && out->cov) {
        for (size_t i = 0; i < nn; i++)
            out->los[i] = 0.5;
        return 0;
    }
    ratings_free(out);
    return -1;
}

/* Oppo: the mean rating of the opponent over an entrant's results. The
 * results are first counted by pair (exact: whole numbers), then summed in
 * entrant order, so the figure does not depend on the order of the entries
 * (a tournament's results in memory and the same ones read back). */
static void opponents_average(rating_fit *out, const rating_game *games, size_t ng)
{
    int n = out->n;
    size_t nn = (size_t)n * (size_t)n;
    double *met = xcalloc(nn ? nn : 1, sizeof *met);
    for (size_t k = 0; k < ng; k++) {
        met[games[k].a * n + games[k].b] += games[k].count;
        met[games[k].b * n + games[k].a] += games[k].count;
    }
    for (int i = 0; i < n; i++) {
        double sum = 0;
        for (int j = 0; j < n; j++)
            sum += met[i * n + j] * out->entry[j].elo;
        out->entry[i].oppo = out->entry[i].games ? sum / out->entry[i].games : NAN;
    }
    free(met);
}

int ratings_anchor(rating_fit *fit, int i, double elo, char *err, size_t errlen)
{
    int n = fit->n;
    if (i < 0 || i >= n) return arena_errf(err, errlen, "anchor %d out of range", i), -1;
    if (!fit->entry[i].games)
        return arena_errf(err, errlen, "the anchor has no games to be rated by"), -1;
    double shift = elo - fit->entry[i].elo;
    for (int j = 0; j < n; j++) {
        rating_entry *e = &fit->entry[j];
        if (!e->games) continue;
        double var = fit->cov[j * n + j] + fit->cov[i * n + i] - 2 * fit->cov[j * n + i];
        e->elo += shift;
        e->oppo += shift;
        e->ci95 = j == i ? 0 : Z95 * sqrt(var > 0 ? var : 0);
    }
    return 0;
}

int ratings_fit(int n, const rating_game *games, size_t ng, rating_fit *out, char *err,
                size_t errlen)
{
    if (!out) return arena_errf(err, errlen, "no output"), -1;
    *out = (rating_fit){0};
    if (validate(n, games, ng, err, errlen) != 0) return -1;
    if (alloc_fit(n, out) != 0)
        return arena_errf(err, errlen, "out of memory (%d entrants)", n), -1;
    count_results(n, games, ng, out->entry);
    int *param = xmalloc((n ? (size_t)n : 1) * sizeof *param), m = 0;
    for (int i = 0; i < n; i++)
        param[i] = out->entry[i].games ? m++ : -1;
    int rc = m ? fit_model(out, games, ng, param, m, err, errlen) : 0;
    free(param);
    if (rc == 0) opponents_average(out, games, ng);
    if (rc != 0) ratings_free(out);
    return rc;
}

void ratings_free(rating_fit *fit)
{
    if (!fit) return;
    free(fit->entry);
    free(fit->los);
    free(fit->cov);
    fit->entry = NULL;
    fit->los = NULL;
    fit->cov = NULL;
    fit->n = 0;
}

int ratings_crosstable(int n, const rating_game *games, size_t ng, double *score, int *count,
                       char *err, size_t errlen)
{
    if (validate(n, games, ng, err, errlen) != 0) return -1;
    size_t nn = (size_t)n * n;
    for (size_t i = 0; i < nn; i++)
        score[i] = 0, count[i] = 0;
    for (size_t i = 0; i < ng; i++) {
        int a = games[i].a, b = games[i].b;
        int c = (int)games[i].count;
        score[a * n + b] += c * games[i].score;
        score[b * n + a] += c * (1 - games[i].score);
        count[a * n + b] += c, count[b * n + a] += c;
    }
    return 0;
}

void ratings_probabilities(double diff, double advantage, double draw_elo, double *win,
                           double *draw, double *loss)
{
    double w = exp(ratings_log_f(diff + advantage - draw_elo));
    double l = exp(ratings_log_f(-diff - advantage - draw_elo));
    if (win) *win = w;
    if (loss) *loss = l;
    if (draw) *draw = 1 - w - l;
}
