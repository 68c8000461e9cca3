/* nim.c -- a whole game for the arena: Nim, the example of the README's
 * "Adding a game". Heaps of 1, 3, 5, 7, ... stones (option heaps=N, 1..8); the
 * two players take turns removing any number of stones from one heap; whoever
 * takes the last stone wins. Action h*16 + k-1 takes k stones from heap h,
 * written "h-k" with heaps counted from 1 ("4-7": seven stones from heap 4).
 *
 * The observation is a protobuf message, encoded by hand here (a game in the
 * tree has a proto/games/<game>.proto and generated code instead):
 *     message Observation { repeated uint32 heaps = 1 [packed = true]; int32 to_move = 2; }
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <arena/module_kit.h>

#define NIM_MAX 8 /* heaps; heap h starts with 2h+1 stones, at most 15 */

struct arena_game {
    int heaps;
    char options[32];
};
struct arena_state { /* flat: the arena copies it with memcpy */
    int8_t heaps, to_move, winner, stones[NIM_MAX];
};

static const arena_opt opt_table[] = {{.key = "heaps", .def = 4, .lo = 1, .hi = NIM_MAX}};
static const arena_opts opts = {.game = "nim", .opt = opt_table, .count = 1};

static arena_game *game_new(const char *text, char *err, size_t errlen)
{
    int v[1];
    if (arena_opts_parse(&opts, text, v, err, errlen) < 0) return NULL;
    arena_game *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->heaps = v[0];
    arena_opts_format(&opts, v, g->options, sizeof g->options);
    return g;
}

static const char *game_options(const arena_game *g)
{
    return g->options;
}
static int num_players(const arena_game *g)
{
    return (void)g, 2;
}
static int32_t num_actions(const arena_game *g)
{
    return g->heaps * 16;
}
static int max_game_length(const arena_game *g)
{
    return g->heaps * g->heaps;
} /* all stones */
static size_t state_size(const arena_game *g)
{
    return (void)g, sizeof(arena_state);
}

static arena_state *state_new(const arena_game *g)
{
    arena_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->heaps = (int8_t)g->heaps;
    s->winner = -1;
    for (int h = 0; h < g->heaps; h++)
        s->stones[h] = (int8_t)(2 * h + 1);
    return s;
}

static arena_state *state_clone(const arena_state *s)
{
    return arena_flat_clone(s, sizeof *s);
}

static int current_player(const arena_state *s)
{
    return s->winner >= 0 ? ARENA_TERMINAL : s->to_move;
}

static int legal_actions(const arena_state *s, int32_t *out, int cap)
{
    int n = 0; /* ascending: heap by heap, fewest stones first */
    for (int h = 0; h < s->heaps && s->winner < 0; h++)
        for (int k = 1; k <= s->stones[h]; k++, n++)
            if (n < cap) out[n] = h * 16 + k - 1;
    return n;
}

static int apply(arena_state *s, int32_t a)
{
    int h = a / 16, k = a % 16 + 1;
    if (s->winner >= 0 || a < 0 || h >= s->heaps || k > s->stones[h]) return -1;
    s->stones[h] = (int8_t)(s->stones[h] - k);
    int left = 0;
    for (int i = 0; i < s->heaps; i++)
        left += s->stones[i];
    if (left == 0) s->winner = s->to_move;
    s->to_move = (int8_t)(1 - s->to_move);
    return 0;
}

static void returns(const arena_state *s, double *out)
{
    arena_returns_two(out, s->winner);
}
static const char *end_reason(const arena_state *s)
{
    return (void)s, "last stone";
}

static size_t observation(const arena_state *s, int seat, uint8_t *buf, size_t cap)
{
    (void)seat;                                         /* everyone sees everything */
    uint8_t m[4 + NIM_MAX] = {0x0a, (uint8_t)s->heaps}; /* field 1, packed */
    size_t n = 2;
    for (int h = 0; h < s->heaps; h++)
        m[n++] = (uint8_t)s->stones[h];
    if (s->to_move) m[n++] = 0x10, m[n++] = 1; /* field 2; 0 is not written */
    if (n <= cap) memcpy(buf, m, n);
    return n;
}

static arena_state *state_from_observation(const arena_game *g, const uint8_t *b, size_t len)
{
    if (len < 2 || b[0] != 0x0a || b[1] != g->heaps || len < 2u + b[1]) return NULL;
    size_t rest = len - 2 - b[1];
    if (rest != 0 && (rest != 2 || b[2 + b[1]] != 0x10 || b[3 + b[1]] != 1)) return NULL;
    arena_state *s = state_new(g);
    if (!s) return NULL;
    for (int h = 0; h < g->heaps; h++) {
        if (b[2 + h] > 2 * h + 1) return arena_flat_free(s), NULL;
        s->stones[h] = (int8_t)b[2 + h];
    }
    s->to_move = rest ? 1 : 0;
    int left = 0;
    for (int h = 0; h < g->heaps; h++)
        left += s->stones[h];
    if (left == 0) s->winner = (int8_t)(1 - s->to_move); /* who took the last stone */
    return s;
}

static size_t render(const arena_state *s, int seat, char *buf, size_t cap)
{
    (void)seat;
    arena_text t;
    arena_text_init(&t, buf, cap);
    for (int h = 0; h < s->heaps; h++)
        arena_text_add(&t, "heap %d: %d\n", h + 1, s->stones[h]);
    arena_text_add(&t, s->winner >= 0 ? "seat %d took the last stone\n" : "seat %d to move\n",
                   s->winner >= 0 ? s->winner : s->to_move);
    return arena_text_len(&t);
}

static size_t action_name(const arena_state *s, int32_t a, char *buf, size_t cap)
{
    (void)s;
    char text[16];
    int n = snprintf(text, sizeof text, "%d-%d", a / 16 + 1, a % 16 + 1);
    return arena_text_out(text, (size_t)n, buf, cap);
}

static int parse_action(const arena_state *s, const char *text, int32_t *a)
{
    int h, k, end = 0;
    if (sscanf(text, "%d-%d%n", &h, &k, &end) != 2 || text[end] || h < 1 || h > s->heaps || k < 1 ||
        k > 16)
        return -1;
    *a = (h - 1) * 16 + k - 1;
    return 0;
}

static const arena_rules nim_rules = {
    .abi_version = ARENA_RULES_ABI_VERSION,
    .struct_size = sizeof(arena_rules),
    .name = "nim",
    .version = "1.0",
    .flags = ARENA_GAME_ZERO_SUM,
    .description = "Nim: take stones from one heap, the last stone wins",
    .options_help = "heaps=4  heaps of 1, 3, 5, ... stones (1..8)",
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
    .legal_actions = legal_actions,
    .apply = apply,
    .chance_outcomes = arena_no_chance,
    .returns = returns,
    .end_reason = end_reason,
    .observation = observation,
    .render = render,
    .action_name = action_name,
    .parse_action = parse_action,
    .state_from_observation = state_from_observation,
};

ARENA_EXPORT const arena_rules *arena_rules_entry(void)
{
    return &nim_rules;
}
