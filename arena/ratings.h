/* ratings.h -- Bradley-Terry ratings with draws and first-move advantage,
 * fitted by maximum likelihood as BayesElo does, with 95 % intervals and the
 * likelihood of superiority. Pure mathematics: no I/O. */
#ifndef ARENA_RATINGS_H
#define ARENA_RATINGS_H

#include <stddef.h>

/* One pairwise result. `a` had the first move (the lower seat), `b` the other;
 * score is a's: 1 win, 0.5 draw, 0 loss. Multiplayer tables become one such
 * result per pair of seats. */
typedef struct rating_game {
    int a;
    int b;
    double score;
} rating_game;

typedef struct rating_entry {
    double elo;    /* the entrants' average is 0 unless anchored */
    double ci95;   /* half-width of the 95 % interval: elo ± ci95 */
    int games;     /* pairwise results involving this entrant */
    int wins, draws, losses;
    double score;  /* (wins + draws/2) / games, 0 when no games */
} rating_entry;

typedef struct rating_fit {
    int n;
    rating_entry *entry; /* n entries, in input order */
    double *los;         /* n*n: los[i*n+j] = P(i stronger than j) */
    double advantage;    /* Elo bonus of the first mover */
    double draw_elo;     /* width of the draw band */
} rating_fit;

/* Fits n entrants over ng results. Returns 0, or -1 with err on bad input
 * (entrant index out of range, score not 0/0.5/1). Entrants without games get
 * elo 0 and an infinite interval. */
int ratings_fit(int n, const rating_game *games, size_t ng, rating_fit *out, char *err,
                size_t errlen);
void ratings_free(rating_fit *fit);

#endif
