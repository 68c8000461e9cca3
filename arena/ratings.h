/* ratings.h -- Bradley-Terry ratings with draws and first-move advantage,
 * fitted by maximum likelihood as BayesElo does, with 95 % intervals and the
 * likelihood of superiority. Pure mathematics: no I/O.
 *
 * The model (Coulom's BayesElo), for a game where a moves first:
 *   P(a wins) = f(Ra - Rb + adv - drawelo)
 *   P(b wins) = f(Rb - Ra - adv - drawelo)
 *   P(draw)   = 1 - P(a wins) - P(b wins),    f(x) = 1 / (1 + 10^(-x/400)).
 * Ratings, adv and drawelo are estimated jointly at the maximum of the
 * log-posterior (Newton's method; the log-posterior is concave).
 *
 * The prior is made of virtual games added to the data:
 *   - each entrant with games draws RATINGS_PRIOR_DRAWS (2) virtual games
 *     against a virtual opponent whose rating is fixed at 0, half of them
 *     moving first: perfect scores get finite ratings, and drawelo > 0;
 *   - two virtual games between two virtual players of equal rating, one won
 *     by the first mover and one by the second: adv and drawelo stay finite
 *     when every real game is won by the first mover or drawn.
 * The ratings are then shifted so that the mean over entrants with games is 0
 * (a shift changes no probability). Intervals come from the inverse of the
 * negated Hessian of the log-posterior at its maximum (Laplace approximation),
 * projected onto centred ratings; ci95 = 1.96 sd. The pairwise results of a
 * multiplayer table are not independent games: for them the covariance is
 * the composite likelihood's sandwich (ratings.c count_tables), never below
 * the independent games' one, which leaves two-seat tables exactly as they
 * were. LOS[i][j] = Phi((Ri - Rj) /
 * sd(Ri - Rj)). The prior's pull fades as games accumulate: with 100000 games
 * between two entrants it moves their difference by well under 1 Elo. */
#ifndef ARENA_RATINGS_H
#define ARENA_RATINGS_H

#include <stddef.h>
#include <stdint.h>

/* One pairwise result, `count` times. `a` had the first move (the lower
 * seat), `b` the other; score is a's: 1 win, 0.5 draw, 0 loss. Multiplayer
 * tables become one such result per pair of seats, one after another with the
 * same nonzero `table` (tally_table): one finishing order is not that many
 * independent games, and the intervals count how the results of a table move
 * together. 0: a result on its own (a two-seat table); such results are
 * independent, so equal ones are one entry with a count (tally_push), which
 * keeps a tournament's results in memory as large as its pairings, not its
 * games. count >= 1, and 1 for a table's result. Every figure here depends
 * only on the counts, not on the order of the entries. */
typedef struct rating_game {
    int a;
    int b;
    double score;
    uint32_t table;
    uint32_t count;
} rating_game;

typedef struct rating_entry {
    double elo;  /* the entrants' average is 0 unless anchored */
    double ci95; /* half-width of the 95 % interval: elo ± ci95 */
    int games;   /* pairwise results involving this entrant */
    int wins, draws, losses;
    double score; /* (wins + draws/2) / games, 0 when no games */
    /* Added: the average rating of its opponents, one term per pairwise
     * result (Ordo's "Oppo"); NAN when no games. */
    double oppo;
} rating_entry;

typedef struct rating_fit {
    int n;
    rating_entry *entry; /* n entries, in input order */
    double *los;         /* n*n: los[i*n+j] = P(i stronger than j) */
    double advantage;    /* Elo bonus of the first mover */
    double draw_elo;     /* width of the draw band */
    /* Added: intervals of the two model parameters (INFINITY when no game),
     * and the Newton iterations the fit took (0 when there was no game). */
    double advantage_ci95;
    double draw_elo_ci95;
    int iterations;
    /* Added: n*n covariance of the ratings (0 rows for entrants without
     * games); what ratings_anchor needs. */
    double *cov;
} rating_fit;

/* Virtual draws per entrant against the prior's virtual opponent. */
#define RATINGS_PRIOR_DRAWS 2

/* Fits n entrants over ng results. Returns 0, or -1 with err on bad input
 * (entrant index out of range, an entrant against itself, score not 0/0.5/1),
 * no memory or no convergence; out is then left empty (safe to free).
 * Entrants without games get elo 0 and an infinite interval, and LOS 0.5
 * against everyone; los[i*n+i] is 0.5. Relabelling entrants permutes the
 * output; swapping the colours of every game negates the advantage. */
int ratings_fit(int n, const rating_game *games, size_t ng, rating_fit *out, char *err,
                size_t errlen);
void ratings_free(rating_fit *fit);

/* Added: the crosstable of the same results, as report.h wants it:
 * score[i*n+j] = points i took from j, games[i*n+j] = games between them
 * (both n*n, caller-owned, overwritten). Returns 0, or -1 with err on the
 * same bad input as ratings_fit. */
int ratings_crosstable(int n, const rating_game *games, size_t ng, double *score, int *count,
                       char *err, size_t errlen);

/* Added: anchors the ratings (Ordo's anchor): shifts every rating (and Oppo)
 * so that entrant i is rated `elo`, and makes every interval relative to it:
 * ci95 of j becomes 1.96 sd(Rj - Ri), 0 for i itself. LOS is unchanged (it
 * compares differences). -1 with err when i is out of range or has no games. */
int ratings_anchor(rating_fit *fit, int i, double elo, char *err, size_t errlen);

/* Added (ratings_groups.c): the groups of players linked by games (two
 * players are in one group when a chain of games joins them). A fit
 * compares players of different groups only through the prior, which pulls
 * each group to 0: their order and LOS mean nothing, and Ordo says so too.
 * group[i] gets i's group, numbered from 0 by first player; returns how many
 * groups there are (players without games are groups of their own). */
int ratings_groups(int n, const rating_game *games, size_t ng, int *group);

/* Added: the model's outcome probabilities for a first mover rated `diff`
 * above its opponent (any pointer may be NULL). */
void ratings_probabilities(double diff, double advantage, double draw_elo, double *win,
                           double *draw, double *loss);

#endif
