/* rules_test.c -- helpers shared by the rule-module suites. */
#include "rules_test.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const arena_rules *rules_load(const char *game, void **handle)
{
    const arena_rules *r = support_rules(game, handle);
    ck_assert_uint_ge(r->struct_size, sizeof(arena_rules));
    return r;
}

void rules_unload(void *handle)
{
    if (handle) support_unload(handle);
}

arena_game *rules_game(const arena_rules *r, const char *options)
{
    char err[256] = "";
    arena_game *g = r->game_new(options, err, sizeof err);
    ck_assert_msg(g != NULL, "game_new(\"%s\"): %s", options, err);
    return g;
}

void rules_play(const arena_rules *r, arena_state *s, const char *moves)
{
    support_play(r, s, 0, moves);
}

int rules_try(const arena_rules *r, const arena_game *g, arena_state *s, const char *name)
{
    return support_try_move(r, s, r->state_size(g), name);
}

int rules_is_legal(const arena_rules *r, const arena_state *s, const char *name)
{
    int32_t a, legal[1024];
    if (r->parse_action(s, name, &a) < 0) return 0;
    int n = r->legal_actions(s, legal, 1024);
    for (int i = 0; i < n && i < 1024; i++)
        if (legal[i] == a) return 1;
    return 0;
}

int rules_num_legal(const arena_rules *r, const arena_state *s)
{
    return r->legal_actions(s, NULL, 0);
}
