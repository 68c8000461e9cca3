/* duel.c -- in-process games between soccer players (duel.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "duel.h"
#include "search.h"
#include "soccer.h"
#include "support.h"

struct duel_player {
    void *handle; /* the bot's .so, or NULL for the linked search */
    const arena_bot *bot;
    long max_nodes;
    int max_depth;
    int64_t budget_us; /* 0: the default second */
};

void duel_set_budget(duel_player *p, int64_t move_budget_us)
{
    p->budget_us = move_budget_us;
}

duel_player *duel_bot(const char *name)
{
    duel_player *p = calloc(1, sizeof *p);
    ck_assert_ptr_nonnull(p);
    p->bot = support_bot(name, &p->handle); /* fails the test when it cannot */
    return p;
}

duel_player *duel_search(long max_nodes, int max_depth)
{
    duel_player *p = calloc(1, sizeof *p);
    p->max_nodes = max_nodes;
    p->max_depth = max_depth;
    return p;
}

void duel_player_free(duel_player *p)
{
    if (!p) return;
    support_unload(p->handle);
    free(p);
}

/* The linked search as a player: state kept between its act() calls. */
typedef struct searcher {
    const duel_player *p;
    sb_geo *geo;
    ab_search *search;
    sb_plan plan;
    sb_pos now;
} searcher;

static void *search_create(const duel_player *p, const so_dims *dims)
{
    searcher *s = calloc(1, sizeof *s);
    s->p = p;
    s->geo = sb_geo_new(dims);
    sb_plan_init(s->geo, &s->plan);
    s->search = ab_new(s->geo, 16);
    return s;
}

static int32_t search_act(searcher *s, const arena_turn *turn)
{
    sb_pos_from_observation(s->geo, turn->observation, turn->observation_len, &s->now);
    int next = sb_plan_next(s->geo, &s->plan, &s->now);
    if (next >= 0) return next;
    ab_limits lim = {.max_depth = s->p->max_depth, .max_nodes = s->p->max_nodes};
    ab_info info;
    s->plan.start = s->now;
    s->plan.len = ab_choose(s->search, &s->now, &lim, s->plan.steps, &info);
    return s->plan.len > 0 ? s->plan.steps[0] : turn->legal[0];
}

static void search_destroy(searcher *s)
{
    ab_free(s->search);
    sb_plan_free(&s->plan);
    sb_geo_free(s->geo);
    free(s);
}

int duel_play(const char *options, duel_player *seat0, duel_player *seat1, uint64_t seed,
              int *steps)
{
    void *rh;
    /* the rule module, loaded once per game (cheap, and keeps each game alone) */
    const arena_rules *r = support_rules("soccer", &rh);
    arena_game *g = r->game_new(options, NULL, 0);
    so_dims dims;
    so_options_parse(options, &dims, NULL, 0);
    duel_player *players[2] = {seat0, seat1};
    void *bots[2];
    for (int i = 0; i < 2; i++) {
        arena_bot_setup setup = {.struct_size = sizeof setup,
                                 .game_name = "soccer",
                                 .options = r->game_options(g),
                                 .seat = i,
                                 .num_players = 2,
                                 .seed = arena_seed_derive(seed, (uint64_t)i),
                                 .tc = {0, 0, 1000000},
                                 .rules = r,
                                 .game = g};
        bots[i] = players[i]->bot ? players[i]->bot->create(&setup, NULL, 0)
                                  : search_create(players[i], &dims);
    }
    arena_state *s = r->state_new(g);
    uint8_t obs[4096];
    int32_t legal[SO_DIRS];
    int winner = -1, ply = 0;
    while (r->current_player(s) >= 0) {
        int seat = r->current_player(s);
        int n = r->legal_actions(s, legal, SO_DIRS);
        size_t len = r->observation(s, seat, obs, sizeof obs);
        int64_t budget = players[seat]->budget_us ? players[seat]->budget_us : 1000000;
        arena_turn turn = {.struct_size = sizeof turn,
                           .ply = ply,
                           .observation = obs,
                           .observation_len = len,
                           .legal = legal,
                           .num_legal = n,
                           .time_left_us = budget,
                           .move_budget_us = budget,
                           .state = s};
        int32_t a = players[seat]->bot ? players[seat]->bot->act(bots[seat], &turn)
                                       : search_act(bots[seat], &turn);
        if (r->apply(s, a) < 0) goto done; /* illegal */
        ply++;
    }
    double ret[2];
    r->returns(s, ret);
    winner = ret[0] > 0 ? 0 : 1;
done:
    *steps = ply;
    for (int i = 0; i < 2; i++) {
        if (players[i]->bot)
            players[i]->bot->destroy(bots[i]);
        else
            search_destroy(bots[i]);
    }
    r->state_free(s);
    r->game_free(g);
    support_unload(rh);
    return winner;
}
