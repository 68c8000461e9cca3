/* ratings_internal.h -- the BayesElo log-posterior and its maximiser, shared by
 * ratings.c and ratings_fit.c and exposed to the tests (derivatives are checked
 * against finite differences there). Not part of the public contract. */
#ifndef ARENA_RATINGS_INTERNAL_H
#define ARENA_RATINGS_INTERNAL_H

#include <stddef.h>

/* Elo to natural-log scale: f(x) = 1/(1+10^(-x/400)) = 1/(1+exp(-K x)). */
#define RATINGS_K 0.0057564627324851142 /* ln(10)/400 */

/* Result of one observation, seen from the first mover. */
enum { RATINGS_FIRST_WINS, RATINGS_DRAW, RATINGS_SECOND_WINS, RATINGS_OUTCOMES };

/* One aggregated observation: `weight` identical results between parameter
 * `a` (first mover) and `b`. -1 stands for the virtual opponent of the prior,
 * whose rating is fixed at 0. */
typedef struct ratings_obs {
    int a, b;
    int outcome;
    double weight;
} ratings_obs;

struct rating_game;

/* The games' observations, merged by (first, second, outcome) in that order,
 * then the prior's virtual games; param[i] is entrant i's index in theta, or
 * -1. by_table: 1 counts them in a table by key (what ratings.c does when the
 * table is small beside the games), 0 sorts them; both give the same array
 * (a test compares them). NULL without memory; *nobs its length. */
ratings_obs *ratings_build_obs(const struct rating_game *games, size_t ng, const int *param, int m,
                               int by_table, size_t *nobs);

/* theta = m ratings, then the first-move advantage, then drawelo (> 0). */
typedef struct ratings_model {
    int m;
    size_t nobs;
    const ratings_obs *obs;
} ratings_model;

#define RATINGS_ADV(m) (m)
#define RATINGS_DRAW_ELO(m) ((m) + 1)

double ratings_log_f(double x); /* log f(x), stable for any x */

/* Log-posterior at theta (-INFINITY when drawelo <= 0). */
double ratings_logpost(const ratings_model *mod, const double *theta);
/* Gradient (m+2) and Hessian ((m+2)^2, row-major) of the log-posterior. */
void ratings_derivs(const ratings_model *mod, const double *theta, double *grad, double *hess);
/* Newton ascent from theta to the maximum a posteriori; on success cov holds
 * the inverse of the negated Hessian there (the Laplace covariance). Returns
 * the number of iterations, or -1 (no memory, or no convergence). */
int ratings_maximise(const ratings_model *mod, double *theta, double *cov);

/* The results of one table (runs of one nonzero rating_game.table) are not
 * independent. cross (m+2)^2 gets the sum, over each table's ordered pairs
 * of distinct results, of the outer product of their scores at theta: what
 * the variance of the total score has beyond the sum of the results' own.
 * Returns the number of tables of two or more results. */
int ratings_table_cross(const struct rating_game *games, size_t ng, const int *param, int m,
                        const double *theta, double *cross);
/* RATINGS_FIRST_WINS, _DRAW or _SECOND_WINS for a's score 1, 0.5, 0. */
int ratings_outcome(double score);

/* Dense symmetric positive definite algebra, n x n row-major, in place. */
int ratings_cholesky(double *a, int n);
void ratings_cholesky_solve(const double *l, int n, double *x);
int ratings_spd_inverse(const double *a, int n, double *inv);
void ratings_matmul(const double *a, const double *b, int n, double *out); /* out = a b */
/* a = Q diag(w) Q^T, a symmetric (destroyed); Q's columns in q. */
void ratings_sym_eigen(double *a, int n, double *w, double *q);

#endif
