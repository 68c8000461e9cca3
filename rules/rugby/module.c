/* module.c -- the rugby rule table and its one exported symbol,
 * arena_rules_entry; the small ABI functions that need no file of their own. */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "rugby.h"

static arena_game *game_new(const char *options, char *err, size_t errlen)
{
    rg_config cfg;
    if (rg_options_parse(options, &cfg, err, errlen) < 0) return NULL;
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->cfg = cfg;
    rg_options_format(&cfg, g->options, sizeof g->options);
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
    return RG_NUM_ACTIONS;
}
static size_t state_size(const arena_game *g)
{
    (void)g;
    return sizeof(arena_state);
}

/* Every placement, and at most one guess of every field by each seat: the game
 * ends at the latest when a seat has found all the points (target <= total),
 * so `pass` never comes up. */
static int max_game_length(const arena_game *g)
{
    return 2 * rg_marks_per_board(g->cfg.tries) + 2 * RG_FIELDS;
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = malloc(sizeof *s);
    if (s) rg_state_start(s, &g->cfg);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, sizeof *s);
}

static const char *end_reason(const arena_state *s)
{
    return rg_end_phrase(s->phase == RG_PHASE_OVER ? s->end : RG_END_NONE);
}

static const arena_rules rugby_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "rugby",
    .description =
        "Graj w RUGBY: guess the tries, kicks and gold ball on the opponent's hidden board",
    .options_help = rg_options_help,
    .flags = ARENA_GAME_CHANCE | ARENA_GAME_HIDDEN | ARENA_GAME_ZERO_SUM,
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
    .current_player = rg_current_player,
    .legal_actions = rg_legal_actions,
    .apply = rg_apply,
    .chance_outcomes = rg_chance_outcomes,
    .returns = rg_returns,
    .end_reason = end_reason,
    .observation = rg_observation,
    .render = rg_render,
    .action_name = rg_action_name,
    .parse_action = rg_parse_action,
    .state_from_observation = NULL, /* hidden information */
    .sample_state = rg_sample_state,
    .version = "1.0", /* change it with any rule change that changes a game */
    .evaluate = rg_evaluate,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &rugby_rules;
}
