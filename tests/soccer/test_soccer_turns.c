/* test_soccer_turns.c -- the whole-turn generator of rules/soccer/turns.c
 * against a brute-force walk of every step sequence through the rule module:
 * the same turns, each exactly once (one per drawn set and end point): every
 * generated turn is played through the module and must end where one of the
 * brute-force turns ends, no two generated turns end alike, and there are as
 * many as brute force found. */
#include <stdlib.h>
#include <string.h>

#include "arena/sdk.h"
#include "soccer.h"
#include "soccer_test.h"
#include "soccer_turns.h"

/* The distinct ends of the turns from s: the bytes of the drawn mask and the
 * ball, kept in a small open set. */
typedef struct ends {
    uint64_t *keys;
    size_t cap, n;
    long paths;
} ends;

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001B3ull;
    return h;
}

static uint64_t end_key(const arena_state *s)
{
    uint64_t h = fnv(s->mask, (size_t)so_num_points(&s->dims), 0xCBF29CE484222325ull);
    return fnv(&s->ball_x, 2, h) | 1;
}

/* The slot of key h: where it is, or the empty slot where it would go. */
static size_t slot(const ends *e, uint64_t h)
{
    size_t i = h & (e->cap - 1);
    while (e->keys[i] && e->keys[i] != h)
        i = (i + 1) & (e->cap - 1);
    return i;
}

/* Adds the end of s; returns 0 when it was already there. */
static int add_end(ends *e, const arena_state *s)
{
    uint64_t h = end_key(s);
    size_t i = slot(e, h);
    if (e->keys[i]) return 0;
    e->n++;
    e->keys[i] = h;
    return 1;
}

static int has_end(const ends *e, const arena_state *s)
{
    return e->keys[slot(e, end_key(s))] != 0;
}

static void clear_ends(ends *e)
{
    memset(e->keys, 0, sizeof(uint64_t) * e->cap);
    e->n = 0;
    e->paths = 0;
}

/* Plays generated turn i from s through the module: every step legal, the
 * turn passing to the opponent (or ending the game) at its last step and not
 * before. Returns the state after it. */
static arena_state *play_generated(const arena_rules *r, const arena_state *s,
                                   const sb_turns *turns, int i)
{
    arena_state *c = r->state_clone(s);
    int seat = r->current_player(s);
    const uint8_t *steps = sb_turn_steps(turns, i);
    for (int k = 0; k < turns->turn[i].len; k++) {
        REQUIRE(r->current_player(c) == seat, "turn %d: step %d after the turn ended", i, k);
        REQUIRE(r->apply(c, steps[k]) == 0, "turn %d: step %d (%d) refused", i, k, steps[k]);
    }
    REQUIRE(r->current_player(c) != seat, "turn %d: the mover still has to move", i);
    return c;
}

/* Every step sequence of the side to move in s, through the module. */
static void brute(const arena_rules *r, const arena_state *s, int seat, ends *e)
{
    int32_t legal[8];
    int n = r->legal_actions(s, legal, 8);
    for (int i = 0; i < n && e->paths < 20000; i++) {
        arena_state *c = r->state_clone(s);
        r->apply(c, legal[i]);
        if (r->current_player(c) == seat)
            brute(r, c, seat, e);
        else
            e->paths++, (void)add_end(e, c);
        r->state_free(c);
    }
}

START_TEST(generator_matches_brute_force)
{
    soccer t;
    soccer_open(&t, _i ? "width=6,height=8,goal=4" : NULL);
    so_dims dims;
    so_options_parse(t.r->game_options(t.g), &dims, NULL, 0);
    sb_geo *geo = sb_geo_new(&dims);
    sb_turns turns;
    sb_turns_init(&turns);
    ends e = {.keys = malloc(sizeof(uint64_t) << 16), .cap = 1u << 16};
    ends seen = {.keys = malloc(sizeof(uint64_t) << 16), .cap = 1u << 16};
    arena_rng rng;
    arena_rng_seed(&rng, 5);
    int32_t legal[8];
    uint8_t obs[8192];
    int compared = 0, max_turns = 0;
    for (int game = 0; game < 40; game++) {
        arena_state *s = t.r->state_new(t.g);
        while (t.r->current_player(s) >= 0) {
            if (s->turn_len == 0) { /* the start of a turn: compare */
                clear_ends(&e);
                brute(t.r, s, s->to_move, &e);
                sb_pos pos;
                size_t n = t.r->observation(s, -1, obs, sizeof obs);
                REQUIRE(sb_pos_from_observation(geo, obs, n, &pos) == 0, "observation");
                sb_pos before = pos;
                sb_budget budget = {.max_nodes = 200000}; /* some positions have millions */
                int found = sb_generate(geo, &pos, &turns, 0, &budget);
                REQUIRE(memcmp(&before, &pos, sizeof pos) == 0, "position not restored");
                if (e.paths < 20000 && !turns.truncated) {
                    REQUIRE((size_t)found == e.n, "game %d step %d: %d turns, brute force %zu",
                            game, s->steps, found, e.n);
                    /* as many, each one of brute force's and no two alike:
                     * the same set of turns */
                    clear_ends(&seen);
                    for (int i = 0; i < found; i++) {
                        arena_state *after = play_generated(t.r, s, &turns, i);
                        REQUIRE(has_end(&e, after), "game %d step %d: turn %d is not a turn", game,
                                s->steps, i);
                        REQUIRE(add_end(&seen, after), "game %d step %d: turn %d listed twice",
                                game, s->steps, i);
                        t.r->state_free(after);
                    }
                    compared++;
                    if (found > max_turns) max_turns = found;
                }
            }
            int k = t.r->legal_actions(s, legal, 8);
            t.r->apply(s, legal[arena_rng_below(&rng, (uint32_t)k)]);
        }
        t.r->state_free(s);
    }
    ck_assert_int_gt(compared, 300);
    ck_assert_int_gt(max_turns, 20); /* positions with real bounce chains were met */
    free(e.keys);
    free(seen.keys);
    sb_turns_free(&turns);
    sb_geo_free(geo);
    soccer_close(&t);
}
END_TEST

/* Playing and undoing every generated turn restores the position and key. */
START_TEST(play_undo_restores)
{
    so_dims dims = {8, 10, 2};
    sb_geo *geo = sb_geo_new(&dims);
    sb_turns turns;
    sb_turns_init(&turns);
    sb_pos pos;
    sb_pos_start(geo, &pos);
    arena_rng rng;
    arena_rng_seed(&rng, 11);
    sb_budget unlimited = {0};
    for (int turn = 0; turn < 60; turn++) {
        int n = sb_generate(geo, &pos, &turns, SB_NO_LOSSES, &unlimited);
        if (n == 0 || turns.n_wins) break;
        sb_pos before = pos;
        for (int i = 0; i < n; i++) {
            if (turns.turn[i].result != SB_PASS) continue;
            sb_play_turn(geo, &pos, sb_turn_steps(&turns, i), turns.turn[i].len);
            REQUIRE(pos.ball == turns.turn[i].end, "turn %d ends elsewhere", i);
            sb_undo_turn(geo, &pos, before.ball, before.key, sb_turn_steps(&turns, i),
                         turns.turn[i].len);
            REQUIRE(memcmp(&before, &pos, sizeof pos) == 0, "turn %d not undone", i);
        }
        int pick = (int)arena_rng_below(&rng, (uint32_t)n);
        if (turns.turn[pick].result != SB_PASS) break;
        sb_play_turn(geo, &pos, sb_turn_steps(&turns, pick), turns.turn[pick].len);
    }
    sb_turns_free(&turns);
    sb_geo_free(geo);
}
END_TEST

void soccer_add_turns(Suite *s)
{
    TCase *tc = tcase_create("turns");
    tcase_set_timeout(tc, 300); /* ASan on a loaded machine needs it */
    tcase_add_loop_test(tc, generator_matches_brute_force, 0, 2);
    tcase_add_test(tc, play_undo_restores);
    suite_add_tcase(s, tc);
}
