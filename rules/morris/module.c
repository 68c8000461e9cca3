/* module.c -- the morris rule table and its one exported symbol,
 * arena_rules_entry; the small ABI functions that need no file of their own.
 * The rules themselves are the engine library (include/morris_engine.h). */
#include <stdlib.h>

#include "arena/module_kit.h"
#include "morris.h"

static arena_game *game_new(const char *options, char *err, size_t errlen)
{
    arena_game game;
    if (mo_game_init(&game, options, err, errlen) < 0) return NULL;
    arena_game *g = malloc(sizeof *g);
    if (g) *g = game;
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
    return MO_NUM_ACTIONS;
}

static size_t state_size(const arena_game *g)
{
    return mo_state_size(g->hist_cap);
}

/* Every ply is a turn's placement or move, or one of its removals. A player is
 * out after losing pieces - 2, so the game holds at most (pieces - 2) +
 * (pieces - 3) removals; cross has none. */
static int max_game_length(const arena_game *g)
{
    int removals = g->cfg.variant == MO_CROSS ? 0 : 2 * mo_pieces(g->cfg.variant) - 5;
    return g->cfg.max_turns + removals;
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = calloc(1, mo_state_size(g->hist_cap));
    if (s) mo_state_start(s, &g->cfg, g->hist_cap);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, mo_state_size(s->hist_cap));
}

static int current_player(const arena_state *s)
{
    return s->over ? ARENA_TERMINAL : s->to_move;
}

static void returns(const arena_state *s, double *out)
{
    arena_returns_two(out, s->over ? s->winner : -1); /* MO_DRAW: 0 to both */
}

static const char *end_reason(const arena_state *s)
{
    return mo_end_phrase(s->over ? s->end : MO_END_NONE);
}

static const arena_rules morris_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "morris",
    .description = "Nine Men's Morris (Mlynek) and its variants lasker, knight, rook, cross",
    .options_help = mo_options_help,
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
    .legal_actions = mo_legal_actions,
    .apply = mo_apply,
    .chance_outcomes = arena_no_chance, /* no chance in morris */
    .returns = returns,
    .end_reason = end_reason,
    .observation = mo_observation,
    .render = mo_render,
    .action_name = mo_action_name,
    .parse_action = mo_parse_action,
    .state_from_observation = mo_from_observation,
    .sample_state = NULL, /* perfect information */
    .version = MORRIS_ENGINE_VERSION,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &morris_rules;
}
