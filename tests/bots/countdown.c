/* countdown.c -- a tiny rule module for the worker tests: two players take 1 or
 * 2 from a pile (10 by default, option start=N); whoever takes the last wins.
 * Perfect information; the observation is 2 raw bytes (pile, seat to move),
 * which is all state_from_observation needs. Actions are 1 and 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"

struct arena_game {
    int start;
    char options[32];
};

struct arena_state {
    int pile, to_move, winner;
};

static arena_game *cd_game_new(const char *options, char *err, size_t errlen)
{
    int start = 10;
    if (options && *options) {
        char *end;
        if (strncmp(options, "start=", 6) != 0 ||
            (start = (int)strtol(options + 6, &end, 10), *end || start < 1 || start > 200)) {
            if (err) snprintf(err, errlen, "bad option '%s' (start=1..200)", options);
            return NULL;
        }
    }
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->start = start;
    snprintf(g->options, sizeof g->options, "start=%d", start);
    return g;
}

static void cd_game_free(arena_game *g)
{
    free(g);
}
static const char *cd_game_options(const arena_game *g)
{
    return g->options;
}
static int cd_num_players(const arena_game *g)
{
    (void)g;
    return 2;
}
static int32_t cd_num_actions(const arena_game *g)
{
    (void)g;
    return 3;
}
static int cd_max_length(const arena_game *g)
{
    return g->start;
}
static size_t cd_state_size(const arena_game *g)
{
    (void)g;
    return sizeof(arena_state);
}

static arena_state *cd_state_new(const arena_game *g)
{
    arena_state *s = calloc(1, sizeof *s);
    if (s) s->pile = g->start, s->winner = -1;
    return s;
}

static arena_state *cd_state_clone(const arena_state *s)
{
    arena_state *c = malloc(sizeof *c);
    if (c) *c = *s;
    return c;
}

static void cd_state_free(arena_state *s)
{
    free(s);
}

static int cd_current_player(const arena_state *s)
{
    return s->pile == 0 ? ARENA_TERMINAL : s->to_move;
}

static int cd_legal(const arena_state *s, int32_t *out, int cap)
{
    int n = s->pile >= 2 ? 2 : s->pile;
    for (int i = 0; i < n && i < cap; i++)
        out[i] = i + 1;
    return n;
}

static int cd_apply(arena_state *s, int32_t a)
{
    if (s->pile == 0 || a < 1 || a > 2 || a > s->pile) return -1;
    s->pile -= a;
    if (s->pile == 0) s->winner = s->to_move;
    s->to_move ^= 1;
    return 0;
}

static int cd_chance(const arena_state *s, arena_chance_outcome *out, int cap)
{
    (void)s, (void)out, (void)cap;
    return 0;
}

static void cd_returns(const arena_state *s, double *out)
{
    out[0] = s->winner == 0 ? 1 : s->winner == 1 ? -1 : 0;
    out[1] = -out[0];
}

static const char *cd_end_reason(const arena_state *s)
{
    (void)s;
    return "last one taken";
}

static size_t cd_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat;
    if (cap >= 2) buf[0] = (uint8_t)s->pile, buf[1] = (uint8_t)s->to_move;
    return 2;
}

static size_t cd_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat;
    int n = snprintf(buf, cap, "pile %d, seat %d to move", s->pile, s->to_move);
    return n < 0 ? 0 : (size_t)n;
}

static size_t cd_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s;
    int n = snprintf(buf, cap, "take%d", (int)a);
    return n < 0 ? 0 : (size_t)n;
}

static int cd_parse_action(const arena_state *s, const char *text, int32_t *a)
{
    (void)s;
    if (strcmp(text, "take1") == 0) return *a = 1, 0;
    if (strcmp(text, "take2") == 0) return *a = 2, 0;
    return -1;
}

static arena_state *cd_from_observation(const arena_game *g, const uint8_t *obs, size_t len)
{
    if (len != 2 || obs[0] > g->start || obs[1] > 1) return NULL;
    arena_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->pile = obs[0];
    s->to_move = obs[1];
    s->winner = s->pile == 0 ? s->to_move ^ 1 : -1;
    return s;
}

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    static const arena_rules table = {ARENA_RULES_ABI_VERSION,
                                      sizeof(arena_rules),
                                      "countdown",
                                      "take 1 or 2 from a pile; the last one wins",
                                      "start=10  size of the pile",
                                      ARENA_GAME_ZERO_SUM,
                                      2,
                                      2,
                                      cd_game_new,
                                      cd_game_free,
                                      cd_game_options,
                                      cd_num_players,
                                      cd_num_actions,
                                      cd_max_length,
                                      cd_state_size,
                                      cd_state_new,
                                      cd_state_clone,
                                      cd_state_free,
                                      cd_current_player,
                                      cd_legal,
                                      cd_apply,
                                      cd_chance,
                                      cd_returns,
                                      cd_end_reason,
                                      cd_observation,
                                      cd_render,
                                      cd_action_name,
                                      cd_parse_action,
                                      cd_from_observation,
                                      NULL};
    return &table;
}
