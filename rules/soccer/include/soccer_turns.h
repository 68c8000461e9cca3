/* soccer_turns.h -- whole-turn generation, part of the soccer engine
 * (soccer_engine.h): every distinct way the side to move can play its turn (a
 * step, then more steps while the ball bounces), each once. Its steps and
 * what they do are the module's own (the step rule of soccer_pitch.h: the
 * steps it tries are the module's legal actions), so bots and referee cannot
 * disagree on a turn.
 *
 * Two step orders that draw the same set of segments and leave the ball on the
 * same point lead to the same position, so they are one turn: the generator
 * walks the bounce tree depth-first and prunes every node whose (drawn set,
 * ball) it has already seen, keyed by Zobrist hashing. That also cuts the
 * exponential blow-up of bounce chains through crowded regions. */
#ifndef SOCCER_TURNS_H
#define SOCCER_TURNS_H

#include <stddef.h>
#include <stdint.h>

#include "arena/bot.h"
#include "soccer_board.h"

enum sb_result {
    SB_PASS, /* the ball stopped on a fresh point: the opponent moves */
    SB_WIN,  /* the ball entered the goal the mover attacks */
    SB_LOSS  /* own goal, or the ball got stuck on the mover's turn */
};

typedef struct sb_turn {
    uint32_t at;   /* offset of its steps in sb_turns.steps */
    uint16_t len;  /* steps */
    int16_t end;   /* where the ball ends: a field point or SO_GOAL_* */
    int8_t result; /* enum sb_result */
    int32_t score; /* free for the caller (ordering) */
} sb_turn;

/* Limits shared by all the generations of one search. */
typedef struct sb_budget {
    long nodes;       /* steps tried so far, by every generation */
    long max_nodes;   /* stop beyond this (<= 0: no limit) */
    int64_t deadline; /* arena_turn_clock_us(clock) value to stop at (0: none) */
    int stopped;      /* set once a limit was hit */
    /* The move's turn, for the clock its seat is charged on (CPU time in a
     * jail, so a loaded machine does not cut a search short); NULL: the
     * wall clock (arena_now_us). */
    const arena_turn *clock;
} sb_budget;

#define SB_STOP_ON_WIN 1  /* stop at the first winning turn (found: the only one listed) */
#define SB_WINS_ONLY 2    /* list winning turns only (with STOP_ON_WIN: "can it score?") */
#define SB_NO_LOSSES 4    /* do not list losing turns (but count them in n_losses) */
#define SB_STOP_AT_PASS 8 /* stop once a passing turn reaches sb_turns.stop_pass */

/* The turns of one position, and the workspace that finds them (reused from
 * one generation to the next: no allocation once warmed up). */
typedef struct sb_turns {
    sb_turn *turn;
    int n, cap;
    int n_wins, n_losses, n_passes; /* found, listed or not */
    int best_pass;                  /* the best sb_eval_end of the passing turns found */
    int stop_pass;                  /* with SB_STOP_AT_PASS: a best_pass that is good enough */
    long max_turns;                 /* stop listing beyond this many (<= 0: no limit) */
    int truncated;                  /* a limit cut the list short */
    uint8_t *steps;
    size_t n_steps, steps_cap;
    uint8_t *path;        /* the steps of the node being walked */
    struct sb_seen *seen; /* open-addressing set of node keys */
    size_t seen_cap, n_seen;
    uint32_t stamp; /* a slot is in the set when its stamp is this one */
} sb_turns;

void sb_turns_init(sb_turns *t);
void sb_turns_free(sb_turns *t);

/* Lists the turns of the side to move in pos (restored on return) into t.
 * Returns the number listed, or -1 when out of memory. */
int sb_generate(const sb_geo *g, sb_pos *pos, sb_turns *t, int flags, sb_budget *b);

/* The steps of turn i. */
static inline const uint8_t *sb_turn_steps(const sb_turns *t, int i)
{
    return t->steps + t->turn[i].at;
}

/* Whether the side to move can score this turn (its first winning turn is
 * then left in scratch). */
int sb_can_score(const sb_geo *g, sb_pos *pos, sb_turns *scratch, sb_budget *b);

/* The same walk, also stopping once a passing turn is worth good_enough
 * (best_pass then says so): for a search that only needs to know that. */
int sb_can_score_or_reach(const sb_geo *g, sb_pos *pos, sb_turns *scratch, int good_enough,
                          sb_budget *b);

#endif
