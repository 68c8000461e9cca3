/* bot.c -- morris_ab: the alpha-beta morris bot, every variant. This file is
 * the bot ABI and the time management; the search is search.c.
 *
 * The position comes from the observation (the wire contract), rebuilt with the
 * morris engine library linked into the bot, so the bot does not depend on the
 * layout of the referee's state.
 *
 * Time: the arena gives move_budget_us (the clock left, or the fixed move
 * time). The bot never plans past 90 % of it minus 5 ms. With a clock it keeps
 * a reserve (a quarter of the base, at most 250 ms) and aims at 1/30 of the
 * rest plus 3/4 of the increment (half the increment when below the reserve),
 * starts no iteration after half of that and stops at twice that. With a
 * fixed move time it stops at 3/4 of the usable budget and starts no
 * iteration after 3/8. The search reads the clock every 256 nodes (~0.1 ms),
 * the clock its seat is charged on (arena_turn_clock_us: its CPU time in a
 * jail), so a loaded machine slows the game but does not cut the search short.
 *
 * Options (--bots morris_ab:depth=6,share=50): depth caps the search depth
 * in turns (the clock still applies), share scales the time aimed at per move
 * (percent; never past the usable part of the budget).
 *
 * Test hooks (read at create, for timing-independent tests and tuning):
 *   MORRIS_AB_DEPTH=N   search exactly N turns deep, no clock
 *   MORRIS_AB_NODES=N   stop after N nodes, no clock (with DEPTH: both)
 *   MORRIS_AB_TT_MB=N   transposition table size (default 32)
 *   MORRIS_AB_VERBOSE=1 one line per move on stderr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"
#include "arena/legal_check.h"
#include "arena/module_kit.h"

#define TT_MB_DEFAULT 32
#define MAX_RESERVE_US 250000 /* clock kept back for bad moments (see limits) */

enum { OPT_DEPTH, OPT_SHARE, OPTS };
static const arena_opt opt_table[OPTS] = {
    [OPT_DEPTH] = {.key = "depth", .def = 0, .lo = 1, .hi = 64, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_SHARE] = {.key = "share", .def = 100, .lo = 10, .hi = 400},
};
static const arena_opts ab_opts = {.game = "morris_ab", .opt = opt_table, .count = OPTS};
#define AB_HELP                                                                                    \
    "depth=0  maximum search depth in turns (0: as deep as the clock allows)\n"                    \
    "share=100  percent of the usual time per move to spend"

typedef struct bot {
    arena_game game; /* the bot's own copy of the configured game */
    ab_search *search;
    arena_time_control tc;
    int depth;     /* MORRIS_AB_DEPTH, 0 = by time */
    int64_t nodes; /* MORRIS_AB_NODES, 0 = none */
    int verbose;
    int opt[OPTS];           /* the bot's options (depth cap, time share) */
    arena_rng rng;           /* fallback: an unreadable observation, a choice the referee refuses */
    arena_legal_check check; /* the engine's legal list against the referee's, once */
} bot;

static long env_number(const char *name, long dflt)
{
    const char *v = getenv(name);
    if (!v || !*v) return dflt;
    char *end;
    long x = strtol(v, &end, 10);
    return *end || x < 0 ? dflt : x;
}

static void bot_destroy(void *b)
{
    bot *t = b;
    if (!t) return;
    ab_search_free(t->search);
    free(t);
}

static void *bot_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    if (strcmp(setup->game_name, "morris") != 0) {
        snprintf(err, errlen, "morris_ab: plays morris only, not %s", setup->game_name);
        return NULL;
    }
    int opt[OPTS];
    const char *text = ARENA_BOT_SETUP_HAS(setup, bot_options) ? setup->bot_options : NULL;
    if (arena_opts_parse(&ab_opts, text, opt, err, errlen) < 0) return NULL;
    bot *t = calloc(1, sizeof *t);
    if (!t) goto oom;
    memcpy(t->opt, opt, sizeof opt);
    if (mo_game_init(&t->game, setup->options, err, errlen) < 0) {
        free(t);
        return NULL;
    }
    t->tc = setup->tc;
    t->depth = (int)env_number("MORRIS_AB_DEPTH", 0);
    t->nodes = env_number("MORRIS_AB_NODES", 0);
    t->verbose = (int)env_number("MORRIS_AB_VERBOSE", 0);
    unsigned mb = (unsigned)env_number("MORRIS_AB_TT_MB", TT_MB_DEFAULT);
    arena_rng_seed(&t->rng, setup->seed);
    arena_legal_check_init(&t->check, "morris_ab", MORRIS_ENGINE_VERSION, setup);
    t->search = ab_search_new(mo_state_size(t->game.hist_cap), mb ? mb : 1,
                              arena_seed_derive(setup->seed, 1));
    if (!t->search) goto oom;
    return t;
oom:
    bot_destroy(t);
    snprintf(err, errlen, "morris_ab: out of memory");
    return NULL;
}

/* The limits of this move's search from the budget the arena gives. */
static ab_limits limits(const bot *t, const arena_turn *turn)
{
    ab_limits lim = {.max_depth = t->depth, .max_nodes = t->nodes, .soft_us = 0, .hard_us = 0};
    if (t->depth || t->nodes) return lim; /* test hooks: no clock */
    lim.clock = turn;
    lim.max_depth = t->opt[OPT_DEPTH];
    int64_t share = t->opt[OPT_SHARE];
    int64_t budget = turn->move_budget_us;
    int64_t usable = budget - budget / 10 - 5000;
    if (usable < budget / 4) usable = budget / 4; /* tiny budgets: a quarter */
    int64_t target = usable;
    if (t->tc.move_time_us <= 0) {
        /* A reserve stays on the clock: spending time_left / 30 plus most of
         * the increment alone settles the clock a few ms above zero, where one
         * slice lost to another process on a loaded machine forfeits. Below
         * the reserve the bot spends half the increment, so the clock climbs
         * back. */
        int64_t reserve = t->tc.base_us / 4 < MAX_RESERVE_US ? t->tc.base_us / 4 : MAX_RESERVE_US;
        int64_t spare = turn->time_left_us - reserve, inc = t->tc.increment_us;
        if (spare > 0)
            target = spare / 30 + inc * 3 / 4;
        else
            target = inc ? inc / 2 : turn->time_left_us / 40;
        target = target * share / 100;
        if (target > usable) target = usable;
        /* May overrun the target to finish an iteration, not the usable part
         * (nor at all below the reserve). */
        int64_t hard = spare > 0 ? target * 2 : target;
        lim.hard_us = hard < usable ? hard : usable;
        lim.soft_us = target / 2;
    } else {
        /* Stop at 3/4 of the usable part: on a loaded machine the process can
         * lose the CPU for several milliseconds between two clock reads. */
        int64_t hard = usable * 3 / 4 * share / 100;
        lim.hard_us = hard < usable * 3 / 4 ? hard : usable * 3 / 4;
        lim.soft_us = lim.hard_us / 2;
    }
    if (lim.hard_us < 1) lim.hard_us = 1;
    if (lim.soft_us < 1) lim.soft_us = 1;
    return lim;
}

static int32_t bot_act(void *b, const arena_turn *turn)
{
    bot *t = b;
    arena_state *s = mo_from_observation(&t->game, turn->observation, turn->observation_len);
    if (!s || s->over) {
        free(s);
        return arena_rng_pick(&t->rng, turn->legal, turn->num_legal);
    }
    if (!t->check.checked) { /* once per game: does the engine agree with the referee? */
        int32_t mine[MO_MAX_LEGAL];
        int n = mo_legal_actions(s, mine, MO_MAX_LEGAL);
        arena_legal_check_turn(&t->check, turn, mine, n < MO_MAX_LEGAL ? n : MO_MAX_LEGAL);
    }
    if (turn->num_legal == 1) {
        free(s);
        return turn->legal[0];
    }
    ab_limits lim = limits(t, turn);
    ab_info info;
    int32_t a = ab_search_best(t->search, s, &lim, &info);
    if (t->verbose) {
        char name[16];
        mo_action_name(s, a, name, sizeof name);
        fprintf(stderr,
                "morris_ab: ply %d %s depth %d score %d nodes %lld in %lld us (budget %lld)\n",
                turn->ply, name, info.depth, info.score, (long long)info.nodes,
                (long long)info.elapsed_us, (long long)turn->move_budget_us);
    }
    free(s);
    return arena_legal_answer(turn, a, &t->rng); /* the referee's actions only */
}

ARENA_BOT_OPTIONS("morris_ab", "1.0", "arena", "morris", bot_create, bot_act, NULL, bot_destroy, 0u,
                  AB_HELP)
