/* module.c -- the querni rule table and its one exported symbol,
 * arena_rules_entry; the small ABI functions that need no file of their own. */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "querni.h"

static arena_game *game_new(const char *options, char *err, size_t errlen)
{
    qu_config cfg;
    if (qu_options_parse(options, &cfg, err, errlen) < 0) return NULL;
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->cfg = cfg;
    qu_options_format(&cfg, g->options, sizeof g->options);
    return g;
}

static const char *game_options(const arena_game *g)
{
    return g->options;
}
static int num_players(const arena_game *g)
{
    (void)g;
    return 2;
}
static int32_t num_actions(const arena_game *g)
{
    (void)g;
    return QU_NUM_ACTIONS;
}
static size_t state_size(const arena_game *g)
{
    (void)g;
    return sizeof(arena_state);
}

/* 30 layout draws, then two decisions a turn. */
static int max_game_length(const arena_game *g)
{
    return 2 * QU_TILES - 2 + 2 * g->cfg.max_turns;
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = malloc(sizeof *s);
    if (s) qu_state_start(s, &g->cfg);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, sizeof *s);
}

static const char *end_reason(const arena_state *s)
{
    return qu_end_phrase(s->phase == QU_PHASE_OVER ? s->end : QU_END_NONE);
}

static const arena_rules querni_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "querni",
    .description = "El Querni: numbered-tile chains, chained jumps, chain removal (7x10)",
    .options_help = qu_options_help,
    .flags = ARENA_GAME_CHANCE | ARENA_GAME_ZERO_SUM,
    .min_players = 2,
    .max_players = 2,
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
    .current_player = qu_current_player,
    .legal_actions = qu_legal_actions,
    .apply = qu_apply,
    .chance_outcomes = qu_chance_outcomes,
    .returns = qu_returns,
    .end_reason = end_reason,
    .observation = qu_observation,
    .render = qu_render,
    .action_name = qu_action_name,
    .parse_action = qu_parse_action,
    .state_from_observation = qu_from_observation,
    .sample_state = NULL, /* perfect information */
    .version = "1.0",     /* change it with any rule change that changes a game */
    .evaluate = qu_evaluate,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &querni_rules;
}
