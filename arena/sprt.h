/* sprt.h -- the sequential probability ratio test on paired games, as fishtest
 * runs it for chess engines. Pure mathematics: no I/O, no globals.
 *
 * A pair is two games of NEW against OLD with the same seed, seats swapped. Its
 * outcome is NEW's points over both games, 0, 0.5, ..., 2, counted in five
 * cells (the pentanomial counts): penta[k] = pairs in which NEW scored k/2.
 *
 * The log-likelihood ratio (fishtest's LLRcalc, statistic "expectation"):
 *   - cells with no pair count as 0.001 pairs (regularisation), N is the sum;
 *   - p_k = penta[k] / N, the empirical distribution over a_k = k/4, the
 *     pair's score as a fraction;
 *   - for an expected score s, the distribution of largest likelihood with
 *     that expectation is q_k = p_k / (1 + lambda (a_k - s)), lambda the root
 *     of sum p_k (a_k - s) / (1 + lambda (a_k - s)) = 0;
 *   - LLR = N sum p_k log(q1_k / q0_k) with s0, s1 the expected scores of the
 *     two hypotheses.
 * Logistic Elo: s = 1 / (1 + 10^(-elo/400)). Normalised Elo (nElo, fishtest's
 * t-value scale): s = 1/2 + nelo / (800 / ln 10) * sigma, sigma = sqrt(2 var)
 * with var the observed variance of the pair score (a_k), so one nElo is the
 * same statistical distance whatever the draw rate; the ratio is then the same
 * expectation LLR.
 *
 * Bounds (Wald): stop with H0 accepted when LLR <= log(beta / (1 - alpha)),
 * H1 accepted when LLR >= log((1 - beta) / alpha). */
#ifndef ARENA_SPRT_H
#define ARENA_SPRT_H

#include <stddef.h>
#include <stdint.h>

typedef enum sprt_model { SPRT_LOGISTIC = 0, SPRT_NORMALIZED = 1 } sprt_model;

typedef enum sprt_state {
    SPRT_CONTINUE = 0,
    SPRT_H1 = 1,      /* NEW is at least elo1 stronger: accepted */
    SPRT_H0 = 2,      /* NEW is at most elo0 stronger: accepted */
    SPRT_STOPPED = 3, /* no verdict: --max-games, interrupted, or failed */
} sprt_state;

typedef struct sprt_params {
    double elo0, elo1;  /* elo0 < elo1, in the model's unit */
    double alpha, beta; /* in (0, 0.5) */
    sprt_model model;
} sprt_params;

/* Pentanomial counts plus the per-game W/D/L of NEW. */
typedef struct sprt_counts {
    int64_t penta[5];
    int64_t wins, draws, losses;
} sprt_counts;

/* 0 when the parameters are usable, else -1 with a one-line reason in err. */
int sprt_params_check(const sprt_params *p, char *err, size_t errlen);
/* The log-likelihood ratio of H1 against H0 for the counts (0 with no pair). */
double sprt_llr(const sprt_params *p, const int64_t penta[5]);
void sprt_bounds(const sprt_params *p, double *lower, double *upper);
/* SPRT_H1, SPRT_H0 or SPRT_CONTINUE for an LLR. */
sprt_state sprt_decide(const sprt_params *p, double llr);
const char *sprt_state_name(sprt_state s); /* "H1 accepted", ... */

/* Adds one pair: NEW's score in its two games (each 1, 0.5 or 0). */
void sprt_counts_add(sprt_counts *c, double score1, double score2);
int64_t sprt_counts_pairs(const sprt_counts *c);

/* NEW's logistic Elo over the pairs, its 95 % interval (elo - lo, hi - elo
 * folded into one half-width: the larger) and the likelihood of superiority,
 * from the pair scores' mean and variance. With no pair: 0, INFINITY, 0.5. */
void sprt_elo(const int64_t penta[5], double *elo, double *ci95, double *los);
/* The same in normalised Elo (nElo). */
void sprt_nelo(const int64_t penta[5], double *nelo, double *ci95);

#endif
