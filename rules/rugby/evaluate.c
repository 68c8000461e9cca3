/* evaluate.c -- a heuristic value of a rugby position (rules.h: evaluate),
 * for search bots that stop playouts early: a random playout runs a hundred
 * guesses more, and one guess then moves its outcome too little to be seen.
 *
 * The game is a race to the target. A seat needs (target - score) points,
 * and its guesses score, on average, what the opponent's board still hides
 * per field not yet guessed; so it needs about need / rate guesses more. The
 * seat to move is half a guess ahead, or as many guesses as its bonus gives.
 * The value is a sigmoid of the difference of the two seats' guesses needed,
 * scaled by how long the race still is (a lead of a few guesses settles a
 * short race, not a long one). A searcher hands it a determinisation
 * (sample_state), not the referee's state; the value reads only the public
 * counts of it (scores, guesses, the turn and the bonus). */
#include "rugby.h"

#define RG_EVAL_FAR 1000.0 /* guesses needed when the target is out of reach */

/* Guesses seat still needs, about. The points the opponent's board still
 * hides are those of a whole board less what seat has found (its score),
 * over the fields it has not guessed: no need to read the board, which
 * matters to a searcher that values every move of every determinisation. */
static double guesses_needed(const arena_state *s, int seat)
{
    int points = rg_total_points(s->cfg.tries) - s->score[seat];
    int fields = RG_FIELDS - s->guesses[seat];
    double need = (double)s->cfg.target - s->score[seat];
    if (need <= 0) return 0;
    if (points < need || fields == 0) return RG_EVAL_FAR;
    return need * fields / points;
}

void rg_evaluate(const arena_state *s, double *out)
{
    out[0] = out[1] = 0.5;
    if (s->phase != RG_PHASE_PLAY) return;
    double t[2] = {guesses_needed(s, 0), guesses_needed(s, 1)};
    double lead = s->bonus > 0 ? s->bonus : 0.5;
    t[s->to_move] -= lead;
    double scale = 3.0 + (t[0] + t[1]) / 10.0;
    if (scale > 3.0 + 2 * RG_FIELDS / 10.0) scale = 3.0 + 2 * RG_FIELDS / 10.0;
    double d = (t[1] - t[0]) / scale;
    out[0] = 0.5 + 0.5 * d / (1.0 + (d < 0 ? -d : d));
    out[1] = 1.0 - out[0];
}
