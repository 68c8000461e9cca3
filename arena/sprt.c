/* sprt.c -- the pentanomial SPRT's likelihood ratio, bounds and Elo estimate
 * (the formulas are in sprt.h). */
#include <math.h>
#include <stdio.h>

#include "sprt.h"

#define SPRT_REGULARISE 1e-3 /* the weight of an empty cell (fishtest's) */
#define Z95 1.959963984540054
#define NELO_PER_T (800.0 / 2.302585092994046) /* 800 / ln 10 */

int sprt_params_check(const sprt_params *p, char *err, size_t errlen)
{
    const char *why = NULL;
    if (!(p->alpha > 0 && p->alpha < 0.5))
        why = "--alpha must be above 0 and below 0.5";
    else if (!(p->beta > 0 && p->beta < 0.5))
        why = "--beta must be above 0 and below 0.5";
    else if (!(p->elo0 < p->elo1))
        why = "--elo0 must be below --elo1";
    else if (!(fabs(p->elo0) < 1000 && fabs(p->elo1) < 1000))
        why = "--elo0 and --elo1 must lie within -1000..1000";
    if (why && err) snprintf(err, errlen, "%s", why);
    return why ? -1 : 0;
}

/* The regularised empirical distribution over the pair scores a_k = k/4;
 * returns N, the (regularised) number of pairs. */
static double empirical(const int64_t penta[5], double p[5])
{
    double n = 0;
    for (int k = 0; k < 5; k++)
        n += p[k] = penta[k] > 0 ? (double)penta[k] : SPRT_REGULARISE;
    for (int k = 0; k < 5; k++)
        p[k] /= n;
    return n;
}

static void moments(const double p[5], double *mu, double *var)
{
    double m = 0, v = 0;
    for (int k = 0; k < 5; k++)
        m += p[k] * k / 4.0;
    for (int k = 0; k < 5; k++)
        v += p[k] * (k / 4.0 - m) * (k / 4.0 - m);
    *mu = m;
    *var = v;
}

/* The distribution closest to p (largest likelihood) with expectation s,
 * 0 < s < 1: q_k = p_k / (1 + lambda (a_k - s)). The secular function
 * g(lambda) = sum p_k (a_k - s) / (1 + lambda (a_k - s)) falls strictly on
 * (-1/(1-s), 1/s), from +inf to -inf; Newton steps kept inside a shrinking
 * bracket find its root in a few steps and never leave the domain. */
static void closest(const double p[5], double s, double q[5])
{
    double lo = -1 / (1 - s), hi = 1 / s, lam = 0;
    for (int it = 0; it < 200; it++) {
        double g = 0, dg = 0;
        for (int k = 0; k < 5; k++) {
            double d = k / 4.0 - s, den = 1 + lam * d;
            g += p[k] * d / den;
            dg -= p[k] * d * d / (den * den);
        }
        if (g > 0)
            lo = lam;
        else
            hi = lam;
        double next = lam - g / dg;
        if (!(next > lo && next < hi)) next = (lo + hi) / 2;
        if (fabs(next - lam) < 1e-15 * (1 + fabs(lam))) {
            lam = next;
            break;
        }
        lam = next;
    }
    for (int k = 0; k < 5; k++)
        q[k] = p[k] / (1 + lam * (k / 4.0 - s));
}

/* Expected scores under the hypotheses, kept strictly inside (0, 1). */
static void hypotheses(const sprt_params *pr, const double p[5], double *s0, double *s1)
{
    if (pr->model == SPRT_NORMALIZED) {
        double mu, var;
        moments(p, &mu, &var);
        double sigma = sqrt(2 * var);
        *s0 = 0.5 + pr->elo0 / NELO_PER_T * sigma;
        *s1 = 0.5 + pr->elo1 / NELO_PER_T * sigma;
    } else {
        *s0 = 1 / (1 + pow(10, -pr->elo0 / 400));
        *s1 = 1 / (1 + pow(10, -pr->elo1 / 400));
    }
    *s0 = fmin(fmax(*s0, 1e-9), 1 - 1e-9);
    *s1 = fmin(fmax(*s1, 1e-9), 1 - 1e-9);
}

double sprt_llr(const sprt_params *pr, const int64_t penta[5])
{
    if (penta[0] + penta[1] + penta[2] + penta[3] + penta[4] == 0) return 0;
    double p[5], q0[5], q1[5], s0, s1;
    double n = empirical(penta, p);
    hypotheses(pr, p, &s0, &s1);
    closest(p, s0, q0);
    closest(p, s1, q1);
    double sum = 0;
    for (int k = 0; k < 5; k++)
        sum += p[k] * log(q1[k] / q0[k]);
    return n * sum;
}

void sprt_bounds(const sprt_params *p, double *lower, double *upper)
{
    *lower = log(p->beta / (1 - p->alpha));
    *upper = log((1 - p->beta) / p->alpha);
}

sprt_state sprt_decide(const sprt_params *p, double llr)
{
    double lo, hi;
    sprt_bounds(p, &lo, &hi);
    return llr >= hi ? SPRT_H1 : llr <= lo ? SPRT_H0 : SPRT_CONTINUE;
}

const char *sprt_state_name(sprt_state s)
{
    switch (s) {
    case SPRT_H1:
        return "H1 accepted";
    case SPRT_H0:
        return "H0 accepted";
    case SPRT_STOPPED:
        return "stopped";
    default:
        return "running";
    }
}

static void count_game(sprt_counts *c, double score)
{
    if (score > 0.75)
        c->wins++;
    else if (score < 0.25)
        c->losses++;
    else
        c->draws++;
}

void sprt_counts_add(sprt_counts *c, double score1, double score2)
{
    count_game(c, score1);
    count_game(c, score2);
    long k = lround(2 * (score1 + score2)); /* half points over the pair: 0..4 */
    c->penta[k < 0 ? 0 : k > 4 ? 4 : k]++;
}

int64_t sprt_counts_pairs(const sprt_counts *c)
{
    return c->penta[0] + c->penta[1] + c->penta[2] + c->penta[3] + c->penta[4];
}

/* Mean and standard error of the pair score from the raw counts. */
static int raw_stats(const int64_t penta[5], double *mu, double *se, double *var)
{
    double n = 0, p[5];
    for (int k = 0; k < 5; k++)
        n += (double)penta[k];
    if (n == 0) return -1;
    for (int k = 0; k < 5; k++)
        p[k] = penta[k] / n;
    moments(p, mu, var);
    *se = sqrt(*var / n);
    return 0;
}

static double elo_of(double score)
{
    if (score <= 0) return -INFINITY;
    if (score >= 1) return INFINITY;
    return -400 * log10(1 / score - 1);
}

void sprt_elo(const int64_t penta[5], double *elo, double *ci95, double *los)
{
    double mu, se, var;
    if (raw_stats(penta, &mu, &se, &var)) {
        *elo = 0, *ci95 = INFINITY, *los = 0.5;
        return;
    }
    *elo = elo_of(mu);
    double lo = elo_of(mu - Z95 * se), hi = elo_of(mu + Z95 * se);
    *ci95 = fmax(*elo - lo, hi - *elo);
    if (se > 0)
        *los = 0.5 * erfc(-(mu - 0.5) / se / sqrt(2.0));
    else
        *los = mu > 0.5 ? 1 : mu < 0.5 ? 0 : 0.5;
}

void sprt_nelo(const int64_t penta[5], double *nelo, double *ci95)
{
    double mu, se, var;
    if (raw_stats(penta, &mu, &se, &var) || var <= 0) {
        *nelo = 0, *ci95 = INFINITY;
        return;
    }
    double sigma = sqrt(2 * var), n = var / (se * se);
    *nelo = (mu - 0.5) / sigma * NELO_PER_T;
    /* the t-value's standard error is close to 1/sqrt(2N) pairs-wise */
    *ci95 = Z95 * NELO_PER_T / sqrt(2 * n);
}
