/* ab.c -- soccer_ab: the strong paper-soccer bot. It searches whole turns with
 * iterative-deepening alpha-beta (search.h) once per turn, then plays the
 * chosen turn a step per act() call (the rules ask one step at a time).
 *
 * Time: on the first step of a turn it thinks for a share of its clock
 * (set_limits: more for crowded positions, never more than a third of the
 * move budget), so that it never comes near a time forfeit; the other steps
 * of the turn are answered at once from the plan.
 *
 * Options (--bots soccer_ab:depth=3,share=50): depth caps the search depth in
 * whole turns (the clock still applies), share scales both time limits
 * (percent; never past the third of the budget). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/legal_check.h"
#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "search.h"
#include "soccer_engine.h"

/* Roots with at most this many distinct turns count as quiet (set_limits). */
#define QUIET_TURNS 64

enum { OPT_DEPTH, OPT_SHARE, OPTS };
static const arena_opt opt_table[OPTS] = {
    [OPT_DEPTH] = {.key = "depth", .def = 0, .lo = 1, .hi = 64, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_SHARE] = {.key = "share", .def = 100, .lo = 10, .hi = 400},
};
static const arena_opts ab_opts = {.game = "soccer_ab", .opt = opt_table, .count = OPTS};
#define AB_HELP                                                                                    \
    "depth=0  maximum search depth in whole turns (0: as deep as the clock allows)\n"              \
    "share=100  percent of the usual time per turn to spend"

typedef struct ab_bot {
    sb_geo *geo;
    ab_search *search;
    sb_plan plan;
    sb_pos now;
    arena_time_control tc;
    int opt[OPTS];           /* the bot's options (depth cap, time share) */
    arena_rng rng;           /* fallback: a step the referee does not offer */
    arena_legal_check check; /* the engine's legal steps against the referee's, once */
} ab_bot;

static void ab_destroy(void *b)
{
    ab_bot *bot = b;
    if (!bot) return;
    ab_free(bot->search);
    sb_plan_free(&bot->plan);
    sb_geo_free(bot->geo);
    free(bot);
}

static void *ab_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    so_dims dims;
    if (so_options_parse(setup->options, &dims, err, errlen) < 0) return NULL;
    int opt[OPTS];
    const char *text = ARENA_BOT_SETUP_HAS(setup, bot_options) ? setup->bot_options : NULL;
    if (arena_opts_parse(&ab_opts, text, opt, err, errlen) < 0) return NULL;
    ab_bot *bot = calloc(1, sizeof *bot);
    if (!bot) goto oom;
    memcpy(bot->opt, opt, sizeof opt);
    bot->tc = setup->tc;
    arena_rng_seed(&bot->rng, setup->seed);
    arena_legal_check_init(&bot->check, "soccer_ab", SOCCER_ENGINE_VERSION, setup);
    bot->geo = sb_geo_new(&dims);
    if (!bot->geo || sb_plan_init(bot->geo, &bot->plan) < 0) goto oom;
    bot->search = ab_new(bot->geo, 20); /* 16 MB of table */
    if (!bot->search) goto oom;
    return bot;
oom:
    ab_destroy(bot);
    if (errlen) snprintf(err, errlen, "soccer_ab: out of memory");
    return NULL;
}

/* The time limits of this turn, from a share of the clock: the hard limit
 * (stop now) and the soft one (start no new depth after it: an iteration
 * begun later would rarely finish). The increment comes with every step and
 * the steps after the first of a turn are answered at once, so the clock
 * refills during bounce chains. Crowded roots (hundreds of turns: the games
 * are decided there, at depth 1 to 3) get a fifth of the clock, quiet ones
 * (the opening; deep enough quickly) a twelfth, so that the clock is kept
 * for the positions that need it. */
static void set_limits(const ab_bot *bot, const arena_turn *turn, int64_t start, ab_limits *lim)
{
    int64_t inc = bot->tc.increment_us, left = turn->time_left_us;
    int64_t hard = bot->tc.move_time_us > 0 ? turn->move_budget_us / 2 : left / 5 + inc / 2;
    int64_t quiet = bot->tc.move_time_us > 0 ? hard : left / 12 + inc / 2;
    int64_t cap = turn->move_budget_us / 3, share = bot->opt[OPT_SHARE];
    hard = hard * share / 100;
    quiet = quiet * share / 100;
    /* 2 ms: what the search may overrun between two clock checks, and more */
    hard = (hard < cap ? hard : cap) - 2000;
    quiet = (quiet < cap ? quiet : cap) - 2000;
    if (hard < 1000) hard = 1000;
    if (quiet < 1000) quiet = 1000;
    lim->clock = turn;
    lim->deadline = start + hard;
    lim->soft_deadline = start + hard / 2;
    lim->quiet_turns = QUIET_TURNS;
    lim->quiet_deadline = start + quiet;
    lim->quiet_soft_deadline = start + quiet / 2;
    lim->max_depth = bot->opt[OPT_DEPTH];
}

static int32_t ab_act(void *b, const arena_turn *turn)
{
    ab_bot *bot = b;
    int64_t start = arena_turn_clock_us(turn);
    if (sb_pos_from_observation(bot->geo, turn->observation, turn->observation_len, &bot->now) < 0)
        return arena_rng_pick(&bot->rng, turn->legal, turn->num_legal);
    if (!bot->check.checked) { /* once per game: does the engine agree with the referee? */
        int32_t mine[SO_DIRS];
        int n = so_legal_steps(bot->now.mask, bot->now.ball, mine, SO_DIRS);
        arena_legal_check_turn(&bot->check, turn, mine, n);
    }
    int next = sb_plan_next(bot->geo, &bot->plan, &bot->now);
    if (next >= 0 && arena_turn_allows(turn, next)) return next;

    ab_limits lim = {0};
    set_limits(bot, turn, start, &lim);
    ab_info info;
    bot->plan.start = bot->now;
    bot->plan.len = ab_choose(bot->search, &bot->now, &lim, bot->plan.steps, &info);
    if (getenv("SOCCER_AB_LOG"))
        fprintf(stderr,
                "soccer_ab: depth %d value %d nodes %ld root %d in %.1f ms (left %.0f ms)\n",
                info.depth, info.value, info.nodes, info.root_turns,
                (arena_turn_clock_us(turn) - start) / 1000.0, turn->time_left_us / 1000.0);
    if (bot->plan.len > 0 && arena_turn_allows(turn, bot->plan.steps[0])) return bot->plan.steps[0];
    bot->plan.len = 0;
    return arena_rng_pick(&bot->rng, turn->legal, turn->num_legal); /* the referee's steps only */
}

ARENA_BOT_OPTIONS("soccer_ab", "1.0", "arena", "soccer", ab_create, ab_act, NULL, ab_destroy, 0u,
                  AB_HELP)
