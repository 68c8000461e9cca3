/* greedy.c -- querni_greedy: El Querni one decision at a time.
 *
 *  - Removal: the longest chain whose removal does not strand its own numbers
 *    (the last tiles, which win, included); ties go to the lowest numbers.
 *    No safe chain: end the turn.
 *  - Move: the move (or `-`) that leaves the most linked pairs of its own
 *    consecutive numbers; among those, the smallest sum of distances between
 *    consecutive numbers (so that it closes in when no link is one move
 *    away); remaining ties drawn with the bot's seed.
 *
 * The position comes from the observation, rebuilt with the querni sources
 * compiled into the bot. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/sdk.h"
#include "querni.h"

#define MAX_LEGAL 8192

typedef struct greedy {
    arena_game game;
    arena_rng rng;
    int32_t legal[MAX_LEGAL];
} greedy;

static void *greedy_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    greedy *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "querni_greedy: out of memory");
        return NULL;
    }
    if (qu_options_parse(setup->options, &b->game.cfg, err, errlen) < 0) {
        free(b);
        return NULL;
    }
    qu_options_format(&b->game.cfg, b->game.options, sizeof b->game.options);
    arena_rng_seed(&b->rng, setup->seed);
    return b;
}

static void greedy_destroy(void *b)
{
    free(b);
}

/* Sum over seat's consecutive numbers on the board of their distance (king
 * moves). */
static int spread(const arena_state *s, int seat)
{
    int sum = 0;
    for (int n = 1; n < QU_TILES; n++) {
        int a = s->where[seat][n], b = s->where[seat][n + 1];
        if (a == QU_OFF || b == QU_OFF) continue;
        int dc = abs(a % QU_COLS - b % QU_COLS), dr = abs(a / QU_COLS - b / QU_COLS);
        sum += dc > dr ? dc : dr;
    }
    return sum;
}

static int32_t pick_removal(const arena_state *s, const int32_t *legal, int n)
{
    int32_t best = QU_ACT_PASS;
    int best_len = 0, seat = s->to_move;
    for (int i = 0; i < n; i++) {
        if (legal[i] < QU_ACT_REMOVE || legal[i] >= QU_ACT_PLACE) continue;
        int k = legal[i] - QU_ACT_REMOVE, lo = k / QU_TILES + 1, hi = k % QU_TILES + 1;
        if (hi - lo + 1 <= best_len) continue;
        if (hi - lo + 1 < s->left[seat] && qu_removal_strands(s, seat, lo, hi)) continue;
        best = legal[i];
        best_len = hi - lo + 1;
    }
    return best;
}

static int32_t pick_move(greedy *b, const arena_state *s, const int32_t *legal, int n)
{
    int seat = s->to_move, ties = 0;
    long best = -1000000;
    int32_t choice = QU_ACT_PASS;
    for (int i = 0; i < n; i++) {
        arena_state t = *s;
        if (qu_apply(&t, legal[i]) < 0) continue;
        long score = 1000L * qu_links(&t, seat) - spread(&t, seat);
        if (score > best) {
            best = score;
            choice = legal[i];
            ties = 1;
        } else if (score == best && arena_rng_below(&b->rng, (uint32_t)++ties) == 0) {
            choice = legal[i]; /* each of the tied moves equally likely */
        }
    }
    return choice;
}

static int32_t greedy_act(void *bot, const arena_turn *turn)
{
    greedy *b = bot;
    arena_state *s = qu_from_observation(&b->game, turn->observation, turn->observation_len);
    int32_t a = turn->legal[0];
    if (s && s->phase == QU_PHASE_REMOVE)
        a = pick_removal(s, turn->legal, turn->num_legal);
    else if (s && s->phase == QU_PHASE_MOVE)
        a = pick_move(b, s, turn->legal, turn->num_legal);
    free(s);
    return a;
}

ARENA_BOT("querni_greedy", "1.0", "arena", "querni", greedy_create, greedy_act, NULL,
          greedy_destroy)
