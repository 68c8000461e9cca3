/* rules_test.c -- helpers shared by the rule-module suites. */
#include "rules_test.h"

#include <dlfcn.h>
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
    if (handle) dlclose(handle);
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
    char copy[4096], *save = NULL;
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *tok = strtok_r(copy, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
        int32_t a;
        char board[1024];
        if (r->parse_action(s, tok, &a) < 0 || r->apply(s, a) < 0) {
            r->render(s, -1, board, sizeof board);
            ck_abort_msg("action '%s' refused in:\n%s", tok, board);
        }
    }
}

int rules_try(const arena_rules *r, const arena_game *g, arena_state *s, const char *name)
{
    int32_t a;
    if (r->parse_action(s, name, &a) < 0) return -1;
    size_t size = r->state_size(g);
    void *before = malloc(size);
    memcpy(before, s, size);
    int rc = r->apply(s, a);
    if (rc < 0) ck_assert_msg(memcmp(before, s, size) == 0, "refused '%s' changed the state", name);
    free(before);
    return rc;
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
