/* countdown.c -- a test-only rule module small enough to count by hand.
 *
 * n stones (option n, default 5); White and Black alternately take 1 or 2;
 * whoever takes the last stone wins. With die=1 the game starts with a roll of
 * a three-sided die whose 1, 2 or 3 is added to n (a CHANCE node).
 * Actions: 0 "1" (take one), 1 "2" (take two), 2..4 "r1".."r3" (the roll). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena/rules.h"

#define CD_TAKE1 0
#define CD_TAKE2 1
#define CD_ROLL1 2
#define CD_ACTIONS 5

struct arena_game {
    int n, die;
    char canon[64];
};

struct arena_state {
    int32_t n;       /* stones left */
    int32_t to_move; /* seat */
    int32_t rolling; /* 1 while the die roll is due */
    int32_t winner;  /* seat that took the last stone, -1 before */
};

static int cd_int(const char *v, int lo, int hi, int *out)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (!*v || *end || x < lo || x > hi) return -1;
    *out = (int)x;
    return 0;
}

static int cd_option(arena_game *g, const char *kv, char *err, size_t errlen)
{
    const char *eq = strchr(kv, '=');
    if (eq && !strncmp(kv, "n=", 2) && !cd_int(eq + 1, 1, 1000, &g->n)) return 0;
    if (eq && !strncmp(kv, "die=", 4) && !cd_int(eq + 1, 0, 1, &g->die)) return 0;
    if (err) snprintf(err, errlen, "countdown: bad option '%s' (n=1..1000, die=0|1)", kv);
    return -1;
}

static arena_game *cd_game_new(const char *options, char *err, size_t errlen)
{
    arena_game *g = calloc(1, sizeof *g);
    g->n = 5;
    char *copy = strdup(options ? options : ""), *save = NULL;
    for (char *kv = strtok_r(copy, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        if (cd_option(g, kv, err, errlen)) {
            free(copy);
            free(g);
            return NULL;
        }
    }
    free(copy);
    snprintf(g->canon, sizeof g->canon, "n=%d,die=%d", g->n, g->die);
    return g;
}

static void cd_game_free(arena_game *g)
{
    free(g);
}
static const char *cd_game_options(const arena_game *g)
{
    return g->canon;
}
static int cd_num_players(const arena_game *g)
{
    return (void)g, 2;
}
static int32_t cd_num_actions(const arena_game *g)
{
    return (void)g, CD_ACTIONS;
}
static int cd_max_game_length(const arena_game *g)
{
    return g->n + 3 * g->die + 1;
}
static size_t cd_state_size(const arena_game *g)
{
    return (void)g, sizeof(arena_state);
}

static arena_state *cd_state_new(const arena_game *g)
{
    arena_state *s = calloc(1, sizeof *s);
    s->n = g->n;
    s->rolling = g->die;
    s->winner = -1;
    return s;
}

static arena_state *cd_state_clone(const arena_state *s)
{
    arena_state *c = malloc(sizeof *c);
    memcpy(c, s, sizeof *c);
    return c;
}

static void cd_state_free(arena_state *s)
{
    free(s);
}

static int cd_current_player(const arena_state *s)
{
    if (s->rolling) return ARENA_CHANCE;
    return s->n == 0 ? ARENA_TERMINAL : s->to_move;
}

static int cd_legal_actions(const arena_state *s, int32_t *out, int cap)
{
    int32_t acts[3];
    int n = 0;
    if (s->rolling) {
        for (int i = 0; i < 3; i++)
            acts[n++] = CD_ROLL1 + i;
    } else if (s->n > 0) {
        acts[n++] = CD_TAKE1;
        if (s->n >= 2) acts[n++] = CD_TAKE2;
    }
    for (int i = 0; i < n && i < cap; i++)
        out[i] = acts[i];
    return n;
}

static int cd_is_legal(const arena_state *s, int32_t a)
{
    int32_t acts[3];
    int n = cd_legal_actions(s, acts, 3);
    for (int i = 0; i < n; i++)
        if (acts[i] == a) return 1;
    return 0;
}

static int cd_apply(arena_state *s, int32_t a)
{
    if (!cd_is_legal(s, a)) return -1;
    if (s->rolling) {
        s->n += a - CD_ROLL1 + 1;
        s->rolling = 0;
        return 0;
    }
    s->n -= a == CD_TAKE1 ? 1 : 2;
    if (s->n == 0) s->winner = s->to_move;
    s->to_move = 1 - s->to_move;
    return 0;
}

static int cd_chance_outcomes(const arena_state *s, arena_chance_outcome *out, int cap)
{
    if (!s->rolling) return 0;
    for (int i = 0; i < 3 && i < cap; i++)
        out[i] = (arena_chance_outcome){CD_ROLL1 + i, 1.0 / 3};
    return 3;
}

static void cd_returns(const arena_state *s, double *out)
{
    out[0] = s->winner == 0 ? 1 : s->winner == 1 ? -1 : 0;
    out[1] = -out[0];
}

static const char *cd_end_reason(const arena_state *s)
{
    return s->n == 0 ? "last stone" : "not over";
}

static size_t cd_observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat;
    if (cap >= sizeof *s) memcpy(buf, s, sizeof *s);
    return sizeof *s;
}

/* snprintf with the rules.h convention: length needed, NUL-terminated prefix. */
static size_t cd_text(char *buf, size_t cap, const char *text)
{
    if (cap > 0) snprintf(buf, cap, "%s", text);
    return strlen(text);
}

static size_t cd_render(const arena_state *s, int seat, char *buf, size_t cap)
{
    char tmp[64];
    (void)seat;
    if (s->rolling)
        snprintf(tmp, sizeof tmp, "%d stones, die to roll\n", s->n);
    else
        snprintf(tmp, sizeof tmp, "%d stones, %s to move\n", s->n, s->to_move ? "Black" : "White");
    return cd_text(buf, cap, tmp);
}

static size_t cd_action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    static const char *names[CD_ACTIONS] = {"1", "2", "r1", "r2", "r3"};
    (void)s;
    return cd_text(buf, cap, a >= 0 && a < CD_ACTIONS ? names[a] : "?");
}

static int cd_parse_action(const arena_state *s, const char *text, int32_t *a)
{
    (void)s;
    if (!strcmp(text, "1") || !strcmp(text, "2"))
        *a = text[0] - '1';
    else if (text[0] == 'r' && text[1] >= '1' && text[1] <= '3' && !text[2])
        *a = CD_ROLL1 + text[1] - '1';
    else
        return -1;
    return 0;
}

static arena_state *cd_from_observation(const arena_game *g, const uint8_t *obs, size_t len)
{
    (void)g;
    if (len != sizeof(arena_state)) return NULL;
    arena_state *s = malloc(sizeof *s);
    memcpy(s, obs, sizeof *s);
    return s;
}

static const arena_rules cd_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "countdown",
    .description = "take 1 or 2 stones; whoever takes the last wins (test module)",
    .options_help = "n=5  stones at the start\ndie=0  roll a three-sided die first",
    .flags = ARENA_GAME_CHANCE | ARENA_GAME_ZERO_SUM,
    .min_players = 2,
    .max_players = 2,
    .game_new = cd_game_new,
    .game_free = cd_game_free,
    .game_options = cd_game_options,
    .num_players = cd_num_players,
    .num_actions = cd_num_actions,
    .max_game_length = cd_max_game_length,
    .state_size = cd_state_size,
    .state_new = cd_state_new,
    .state_clone = cd_state_clone,
    .state_free = cd_state_free,
    .current_player = cd_current_player,
    .legal_actions = cd_legal_actions,
    .apply = cd_apply,
    .chance_outcomes = cd_chance_outcomes,
    .returns = cd_returns,
    .end_reason = cd_end_reason,
    .observation = cd_observation,
    .render = cd_render,
    .action_name = cd_action_name,
    .parse_action = cd_parse_action,
    .state_from_observation = cd_from_observation,
    .sample_state = NULL,
    .version = "1.0",
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &cd_rules;
}
