/* greedy.c -- soccer_greedy: a one-turn-lookahead paper-soccer bot.
 *
 * On the first step of its turn it lists its distinct whole turns
 * (rules/soccer/include/soccer_turns.h) and plays, in order of preference,
 *   1. a turn that scores;
 *   2. among turns after which the opponent cannot score at once, one that
 *      leaves the ball nearest the opponent's goal and farthest from its own
 *      (ties broken with the bot's seeded generator);
 *   3. if every turn lets the opponent score, the one nearest their goal;
 *   4. with nothing else, a losing turn (own goal or a stuck ball).
 * The other steps of the turn follow from the plan. It is the reference
 * opponent for soccer_ab: a clear step above random, and cheap.
 *
 * Clock: a usual turn takes microseconds, but a crowded position can hold
 * millions of turns (one took 1.6 s on a loaded machine and lost on time at
 * 1+0.02). So each turn has a deadline, an eighth of what the arena allows
 * for the move, checked by the turn generation and between the safety checks
 * of step 2: past it, the best turn found so far is played. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/legal_check.h"
#include "arena/sdk.h"
#include "soccer_engine.h"

/* Steps tried when listing its turns, and when looking for the opponent's
 * goal after one of them: bounds on the time of one move (some crowded
 * positions have millions of turns), far above what usual positions need. */
#define TURN_NODES 2000000
#define REPLY_NODES 100000

typedef struct greedy {
    arena_rng rng;
    sb_geo *geo;
    sb_turns mine, reply;
    sb_plan plan;
    sb_pos now;
    arena_legal_check check; /* the engine's legal steps against the referee's, once */
} greedy;

static void greedy_destroy(void *b)
{
    greedy *g = b;
    if (!g) return;
    sb_turns_free(&g->mine);
    sb_turns_free(&g->reply);
    sb_plan_free(&g->plan);
    sb_geo_free(g->geo);
    free(g);
}

static void *greedy_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    so_dims dims;
    if (so_options_parse(setup->options, &dims, err, errlen) < 0) return NULL;
    greedy *g = calloc(1, sizeof *g);
    if (!g) goto oom;
    arena_rng_seed(&g->rng, setup->seed);
    arena_legal_check_init(&g->check, "soccer_greedy", SOCCER_ENGINE_VERSION, setup);
    sb_turns_init(&g->mine);
    sb_turns_init(&g->reply);
    g->geo = sb_geo_new(&dims);
    if (!g->geo || sb_plan_init(g->geo, &g->plan) < 0) goto oom;
    return g;
oom:
    greedy_destroy(g);
    if (errlen) snprintf(err, errlen, "soccer_greedy: out of memory");
    return NULL;
}

/* An eighth of the move's allowance (the clock left, or the fixed time per
 * move), less 2 ms for what is overrun between two checks; at least 1 ms. On
 * the clock the seat is charged on (arena_turn_clock_us: CPU time in a jail),
 * so a loaded machine slows the game but does not cut the look short. */
static int64_t greedy_deadline(const arena_turn *turn)
{
    int64_t use = turn->move_budget_us / 8 - 2000;
    return arena_turn_clock_us(turn) + (use > 1000 ? use : 1000);
}

/* Whether the opponent can score right after turn i of g->mine (as far as
 * the deadline lets it look: not found in time counts as no). */
static int gives_goal(greedy *g, int i, const arena_turn *turn, int64_t deadline)
{
    const sb_turn *u = &g->mine.turn[i];
    const uint8_t *steps = sb_turn_steps(&g->mine, i);
    int ball = g->now.ball;
    uint64_t key = g->now.key;
    sb_budget budget = {.max_nodes = REPLY_NODES, .deadline = deadline, .clock = turn};
    sb_play_turn(g->geo, &g->now, steps, u->len);
    int scores = sb_can_score(g->geo, &g->now, &g->reply, &budget);
    sb_undo_turn(g->geo, &g->now, ball, key, steps, u->len);
    return scores;
}

/* The index of the turn to play (the list is not empty). Past the deadline
 * the turns not yet checked are not played: the best checked one is, or, when
 * none was, the turn nearest the goal that does not lose at once. */
static int pick(greedy *g, const arena_turn *turn, int64_t deadline)
{
    sb_turns *t = &g->mine;
    int best = -1, best_unsafe = -1, ties = 0, unchecked = -1;
    int best_score = -1000, unsafe_score = -1000, unchecked_score = -1000;
    for (int i = 0; i < t->n; i++) {
        const sb_turn *u = &t->turn[i];
        if (u->result == SB_WIN) return i;
        if (u->result == SB_LOSS) continue;
        int score = sb_toward(g->geo, g->now.side, u->end);
        if (score < best_score) continue; /* cannot beat a safe turn already found */
        if (arena_turn_clock_us(turn) >= deadline) {
            if (score > unchecked_score) unchecked_score = score, unchecked = i;
            continue;
        }
        if (gives_goal(g, i, turn, deadline)) {
            if (score > unsafe_score) unsafe_score = score, best_unsafe = i;
            continue;
        }
        if (score > best_score)
            best_score = score, best = i, ties = 1;
        else if (arena_rng_below(&g->rng, (uint32_t)++ties) == 0)
            best = i; /* uniform among ties */
    }
    if (best >= 0) return best;
    if (unchecked >= 0) return unchecked;
    if (best_unsafe >= 0) return best_unsafe;
    return 0; /* only losing turns */
}

static int32_t greedy_act(void *b, const arena_turn *turn)
{
    greedy *g = b;
    if (sb_pos_from_observation(g->geo, turn->observation, turn->observation_len, &g->now) < 0)
        return arena_rng_pick(&g->rng, turn->legal, turn->num_legal);
    if (!g->check.checked) { /* once per game: does the engine agree with the referee? */
        int32_t mine[SO_DIRS];
        int n = so_legal_steps(g->now.mask, g->now.ball, mine, SO_DIRS);
        arena_legal_check_turn(&g->check, turn, mine, n);
    }
    int next = sb_plan_next(g->geo, &g->plan, &g->now);
    if (next >= 0 && arena_turn_allows(turn, next)) return next;

    int64_t deadline = greedy_deadline(turn);
    sb_budget budget = {.max_nodes = TURN_NODES, .deadline = deadline, .clock = turn};
    g->plan.len = 0;
    if (sb_generate(g->geo, &g->now, &g->mine, SB_STOP_ON_WIN, &budget) > 0) {
        int i = pick(g, turn, deadline);
        g->plan.start = g->now;
        g->plan.len = g->mine.turn[i].len;
        memcpy(g->plan.steps, sb_turn_steps(&g->mine, i), (size_t)g->plan.len);
        if (arena_turn_allows(turn, g->plan.steps[0])) return g->plan.steps[0];
    }
    g->plan.len = 0;
    return arena_rng_pick(&g->rng, turn->legal, turn->num_legal);
}

ARENA_BOT("soccer_greedy", "1.0", "arena", "soccer", greedy_create, greedy_act, NULL,
          greedy_destroy)
