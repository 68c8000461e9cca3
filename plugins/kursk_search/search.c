/* search.c -- kursk_search: determinised Monte Carlo search for KURSK.
 *
 * A hidden-information bot sees only its observation. At every decision with
 * a choice it repeats, while its time lasts: deal the unseen cards at random
 * with the rule module's sample_state (a world consistent with all it knows),
 * then for every legal action play that action and a short playout in that
 * world - every seat, itself included, by the kursk_basic policy with a
 * little noise, chance by its weights - and score the position reached. The
 * action with the best mean over all worlds is played (flat perfect-
 * information Monte Carlo). Every action of a world gets the same playout
 * randomness too, so that their differences are not noise of the deal.
 *
 * Playouts stop after HORIZON_ROUNDS rounds or at the end of the game; a
 * position is scored from the bot's seat as its field, Jokers and cards
 * against the opponents' mean, and a finished game by its return.
 *
 * Time: a share of the clock above a reserve per decision (see budget),
 * checked after every world; a single legal action is answered at once.
 *
 * Options (module kit, `--bots kursk_search:horizon=6,share=50`): the
 * playout horizon in rounds and the percentage of the usual time to spend. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/bot.h"
#include "arena/module_kit.h"
#include "arena/sdk.h"
#include "policy.h"

#define HORIZON_ROUNDS 4 /* the default horizon */
#define MAX_LEGAL 64
#define PLAYOUT_PLIES 400
#define RESERVE_US 600000 /* clock kept for stalls (see budget) */

enum { OPT_HORIZON, OPT_SHARE, OPTS };
static const arena_opt opt_table[OPTS] = {
    [OPT_HORIZON] = {.key = "horizon", .def = HORIZON_ROUNDS, .lo = 1, .hi = 50},
    [OPT_SHARE] = {.key = "share", .def = 100, .lo = 10, .hi = 400},
};
static const arena_opts search_opts = {.game = "kursk_search", .opt = opt_table, .count = OPTS};
#define SEARCH_HELP                                                                                \
    "horizon=4  rounds a playout looks ahead before the position is scored\n"                      \
    "share=100  percent of the usual time per decision to spend"

typedef struct search_bot {
    const arena_rules *r;
    const arena_game *g;
    int seat, players;
    size_t size;
    arena_rng rng;
    arena_time_control tc;
    int opt[OPTS];
    arena_state *world, *play; /* flat buffers of one state each */
} search_bot;

static void search_destroy(void *bot)
{
    search_bot *b = bot;
    if (!b) return;
    free(b->world);
    free(b->play);
    free(b);
}

static void *search_create(const arena_bot_setup *setup, char *err, size_t errlen)
{
    int opt[OPTS];
    const char *text = ARENA_BOT_SETUP_HAS(setup, bot_options) ? setup->bot_options : NULL;
    if (arena_opts_parse(&search_opts, text, opt, err, errlen) < 0) return NULL;
    if (!setup->rules || !setup->game || !setup->rules->sample_state ||
        setup->rules->state_size(setup->game) != sizeof(arena_state)) {
        if (errlen) snprintf(err, errlen, "kursk_search: needs the kursk rule module");
        return NULL;
    }
    search_bot *b = calloc(1, sizeof *b);
    if (b) {
        b->r = setup->rules;
        b->g = setup->game;
        b->seat = setup->seat;
        b->players = setup->num_players;
        b->size = sizeof(arena_state);
        b->tc = setup->tc;
        memcpy(b->opt, opt, sizeof opt);
        arena_rng_seed(&b->rng, setup->seed);
        b->world = malloc(b->size);
        b->play = malloc(b->size);
    }
    if (!b || !b->world || !b->play) {
        search_destroy(b);
        if (errlen) snprintf(err, errlen, "kursk_search: out of memory");
        return NULL;
    }
    return b;
}

/* How long this decision may think. A game has 100 or more decisions of
 * this seat, and a loaded machine can stall a process for a tenth of a second
 * or two (half a second was seen in `arena check` beside a benchmark), so the
 * clock is never spent below a reserve: a fortieth of what lies above
 * RESERVE_US, plus half the increment (the clock then settles at RESERVE_US +
 * 20 increments, 800 ms at --tc 1+0.01, and a move takes 5-15 ms there). With
 * a fixed time per move, a third of it. At most a third of the move budget,
 * less a margin for the last world's overrun. */
static int64_t budget(const search_bot *b, const arena_turn *t)
{
    int64_t want;
    if (b->tc.move_time_us > 0) {
        want = t->move_budget_us / 3;
    } else {
        int64_t spare = t->time_left_us - RESERVE_US;
        want = (spare > 0 ? spare / 40 : 0) + b->tc.increment_us / 2;
        want = want * b->opt[OPT_SHARE] / 100;
    }
    int64_t cap = t->move_budget_us / 3;
    if (want > cap) want = cap;
    want -= 1500;
    return want > 200 ? want : 200;
}

/* A chance outcome drawn with its weight. */
static int32_t draw_chance(const arena_rules *r, const arena_state *s, arena_rng *rng)
{
    arena_chance_outcome out[32];
    int k = r->chance_outcomes(s, out, 32);
    double u = arena_rng_double(rng), acc = 0;
    for (int i = 0; i < k; i++)
        if (u < (acc += out[i].prob)) return out[i].action;
    return out[k - 1].action;
}

static void playout(search_bot *b, arena_state *s, arena_rng *rng)
{
    unsigned stop = s->turns + (unsigned)(b->opt[OPT_HORIZON] * b->players);
    int32_t legal[MAX_LEGAL];
    for (int ply = 0; ply < PLAYOUT_PLIES && s->turns < stop; ply++) {
        int cp = b->r->current_player(s);
        if (cp == ARENA_TERMINAL) return;
        int32_t a;
        if (cp == ARENA_CHANCE) {
            a = draw_chance(b->r, s, rng);
        } else {
            int n = b->r->legal_actions(s, legal, MAX_LEGAL);
            kb_view v;
            kb_view_of_state(s, cp, &v);
            a = kb_choose(&v, legal, n, rng);
        }
        b->r->apply(s, a);
    }
}

/* A seat's standing: its field, its Jokers (the only way to win, worth more
 * near the hatch) and its cards. */
static double standing(const arena_state *s, int seat)
{
    int f = s->field[seat], x = s->hand[seat][KS_JOKER];
    return f + x * (3.0 + f / 6.0) + 0.6 * ks_hand_size(s, seat);
}

static double score(const search_bot *b, const arena_state *s)
{
    if (b->r->current_player(s) == ARENA_TERMINAL) {
        double ret[KS_MAX_SEATS];
        b->r->returns(s, ret);
        return 30.0 * ret[b->seat];
    }
    double opp = 0;
    for (int i = 0; i < b->players; i++)
        if (i != b->seat) opp += standing(s, i);
    return standing(s, b->seat) - opp / (b->players - 1);
}

static int32_t search_act(void *bot, const arena_turn *t)
{
    search_bot *b = bot;
    if (t->num_legal == 1) return t->legal[0];
    /* on the clock the seat is charged on: CPU time in a jail, so a loaded
     * machine slows the game, not the search */
    int64_t deadline = arena_turn_clock_us(t) + budget(b, t);
    int n = t->num_legal < MAX_LEGAL ? t->num_legal : MAX_LEGAL;
    double sum[MAX_LEGAL] = {0};
    int worlds = 0;
    do {
        arena_state *w =
            b->r->sample_state(b->g, t->observation, t->observation_len, arena_rng_next(&b->rng));
        if (!w) break;
        memcpy(b->world, w, b->size);
        b->r->state_free(w);
        /* the same playout randomness for every action of a world */
        uint64_t playout_seed = arena_rng_next(&b->rng);
        for (int i = 0; i < n; i++) {
            arena_rng rng;
            arena_rng_seed(&rng, playout_seed);
            memcpy(b->play, b->world, b->size);
            if (b->r->apply(b->play, t->legal[i]) < 0) continue;
            playout(b, b->play, &rng);
            sum[i] += score(b, b->play);
        }
        worlds++;
    } while (arena_turn_clock_us(t) < deadline);
    if (worlds == 0) return t->legal[0];
    int best = 0;
    for (int i = 1; i < n; i++)
        if (sum[i] > sum[best]) best = i;
    return t->legal[best];
}

ARENA_BOT_OPTIONS("kursk_search", "1.0", "arena", "kursk", search_create, search_act, NULL,
                  search_destroy, 0u, SEARCH_HELP)
