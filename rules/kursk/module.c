/* module.c -- the kursk rule table and its one exported symbol,
 * arena_rules_entry; the small ABI functions that need no file of their own. */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "kursk.h"

static arena_game *game_new(const char *options, char *err, size_t errlen)
{
    ks_config cfg;
    if (ks_options_parse(options, &cfg, err, errlen) < 0) return NULL;
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->cfg = cfg;
    ks_options_format(&cfg, g->options, sizeof g->options);
    return g;
}

static const char *game_options(const arena_game *g)
{
    return g->options;
}
static int num_players(const arena_game *g)
{
    return g->cfg.players;
}
static int32_t num_actions(const arena_game *g)
{
    (void)g;
    return KS_NUM_ACTIONS;
}
static size_t state_size(const arena_game *g)
{
    (void)g;
    return sizeof(arena_state);
}

/* Setup: the first player, 3 draws a seat, a decision and up to 3 draws and
 * discards a seat. A turn: a play, a fight choice, the step-1 draw and its
 * discard, rounds of combat (each puts at least one card of the 44 on the
 * table, four plies at most: 22 rounds), the theft's discard, two special
 * draws, the choice and its effect (Supplies: 2 draws and 2 discards; Alarm:
 * 3 discards). 120 plies a turn bounds them all. */
static int max_game_length(const arena_game *g)
{
    return 4 + 10 * g->cfg.players + 120 * g->cfg.max_rounds * g->cfg.players;
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = malloc(sizeof *s);
    if (s) ks_state_start(s, &g->cfg);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, sizeof *s);
}

static const char *end_reason(const arena_state *s)
{
    return ks_end_phrase(s->phase == KS_PH_OVER ? s->end : KS_END_NONE);
}

static const arena_rules kursk_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "kursk",
    .description = "KURSK: the 2-3 player hidden-information card race to the submarine's hatch",
    .options_help = ks_options_help,
    .flags = ARENA_GAME_CHANCE | ARENA_GAME_HIDDEN | ARENA_GAME_ZERO_SUM,
    .min_players = 2,
    .max_players = KS_MAX_SEATS,
    .game_new = game_new,
    .game_free = arena_flat_game_free,
    .game_options = game_options,
    .num_players = num_players,
    .num_actions = num_actions,
    .max_game_length = max_game_length,
    .state_size = state_size,
    .state_new = state_new,
    .state_clone = state_clone,
    .state_free = arena_flat_free,
    .current_player = ks_current_player,
    .legal_actions = ks_legal_actions,
    .apply = ks_apply,
    .chance_outcomes = ks_chance_outcomes,
    .returns = ks_returns,
    .end_reason = end_reason,
    .observation = ks_observation,
    .render = ks_render,
    .action_name = ks_action_name,
    .parse_action = ks_parse_action,
    .state_from_observation = NULL, /* hidden information */
    .sample_state = ks_sample_state,
    .version = "1.0", /* change it with any rule change that changes a game */
    .evaluate = ks_evaluate,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &kursk_rules;
}
