/* module.c -- the kurnik rule table and its one exported symbol,
 * arena_rules_entry; the small ABI functions that need no file of their own. */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "kurnik.h"

static arena_game *game_new(const char *options, char *err, size_t errlen)
{
    ku_config cfg;
    if (ku_options_parse(options, &cfg, err, errlen) < 0) return NULL;
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->cfg = cfg;
    ku_options_format(&cfg, g->options, sizeof g->options);
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
    return KU_NUM_ACTIONS;
}
static size_t state_size(const arena_game *g)
{
    (void)g;
    return sizeof(arena_state);
}

/* A turn is a roll, at most one gift draw, its exchanges and `end`. Every
 * exchange turns three goods into one and only the dice create goods, two per
 * turn at most, so the whole game holds no more exchanges than turns: at most
 * four plies per turn. */
static int max_game_length(const arena_game *g)
{
    return 4 * g->cfg.max_rounds * g->cfg.players;
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = malloc(sizeof *s);
    if (s) ku_state_start(s, &g->cfg);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, sizeof *s);
}

static const char *end_reason(const arena_state *s)
{
    return ku_end_phrase(s->phase == KU_PHASE_OVER ? s->end : KU_END_NONE);
}

static const arena_rules kurnik_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "kurnik",
    .description = "Pelny kurnik: the 2-4 player henhouse dice game (eggs, chicks, hens, fox)",
    .options_help = ku_options_help,
    .flags = ARENA_GAME_CHANCE | ARENA_GAME_ZERO_SUM,
    .min_players = 2,
    .max_players = KU_MAX_SEATS,
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
    .current_player = ku_current_player,
    .legal_actions = ku_legal_actions,
    .apply = ku_apply,
    .chance_outcomes = ku_chance_outcomes,
    .returns = ku_returns,
    .end_reason = end_reason,
    .observation = ku_observation,
    .render = ku_render,
    .action_name = ku_action_name,
    .parse_action = ku_parse_action,
    .state_from_observation = ku_from_observation,
    .sample_state = NULL, /* perfect information */
    .version = KU_VERSION,
    .evaluate = ku_evaluate,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &kurnik_rules;
}
