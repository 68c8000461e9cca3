/* bot.c -- querni_search: the alpha-beta El Querni bot. This file is the bot
 * ABI and the time management; the engine is search.c and eval.c.
 *
 * A MOVE decision is searched (search.h); a REMOVE decision is answered at
 * once by the evaluation (qs_best_removal, the same choice the search assumed).
 *
 * Time: with a clock the bot keeps a reserve (two fifths of the base, at most
 * 400 ms: a loaded 2-core machine was seen to stall a worker for 300 ms) and
 * aims at 1/10 of the rest plus 3/4 of the increment (games are short: some
 * 20 moves a side), half the increment below the reserve; it starts no new
 * depth after half its aim and stops at twice its aim, never past 60 % of the
 * move's budget less 5 ms. With a fixed move time it stops at half the budget.
 * The search reads the clock after every subtree of two turns (well under a
 * millisecond), and depth 1 (a few hundred microseconds) is always finished.
 * The clock is the one its seat is charged on (arena_turn_clock_us: its CPU
 * time in a jail), so a loaded machine slows the game, not the search.
 *
 * Options (module kit, `--bots querni_search:depth=3,share=50`): a cap on the
 * depth in turns (the clock still applies) and the percentage of the usual
 * time to spend.
 *
 * Test hooks (read at create): QUERNI_SEARCH_DEPTH=N searches exactly N turns
 * deep without a clock; QUERNI_SEARCH_VERBOSE=1 prints a line per move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "search.h"

#define MAX_RESERVE_US 400000

enum { OPT_DEPTH, OPT_SHARE, OPTS };
static const arena_opt opt_table[OPTS] = {
    [OPT_DEPTH] = {.key = "depth", .def = 0, .lo = 1, .hi = 64, .flags = ARENA_OPT_ZERO_OFF},
    [OPT_SHARE] = {.key = "share", .def = 100, .lo = 10, .hi = 400},
};
static const arena_opts qs_opts = {.game = "querni_search", .opt = opt_table, .count = OPTS};
#define QS_HELP                                                                                    \
    "depth=0  maximum search depth in turns (0: as deep as the clock allows)\n"                    \
    "share=100  percent of the usual time per move to spend"

typedef struct qs_bot {
    arena_game game;
    arena_time_control tc;
    int depth;
    int verbose;
    int opt[OPTS];
} qs_bot;

static long env_number(const char *name, long dflt)
{
    const char *v = getenv(name);
    if (!v || !*v) return dflt;
    char *end;
    long x = strtol(v, &end, 10);
    return *end || x < 0 ? dflt : x;
}

static void *qs_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    int opt[OPTS];
    const char *text = ARENA_BOT_SETUP_HAS(setup, bot_options) ? setup->bot_options : NULL;
    if (arena_opts_parse(&qs_opts, text, opt, err, errlen) < 0) return NULL;
    qs_bot *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "querni_search: out of memory");
        return NULL;
    }
    if (qu_options_parse(setup->options, &b->game.cfg, err, errlen) < 0) {
        free(b);
        return NULL;
    }
    qu_options_format(&b->game.cfg, b->game.options, sizeof b->game.options);
    b->tc = setup->tc;
    memcpy(b->opt, opt, sizeof opt);
    b->depth = (int)env_number("QUERNI_SEARCH_DEPTH", 0);
    b->verbose = (int)env_number("QUERNI_SEARCH_VERBOSE", 0);
    return b;
}

static void qs_destroy(void *b)
{
    free(b);
}

static qs_limits limits(const qs_bot *b, const arena_turn *turn, int64_t start)
{
    qs_limits lim = {.clock = turn, .max_depth = b->depth, .depth_cap = b->opt[OPT_DEPTH]};
    int64_t budget = turn->move_budget_us;
    int64_t usable = budget * 6 / 10 - 5000, hard, soft;
    if (usable < budget / 4) usable = budget / 4;
    if (b->tc.move_time_us > 0) {
        hard = usable * 5 / 6;
        soft = hard / 3;
    } else {
        int64_t reserve = b->tc.base_us * 2 / 5;
        if (reserve > MAX_RESERVE_US) reserve = MAX_RESERVE_US;
        int64_t spare = turn->time_left_us - reserve, inc = b->tc.increment_us, target;
        if (spare > 0)
            target = spare / 10 + inc * 3 / 4;
        else
            target = inc ? inc / 2 : turn->time_left_us / 40;
        target = target * b->opt[OPT_SHARE] / 100;
        hard = spare > 0 ? 2 * target : target;
        soft = target / 2;
    }
    if (hard > usable) hard = usable;
    if (soft > hard) soft = hard;
    lim.hard_deadline = start + (hard > 0 ? hard : 0);
    lim.soft_deadline = start + (soft > 0 ? soft : 0);
    return lim;
}

static int is_legal(const arena_turn *turn, int32_t a)
{
    for (int i = 0; i < turn->num_legal; i++)
        if (turn->legal[i] == a) return 1;
    return 0;
}

static int32_t qs_act(void *bot, const arena_turn *turn)
{
    qs_bot *b = bot;
    int64_t start = arena_turn_clock_us(turn);
    if (turn->num_legal == 1) return turn->legal[0];
    arena_state *s = qu_from_observation(&b->game, turn->observation, turn->observation_len);
    int32_t a = turn->legal[0];
    if (s && s->phase == QU_PHASE_REMOVE) {
        int cost;
        a = qs_best_removal(s, &cost);
    } else if (s && s->phase == QU_PHASE_MOVE) {
        qs_limits lim = limits(b, turn, start);
        qs_info info;
        a = qs_best_move(s, &lim, &info);
        if (b->verbose)
            fprintf(stderr, "querni_search: ply %d depth %d value %d nodes %ld in %lld us\n",
                    turn->ply, info.depth, info.value, info.nodes,
                    (long long)(arena_turn_clock_us(turn) - start));
    }
    free(s);
    return is_legal(turn, a) ? a : turn->legal[0];
}

ARENA_BOT_OPTIONS("querni_search", "1.0", "arena", "querni", qs_create, qs_act, NULL, qs_destroy,
                  0u, QS_HELP)
