/* module.c -- the soccer rule table and its one exported symbol,
 * arena_rules_entry; the small ABI functions that need no file of their own.
 * The rules themselves are the engine library (include/soccer_engine.h). */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "soccer.h"

static arena_game *game_new(const char *options, char *err, size_t errlen)
{
    so_dims d;
    if (so_options_parse(options, &d, err, errlen) < 0) return NULL;
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->dims = d;
    so_options_format(&d, g->options, sizeof g->options);
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
    return SO_NUM_ACTIONS;
}
static size_t state_size(const arena_game *g)
{
    return so_state_size(&g->dims);
}

/* Every step draws one of the segments free at the start. */
static int max_game_length(const arena_game *g)
{
    return so_free_segments(&g->dims);
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = malloc(so_state_size(&g->dims));
    if (s) so_state_start(s, &g->dims);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, so_state_size(&s->dims));
}

static int current_player(const arena_state *s)
{
    return s->over ? ARENA_TERMINAL : s->to_move;
}

static void returns(const arena_state *s, double *out)
{
    arena_returns_two(out, s->over ? s->winner : -1);
}

static const char *end_reason(const arena_state *s)
{
    return so_end_phrase(s->over ? s->end : SO_END_NONE);
}

static const arena_rules soccer_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "soccer",
    .description = "Paper soccer (pilkarzyki): bounce the ball into the opponent's goal",
    .options_help = so_options_help,
    .flags = ARENA_GAME_ZERO_SUM,
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
    .current_player = current_player,
    .legal_actions = so_legal_actions,
    .apply = so_apply,
    .chance_outcomes = arena_no_chance, /* no chance in paper soccer */
    .returns = returns,
    .end_reason = end_reason,
    .observation = so_observation,
    .render = so_render,
    .action_name = so_action_name,
    .parse_action = so_parse_action,
    .state_from_observation = so_from_observation,
    .sample_state = NULL, /* perfect information */
    .version = SOCCER_ENGINE_VERSION,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &soccer_rules;
}
